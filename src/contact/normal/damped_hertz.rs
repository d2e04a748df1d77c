//! `N_DampedHertz`: Hertz repulsion with Kuwabara–Kono viscoelastic damping (mpacts
//! N_DampedHertz; Kuwabara & Kono, Jpn. J. Appl. Phys. 26 (1987) 1230; Brilliantov et al.,
//! Phys. Rev. E 53 (1996) 5382, Eq. 17; Pöschel & Schwager (2005) Eq. 2.14, p. 19).
//!
//! For overlap `δ > 0` (m) and overlap rate `δ̇` (m/s, positive while approaching):
//! * `F = (4/3) Ê √R̂ (δ^{3/2} + Â δ̇ δ^{1/2})` (N), with the dissipative constant `Â` (s);
//! * `∂F/∂δ = (4/3) Ê √R̂ ((3/2) δ^{1/2} + (1/2) Â δ̇ δ^{−1/2})`, `∂F/∂δ̇ = (4/3) Ê √R̂ Â δ^{1/2}`;
//! * energy: the elastic part `(8/15) Ê √R̂ δ^{5/2}` (J).
//!
//! The force is continuous at `δ = 0` (both terms vanish), but the damping term may make it
//! attractive near the end of a collision; it is assembled as is (mpacts), and friction laws
//! only see its positive part. Pairs with `δ ≤ 0` are rejected.

use super::effective::{check_non_negative, check_optional_positive, hertz_overlap};
use super::scalar_force::{ScalarForce, add_normal_force};
use crate::contact::ctx::ContactCtx;
use crate::contact::element::{Caps, Gives, Needs};
use crate::contact::element::{Category, ChainElement, ElementDoc, Env};
use serde::{Deserialize, Serialize};

/// Kuwabara–Kono damped Hertz law.
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DampedHertz {
    /// Dissipative constant `Â = (A₁ + A₂)/2` (s).
    pub damping_time: f64,
    /// Effective modulus `Ê` (Pa); default: from the materials of both sides.
    #[serde(default)]
    pub effective_modulus: Option<f64>,
    /// Effective radius `R̂` (m); default: `R₁R₂/(R₁ + R₂)`.
    #[serde(default)]
    pub effective_radius: Option<f64>,
}

/// `F(δ, δ̇)` with prefactor `K = (4/3) Ê √R̂` and dissipative constant `a` (s), at `δ > 0`.
pub(crate) fn damped_hertz(k: f64, a: f64, delta: f64, rate: f64) -> ScalarForce {
    let sq = delta.sqrt();
    ScalarForce {
        force: k * (delta * sq + a * rate * sq),
        d_overlap: k * (1.5 * sq + 0.5 * a * rate / sq),
        d_rate: k * a * sq,
        energy: 0.4 * k * delta * delta * sq,
    }
}

static DOC: ElementDoc = ElementDoc {
    name: "N_DampedHertz",
    category: Category::Normal,
    summary: "Hertz repulsion with Kuwabara–Kono damping, F = 4/3 Ê √R̂ (δ^{3/2} + Â δ̇ √δ)",
    details: "Parameters: damping_time Â (s, required, ≥ 0); optional effective_modulus Ê (Pa) and \
              effective_radius R̂ (m), by default from the bound materials and radii as for N_Hertz. \
              For overlap δ > 0 and overlap rate δ̇ (positive while approaching): \
              F = (4/3)Ê√R̂(δ^{3/2} + Âδ̇δ^{1/2}) along the normal, with exact ∂f/∂x and ∂f/∂v. \
              The damping may make F attractive at the end of a collision (assembled as is). \
              Rejects pairs with δ ≤ 0. Source: mpacts N_DampedHertz; Kuwabara & Kono (1987); \
              Brilliantov et al. (1996) Eq. 17; Pöschel & Schwager (2005) Eq. 2.14.",
};

impl ChainElement for DampedHertz {
    fn doc(&self) -> &'static ElementDoc {
        &DOC
    }
    fn needs(&self) -> Needs {
        Needs::caps(Caps::GEOMETRY)
    }
    fn gives(&self) -> Gives {
        let g = Gives::caps(Caps::NORMAL_FORCE.with(Caps::CONTACT_AREA));
        if self.damping_time == 0.0 {
            g
        } else {
            g.dissipative()
        }
    }
    fn validate(&self) -> Result<(), String> {
        check_non_negative("damping_time", "s", self.damping_time)?;
        check_optional_positive("effective_modulus", "Pa", self.effective_modulus)?;
        check_optional_positive("effective_radius", "m", self.effective_radius)
    }
    fn evaluate(&self, _env: &Env, ctx: &mut ContactCtx) {
        let Some((delta, rate, k)) =
            hertz_overlap(ctx, self.effective_modulus, self.effective_radius)
        else {
            return;
        };
        add_normal_force(ctx, damped_hertz(k, self.damping_time, delta, rate));
    }
}

#[cfg(test)]
mod tests {
    use super::super::scalar_force::check_partials;
    use super::*;

    #[test]
    fn partials_match_finite_differences() {
        for &d in &[1e-8, 1e-6, 1e-4] {
            for &rate in &[-0.3, 0.0, 0.02, 1.0] {
                check_partials(|d, r| damped_hertz(3e6, 2e-4, d, r), d, rate, 1e-6);
            }
        }
    }

    #[test]
    fn without_damping_it_is_hertz() {
        let a = damped_hertz(3e6, 0.0, 2e-5, 0.7);
        let b = super::super::hertz::hertz(3e6, 2e-5);
        assert_eq!(a.force, b.force);
        assert_eq!(a.d_overlap, b.d_overlap);
    }

    #[test]
    fn negative_damping_time_is_named() {
        let h = DampedHertz {
            damping_time: -1e-3,
            ..Default::default()
        };
        assert!(h.validate().unwrap_err().contains("damping_time"));
    }
}
