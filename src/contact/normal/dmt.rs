//! `N_DMT`: Derjaguin–Muller–Toporov adhesive contact (mpacts N_DMT; Derjaguin, Muller &
//! Toporov, J. Colloid Interface Sci. 53 (1975) 314; Johnson & Greenwood, J. Colloid Interface
//! Sci. 192 (1997) 326). The DMT limit holds for small, stiff spheres (low Tabor coefficient).
//!
//! For overlap `δ > 0` (m), with the work of adhesion `w` (J/m², mpacts `attrConst` σ):
//! * `F = (4/3) Ê √R̂ δ^{3/2} − 2π w R̂` (N): Hertz repulsion plus a constant pull;
//! * `∂F/∂δ = 2 Ê √R̂ δ^{1/2}`; energy `E = (8/15) Ê √R̂ δ^{5/2} − 2π w R̂ δ` (J);
//! * `Ê`, `R̂` as for `N_Hertz`.
//!
//! The pull acts from first touch (`δ = 0⁺`) and vanishes when the bodies part: the force jumps
//! by `2πwR̂` at `δ = 0` (the DMT pull-off force). Pairs with `δ ≤ 0` are rejected.

use super::effective::{
    check_optional_positive, check_positive, effective_modulus, effective_radius,
};
use super::hertz::hertz;
use super::scalar_force::{ScalarForce, add_normal_force, overlap_and_rate};
use crate::contact::ctx::ContactCtx;
use crate::contact::element::{Caps, Gives, Needs};
use crate::contact::element::{Category, ChainElement, ElementDoc, Env};
use serde::{Deserialize, Serialize};
use std::f64::consts::PI;

/// DMT adhesive Hertz contact.
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Dmt {
    /// Work of adhesion `w` (J/m²).
    pub surface_energy: f64,
    /// Effective modulus `Ê` (Pa); default: from the materials of both sides.
    #[serde(default)]
    pub effective_modulus: Option<f64>,
    /// Effective radius `R̂` (m); default: `R₁R₂/(R₁ + R₂)`.
    #[serde(default)]
    pub effective_radius: Option<f64>,
}

/// `F(δ)` of DMT with Hertz prefactor `k = (4/3)Ê√R̂` and pull `p = 2πwR̂`, at `δ > 0`.
pub(crate) fn dmt(k: f64, pull: f64, delta: f64) -> ScalarForce {
    let h = hertz(k, delta);
    ScalarForce {
        force: h.force - pull,
        energy: h.energy - pull * delta,
        ..h
    }
}

static DOC: ElementDoc = ElementDoc {
    name: "N_DMT",
    category: Category::Normal,
    summary: "DMT adhesion: Hertz repulsion minus a constant pull, F = 4/3 Ê √R̂ δ^{3/2} − 2π w R̂",
    details: "Parameters: surface_energy w (J/m², work of adhesion, mpacts attrConst σ; required > 0); optional \
              effective_modulus Ê (Pa), effective_radius R̂ (m), by default as for N_Hertz. For overlap δ > 0: \
              F = (4/3)Ê√R̂δ^{3/2} − 2πwR̂ along the normal, E = (8/15)Ê√R̂δ^{5/2} − 2πwR̂δ, exact ∂f/∂x. \
              The pull-off force is 2πwR̂ (the force jumps to 0 when the bodies part). Rejects δ ≤ 0. \
              Source: mpacts N_DMT; Derjaguin, Muller & Toporov (1975); Johnson & Greenwood (1997).",
};

impl ChainElement for Dmt {
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
        check_positive("surface_energy", "J/m²", self.surface_energy)?;
        check_optional_positive("effective_modulus", "Pa", self.effective_modulus)?;
        check_optional_positive("effective_radius", "m", self.effective_radius)
    }
    fn evaluate(&self, _env: &Env, ctx: &mut ContactCtx) {
        let (delta, _) = overlap_and_rate(ctx);
        if delta.is_nan() || delta <= 0.0 || ctx.distance <= 0.0 {
            ctx.reject = true;
            return;
        }
        let e = effective_modulus(ctx, self.effective_modulus);
        let r = effective_radius(ctx, self.effective_radius);
        let k = 4.0 / 3.0 * e * r.sqrt();
        ctx.contact_area = PI * r * delta;
        add_normal_force(ctx, dmt(k, 2.0 * PI * self.surface_energy * r, delta));
    }
}

#[cfg(test)]
mod tests {
    use super::super::scalar_force::check_partials;
    use super::*;

    #[test]
    fn partials_and_energy_match_finite_differences() {
        for &d in &[1e-8, 1e-6, 1e-4] {
            check_partials(|d, _| dmt(2e6, 0.05, d), d, 0.0, 1e-6);
        }
    }

    #[test]
    fn pull_at_first_touch_is_two_pi_w_r() {
        let (w, r) = (0.05, 0.004);
        let f = dmt(2e6, 2.0 * PI * w * r, 1e-15).force;
        assert!((f + 2.0 * PI * w * r).abs() < 1e-9);
    }

    #[test]
    fn missing_surface_energy_is_named() {
        assert!(
            Dmt::default()
                .validate()
                .unwrap_err()
                .contains("surface_energy")
        );
    }
}
