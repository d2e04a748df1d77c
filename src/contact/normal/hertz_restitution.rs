//! `N_HertzRestitution`: Hertz repulsion with the damping that gives a chosen coefficient of
//! restitution `e`, whatever the impact speed — the parameter DEM users bring (the
//! `hertz/material` normal model of LAMMPS/LIGGGHTS; Tsuji, Tanaka & Ishida, Powder Technol.
//! 71 (1992) 239).
//!
//! For overlap `δ > 0` (m) and overlap rate `δ̇` (m/s, positive while approaching):
//! * `F = K δ^{3/2} + C δ^{1/4} δ̇` (N), `K = (4/3) Ê √R̂`, `C = ζ(e) √(K m*)`,
//!   `m* = m₁m₂/(m₁ + m₂)` (kg; a static side has `m = ∞`, so `m* = m₁` against a plane);
//! * `∂F/∂δ = (3/2) K δ^{1/2} + (1/4) C δ^{−3/4} δ̇`, `∂F/∂δ̇ = C δ^{1/4}`;
//! * energy: the elastic part `(2/5) K δ^{5/2}` (J);
//! * `ζ(e) = √5 β`, `β = −ln e/√(ln² e + π²)` (Tsuji's calibration, exact for this law; see
//!   [`super::restitution`]): an isolated binary collision rebounds at `e` in continuous time,
//!   at every impact speed.
//!
//! The time integrator adds its own dissipation on top (validation case `restitution`, head-on
//! at 0.5 m/s, e = 0.5): implicit Euler gives 0.45 at Δt = t_c/50 and 0.475 at t_c/100 (first
//! order in Δt); BDF2 0.488 at t_c/10 and 0.501 at t_c/50; the implicit midpoint rule is within
//! 0.5 % from t_c/10. For granular beds where restitution matters, use BDF2 or the midpoint
//! rule, or resolve contacts finely under implicit Euler.
//!
//! As with `N_DampedHertz`, the damping may make `F` attractive just before separation; it is
//! assembled as is. Pairs with `δ ≤ 0` are rejected.

use super::effective::{check_optional_positive, hertz_overlap};
use super::restitution::damping_ratio;
use super::scalar_force::{ScalarForce, add_normal_force};
use crate::contact::ctx::ContactCtx;
use crate::contact::element::{Caps, Gives, Needs};
use crate::contact::element::{Category, ChainElement, ElementDoc, Env};
use serde::{Deserialize, Serialize};

/// Hertz repulsion with restitution-calibrated damping.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HertzRestitution {
    /// Coefficient of restitution `e` of a binary impact (−), in (0, 1].
    pub restitution: f64,
    /// Effective modulus `Ê` (Pa); default: from the materials of both sides.
    #[serde(default)]
    pub effective_modulus: Option<f64>,
    /// Effective radius `R̂` (m); default: `R₁R₂/(R₁ + R₂)` from the radii of both sides.
    #[serde(default)]
    pub effective_radius: Option<f64>,
    /// Effective mass `m*` (kg); default: `m₁m₂/(m₁ + m₂)` from the bound bodies.
    #[serde(default)]
    pub effective_mass: Option<f64>,
}

impl Default for HertzRestitution {
    /// e = 0.5, effective parameters from the bound bodies.
    fn default() -> Self {
        Self {
            restitution: 0.5,
            effective_modulus: None,
            effective_radius: None,
            effective_mass: None,
        }
    }
}

/// `F(δ, δ̇) = K δ^{3/2} + C δ^{1/4} δ̇` at `δ > 0`.
pub(crate) fn hertz_restitution(k: f64, c: f64, delta: f64, rate: f64) -> ScalarForce {
    let sq = delta.sqrt();
    let q = sq.sqrt();
    ScalarForce {
        force: k * delta * sq + c * q * rate,
        d_overlap: 1.5 * k * sq + 0.25 * c * rate * q / delta,
        d_rate: c * q,
        energy: 0.4 * k * delta * delta * sq,
    }
}

/// `m* = m₁m₂/(m₁ + m₂)` of the bound sides (static sides have infinite mass).
fn effective_mass(ctx: &ContactCtx, given: Option<f64>) -> f64 {
    given.unwrap_or_else(|| 1.0 / ctx.material.iter().map(|m| 1.0 / m.mass).sum::<f64>())
}

static DOC: ElementDoc = ElementDoc {
    name: "N_HertzRestitution",
    category: Category::Normal,
    summary: "Hertz repulsion with damping set by a restitution e, F = Kδ^{3/2} + C δ^{1/4} δ̇",
    details: "Parameters: restitution e (−, in (0, 1]); optional effective_modulus Ê (Pa), \
              effective_radius R̂ (m), effective_mass m* (kg), by default from the bound materials, \
              radii and masses (m* = m₁m₂/(m₁ + m₂); a plane is static, m* = m₁). For overlap δ > 0 \
              and overlap rate δ̇: F = Kδ^{3/2} + Cδ^{1/4}δ̇ along the normal, K = (4/3)Ê√R̂, \
              C = ζ√(K m*), ζ = √5 β, β = −ln e/√(ln²e + π²) (exact for this law), so \
              the restitution is e at every impact speed (in continuous time; implicit Euler adds \
              dissipation at coarse Δt). Exact ∂f/∂x, ∂f/∂v. Rejects δ ≤ 0. Source: Tsuji et al. \
              (1992); Antypov & Elliott (2011); LAMMPS/LIGGGHTS hertz/material damping form.",
};

impl ChainElement for HertzRestitution {
    fn doc(&self) -> &'static ElementDoc {
        &DOC
    }
    fn needs(&self) -> Needs {
        Needs::caps(Caps::GEOMETRY)
    }
    fn gives(&self) -> Gives {
        let g = Gives::caps(Caps::NORMAL_FORCE);
        if self.restitution < 1.0 {
            g.dissipative()
        } else {
            g
        }
    }
    fn validate(&self) -> Result<(), String> {
        let e = self.restitution;
        if !(e.is_finite() && e > 0.0 && e <= 1.0) {
            return Err(format!("restitution must be in (0, 1] (−), got {e}"));
        }
        check_optional_positive("effective_modulus", "Pa", self.effective_modulus)?;
        check_optional_positive("effective_radius", "m", self.effective_radius)?;
        check_optional_positive("effective_mass", "kg", self.effective_mass)
    }
    fn evaluate(&self, _env: &Env, ctx: &mut ContactCtx) {
        let Some((delta, rate, k)) =
            hertz_overlap(ctx, self.effective_modulus, self.effective_radius)
        else {
            return;
        };
        let m = effective_mass(ctx, self.effective_mass);
        let c = damping_ratio(self.restitution) * (k * m).sqrt();
        add_normal_force(ctx, hertz_restitution(k, c, delta, rate));
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
                check_partials(|d, r| hertz_restitution(3e6, 2.0, d, r), d, rate, 1e-6);
            }
        }
    }

    #[test]
    fn elastic_restitution_is_hertz() {
        let a = hertz_restitution(3e6, 0.0, 2e-5, 0.7);
        let b = super::super::hertz::hertz(3e6, 2e-5);
        assert_eq!(a.force, b.force);
        assert_eq!(a.energy, b.energy);
    }

    #[test]
    fn restitution_out_of_range_is_named() {
        let h = HertzRestitution {
            restitution: 0.0,
            ..Default::default()
        };
        assert!(h.validate().unwrap_err().contains("restitution"));
    }
}
