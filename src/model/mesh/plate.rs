//! Structured rectangular plates, with a choice of diagonal pattern (for mesh-orientation
//! studies of shell bending).

use super::error::MeshError;
use super::params::{count_in, positive_length};
use super::trimesh::TriMesh;
use crate::math::Vec3;

/// How each rectangular cell of a [`plate`] is split into triangles.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DiagonalPattern {
    /// Every cell split along the same diagonal, from its lower-left to its upper-right corner
    /// (`/`): 2 triangles per cell, a mesh with a preferred direction.
    OneWay,
    /// Diagonals alternating in a checkerboard (`/` where `i + j` is even, `\` where odd, for
    /// cell `(i, j)`): 2 triangles per cell. Every 2 × 2 block of cells forms the
    /// "union-jack" pattern (four diagonals meeting at the block's centre).
    Alternating,
    /// Both diagonals, through an added node at the cell centre: 4 triangles per cell, the
    /// most symmetric pattern (also called "crossed" or "criss-cross").
    Crossed,
}

/// A flat rectangular plate `[0, lx] × [0, ly]` in the plane `z = 0` (m), of `nx × ny`
/// rectangular cells, each split into triangles by `pattern`. Normals point to `+z`.
///
/// Nodes: the grid node `(i, j)` (`0 ≤ i ≤ nx`, `0 ≤ j ≤ ny`) at `(i lx/nx, j ly/ny, 0)` is
/// node `j (nx + 1) + i`; with [`DiagonalPattern::Crossed`], the centre of cell `(i, j)`
/// follows as node `(nx + 1)(ny + 1) + j nx + i`. Triangles are listed cell by cell (`i`
/// fastest).
///
/// | pattern | nodes `V` | triangles `T` | edges `E` | interior edges (hinges) |
/// |---|---|---|---|---|
/// | one-way, alternating | `(nx+1)(ny+1)` | `2 nx ny` | `3 nx ny + nx + ny` | `3 nx ny − nx − ny` |
/// | crossed | `(nx+1)(ny+1) + nx ny` | `4 nx ny` | `6 nx ny + nx + ny` | `6 nx ny − nx − ny` |
///
/// Boundary edges: `2 (nx + ny)`. Area `lx ly`; Euler characteristic `V − E + T = 1`.
pub fn plate(
    lx: f64,
    ly: f64,
    nx: usize,
    ny: usize,
    pattern: DiagonalPattern,
) -> Result<TriMesh, MeshError> {
    const MAX: usize = 10_000;
    let why = "use 1 to 10 000 cells per side";
    positive_length("plate", "lx", lx)?;
    positive_length("plate", "ly", ly)?;
    count_in("plate", "nx", nx, 1, MAX, why)?;
    count_in("plate", "ny", ny, 1, MAX, why)?;
    let (dx, dy) = (lx / nx as f64, ly / ny as f64);
    let mut mesh = TriMesh::default();
    for j in 0..=ny {
        for i in 0..=nx {
            mesh.nodes
                .push(Vec3::new(i as f64 * dx, j as f64 * dy, 0.0));
        }
    }
    let grid = |i: usize, j: usize| (j * (nx + 1) + i) as u32;
    let centres = mesh.nodes.len();
    if pattern == DiagonalPattern::Crossed {
        for j in 0..ny {
            for i in 0..nx {
                mesh.nodes
                    .push(Vec3::new((i as f64 + 0.5) * dx, (j as f64 + 0.5) * dy, 0.0));
            }
        }
    }
    for j in 0..ny {
        for i in 0..nx {
            let (a, b, c, d) = (
                grid(i, j),
                grid(i + 1, j),
                grid(i + 1, j + 1),
                grid(i, j + 1),
            );
            match pattern {
                DiagonalPattern::OneWay => mesh.triangles.extend([[a, b, c], [a, c, d]]),
                DiagonalPattern::Alternating if (i + j) % 2 == 0 => {
                    mesh.triangles.extend([[a, b, c], [a, c, d]])
                }
                DiagonalPattern::Alternating => mesh.triangles.extend([[a, b, d], [b, c, d]]),
                DiagonalPattern::Crossed => {
                    let m = (centres + j * nx + i) as u32;
                    mesh.triangles
                        .extend([[a, b, m], [b, c, m], [c, d, m], [d, a, m]]);
                }
            }
        }
    }
    mesh.validate()?;
    Ok(mesh)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::mesh::MeshTopology;

    const PATTERNS: [DiagonalPattern; 3] = [
        DiagonalPattern::OneWay,
        DiagonalPattern::Alternating,
        DiagonalPattern::Crossed,
    ];

    #[test]
    fn counts_area_euler_and_topology() {
        for pattern in PATTERNS {
            for (nx, ny) in [(1, 1), (3, 2), (7, 5)] {
                let (lx, ly) = (1.3, 0.4);
                let m = plate(lx, ly, nx, ny, pattern).unwrap();
                let crossed = pattern == DiagonalPattern::Crossed;
                let cells = nx * ny;
                let v = (nx + 1) * (ny + 1) + if crossed { cells } else { 0 };
                let t = if crossed { 4 } else { 2 } * cells;
                let e = if crossed { 6 } else { 3 } * cells + nx + ny;
                assert_eq!((m.n_nodes(), m.n_triangles()), (v, t), "{pattern:?}");
                assert!((m.total_area() - lx * ly).abs() < 1e-14, "{pattern:?}");
                assert_eq!(m.euler_characteristic(), 1);
                let topo = MeshTopology::new(&m).unwrap();
                assert_eq!(topo.n_edges(), e);
                assert_eq!(topo.boundary_edges.len(), 2 * (nx + ny));
                assert_eq!(topo.hinges.len(), e - 2 * (nx + ny));
                // Consistent orientation: every normal is +z, every hinge flat.
                assert!(m.normals().iter().all(|n| (n - Vec3::z()).norm() < 1e-15));
                assert!(
                    topo.hinges
                        .iter()
                        .all(|h| h.dihedral_angle(&m.nodes) == 0.0)
                );
                // Masses sum to ρ h A.
                let mass: f64 = m.node_masses(1200.0, 2e-3).iter().sum();
                assert!((mass - 1200.0 * 2e-3 * lx * ly).abs() < 1e-14);
            }
        }
    }

    #[test]
    fn diagonals_follow_the_pattern() {
        // Cell (0, 0) is split by `/` in both one-way and alternating; cell (1, 0) by `\` only
        // in alternating.
        let one = plate(2.0, 1.0, 2, 1, DiagonalPattern::OneWay).unwrap();
        let alt = plate(2.0, 1.0, 2, 1, DiagonalPattern::Alternating).unwrap();
        assert_eq!(
            one.triangles,
            vec![[0, 1, 4], [0, 4, 3], [1, 2, 5], [1, 5, 4]]
        );
        assert_eq!(
            alt.triangles,
            vec![[0, 1, 4], [0, 4, 3], [1, 2, 4], [2, 5, 4]]
        );
        let crossed = plate(1.0, 1.0, 1, 1, DiagonalPattern::Crossed).unwrap();
        assert_eq!(crossed.nodes[4], Vec3::new(0.5, 0.5, 0.0));
    }

    #[test]
    fn bad_parameters_are_named() {
        let e = plate(-1.0, 1.0, 2, 2, DiagonalPattern::OneWay).unwrap_err();
        assert_eq!(
            e.to_string(),
            "plate: `lx` must be a positive finite length (m), got -1\n  help: give `lx` in m, greater than zero"
        );
        assert!(plate(1.0, f64::NAN, 2, 2, DiagonalPattern::OneWay).is_err());
        let e = plate(1.0, 1.0, 0, 2, DiagonalPattern::OneWay).unwrap_err();
        assert!(
            e.to_string()
                .contains("`nx` must be between 1 and 10000, got 0")
        );
    }
}
