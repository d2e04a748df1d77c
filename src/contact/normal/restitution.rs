//! The coefficient of restitution of a Hertz contact with overlap-dependent damping, and the
//! damping that gives a chosen one.
//!
//! The law `F = K δ^{3/2} + C δ^{1/4} δ̇` (N) on a pair of effective mass `m*` (kg) — Hertz
//! stiffness `K = (4/3) Ê √R̂` and a dashpot whose coefficient grows as `δ^{1/4}` (Tsuji, Tanaka
//! & Ishida, Powder Technol. 71 (1992) 239; the `hertz/material` form of LAMMPS/LIGGGHTS) —
//! scales, with `δ = L x`, `t = (L/v₀) τ`, `L = (m* v₀²/K)^{2/5}`, to the impact velocity–free
//! problem
//!
//! `x'' = −x^{3/2} − ζ x^{1/4} x'`, `x(0) = 0`, `x'(0) = 1`, with `ζ = C/√(K m*)`,
//!
//! so the restitution `e = −x'(τ_end)` at the end of contact (`x` back to 0) depends on `ζ`
//! alone: the same at every impact speed. [`restitution`] integrates it (RK4, step 1e-4).
//!
//! Tsuji's calibration `ζ = √5 β`, `β = −ln e/√(ln² e + π²)` (in LIGGGHTS' form
//! `C δ^{1/4} = 2√(5/6) β √(2Ê√(R̂δ) m*)`) is exact for this law (Antypov & Elliott, EPL 94
//! (2011) 50004): the integration rebounds at the requested `e` to 1e-5 for e = 0.1 … 0.99
//! (tests), so [`damping_ratio`] is that closed form.

/// Restitution `e(ζ)` of the scaled impact (see the module docs); `ζ ≥ 0`.
pub fn restitution(zeta: f64) -> f64 {
    // x^{1/4} of a tiny negative x (round-off at the start) is 0.
    rebound(zeta, |x| x.sqrt().sqrt())
}

/// Restitution of the scaled impact with the damping's `x^{1/4}` regularised below `x_r`
/// (the `onset` of `N_HertzRestitution` over the impact's overlap scale `L`; see
/// [`crate::contact::HertzRestitution`]).
pub fn restitution_with_onset(zeta: f64, x_r: f64) -> f64 {
    rebound(zeta, |x| {
        super::hertz_restitution::onset_quarter_power(x, x_r).0
    })
}

/// `e` of `x'' = −x^{3/2} − ζ q(x) x'` from `x = 0`, `x' = 1` (RK4, step 1e-4).
fn rebound(zeta: f64, quarter: impl Fn(f64) -> f64) -> f64 {
    // Force per unit scaled mass.
    let acc = |x: f64, u: f64| -> f64 {
        let xp = x.max(0.0);
        -(xp * xp.sqrt()) - zeta * quarter(xp) * u
    };
    let h = 1e-4;
    let (mut x, mut u) = (0.0f64, 1.0f64);
    // The undamped contact lasts τ ≈ 3.2; damped ones return more slowly. A contact that has
    // not ended by τ = 2000 has (practically) no rebound.
    for _ in 0..20_000_000 {
        let (k1x, k1u) = (u, acc(x, u));
        let (k2x, k2u) = (u + 0.5 * h * k1u, acc(x + 0.5 * h * k1x, u + 0.5 * h * k1u));
        let (k3x, k3u) = (u + 0.5 * h * k2u, acc(x + 0.5 * h * k2x, u + 0.5 * h * k2u));
        let (k4x, k4u) = (u + h * k3u, acc(x + h * k3x, u + h * k3u));
        let xn = x + h / 6.0 * (k1x + 2.0 * k2x + 2.0 * k3x + k4x);
        let un = u + h / 6.0 * (k1u + 2.0 * k2u + 2.0 * k3u + k4u);
        if xn <= 0.0 && un < 0.0 {
            // Linear interpolation of the velocity to the crossing x = 0.
            let s = x / (x - xn);
            return -(u + s * (un - u));
        }
        (x, u) = (xn, un);
    }
    0.0
}

/// The damping ratio `ζ = √5 β`, `β = −ln e/√(ln² e + π²)`, whose scaled impact rebounds at
/// `e ∈ (0, 1]` (Tsuji et al. 1992's calibration, exact for this law: Antypov & Elliott 2011;
/// [`restitution`] confirms it to 1e-5).
pub fn damping_ratio(e: f64) -> f64 {
    if e >= 1.0 {
        return 0.0;
    }
    let l = e.ln();
    -5f64.sqrt() * l / (l * l + std::f64::consts::PI.powi(2)).sqrt()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_small_onset_barely_changes_the_rebound() {
        let zeta = damping_ratio(0.5);
        for (x_r, tol) in [(1e-3, 1e-4), (1e-2, 1e-3)] {
            let e = restitution_with_onset(zeta, x_r);
            assert!((e - 0.5).abs() < tol, "x_r = {x_r}: e = {e}");
        }
        // It raises e (less damping at small overlaps), more for a larger onset.
        assert!(restitution_with_onset(zeta, 0.1) > restitution_with_onset(zeta, 0.01));
    }

    #[test]
    fn an_undamped_hertz_impact_is_elastic() {
        assert!((restitution(0.0) - 1.0).abs() < 1e-6);
    }

    #[test]
    fn the_closed_form_rebounds_at_the_requested_restitution() {
        for e in [0.05, 0.1, 0.3, 0.5, 0.7, 0.9, 0.99] {
            let z = damping_ratio(e);
            let measured = restitution(z);
            assert!(
                (measured - e).abs() < 1e-5,
                "e = {e}: ζ = {z} rebounds at {measured}"
            );
        }
        assert_eq!(damping_ratio(1.0), 0.0);
    }
}
