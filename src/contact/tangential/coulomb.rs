//! `T_CoulombFriction`: Haff–Werner regularised Coulomb friction (mpacts T_CoulombFriction;
//! Haff & Werner, Powder Technol. 48 (1986) 239; Pöschel & Schwager (2005) Eq. 2.20).
//!
//! With the tangential relative velocity `v_t` of side 2 against side 1 at the contact and the
//! normal force `F_n` (positive part) of the normal laws before it (see [`super::contact_frame`]):
//! * `F_t = −min(c_t ‖v_t‖, μ F_n) v_t/‖v_t‖` (N) on side 2, reaction on side 1;
//! * stick (`c_t‖v_t‖ ≤ μF_n`): `F_t = −c_t v_t`, `∂F_t = −c_t ∂v_t`;
//! * slip: `F_t = −μ F_n t`, `t = v_t/‖v_t‖`,
//!   `∂F_t = −μ t (∂F_n)ᵀ − (μF_n/‖v_t‖)(I − ttᵀ) ∂v_t`.
//!
//! The force is continuous across the stick–slip switch; `cap_smoothing` ε blends the `min` into
//! a C¹ curve over `|c_t‖v_t‖/(μF_n) − 1| < ε` (see [`super::coulomb_cap`]), which makes the
//! Jacobian continuous at the threshold. The dashpot `c_t` only regularises
//! static friction: a body under a steady tangential load `F` "sticks" by creeping at
//! `‖v_t‖ = F/c_t`; `T_CundallStrack` holds it with a spring instead.

use super::contact_frame::ContactFrame;
use super::coulomb_cap::cap;
use crate::contact::ctx::ContactCtx;
use crate::contact::element::{Caps, Gives, Needs};
use crate::contact::element::{Category, ChainElement, ElementDoc, Env};
use serde::{Deserialize, Serialize};

/// Haff–Werner Coulomb friction.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CoulombFriction {
    /// Friction coefficient μ (−).
    pub mu: f64,
    /// Regularising tangential dashpot `c_t` (N·s/m): as high as stability allows.
    pub c_t: f64,
    /// Relative half-width ε of the C¹ blend of the Coulomb cap (−), default 0.02; 0 = exact `min`.
    #[serde(default = "default_smoothing")]
    pub cap_smoothing: f64,
}

impl Default for CoulombFriction {
    /// μ = 0.3, c_t = 10 N·s/m.
    fn default() -> Self {
        Self {
            mu: 0.3,
            c_t: 10.0,
            cap_smoothing: default_smoothing(),
        }
    }
}

/// Default relative half-width of the stick–slip blend.
pub(crate) fn default_smoothing() -> f64 {
    0.02
}

/// Checks `cap_smoothing`, naming it.
pub(crate) fn check_smoothing(eps: f64) -> Result<(), String> {
    if eps.is_finite() && (0.0..0.5).contains(&eps) {
        Ok(())
    } else {
        Err(format!("cap_smoothing must be in [0, 0.5), got {eps}"))
    }
}

static DOC: ElementDoc = ElementDoc {
    name: "T_CoulombFriction",
    category: Category::Tangential,
    summary: "Haff–Werner Coulomb friction, F_t = −min(c_t‖v_t‖, μF_n) v̂_t",
    details: "Parameters: mu μ (−, ≥ 0), c_t (N·s/m, > 0: the regularising dashpot, as high as numerics allow), \
              cap_smoothing ε (−, default 0.02: C¹ blend of the min over |c_t‖v_t‖/(μF_n) − 1| < ε; 0 = exact). \
              v_t: tangential velocity of side 2 relative to side 1 at the contact; F_n: the positive normal \
              force of the normal laws before it (put every normal law first). F_t = −min(c_t‖v_t‖, μF_n)v_t/‖v_t‖ \
              on side 2, reaction on side 1, with exact ∂f/∂x and ∂f/∂v in stick and slip. A static load F \
              creeps at ‖v_t‖ = F/c_t: use T_CundallStrack for true sticking. Source: mpacts T_CoulombFriction; \
              Haff & Werner (1986); Pöschel & Schwager (2005) Eq. 2.20.",
};

impl ChainElement for CoulombFriction {
    fn doc(&self) -> &'static ElementDoc {
        &DOC
    }
    fn needs(&self) -> Needs {
        Needs::caps(Caps::NORMAL_FORCE)
    }
    fn gives(&self) -> Gives {
        let g = Gives::caps(Caps::TANGENTIAL_FORCE);
        if self.mu == 0.0 { g } else { g.dissipative() }
    }
    fn validate(&self) -> Result<(), String> {
        if !(self.mu.is_finite() && self.mu >= 0.0) {
            return Err(format!("mu must be ≥ 0, got {}", self.mu));
        }
        if !(self.c_t.is_finite() && self.c_t > 0.0) {
            return Err(format!(
                "c_t must be a positive damping coefficient (N·s/m), got {}",
                self.c_t
            ));
        }
        check_smoothing(self.cap_smoothing)
    }
    fn evaluate(&self, _env: &Env, ctx: &mut ContactCtx) {
        if self.mu == 0.0 {
            return;
        }
        // Built in place: a ~2.8 kB frame returned by value is a copy.
        let mut fr = ContactFrame::zeroed();
        if !fr.compute(ctx) {
            return;
        }
        let (mu, c) = (self.mu, self.c_t);
        let capped = cap(
            -fr.vt * c,
            (&(-fr.dvt_dx * c), &(-fr.dvt_dv * c)),
            mu * fr.normal_force,
            (&(fr.dfn_dx * mu), &(fr.dfn_dv * mu)),
            self.cap_smoothing,
        );
        fr.add_force(ctx, capped.force, &capped.dx, &capped.dv);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::contact::builtin::Builtin;
    use crate::contact::element::PairMemory;
    use crate::contact::law_test_support::{
        jacobian_errors, random_state, sphere_chain, spheres_and_ground,
    };
    use crate::contact::normal::Hertz;
    use crate::contact::primitive::PrimKind;
    use crate::verify::Rng;

    #[test]
    fn jacobians_match_finite_differences_in_stick_and_slip() {
        // Hertz with δ ≈ 0.1 mm gives F_n ≈ 1 N; μF_n/c_t ≈ 0.03 m/s separates the regimes.
        let m = spheres_and_ground();
        let laws = || {
            vec![
                Builtin::Hertz(Hertz::default()),
                Builtin::CoulombFriction(CoulombFriction {
                    mu: 0.3,
                    c_t: 10.0,
                    cap_smoothing: 0.02,
                }),
            ]
        };
        let mut rng = Rng::new(3);
        for second in [PrimKind::Sphere, PrimKind::Plane] {
            let chain = sphere_chain(second, laws());
            for speed in [1e-3, 1.0] {
                let mut checked = 0;
                for _ in 0..40 {
                    let (q, v) = random_state(&m, &mut rng, second, 1e-4, speed);
                    if let Some((ex, ev)) =
                        jacobian_errors(&chain, &m, &q, &v, second, PairMemory::default())
                    {
                        assert!(
                            ex < 1e-6 && ev < 1e-6,
                            "{second:?}, speed {speed}: ∂f/∂x error {ex:e}, ∂f/∂v error {ev:e}"
                        );
                        checked += 1;
                    }
                }
                assert!(checked > 30, "{second:?}, speed {speed}: {checked} checked");
            }
        }
    }

    #[test]
    fn bad_parameters_are_named() {
        let c = CoulombFriction {
            mu: -0.1,
            c_t: 1.0,
            cap_smoothing: 0.02,
        };
        assert!(c.validate().unwrap_err().contains("mu"));
        let c = CoulombFriction {
            mu: 0.3,
            c_t: 0.0,
            cap_smoothing: 0.02,
        };
        assert!(c.validate().unwrap_err().contains("c_t"));
    }
}
