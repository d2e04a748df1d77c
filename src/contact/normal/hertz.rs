//! `N_Hertz`: Hertz's elastic repulsion between curved bodies (mpacts N_Hertz; Hertz 1882;
//! Johnson, *Contact Mechanics* (1985) Eq. 4.22; Pöschel & Schwager, *Computational Granular
//! Dynamics* (2005) Eq. 2.9).
//!
//! For overlap `δ = r₁ + r₂ − Δ > 0` (m):
//! * `F = (4/3) Ê √R̂ δ^{3/2}` (N), `∂F/∂δ = 2 Ê √R̂ δ^{1/2}`;
//! * energy `E = (8/15) Ê √R̂ δ^{5/2}` (J);
//! * `Ê`, `R̂` as in [`super::effective`] (from the bound materials and radii unless given).
//!
//! Pairs with `δ ≤ 0` are rejected (no force).

use super::effective::{check_optional_positive, hertz_overlap};
use super::scalar_force::{ScalarForce, add_normal_force};
use crate::contact::ctx::ContactCtx;
use crate::contact::element::{Caps, Gives, Needs};
use crate::contact::element::{Category, ChainElement, ElementDoc, Env};
use serde::{Deserialize, Serialize};

/// Hertz repulsion.
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Hertz {
    /// Effective modulus `Ê` (Pa); default: from the materials of both sides.
    #[serde(default)]
    pub effective_modulus: Option<f64>,
    /// Effective radius `R̂` (m); default: `R₁R₂/(R₁ + R₂)` from the radii of both sides.
    #[serde(default)]
    pub effective_radius: Option<f64>,
}

/// `F`, `∂F/∂δ` and energy of Hertz's law with prefactor `K = (4/3) Ê √R̂` (N/m^{3/2}) at `δ > 0`.
pub(crate) fn hertz(k: f64, delta: f64) -> ScalarForce {
    let sq = delta.sqrt();
    ScalarForce {
        force: k * delta * sq,
        d_overlap: 1.5 * k * sq,
        d_rate: 0.0,
        energy: 0.4 * k * delta * delta * sq,
    }
}

static DOC: ElementDoc = ElementDoc {
    name: "N_Hertz",
    category: Category::Normal,
    summary: "Hertz elastic repulsion, F = 4/3 Ê √R̂ δ^{3/2}",
    details: "Parameters (optional; write `N_Hertz()` for none): effective_modulus Ê (Pa), effective_radius R̂ (m). By default \
              1/Ê = (1 − ν₁²)/E₁ + (1 − ν₂²)/E₂ from the bound materials and R̂ = R₁R₂/(R₁ + R₂) \
              from the radii (a plane is rigid and flat). For overlap δ = r₁ + r₂ − Δ > 0: \
              F = (4/3)Ê√R̂ δ^{3/2} along the normal, E = (8/15)Ê√R̂ δ^{5/2}, exact ∂f/∂x. \
              Rejects pairs with δ ≤ 0. Source: mpacts N_Hertz; Johnson (1985) Eq. 4.22; \
              Pöschel & Schwager (2005) Eq. 2.9.",
};

impl ChainElement for Hertz {
    fn doc(&self) -> &'static ElementDoc {
        &DOC
    }
    fn needs(&self) -> Needs {
        Needs::caps(Caps::GEOMETRY)
    }
    fn gives(&self) -> Gives {
        Gives::caps(Caps::NORMAL_FORCE.with(Caps::CONTACT_AREA))
    }
    fn validate(&self) -> Result<(), String> {
        check_optional_positive("effective_modulus", "Pa", self.effective_modulus)?;
        check_optional_positive("effective_radius", "m", self.effective_radius)
    }
    fn evaluate(&self, _env: &Env, ctx: &mut ContactCtx) {
        let Some((delta, _, k)) = hertz_overlap(ctx, self.effective_modulus, self.effective_radius)
        else {
            return;
        };
        add_normal_force(ctx, hertz(k, delta));
    }
}

#[cfg(test)]
mod tests {
    use super::super::scalar_force::check_partials;
    use super::*;

    #[test]
    fn partials_and_energy_match_finite_differences() {
        for &d in &[1e-9, 1e-6, 1e-4, 3e-3] {
            check_partials(|d, _| hertz(2.5e6, d), d, 0.0, 1e-6);
        }
    }

    #[test]
    fn force_is_four_thirds_e_sqrt_r_delta_three_halves() {
        // Ê = 1e7 Pa, R̂ = 4 mm, δ = 10 µm: F = 4/3·1e7·√0.004·1e-5^{3/2}.
        let k = 4.0 / 3.0 * 1e7 * 0.004_f64.sqrt();
        let f = hertz(k, 1e-5).force;
        let expected = 4.0 / 3.0 * 1e7 * 0.004_f64.sqrt() * 1e-5_f64.powf(1.5);
        assert!((f - expected).abs() < 1e-12 * expected);
    }

    #[test]
    fn bad_parameters_are_named() {
        let h = Hertz {
            effective_modulus: Some(-1.0),
            effective_radius: None,
        };
        assert!(h.validate().unwrap_err().contains("effective_modulus"));
        let h = Hertz {
            effective_modulus: None,
            effective_radius: Some(0.0),
        };
        assert!(h.validate().unwrap_err().contains("effective_radius"));
    }
}
