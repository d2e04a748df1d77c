//! `N_T_MeshWeightedResistance`: the node weights, the force against its formula between the
//! nodes of two closed meshes of different valences, its Jacobians against central
//! differences, and what chains and scenes it refuses.

use super::MeshWeightedResistance;
use crate::contact::element::PairMemory;
use crate::contact::{BodyId, Builtin, Chain, ChainElement, Env, PrimId, node_weight};
use crate::math::{Mat3, Vec3};
use crate::model::Model;
use crate::verify::{Rng, check_pair};
use std::path::Path;

/// Node radius (half the shells' thickness, m) and the meshes' size (m).
const RHO: f64 = 1e-3;
const SIZE: f64 = 0.01;
const GAMMA: (f64, f64) = (3.0, 0.7);

/// An octahedron (every node 4-valent) at the origin, node 0 its tip at `(SIZE, 0, 0)`, and a
/// pentagonal bipyramid along x (apexes 5-valent, equator 4-valent), node 0 its apex pointing
/// back at that tip from `gap` (m) beyond it; both of thickness `2 RHO`.
fn two_meshes(gap: f64) -> Model {
    let s = SIZE;
    let octa = format!(
        "nodes: [[{s}, 0, 0], [-{s}, 0, 0], [0, {s}, 0], [0, -{s}, 0], [0, 0, {s}], [0, 0, -{s}]],
         triangles: [[0, 2, 4], [2, 1, 4], [1, 3, 4], [3, 0, 4], [2, 0, 5], [1, 2, 5], [3, 1, 5], [0, 3, 5]]"
    );
    // The bipyramid about z, turned by (X, Y, Z) → (−Z, Y, X): its top apex points to −x.
    let x0 = s + gap + s;
    let mut nodes = vec![format!("[{}, 0, 0]", x0 - s), format!("[{}, 0, 0]", x0 + s)];
    for k in 0..5 {
        let a = 2.0 * std::f64::consts::PI * k as f64 / 5.0;
        nodes.push(format!("[{x0}, {}, {}]", s * a.sin(), s * a.cos()));
    }
    let mut tris = Vec::new();
    for k in 0..5 {
        let (e, f) = (2 + k, 2 + (k + 1) % 5);
        tris.push(format!("[{e}, {f}, 0]"));
        tris.push(format!("[{f}, {e}, 1]"));
    }
    let src = format!(
        "Scene(
            time: (dt: 1e-3, duration: 1.0),
            materials: {{ \"m\": (youngs_modulus: 1e3, poisson_ratio: 0.3, density: 1000) }},
            shells: [
                (name: \"octa\", material: \"m\", thickness: {t}, mesh: Inline({octa})),
                (name: \"bipyramid\", material: \"m\", thickness: {t},
                 mesh: Inline(nodes: [{}], triangles: [{}])),
            ],
        )",
        nodes.join(", "),
        tris.join(", "),
        t = 2.0 * RHO,
    );
    let file = Path::new("two_meshes.ron");
    let spec = crate::scene::parse_scene(&src, file).unwrap();
    crate::scene::build_scene(&spec, &src, file).unwrap().model
}

fn chain() -> Chain {
    Chain::parse(
        &format!(
            "Chain(name: \"mesh\", elements: [Point_1_Data, Point_2_Data, Point_Point,
                N_T_MeshWeightedResistance(gamma_normal: {}, gamma_tangential: {}),
                AssembleForces, AssembleContactMatrix])",
            GAMMA.0, GAMMA.1
        ),
        Path::new("mesh.ron"),
    )
    .unwrap()
}

#[test]
fn node_weights_follow_the_valence() {
    let w = |n| node_weight(n).unwrap();
    assert!((w(6) - 1.0 / 3f64.sqrt()).abs() < 1e-15, "{}", w(6));
    assert!((w(5) - (5f64.sqrt() - 1.0) / 2.0).abs() < 1e-15, "{}", w(5));
    assert!((w(4) - 1.0 / 2f64.sqrt()).abs() < 1e-15, "{}", w(4));
    assert!((w(3) - 1.0).abs() < 1e-15, "{}", w(3));
    // Denser fans weigh less, towards 1/2.
    assert!(w(7) < w(6) && w(12) > 0.5);
    assert_eq!(
        (node_weight(0), node_weight(1), node_weight(2)),
        (None, None, None)
    );
}

#[test]
fn the_valences_come_from_the_meshes() {
    let m = two_meshes(1.5e-3);
    let valence = |s, n| PrimId::shell_node(s, n).mesh_valence(&m);
    assert_eq!(valence(0, 0), Some(4));
    assert_eq!(
        (valence(1, 0), valence(1, 1), valence(1, 2)),
        (Some(5), Some(5), Some(4))
    );
    assert_eq!(PrimId::sphere(0).mesh_valence(&m), None);
}

/// A random state with the octahedron's tip and the bipyramid's apex overlapping by 10–300 µm,
/// moving at up to 0.3 m/s.
fn random_state(m: &Model, rng: &mut Rng) -> (Vec<f64>, Vec<f64>) {
    let mut q = m.q.clone();
    let mut v = vec![0.0; q.len()];
    let (a, b) = (
        m.bodies.shells[0].node_dof(0),
        m.bodies.shells[1].node_dof(0),
    );
    let x1 = rng.vector(0.01);
    let delta = rng.uniform(1e-5, 3e-4);
    let x2 = x1 + rng.direction() * (2.0 * RHO - delta);
    q[a..a + 3].copy_from_slice(x1.as_slice());
    q[b..b + 3].copy_from_slice(x2.as_slice());
    v[a..a + 3].copy_from_slice(rng.vector(0.3).as_slice());
    v[b..b + 3].copy_from_slice(rng.vector(0.3).as_slice());
    (q, v)
}

/// The force is `−w₁₂[γ_n nnᵀ + γ_t(I − nnᵀ)] v_rel` with `w₁₂ = (1/√2 + (√5 − 1)/2)/2`, and its
/// Jacobians match central differences.
#[test]
fn force_and_jacobians_between_nodes_of_valence_4_and_5() {
    let m = two_meshes(1.5e-3);
    let chain = chain();
    let (a, b) = (PrimId::shell_node(0, 0), PrimId::shell_node(1, 0));
    let w12 = 0.5 * (1.0 / 2f64.sqrt() + (5f64.sqrt() - 1.0) / 2.0);
    let mut rng = Rng::new(36);
    for _ in 0..30 {
        let (q, v) = random_state(&m, &mut rng);
        let env = Env {
            model: &m,
            q: &q,
            v: &v,
        };
        let ctx = chain.evaluate(&env, a, b, PairMemory::default(), 1e-3, false);
        let (x1, x2) = (ctx.x[0], ctx.x[1]);
        let n = (x2 - x1).normalize();
        let nn = n * n.transpose();
        let gamma = (nn * GAMMA.0 + (Mat3::identity() - nn) * GAMMA.1) * w12;
        let f: Vec3 = -(gamma * (ctx.v[1] - ctx.v[0]));
        let on2 = Vec3::new(ctx.force[3], ctx.force[4], ctx.force[5]);
        let on1 = Vec3::new(ctx.force[0], ctx.force[1], ctx.force[2]);
        assert!((on2 - f).norm() <= 1e-12 * f.norm(), "{on2} vs {f}");
        assert!((on1 + f).norm() <= 1e-12 * f.norm(), "{on1} vs {f}");
        let c = check_pair(&chain, &m, &q, &v, a, b, PairMemory::default(), 1e-3, 1e-9)
            .expect("the nodes overlap");
        assert!(
            c.dfdx_error < 1e-6 && c.dfdv_error < 1e-6,
            "∂f/∂x error {:e}, ∂f/∂v error {:e}",
            c.dfdx_error,
            c.dfdv_error
        );
    }
}

#[test]
fn chains_of_other_kinds_are_refused() {
    let err = Chain::<Builtin>::parse(
        "Chain(name: \"x\", elements: [Sphere_1_Data, Sphere_2_Data, Sphere_Sphere,
            N_T_MeshWeightedResistance(gamma_normal: 1, gamma_tangential: 1), AssembleForces])",
        Path::new("x.ron"),
    )
    .unwrap_err()
    .to_string();
    assert!(
        err.contains("element 4 `N_T_MeshWeightedResistance`")
            && err.contains("acts on point (rod or shell node) against point")
            && err.contains("sphere against sphere"),
        "{err}"
    );
}

#[test]
fn bodies_that_are_not_closed_meshes_are_refused() {
    let m = two_meshes(1.5e-3);
    let e = MeshWeightedResistance::default();
    let shells = [BodyId::Shell(0), BodyId::Shell(1)];
    assert_eq!(e.check_bodies(&m, [&shells[..1], &shells[1..]]), Ok(()));
    let probe = crate::verify::probe_model();
    // A rod is not a mesh; a one-triangle shell's nodes have one triangle each.
    let r = e
        .check_bodies(&probe, [&[BodyId::Rod(0)], &[BodyId::Rod(1)]])
        .unwrap_err();
    assert_eq!(r.body, Some(BodyId::Rod(0)));
    assert!(
        r.message.contains("rod \"a\" is not a mesh"),
        "{}",
        r.message
    );
    let r = e
        .check_bodies(&probe, [&[BodyId::Shell(0)], &[BodyId::Shell(1)]])
        .unwrap_err();
    assert!(
        r.message.contains("shell \"c\" node 0 has 1 triangle(s)") && r.message.contains("N ≥ 3"),
        "{}",
        r.message
    );
}
