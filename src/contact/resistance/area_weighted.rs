//! `N_T_AreaWeightedResistance`: a friction matrix proportional to the contact area (mpacts
//! `N_T_AreaWeightedResistance`; seed 003): `F = −A_c Γ v_rel` with
//! `Γ = γ_n nnᵀ + γ_t (I − nnᵀ)` ([`super::matrix`]), `γ_n`, `γ_t` in Pa·s/m.
//!
//! The contact area is the Hertz contact circle's, `A_c = π a² = π R̂ δ` (m²), with the overlap
//! `δ = −gap` and the effective radius `1/R̂ = 1/R₁ + 1/R₂` (planes and shell triangles are
//! flat; Johnson 1985, §4.2): `∇A_c = −π R̂ ∇Δ`, so the coefficients' gradient enters the
//! Jacobian exactly. Zero without overlap (the area vanishes at first touch, so the force is
//! continuous), and for pairs without a finite `R̂` (two flat sides).

use super::matrix::{Resistance, add_resistance, check_coefficient};
use crate::contact::ctx::ContactCtx;
use crate::contact::element::{Caps, Category, ChainElement, ElementDoc, Env, Gives, Needs};
use crate::contact::normal::effective_radius;
use serde::{Deserialize, Serialize};
use std::f64::consts::PI;

/// Normal and tangential resistance per unit contact area.
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AreaWeightedResistance {
    /// Normal resistance per unit area `γ_n` (Pa·s/m).
    pub gamma_normal: f64,
    /// Tangential resistance per unit area `γ_t` (Pa·s/m).
    pub gamma_tangential: f64,
    /// Effective radius `R̂` (m) when given; default `R₁R₂/(R₁ + R₂)` from the sides.
    #[serde(default)]
    pub effective_radius: Option<f64>,
}

static DOC: ElementDoc = ElementDoc {
    name: "N_T_AreaWeightedResistance",
    category: Category::Resistance,
    summary: "friction matrix A_c[γ_n nnᵀ + γ_t(I − nnᵀ)] with the contact area A_c = πR̂δ",
    details: "Parameters: gamma_normal γ_n and gamma_tangential γ_t (Pa·s/m, ≥ 0), effective_radius R̂ (m, \
              optional; default R₁R₂/(R₁ + R₂), planes and shell triangles flat). A_c = πR̂δ is the Hertz \
              contact area at overlap δ = −gap (zero without overlap); F = −A_c Γ v_rel on side 2, −F on \
              side 1, exact ∂f/∂x (∇A_c = −πR̂∇Δ) and ∂f/∂v. Dissipative. Source: mpacts \
              N_T_AreaWeightedResistance (seed 003); Hertz area, Johnson (1985) §4.2.",
};

impl ChainElement for AreaWeightedResistance {
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
        check_coefficient("gamma_normal", "Pa·s/m", self.gamma_normal)?;
        check_coefficient("gamma_tangential", "Pa·s/m", self.gamma_tangential)?;
        crate::contact::normal::check_optional_positive(
            "effective_radius",
            "m",
            self.effective_radius,
        )
    }
    fn evaluate(&self, _env: &Env, ctx: &mut ContactCtx) {
        let delta = -ctx.gap;
        let r = effective_radius(ctx, self.effective_radius);
        if !(delta > 0.0 && r.is_finite()) {
            return;
        }
        let area = PI * r * delta;
        let d_area = -(ctx.grad * (PI * r));
        let g = Resistance {
            normal: area * self.gamma_normal,
            tangential: area * self.gamma_tangential,
            d_normal: d_area * self.gamma_normal,
            d_tangential: d_area * self.gamma_tangential,
        };
        add_resistance(ctx, &g);
    }
}
