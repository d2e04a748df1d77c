//! `N_T_MaterialSpecificConstantResistance`: a constant friction matrix whose coefficients
//! belong to the two sides (mpacts `N_T_MaterialSpecificConstantResistance`; seed 003): each
//! side `s` has its own `γ_n,s`, `γ_t,s` (e.g. a cell's membrane against a substrate), and the
//! pair's are their series combination `γ = γ₁γ₂/(γ₁ + γ₂)` (two viscous layers in series, the
//! way the effective modulus combines the sides' compliances; 0 when either is 0). mpacts leaves
//! the combination to the user's parameter arrays; catena documents this one. Then
//! `F = −Γ v_rel`, `Γ = γ_n nnᵀ + γ_t(I − nnᵀ)` ([`super::matrix`]), on pairs in contact as
//! [`super::ConstantResistance`].

use super::matrix::{Resistance, add_resistance, check_coefficient, in_contact};
use crate::contact::ctx::ContactCtx;
use crate::contact::element::{Caps, Category, ChainElement, ElementDoc, Env, Gives, Needs};
use serde::{Deserialize, Serialize};

/// Per-side normal and tangential resistances, combined in series.
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MaterialSpecificConstantResistance {
    /// Normal resistance of side 1 `γ_n,1` (N·s/m).
    pub gamma_normal1: f64,
    /// Normal resistance of side 2 `γ_n,2` (N·s/m).
    pub gamma_normal2: f64,
    /// Tangential resistance of side 1 `γ_t,1` (N·s/m).
    pub gamma_tangential1: f64,
    /// Tangential resistance of side 2 `γ_t,2` (N·s/m).
    pub gamma_tangential2: f64,
}

/// `γ₁γ₂/(γ₁ + γ₂)`, 0 when either is 0.
pub(super) fn series(a: f64, b: f64) -> f64 {
    if a == 0.0 || b == 0.0 {
        0.0
    } else {
        a * b / (a + b)
    }
}

static DOC: ElementDoc = ElementDoc {
    name: "N_T_MaterialSpecificConstantResistance",
    category: Category::Resistance,
    summary: "friction matrix of per-side coefficients combined in series, γ = γ₁γ₂/(γ₁ + γ₂)",
    details: "Parameters: gamma_normal1, gamma_normal2, gamma_tangential1, gamma_tangential2 (N·s/m, ≥ 0): \
              each side's resistances. The pair's γ_n and γ_t are the series combinations γ₁γ₂/(γ₁ + γ₂) \
              (catena's documented choice); then as N_T_ConstantResistance: F = −[γ_n nnᵀ + γ_t(I − nnᵀ)] \
              v_rel on pairs in contact, exact derivatives. Dissipative. Source: mpacts \
              N_T_MaterialSpecificConstantResistance (seed 003).",
};

impl ChainElement for MaterialSpecificConstantResistance {
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
        check_coefficient("gamma_normal1", "N·s/m", self.gamma_normal1)?;
        check_coefficient("gamma_normal2", "N·s/m", self.gamma_normal2)?;
        check_coefficient("gamma_tangential1", "N·s/m", self.gamma_tangential1)?;
        check_coefficient("gamma_tangential2", "N·s/m", self.gamma_tangential2)
    }
    fn evaluate(&self, _env: &Env, ctx: &mut ContactCtx) {
        if in_contact(ctx) {
            let g = Resistance::constant(
                series(self.gamma_normal1, self.gamma_normal2),
                series(self.gamma_tangential1, self.gamma_tangential2),
            );
            add_resistance(ctx, &g);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::series;

    #[test]
    fn series_combination() {
        assert_eq!(series(2.0, 2.0), 1.0);
        assert_eq!(series(0.0, 5.0), 0.0);
        assert!((series(1.0, 3.0) - 0.75).abs() < 1e-15);
    }
}
