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
//! `∂f/∂x` by central differences of the kernel (as the distributor's). `∂f/∂v` is exact when
//! no law is damped (the normal force, the weights and `φ` then depend on positions only):
//! with the trial `f* = −c_t v_t`, `v_t = P v_rel`, `P = I − nnᵀ`, `u = ‖f*‖/L`,
//! `t̂ = v_t/‖v_t‖`, the derivative of the capped force (as in `coulomb_cap`) is
//!
//! `∂f_t/∂v_rel = −φ c_t [s′(u) t̂t̂ᵀ + (s(u)/u)(I − t̂t̂ᵀ)] P`,
//!
//! `−φ c_t P` at `v_t = 0` (stick, `s(u) = u`), and `∂v_rel/∂v_k = ±w_k I`; with a damped law
//! `F_s` depends on the overlap rate too and `∂f/∂v` is differenced with `∂f/∂x`. The sphere's
//! rotation is not part of the record (a pair holds four 3-slots: three nodes and the sphere's
//! centre), so a spinning sphere's surface velocity is not seen.

use super::coulomb::{check_smoothing, default_smoothing};
use super::coulomb_cap::saturation;
use crate::contact::WidePair;
use crate::contact::core::Vec12;
use crate::contact::ctx::ContactCtx;
use crate::contact::element::{Caps, Category, ChainElement, ElementDoc, Env, Gives, Needs};
use crate::contact::normal::integrated::{
    Integral, Mat18, Outcome, PairOutcome, PressureLaw, add_jacobians, add_jacobians_with,
    evaluate, evaluate_pair_with, pair_jacobians_of, pair_position_jacobian_of,
};
use crate::contact::normal::{check_non_negative, check_positive};
use crate::contact::resolve::rounded_triangle::Counterpart;
use crate::math::{Mat3, Vec3};
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

    /// `∂f_t/∂v_rel` (N·s/m) of [`CoulombInt::force`] at the same arguments, for a fixed
    /// integral (see the module docs): `−φ c_t [s′ t̂t̂ᵀ + (s/u)(I − t̂t̂ᵀ)] P`, `−φ c_t P` at
    /// `v_t = 0`, zero where the force is zero for every velocity (no load, nothing covered).
    pub fn velocity_derivative(&self, n: &Vec3, v_rel: &Vec3, i: &Integral) -> Mat3 {
        let limit = self.mu * i.sphere_force.max(0.0);
        if limit == 0.0 || i.fraction <= 0.0 {
            return Mat3::zeros();
        }
        let p = Mat3::identity() - n * n.transpose();
        let vt = p * v_rel;
        let speed = vt.norm();
        let scale = -i.fraction * self.c_t;
        if speed == 0.0 {
            return p * scale;
        }
        let u = self.c_t * speed / limit;
        let (s, ds) = saturation(u, self.cap_smoothing);
        let t = vt / speed;
        let tt = t * t.transpose();
        (tt * ds + (Mat3::identity() - tt) * (s / u)) * p * scale
    }

    /// Adds the exact `∂f/∂v` of this friction (no law damped, see the module docs) to `dfdv`,
    /// over the local 3-slots whose velocities are `v`: `signed_weights` gives each slot's
    /// `σ_k w_k` (`−w_k` on side 1's nodes, `+w_k`, or `+1` for a sphere, on side 2's), so that
    /// `v_rel = Σ σ_k w_k v_k` and slot `a` receives `σ_a w_a f_t`: block `(a, b)` is
    /// `σ_a w_a σ_b w_b ∂f_t/∂v_rel`.
    pub fn add_velocity_jacobian<const N: usize>(
        &self,
        n: &Vec3,
        v: &[Vec3],
        signed_weights: &[f64],
        i: &Integral,
        dfdv: &mut nalgebra::SMatrix<f64, N, N>,
    ) {
        let v_rel = signed_weights
            .iter()
            .zip(v)
            .fold(Vec3::zeros(), |acc, (w, vk)| acc + vk * *w);
        let d = self.velocity_derivative(n, &v_rel, i);
        for (a, wa) in signed_weights.iter().enumerate() {
            for (b, wb) in signed_weights.iter().enumerate() {
                let mut block = dfdv.fixed_view_mut::<3, 3>(3 * a, 3 * b);
                block += d * (wa * wb);
            }
        }
    }
}

impl CoulombInt {
    /// The exact `∂f/∂v` (N·s/m, 18 × 18) of this friction's part of a two-triangle pair's
    /// force ([`evaluate_pair_with`]) at the outcome `o` of the velocities `v`, when no law is
    /// damped (see the module docs): `v_rel = Σ w^B_k v^B_k − Σ w^A_k v^A_k`, `+w^B_k f_t` on
    /// `B`'s nodes, `−w^A_k f_t` on `A`'s.
    pub fn pair_velocity_jacobian(&self, o: &PairOutcome, v: &[Vec3; 6]) -> Mat18 {
        let (wa, wb) = (
            friction_weights(&o.nodal[0], o.integral.force),
            friction_weights(&o.nodal[1], o.integral.force),
        );
        let signed = [-wa[0], -wa[1], -wa[2], wb[0], wb[1], wb[2]];
        let mut dv = Mat18::zeros();
        self.add_velocity_jacobian(&o.geometry.normal, v, &signed, &o.integral, &mut dv);
        dv
    }
}

/// The weights `w_k = f_k/F` of a side's nodal normal forces (`1/3` each when `F ≤ 0`), as
/// the friction's relative velocity and distribution use them.
pub fn friction_weights(nodal: &[f64; 3], force: f64) -> [f64; 3] {
    if force > 0.0 {
        nodal.map(|f| f / force)
    } else {
        [1.0 / 3.0; 3]
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
        let jacobians = ctx.want_jacobian.then(|| {
            if laws.iter().any(PressureLaw::damped) {
                return pair_jacobians_of(&laws, Some(self), radii, &x, &v, |o| o.friction_force);
            }
            let dx =
                pair_position_jacobian_of(&laws, Some(self), radii, &x, &v, |o| o.friction_force);
            (dx, self.pair_velocity_jacobian(&o, &v))
        });
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
              ∂f/∂x by central differences of the kernel; ∂f/∂v exact without damped laws: \
              −φ c_t [s′ t̂t̂ᵀ + (s/u)(I − t̂t̂ᵀ)](I − nnᵀ), blocks ±w_a w_b (differenced with a damped \
              law, whose F_s depends on the overlap rate). The sphere's spin is not seen. \
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
        if !ctx.want_jacobian {
            return;
        }
        if spec.laws.iter().flatten().any(PressureLaw::damped) {
            add_jacobians(ctx, &spec, friction_part);
            return;
        }
        add_jacobians_with(ctx, &spec, friction_part, false);
        let w = friction_weights(&o.nodal, o.integral.force);
        let sphere = matches!(spec.other, Counterpart::Sphere { .. });
        let signed = [-w[0], -w[1], -w[2], 1.0];
        let slots = if sphere { 4 } else { 3 };
        let n = o.geometry.normal;
        self.add_velocity_jacobian(
            &n,
            &v[..slots],
            &signed[..slots],
            &o.integral,
            &mut ctx.dfdv,
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn integral(sphere_force: f64, fraction: f64) -> Integral {
        Integral {
            sphere_force,
            fraction,
            ..Integral::default()
        }
    }

    /// `∂f_t/∂v_rel` against central differences of [`CoulombInt::force`] in stick, in the
    /// blend, in slip and at rest, with a relative velocity that has a normal part.
    #[test]
    fn velocity_derivative_matches_finite_differences() {
        let law = CoulombInt {
            mu: 0.4,
            c_t: 2.0,
            cap_smoothing: 0.1,
        };
        let n = Vec3::new(0.3, -0.2, 0.9).normalize();
        let i = integral(5.0, 0.37);
        // L = 2 N: stick below ‖v_t‖ = 0.9 m/s, blend to 1.1 m/s, slip above.
        for speed in [0.0, 0.3, 1.0, 1.05, 4.0] {
            let t = n.cross(&Vec3::new(1.0, 0.4, -0.3)).normalize();
            let v_rel = t * speed + n * 0.7;
            let d = law.velocity_derivative(&n, &v_rel, &i);
            let h = 1e-6;
            for c in 0..3 {
                let mut e = Vec3::zeros();
                e[c] = h;
                let col =
                    (law.force(&n, &(v_rel + e), &i) - law.force(&n, &(v_rel - e), &i)) / (2.0 * h);
                let err = (col - d.column(c)).amax();
                assert!(err < 1e-7, "speed {speed}, column {c}: {err:e}");
            }
        }
        // No load, nothing covered: no force at any velocity, no derivative.
        let v_rel = Vec3::new(0.1, 0.2, 0.0);
        assert_eq!(
            law.velocity_derivative(&n, &v_rel, &integral(0.0, 0.4)),
            Mat3::zeros()
        );
        assert_eq!(
            law.velocity_derivative(&n, &v_rel, &integral(3.0, 0.0)),
            Mat3::zeros()
        );
    }
}
