//! Maxwell relaxation of a rest length: a spring (stiffness `k`, N/m) in series with a dashpot
//! (coefficient `c`, N·s/m), the serial dashpot of mpacts (`SerialDashpot`,
//! `MaxwellFluidShell`; seed 003).
//!
//! The spring's force is `f = k (L₀ − L)` (N, positive pushing apart) at length `L` (m) and
//! rest length `L₀` (m); the dashpot lets the rest length flow as
//!
//! `dL₀/dt = −f/c = (L − L₀)/τ`, `τ = c/k` (s),
//!
//! so a stretched spring's rest length grows towards its length. Held at a fixed length the
//! force decays as `exp(−t/τ)` (stress relaxation); under a constant force the length grows at
//! the rate `f/c` (creep).
//!
//! **Integration over a step.** [`relax_rest_length`] is the exact solution of that linear ODE
//! with `L` held at its end-of-step value over the step,
//!
//! `L₀(t + Δt) = L − (L − L₀(t)) exp(−Δt/τ)`:
//!
//! unconditionally stable (it never overshoots `L`, whatever `Δt/τ`), exact for stress
//! relaxation at any step, and first-order accurate in `Δt` for a varying `L` (creep under a
//! constant force `f` advances `L₀` by `(f/k)(1 − e^{−Δt/τ})` per step, i.e. at the rate
//! `f/c · (1 − e^{−x})/x`, `x = Δt/τ`: within `x/2` of `f/c`). Implicit Euler in `L₀` would be
//! stable too but decays as `1/(1 + Δt/τ)` per step, not exactly. The elastic force of the step
//! uses the rest length of the start of the step (lagged): the relaxation is applied after the
//! step converged, from its converged length, and adds nothing to the Newton Jacobian.

/// The rest length (m) after a step of `dt_over_tau = Δt/τ` (−) from `rest` (m) at the
/// length `length` (m): `L − (L − L₀) exp(−Δt/τ)` (module documentation).
pub fn relax_rest_length(length: f64, rest: f64, dt_over_tau: f64) -> f64 {
    length - (length - rest) * (-dt_over_tau).exp()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Against the closed-form solution of `dL₀/dt = (L − L₀)/τ` at fixed `L`, and the creep
    /// rate of a spring held at a constant force.
    #[test]
    fn exact_at_fixed_length_and_creep_at_f_over_c() {
        let (l, tau, dt) = (1.2, 0.5, 0.01);
        let mut l0 = 1.0;
        for n in 1..=200 {
            l0 = relax_rest_length(l, l0, dt / tau);
            let exact = l - 0.2 * (-(n as f64) * dt / tau).exp();
            assert!((l0 - exact).abs() < 1e-14, "{l0} vs {exact}");
        }
        // Creep: L = L₀ + f/k each step; L₀ advances at f/c (1 − e^{−x})/x.
        let (k, c, f) = (100.0, 50.0, 2.0);
        let mut l0 = 1.0;
        let x = dt * k / c;
        for _ in 0..100 {
            l0 = relax_rest_length(l0 + f / k, l0, x);
        }
        let rate = (l0 - 1.0) / (100.0 * dt);
        let expected = f / c * (1.0 - (-x).exp()) / x;
        assert!((rate - expected).abs() < 1e-12 * expected);
        assert!((rate - f / c).abs() < 0.5 * x * f / c);
        // Never past the length, whatever the step.
        assert!(relax_rest_length(1.2, 1.0, 1e6) <= 1.2);
        assert!(relax_rest_length(0.8, 1.0, 1e6) >= 0.8);
    }
}
