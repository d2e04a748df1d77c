//! `N_Delile`: the cell–cell contact law of Delile et al.'s MecaGen model (mpacts `N_Delile`;
//! seed 003, "an effective contact area and a weighted repulsive and contractile force based
//! on the overlap distance between two spheres"). With the centre distance `d = r₁₂` (m) and
//! the radii' sum `R = R₁ + R₂`:
//!
//! * contact area `A_c = a (d − d_max)²` for `d < d_max = c_max R`, zero beyond (m²; `a` is
//!   dimensionless);
//! * force `F₁₂ = −w A_c (d − d_eq) n₁₂` on cell 2, `d_eq = c_eq R` (N; `w` in N/m³), so the
//!   pair repels below `d_eq` and attracts between `d_eq` and `d_max`, where force and
//!   stiffness fall to zero together (`C¹`);
//! * `c_eq` defaults to `π/(2√3) ≈ 0.9069`, the area ratio of a disc to its hexagon (mpacts'
//!   default).
//!
//! In the overlap variables of [`super::scalar_force`] (`F` positive = repulsive, `d = R − δ`):
//! `F = −w a u² (d − d_eq)` with `u = d − d_max ≤ 0`, `∂F/∂δ = w a [2u (d − d_eq) + u²]`. It is
//! conservative, with the potential `E = w a (u⁴/4 + (d_max − d_eq) u³/3)` (J; `F = −dE/dd`,
//! zero at `d_max`, least at `d_eq`: `−w a (d_max − d_eq)⁴/12`).
//!
//! It acts at positive gaps up to `(c_max − 1) R`: the binding's `keep_distance` must reach
//! that far (a pair beyond it is not a candidate).

use super::effective::check_positive;
use super::scalar_force::{ScalarForce, add_normal_force};
use crate::contact::ctx::ContactCtx;
use crate::contact::element::{Caps, Gives, Needs, SolverNeeds};
use crate::contact::element::{Category, ChainElement, ElementDoc, Env};
use serde::{Deserialize, Serialize};

/// `c_eq` of mpacts' default: the area of a disc over that of its circumscribed hexagon,
/// `π/(2√3)`.
pub const DELILE_EQUILIBRIUM_RATIO: f64 = 0.906_899_682_117_108_9;

fn default_c_eq() -> f64 {
    DELILE_EQUILIBRIUM_RATIO
}

/// Delile et al.'s cell–cell contact: a contact area from the centre distance, repulsion
/// below the equilibrium distance and contractile attraction beyond.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Delile {
    /// Area factor `a` of `A_c = a (d − d_max)²` (dimensionless).
    pub a: f64,
    /// Force weight `w` (N/m³).
    pub w: f64,
    /// Interaction range `c_max` (> `c_eq`): `d_max = c_max (R₁ + R₂)`.
    pub c_max: f64,
    /// Equilibrium distance ratio `c_eq`: `d_eq = c_eq (R₁ + R₂)` (default `π/(2√3)`).
    #[serde(default = "default_c_eq")]
    pub c_eq: f64,
}

/// The element as `catena elements` lists it (the parameters `a`, `w`, `c_max` have no
/// defaults in a chain file).
impl Default for Delile {
    fn default() -> Self {
        Self {
            a: 1.0,
            w: 1.0,
            c_max: 1.2,
            c_eq: DELILE_EQUILIBRIUM_RATIO,
        }
    }
}

impl Delile {
    /// `F` (N, positive = repulsive), `∂F/∂δ` (N/m) and the potential (J) at centre distance
    /// `d` for radii' sum `r_sum` (m).
    pub fn law(&self, d: f64, r_sum: f64) -> ScalarForce {
        let (d_max, d_eq) = (self.c_max * r_sum, self.c_eq * r_sum);
        if d >= d_max {
            return ScalarForce::default();
        }
        let u = d - d_max;
        let wa = self.w * self.a;
        ScalarForce {
            force: -wa * u * u * (d - d_eq),
            d_overlap: wa * (2.0 * u * (d - d_eq) + u * u),
            d_rate: 0.0,
            energy: wa * (u.powi(4) / 4.0 + (d_max - d_eq) * u.powi(3) / 3.0),
        }
    }
}

static DOC: ElementDoc = ElementDoc {
    name: "N_Delile",
    category: Category::Normal,
    summary: "Delile cell–cell contact: A_c = a (d − d_max)², F = −w A_c (d − d_eq) (repulsive below d_eq, contractile to d_max)",
    details: "Parameters: a (dimensionless, > 0), w (N/m³, > 0), c_max (> c_eq), c_eq (default π/(2√3) = \
              0.9069, the disc-to-hexagon area ratio). d is the centre distance, R = R₁ + R₂, \
              d_max = c_max R, d_eq = c_eq R; F₁₂ = −w a (d − d_max)² (d − d_eq) n₁₂ on side 2 for \
              d < d_max, nothing beyond (C¹ there). Conservative: E = w a (u⁴/4 + (d_max − d_eq) u³/3), \
              u = d − d_max. Acts at gaps up to (c_max − 1) R: give the binding a keep_distance at least \
              that. Exact ∂f/∂x. Sides: spheres or points (any pair with radii). Source: mpacts N_Delile \
              (seed 003), after Delile et al. (MecaGen).",
};

impl ChainElement for Delile {
    fn doc(&self) -> &'static ElementDoc {
        &DOC
    }
    fn needs(&self) -> Needs {
        // Contractile at positive gaps.
        Needs::caps(Caps::GEOMETRY).with_solver(SolverNeeds::BEYOND_REACH)
    }
    fn gives(&self) -> Gives {
        Gives::caps(Caps::NORMAL_FORCE)
    }
    fn validate(&self) -> Result<(), String> {
        check_positive("a", "dimensionless", self.a)?;
        check_positive("w", "N/m³", self.w)?;
        check_positive("c_eq", "dimensionless", self.c_eq)?;
        if !(self.c_max.is_finite() && self.c_max > self.c_eq) {
            return Err(format!(
                "c_max must exceed c_eq = {} (the interaction reaches beyond the equilibrium \
                 distance), got {}",
                self.c_eq, self.c_max
            ));
        }
        Ok(())
    }
    fn evaluate(&self, _env: &Env, ctx: &mut ContactCtx) {
        let r_sum = ctx.radius[0] + ctx.radius[1];
        let s = self.law(ctx.gap + r_sum, r_sum);
        if s.force != 0.0 || s.d_overlap != 0.0 {
            add_normal_force(ctx, s);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::contact::normal::scalar_force::check_partials;

    fn law() -> Delile {
        Delile {
            a: 0.7,
            w: 2e3,
            c_max: 1.2,
            c_eq: DELILE_EQUILIBRIUM_RATIO,
        }
    }

    #[test]
    fn repels_below_equilibrium_attracts_beyond_and_vanishes_smoothly_at_the_range() {
        let (l, r) = (law(), 2e-5);
        let (d_eq, d_max) = (l.c_eq * r, l.c_max * r);
        assert_eq!(l.law(d_eq, r).force, 0.0);
        assert!(l.law(0.8 * r, r).force > 0.0);
        assert!(l.law(0.5 * (d_eq + d_max), r).force < 0.0);
        assert_eq!(l.law(d_max, r), ScalarForce::default());
        // C¹ at d_max: force and stiffness vanish as (d − d_max)² and (d − d_max).
        let near = l.law(d_max - 1e-9, r);
        assert!(near.force.abs() < 1e-12 && near.d_overlap.abs() < 1e-6);
        // The formula itself at one point: F = −w a (d − d_max)² (d − d_eq).
        let d = 0.95 * r;
        let expect = -l.w * l.a * (d - d_max).powi(2) * (d - d_eq);
        assert!((l.law(d, r).force - expect).abs() < 1e-15 * expect.abs());
        // The potential is least at d_eq: −w a (d_max − d_eq)⁴/12.
        let least = -l.w * l.a * (d_max - d_eq).powi(4) / 12.0;
        assert!((l.law(d_eq, r).energy - least).abs() < 1e-12 * least.abs());
    }

    #[test]
    fn partials_and_energy_match_finite_differences() {
        let (l, r) = (law(), 2e-5);
        // check_partials works in the overlap δ = R − d.
        for d in [0.7, 0.85, 0.95, 1.0, 1.1, 1.19] {
            check_partials(|delta, _| l.law(r - delta, r), r - d * r, 0.0, 1e-6);
        }
    }

    #[test]
    fn refuses_a_range_inside_the_equilibrium_distance() {
        let bad = Delile {
            c_max: 0.8,
            ..law()
        };
        assert!(
            bad.validate()
                .unwrap_err()
                .contains("c_max must exceed c_eq")
        );
        assert!(Delile { w: -1.0, ..law() }.validate().is_err());
    }
}
