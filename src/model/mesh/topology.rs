//! Connectivity of a valid mesh for the shell elements: unique edges with their one or two
//! triangles and orientation signs, hinges (interior edges with their opposite vertices),
//! boundary edges, and the triangles around each node.

use super::edges::EdgeUses;
use super::error::MeshError;
use super::trimesh::TriMesh;
use crate::math::{Vec3, signed_angle};

/// One triangle on one side of an edge.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EdgeSide {
    /// The triangle (0-based).
    pub triangle: u32,
    /// The edge's local index in it (from corner `local` to corner `local + 1 mod 3`).
    pub local: u8,
    /// `+1` if the triangle traverses the edge in its stored direction, `−1` otherwise.
    pub sign: i8,
}

/// A unique undirected edge of the mesh.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Edge {
    /// Its nodes, in the direction its first triangle traverses it.
    pub nodes: [u32; 2],
    /// Its first triangle (sign `+1`).
    pub first: EdgeSide,
    /// Its second triangle (sign `−1` in a consistently oriented mesh); `None` on the boundary.
    pub second: Option<EdgeSide>,
}

impl Edge {
    /// Whether the edge borders only one triangle.
    pub fn is_boundary(&self) -> bool {
        self.second.is_none()
    }

    /// Its one or two triangles.
    pub fn sides(&self) -> impl Iterator<Item = EdgeSide> + '_ {
        std::iter::once(self.first).chain(self.second)
    }
}

/// An interior edge with its two triangles: the stencil of hinge bending.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Hinge {
    /// The edge (index into [`MeshTopology::edges`]).
    pub edge: u32,
    /// `[x₀, x₁, x₂, x₃]`: the edge `x₀ → x₁` and the opposite vertices `x₂` (first triangle
    /// `(x₀, x₁, x₂)`) and `x₃` (second triangle `(x₁, x₀, x₃)`), both up to cyclic order.
    pub nodes: [u32; 4],
    /// The first and second triangles.
    pub triangles: [u32; 2],
}

impl Hinge {
    /// Signed dihedral (bending) angle `θ ∈ (−π, π]` (rad) in configuration `x`: the angle from
    /// the first triangle's normal `n₀ = (x₁ − x₀) × (x₂ − x₀)` to the second's
    /// `n₁ = (x₃ − x₀) × (x₁ − x₀)`, about the edge `x₁ − x₀`.
    ///
    /// Zero for a flat hinge; positive when the hinge folds away from the normal side (a ridge
    /// seen from the side the normals point to, as on a convex closed surface with outward
    /// normals); negative for a valley. Independent of which triangle is called first.
    pub fn dihedral_angle(&self, x: &[Vec3]) -> f64 {
        let [x0, x1, x2, x3] = self.nodes.map(|i| x[i as usize]);
        let e = x1 - x0;
        let n0 = e.cross(&(x2 - x0));
        let n1 = (x3 - x0).cross(&e);
        signed_angle(&n0, &n1, &e)
    }
}

/// The connectivity of a valid mesh.
///
/// Conventions:
///
/// * **local edge** `k ∈ {0, 1, 2}` of triangle `(v₀, v₁, v₂)` runs from `v_k` to
///   `v_{k+1 mod 3}`; its opposite vertex is `v_{k+2 mod 3}`;
/// * **edges** are numbered in order of first appearance (triangles in order, local edges 0,
///   1, 2), and stored in the direction their first triangle traverses them;
/// * the **sign** of an edge in a triangle is `+1` if the triangle traverses it in its stored
///   direction and `−1` otherwise. In a consistently oriented mesh the first triangle of every
///   edge has `+1` and the second `−1` (the ownership sign `s` of the mid-edge normal in
///   MAT-DiSMech's shell bending);
/// * a **hinge** `[x₀, x₁, x₂, x₃]` has the edge `x₀ → x₁` as traversed by its first triangle
///   `(x₀, x₁, x₂)`, and `x₃` the opposite vertex in the second triangle `(x₁, x₀, x₃)`.
#[derive(Debug, Clone, PartialEq)]
pub struct MeshTopology {
    /// Unique undirected edges, in order of first appearance.
    pub edges: Vec<Edge>,
    /// Per triangle, its three edges by local index (edge `k` from corner `k` to `k + 1`).
    pub triangle_edges: Vec<[u32; 3]>,
    /// The interior edges as hinges, in edge order.
    pub hinges: Vec<Hinge>,
    /// Indices of the boundary edges (one triangle), in edge order.
    pub boundary_edges: Vec<u32>,
    /// Per node, the triangles that use it, ascending.
    pub node_triangles: Vec<Vec<u32>>,
}

impl MeshTopology {
    /// The topology of `mesh`, after validating it (the hinges and signs are only meaningful
    /// on a manifold, consistently oriented mesh).
    pub fn new(mesh: &TriMesh) -> Result<Self, MeshError> {
        mesh.validate()?;
        let uses = EdgeUses::new(&mesh.triangles);
        let side = |u: &super::edges::EdgeUse| EdgeSide {
            triangle: u.triangle,
            local: u.local,
            sign: if u.forward { 1 } else { -1 },
        };
        let mut edges = Vec::with_capacity(uses.edges.len());
        let mut hinges = Vec::new();
        let mut boundary_edges = Vec::new();
        for (e, (&nodes, u)) in uses.edges.iter().zip(&uses.uses).enumerate() {
            let edge = Edge {
                nodes,
                first: side(&u[0]),
                second: u.get(1).map(side),
            };
            match edge.second {
                None => boundary_edges.push(e as u32),
                Some(second) => {
                    let opposite = |s: EdgeSide| {
                        mesh.triangles[s.triangle as usize][(s.local as usize + 2) % 3]
                    };
                    hinges.push(Hinge {
                        edge: e as u32,
                        nodes: [nodes[0], nodes[1], opposite(edge.first), opposite(second)],
                        triangles: [edge.first.triangle, second.triangle],
                    });
                }
            }
            edges.push(edge);
        }
        let mut node_triangles = vec![Vec::new(); mesh.nodes.len()];
        for (t, tri) in mesh.triangles.iter().enumerate() {
            for &i in tri {
                node_triangles[i as usize].push(t as u32);
            }
        }
        Ok(Self {
            edges,
            triangle_edges: uses.triangle_edges,
            hinges,
            boundary_edges,
            node_triangles,
        })
    }

    /// Number of unique edges `E`.
    pub fn n_edges(&self) -> usize {
        self.edges.len()
    }

    /// Number of interior edges (hinges).
    pub fn n_interior_edges(&self) -> usize {
        self.hinges.len()
    }

    /// The sign (`±1`) of local edge `k` of triangle `t` (see [`MeshTopology`]).
    pub fn edge_sign(&self, t: usize, k: usize) -> i8 {
        let e = &self.edges[self.triangle_edges[t][k] as usize];
        if e.first.triangle as usize == t {
            e.first.sign
        } else {
            e.second.map_or(0, |s| s.sign)
        }
    }

    /// Lengths of the edges (m) in configuration `x` (the rest lengths at `mesh.nodes`).
    pub fn edge_lengths_at(&self, x: &[Vec3]) -> Vec<f64> {
        self.edges
            .iter()
            .map(|e| (x[e.nodes[1] as usize] - x[e.nodes[0] as usize]).norm())
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two triangles sharing the diagonal 0–2 of the unit square.
    fn square() -> TriMesh {
        TriMesh::from_arrays(
            &[
                [0.0, 0.0, 0.0],
                [1.0, 0.0, 0.0],
                [1.0, 1.0, 0.0],
                [0.0, 1.0, 0.0],
            ],
            &[[0, 1, 2], [0, 2, 3]],
        )
        .unwrap()
    }

    #[test]
    fn square_edges_signs_and_hinge() {
        let m = square();
        let topo = MeshTopology::new(&m).unwrap();
        assert_eq!(topo.n_edges(), 5);
        let nodes: Vec<[u32; 2]> = topo.edges.iter().map(|e| e.nodes).collect();
        assert_eq!(nodes, vec![[0, 1], [1, 2], [2, 0], [2, 3], [3, 0]]);
        assert_eq!(topo.boundary_edges, vec![0, 1, 3, 4]);
        assert_eq!(topo.triangle_edges, vec![[0, 1, 2], [2, 3, 4]]);
        assert_eq!(topo.hinges.len(), 1);
        let h = topo.hinges[0];
        assert_eq!(h.nodes, [2, 0, 1, 3]);
        assert_eq!(h.triangles, [0, 1]);
        assert_eq!(topo.edge_sign(0, 2), 1);
        assert_eq!(topo.edge_sign(1, 0), -1);
        assert_eq!(
            topo.node_triangles,
            vec![vec![0, 1], vec![0], vec![0, 1], vec![1]]
        );
        assert_eq!(h.dihedral_angle(&m.nodes), 0.0);
        let l = topo.edge_lengths_at(&m.nodes);
        assert!((l[2] - 2f64.sqrt()).abs() < 1e-15);
    }

    #[test]
    fn dihedral_sign_ridge_positive_valley_negative() {
        let m = square();
        let topo = MeshTopology::new(&m).unwrap();
        let h = topo.hinges[0];
        // Lift nodes 1 and 3 (the hinge's wings) below the plane: a ridge seen from +z (the
        // normals' side) → positive; above → valley, negative.
        for (dz, sign) in [(-0.3, 1.0), (0.3, -1.0)] {
            let mut x = m.nodes.clone();
            x[1].z += dz;
            x[3].z += dz;
            let theta = h.dihedral_angle(&x);
            assert!(theta * sign > 0.1, "dz = {dz}: θ = {theta}");
            // The same fold described from the other triangle gives the same angle.
            let swapped = Hinge {
                edge: h.edge,
                nodes: [h.nodes[1], h.nodes[0], h.nodes[3], h.nodes[2]],
                triangles: [h.triangles[1], h.triangles[0]],
            };
            assert!((swapped.dihedral_angle(&x) - theta).abs() < 1e-14);
        }
    }

    #[test]
    fn topology_refuses_invalid_meshes() {
        let mut m = square();
        m.triangles[1] = [0, 3, 2];
        assert!(MeshTopology::new(&m).is_err());
    }
}
