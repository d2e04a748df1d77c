//! `N_LinearForce`: a linear penalty on overlap with optional linear damping (mpacts
//! N_LinearForce).
//!
//! With overlap `δ = −gap = r₁ + r₂ − Δ` (m) and normal gap rate `Δ̇ = ∇Δ·v` (m/s), for `δ > 0`:
//! * energy `E = ½ k δ²` (J);
//! * normal force `F = k δ − c w(δ) Δ̇` with the damping onset `w(δ) = min(δ/δ_c, 1)`
//!   (`w = 1` when `δ_c = 0`, mpacts' law);
//! * force on the local DOFs `f = F ∇Δ` (N);
//! * `∂f/∂x = ∇Δ (∂F/∂x)ᵀ + F ∇²Δ`, `∂F/∂x = −k∇Δ − c(Δ̇ ∂w/∂x + w ∇²Δ v)`,
//!   `∂w/∂x = −∇Δ/δ_c` for `δ < δ_c`;
//! * `∂f/∂v = −c w ∇Δ∇Δᵀ`.
//!
//! With `δ_c = 0` the damping force jumps from `−cΔ̇` to 0 when a closing contact opens, a
//! discontinuous residual on which Newton can cycle; a small `δ_c` (e.g. 1 % of the radius)
//! makes it continuous. The normal force magnitude passed to friction laws is `max(F, 0)`; the
//! assembled force is the raw `F` (the damping may pull, as in mpacts). Pairs with `δ ≤ 0` are
//! rejected (no force).

use crate::contact::ctx::ContactCtx;
use crate::contact::element::{Caps, Gives, Needs};
use crate::contact::element::{Category, ChainElement, ElementDoc, Env};
use serde::{Deserialize, Serialize};

/// Linear penalty `F = k δ − c Δ̇`.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LinearForce {
    /// Stiffness `k` (N/m).
    pub stiffness: f64,
    /// Damping coefficient `c` (N·s/m), default 0.
    #[serde(default)]
    pub damping: f64,
    /// Overlap `δ_c` (m) over which damping ramps in linearly, default 0 (no ramp).
    #[serde(default)]
    pub damping_onset: f64,
}

impl Default for LinearForce {
    /// k = 10³ N/m, no damping.
    fn default() -> Self {
        Self {
            stiffness: 1e3,
            damping: 0.0,
            damping_onset: 0.0,
        }
    }
}

static DOC: ElementDoc = ElementDoc {
    name: "N_LinearForce",
    category: Category::Normal,
    summary: "linear penalty on overlap, F = k δ − c Δ̇ (optional damping)",
    details: "Parameters: stiffness k (N/m, required), damping c (N·s/m, default 0), damping_onset δ_c \
              (m, default 0). For overlap δ = r₁ + r₂ − Δ > 0: E = ½kδ², F = kδ − c·min(δ/δ_c, 1)·Δ̇, \
              f = F∇Δ on the pair's DOFs, with exact ∂f/∂x, ∂f/∂v. Use δ_c > 0 with damping: it keeps \
              the residual continuous when a contact opens. Rejects pairs with δ ≤ 0. Source: mpacts \
              N_LinearForce; Pöschel & Schwager (2005) §2.",
};

impl ChainElement for LinearForce {
    fn doc(&self) -> &'static ElementDoc {
        &DOC
    }
    fn needs(&self) -> Needs {
        Needs::caps(Caps::GEOMETRY)
    }
    fn gives(&self) -> Gives {
        let g = Gives::caps(Caps::NORMAL_FORCE);
        if self.damping == 0.0 {
            g
        } else {
            g.dissipative()
        }
    }
    fn validate(&self) -> Result<(), String> {
        if !(self.stiffness.is_finite() && self.stiffness > 0.0) {
            return Err(format!(
                "stiffness must be a positive number (N/m), got {}",
                self.stiffness
            ));
        }
        if !(self.damping.is_finite() && self.damping >= 0.0) {
            return Err(format!("damping must be ≥ 0 (N·s/m), got {}", self.damping));
        }
        if !(self.damping_onset.is_finite() && self.damping_onset >= 0.0) {
            return Err(format!(
                "damping_onset must be ≥ 0 (m), got {}",
                self.damping_onset
            ));
        }
        Ok(())
    }
    fn evaluate(&self, _env: &Env, ctx: &mut ContactCtx) {
        let delta = -ctx.gap;
        if delta.is_nan() || delta <= 0.0 || ctx.distance <= 0.0 {
            ctx.reject = true;
            return;
        }
        let (k, c, dc) = (self.stiffness, self.damping, self.damping_onset);
        let v = ctx.velocity();
        let rate = ctx.grad.dot(&v);
        let ramping = dc > 0.0 && delta < dc;
        let w = if ramping { delta / dc } else { 1.0 };
        let fmag = k * delta - c * w * rate;
        ctx.normal_force += fmag.max(0.0);
        ctx.energy += 0.5 * k * delta * delta;
        ctx.force += ctx.grad * fmag;
        if ctx.want_jacobian {
            let g = ctx.grad;
            // ∂F/∂x
            let mut df = -g * k;
            if c != 0.0 {
                df -= ctx.rate_gradient(&v) * (c * w);
                if ramping {
                    df += g * (c * rate / dc);
                }
            }
            ctx.dfdx += g * df.transpose() + ctx.hess * fmag;
            if c != 0.0 {
                ctx.dfdv -= g * g.transpose() * (c * w);
            }
        }
    }
}
