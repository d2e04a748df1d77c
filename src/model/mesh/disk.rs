//! Circular disks meshed by concentric rings of triangles.

use super::error::MeshError;
use super::hexagon::HexLattice;
use super::params::{count_in, positive_length};
use super::trimesh::TriMesh;
use crate::math::Vec3;
use std::f64::consts::PI;

/// A flat disk of radius `radius` (m) centred at the origin in the plane `z = 0`, meshed by
/// `rings` concentric rings of nearly equilateral triangles.
///
/// The connectivity is that of [`hexagon`](super::hexagon()) with `rings` rings: node 0 at the
/// centre, then ring `k = 1..rings` of `6k` nodes on the circle of radius `k radius / rings`,
/// equally spaced counter-clockwise from the `+x` axis. The outer ring is the boundary; the
/// mesh covers the inscribed regular `6 rings`-gon, of area `3 n R² sin(π/(3n))`, which
/// tends to `π R²` as `O(1/n²)`. Normals point to `+z`.
///
/// Counts: `V = 3 n (n + 1) + 1`, `T = 6 n²`, `E = 3 n (3 n + 1)` (boundary `6 n`, interior
/// `9 n² − 3 n`), for `n = rings`; Euler characteristic 1.
pub fn disk(radius: f64, rings: usize) -> Result<TriMesh, MeshError> {
    positive_length("disk", "radius", radius)?;
    count_in(
        "disk",
        "rings",
        rings,
        1,
        10_000,
        "use 1 to 10 000 rings (the radial mesh size is radius / rings)",
    )?;
    let lattice = HexLattice::new(rings);
    let mesh = TriMesh {
        nodes: lattice
            .ring
            .iter()
            .map(|&(k, s)| {
                if k == 0 {
                    return Vec3::zeros();
                }
                let r = radius * k as f64 / rings as f64;
                let phi = 2.0 * PI * s as f64 / (6 * k) as f64;
                Vec3::new(r * phi.cos(), r * phi.sin(), 0.0)
            })
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
    fn counts_orientation_and_area_convergence() {
        let r = 0.8;
        let mut previous_error = f64::INFINITY;
        for n in [1, 2, 4, 8, 16, 32] {
            let m = disk(r, n).unwrap();
            assert_eq!(m.n_nodes(), 3 * n * (n + 1) + 1);
            assert_eq!(m.n_triangles(), 6 * n * n);
            assert_eq!(m.euler_characteristic(), 1);
            let topo = MeshTopology::new(&m).unwrap();
            assert_eq!(topo.boundary_edges.len(), 6 * n);
            assert_eq!(topo.hinges.len(), 9 * n * n - 3 * n);
            assert!(m.normals().iter().all(|v| (v - Vec3::z()).norm() < 1e-12));
            // The inscribed 6n-gon exactly, converging to πR² at second order.
            let nf = n as f64;
            let polygon = 3.0 * nf * r * r * (PI / (3.0 * nf)).sin();
            assert!((m.total_area() - polygon).abs() < 1e-12);
            let error = PI * r * r - m.total_area();
            assert!(
                error > 0.0 && error < previous_error / 3.5,
                "n = {n}: {error}"
            );
            previous_error = error;
            // Boundary nodes lie on the circle.
            for &e in &topo.boundary_edges {
                for p in topo.edges[e as usize].nodes {
                    assert!((m.nodes[p as usize].norm() - r).abs() < 1e-12);
                }
            }
        }
        assert!(previous_error < 1e-3 * PI * r * r);
    }
}
