//! A rigid body's surface touches a point once, at the closest point of the whole surface:
//! a sphere on a flat face split into two triangles (above their shared diagonal) has one
//! contact, one over a convex edge or corner of a box has one, and a sphere in a concave
//! crease of a rigid surface has one per face it touches.

use catena::contact::{Builtin, Chain, Env, PairMemory, PrimId, RigidFace, SpherePrim};
use catena::math::Vec3;
use catena::model::Model;
use catena::scene::{build_scene, parse_scene};
use std::path::Path;

fn model(mesh: &str) -> Model {
    let src = format!(
        r#"Scene(
        time: (dt: 1e-3, duration: 1.0),
        materials: {{ "m": (youngs_modulus: 1e7, poisson_ratio: 0.3, density: 1000) }},
        spheres: [(name: "s", material: "m", radius: 0.01, center: (0, 0, 2))],
        rigid_bodies: [(name: "wall", material: "m", motion: Fixed, mesh: {mesh})],
    )"#
    );
    let file = Path::new("<rigid contacts>");
    let spec = parse_scene(&src, file).expect("parses");
    build_scene(&spec, &src, file).expect("builds").model
}

/// Triangles of the wall that push the sphere at centre `c`.
fn touching(m: &Model, c: Vec3) -> Vec<u32> {
    let chain = Chain::<Builtin>::parse(
        "Chain(name: \"h\", elements: [Sphere_1_Data, DeformableTriangle_2_Data, \
         Sphere_Triangle, N_Hertz(), AssembleForces])",
        Path::new("h.ron"),
    )
    .unwrap();
    let mut q = m.q.clone();
    let s = &m.bodies.spheres[0];
    q[s.offset..s.offset + 3].copy_from_slice(c.as_slice());
    let v = vec![0.0; q.len()];
    let env = Env {
        model: m,
        q: &q,
        v: &v,
    };
    (0..m.bodies.rigid[0].surface.triangles.len() as u32)
        .filter(|&face| {
            let ctx = chain.evaluate(
                &env,
                PrimId::Sphere(SpherePrim { index: 0 }),
                PrimId::RigidFace(RigidFace { body: 0, face }),
                PairMemory::default(),
                1e-3,
                false,
            );
            !ctx.reject && ctx.force.norm() > 0.0
        })
        .collect()
}

#[test]
fn a_box_is_touched_once_on_a_face_an_edge_and_a_corner() {
    let m = model("Box(size: (0.1, 0.1, 0.1))");
    let r = 0.01 - 1e-5;
    // Top face z = 0.05, on its diagonal (both triangles reach the sphere's foot).
    assert_eq!(touching(&m, Vec3::new(0.01, 0.01, 0.05 + r)).len(), 1);
    // Over the edge x = y = 0.05 at 45°, and over the corner.
    let e = r / 2f64.sqrt();
    assert_eq!(touching(&m, Vec3::new(0.05 + e, 0.0, 0.05 + e)).len(), 1);
    let k = r / 3f64.sqrt();
    assert_eq!(
        touching(&m, Vec3::new(0.05 + k, 0.05 + k, 0.05 + k)).len(),
        1
    );
}

#[test]
fn a_concave_crease_is_touched_by_each_face() {
    // A V-shaped trough of two planes at 90° (an open wall, fixed): its crease along y.
    let m = model(
        "Inline(nodes: [[-0.1, -0.1, 0.1], [-0.1, 0.1, 0.1], [0, -0.1, 0], [0, 0.1, 0], \
         [0.1, -0.1, 0.1], [0.1, 0.1, 0.1]], triangles: [[0, 2, 3], [0, 3, 1], [2, 4, 5], [2, 5, 3]])",
    );
    let r = 0.01 - 1e-5;
    // In the crease, 0.01·√2 above it: touching both faces.
    let t = touching(&m, Vec3::new(0.0, 0.0, r * 2f64.sqrt()));
    assert_eq!(t.len(), 2, "{t:?}");
    // Against one face only, away from the crease.
    let n = Vec3::new(1.0, 0.0, 1.0).normalize();
    assert_eq!(touching(&m, Vec3::new(-0.05, 0.0, 0.05) + n * r).len(), 1);
}
