//! `LinearDamperOverlap`: a normal dashpot that acts only while the bodies overlap (mpacts
//! LinearDamperOverlap), to add to an elastic law such as `N_Hertz`.
//!
//! With overlap `δ` (m), overlap rate `δ̇ = −Δ̇` (m/s, positive while approaching) and the
//! optional onset ramp `w(δ) = min(δ/δ_c, 1)` (`w = 1` when `δ_c = 0`, mpacts' law):
//! * `F = c w(δ) δ̇` (N) along the normal for `δ > 0`, nothing otherwise;
//! * `∂F/∂δ = c δ̇/δ_c` while ramping, `∂F/∂δ̇ = c w`.
//!
//! With `δ_c = 0` the force jumps from `c δ̇` to 0 when a closing contact opens (a discontinuous
//! residual); a small `δ_c` keeps it continuous. Pairs are never rejected (a following law may
//! act apart), they just get no damping force when `δ ≤ 0`.

use super::effective::{check_non_negative, check_positive};
use super::scalar_force::{ScalarForce, add_normal_force, overlap_and_rate};
use crate::contact::ctx::ContactCtx;
use crate::contact::element::{Caps, Gives, Needs};
use crate::contact::element::{Category, ChainElement, ElementDoc, Env};
use serde::{Deserialize, Serialize};

/// Normal dashpot while overlapping.
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LinearDamperOverlap {
    /// Damping coefficient `c` (N·s/m).
    pub damping: f64,
    /// Overlap `δ_c` (m) over which the damping ramps in linearly, default 0 (no ramp).
    #[serde(default)]
    pub damping_onset: f64,
}

impl LinearDamperOverlap {
    /// `F(δ, δ̇)` for `δ > 0`.
    pub(crate) fn scalar(&self, delta: f64, rate: f64) -> ScalarForce {
        let (c, dc) = (self.damping, self.damping_onset);
        let ramping = dc > 0.0 && delta < dc;
        let w = if ramping { delta / dc } else { 1.0 };
        ScalarForce {
            force: c * w * rate,
            d_overlap: if ramping { c * rate / dc } else { 0.0 },
            d_rate: c * w,
            energy: 0.0,
        }
    }
}

static DOC: ElementDoc = ElementDoc {
    name: "LinearDamperOverlap",
    category: Category::Normal,
    summary: "normal dashpot while overlapping, F = c w(δ) δ̇",
    details: "Parameters: damping c (N·s/m, > 0), damping_onset δ_c (m, default 0). For overlap δ > 0 and \
              overlap rate δ̇ (positive while approaching): F = c·min(δ/δ_c, 1)·δ̇ along the normal, exact \
              ∂f/∂x and ∂f/∂v; nothing for δ ≤ 0 (the pair is not rejected). Use δ_c > 0 to keep the \
              residual continuous when a contact opens. Dissipative; add it after an elastic law. \
              Source: mpacts LinearDamperOverlap.",
};

impl ChainElement for LinearDamperOverlap {
    fn doc(&self) -> &'static ElementDoc {
        &DOC
    }
    fn needs(&self) -> Needs {
        Needs::caps(Caps::GEOMETRY)
    }
    fn gives(&self) -> Gives {
        Gives::caps(Caps::NORMAL_FORCE).dissipative()
    }
    fn validate(&self) -> Result<(), String> {
        check_positive("damping", "N·s/m", self.damping)?;
        check_non_negative("damping_onset", "m", self.damping_onset)
    }
    fn evaluate(&self, _env: &Env, ctx: &mut ContactCtx) {
        let (delta, rate) = overlap_and_rate(ctx);
        if delta.is_nan() || delta <= 0.0 || ctx.distance <= 0.0 {
            return;
        }
        add_normal_force(ctx, self.scalar(delta, rate));
    }
}

#[cfg(test)]
mod tests {
    use super::super::scalar_force::check_partials;
    use super::*;

    #[test]
    fn partials_match_finite_differences_on_and_off_the_ramp() {
        let d = LinearDamperOverlap {
            damping: 0.8,
            damping_onset: 1e-4,
        };
        for &delta in &[2e-5, 7e-5, 3e-4] {
            for &rate in &[-0.2, 0.05] {
                check_partials(|x, r| d.scalar(x, r), delta, rate, 1e-6);
            }
        }
    }

    #[test]
    fn negative_onset_is_named() {
        let d = LinearDamperOverlap {
            damping: 1.0,
            damping_onset: -1.0,
        };
        assert!(d.validate().unwrap_err().contains("damping_onset"));
    }
}
