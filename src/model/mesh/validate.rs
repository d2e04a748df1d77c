//! Validation of a triangle mesh as a shell: the checks run on every mesh that is loaded,
//! generated or built from inline arrays.

use super::edges::EdgeUses;
use super::error::{MeshDefect, MeshError};
use super::trimesh::TriMesh;
use std::collections::HashMap;

/// Triangles with area below this fraction of the squared mean edge length are degenerate.
pub const DEGENERATE_AREA_RATIO: f64 = 1e-10;

impl TriMesh {
    /// Checks that the mesh is a valid shell mesh; the error is located at the node or
    /// triangle at fault (the file readers relocate it to a line or record of the file).
    ///
    /// Checked in this order, the first failure being returned as a located [`MeshError`]:
    ///
    /// 1. at least one triangle;
    /// 2. finite node coordinates (no NaN or inf);
    /// 3. node indices in range;
    /// 4. three distinct nodes per triangle;
    /// 5. every node used by a triangle. An unreferenced node is an **error**, not a warning: it
    ///    would get no mass and no stiffness, so its rows of the Newton matrix would vanish and
    ///    the solve would fail later with a far less helpful message;
    /// 6. no degenerate triangle: area `A > DEGENERATE_AREA_RATIO · ℓ̄²`, with `ℓ̄` the mean edge
    ///    length of the mesh (a scale-free test: an equilateral triangle of side `ℓ̄` has
    ///    `A ≈ 0.43 ℓ̄²`);
    /// 7. no duplicate triangles (the same three nodes, in any order or orientation);
    /// 8. manifold edges: each edge borders one triangle (boundary) or two (interior);
    /// 9. consistent orientation: the two triangles of an interior edge traverse it in opposite
    ///    directions, so that their normals point to the same side.
    ///
    /// Not checked: self-intersection, and nodes where two fans of triangles touch at a single
    /// point ("bow-tie" vertices), which the shell elements handle like any other node.
    pub fn validate(&self) -> Result<(), MeshError> {
        self.find_defect().map_err(MeshError::invalid)
    }

    /// The first defect found, as [`TriMesh::validate`] checks them.
    pub fn find_defect(&self) -> Result<(), MeshDefect> {
        let n = self.nodes.len();
        if self.triangles.is_empty() {
            return Err(MeshDefect::NoTriangles);
        }
        if let Some(node) = self
            .nodes
            .iter()
            .position(|p| !p.iter().all(|c| c.is_finite()))
        {
            return Err(MeshDefect::NonFiniteNode {
                node,
                position: self.nodes[node].into(),
            });
        }
        for (triangle, t) in self.triangles.iter().enumerate() {
            if let Some(&index) = t.iter().find(|&&i| i as usize >= n) {
                return Err(MeshDefect::IndexOutOfRange {
                    triangle,
                    index: index as i64,
                    n_nodes: n,
                });
            }
        }
        for (triangle, t) in self.triangles.iter().enumerate() {
            let repeated = if t[0] == t[1] || t[0] == t[2] {
                Some(t[0])
            } else if t[1] == t[2] {
                Some(t[1])
            } else {
                None
            };
            if let Some(node) = repeated {
                return Err(MeshDefect::RepeatedNode {
                    triangle,
                    nodes: *t,
                    node,
                });
            }
        }
        let mut used = vec![false; n];
        for t in &self.triangles {
            for &i in t {
                used[i as usize] = true;
            }
        }
        if let Some(node) = used.iter().position(|u| !u) {
            return Err(MeshDefect::UnreferencedNode { node });
        }
        let scale = self.mean_edge_length();
        let threshold = DEGENERATE_AREA_RATIO * scale * scale;
        for (triangle, area) in self.areas().into_iter().enumerate() {
            if area <= threshold {
                return Err(MeshDefect::DegenerateTriangle {
                    triangle,
                    area,
                    threshold,
                });
            }
        }
        let mut seen: HashMap<[u32; 3], usize> = HashMap::with_capacity(self.triangles.len());
        for (triangle, t) in self.triangles.iter().enumerate() {
            let mut key = *t;
            key.sort_unstable();
            if let Some(&first) = seen.get(&key) {
                return Err(MeshDefect::DuplicateTriangle { triangle, first });
            }
            seen.insert(key, triangle);
        }
        let edges = EdgeUses::new(&self.triangles);
        for (e, uses) in edges.uses.iter().enumerate() {
            if uses.len() > 2 {
                return Err(MeshDefect::NonManifoldEdge {
                    edge: edges.edges[e],
                    triangles: uses.iter().map(|u| u.triangle as usize).collect(),
                });
            }
            if let [a, b] = uses.as_slice()
                && a.forward == b.forward
            {
                let [p, q] = edges.edges[e];
                return Err(MeshDefect::InconsistentOrientation {
                    edge: if a.forward { [p, q] } else { [q, p] },
                    first: a.triangle as usize,
                    triangle: b.triangle as usize,
                });
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::mesh::MeshLocation;

    const SQUARE: [[f64; 3]; 4] = [
        [0.0, 0.0, 0.0],
        [1.0, 0.0, 0.0],
        [1.0, 1.0, 0.0],
        [0.0, 1.0, 0.0],
    ];

    fn defect(nodes: &[[f64; 3]], triangles: &[[u32; 3]]) -> MeshDefect {
        let e = TriMesh::from_arrays(nodes, triangles).unwrap_err();
        e.defect().cloned().unwrap()
    }

    #[test]
    fn a_valid_square_passes() {
        TriMesh::from_arrays(&SQUARE, &[[0, 1, 2], [0, 2, 3]]).unwrap();
    }

    #[test]
    fn no_triangles() {
        assert_eq!(defect(&SQUARE, &[]), MeshDefect::NoTriangles);
    }

    #[test]
    fn non_finite_node() {
        let mut nodes = SQUARE;
        nodes[2][1] = f64::NAN;
        let e = TriMesh::from_arrays(&nodes, &[[0, 1, 2], [0, 2, 3]]).unwrap_err();
        assert_eq!(e.location(), MeshLocation::Node(2));
        assert!(matches!(
            e.defect(),
            Some(MeshDefect::NonFiniteNode { node: 2, .. })
        ));
        nodes[2][1] = f64::INFINITY;
        assert!(matches!(
            defect(&nodes, &[[0, 1, 2], [0, 2, 3]]),
            MeshDefect::NonFiniteNode { node: 2, .. }
        ));
    }

    #[test]
    fn index_out_of_range() {
        assert_eq!(
            defect(&SQUARE, &[[0, 1, 2], [0, 2, 4]]),
            MeshDefect::IndexOutOfRange {
                triangle: 1,
                index: 4,
                n_nodes: 4
            }
        );
    }

    #[test]
    fn repeated_node() {
        assert_eq!(
            defect(&SQUARE, &[[0, 1, 2], [0, 2, 2], [0, 2, 3]]),
            MeshDefect::RepeatedNode {
                triangle: 1,
                nodes: [0, 2, 2],
                node: 2
            }
        );
    }

    #[test]
    fn degenerate_triangle() {
        // Node 4 lies on the edge 1–2: triangle (1, 4, 2) has zero area.
        let mut nodes = SQUARE.to_vec();
        nodes.push([1.0, 0.5, 0.0]);
        let d = defect(&nodes, &[[0, 1, 4], [0, 4, 2], [0, 2, 3], [1, 2, 4]]);
        assert!(
            matches!(d, MeshDefect::DegenerateTriangle { triangle: 3, area, .. } if area == 0.0),
            "{d:?}"
        );
        // Nearly collinear (relative height 1e-12) is degenerate too; 1e-6 is not.
        for (h, bad) in [(1e-12, true), (1e-6, false)] {
            let nodes = [[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.5, h, 0.0]];
            let r = TriMesh::from_arrays(&nodes, &[[0, 1, 2]]);
            assert_eq!(r.is_err(), bad, "h = {h}");
        }
    }

    #[test]
    fn duplicate_triangle() {
        // Same node set, either orientation.
        assert_eq!(
            defect(&SQUARE, &[[0, 1, 2], [0, 2, 3], [2, 0, 1]]),
            MeshDefect::DuplicateTriangle {
                triangle: 2,
                first: 0
            }
        );
        assert_eq!(
            defect(&SQUARE, &[[0, 1, 2], [0, 2, 3], [0, 2, 1]]),
            MeshDefect::DuplicateTriangle {
                triangle: 2,
                first: 0
            }
        );
    }

    #[test]
    fn non_manifold_edge() {
        // Three triangles on the edge 0–2 (a "book" of three pages).
        let mut nodes = SQUARE.to_vec();
        nodes.push([0.5, 0.5, 1.0]);
        assert_eq!(
            defect(&nodes, &[[0, 1, 2], [0, 2, 3], [2, 0, 4]]),
            MeshDefect::NonManifoldEdge {
                edge: [2, 0],
                triangles: vec![0, 1, 2]
            }
        );
    }

    #[test]
    fn inconsistent_orientation() {
        let e = TriMesh::from_arrays(&SQUARE, &[[0, 1, 2], [0, 3, 2]]).unwrap_err();
        assert_eq!(
            e.defect(),
            Some(&MeshDefect::InconsistentOrientation {
                edge: [2, 0],
                first: 0,
                triangle: 1
            })
        );
        assert_eq!(
            e.to_string(),
            "triangles 0 and 1 both traverse their common edge 2 → 0: their orientations \
             (normals) disagree\n  help: reverse the order of the nodes of triangle 1 (or of \
             its neighbour), so that all normals point to the same side"
        );
    }

    #[test]
    fn unreferenced_node() {
        let mut nodes = SQUARE.to_vec();
        nodes.push([5.0, 5.0, 0.0]);
        assert_eq!(
            defect(&nodes, &[[0, 1, 2], [0, 2, 3]]),
            MeshDefect::UnreferencedNode { node: 4 }
        );
    }
}
