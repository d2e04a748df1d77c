//! `N_Contractile`: the contact of two disc-like cells spread on a substrate (mpacts
//! `N_Contractile`; seed 003: "a repulsive force due to (implicit) cell–substrate adhesion and
//! an attractive force due to cell–cell contractility … Wa represents substrate adhesion which
//! effectively results in cell–cell repulsion, and Wc represents adhesive tension", the model of
//! Smeets et al., PNAS 113 (2016) 14621).
//!
//! The seed names the two parameters and their roles but gives no formula. catena builds the
//! law from the energy those roles describe, for two discs of radii `R₁`, `R₂` (m) whose
//! centres are `d` (m) apart (see [`super::disc_lens`]):
//!
//! * where the discs overlap, neither cell holds the substrate: the pair loses the adhesion
//!   `W_a A(d)` of the lens area `A` (`W_a` in J/m²);
//! * the two cells join along the lens' chord `ℓ(d)`, a cell–cell contact line under the
//!   adhesive tension `W_c` (J/m = N), which gains `W_c ℓ(d)`.
//!
//! So `E(d) = W_a A(d) − W_c ℓ(d)` (J), and with `dA/dd = −ℓ` the normal force on cell 2
//! (positive = repulsive) is
//!
//! `F = −dE/dd = W_a ℓ + W_c ℓ′`, `∂F/∂δ = −(W_a ℓ′ + W_c ℓ″)` (`δ = R₁ + R₂ − d`).
//!
//! The first term repels (substrate adhesion), the second pulls the cells together while the
//! chord grows on approach (`ℓ′ < 0`). Two equal discs rest where `W_a ℓ = −W_c ℓ′`:
//! `d*² + (W_c/W_a) d* − 4R² = 0`. At first touch the chord grows as `√δ`, so the pull
//! diverges as `δ^{−1/2}` while the energy stays finite and convex in `δ`; a Newton step from a
//! small overlap doubles it, and the pair snaps into contact as spreading cells do. Past full
//! containment (`d ≤ |R₁ − R₂|`) the energy is constant and the force zero.
//!
//! Not supported: mpacts' `allow_dewet` (the force dropped to zero on a "dewetting" event,
//! which its own documentation calls very crude) and the `N_Contractile_dewet` layer
//! bookkeeping; a discrete force drop is no smooth law for an implicit Newton solve, and is
//! refused with that reason.

use super::disc_lens::DiscLens;
use super::effective::check_positive;
use super::scalar_force::{ScalarForce, add_normal_force};
use crate::contact::ctx::ContactCtx;
use crate::contact::element::{Caps, Gives, Needs};
use crate::contact::element::{Category, ChainElement, ElementDoc, Env};
use serde::{Deserialize, Serialize};

/// Substrate adhesion against cell–cell adhesive tension between two spread disc-like cells.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Contractile {
    /// Cell–substrate adhesion energy `W_a` (J/m²): repulsion through the overlap's area.
    #[serde(alias = "Wa")]
    pub wa: f64,
    /// Cell–cell adhesive tension `W_c` (J/m = N): attraction through the contact line.
    #[serde(alias = "Wc")]
    pub wc: f64,
    /// mpacts' crude dewetting switch; refused when `true` (see the module documentation).
    #[serde(default)]
    pub allow_dewet: bool,
}

/// The element as `catena elements` lists it (`wa` and `wc` have no defaults in a chain file).
impl Default for Contractile {
    fn default() -> Self {
        Self {
            wa: 1e-3,
            wc: 1e-9,
            allow_dewet: false,
        }
    }
}

impl Contractile {
    /// `F` (N, positive = repulsive), `∂F/∂δ` (N/m) and `E` (J) at centre distance `d` for
    /// radii `r1`, `r2` (m).
    pub fn law(&self, d: f64, r1: f64, r2: f64) -> ScalarForce {
        self.law_at_overlap(r1 + r2 - d, r1, r2)
    }

    /// [`Self::law`] at the overlap `delta = R₁ + R₂ − d` (m), which keeps a shallow contact
    /// accurate (see [`DiscLens::from_overlap`]).
    pub fn law_at_overlap(&self, delta: f64, r1: f64, r2: f64) -> ScalarForce {
        if delta <= 0.0 {
            return ScalarForce::default();
        }
        let lens = DiscLens::from_overlap(delta, r1, r2);
        ScalarForce {
            force: self.wa * lens.chord + self.wc * lens.d_chord,
            d_overlap: -(self.wa * lens.d_chord + self.wc * lens.dd_chord),
            d_rate: 0.0,
            energy: self.wa * lens.area - self.wc * lens.chord,
        }
    }

    /// The rest distance of two equal discs of radius `r` (m): the positive root of
    /// `d² + (W_c/W_a) d − 4r² = 0`.
    pub fn equal_disc_rest_distance(&self, r: f64) -> f64 {
        let c = self.wc / self.wa;
        0.5 * (-c + (c * c + 16.0 * r * r).sqrt())
    }
}

static DOC: ElementDoc = ElementDoc {
    name: "N_Contractile",
    category: Category::Normal,
    summary: "spread disc-like cells: substrate adhesion W_a over the overlap's area repels, adhesive tension W_c along the contact chord attracts, E = W_a A − W_c ℓ",
    details: "Parameters: wa (W_a, J/m², > 0, cell–substrate adhesion), wc (W_c, J/m = N, > 0, cell–cell \
              adhesive tension); allow_dewet (mpacts' crude force drop) is refused. With d the centre \
              distance, A(d) the area and ℓ(d) the chord of the two discs' lens: E = W_a A − W_c ℓ, \
              F = W_a ℓ + W_c dℓ/dd (positive = repulsive; dA/dd = −ℓ), ∂F/∂δ = −(W_a ℓ′ + W_c ℓ″). Equal \
              discs rest at d² + (W_c/W_a) d − 4R² = 0. The pull diverges as δ^(−1/2) at first touch (the \
              chord grows as √δ) with a finite, convex energy. Acts on overlap only. Exact ∂f/∂x; \
              conservative. Sides: spheres or points with radii (the discs). Source: mpacts N_Contractile \
              (seed 003; Smeets et al., PNAS 113 (2016) 14621); the seed gives the parameters' roles but no \
              formula, so the energy above is catena's statement of those roles.",
};

impl ChainElement for Contractile {
    fn doc(&self) -> &'static ElementDoc {
        &DOC
    }
    fn needs(&self) -> Needs {
        Needs::caps(Caps::GEOMETRY)
    }
    fn gives(&self) -> Gives {
        Gives::caps(Caps::NORMAL_FORCE)
    }
    fn validate(&self) -> Result<(), String> {
        check_positive("wa", "J/m²", self.wa)?;
        check_positive("wc", "J/m", self.wc)?;
        if self.allow_dewet {
            return Err(
                "allow_dewet: true is not supported: mpacts' dewetting drops the force \
                        to zero on an event, a discontinuity the implicit Newton solve cannot \
                        follow; leave it out (false)"
                    .into(),
            );
        }
        Ok(())
    }
    fn evaluate(&self, _env: &Env, ctx: &mut ContactCtx) {
        let (r1, r2) = (ctx.radius[0], ctx.radius[1]);
        if ctx.gap >= 0.0 {
            return;
        }
        let s = self.law_at_overlap(-ctx.gap, r1, r2);
        add_normal_force(ctx, s);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::contact::normal::scalar_force::check_partials;

    fn law() -> Contractile {
        Contractile {
            wa: 2e-3,
            wc: 1e-8,
            allow_dewet: false,
        }
    }

    #[test]
    fn equal_discs_rest_where_substrate_adhesion_balances_the_contact_line() {
        let (l, r) = (law(), 1e-5);
        let d = l.equal_disc_rest_distance(r);
        assert!(d < 2.0 * r && d > 0.0);
        // At rest the force vanishes (to round-off of its two terms, each ~ W_a R).
        let f = l.law(d, r, r);
        assert!(f.force.abs() < 1e-12 * l.wa * r, "{}", f.force);
        // Stable: closer repels, farther attracts, and the stiffness is positive there.
        assert!(l.law(0.99 * d, r, r).force > 0.0);
        assert!(l.law(1.01 * d, r, r).force < 0.0);
        assert!(f.d_overlap > 0.0);
        // Near touching the pull grows as δ^(−1/2): F ≈ −W_c √(R/δ) for equal discs.
        let delta = 1e-6 * r;
        let near = l.law(2.0 * r - delta, r, r);
        let expect = -l.wc * (r / delta).sqrt();
        assert!((near.force / expect - 1.0).abs() < 1e-3, "{}", near.force);
        assert_eq!(l.law(2.0 * r, r, r), ScalarForce::default());
    }

    #[test]
    fn partials_and_energy_match_finite_differences() {
        let l = law();
        for (r1, r2) in [(1e-5f64, 1e-5), (1e-5, 6e-6)] {
            let lo = (r1 - r2).abs().max(0.05 * (r1 + r2));
            for t in [0.1, 0.4, 0.7, 0.95] {
                let d = lo + t * (r1 + r2 - lo);
                // check_partials works in the overlap δ = R₁ + R₂ − d.
                check_partials(
                    |delta, _| l.law(r1 + r2 - delta, r1, r2),
                    r1 + r2 - d,
                    0.0,
                    1e-6,
                );
            }
        }
    }

    #[test]
    fn refuses_dewetting_and_non_positive_parameters() {
        let dewet = Contractile {
            allow_dewet: true,
            ..law()
        };
        assert!(dewet.validate().unwrap_err().contains("allow_dewet"));
        assert!(Contractile { wa: 0.0, ..law() }.validate().is_err());
        assert!(Contractile { wc: -1.0, ..law() }.validate().is_err());
        assert!(law().validate().is_ok());
    }
}
