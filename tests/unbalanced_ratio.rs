//! The unbalanced-force ratio of `until_rest: (unbalanced: …)` against its definition on a
//! sphere pressed into a floor by its weight (Hertz):
//! - overdamped (Stokes drag `γ = 6πηr`): the net force on the sphere is what its drag
//!   balances, so the ratio is `γ|v| / |F_c|` while it sinks in, and vanishes at rest;
//! - inertial (implicit Euler): the net force is `m a = m (vₙ₊₁ − vₙ)/Δt`, the ratio
//!   `m |vₙ₊₁ − vₙ| / (Δt |F_c|)`;
//!
//! (to 10⁻⁴: the contact forces are those of Newton's last evaluation, which may be one
//! converged update behind the accepted configuration.)
//! - a run with `until_rest: (unbalanced: …)` ends at rest once the sphere has settled.

use catena::granular::{contact_lines, unbalanced_force_ratio};
use catena::run::{RunOptions, run};
use catena::scene::{build_scene, parse_scene};
use std::f64::consts::PI;
use std::path::Path;

const R: f64 = 1e-3;
const RHO: f64 = 2500.0;
const ETA: f64 = 1e3;

fn build(dir: &Path, integrator: &str, dt: f64, rest: &str) -> catena::scene::BuiltScene {
    std::fs::write(
        dir.join("floor.ron"),
        "Chain(name: \"floor\", elements: [Sphere_1_Data, Plane_2_Data, Sphere_Plane, \
         N_Hertz(effective_modulus: 1e8, effective_radius: 1e-3), AssembleForces, \
         AssembleContactMatrix])",
    )
    .unwrap();
    let drag = if integrator == "Overdamped" {
        format!(", StokesDrag(viscosity: {ETA})")
    } else {
        String::new()
    };
    let scene = format!(
        "Scene(
    name: \"pressed\",
    time: (dt: {dt}, duration: 40.0, integrator: {integrator}{rest}),
    solver: (force_tol: 1e-12, step_tol: 1e-16),
    output: (frame_every: 0),
    materials: {{ \"m\": (youngs_modulus: 1e8, poisson_ratio: 0.3, density: {RHO}) }},
    spheres: [(name: \"s\", material: \"m\", radius: {R}, center: (0, 0, 0.99999e-3))],
    planes: [(name: \"floor\", origin: (0, 0, 0), normal: (0, 0, 1), material: \"m\")],
    forces: [Gravity(g: (0, 0, -9.81)){drag}],
    contacts: [(chain: \"floor.ron\", first: AllSpheres, second: AllPlanes, keep_distance: 1e-4)],
)"
    );
    let file = dir.join("scene.ron");
    std::fs::write(&file, &scene).unwrap();
    let spec = parse_scene(&scene, &file).unwrap_or_else(|e| panic!("{e}"));
    build_scene(&spec, &scene, &file).unwrap_or_else(|e| panic!("{e}"))
}

/// The ratio of `sim`'s last step (of `dt` s) and the force its one contact transmits (N).
fn ratio_and_contact(sim: &mut catena::system::Simulator, dt: f64) -> (f64, f64) {
    let loads = sim.loads(dt);
    let ratio = unbalanced_force_ratio(&sim.model, sim.last_contacts(), &loads, &[])
        .expect("a sphere in contact");
    let lines = contact_lines(&sim.model, sim.last_contacts());
    assert_eq!(lines.len(), 1);
    let f = lines[0].normal_force.hypot(lines[0].tangential_force);
    (ratio, f)
}

#[test]
fn overdamped_the_ratio_is_the_drag_over_the_contact_force() {
    let dir = tempfile::tempdir().unwrap();
    let dt = 0.01;
    let mut sim = build(dir.path(), "Overdamped", dt, "").into_simulator();
    let gamma = 6.0 * PI * ETA * R;
    for k in 0..3 {
        sim.step().unwrap_or_else(|e| panic!("{e}"));
        let (ratio, f) = ratio_and_contact(&mut sim, dt);
        let v = sim.model.v[..3].iter().map(|x| x * x).sum::<f64>().sqrt();
        let expected = gamma * v / f;
        assert!(
            expected > 1e-3,
            "step {k}: the sphere still sinks ({expected})"
        );
        assert!(
            (ratio - expected).abs() < 1e-4 * expected,
            "step {k}: ratio {ratio} against γ|v|/|F_c| = {expected}"
        );
    }
    while sim.model.time < 20.0 {
        sim.step().unwrap_or_else(|e| panic!("{e}"));
    }
    let (ratio, _) = ratio_and_contact(&mut sim, dt);
    assert!(ratio < 1e-5, "settled: ratio {ratio}");
}

#[test]
fn inertial_the_ratio_is_the_mass_times_acceleration_over_the_contact_force() {
    let dir = tempfile::tempdir().unwrap();
    let dt = 1e-5;
    let mut sim = build(dir.path(), "ImplicitEuler", dt, "").into_simulator();
    let m = RHO * 4.0 / 3.0 * PI * R.powi(3);
    for k in 0..3 {
        let before = sim.model.v[2];
        sim.step().unwrap_or_else(|e| panic!("{e}"));
        let (ratio, f) = ratio_and_contact(&mut sim, dt);
        let a = (sim.model.v[2] - before) / dt;
        let expected = m * a.abs() / f;
        assert!(
            (ratio - expected).abs() < 1e-4 * expected,
            "step {k}: ratio {ratio} against m|a|/|F_c| = {expected}"
        );
    }
}

#[test]
fn a_run_ends_when_the_ratio_has_stayed_below_its_limit() {
    let dir = tempfile::tempdir().unwrap();
    let rest = ", until_rest: (unbalanced: 1e-4, steps: 5)";
    let built = build(dir.path(), "Overdamped", 0.05, rest);
    let out = dir.path().join("out");
    let opts = RunOptions {
        out: Some(out.clone()),
        ..RunOptions::default()
    };
    let summary = run(built, &opts).unwrap_or_else(|e| panic!("{e}"));
    let note = summary.message.unwrap_or_default();
    assert!(summary.completed);
    assert!(note.contains("at rest after step"), "{note}");
    assert!(
        note.contains("unbalanced-force ratio below 0.0001"),
        "{note}"
    );
    assert!(
        summary.sim_time < 40.0,
        "ended at rest before the horizon: {}",
        summary.sim_time
    );
}
