//! Closed surface meshes of simple solids, centred at the origin with outward normals: a box
//! and a cylinder (a rigid body's `mesh: Box(…)` or `Cylinder(…)`).

use crate::math::Vec3;
use crate::model::{MeshError, TriMesh};

/// The box `[−a/2, a/2] × [−b/2, b/2] × [−c/2, c/2]` for `size = (a, b, c)` (m): 8 corners,
/// 12 triangles (two per face).
pub fn box_mesh(size: Vec3) -> Result<TriMesh, MeshError> {
    let h = size * 0.5;
    let nodes: Vec<[f64; 3]> = (0..8)
        .map(|i| {
            let s = |bit: usize, v: f64| if i >> bit & 1 == 1 { v } else { -v };
            [s(0, h.x), s(1, h.y), s(2, h.z)]
        })
        .collect();
    // Corner index bits: x = 1, y = 2, z = 4. Each face as two counter-clockwise triangles
    // seen from outside.
    let quads: [[u32; 4]; 6] = [
        [0, 2, 3, 1], // z−
        [4, 5, 7, 6], // z+
        [0, 1, 5, 4], // y−
        [2, 6, 7, 3], // y+
        [0, 4, 6, 2], // x−
        [1, 3, 7, 5], // x+
    ];
    let triangles: Vec<[u32; 3]> = quads
        .iter()
        .flat_map(|q| [[q[0], q[1], q[2]], [q[0], q[2], q[3]]])
        .collect();
    TriMesh::from_arrays(&nodes, &triangles)
}

/// The cylinder of radius `radius` and length `length` (m) about the z axis from `−length/2`
/// to `length/2`, its circles as regular `segments`-gons (at least 3): `2·segments` side
/// triangles and a fan of `segments` triangles on each end cap about its centre node.
pub fn cylinder_mesh(radius: f64, length: f64, segments: usize) -> Result<TriMesh, MeshError> {
    let n = segments.max(3);
    let mut nodes: Vec<[f64; 3]> = Vec::with_capacity(2 * n + 2);
    for z in [-0.5 * length, 0.5 * length] {
        for k in 0..n {
            let a = 2.0 * std::f64::consts::PI * k as f64 / n as f64;
            nodes.push([radius * a.cos(), radius * a.sin(), z]);
        }
    }
    let (bottom, top) = (2 * n as u32, 2 * n as u32 + 1);
    nodes.push([0.0, 0.0, -0.5 * length]);
    nodes.push([0.0, 0.0, 0.5 * length]);
    let mut triangles = Vec::with_capacity(4 * n);
    for k in 0..n as u32 {
        let k1 = (k + 1) % n as u32;
        let (a, b, c, d) = (k, k1, n as u32 + k1, n as u32 + k);
        triangles.push([a, b, c]);
        triangles.push([a, c, d]);
        triangles.push([bottom, b, a]);
        triangles.push([top, d, c]);
    }
    TriMesh::from_arrays(&nodes, &triangles)
}

/// Whether every edge of `mesh` joins exactly two triangles (a closed surface).
pub fn is_closed(mesh: &TriMesh) -> bool {
    crate::model::MeshTopology::new(mesh).is_ok_and(|t| t.boundary_edges.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shapes_are_closed_with_outward_normals() {
        for mesh in [
            box_mesh(Vec3::new(1.0, 2.0, 3.0)).unwrap(),
            cylinder_mesh(0.5, 1.0, 12).unwrap(),
        ] {
            assert!(is_closed(&mesh));
            // Outward: every triangle's normal points away from the (origin) centroid.
            for t in &mesh.triangles {
                let [a, b, c] = t.map(|i| mesh.nodes[i as usize]);
                let n = (b - a).cross(&(c - a));
                assert!(n.dot(&((a + b + c) / 3.0)) > 0.0);
            }
        }
    }
}
