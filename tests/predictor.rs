//! The quadratic-extrapolation predictor (`InitialGuess::Extrapolated`) against the inertial
//! one on a turning helix: both converge to the same trajectory (to the Newton tolerance), and
//! the extrapolated start is closer to each step's solution, so Newton needs fewer iterations.
//!
//! The scene: a helix (a = 5 mm, pitch 2 cm, 30 nodes) hanging from two clamped nodes and its
//! first edge turned at ω = 15 rad/s about its axis, in a viscous medium — the drive of the
//! flagella study (seed 001 §4.1) without the fluid coupling. Its nodes turn on circles, which
//! the inertial predictor `qₙ + Δt vₙ` misses by `ω²ρΔt²` and the quadratic one by `O(ω³ρΔt³)`.

use catena::scene::{build_scene, parse_scene};
use catena::system::{InitialGuess, Simulator};
use std::path::Path;

const HELIX: &str = r#"Scene(
    name: "turning_helix",
    time: (dt: 0.001, duration: 1.0),
    solver: (line_search: GoldsteinPrice),
    materials: { "soft": (youngs_modulus: 3e6, poisson_ratio: 0.5, density: 1000) },
    rods: [
        (name: "h", material: "soft", radius: 1e-3,
         geometry: Helix(radius: 0.005, pitch: 0.02, axial_length: 0.03, nodes: 30,
                         axis: (0, 0, -1))),
    ],
    boundary_conditions: [
        Rotate(rod: "h", nodes: [0, 1], edges: [0], axis: (0, 0, 1), center: (0, 0, 0), omega: 15.0),
    ],
    forces: [ViscousDrag(viscosity: 0.1)],
)"#;

fn simulator(guess: InitialGuess) -> Simulator {
    let spec = parse_scene(HELIX, Path::new("turning_helix.ron")).expect("parse");
    let mut sim = build_scene(&spec, HELIX, Path::new("turning_helix.ron"))
        .expect("build")
        .into_simulator();
    sim.settings.initial_guess = guess;
    sim
}

/// Runs `steps` steps; returns (total Newton iterations, first residual of every step).
fn run(sim: &mut Simulator, steps: usize) -> (u32, Vec<f64>) {
    let mut iterations = 0;
    let mut first = Vec::new();
    for _ in 0..steps {
        let report = sim.step().expect("step converges");
        iterations += report.newton.iterations;
        first.push(report.newton.residuals[0]);
    }
    (iterations, first)
}

#[test]
fn extrapolated_start_is_closer_and_converges_to_the_same_trajectory() {
    const STEPS: usize = 120;
    let mut inertial = simulator(InitialGuess::Inertial);
    let mut extrapolated = simulator(InitialGuess::Extrapolated);
    let (it_i, r_i) = run(&mut inertial, STEPS);
    let (it_e, r_e) = run(&mut extrapolated, STEPS);

    // Same trajectory: the two differ only by where Newton starts, each converged to
    // ‖r‖ ≤ 1e-10 N. Compared on node positions (the twist angles are soft: GJ/l ≈ 1e-3 N·m).
    let a = inertial.model.rod_nodes(0, &inertial.model.q);
    let b = extrapolated.model.rod_nodes(0, &extrapolated.model.q);
    let diff = a
        .iter()
        .zip(&b)
        .map(|(x, y)| (x - y).norm())
        .fold(0.0_f64, f64::max);
    eprintln!("largest node distance between the two trajectories: {diff:.3e} m");
    assert!(diff <= 1e-9, "trajectories differ by {diff:.3e} m");

    // The first two steps have no vₙ₋₁ and start as the inertial predictor does.
    assert_eq!(r_i[0], r_e[0]);
    // After that the quadratic start is much closer: the median first residual drops by 10×.
    let median = |r: &[f64]| {
        let mut s = r[2..].to_vec();
        s.sort_by(f64::total_cmp);
        s[s.len() / 2]
    };
    let (m_i, m_e) = (median(&r_i), median(&r_e));
    eprintln!(
        "median first residual: inertial {m_i:.3e} N, extrapolated {m_e:.3e} N; \
         Newton iterations over {STEPS} steps: inertial {it_i}, extrapolated {it_e}"
    );
    assert!(
        m_e < 0.1 * m_i,
        "median first residual: extrapolated {m_e:.3e} N, inertial {m_i:.3e} N"
    );
    assert!(
        it_e < it_i,
        "Newton iterations: extrapolated {it_e}, inertial {it_i}"
    );
}
