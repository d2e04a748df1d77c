//! `N_Contractile` (mpacts; Smeets et al. 2016) between two overdamped disc-like cells bound as
//! spheres (`chains/contractile.ron`: `W_a = 1 mJ/m²`, `W_c = 5 nN`). Started barely touching,
//! the contact line pulls them together; started deep in each other, the substrate adhesion
//! pushes them apart; from either side they come to rest where `W_a ℓ = −W_c ℓ′`, for equal
//! discs `d*² + (W_c/W_a) d* − 4R² = 0`, and the pair's centroid stays put. Near `d*` the
//! distance relaxes at the rate `2k/γ` with the law's stiffness `k = −dF/dd` (for equal discs
//! `k = W_a d/ℓ + 4W_c R²/ℓ³`, `ℓ = √(4R² − d²)`) and each cell's drag `γ = 6πηR`.

mod common;

use common::{pair_separation, simulator_from};

const R: f64 = 1e-5;
const ETA: f64 = 1e-3;
const WA: f64 = 1e-3;
const WC: f64 = 5e-9;
const DT: f64 = 2e-5;

/// Centre distance after each step of two cells started `d0` apart.
fn relax(d0: f64, steps: usize) -> Vec<f64> {
    let src = format!(
        r#"Scene(
        time: (dt: {DT}, duration: 1.0, integrator: Overdamped),
        // Micrometre cells: no step test (its length scale is 1 m in scenes of spheres only).
        solver: (abs_tol: 1e-19, rel_tol: 0, force_tol: 1e-12, step_tol: 0),
        materials: {{ "cell": (youngs_modulus: 1e3, poisson_ratio: 0.45, density: 1000) }},
        spheres: [
            (name: "a", material: "cell", radius: {R}, center: (0, 0, 0)),
            (name: "b", material: "cell", radius: {R}, center: ({d0}, 0, 0)),
        ],
        forces: [StokesDrag(viscosity: {ETA})],
        contacts: [(chain: "../chains/contractile.ron", first: AllSpheres, second: AllSpheres)],
    )"#
    );
    pair_separation(&mut simulator_from(&src), d0, steps)
}

#[test]
fn two_spread_cells_come_to_rest_where_the_contact_line_balances_substrate_adhesion() {
    let c = WC / WA;
    let d_star = 0.5 * (-c + (c * c + 16.0 * R * R).sqrt());
    let l = (4.0 * R * R - d_star * d_star).sqrt();
    let k = WA * d_star / l + 4.0 * WC * R * R / l.powi(3);
    let rate = 2.0 * k / (6.0 * std::f64::consts::PI * ETA * R);
    // From 0.1 µm of overlap (the pull there is ~10× the rest stiffness times the distance to
    // go) and from 4.5 µm (the scene builder refuses more than half a radius).
    for d0 in [2.0 * R - 1e-7, 1.55 * R] {
        let d = relax(d0, 150);
        let err: Vec<f64> = d.iter().map(|x| (x - d_star) / d_star).collect();
        eprintln!(
            "from d0 = {:.3} R: d/d* − 1 after 1, 5, 20, 150 steps: {:.2e} {:.2e} {:.2e} {:.2e}",
            d0 / R,
            err[0],
            err[4],
            err[19],
            err[149]
        );
        // Monotone approach from its side, never past d* (down to round-off).
        assert!(
            err.windows(2)
                .filter(|w| w[1].abs() > 1e-12)
                .all(|w| w[1].abs() <= w[0].abs() && w[0] * w[1] > 0.0),
            "{err:?}"
        );
        assert!(err[149].abs() < 1e-10, "{err:?}");
        // In the linear regime the distance closes by the implicit Euler factor
        // 1/(1 + rate Δt) per step.
        let i = err.iter().position(|e| e.abs() < 1e-5).expect("reaches d*");
        let observed = err[i + 1] / err[i];
        let expect = 1.0 / (1.0 + rate * DT);
        assert!(
            (observed / expect - 1.0).abs() < 1e-3,
            "{observed} vs {expect}"
        );
    }
}
