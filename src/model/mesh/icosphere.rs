//! Icospheres: a subdivided icosahedron projected onto a sphere.

use super::error::MeshError;
use super::params::{count_in, positive_length};
use super::trimesh::TriMesh;
use crate::math::Vec3;
use std::collections::HashMap;

/// A closed sphere of radius `radius` (m) centred at the origin: the regular icosahedron with
/// each triangle split `level` times into four (at its edge midpoints), every new node
/// projected onto the sphere. Normals point outwards.
///
/// Counts: `V = 10·4^k + 2` nodes, `T = 20·4^k` triangles, `E = 30·4^k` edges, all interior
/// (no boundary; every edge is a hinge), for `k = level`; Euler characteristic 2. The area,
/// that of the inscribed polyhedron, tends to `4πR²` from below as `O(4^−k)`. Levels 0 to 9.
/// Nodes: the 12 icosahedron vertices first, then the midpoints of each level in order.
pub fn icosphere(radius: f64, level: usize) -> Result<TriMesh, MeshError> {
    positive_length("icosphere", "radius", radius)?;
    count_in(
        "icosphere",
        "level",
        level,
        0,
        9,
        "each level multiplies the triangle count by 4 (level 9: 5 242 880 triangles)",
    )?;
    let t = (1.0 + 5f64.sqrt()) / 2.0;
    let mut nodes: Vec<Vec3> = [
        (-1.0, t, 0.0),
        (1.0, t, 0.0),
        (-1.0, -t, 0.0),
        (1.0, -t, 0.0),
        (0.0, -1.0, t),
        (0.0, 1.0, t),
        (0.0, -1.0, -t),
        (0.0, 1.0, -t),
        (t, 0.0, -1.0),
        (t, 0.0, 1.0),
        (-t, 0.0, -1.0),
        (-t, 0.0, 1.0),
    ]
    .iter()
    .map(|&(x, y, z)| Vec3::new(x, y, z).normalize())
    .collect();
    let mut triangles: Vec<[u32; 3]> = vec![
        [0, 11, 5],
        [0, 5, 1],
        [0, 1, 7],
        [0, 7, 10],
        [0, 10, 11],
        [1, 5, 9],
        [5, 11, 4],
        [11, 10, 2],
        [10, 7, 6],
        [7, 1, 8],
        [3, 9, 4],
        [3, 4, 2],
        [3, 2, 6],
        [3, 6, 8],
        [3, 8, 9],
        [4, 9, 5],
        [2, 4, 11],
        [6, 2, 10],
        [8, 6, 7],
        [9, 8, 1],
    ];
    for _ in 0..level {
        let mut midpoints: HashMap<(u32, u32), u32> =
            HashMap::with_capacity(triangles.len() * 3 / 2);
        let mut mid = |a: u32, b: u32, nodes: &mut Vec<Vec3>| {
            *midpoints.entry((a.min(b), a.max(b))).or_insert_with(|| {
                nodes.push((nodes[a as usize] + nodes[b as usize]).normalize());
                (nodes.len() - 1) as u32
            })
        };
        let mut finer = Vec::with_capacity(4 * triangles.len());
        for [a, b, c] in triangles {
            let ab = mid(a, b, &mut nodes);
            let bc = mid(b, c, &mut nodes);
            let ca = mid(c, a, &mut nodes);
            finer.extend([[a, ab, ca], [b, bc, ab], [c, ca, bc], [ab, bc, ca]]);
        }
        triangles = finer;
    }
    let mesh = TriMesh {
        nodes: nodes.into_iter().map(|p| radius * p).collect(),
        triangles,
    };
    mesh.validate()?;
    Ok(mesh)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::mesh::MeshTopology;
    use std::f64::consts::PI;

    #[test]
    fn counts_closedness_and_area_convergence() {
        let r = 0.25;
        let mut previous_error = f64::INFINITY;
        for k in 0..=5 {
            let m = icosphere(r, k).unwrap();
            let p = 4usize.pow(k as u32);
            assert_eq!(m.n_nodes(), 10 * p + 2);
            assert_eq!(m.n_triangles(), 20 * p);
            assert_eq!(m.euler_characteristic(), 2);
            let topo = MeshTopology::new(&m).unwrap();
            assert_eq!(topo.n_edges(), 30 * p);
            assert!(topo.boundary_edges.is_empty());
            assert_eq!(topo.hinges.len(), 30 * p);
            assert!(m.nodes.iter().all(|x| (x.norm() - r).abs() < 1e-15));
            let error = 4.0 * PI * r * r - m.total_area();
            assert!(
                error > 0.0 && error < previous_error / 3.0,
                "k = {k}: {error}"
            );
            previous_error = error;
            // Outward normals; every hinge bends the same way (a convex ridge: θ > 0).
            let centroid = |t: usize| {
                let [a, b, c] = m.corners(&m.nodes, t);
                (a + b + c) / 3.0
            };
            let normals = m.normals();
            assert!((0..m.n_triangles()).all(|t| normals[t].dot(&centroid(t)) > 0.0));
            assert!(topo.hinges.iter().all(|h| h.dihedral_angle(&m.nodes) > 0.0));
            if k == 0 {
                // The icosahedron's dihedral angle is arccos(−√5/3): its hinges bend by
                // π − that angle.
                let bend = PI - (-(5f64.sqrt()) / 3.0).acos();
                assert!(
                    topo.hinges
                        .iter()
                        .all(|h| (h.dihedral_angle(&m.nodes) - bend).abs() < 1e-12)
                );
            }
        }
        assert!(previous_error < 2e-3 * 4.0 * PI * r * r);
    }

    #[test]
    fn masses_sum_to_rho_h_area() {
        let m = icosphere(2.0, 3).unwrap();
        let masses = m.node_masses(950.0, 1e-3);
        let total: f64 = masses.iter().sum();
        let expected = 950.0 * 1e-3 * m.total_area();
        assert!((total - expected).abs() < 1e-12 * expected);
        assert!(masses.iter().all(|&x| x > 0.0));
    }

    #[test]
    fn bad_parameters_are_named() {
        assert!(icosphere(-1.0, 1).is_err());
        let e = icosphere(1.0, 10).unwrap_err();
        assert!(
            e.to_string()
                .starts_with("icosphere: `level` must be between 0 and 9, got 10")
        );
    }
}
