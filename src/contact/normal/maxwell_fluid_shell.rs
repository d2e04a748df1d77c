//! `MaxwellFluidShell` (mpacts, seed 003): the dashpot coefficient of a spring-like shell
//! connection for a given Maxwell relaxation time,
//!
//! `c = τ_R t₁₂ E / √3` (N·s/m),
//!
//! with `τ_R` the relaxation time (s), `E` the Young's modulus (Pa; the mean of the two sides'
//! materials) and `t₁₂` the thickness of the shell element (m; by default the mean of the two
//! sides' thicknesses, `r₁ + r₂` with a shell node's or edge's contact radius `h/2`; give
//! `thickness` for other primitives). It follows the spring law (`Spring`, `Spring_Damper`) and
//! hands `c` to the `SerialDashpot` after it, which relaxes the spring's rest length as
//! `dL₀/dt = −f₁₂/c`. With a spring stiffness `k`, the connection relaxes with the time
//! constant `c/k`: on a spring network with catena's shell-edge stiffness
//! `k = (√3/2) E h` (two triangles, `elastic::shell`), `c/k = (2/3) τ_R`.

use crate::contact::ctx::ContactCtx;
use crate::contact::element::{Caps, Category, ChainElement, ElementDoc, Env, Gives, Needs};
use serde::{Deserialize, Serialize};

/// The dashpot coefficient of a Maxwell fluid shell, for `SerialDashpot`.
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MaxwellFluidShell {
    /// Maxwell relaxation time `τ_R` (s).
    pub relaxation_time: f64,
    /// Thickness `t₁₂` (m); default: the sum of the two sides' contact radii (`h` for two
    /// nodes of a shell of thickness `h`).
    #[serde(default)]
    pub thickness: Option<f64>,
}

impl MaxwellFluidShell {
    /// `c = τ_R t₁₂ E/√3` (N·s/m) for the Young's modulus `youngs` (Pa) and thickness
    /// `thickness` (m).
    pub fn dashpot(&self, youngs: f64, thickness: f64) -> f64 {
        self.relaxation_time * thickness * youngs / 3f64.sqrt()
    }
}

static DOC: ElementDoc = ElementDoc {
    name: "MaxwellFluidShell",
    category: Category::Normal,
    summary: "dashpot coefficient c = τ_R t₁₂ E/√3 of a Maxwell fluid shell, for SerialDashpot",
    details: "After Spring or Spring_Damper, before SerialDashpot (which relaxes the spring's rest length \
              as dL₀/dt = −f₁₂/c). Parameters: relaxation_time τ_R (s); thickness t₁₂ (m, default r₁ + r₂, \
              i.e. h for two nodes or edges of a shell of thickness h). E (Pa) is the mean of the two \
              sides' Young's moduli. The connection relaxes with time constant c/k (k the spring's \
              stiffness). Source: mpacts MaxwellFluidShell (seed 003).",
};

impl ChainElement for MaxwellFluidShell {
    fn doc(&self) -> &'static ElementDoc {
        &DOC
    }
    fn needs(&self) -> Needs {
        Needs::caps(Caps::SPRING_REST)
    }
    fn gives(&self) -> Gives {
        Gives::caps(Caps::DASHPOT)
    }
    fn validate(&self) -> Result<(), String> {
        let t = self.relaxation_time;
        if !(t.is_finite() && t > 0.0) {
            return Err(format!(
                "relaxation_time must be a positive number (s), got {t}"
            ));
        }
        super::check_optional_positive("thickness", "m", self.thickness)
    }
    fn evaluate(&self, _env: &Env, ctx: &mut ContactCtx) {
        let youngs = 0.5 * (ctx.material[0].youngs_modulus + ctx.material[1].youngs_modulus);
        let thickness = self.thickness.unwrap_or(ctx.radius[0] + ctx.radius[1]);
        let c = self.dashpot(youngs, thickness);
        if let Some(spring) = ctx.spring.as_mut() {
            spring.dashpot = c;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dashpot_is_mpacts_formula() {
        let m = MaxwellFluidShell {
            relaxation_time: 2.0,
            thickness: None,
        };
        let c = m.dashpot(3e3, 1e-6);
        assert!((c - 2.0 * 1e-6 * 3e3 / 3f64.sqrt()).abs() < 1e-18);
        assert!(m.validate().is_ok());
        let bad = MaxwellFluidShell {
            relaxation_time: 0.0,
            thickness: None,
        };
        assert!(bad.validate().unwrap_err().contains("relaxation_time"));
    }
}
