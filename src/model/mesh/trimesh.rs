//! The triangle mesh: shared nodes and triangles of 0-based node indices, with its geometry at
//! any configuration (areas, normals) and lumped masses.

use super::error::{MeshDefect, MeshError};
use crate::math::Vec3;

/// A triangle mesh with shared nodes: the discretisation of a shell.
///
/// Triangles list three 0-based node indices; their order gives the orientation, with the
/// normal `(x₁ − x₀) × (x₂ − x₀)` (right-hand rule). A valid mesh (see
/// [`TriMesh::validate`]) is manifold and consistently oriented, uses every node, and has no
/// degenerate or duplicate triangle.
///
/// The fields are public so that a mesh can be built or edited freely; the constructors
/// [`TriMesh::from_arrays`] and [`TriMesh::from_rows`], the file readers and the generators
/// return validated meshes only.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct TriMesh {
    /// Node positions (m).
    pub nodes: Vec<Vec3>,
    /// Triangles: three 0-based indices into `nodes` each, counter-clockwise about the normal.
    pub triangles: Vec<[u32; 3]>,
}

impl TriMesh {
    /// A validated mesh from inline arrays: N × 3 node coordinates (m) and T × 3 triangles of
    /// 0-based node indices.
    pub fn from_arrays(nodes: &[[f64; 3]], triangles: &[[u32; 3]]) -> Result<Self, MeshError> {
        let mesh = Self {
            nodes: nodes.iter().map(|p| Vec3::from(*p)).collect(),
            triangles: triangles.to_vec(),
        };
        mesh.validate()?;
        Ok(mesh)
    }

    /// A validated mesh from rows of any length, as a scene file may give them (N rows of
    /// coordinates in m, T rows of 0-based node indices): a row that is not three long, or an
    /// index that is negative or past the last node, is a located error.
    pub fn from_rows(nodes: &[Vec<f64>], triangles: &[Vec<i64>]) -> Result<Self, MeshError> {
        let mut mesh = Self::default();
        for (node, row) in nodes.iter().enumerate() {
            match row.as_slice() {
                &[x, y, z] => mesh.nodes.push(Vec3::new(x, y, z)),
                _ => {
                    return Err(MeshError::invalid(MeshDefect::NodeRow {
                        node,
                        len: row.len(),
                    }));
                }
            }
        }
        for (triangle, row) in triangles.iter().enumerate() {
            let &[a, b, c] = row.as_slice() else {
                return Err(MeshError::invalid(MeshDefect::TriangleRow {
                    triangle,
                    len: row.len(),
                }));
            };
            let mut t = [0u32; 3];
            for (k, index) in [a, b, c].into_iter().enumerate() {
                if index < 0 || index as usize >= nodes.len() {
                    return Err(MeshError::invalid(MeshDefect::IndexOutOfRange {
                        triangle,
                        index,
                        n_nodes: nodes.len(),
                    }));
                }
                t[k] = index as u32;
            }
            mesh.triangles.push(t);
        }
        mesh.validate()?;
        Ok(mesh)
    }

    /// Number of nodes `N`.
    pub fn n_nodes(&self) -> usize {
        self.nodes.len()
    }

    /// Number of triangles `T`.
    pub fn n_triangles(&self) -> usize {
        self.triangles.len()
    }

    /// The three node positions of triangle `t` in configuration `x` (m).
    pub fn corners(&self, x: &[Vec3], t: usize) -> [Vec3; 3] {
        self.triangles[t].map(|i| x[i as usize])
    }

    /// Area vector of triangle `t` in configuration `x`: `½ (x₁ − x₀) × (x₂ − x₀)` (m²), along
    /// the oriented normal, of length the area.
    pub fn area_vector(&self, x: &[Vec3], t: usize) -> Vec3 {
        let [a, b, c] = self.corners(x, t);
        0.5 * (b - a).cross(&(c - a))
    }

    /// Triangle areas (m²) in configuration `x` (`x[i]` is the position of node `i`, m).
    pub fn areas_at(&self, x: &[Vec3]) -> Vec<f64> {
        (0..self.triangles.len())
            .map(|t| self.area_vector(x, t).norm())
            .collect()
    }

    /// Unit normals of the triangles in configuration `x`, oriented by the node order (the
    /// zero vector for a degenerate triangle).
    pub fn normals_at(&self, x: &[Vec3]) -> Vec<Vec3> {
        (0..self.triangles.len())
            .map(|t| {
                let v = self.area_vector(x, t);
                let n = v.norm();
                if n > 0.0 { v / n } else { Vec3::zeros() }
            })
            .collect()
    }

    /// Triangle areas in the mesh's own (rest) configuration (m²).
    pub fn areas(&self) -> Vec<f64> {
        self.areas_at(&self.nodes)
    }

    /// Unit normals in the mesh's own (rest) configuration.
    pub fn normals(&self) -> Vec<Vec3> {
        self.normals_at(&self.nodes)
    }

    /// Total area in the rest configuration (m²).
    pub fn total_area(&self) -> f64 {
        self.areas().iter().sum()
    }

    /// Lumped node masses (kg) of a shell of density `density` (kg/m³) and thickness
    /// `thickness` (m): each triangle's mass `ρ h A` (rest area `A`) is split equally between
    /// its three nodes. They sum to `ρ h A_total`.
    pub fn node_masses(&self, density: f64, thickness: f64) -> Vec<f64> {
        let mut m = vec![0.0; self.nodes.len()];
        for (t, area) in self.areas().into_iter().enumerate() {
            let share = density * thickness * area / 3.0;
            for i in self.triangles[t] {
                m[i as usize] += share;
            }
        }
        m
    }

    /// Mean length of the triangles' edges (m), each edge counted once per triangle: the mesh
    /// scale used by validation. Zero for a mesh without triangles.
    pub fn mean_edge_length(&self) -> f64 {
        if self.triangles.is_empty() {
            return 0.0;
        }
        let sum: f64 = (0..self.triangles.len())
            .map(|t| {
                let [a, b, c] = self.corners(&self.nodes, t);
                (b - a).norm() + (c - b).norm() + (a - c).norm()
            })
            .sum();
        sum / (3 * self.triangles.len()) as f64
    }

    /// Axis-aligned bounding box `(min, max)` of the nodes (m); `None` without nodes.
    pub fn bounding_box(&self) -> Option<(Vec3, Vec3)> {
        let first = *self.nodes.first()?;
        Some(
            self.nodes
                .iter()
                .fold((first, first), |(lo, hi), p| (lo.inf(p), hi.sup(p))),
        )
    }

    /// Moves every node by `offset` (m).
    pub fn translate(&mut self, offset: Vec3) {
        for p in &mut self.nodes {
            *p += offset;
        }
    }

    /// Reverses the orientation of every triangle (swaps its last two nodes), flipping all
    /// normals.
    pub fn flip(&mut self) {
        for t in &mut self.triangles {
            t.swap(1, 2);
        }
    }

    /// `V − E + F`: 2 for a closed sphere-like surface, 1 for a disk-like one.
    pub fn euler_characteristic(&self) -> i64 {
        let mut edges: Vec<(u32, u32)> = self
            .triangles
            .iter()
            .flat_map(|t| (0..3).map(move |k| (t[k].min(t[(k + 1) % 3]), t[k].max(t[(k + 1) % 3]))))
            .collect();
        edges.sort_unstable();
        edges.dedup();
        self.nodes.len() as i64 - edges.len() as i64 + self.triangles.len() as i64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn square() -> TriMesh {
        TriMesh::from_arrays(
            &[
                [0.0, 0.0, 0.0],
                [2.0, 0.0, 0.0],
                [2.0, 1.0, 0.0],
                [0.0, 1.0, 0.0],
            ],
            &[[0, 1, 2], [0, 2, 3]],
        )
        .unwrap()
    }

    #[test]
    fn areas_normals_and_masses() {
        let m = square();
        assert_eq!(m.areas(), vec![1.0, 1.0]);
        assert_eq!(m.normals(), vec![Vec3::z(), Vec3::z()]);
        let masses = m.node_masses(1000.0, 1e-3);
        assert!((masses.iter().sum::<f64>() - 2.0).abs() < 1e-12);
        assert!((masses[0] - 2.0 / 3.0).abs() < 1e-12);
        assert!((masses[1] - 1.0 / 3.0).abs() < 1e-12);
        // Areas at a stretched configuration.
        let x: Vec<Vec3> = m.nodes.iter().map(|p| 2.0 * p).collect();
        assert_eq!(m.areas_at(&x), vec![4.0, 4.0]);
        assert_eq!(m.euler_characteristic(), 1);
        let (lo, hi) = m.bounding_box().unwrap();
        assert_eq!((lo, hi), (Vec3::zeros(), Vec3::new(2.0, 1.0, 0.0)));
    }

    #[test]
    fn flip_reverses_normals() {
        let mut m = square();
        m.flip();
        assert_eq!(m.normals(), vec![-Vec3::z(), -Vec3::z()]);
        m.validate().unwrap();
    }

    #[test]
    fn rows_are_checked() {
        let nodes = vec![vec![0.0, 0.0, 0.0], vec![1.0, 0.0], vec![0.0, 1.0, 0.0]];
        let e = TriMesh::from_rows(&nodes, &[vec![0, 1, 2]]).unwrap_err();
        assert_eq!(e.defect(), Some(&MeshDefect::NodeRow { node: 1, len: 2 }));
        let nodes = vec![
            vec![0.0, 0.0, 0.0],
            vec![1.0, 0.0, 0.0],
            vec![0.0, 1.0, 0.0],
        ];
        let e = TriMesh::from_rows(&nodes, &[vec![0, 1, 2, 3]]).unwrap_err();
        assert_eq!(
            e.defect(),
            Some(&MeshDefect::TriangleRow {
                triangle: 0,
                len: 4
            })
        );
        let e = TriMesh::from_rows(&nodes, &[vec![0, -1, 2]]).unwrap_err();
        assert_eq!(
            e.to_string(),
            "triangle 0 refers to node -1, but the mesh has 3 nodes (valid: 0 to 2)\n  \
             help: node indices are 0-based in inline arrays (OBJ files are 1-based); check the node count"
        );
        let m = TriMesh::from_rows(&nodes, &[vec![0, 1, 2]]).unwrap();
        assert_eq!(m.triangles, vec![[0, 1, 2]]);
    }
}
