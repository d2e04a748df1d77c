//! The granular fast paths give what the general paths give:
//!
//! * a chain whose laws do nothing beyond their reach stops after the resolver for a pair
//!   clearly beyond it (no law runs, no memory is kept, the gap is the resolver's), while a
//!   chain with a law that acts beyond its reach (JKR's neck, a bond, a damper) runs whole;
//! * the Krylov solve (block-Jacobi BiCGSTAB) follows the direct LU's trajectory to the Newton
//!   tolerance on a falling, colliding, rotating bed.

use catena::contact::{Chain, PrimId, SpherePrim};
use catena::contact::{Env, PairMemory};
use catena::math::Vec3;
use catena::model::{Material, Model, Sphere};
use catena::scene::{build_scene, parse_scene};
use catena::system::LinearSolverKind;
use std::path::Path;

fn two_spheres(gap: f64) -> Model {
    let mut m = Model::default();
    for (i, x) in [0.0, 0.02 + gap].iter().enumerate() {
        m.add_sphere(
            Sphere::new(
                format!("s{i}"),
                0.01,
                Material::from_poisson(1e7, 0.3, 1000.0),
            ),
            Vec3::new(*x, 0.0, 0.0),
            Vec3::new(if i == 0 { 0.1 } else { -0.1 }, 0.0, 0.0),
        );
    }
    m.finalize();
    m
}

fn chain(laws: &str) -> Chain {
    let text = format!(
        "Chain(name: \"c\", elements: [Sphere_1_Data, Sphere_2_Data, Sphere_Sphere, {laws}, \
         AssembleForces, AssembleContactMatrix])"
    );
    Chain::parse(&text, Path::new("c.ron")).expect("chain")
}

fn s(i: u32) -> PrimId {
    PrimId::Sphere(SpherePrim { index: i })
}

#[test]
fn inert_chains_stop_after_the_resolver_beyond_their_reach() {
    let hertz =
        chain("N_HertzRestitution(restitution: 0.5), T_CundallStrack(mu_s: 0.5, mindlin: true)");
    assert!(hertz.method().inert_beyond_reach);
    for law in [
        "N_JKR(surface_energy: 0.05)",
        "Spring(stiffness: Some(10.0))",
        "LinearDamper(damping: 1.0)",
    ] {
        let c = chain(law);
        assert!(
            !c.method().inert_beyond_reach,
            "{law} acts beyond its reach"
        );
    }
    // 1 mm apart: the gap is the resolver's, nothing else happens.
    let m = two_spheres(1e-3);
    let env = Env {
        model: &m,
        q: &m.q,
        v: &m.v,
    };
    let ctx = hertz.evaluate(&env, s(0), s(1), PairMemory::default(), 1e-4, true);
    assert!((ctx.gap - 1e-3).abs() < 1e-15, "{}", ctx.gap);
    assert!(ctx.force.iter().all(|&f| f == 0.0));
    assert!(!ctx.assemble_forces[0] && !ctx.assemble_forces[1]);
    assert_eq!(ctx.memory.written, 0);
    // Overlapping by 0.1 mm: the laws run, the spheres repel and the spring is kept.
    let m = two_spheres(-1e-4);
    let env = Env {
        model: &m,
        q: &m.q,
        v: &m.v,
    };
    let ctx = hertz.evaluate(&env, s(0), s(1), PairMemory::default(), 1e-4, true);
    assert!(
        ctx.assemble_forces[0] && ctx.force[0] < 0.0,
        "{:?}",
        ctx.force
    );
    assert_ne!(ctx.memory.written, 0);
}

const BED: &str = r#"Scene(
    name: "bed",
    time: (dt: 1e-4, duration: 0.02, integrator: Bdf2),
    materials: { "m": (youngs_modulus: 1e7, poisson_ratio: 0.3, density: 2500) },
    sphere_sets: [(name: "a", material: "m", from: Lattice(
        origin: (0.0015, 0.0015, 0.0012), spacing: 0.0025, counts: (5, 5, 4), radius: 0.001,
        jitter: (0.0003, 0.0003, 0.0002), velocity_jitter: (0.1, 0.1, 0.0), seed: 3))],
    planes: [
        (name: "floor", origin: (0, 0, 0), normal: (0, 0, 1), material: "m"),
        (name: "w", origin: (0, 0, 0), normal: (1, 0, 0), material: "m"),
        (name: "e", origin: (0.0125, 0, 0), normal: (-1, 0, 0), material: "m"),
        (name: "s", origin: (0, 0, 0), normal: (0, 1, 0), material: "m"),
        (name: "n", origin: (0, 0.0125, 0), normal: (0, -1, 0), material: "m"),
    ],
    forces: [Gravity(g: (0, 0, -9.81))],
    contacts: [
        (chain: "CHAINS/granular.ron", first: AllSpheres, second: AllSpheres, keep_distance: 0.0002),
        (chain: "CHAINS/granular_plane.ron", first: AllSpheres, second: AllPlanes, keep_distance: 0.0002),
    ],
)"#;

/// Steps compared: 15 ms, while collisions have amplified the two solves' differences to a few
/// 1e-10 m. They grow about tenfold every 2.5 ms of this bed's collisions (measured: 1e-12 m at
/// 7 ms, 1e-10 at 12 ms, 4e-10 at 15 ms, 4e-8 at 19 ms, 1e-7 at 20 ms), so a longer comparison
/// tests the bed's sensitivity, not the solver.
const STEPS: usize = 150;

fn run_bed(kind: LinearSolverKind) -> (Vec<f64>, u64, bool) {
    let chains = Path::new(env!("CARGO_MANIFEST_DIR")).join("chains");
    let text = BED.replace("CHAINS", chains.to_str().expect("utf-8"));
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("bed.ron");
    let spec = parse_scene(&text, &path).expect("scene");
    let mut built = build_scene(&spec, &text, &path).expect("built");
    built.solver.linear_solver = kind;
    let mut sim = built.into_simulator();
    let mut contacts = 0;
    for _ in 0..STEPS {
        let rep = sim.step().expect("step");
        contacts = contacts.max(rep.contacts.active);
    }
    let iterative = sim.linear_solver().is_iterative();
    assert_eq!(sim.linear_solver().fallbacks, 0);
    (sim.model.q.clone(), contacts, iterative)
}

#[test]
fn the_krylov_solve_follows_the_direct_trajectory() {
    let (direct, contacts, it_d) = run_bed(LinearSolverKind::Direct);
    let (krylov, _, it_k) = run_bed(LinearSolverKind::Iterative);
    assert!(!it_d && it_k);
    // 100 rotating spheres, 15 ms: they hit the floor, the walls and each other.
    assert!(contacts > 30, "{contacts} contacts");
    let diff = direct
        .iter()
        .zip(&krylov)
        .map(|(a, b)| (a - b).abs())
        .fold(0.0, f64::max);
    // The same trajectory (positions and rotation angles) to within the accuracy Newton
    // promises: its step tolerance is 1e-8 m here (no rods), 1e-5 of a radius.
    assert!(diff < 1e-8, "largest difference {diff:e}");
    eprintln!("largest difference between the direct and Krylov trajectories: {diff:.2e}");
}
