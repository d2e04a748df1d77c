//! Exact Jacobians of contact chains on rigid bodies' surfaces: every chain's `∂f/∂x` and
//! `∂f/∂v` on a pair with a free rigid body (its centre of mass and rotation DOFs, the
//! surface turned by a finite rotation from its committed pose) against central differences of
//! its force — a sphere against a rigid triangle (face, edge and vertex regions), a rod node
//! against one, a rod edge against a rigid edge, a rigid vertex on the ground plane, and one
//! rigid body's vertex against another's triangle.

use catena::contact::{
    Builtin, Chain, PairMemory, PrimId, RigidEdge, RigidFace, RigidVertex, RodEdge, RodNode,
    SpherePrim,
};
use catena::math::Vec3;
use catena::model::Model;
use catena::scene::{build_scene, parse_scene};
use catena::verify::check_pair;
use std::path::Path;

fn model() -> Model {
    let src = r#"Scene(
        time: (dt: 1e-3, duration: 1.0),
        materials: { "m": (youngs_modulus: 1e6, poisson_ratio: 0.3, density: 1000) },
        rods: [(name: "r", material: "m", radius: 2e-3,
                geometry: Nodes([(0, 0, 1), (0.03, 0, 1), (0.06, 0, 1)]))],
        spheres: [(name: "s", material: "m", radius: 0.01, center: (0, 0, 2))],
        planes: [(name: "ground", origin: (0, 0, 0), normal: (0, 0, 1))],
        rigid_bodies: [
            (name: "box", material: "m", mesh: Box(size: (0.05, 0.04, 0.03)), translate: (0, 0, 0.5),
             skin: 1e-3),
            (name: "other", material: "m", mesh: Box(size: (0.03, 0.03, 0.03)), translate: (0, 0, 3),
             skin: 1e-3),
        ],
    )"#;
    let file = Path::new("<rigid jacobians>");
    let spec = parse_scene(src, file).expect("parses");
    build_scene(&spec, src, file).expect("builds").model
}

/// The boxes' contact radius (m).
const SKIN: f64 = 1e-3;

fn chain(text: &str) -> Chain<Builtin> {
    Chain::<Builtin>::parse(text, Path::new("c.ron")).expect("chain parses")
}

/// Puts rigid body `b` at centre `c`, rotation DOFs `theta`, velocity `vc` and angular
/// velocity `w` (`state = [c, theta, vc, w]`) into `(q, v)`.
fn pose(m: &Model, b: usize, q: &mut [f64], v: &mut [f64], state: [Vec3; 4]) {
    let [c, theta, vc, w] = state;
    let r = &m.bodies.rigid[b];
    q[r.offset..r.offset + 3].copy_from_slice(c.as_slice());
    q[r.rotation..r.rotation + 3].copy_from_slice(theta.as_slice());
    v[r.offset..r.offset + 3].copy_from_slice(vc.as_slice());
    v[r.rotation..r.rotation + 3].copy_from_slice(w.as_slice());
}

fn assert_exact(name: &str, c: Option<catena::verify::JacobianCheck>) {
    let c = c.unwrap_or_else(|| panic!("{name}: the pair is rejected"));
    assert!(c.force_norm > 0.0, "{name}: no force");
    assert!(
        c.dfdx_error < 2e-5 && c.dfdv_error < 2e-5,
        "{name}: ∂f/∂x error {:e}, ∂f/∂v error {:e}",
        c.dfdx_error,
        c.dfdv_error
    );
}

#[test]
fn a_sphere_against_a_turning_rigid_triangle() {
    let m = model();
    let ch = chain(
        "Chain(name: \"h\", elements: [Sphere_1_Data, DeformableTriangle_2_Data, Sphere_Triangle, \
         N_Hertz(), T_CoulombFriction(mu: 0.4, c_t: 50.0), AssembleForces, AssembleContactMatrix])",
    );
    let b = &m.bodies.rigid[0];
    let s = &m.bodies.spheres[0];
    let face = 2;
    // (barycentric foot, overlap) for the face interior, an edge and a vertex.
    for (k, (l, delta)) in [
        ([0.3, 0.3, 0.4], 2e-4),
        ([0.5, 0.5, 0.0], 1e-4),
        ([1.0, 0.0, 0.0], 5e-5),
    ]
    .into_iter()
    .enumerate()
    {
        let (mut q, mut v) = (m.q.clone(), vec![0.0; m.q.len()]);
        let (c, theta) = (Vec3::new(0.01, -0.02, 0.5), Vec3::new(0.3, -0.5, 0.2));
        pose(
            &m,
            0,
            &mut q,
            &mut v,
            [
                c,
                theta,
                Vec3::new(0.1, 0.0, -0.05),
                Vec3::new(1.0, 2.0, -0.5),
            ],
        );
        let pts = b.surface_points(&q);
        let t = b.surface.triangles[face].map(|i| pts[i as usize]);
        let n = (t[1] - t[0]).cross(&(t[2] - t[0])).normalize();
        let foot = t[0] * l[0] + t[1] * l[1] + t[2] * l[2];
        // Off the face along its normal, tilted outwards at an edge or vertex.
        let out = if k == 0 {
            n
        } else {
            (n + (foot - (t[0] + t[1] + t[2]) / 3.0).normalize()).normalize()
        };
        let centre = foot + out * (s.radius + SKIN - delta);
        q[s.offset..s.offset + 3].copy_from_slice(centre.as_slice());
        v[s.offset..s.offset + 3].copy_from_slice(&[-0.2, 0.05, 0.1]);
        let k_spin = s.spin.unwrap();
        v[k_spin..k_spin + 3].copy_from_slice(&[3.0, -1.0, 2.0]);
        let first = PrimId::Sphere(SpherePrim { index: 0 });
        let second = PrimId::RigidFace(RigidFace {
            body: 0,
            face: face as u32,
        });
        assert_exact(
            &format!("sphere–rigid triangle, region {k}"),
            check_pair(
                &ch,
                &m,
                &q,
                &v,
                first,
                second,
                PairMemory::default(),
                1e-3,
                1e-8,
            ),
        );
    }
}

#[test]
fn a_rod_node_and_a_rod_edge_against_a_rigid_body() {
    let m = model();
    let b = &m.bodies.rigid[0];
    let rod = &m.bodies.rods[0];
    let (mut q, mut v) = (m.q.clone(), vec![0.0; m.q.len()]);
    pose(
        &m,
        0,
        &mut q,
        &mut v,
        [
            Vec3::new(0.0, 0.0, 0.5),
            Vec3::new(-0.2, 0.4, 0.1),
            Vec3::new(0.0, 0.05, 0.0),
            Vec3::new(-0.5, 1.0, 0.3),
        ],
    );
    let pts = b.surface_points(&q);
    // A node 1.5 mm inside the rod's radius above triangle 4.
    let t = b.surface.triangles[4].map(|i| pts[i as usize]);
    let n = (t[1] - t[0]).cross(&(t[2] - t[0])).normalize();
    let foot = (t[0] + t[1] * 2.0 + t[2]) / 4.0;
    let x1 = foot + n * (2e-3 + SKIN - 1.5e-4);
    let d = Vec3::new(0.02, 0.005, 0.001);
    for (i, x) in [x1 - d, x1, x1 + d].iter().enumerate() {
        let k = rod.node_dof(i);
        q[k..k + 3].copy_from_slice(x.as_slice());
        v[k..k + 3].copy_from_slice(&[0.03, -0.01, 0.02]);
    }
    let node = chain(
        "Chain(name: \"n\", elements: [Point_1_Data, DeformableTriangle_2_Data, Point_Triangle, \
         N_LinearForce(stiffness: 1e4, damping: 0.3), T_CoulombFriction(mu: 0.3, c_t: 20.0), \
         AssembleForces, AssembleContactMatrix])",
    );
    assert_exact(
        "rod node–rigid triangle",
        check_pair(
            &node,
            &m,
            &q,
            &v,
            PrimId::RodNode(RodNode { rod: 0, node: 1 }),
            PrimId::RigidFace(RigidFace { body: 0, face: 4 }),
            PairMemory::default(),
            1e-3,
            1e-8,
        ),
    );
    // A rod edge crossing a box edge at 1 mm overlap.
    let e = b.edges[3];
    let (a0, a1) = (pts[e[0] as usize], pts[e[1] as usize]);
    let mid = (a0 + a1) * 0.5;
    let along = (a1 - a0).normalize();
    let centre = Vec3::new(q[b.offset], q[b.offset + 1], q[b.offset + 2]);
    let across = along.cross(&(mid - centre)).normalize();
    let c = mid
        + (mid - centre - along * (mid - centre).dot(&along)).normalize() * (2e-3 + SKIN - 1e-4);
    // Edge 0 of the rod crosses the box's edge at its middle.
    for (i, x) in [c - across * 0.015, c + across * 0.015, c + across * 0.045]
        .iter()
        .enumerate()
    {
        let k = rod.node_dof(i);
        q[k..k + 3].copy_from_slice(x.as_slice());
    }
    let edge = chain(
        "Chain(name: \"e\", elements: [Deformable_Capsule_1_Data, Deformable_Capsule_2_Data, \
         Capsule_Capsule, N_LinearForce(stiffness: 1e4, damping: 0.3), \
         T_CoulombFriction(mu: 0.3, c_t: 20.0), AssembleForces, AssembleContactMatrix])",
    );
    assert_exact(
        "rod edge–rigid edge",
        check_pair(
            &edge,
            &m,
            &q,
            &v,
            PrimId::RodEdge(RodEdge { rod: 0, edge: 0 }),
            PrimId::RigidEdge(RigidEdge { body: 0, edge: 3 }),
            PairMemory::default(),
            1e-3,
            1e-8,
        ),
    );
}

#[test]
fn a_rigid_vertex_on_the_ground_and_against_another_body() {
    let m = model();
    let b = &m.bodies.rigid[0];
    let (mut q, mut v) = (m.q.clone(), vec![0.0; m.q.len()]);
    // Tilted so that vertex 0 is the lowest, 0.2 mm into the ground.
    let theta = Vec3::new(0.4, 0.3, 0.0);
    pose(
        &m,
        0,
        &mut q,
        &mut v,
        [
            Vec3::zeros(),
            theta,
            Vec3::new(0.1, 0.0, -0.2),
            Vec3::new(0.5, -2.0, 1.0),
        ],
    );
    let pts = b.surface_points(&q);
    let lowest = (0..pts.len())
        .min_by(|&i, &j| pts[i].z.total_cmp(&pts[j].z))
        .unwrap();
    q[b.offset + 2] = -pts[lowest].z + SKIN - 2e-4;
    let ground = chain(
        "Chain(name: \"g\", elements: [Point_1_Data, Plane_2_Data, Point_Plane, \
         N_LinearForce(stiffness: 1e5, damping: 2.0), T_CoulombFriction(mu: 0.5, c_t: 100.0), \
         AssembleForces, AssembleContactMatrix])",
    );
    assert_exact(
        "rigid vertex–plane",
        check_pair(
            &ground,
            &m,
            &q,
            &v,
            PrimId::RigidVertex(RigidVertex {
                body: 0,
                vertex: lowest as u32,
            }),
            PrimId::Plane(catena::contact::PlanePrim { index: 0 }),
            PairMemory::default(),
            1e-3,
            1e-8,
        ),
    );
    // Body 1 turned so that its corner 7 points at body 0's triangle 1 (against its outward
    // normal), the corner 0.1 mm into it.
    let o = &m.bodies.rigid[1];
    let t = b.surface.triangles[1].map(|i| b.surface_points(&q)[i as usize]);
    let n = (t[1] - t[0]).cross(&(t[2] - t[0])).normalize();
    let corner = o.surface.nodes[7].normalize();
    let axis = corner.cross(&(-n));
    let turn =
        axis.normalize() * corner.dot(&(-n)).clamp(-1.0, 1.0).acos() + Vec3::new(0.0, 0.0, 0.0);
    // A little off the exact alignment, so that the corner is the only closest feature.
    let turn = turn + Vec3::new(0.02, -0.03, 0.01);
    pose(
        &m,
        1,
        &mut q,
        &mut v,
        [
            Vec3::zeros(),
            turn,
            Vec3::new(-0.1, 0.2, 0.0),
            Vec3::new(0.0, 1.5, -1.0),
        ],
    );
    let foot = (t[0] * 2.0 + t[1] + t[2] * 2.0) / 5.0;
    let vertex = o.surface_points(&q)[7];
    let shift = foot + n * (2.0 * SKIN - 1e-4) - vertex;
    for c in 0..3 {
        q[o.offset + c] += shift[c];
    }
    let rr = chain(
        "Chain(name: \"rr\", elements: [Point_1_Data, DeformableTriangle_2_Data, Point_Triangle, \
         N_LinearForce(stiffness: 1e5, damping: 1.0), T_CoulombFriction(mu: 0.2, c_t: 50.0), \
         AssembleForces, AssembleContactMatrix])",
    );
    assert_exact(
        "rigid vertex–rigid triangle",
        check_pair(
            &rr,
            &m,
            &q,
            &v,
            PrimId::RigidVertex(RigidVertex { body: 1, vertex: 7 }),
            PrimId::RigidFace(RigidFace { body: 0, face: 1 }),
            PairMemory::default(),
            1e-3,
            1e-8,
        ),
    );
}
