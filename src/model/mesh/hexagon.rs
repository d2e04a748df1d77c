//! Regular hexagons of equilateral triangles, numbered ring by ring (the parachute canopy).

use super::error::MeshError;
use super::params::{count_in, positive_length};
use super::trimesh::TriMesh;
use crate::math::Vec3;
use std::collections::HashMap;

/// The triangular lattice of a hexagon with `n` rings, in axial coordinates `(q, r)` (node at
/// `q e₁ + r e₂`, `e₁ = (1, 0)`, `e₂ = (½, √3/2)`, in units of the triangle side).
///
/// Nodes come ring by ring: the centre, then ring `k = 1..n` of `6k` nodes, counter-clockwise
/// from its corner on the `+x` axis; for each node its ring `k` and position `s ∈ [0, 6k)`
/// along it. Triangles are counter-clockwise about `+z`, listed row by row (`r`, then `q`).
pub(super) struct HexLattice {
    /// Axial coordinates of the nodes.
    pub axial: Vec<(i64, i64)>,
    /// Ring and position along the ring of each node.
    pub ring: Vec<(usize, usize)>,
    /// Triangles.
    pub triangles: Vec<[u32; 3]>,
}

impl HexLattice {
    pub fn new(n: usize) -> Self {
        let n = n as i64;
        let mut axial = vec![(0, 0)];
        let mut ring = vec![(0, 0)];
        // Corners of ring k, counter-clockwise from +x: k × these.
        let corners = [(1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1)];
        for k in 1..=n {
            let mut s = 0;
            for m in 0..6 {
                let (a, b) = (corners[m], corners[(m + 1) % 6]);
                for step in 0..k {
                    axial.push((k * a.0 + step * (b.0 - a.0), k * a.1 + step * (b.1 - a.1)));
                    ring.push((k as usize, s));
                    s += 1;
                }
            }
        }
        let index: HashMap<(i64, i64), u32> = axial
            .iter()
            .enumerate()
            .map(|(i, &p)| (p, i as u32))
            .collect();
        let at = |q: i64, r: i64| index.get(&(q, r)).copied();
        // Each lattice triangle is anchored at one point p (which may lie outside the
        // hexagon): "up" (p, p + e₁, p + e₂) and "down" (p + e₁, p + e₁ + e₂, p + e₂); it is
        // kept if its three nodes are in the hexagon (which is convex).
        let mut triangles = Vec::with_capacity((6 * n * n) as usize);
        for r in -n - 1..=n {
            for q in -n - 1..=n {
                if let (Some(a), Some(b), Some(c)) = (at(q, r), at(q + 1, r), at(q, r + 1)) {
                    triangles.push([a, b, c]);
                }
                if let (Some(a), Some(b), Some(c)) = (at(q + 1, r), at(q + 1, r + 1), at(q, r + 1))
                {
                    triangles.push([a, b, c]);
                }
            }
        }
        Self {
            axial,
            ring,
            triangles,
        }
    }
}

/// A flat regular hexagon of side `side` (m) centred at the origin in the plane `z = 0`, with
/// corners on the `±x` axis, meshed by equilateral triangles of side `side / rings`.
///
/// Nodes are numbered ring by ring: the centre (node 0), then ring `k = 1..rings` of `6k`
/// nodes at hexagonal "radius" `k side / rings`, counter-clockwise from its corner on the
/// `+x` axis; the outer ring is the boundary. Normals point to `+z`.
///
/// Counts: `V = 3 n (n + 1) + 1` nodes, `T = 6 n²` triangles, `E = 3 n (3 n + 1)` edges of
/// which `6 n` on the boundary and `9 n² − 3 n` interior (hinges), for `n = rings`.
/// Area `(3√3/2) side²`; Euler characteristic 1.
pub fn hexagon(side: f64, rings: usize) -> Result<TriMesh, MeshError> {
    positive_length("hexagon", "side", side)?;
    count_in(
        "hexagon",
        "rings",
        rings,
        1,
        10_000,
        "use 1 to 10 000 rings (each ring adds a band of triangles of side `side / rings`)",
    )?;
    let lattice = HexLattice::new(rings);
    let h = side / rings as f64;
    let (ex, ey) = (
        Vec3::new(h, 0.0, 0.0),
        Vec3::new(0.5 * h, 0.5 * 3f64.sqrt() * h, 0.0),
    );
    let mesh = TriMesh {
        nodes: lattice
            .axial
            .iter()
            .map(|&(q, r)| q as f64 * ex + r as f64 * ey)
            .collect(),
        triangles: lattice.triangles,
    };
    mesh.validate()?;
    Ok(mesh)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::mesh::MeshTopology;

    #[test]
    fn counts_area_rings_and_equilateral_triangles() {
        for n in [1, 2, 5, 12] {
            let a = 1.5;
            let m = hexagon(a, n).unwrap();
            assert_eq!(m.n_nodes(), 3 * n * (n + 1) + 1);
            assert_eq!(m.n_triangles(), 6 * n * n);
            let area = 1.5 * 3f64.sqrt() * a * a;
            assert!((m.total_area() - area).abs() < 1e-12 * area, "n = {n}");
            assert_eq!(m.euler_characteristic(), 1);
            let topo = MeshTopology::new(&m).unwrap();
            assert_eq!(topo.n_edges(), 3 * n * (3 * n + 1));
            assert_eq!(topo.boundary_edges.len(), 6 * n);
            assert_eq!(topo.hinges.len(), 9 * n * n - 3 * n);
            // Every edge has the lattice length; every normal is +z.
            let h = a / n as f64;
            assert!(
                topo.edge_lengths_at(&m.nodes)
                    .iter()
                    .all(|l| (l - h).abs() < 1e-12)
            );
            assert!(m.normals().iter().all(|v| (v - Vec3::z()).norm() < 1e-12));
            // Ring k lies on the hexagon of "radius" k h: node 1 + 3k(k-1) is its +x corner,
            // and the boundary edges join outer-ring nodes only.
            for k in 1..=n {
                let corner = 1 + 3 * k * (k - 1);
                assert!((m.nodes[corner] - Vec3::new(k as f64 * h, 0.0, 0.0)).norm() < 1e-12);
            }
            let first_outer = 1 + 3 * n * (n - 1);
            for &e in &topo.boundary_edges {
                let [p, q] = topo.edges[e as usize].nodes;
                assert!(p as usize >= first_outer && q as usize >= first_outer);
            }
        }
    }

    #[test]
    fn bad_parameters_are_named() {
        assert!(hexagon(0.0, 2).is_err());
        let e = hexagon(1.0, 0).unwrap_err();
        assert!(
            e.to_string()
                .starts_with("hexagon: `rings` must be between 1 and 10000, got 0")
        );
    }
}
