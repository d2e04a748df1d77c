//! `T_CoulombFriction_Int`: Haff–Werner Coulomb friction for rounded triangles (mpacts
//! T_CoulombFriction_Int, seed 003; Smeets et al. 2015; Haff & Werner, Powder Technol. 48
//! (1986) 239).
//!
//! The friction of the whole encompassing-sphere contact, weighted by the fraction
//! `φ = A(polygon ∩ circle)/(π s²)` of its contact circle that this triangle's polygon covers:
//!
//! `f_t = −φ L s(c_t ‖v_t‖/L) v_t/‖v_t‖` (N) on side 2, with `L = μ max(F_s, 0)`,
//!
//! `F_s` the full-sphere normal force of the `_Int` laws (not this triangle's share: stick or
//! slip is decided on the whole contact, `c_t‖v_t‖ > μF_s`), `v_t` the tangential part of the
//! velocity of side 2 relative to side 1's triangle (its nodes weighted by the normal
//! distribution `w_k = f_k/F`), `s` the C¹-blended saturation of `T_CoulombFriction`
//! ([`saturation`]). Side 1's nodes receive `−w_k f_t`. Summed over a closed mesh the `φ` add
//! up to 1 and the friction is that of one sphere contact: `μF_s` in slip.
//!
//! Jacobians by central differences of the kernel (as the distributor's). The sphere's
//! rotation is not part of the record (a pair holds four 3-slots: three nodes and the sphere's
//! centre), so a spinning sphere's surface velocity is not seen.

use super::coulomb::{check_smoothing, default_smoothing};
use super::coulomb_cap::saturation;
use crate::contact::WidePair;
use crate::contact::core::Vec12;
use crate::contact::ctx::ContactCtx;
use crate::contact::element::{Caps, Category, ChainElement, ElementDoc, Env, Gives, Needs};
use crate::contact::normal::integrated::{
    Integral, Outcome, add_jacobians, evaluate, evaluate_pair_with, pair_jacobians_of,
};
use crate::contact::normal::{check_non_negative, check_positive};
use crate::contact::resolve::rounded_triangle::Counterpart;
use crate::math::Vec3;
use serde::{Deserialize, Serialize};

/// `T_CoulombFriction_Int` (also the friction part of a rounded-triangle record).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CoulombInt {
    /// Friction coefficient μ (−).
    pub mu: f64,
    /// Regularising tangential dashpot `c_t` of the whole contact (N·s/m).
    pub c_t: f64,
    /// Relative half-width ε of the C¹ blend of the Coulomb cap (−), default 0.02.
    #[serde(default = "default_smoothing")]
    pub cap_smoothing: f64,
}

impl Default for CoulombInt {
    /// μ = 0.3, c_t = 10 N·s/m.
    fn default() -> Self {
        Self {
            mu: 0.3,
            c_t: 10.0,
            cap_smoothing: default_smoothing(),
        }
    }
}

impl CoulombInt {
    /// The friction force on side 2 (N) for the unit normal `n`, the relative velocity `v_rel`
    /// of side 2 against side 1 (m/s) and the laws' integral.
    pub fn force(&self, n: &Vec3, v_rel: &Vec3, i: &Integral) -> Vec3 {
        let vt = v_rel - n * n.dot(v_rel);
        let speed = vt.norm();
        let limit = self.mu * i.sphere_force.max(0.0);
        if speed == 0.0 || limit == 0.0 || i.fraction <= 0.0 {
            return Vec3::zeros();
        }
        let (s, _) = saturation(self.c_t * speed / limit, self.cap_smoothing);
        -vt * (i.fraction * limit * s / speed)
    }
}

impl CoulombInt {
    /// The friction of a two-triangle pair (`RoundedTriangle_RoundedTriangle`) over its 18
    /// coordinates (see [`evaluate_pair_with`]), with its Jacobians by central differences of
    /// the kernel's friction part; `false` when the pair is not one (nothing done).
    fn evaluate_pair(&self, ctx: &mut ContactCtx) -> bool {
        let six = WidePair::six(ctx);
        let Some(rec) = ctx.rounded.as_mut() else {
            return false;
        };
        let Counterpart::Triangle { radius } = rec.spec.other else {
            return false;
        };
        rec.spec.friction = Some(*self);
        let (laws, radii) = (rec.spec.law_list(), [rec.spec.inverse_curvature, radius]);
        rec.pair = six.and_then(|(x, v)| evaluate_pair_with(&laws, Some(self), radii, &x, &v));
        let (Some(o), Some((x, v))) = (rec.pair, six) else {
            ctx.reject = true;
            return true;
        };
        let jacobians = ctx
            .want_jacobian
            .then(|| pair_jacobians_of(&laws, Some(self), radii, &x, &v, |o| o.friction_force));
        WidePair::add_rows(
            ctx,
            0..18,
            &o.friction_force,
            jacobians.as_ref().map(|(x, v)| (x, v)),
        );
        true
    }
}

static DOC: ElementDoc = ElementDoc {
    name: "T_CoulombFriction_Int",
    category: Category::Tangential,
    summary: "Coulomb friction of the whole sphere contact weighted by the polygon's share φ of the contact circle",
    details: "Parameters: mu μ (−), c_t (N·s/m, > 0), cap_smoothing ε (default 0.02). \
              f_t = −φ min(c_t‖v_t‖, μF_s) v_t/‖v_t‖ (C¹ blend of the min as T_CoulombFriction), F_s \
              the full-sphere force of the _Int laws, φ = A(polygon ∩ circle)/(πs²) the covered \
              fraction; stick or slip is decided on F_s (the whole contact). v_t relative to the \
              triangle's nodes weighted as the normal force; nodes receive −w_k f_t. Summed over a \
              closed mesh: μF_s in slip. Place after DistributeForcesAndMomentsToTriangle_1_Nodes. \
              After RoundedTriangle_RoundedTriangle: v_t of side 2's triangle relative to side 1's, \
              each weighted as its normal force; +w^B_k f_t on side 2's nodes, −w^A_k f_t on side \
              1's. \
              Jacobians by central differences of the kernel. The sphere's spin is not seen. \
              Source: mpacts T_CoulombFriction_Int (seed 003); Smeets et al. 2015; Haff & Werner (1986).",
};

fn friction_part(o: &Outcome) -> Vec12 {
    o.friction_force
}

impl ChainElement for CoulombInt {
    fn doc(&self) -> &'static ElementDoc {
        &DOC
    }
    fn needs(&self) -> Needs {
        Needs::caps(Caps::PRESSURE.with(Caps::NORMAL_FORCE))
    }
    fn gives(&self) -> Gives {
        Gives::caps(Caps::TANGENTIAL_FORCE).dissipative()
    }
    fn validate(&self) -> Result<(), String> {
        check_non_negative("mu", "−", self.mu)?;
        check_positive("c_t", "N·s/m", self.c_t)?;
        check_smoothing(self.cap_smoothing)
    }
    fn evaluate(&self, _env: &Env, ctx: &mut ContactCtx) {
        if self.evaluate_pair(ctx) {
            return;
        }
        let (x, v) = (ctx.x, ctx.v);
        let Some(rec) = ctx.rounded.as_mut() else {
            ctx.reject = true;
            return;
        };
        rec.spec.friction = Some(*self);
        let spec = rec.spec;
        rec.outcome = evaluate(&spec, &x, &v);
        let Some(o) = rec.outcome else {
            ctx.reject = true;
            return;
        };
        ctx.force += o.friction_force;
        if ctx.want_jacobian {
            add_jacobians(ctx, &spec, friction_part);
        }
    }
}
