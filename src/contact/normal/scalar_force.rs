//! A normal law given as a scalar `F(δ, δ̇)` mapped onto the pair's DOFs, with its exact
//! Jacobians. Every normal law of the Hertz, adhesion, spring and damper families goes through
//! here, so each one only writes its scalar and two partial derivatives.
//!
//! With overlap `δ = −gap = r₁ + r₂ − Δ` (m) and overlap rate `δ̇ = −Δ̇ = −∇Δ·v` (m/s, positive
//! while approaching), a normal force `F` (N, positive = repulsive) acts along the normal:
//! * generalised force `f = F ∇Δ` (side 2 pushed along `n`, side 1 along `−n`);
//! * `∂f/∂x = ∇Δ (∂F/∂x)ᵀ + F ∇²Δ`, with `∂F/∂x = −F_δ ∇Δ − F_δ̇ ∇²Δ v`;
//! * `∂f/∂v = −F_δ̇ ∇Δ ∇Δᵀ`.

use crate::contact::ctx::ContactCtx;

/// A normal force magnitude with its partial derivatives.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub(crate) struct ScalarForce {
    /// `F` (N), positive = repulsive.
    pub force: f64,
    /// `∂F/∂δ` (N/m).
    pub d_overlap: f64,
    /// `∂F/∂δ̇` (N·s/m).
    pub d_rate: f64,
    /// Potential energy of the conservative part (J).
    pub energy: f64,
}

/// Overlap `δ` (m) and overlap rate `δ̇` (m/s) of the pair.
pub(crate) fn overlap_and_rate(ctx: &ContactCtx) -> (f64, f64) {
    (-ctx.gap, -ctx.normal_velocity())
}

/// Adds `F ∇Δ` and its Jacobians to the pair.
pub(crate) fn add_normal_force(ctx: &mut ContactCtx, s: ScalarForce) {
    let g = ctx.grad;
    ctx.normal_force += s.force;
    ctx.energy += s.energy;
    ctx.force += g * s.force;
    if ctx.want_jacobian {
        let mut dfx = -g * s.d_overlap;
        if s.d_rate != 0.0 {
            dfx -= ctx.hess * ctx.velocity() * s.d_rate;
            ctx.dfdv -= g * g.transpose() * s.d_rate;
        }
        ctx.dfdx += g * dfx.transpose() + ctx.hess * s.force;
    }
}

/// Finite-difference checks of `F_δ`, `F_δ̇` (and, at zero rate, of `F = dE/dδ` for the
/// conservative part) for unit tests of the laws.
#[cfg(test)]
pub(crate) fn check_partials(
    law: impl Fn(f64, f64) -> ScalarForce,
    delta: f64,
    rate: f64,
    tol: f64,
) {
    let s = law(delta, rate);
    // Relative steps: truncation O(h²) stays far below round-off of the differences.
    let h = 1e-5 * delta.abs().max(1e-9);
    let fd_d = (law(delta + h, rate).force - law(delta - h, rate).force) / (2.0 * h);
    let hr = 1e-3 * rate.abs().max(1.0);
    let fd_r = (law(delta, rate + hr).force - law(delta, rate - hr).force) / (2.0 * hr);
    let close = |a: f64, b: f64| (a - b).abs() <= tol * a.abs().max(b.abs()).max(1e-12);
    assert!(
        close(s.d_overlap, fd_d),
        "∂F/∂δ at δ = {delta}, δ̇ = {rate}: {} vs FD {fd_d}",
        s.d_overlap
    );
    assert!(
        close(s.d_rate, fd_r),
        "∂F/∂δ̇ at δ = {delta}, δ̇ = {rate}: {} vs FD {fd_r}",
        s.d_rate
    );
    // The energy is that of the rate-independent part: F(δ, 0) = dE/dδ.
    let fd_e = (law(delta + h, 0.0).energy - law(delta - h, 0.0).energy) / (2.0 * h);
    let f0 = law(delta, 0.0).force;
    assert!(
        close(f0, fd_e),
        "F(δ, 0) vs dE/dδ at δ = {delta}: {f0} vs {fd_e}"
    );
}
