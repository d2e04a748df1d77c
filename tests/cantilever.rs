//! Cantilever under gravity against Euler–Bernoulli beam theory (seed 004 §7.2).
//!
//! A beam of length `L`, circular section of radius `r`, density `ρ`, clamped at one end and
//! loaded by its own weight `q = ρ g A` per unit length, deflects at the tip by
//! `δ = q L⁴ / (8 E I) = ρ g L⁴ / (2 E r²)` (with `I = π r⁴ / 4`, `A = π r²`).
//!
//! `examples/scenes/cantilever.ron` clamps the first edge of a rod whose node 0 sits at
//! `x = −Δl/2`, so the wall of the continuum beam is at the midpoint of the clamped edge
//! (`x = 0`) and the free span is exactly `L = 0.1 m` (see the comment in the scene file).
//! Implicit Euler damps the vibration; the final state is the static shape.

use catena::scene::{ForceSpec, GeometrySpec, Positive, SceneSpec, build_scene, load_scene};
use std::path::Path;

const SCENE: &str = "examples/scenes/cantilever.ron";

/// Euler–Bernoulli tip deflection of the scene's beam with Young's modulus `e`.
fn theory(spec: &SceneSpec, e: f64) -> f64 {
    let mat = spec.materials.values().next().expect("one material");
    let rod = &spec.rods[0];
    let r = rod.radius.expect("circular section").0;
    let g = spec
        .forces
        .iter()
        .find_map(|f| match f {
            ForceSpec::Gravity { g, .. } => Some(g.vec().norm()),
            _ => None,
        })
        .expect("gravity");
    // The wall (x = 0) is the midpoint of the clamped first edge; the free span runs from
    // there to the last node.
    let l = match &rod.geometry {
        GeometrySpec::Straight { start, end, nodes } => {
            let dl = (end.0 - start.0) / (*nodes - 1) as f64;
            assert!(
                (start.0 + 0.5 * dl).abs() < 1e-12 && start.1 == 0.0 && start.2 == 0.0,
                "node 0 should sit half an edge behind the wall at x = 0"
            );
            end.0
        }
        other => panic!("expected a straight beam, got {other:?}"),
    };
    mat.density.0 * g * l.powi(4) / (2.0 * e * r * r)
}

/// Runs the cantilever with Young's modulus `e` for `duration` seconds with step `dt`;
/// returns (simulated tip deflection, theory, change of the tip over the last step).
fn tip_deflection(e: f64, dt: f64, duration: f64) -> (f64, f64, f64) {
    let path = Path::new(SCENE);
    let (mut spec, source) = load_scene(path).expect("load cantilever scene");
    assert_eq!(spec.materials.len(), 1, "the cantilever has one material");
    for m in spec.materials.values_mut() {
        m.youngs_modulus = Positive(e);
    }
    spec.time.dt = Positive(dt);
    spec.time.duration = Positive(duration);
    let expected = theory(&spec, e);
    let built = build_scene(&spec, &source, path).expect("build cantilever scene");
    let (dt, duration) = (built.dt, built.duration);
    let mut sim = built.into_simulator();
    let n_steps = (duration / dt).round() as u64;
    let tip = |sim: &catena::system::Simulator| {
        let nodes = sim.model.rod_nodes(0, &sim.model.q);
        nodes.last().expect("nodes").z
    };
    let z0 = tip(&sim);
    let mut last = z0;
    let mut change = f64::INFINITY;
    for k in 0..n_steps {
        sim.step()
            .unwrap_or_else(|err| panic!("E = {e:e}: step {} failed: {err}", k + 1));
        let z = tip(&sim);
        change = (z - last).abs();
        last = z;
    }
    (z0 - last, expected, change)
}

fn check(e: f64, dt: f64, duration: f64, tolerance: Option<f64>) {
    let (delta, expected, change) = tip_deflection(e, dt, duration);
    let err = (delta - expected) / expected;
    eprintln!(
        "cantilever E = {e:e} Pa: tip deflection {delta:.6e} m, Euler–Bernoulli {expected:.6e} m, \
         error {:+.4} %, last-step tip change {change:.2e} m",
        100.0 * err
    );
    assert!(
        change < 1e-4 * expected,
        "E = {e:e}: the beam has not settled (tip moved {change:e} m in the last step)"
    );
    if let Some(tol) = tolerance {
        assert!(
            err.abs() < tol,
            "E = {e:e}: tip deflection {delta:e} m vs Euler–Bernoulli {expected:e} m: \
             error {:.3} % exceeds {:.1} %",
            100.0 * err,
            100.0 * tol
        );
    }
}

/// The shipped scene as it is (E = 20 GPa) settles within 1 % of Euler–Bernoulli.
#[test]
fn cantilever_scene_matches_euler_bernoulli() {
    let path = Path::new(SCENE);
    let (spec, _) = load_scene(path).expect("load");
    let e = spec
        .materials
        .values()
        .next()
        .expect("material")
        .youngs_modulus
        .0;
    assert_eq!(e, 2e10, "the shipped cantilever is E = 20 GPa");
    check(e, spec.time.dt.0, spec.time.duration.0, Some(0.01));
}

/// Sweep of Young's modulus. A softer beam vibrates more slowly (ω ∝ √E), so it gets a longer
/// run (implicit Euler damps a mode by 1/√(1 + (ωΔt)²) per step), and deflects more (δ ∝ 1/E).
/// The 1 % bound is asserted for E ≥ 2 GPa; at 200 MPa the tip sags by 3 % of L and the error is
/// only reported (linear beam theory starts to lose its footing).
#[test]
fn cantilever_sweep_youngs_modulus() {
    for (e, dt, duration) in [(2e10, 0.005, 0.25), (2e9, 0.005, 0.5), (2e8, 0.005, 1.0)] {
        let tol = (e >= 2e9).then_some(0.01);
        check(e, dt, duration, tol);
    }
}
