//! Finite-difference verification of a chain's force Jacobians.
//!
//! For one pair, the chain's analytic `∂f/∂x` and `∂f/∂v` are compared with central differences
//! of its force `f`, perturbing each free coordinate of the pair's points in the model state
//! (positions and, separately, velocities). A wrong Jacobian silently ruins Newton's quadratic
//! convergence; this check finds it in one call.

use super::builtin::ElementSet;
use super::chain::Chain;
use super::ctx::{Mat12, NO_DOF};
use super::element::Env;
use super::history::{History, Primitive};
use crate::model::Model;

/// Result of a Jacobian check on one pair.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct JacobianCheck {
    /// `‖∂f/∂x − FD‖_F / ‖∂f/∂x‖_F` (absolute when the analytic block vanishes).
    pub dfdx_error: f64,
    /// Same for `∂f/∂v`.
    pub dfdv_error: f64,
    /// `‖f‖` at the base state (N).
    pub force_norm: f64,
}

/// Checks the chain on the pair `(first, second)` at state `(q, v)`, with position step `h` (m)
/// and velocity step `10³·h` (m/s). Returns `None` when the
/// pair is rejected at the base state or when a perturbation crosses the rejection boundary
/// (the force is not differentiable there).
#[allow(clippy::too_many_arguments)]
pub fn check_pair<E: ElementSet>(
    chain: &Chain<E>,
    model: &Model,
    q: &[f64],
    v: &[f64],
    first: Primitive,
    second: Primitive,
    history: History,
    dt: f64,
    h: f64,
) -> Option<JacobianCheck> {
    // Forces are at most mildly nonlinear in velocity, and ∂f/∂v entries are small (damping
    // coefficients): a larger step keeps round-off out of the difference quotient.
    let h_v = h * 1e3;
    let env = Env { model, q, v };
    let base = chain.evaluate(&env, first, second, history, dt, true);
    if base.reject {
        return None;
    }
    let n = base.n_points();
    let (mut fdx, mut fdv) = (Mat12::zeros(), Mat12::zeros());
    let mut qp = q.to_vec();
    let mut vp = v.to_vec();
    for k in 0..n {
        if base.dof[k] == NO_DOF {
            continue;
        }
        for c in 0..3 {
            let a = 3 * k + c;
            let g = base.dof[k] as usize + c;
            // Central difference of the force in position (state 0) or velocity (state 1).
            for (state, step) in [(0, h), (1, h_v)] {
                let mut at = |sign: f64| {
                    let buf = if state == 0 { &mut qp } else { &mut vp };
                    let x0 = buf[g];
                    buf[g] = x0 + sign * step;
                    let env = Env {
                        model,
                        q: &qp,
                        v: &vp,
                    };
                    let ctx = chain.evaluate(&env, first, second, history, dt, false);
                    let buf = if state == 0 { &mut qp } else { &mut vp };
                    buf[g] = x0;
                    (!ctx.reject).then_some(ctx.force)
                };
                let (plus, minus) = (at(1.0)?, at(-1.0)?);
                let col = if state == 0 { &mut fdx } else { &mut fdv };
                col.set_column(a, &((plus - minus) / (2.0 * step)));
            }
        }
    }
    // Compare only the columns of free coordinates.
    let mask = |m: &Mat12| {
        let mut out = *m;
        for k in 0..4 {
            if k >= n || base.dof[k] == NO_DOF {
                for c in 0..3 {
                    out.set_column(3 * k + c, &nalgebra::SVector::<f64, 12>::zeros());
                }
            }
        }
        out
    };
    let rel = |a: &Mat12, b: &Mat12| {
        let den = a.norm();
        let num = (a - b).norm();
        if den > 1e-300 { num / den } else { num }
    };
    Some(JacobianCheck {
        dfdx_error: rel(&mask(&base.dfdx), &fdx),
        dfdv_error: rel(&mask(&base.dfdv), &fdv),
        force_norm: base.force.norm(),
    })
}
