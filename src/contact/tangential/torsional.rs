//! `T_TorsionalCoulombFriction`: the torque of Coulomb friction against the relative rotation
//! of two bodies about their normal (mpacts TorsionalCoulombFriction; Lubkin, J. Appl. Mech.
//! 18 (1951) 183 for the sliding moment of a circular contact).
//!
//! With the relative rotation `ω_r = ω₁ − ω₂` ([`super::relative_spin`]), its part about the
//! normal `u = nnᵀ ω_r`, the overlap `δ`, the Hertz contact radius `a = √(R̂ δ)` and area
//! `A_c = π a²`, and the positive normal force `F_n` of the normal laws before it:
//! * static (viscous) regime, torque on side 1: `M* = −c A_c/(2π) u = −(c R̂ δ/2) u` (N·m);
//! * sliding: `‖M‖ = (2/3) μ F_n a` — the moment of uniform shear `μ p` over the contact disc;
//! * `M = −min(c R̂δ/2 ‖u‖, (2/3) μ F_n a) û` with the C¹ blend of [`super::coulomb_cap`];
//!   reaction `−M` on side 2; exact derivatives through `u`, `δ` (`∂δ/∂x = −∇Δ`), `a` and `F_n`.
//!
//! mpacts writes the sliding moment with `R̂` in place of `a`; the contact radius is the length
//! over which the shear acts (Lubkin), so catena uses `a`.

use super::contact_frame::{ContactFrame, Mat3x12};
use super::coulomb::{check_smoothing, default_smoothing};
use super::coulomb_cap::cap;
use super::relative_spin::{RelativeSpin, projected};
use crate::contact::ctx::ContactCtx;
use crate::contact::element::{Caps, Category, ChainElement, ElementDoc, Env, Gives, Needs};
use crate::contact::normal::{check_non_negative, check_positive, effective_radius};
use serde::{Deserialize, Serialize};

/// Torsional Coulomb friction.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TorsionalCoulombFriction {
    /// Friction coefficient μ (−).
    pub mu: f64,
    /// Viscous coefficient `c` of the static regime (N·s/m): `M* = −c A_c/(2π) u`.
    pub c: f64,
    /// Relative half-width ε of the C¹ blend of the cap (−), default 0.02; 0 = exact.
    #[serde(default = "default_smoothing")]
    pub cap_smoothing: f64,
}

impl Default for TorsionalCoulombFriction {
    /// μ = 0.5, c = 10³ N·s/m.
    fn default() -> Self {
        Self {
            mu: 0.5,
            c: 1e3,
            cap_smoothing: default_smoothing(),
        }
    }
}

static DOC: ElementDoc = ElementDoc {
    name: "T_TorsionalCoulombFriction",
    category: Category::Tangential,
    summary: "torsional friction −min(c A_c/2π ‖u‖, 2/3 μ F_n a) û about the normal",
    details: "Parameters: mu μ (−, ≥ 0), c (N·s/m, > 0: viscous coefficient of the static \
              regime), cap_smoothing ε (−, default 0.02). u = nnᵀ(ω₁ − ω₂): relative rotation \
              about the normal of the sides that rotate; a = √(R̂δ), A_c = πa². Torque on side 1 \
              M = −min(c A_c/(2π)‖u‖, (2/3)μF_n a) u/‖u‖, reaction on side 2, exact ∂/∂x and ∂/∂v; \
              F_n from the normal laws before it. Combines with one friction law in a chain. \
              Source: mpacts TorsionalCoulombFriction (with the contact radius a in the sliding \
              moment, after Lubkin 1951).",
};

impl ChainElement for TorsionalCoulombFriction {
    fn doc(&self) -> &'static ElementDoc {
        &DOC
    }
    fn needs(&self) -> Needs {
        Needs::caps(Caps::NORMAL_FORCE)
    }
    fn gives(&self) -> Gives {
        Gives::caps(Caps::TANGENTIAL_FORCE).dissipative()
    }
    fn validate(&self) -> Result<(), String> {
        check_non_negative("mu", "−", self.mu)?;
        check_positive("c", "N·s/m", self.c)?;
        check_smoothing(self.cap_smoothing)
    }
    fn evaluate(&self, _env: &Env, ctx: &mut ContactCtx) {
        let delta = -ctx.gap;
        if self.mu == 0.0 || delta.is_nan() || delta <= 0.0 {
            return;
        }
        let (Some(spin), Some(fr)) = (RelativeSpin::new(ctx), ContactFrame::new(ctx)) else {
            return;
        };
        let (u, du_dx, p) = projected(&spin.w, &fr.n, &fr.dn_dx, false);
        let r = effective_radius(ctx, None);
        // k = c R̂ δ / 2, ∂k/∂x = −(c R̂/2) ∇Δ; a = √(R̂δ), ∂a/∂x = −(R̂/(2a)) ∇Δ.
        let k = 0.5 * self.c * r * delta;
        let dk = -ctx.grad * (0.5 * self.c * r);
        let a = (r * delta).sqrt();
        let da = -ctx.grad * (r / (2.0 * a));
        let trial_dx: Mat3x12 = -du_dx * k - u * dk.transpose();
        let trial_dv: Mat3x12 = -(p * spin.dw_dv) * k;
        let lim = 2.0 / 3.0 * self.mu;
        let capped = cap(
            -u * k,
            (&trial_dx, &trial_dv),
            lim * fr.normal_force * a,
            (
                &((fr.dfn_dx * a + da * fr.normal_force) * lim),
                &(fr.dfn_dv * (a * lim)),
            ),
            self.cap_smoothing,
        );
        spin.add_torque(ctx, capped.force, &capped.dx, &capped.dv);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_parameters_are_named() {
        let ok = TorsionalCoulombFriction::default();
        assert!(ok.validate().is_ok());
        let e = TorsionalCoulombFriction { mu: f64::NAN, ..ok };
        assert!(e.validate().unwrap_err().contains("mu"));
        let e = TorsionalCoulombFriction { c: -1.0, ..ok };
        assert!(e.validate().unwrap_err().starts_with("c must"));
    }
}
