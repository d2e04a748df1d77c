//! `PresetForce` (mpacts): a fixed force while the contact is established — from the first
//! overlap until the separation exceeds `release_distance`. Between two overdamped spheres in a
//! Stokes medium, with Hertz repulsion:
//! * an attractive preset force on spheres that touched holds them at the Hertz overlap that
//!   carries it, `δ = (3F/(4E*√R̂))^(2/3)`;
//! * spheres that never touched feel nothing;
//! * pulled apart by a point force `P`, they separate at `(P − 2F)/γ` (`γ = 6πηR` each) until
//!   the gap passes `d_r`, then at `P/γ`: the preset force is gone.

use catena::scene::{build_scene, parse_scene};

const R: f64 = 1e-3;
const ETA: f64 = 1.0;
const F: f64 = 1e-3;
const RELEASE: f64 = 1e-5;

/// Centre distances after each of `steps` steps of two spheres started `d0` apart, sphere `b`
/// pulled along +x by `pull` (N).
fn run(d0: f64, pull: f64, dt: f64, steps: usize) -> Vec<f64> {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("preset.ron"),
        format!(
            "Chain(name: \"preset\", stack_laws: true, elements: [Sphere_1_Data, Sphere_2_Data, \
             Sphere_Sphere, N_Hertz(), PresetForce(force: {}, release_distance: {RELEASE}), \
             AssembleForces, AssembleContactMatrix])",
            -F
        ),
    )
    .unwrap();
    let src = format!(
        r#"Scene(
        time: (dt: {dt}, duration: 1.0, integrator: Overdamped),
        solver: (abs_tol: 1e-15, rel_tol: 0, force_tol: 1e-12, step_tol: 0),
        materials: {{ "m": (youngs_modulus: 1e6, poisson_ratio: 0.3, density: 1000) }},
        spheres: [
            (name: "a", material: "m", radius: {R}, center: (0, 0, 0)),
            (name: "b", material: "m", radius: {R}, center: ({d0}, 0, 0)),
        ],
        forces: [StokesDrag(viscosity: {ETA}), PointForce(body: "b", force: ({pull}, 0, 0))],
        contacts: [(chain: "preset.ron", first: AllSpheres, second: AllSpheres, keep_distance: 1e-4)],
    )"#
    );
    let file = dir.path().join("scene.ron");
    let spec = parse_scene(&src, &file).expect("scene parses");
    let mut sim = build_scene(&spec, &src, &file)
        .expect("scene builds")
        .into_simulator();
    (0..steps)
        .map(|_| {
            sim.step().expect("step converges");
            let (a, b) = (&sim.model.bodies.spheres[0], &sim.model.bodies.spheres[1]);
            sim.model.q[b.offset] - sim.model.q[a.offset]
        })
        .collect()
}

/// Hertz overlap carrying `f` between two spheres of radius `R` of the test's material.
fn hertz_overlap(f: f64) -> f64 {
    let e_star = 1e6 / (2.0 * (1.0 - 0.3f64 * 0.3));
    let r_hat = R / 2.0;
    (3.0 * f / (4.0 * e_star * r_hat.sqrt())).powf(2.0 / 3.0)
}

#[test]
fn an_established_pull_is_carried_by_the_hertz_overlap() {
    let delta = hertz_overlap(F);
    let d = run(2.0 * R - 1e-6, 0.0, 1e-4, 300);
    let got = 2.0 * R - d[299];
    eprintln!("overlap {got:e} m against Hertz {delta:e} m");
    assert!((got / delta - 1.0).abs() < 1e-8, "{got:e} vs {delta:e}");
}

#[test]
fn spheres_that_never_touched_feel_nothing() {
    let d0 = 2.0 * R + 2e-6;
    let d = run(d0, 0.0, 1e-4, 20);
    assert!(d.iter().all(|&x| x == d0), "{d:?}");
}

#[test]
fn pulled_apart_they_separate_faster_once_released() {
    let (pull, dt) = (3.0 * F, 1e-5);
    let gamma = 6.0 * std::f64::consts::PI * ETA * R;
    let d = run(2.0 * R - hertz_overlap(F), pull, dt, 80);
    let gap = |i: usize| d[i] - 2.0 * R;
    let (mut held, mut free) = (Vec::new(), Vec::new());
    for i in 1..d.len() {
        let speed = (d[i] - d[i - 1]) / dt;
        if gap(i - 1) > 0.0 && gap(i) < RELEASE {
            held.push(speed);
        } else if gap(i - 1) > RELEASE {
            free.push(speed);
        }
    }
    eprintln!(
        "{} steps held at {:e} m/s, {} free at {:e} m/s",
        held.len(),
        held.first().copied().unwrap_or(f64::NAN),
        free.len(),
        free.first().copied().unwrap_or(f64::NAN)
    );
    assert!(held.len() >= 3 && free.len() >= 10, "{d:?}");
    for v in held {
        assert!((v * gamma / (pull - 2.0 * F) - 1.0).abs() < 1e-6, "{v}");
    }
    for v in free {
        assert!((v * gamma / pull - 1.0).abs() < 1e-6, "{v}");
    }
}
