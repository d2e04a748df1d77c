//! `N_DividingResistance`: the friction between the two particles of a cell in cytokinesis
//! (mpacts `N_DividingResistance`; seed 003), an isotropic friction matrix `Γ = γ I₃`:
//! `F = −γ v_rel` on side 2, `−F` on side 1, with `v_rel` the velocity of side 2 against
//! side 1 at the contact point ([`super::matrix`]; rotations included), at any distance.
//!
//! mpacts *sets* the pair's friction matrix with it (replacing what other resistance laws
//! added for division partners). In catena the partners have a binding of their own (see
//! `N_Dividing`), so the law is the only resistance that binding's chain holds and adding is
//! setting.

use super::matrix::{Resistance, add_resistance, check_coefficient};
use crate::contact::ctx::ContactCtx;
use crate::contact::element::{
    Caps, Category, ChainElement, ElementDoc, Env, Gives, Needs, SolverNeeds,
};
use serde::{Deserialize, Serialize};

/// Isotropic resistance between division partners.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DividingResistance {
    /// The resistance `γ` (N·s/m) on every direction of the relative velocity.
    pub gamma: f64,
}

impl Default for DividingResistance {
    /// γ = 1 N·s/m.
    fn default() -> Self {
        Self { gamma: 1.0 }
    }
}

static DOC: ElementDoc = ElementDoc {
    name: "N_DividingResistance",
    category: Category::Resistance,
    summary: "friction between division partners: Γ = γ I₃, F = −γ v_rel at any distance",
    details: "Parameter: gamma γ (N·s/m, ≥ 0). v_rel: velocity of side 2 against side 1 at the contact \
              point (rotations included); F = −γ v_rel on side 2, −F on side 1, exact ∂f/∂x and ∂f/∂v. \
              Acts at any distance within the binding's keep distance (the partners of a dividing cell \
              are held together whether they overlap or not). mpacts sets the partners' friction matrix \
              with it; in catena the partners have a binding of their own (see N_Dividing), where adding \
              is setting. Dissipative. Source: mpacts N_DividingResistance (seed 003).",
};

impl ChainElement for DividingResistance {
    fn doc(&self) -> &'static ElementDoc {
        &DOC
    }
    fn needs(&self) -> Needs {
        Needs::caps(Caps::GEOMETRY).with_solver(SolverNeeds::BEYOND_REACH)
    }
    fn gives(&self) -> Gives {
        Gives::caps(Caps::NORMAL_FORCE.with(Caps::TANGENTIAL_FORCE)).dissipative()
    }
    fn validate(&self) -> Result<(), String> {
        check_coefficient("gamma", "N·s/m", self.gamma)
    }
    fn evaluate(&self, _env: &Env, ctx: &mut ContactCtx) {
        add_resistance(ctx, &Resistance::constant(self.gamma, self.gamma));
    }
}
