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

/// A normal force magnitude with its partial derivatives, as a normal law computes it; hand it
/// to [`add_normal_force`], which maps it onto the pair's DOFs with the chain rule.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct ScalarForce {
    /// `F` (N), positive = repulsive.
    pub force: f64,
    /// `∂F/∂δ` (N/m).
    pub d_overlap: f64,
    /// `∂F/∂δ̇` (N·s/m).
    pub d_rate: f64,
    /// Potential energy of the conservative part (J).
    pub energy: f64,
}

/// Overlap `δ = −gap` (m) and overlap rate `δ̇ = −∇Δ·v` (m/s, positive while approaching) of
/// the pair.
pub fn overlap_and_rate(ctx: &ContactCtx) -> (f64, f64) {
    (-ctx.gap, -ctx.normal_velocity())
}

/// Adds the normal force `F ∇Δ` of `s` to the pair, with its Jacobians `∂f/∂x`, `∂f/∂v` (when
/// `ctx.want_jacobian`), its energy and its magnitude (`ctx.normal_force`, read by friction
/// laws): with `δ = −gap`, `δ̇ = −∇Δ·v`,
/// * `f = F ∇Δ`;
/// * `∂f/∂x = ∇Δ (∂F/∂x)ᵀ + F ∇²Δ` with `∂F/∂x = −F_δ ∇Δ − F_δ̇ ∇²Δ v`;
/// * `∂f/∂v = −F_δ̇ ∇Δ ∇Δᵀ`.
pub fn add_normal_force(ctx: &mut ContactCtx, s: ScalarForce) {
    let g = ctx.grad;
    ctx.normal_force += s.force;
    ctx.energy += s.energy;
    ctx.force += g * s.force;
    if ctx.want_jacobian {
        add_normal_jacobian(ctx, &s);
    }
}

/// Number of leading local coordinates that carry `∇Δ` or `∇²Δ` (rows or columns): beyond it
/// every term of the normal law's Jacobians is zero (a rotating sphere's spin slot, the slots a
/// pair leaves empty).
fn geometric_width(ctx: &ContactCtx) -> usize {
    let h = ctx.hess.as_slice();
    let carries = |j: usize| {
        ctx.grad[j] != 0.0
            || h[12 * j..12 * j + 12].iter().any(|&e| e != 0.0)
            || (0..12).any(|c| h[12 * c + j] != 0.0)
    };
    (0..12).rev().find(|&j| carries(j)).map_or(0, |j| j + 1)
}

/// The Jacobians of [`add_normal_force`], entry by entry over the coordinates that carry the
/// geometry ([`geometric_width`]), with the arithmetic of the matrix expressions
/// `∂F/∂x = −F_δ ∇Δ − F_δ̇ (∇²Δ v)`, `∂f/∂v −= (∇Δ ∇Δᵀ) F_δ̇`, `∂f/∂x += ∇Δ (∂F/∂x)ᵀ + ∇²Δ F`
/// (the same bits: the terms left out are exact zeros added to sums).
#[allow(clippy::needless_range_loop)]
fn add_normal_jacobian(ctx: &mut ContactCtx, s: &ScalarForce) {
    let w = geometric_width(ctx);
    if w == 0 {
        return;
    }
    let g = ctx.grad;
    let mut dfx = [0.0; 12];
    for i in 0..w {
        dfx[i] = -g[i] * s.d_overlap;
    }
    if s.d_rate != 0.0 {
        // ∇²Δ v (its transpose when a side is rigid, see `ContactCtx::rate_gradient`).
        let (v, h, rigid) = (ctx.velocity(), &ctx.hess, ctx.has_rigid());
        let hij = |i: usize, j: usize| if rigid { h[(j, i)] } else { h[(i, j)] };
        for i in 0..w {
            let mut r = hij(i, 0) * v[0];
            for j in 1..w {
                r += hij(i, j) * v[j];
            }
            dfx[i] -= r * s.d_rate;
        }
        let dv = ctx.dfdv.as_mut_slice();
        for j in 0..w {
            for i in 0..w {
                dv[12 * j + i] -= g[i] * g[j] * s.d_rate;
            }
        }
    }
    let (dx, h) = (ctx.dfdx.as_mut_slice(), ctx.hess.as_slice());
    for j in 0..w {
        for i in 0..w {
            dx[12 * j + i] += g[i] * dfx[j] + h[12 * j + i] * s.force;
        }
    }
}

/// Asserts that a scalar law's partial derivatives and energy match finite differences (see
/// [`crate::verify::check_partials`]), for unit tests of the laws.
#[cfg(test)]
pub(crate) fn check_partials(
    law: impl Fn(f64, f64) -> ScalarForce,
    delta: f64,
    rate: f64,
    tol: f64,
) {
    if let Err(e) = crate::verify::check_partials(law, delta, rate, tol) {
        panic!("{e}");
    }
}
