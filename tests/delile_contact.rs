//! `N_Delile` (mpacts; Delile et al.'s MecaGen cell–cell law) between two overdamped cells
//! modelled as spheres (`chains/delile.ron`): started in the contractile range, they pull
//! together and come to rest at the law's equilibrium distance `d_eq = c_eq (R₁ + R₂)`
//! (`c_eq = π/(2√3)`); started overlapping, they push apart to the same distance; the pair's
//! centroid stays put. Near `d_eq` the gap closes as `exp(−2k t/γ)` with the law's stiffness
//! `k = w a (d_max − d_eq)²` and each cell's drag `γ = 6πηR`.

mod common;

use common::{pair_separation, simulator_from};

const R: f64 = 1e-5;
const ETA: f64 = 1e-3;

/// Centre distance after each step of two cells started `d0` apart.
fn approach(d0: f64, steps: usize) -> Vec<f64> {
    let src = format!(
        r#"Scene(
        time: (dt: 0.05, duration: 100.0, integrator: Overdamped),
        // Micrometre cells: no step test (its length scale is 1 m in scenes of spheres only).
        solver: (abs_tol: 1e-24, rel_tol: 0, force_tol: 1e-12, step_tol: 0),
        materials: {{ "cell": (youngs_modulus: 1e3, poisson_ratio: 0.45, density: 1000) }},
        spheres: [
            (name: "a", material: "cell", radius: {R}, center: (0, 0, 0)),
            (name: "b", material: "cell", radius: {R}, center: ({d0}, 0, 0)),
        ],
        forces: [StokesDrag(viscosity: {ETA})],
        contacts: [(chain: "../chains/delile.ron", first: AllSpheres, second: AllSpheres, keep_distance: 5e-6)],
    )"#
    );
    pair_separation(&mut simulator_from(&src), d0, steps)
}

#[test]
fn two_cells_settle_at_the_equilibrium_distance_from_either_side() {
    let d_eq = std::f64::consts::PI / (2.0 * 3f64.sqrt()) * 2.0 * R;
    let (d_max, w, a) = (1.2 * 2.0 * R, 1e4, 1.0);
    // The relaxation rate near d_eq: relative coordinate, drag γ/2, stiffness k.
    let k = w * a * (d_max - d_eq).powi(2);
    let gamma = 6.0 * std::f64::consts::PI * ETA * R;
    let rate = 2.0 * k / gamma;
    for d0 in [1.1 * 2.0 * R, 0.8 * 2.0 * R] {
        let d = approach(d0, 200);
        let err: Vec<f64> = d.iter().map(|x| (x - d_eq) / d_eq).collect();
        eprintln!(
            "from d0 = {:.3} R: d/d_eq − 1 after 1, 10, 50, 200 steps: {:.2e} {:.2e} {:.2e} {:.2e}",
            d0 / R,
            err[0],
            err[9],
            err[49],
            err[199]
        );
        // Monotone approach from its side, never past d_eq (down to round-off).
        assert!(
            err.windows(2)
                .filter(|w| w[1].abs() > 1e-12)
                .all(|w| w[1].abs() <= w[0].abs() && w[0] * w[1] > 0.0)
        );
        assert!(err[199].abs() < 1e-9, "{err:?}");
        // Late in the approach the gap shrinks by the implicit Euler factor 1/(1 + rate Δt).
        let observed = err[100] / err[99];
        let expect = 1.0 / (1.0 + rate * 0.05);
        assert!(
            (observed / expect - 1.0).abs() < 1e-3,
            "{observed} vs {expect}"
        );
    }
}
