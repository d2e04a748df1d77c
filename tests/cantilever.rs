//! Cantilever under gravity against Euler–Bernoulli beam theory (seed 004 §7.2).
//!
//! A beam of length `L`, circular section of radius `r`, density `ρ`, clamped at one end and
//! loaded by its own weight `q = ρ g A` per unit length, deflects at the tip by
//! `δ = q L⁴ / (8 E I) = ρ g L⁴ / (2 E r²)` (with `I = π r⁴ / 4`, `A = π r²`).
//!
//! `examples/scenes/cantilever.ron` clamps the first edge of a rod whose node 0 sits at
//! `x = −Δl/2`, so the wall of the continuum beam is at the midpoint of the clamped edge
//! (`x = 0`) and the free span is exactly `L = 0.1 m` (see the comment in the scene file).
//! Implicit Euler damps the vibration; the final state is the static shape. The run and the
//! theory are `catena::validate::cantilever`, shared with `catena validate cantilever`.

use catena::scene::load_scene;
use catena::validate::cantilever::tip_deflection;
use std::path::Path;

const SCENE: &str = "examples/scenes/cantilever.ron";

fn check(e: f64, dt: f64, duration: f64, tolerance: Option<f64>) {
    let s = tip_deflection(e, dt, duration).unwrap_or_else(|err| panic!("E = {e:e}: {err}"));
    let (delta, expected, change) = (s.deflection, s.theory, s.last_change);
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
