//! `N_T_MaterialSpecificAreaWeightedResistance`: a friction matrix proportional to the contact
//! area whose coefficients belong to the two sides (mpacts
//! `N_T_MaterialSpecificAreaWeightedResistance`; seed 003):
//!
//! `F = −A_c Γ v_rel`, `Γ = γ_n nnᵀ + γ_t (I − nnᵀ)`, `γ = γ₁γ₂/(γ₁ + γ₂)` per component,
//!
//! each side `s` with its own `γ_n,s`, `γ_t,s` (Pa·s/m: resistance per unit contact area),
//! combined in series as in [`super::MaterialSpecificConstantResistance`] (mpacts leaves the
//! combination to its parameter arrays; catena documents this one), and `A_c = π R̂ δ` the
//! Hertz contact area of [`super::AreaWeightedResistance`] (m², zero without overlap,
//! `∇A_c = −π R̂ ∇Δ` in the exact Jacobian). It is that element with the combined
//! coefficients, term for term.

use super::AreaWeightedResistance;
use super::material_specific::series;
use super::matrix::check_coefficient;
use crate::contact::ctx::ContactCtx;
use crate::contact::element::{Caps, Category, ChainElement, ElementDoc, Env, Gives, Needs};
use serde::{Deserialize, Serialize};

/// Per-side normal and tangential resistances per unit contact area, combined in series.
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MaterialSpecificAreaWeightedResistance {
    /// Normal resistance per unit area of side 1 `γ_n,1` (Pa·s/m).
    pub gamma_normal1: f64,
    /// Normal resistance per unit area of side 2 `γ_n,2` (Pa·s/m).
    pub gamma_normal2: f64,
    /// Tangential resistance per unit area of side 1 `γ_t,1` (Pa·s/m).
    pub gamma_tangential1: f64,
    /// Tangential resistance per unit area of side 2 `γ_t,2` (Pa·s/m).
    pub gamma_tangential2: f64,
    /// Effective radius `R̂` (m) when given; default `R₁R₂/(R₁ + R₂)` from the sides.
    #[serde(default)]
    pub effective_radius: Option<f64>,
}

impl MaterialSpecificAreaWeightedResistance {
    /// The area-weighted law with the sides' coefficients combined in series.
    pub fn combined(&self) -> AreaWeightedResistance {
        AreaWeightedResistance {
            gamma_normal: series(self.gamma_normal1, self.gamma_normal2),
            gamma_tangential: series(self.gamma_tangential1, self.gamma_tangential2),
            effective_radius: self.effective_radius,
        }
    }
}

static DOC: ElementDoc = ElementDoc {
    name: "N_T_MaterialSpecificAreaWeightedResistance",
    category: Category::Resistance,
    summary: "friction matrix A_c[γ_n nnᵀ + γ_t(I − nnᵀ)], per-side γ in series, A_c = πR̂δ",
    details: "Parameters: gamma_normal1, gamma_normal2, gamma_tangential1, gamma_tangential2 (Pa·s/m, ≥ 0): \
              each side's resistance per unit contact area; effective_radius R̂ (m, optional; default \
              R₁R₂/(R₁ + R₂)). The pair's γ_n and γ_t are the series combinations γ₁γ₂/(γ₁ + γ₂) \
              (catena's documented choice, as N_T_MaterialSpecificConstantResistance); then as \
              N_T_AreaWeightedResistance: F = −A_c[γ_n nnᵀ + γ_t(I − nnᵀ)] v_rel with the Hertz area \
              A_c = πR̂δ (zero without overlap), exact ∂f/∂x (∇A_c = −πR̂∇Δ) and ∂f/∂v. Dissipative. \
              Source: mpacts N_T_MaterialSpecificAreaWeightedResistance (seed 003).",
};

impl ChainElement for MaterialSpecificAreaWeightedResistance {
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
        check_coefficient("gamma_normal1", "Pa·s/m", self.gamma_normal1)?;
        check_coefficient("gamma_normal2", "Pa·s/m", self.gamma_normal2)?;
        check_coefficient("gamma_tangential1", "Pa·s/m", self.gamma_tangential1)?;
        check_coefficient("gamma_tangential2", "Pa·s/m", self.gamma_tangential2)?;
        crate::contact::normal::check_optional_positive(
            "effective_radius",
            "m",
            self.effective_radius,
        )
    }
    fn evaluate(&self, env: &Env, ctx: &mut ContactCtx) {
        self.combined().evaluate(env, ctx);
    }
}
