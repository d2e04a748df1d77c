//! `N_MaugisDugdale_Int` and `N_MaugisDugdale_geo_Int` (mpacts, seed 003; Odenthal et al.,
//! PLoS Comput. Biol. 9 (2013) e1003267, Eqs. 11–12; Maugis, J. Colloid Interface Sci. 150
//! (1992) 243): Maugis–Dugdale adhesion integrated over a rounded triangle's polygon.
//!
//! With the encompassing spheres' overlap `δ > 0` and effective radius `R̂`, the Hertz modulus
//! `Ê` (`K = (4/3)Ê`), the work of adhesion `w` and the range `h₀` (`σ₀ = w/h₀`), the pressure
//! at in-plane distance `r` from the contact point is
//!
//! `p(r) = (2Ê/(πR̂)) √(a² − r²) − (σ₀/π) arccos[(2a² − c² − r²)/(c² − r²)]` for `r ≤ a`,
//! `p(r) = −σ₀` for `a < r ≤ c`, 0 beyond,
//!
//! whose integral over the disk `r ≤ c` is `F_s = K a³/R̂ − 2σ₀[c² arccos(a/c) + a√(c² − a²)]`
//! (Maugis' force, mpacts' `F_MD` added to Hertz's; checked in `tests/rounded_adhesion.rs`). The radii:
//!
//! * `N_MaugisDugdale_Int`: `(a, c)` solve Maugis' two equations at `δ` on the stable branch
//!   ([`MaugisDugdaleCurve::radii`], the solver of `N_MaugisDugdale`: safeguarded Newton in the
//!   contact radius, with `c` from the first equation by Newton in `u = √(c² − a²)`), so that
//!   `F_s` is `N_MaugisDugdale`'s force; fallback radius `a`;
//! * `N_MaugisDugdale_geo_Int`: `a = a_g = √(2R̂δ)`, the geometric contact radius (where the
//!   undeformed encompassing spheres cross, to first order in `δ/R̂`), and `c` from Maugis'
//!   first equation at that `a` ([`MaugisDugdaleCurve::adhesive_radius`]); fallback radius `c`
//!   (the seed's criterion `0.1(N_i − 2)N_Q πc² < A_i`).
//!
//! The pressure is integrated as the other `_Int` laws ([`super::integrate`]); their Jacobians
//! come from central differences of the whole kernel (the radii are re-solved at every
//! difference; their own derivative is the implicit-function one of `N_MaugisDugdale`).
//!
//! Range of action: both laws act while the encompassing spheres overlap (`δ > 0`). The force
//! jumps from 0 to `F_s(0⁺) < 0` at touch, as JKR's; the tensile branch `δ_c < δ ≤ 0` of an
//! established contact (`N_MaugisDugdale`'s history) is not modelled in the integrated forms:
//! a pulled contact lets go at `δ = 0`.

use super::elements::{NEEDS, integrate_law};
use super::pressure::{Dugdale, Field, PressureLaw};
use crate::contact::ctx::ContactCtx;
use crate::contact::element::{Caps, Category, ChainElement, ElementDoc, Env, Gives, Needs};
use crate::contact::normal::MaugisDugdaleCurve;
use crate::contact::normal::check_optional_positive;
use crate::contact::normal::check_positive;
use crate::contact::normal::effective::effective_modulus;
use serde::{Deserialize, Serialize};
use std::f64::consts::PI;

/// The parameters of a Maugis–Dugdale pressure.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MdPressure {
    /// Effective modulus `Ê` (Pa).
    pub modulus: f64,
    /// Work of adhesion `w` (J/m²).
    pub surface_energy: f64,
    /// Range `h₀` (m), `σ₀ = w/h₀`.
    pub range: f64,
    /// Whether `a` is the geometric contact radius (`_geo_Int`) rather than Maugis'.
    pub geometric: bool,
}

impl MdPressure {
    /// The field at overlap `delta > 0` (m) and effective radius `r_hat` (m).
    pub(super) fn field(&self, delta: f64, r_hat: f64) -> Field {
        let curve = MaugisDugdaleCurve::new(self.modulus, r_hat, self.surface_energy, self.range);
        let stress = self.surface_energy / self.range;
        let amplitude = 2.0 * self.modulus / (PI * r_hat);
        if self.geometric {
            let a = (2.0 * r_hat * delta).sqrt();
            let c = curve.adhesive_radius(a).max(a);
            let d = Dugdale { stress, a, c };
            let hertz = 4.0 / 3.0 * self.modulus * a * a * a / r_hat;
            Field::maugis_dugdale(amplitude, d, c, hertz + d.force())
        } else {
            let (a, c) = curve.radii(delta);
            let d = Dugdale {
                stress,
                a,
                c: c.max(a),
            };
            Field::maugis_dugdale(amplitude, d, a, curve.force(delta).force)
        }
    }
}

macro_rules! md_int {
    ($ty:ident, $doc:ident, $name:literal, $geometric:expr, $summary:literal, $details:literal) => {
        #[doc = concat!("`", $name, "`: Maugis–Dugdale pressure integrated over a rounded triangle's polygon.")]
        #[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
        #[serde(deny_unknown_fields)]
        pub struct $ty {
            /// Work of adhesion `w` (J/m², mpacts `attrConst`).
            pub surface_energy: f64,
            /// Range `h₀` (m) of the Dugdale traction `σ₀ = w/h₀` (mpacts `effective_range`).
            pub range: f64,
            /// Effective modulus `Ê` (Pa); default: from the materials of both sides.
            #[serde(default)]
            pub effective_modulus: Option<f64>,
        }

        impl Default for $ty {
            /// w = 1 mJ/m², h₀ = 1 µm.
            fn default() -> Self {
                Self {
                    surface_energy: 1e-3,
                    range: 1e-6,
                    effective_modulus: None,
                }
            }
        }

        static $doc: ElementDoc = ElementDoc {
            name: $name,
            category: Category::Normal,
            summary: $summary,
            details: $details,
        };

        impl ChainElement for $ty {
            fn doc(&self) -> &'static ElementDoc {
                &$doc
            }
            fn needs(&self) -> Needs {
                NEEDS
            }
            fn gives(&self) -> Gives {
                Gives::caps(Caps::PRESSURE.with(Caps::CONTACT_AREA)).dissipative()
            }
            fn validate(&self) -> Result<(), String> {
                check_positive("surface_energy", "J/m²", self.surface_energy)?;
                check_positive("range", "m", self.range)?;
                check_optional_positive("effective_modulus", "Pa", self.effective_modulus)
            }
            fn evaluate(&self, _env: &Env, ctx: &mut ContactCtx) {
                let modulus = effective_modulus(ctx, self.effective_modulus);
                integrate_law(
                    ctx,
                    PressureLaw::MaugisDugdale(MdPressure {
                        modulus,
                        surface_energy: self.surface_energy,
                        range: self.range,
                        geometric: $geometric,
                    }),
                );
            }
        }
    };
}

md_int!(
    MaugisDugdaleInt,
    MD_INT_DOC,
    "N_MaugisDugdale_Int",
    false,
    "Maugis–Dugdale pressure (Hertz + Dugdale traction σ₀ on a ≤ r ≤ c) integrated over a rounded triangle's polygon",
    "Parameters: surface_energy w (J/m², > 0, mpacts attrConst), range h₀ (m, > 0, mpacts \
     effective_range; σ₀ = w/h₀); optional effective_modulus Ê (Pa), by default from the bound \
     materials. With δ, R̂ and the contact point P of the encompassing spheres (RoundedTriangle_*), \
     (a, c) solve Maugis' equations at δ (Odenthal et al. 2013 Eqs. 11–12, the solver of \
     N_MaugisDugdale); the pressure p(r) = 2Ê/(πR̂)√(a² − r²) − (σ₀/π)arccos[(2a² − c² − r²)/(c² − r²)] \
     for r ≤ a, −σ₀ for a < r ≤ c, is integrated over the polygon clipped to the 16-gon about the \
     circle r = c (16-point rule per fan triangle) to a force and a moment about P; when \
     0.1(N_i − 2)·16·πa² < A_i, F = F_MD × A(polygon ∩ circle c)/(πc²) with F_MD = Ka³/R̂ − \
     2σ₀[c²arccos(a/c) + a√(c² − a²)] (K = 4Ê/3), N_MaugisDugdale's force. Acts while δ > 0 (no \
     tensile branch: lets go at δ = 0). For deformable cells prefer N_MaugisDugdale_geo_Int (the \
     seed's warning). Needs DistributeForcesAndMomentsToTriangle_1_Nodes after it. Source: mpacts \
     N_MaugisDugdale_Int (seed 003); Odenthal et al. 2013; Maugis (1992)."
);

md_int!(
    MaugisDugdaleGeoInt,
    MD_GEO_DOC,
    "N_MaugisDugdale_geo_Int",
    true,
    "Maugis–Dugdale pressure on the geometric contact radius a = √(2R̂δ), c from Maugis' first equation, integrated over a rounded triangle's polygon",
    "Parameters: surface_energy w (J/m², > 0), range h₀ (m, > 0; σ₀ = w/h₀); optional \
     effective_modulus Ê (Pa). As N_MaugisDugdale_Int, but a is fixed at the geometric contact \
     radius a = √(2R̂δ) of the encompassing spheres and c ≥ a solves Maugis' first equation at that a \
     (Odenthal et al. 2013 Eq. 11; Newton in √(c² − a²)); p(r) = 2Ê/(πR̂)√(a² − r²) − \
     (σ₀/π)arccos[(2a² − c² − r²)/(c² − r²)] (r ≤ a), −σ₀ (a < r ≤ c); full-sphere force \
     Ka³/R̂ − 2σ₀[c²arccos(a/c) + a√(c² − a²)]; the pressure is integrated unless \
     0.1(N_i − 2)·16·πc² < A_i (criterion on c). Acts while δ > 0. The form mpacts recommends for \
     deformable cells. Needs DistributeForcesAndMomentsToTriangle_1_Nodes after it. Source: mpacts \
     N_MaugisDugdale_geo_Int (seed 003); Odenthal et al. 2013; Maugis (1992)."
);
