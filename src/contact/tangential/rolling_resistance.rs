//! `T_RollingResistance`: a constant directional rolling-resistance torque (Ai, Chen, Rotter &
//! Ooi, Powder Technol. 206 (2011) 269, model A; the `epsd`-free form used by LIGGGHTS), with a
//! viscous regularisation so that Newton sees a continuous torque.
//!
//! With the relative rotation `ω_r = ω₁ − ω₂` of the sides ([`super::relative_spin`]), its
//! rolling part `u = (I − nnᵀ) ω_r` (across the normal `n`), the positive normal force `F_n`
//! of the normal laws before it and `R̂` as for Hertz:
//! * trial torque on side 1 `M* = −c_r u` (N·m), reaction `−M*` on side 2;
//! * capped at `L = μ_r R̂ F_n`: `M = −min(c_r‖u‖, μ_r R̂ F_n) û` (the C¹ blend of
//!   [`super::coulomb_cap`], half-width `cap_smoothing`), i.e. the constant torque
//!   `μ_r R̂ F_n` against the rolling direction once `‖u‖ > μ_r R̂ F_n / c_r`;
//! * exact derivatives: `∂M*/∂x = −c_r ∂u/∂x` (through `∂n/∂x`), `∂M*/∂v = −c_r (I − nnᵀ)
//!   ∂ω_r/∂v`, `∂L = μ_r R̂ ∂F_n`.
//!
//! It only acts on sides that rotate (rotating spheres); put every normal law first.

use super::contact_frame::ContactFrame;
use super::coulomb::{check_smoothing, default_smoothing};
use super::coulomb_cap::cap;
use super::relative_spin::{RelativeSpin, projected};
use crate::contact::ctx::ContactCtx;
use crate::contact::element::{Caps, Category, ChainElement, ElementDoc, Env, Gives, Needs};
use crate::contact::normal::{check_non_negative, check_positive, effective_radius};
use serde::{Deserialize, Serialize};

/// Constant directional rolling resistance.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RollingResistance {
    /// Rolling-resistance coefficient μ_r (−): the torque is `μ_r R̂ F_n`.
    pub mu_r: f64,
    /// Regularising rotational dashpot `c_r` (N·m·s): below `‖u‖ = μ_r R̂ F_n / c_r` the torque
    /// is viscous.
    pub c_r: f64,
    /// Relative half-width ε of the C¹ blend of the cap (−), default 0.02; 0 = exact.
    #[serde(default = "default_smoothing")]
    pub cap_smoothing: f64,
}

impl Default for RollingResistance {
    /// μ_r = 0.1, c_r = 10⁻³ N·m·s.
    fn default() -> Self {
        Self {
            mu_r: 0.1,
            c_r: 1e-3,
            cap_smoothing: default_smoothing(),
        }
    }
}

static DOC: ElementDoc = ElementDoc {
    name: "T_RollingResistance",
    category: Category::Tangential,
    summary: "rolling-resistance torque −min(c_r‖u‖, μ_r R̂ F_n) û against the relative rolling",
    details: "Parameters: mu_r μ_r (−, ≥ 0), c_r (N·m·s, > 0: regularising rotational dashpot), \
              cap_smoothing ε (−, default 0.02). u = (I − nnᵀ)(ω₁ − ω₂): the relative rotation \
              across the normal of the sides that rotate. Torque on side 1 M = −min(c_r‖u‖, \
              μ_r R̂ F_n) u/‖u‖, reaction on side 2, with exact ∂/∂x and ∂/∂v; F_n from the normal \
              laws before it. Combines with one friction law in a chain. Source: Ai et al. (2011) \
              model A; Iwashita & Oda (1998).",
};

impl ChainElement for RollingResistance {
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
        check_non_negative("mu_r", "−", self.mu_r)?;
        check_positive("c_r", "N·m·s", self.c_r)?;
        check_smoothing(self.cap_smoothing)
    }
    fn evaluate(&self, _env: &Env, ctx: &mut ContactCtx) {
        if self.mu_r == 0.0 {
            return;
        }
        let (Some(spin), Some(fr)) = (RelativeSpin::new(ctx), ContactFrame::new(ctx)) else {
            return;
        };
        let (u, du_dx, p) = projected(&spin.w, &fr.n, &fr.dn_dx, true);
        let c = self.c_r;
        let scale = self.mu_r * effective_radius(ctx, None);
        let capped = cap(
            -u * c,
            (&(-du_dx * c), &(-(p * spin.dw_dv) * c)),
            scale * fr.normal_force,
            (&(fr.dfn_dx * scale), &(fr.dfn_dv * scale)),
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
        let ok = RollingResistance::default();
        assert!(ok.validate().is_ok());
        let e = RollingResistance { mu_r: -0.1, ..ok };
        assert!(e.validate().unwrap_err().contains("mu_r"));
        let e = RollingResistance { c_r: 0.0, ..ok };
        assert!(e.validate().unwrap_err().contains("c_r"));
    }
}
