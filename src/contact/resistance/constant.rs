//! `N_T_ConstantResistance`: a constant friction matrix between the two sides of a pair in
//! contact (mpacts `N_T_ConstantResistance`; seed 003):
//! `F = −Γ v_rel`, `Γ = γ_n nnᵀ + γ_t (I − nnᵀ)` ([`super::matrix`]), with `γ_n`, `γ_t` in N·s/m.
//!
//! It acts on pairs in contact: overlapping (`gap < 0`), or held by an earlier law of the
//! chain (an adhesive law's force at a positive gap); other pairs get nothing. Put it after the
//! normal and tangential laws (a friction law reads the normal force the chain has so far).

use super::matrix::{Resistance, add_resistance, check_coefficient, in_contact};
use crate::contact::ctx::ContactCtx;
use crate::contact::element::{Caps, Category, ChainElement, ElementDoc, Env, Gives, Needs};
use serde::{Deserialize, Serialize};

/// Constant normal and tangential resistance.
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ConstantResistance {
    /// Normal resistance `γ_n` (N·s/m).
    pub gamma_normal: f64,
    /// Tangential resistance `γ_t` (N·s/m).
    pub gamma_tangential: f64,
}

static DOC: ElementDoc = ElementDoc {
    name: "N_T_ConstantResistance",
    category: Category::Resistance,
    summary: "friction matrix Γ = γ_n nnᵀ + γ_t(I − nnᵀ), F = −Γ v_rel",
    details: "Parameters: gamma_normal γ_n and gamma_tangential γ_t (N·s/m, ≥ 0). v_rel: velocity of side 2 \
              against side 1 at the contact point (rotations included), n the normal from side 1 to side 2; \
              F = −Γ v_rel on side 2, −F on side 1, exact ∂f/∂x and ∂f/∂v. Acts on overlapping pairs and on \
              pairs an earlier law holds (a nonzero force); put it after the force laws. Dissipative. With \
              integrator: Overdamped it is the contact part of Γ in Γ v = F. Source: mpacts \
              N_T_ConstantResistance (seed 003).",
};

impl ChainElement for ConstantResistance {
    fn doc(&self) -> &'static ElementDoc {
        &DOC
    }
    fn needs(&self) -> Needs {
        Needs::caps(Caps::GEOMETRY)
    }
    fn gives(&self) -> Gives {
        Gives::caps(Caps::NORMAL_FORCE.with(Caps::TANGENTIAL_FORCE)).dissipative()
    }
    fn validate(&self) -> Result<(), String> {
        check_coefficient("gamma_normal", "N·s/m", self.gamma_normal)?;
        check_coefficient("gamma_tangential", "N·s/m", self.gamma_tangential)
    }
    fn evaluate(&self, _env: &Env, ctx: &mut ContactCtx) {
        if in_contact(ctx) {
            let g = Resistance::constant(self.gamma_normal, self.gamma_tangential);
            add_resistance(ctx, &g);
        }
    }
}
