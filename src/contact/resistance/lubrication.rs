//! `N_LubricationResistance`: the squeeze-film resistance of the fluid between two close
//! spheres (mpacts `N_LubricationResistance`; seed 003; the leading term of Reynolds'
//! lubrication between spheres, Kim & Karrila, *Microhydrodynamics*, 1991, §9.3):
//! `γ_n = 6πη R̂²/h` (N·s/m) along the normal, `F = −γ_n (n·v_rel) n` ([`super::matrix`];
//! no tangential part), with the viscosity `η` (Pa·s), the effective radius
//! `1/R̂ = 1/R₁ + 1/R₂` (m) and the gap `h` (m).
//!
//! Cut-offs: below `d_min` the gap is held at `d_min` (`γ_n = 6πηR̂²/d_min`, constant: the
//! singular 1/h would stop a pair before it touches, and overlapping pairs keep a finite
//! resistance); at and beyond `d_max` there is no resistance, as in mpacts (choose `d_max` where
//! `γ_n` is negligible next to the medium's drag). `d_max` is the element's reach: a contact's
//! detection `keep_distance` must exceed it (only candidate pairs are evaluated), and a chain
//! whose other laws act at contact only skips pairs beyond it. Between them `∇γ_n = −(6πηR̂²/h²) ∇Δ` enters the
//! Jacobian exactly. Two spheres pushed together by `F` close their gap at
//! `ḣ = −F/(6πηR̂²/h)` when nothing else resists (`F` on each, against each other).

use super::matrix::{Resistance, add_resistance, check_coefficient};
use crate::contact::ctx::ContactCtx;
use crate::contact::element::{
    Caps, Category, ChainElement, ElementDoc, Env, Gives, Needs, SolverNeeds,
};
use crate::contact::normal::effective_radius;
use serde::{Deserialize, Serialize};
use std::f64::consts::PI;

/// Squeeze-film lubrication between spheres.
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LubricationResistance {
    /// Viscosity `η` of the fluid (Pa·s).
    pub viscosity: f64,
    /// Smallest gap `d_min` (m): closer pairs take `γ_n` at `d_min`.
    pub d_min: f64,
    /// Largest gap `d_max` (m): no resistance at or beyond it.
    pub d_max: f64,
    /// Effective radius `R̂` (m) when given; default `R₁R₂/(R₁ + R₂)` from the sides.
    #[serde(default)]
    pub effective_radius: Option<f64>,
}

static DOC: ElementDoc = ElementDoc {
    name: "N_LubricationResistance",
    category: Category::Resistance,
    summary: "squeeze-film resistance γ_n = 6πηR̂²/h along the normal, d_min ≤ h < d_max",
    details: "Parameters: viscosity η (Pa·s, > 0), d_min (m, > 0: gaps below it, overlaps included, take \
              γ_n at d_min), d_max (m, > d_min: no resistance at or beyond it; its reach: keep_distance must exceed it), \
              effective_radius R̂ (m, optional; default R₁R₂/(R₁ + R₂)). F = −γ_n (n·v_rel) n on side 2, −F \
              on side 1, exact ∂f/∂x (∇γ_n = −6πηR̂²∇Δ/h² between the cut-offs) and ∂f/∂v. Dissipative; \
              acts at positive gaps. Source: mpacts N_LubricationResistance (seed 003); Kim & Karrila \
              (1991) §9.3.",
};

impl ChainElement for LubricationResistance {
    fn doc(&self) -> &'static ElementDoc {
        &DOC
    }
    fn needs(&self) -> Needs {
        // Lubrication acts across positive gaps up to d_max: its reach, which the detection's
        // keep distance must exceed, and beyond which the chain may skip the pair.
        Needs::caps(Caps::GEOMETRY).with_solver(SolverNeeds {
            reach: self.d_max,
            ..SolverNeeds::NONE
        })
    }
    fn gives(&self) -> Gives {
        Gives::caps(Caps::NORMAL_FORCE.with(Caps::TANGENTIAL_FORCE)).dissipative()
    }
    fn validate(&self) -> Result<(), String> {
        crate::contact::normal::check_positive("viscosity", "Pa·s", self.viscosity)?;
        crate::contact::normal::check_positive("d_min", "m", self.d_min)?;
        check_coefficient("d_max", "m", self.d_max)?;
        if self.d_max <= self.d_min {
            return Err(format!(
                "d_max ({}) must be larger than d_min ({})",
                self.d_max, self.d_min
            ));
        }
        crate::contact::normal::check_optional_positive(
            "effective_radius",
            "m",
            self.effective_radius,
        )
    }
    fn evaluate(&self, _env: &Env, ctx: &mut ContactCtx) {
        let h = ctx.gap;
        let r = effective_radius(ctx, self.effective_radius);
        if h.is_nan() || h >= self.d_max || !r.is_finite() {
            return;
        }
        let c = 6.0 * PI * self.viscosity * r * r;
        let g = if h > self.d_min {
            Resistance {
                normal: c / h,
                d_normal: -(ctx.grad * (c / (h * h))),
                ..Resistance::default()
            }
        } else {
            Resistance::constant(c / self.d_min, 0.0)
        };
        add_resistance(ctx, &g);
    }
}
