//! `Spring_Damper`: the linear [`super::Spring`] with a dashpot on the distance rate (mpacts
//! Spring_Damper): `F = k (d₀ − d) − c ḋ` (N), `c` in N·s/m, `ḋ = Δ̇` the normal relative velocity
//! (positive while separating). Reference length, stiffnesses and rupture as for `Spring`; the
//! dashpot adds `∂F/∂δ̇ = c` (so `∂f/∂v = −c ∇Δ∇Δᵀ`).

use super::spring::{RestLength, Spring, SpringLaw};
use crate::contact::ctx::ContactCtx;
use crate::contact::element::{Caps, Gives, MemorySpec, Needs, SolverNeeds};
use crate::contact::element::{Category, ChainElement, ElementDoc, Env};
use serde::{Deserialize, Serialize};

/// Linear spring and dashpot in parallel.
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SpringDamper {
    /// Stiffness `k` (N/m) in stretch and compression, unless overridden below.
    #[serde(default)]
    pub stiffness: Option<f64>,
    /// Stiffness when stretched (N/m).
    #[serde(default)]
    pub k_stretch: Option<f64>,
    /// Stiffness when compressed (N/m).
    #[serde(default)]
    pub k_compress: Option<f64>,
    /// Dashpot coefficient `c` (N·s/m).
    pub damping: f64,
    /// Reference distance `d₀` (m); default: the distance when the pair is first evaluated.
    #[serde(default)]
    pub rest_length: Option<f64>,
    /// The spring breaks permanently when the distance exceeds this (m).
    #[serde(default)]
    pub rupture_length: Option<f64>,
}

impl SpringDamper {
    fn law(&self) -> SpringLaw {
        let (ks, kc) = Spring::stiffnesses(self.stiffness, self.k_stretch, self.k_compress);
        SpringLaw {
            k_stretch: ks,
            k_compress: kc,
            rest_length: self.rest_length,
            rupture_length: self.rupture_length,
            damping: self.damping,
        }
    }
}

static DOC: ElementDoc = ElementDoc {
    name: "Spring_Damper",
    category: Category::Normal,
    summary: "linear spring and dashpot on the centre distance, F = k (d₀ − d) − c ḋ",
    details: "Parameters: stiffness k (N/m) or k_stretch and k_compress (N/m); damping c (N·s/m, required); \
              rest_length d₀ (m, default: distance at first evaluation, kept in history); rupture_length \
              d_max (m, default none). d = Δ, ḋ = ∇Δ·v (positive while separating). \
              F = k(d₀ − d) − cḋ along the normal, exact ∂f/∂x and ∂f/∂v. Source: mpacts Spring_Damper.",
};

impl ChainElement for SpringDamper {
    fn doc(&self) -> &'static ElementDoc {
        &DOC
    }
    fn needs(&self) -> Needs {
        Needs::caps(Caps::GEOMETRY)
            .with_solver(SolverNeeds::BEYOND_REACH)
            .with_memory(MemorySpec::of::<RestLength>())
    }
    fn gives(&self) -> Gives {
        let g = Gives::caps(Caps::NORMAL_FORCE.with(Caps::SPRING_REST));
        if self.damping == 0.0 {
            g
        } else {
            g.dissipative()
        }
    }
    fn validate(&self) -> Result<(), String> {
        self.law().validate()
    }
    fn evaluate(&self, _env: &Env, ctx: &mut ContactCtx) {
        self.law().evaluate(ctx);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn negative_damping_is_named() {
        let s = SpringDamper {
            stiffness: Some(1.0),
            damping: -0.1,
            ..Default::default()
        };
        assert!(s.validate().unwrap_err().contains("damping"));
    }
}
