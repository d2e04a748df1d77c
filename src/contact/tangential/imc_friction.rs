//! `T_IMC`: the fully implicit friction of the Implicit Contact Model (seed 001 §3.3,
//! Eqs. 14–21).
//!
//! With `f^c` the contact force accumulated by the normal law before this element (per point
//! `a`, `f^c_a`):
//! * normal force per point `F^n_a = ‖f^c_a‖`, contact normal `n = S/‖S‖`, `S = Σ_{a ∈ side 1} f^c_a` (Eq. 14);
//! * contact-point velocities `v^e_s = (1 − β_s) v_{s,0} + β_s v_{s,1}` (one point: its velocity;
//!   a triangle: `λ_a v_a + λ_b v_b + λ_c v_c` at the barycentric coordinates λ of its closest
//!   point, face interior, edge or vertex; a plane: 0), `v^rel = v^e_1 − v^e_2` (Eq. 15, see
//!   [`contact_weights`](super::contact_weights)), `v_T = (I − nnᵀ) v^rel` (Eq. 16);
//! * smooth stick–slip `γ(s) = 2/(1 + e^{−K₂ s}) − 1 = tanh(K₂s/2)`, `K₂ = 15/ν`, `s = ‖v_T‖` (Eq. 17);
//! * `f^fr_a = −μ γ v̂_T F^n_a` on side-1 points, `+μ γ v̂_T F^n_b` on side-2 points (Eq. 18): the
//!   side-2 points take the reaction, so the pair's friction sums to zero. The normal law's
//!   force is already distributed by the closest-point weights (`‖f^c_a‖ = wₐ F`: `λₖF` on a
//!   triangle's nodes), so the friction force is too.
//!
//! Jacobians by the chain rule (Eqs. 19–21), exactly: through `F^n(x, v)` and `n(x, v)` (the
//! normal law's `∂f^c/∂x`, `∂f^c/∂v`), through `β(x)` (derivatives of Lumelsky's closest-point
//! parameters in the edge–edge and point–edge cases; constant when clamped), through a
//! triangle's `λ(x)` (`∂λₖ/∂x = ±(∇²ₖΔ)ᵀ n` from the resolver's Hessian, in every region), and
//! through `v^rel(v)`. With `t = γ v_T/s`, `∂t/∂v_T = (γ/s)(I − v̂v̂ᵀ) + γ′ v̂v̂ᵀ` → `(K₂/2) I` as `s → 0`.

use super::contact_weights::{relative_weights, triangle_weight_gradients};
use super::frame_jacobian::point_rows_sum;
use crate::contact::core::Vec12;
use crate::contact::ctx::ContactCtx;
use crate::contact::distance::ContactType;
use crate::contact::element::{Caps, Gives, Needs};
use crate::contact::element::{Category, ChainElement, ElementDoc, Env};
use crate::math::{Mat3, Vec3};
use nalgebra::SMatrix;
use serde::{Deserialize, Serialize};

type Mat3x12 = SMatrix<f64, 3, 12>;

/// IMC friction.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ImcFriction {
    /// Friction coefficient μ.
    pub mu: f64,
    /// Slip tolerance ν (m/s): tangential speeds below ν count as sticking.
    pub slip_tolerance: f64,
}

impl Default for ImcFriction {
    /// μ = 0.1, ν = 10⁻⁴ m/s (seed 001 Table 1).
    fn default() -> Self {
        Self {
            mu: 0.1,
            slip_tolerance: 1e-4,
        }
    }
}

static DOC: ElementDoc = ElementDoc {
    name: "T_IMC",
    category: Category::Tangential,
    summary: "IMC friction: smooth stick–slip Coulomb friction with exact implicit Jacobians",
    details: "Parameters: mu μ (−), slip_tolerance ν (m/s). n from the side-1 contact forces (Eq. 14), \
              v_rel at the contact points from β (segments) or the barycentric λ (triangles) \
              (Eq. 15), v_T = (I − nnᵀ)v_rel (Eq. 16), \
              γ = 2/(1 + exp(−K₂‖v_T‖)) − 1 with K₂ = 15/ν (Eq. 17), f_a = ∓μγ v̂_T ‖f^c_a‖ (Eq. 18), \
              reaction on side 2. ∂f/∂x and ∂f/∂v by the chain rule (Eqs. 19–21), including ∂β/∂x \
              and ∂λ/∂x. \
              Source: seed 001 §3.3.",
};

/// Gradient of a closest-point parameter over the 12 local coordinates.
fn beta_gradients(ctx: &ContactCtx) -> [Vec12; 2] {
    let mut g = [Vec12::zeros(); 2];
    if ctx.points != [2, 2] {
        // Capsule against a one-point body: the capsule's β by projection.
        if ctx.points[0] == 2 && ctx.points[1] == 1 && ctx.contact_type == ContactType::PointEdge {
            g[0] = projection_gradient(&ctx.x[2], &ctx.x[0], &ctx.x[1], ctx.beta[0], [2, 0, 1]);
        }
        return g;
    }
    let clamped = |b: f64| b <= 0.0 || b >= 1.0;
    match ctx.contact_type {
        ContactType::EdgeEdge => {
            let (u, w, r) = (
                ctx.x[1] - ctx.x[0],
                ctx.x[3] - ctx.x[2],
                ctx.x[0] - ctx.x[2],
            );
            let (a, b, c, d, e) = (u.dot(&u), u.dot(&w), w.dot(&w), u.dot(&r), w.dot(&r));
            let den = a * c - b * b;
            if den.abs() < 1e-300 {
                return g;
            }
            let (b1, b2) = ((b * e - c * d) / den, (a * e - b * d) / den);
            // Partials of (a, b, c, d, e) w.r.t. (u, w, r), as 9-vectors [∂u, ∂w, ∂r].
            let z = Vec3::zeros();
            let da = [u * 2.0, z, z];
            let db = [w, u, z];
            let dc = [z, w * 2.0, z];
            let dd = [r, z, u];
            let de = [z, r, w];
            for (k, beta) in [(0usize, b1), (1, b2)] {
                let mut duwr = [z; 3];
                for j in 0..3 {
                    let dn = if k == 0 {
                        db[j] * e + de[j] * b - dc[j] * d - dd[j] * c
                    } else {
                        da[j] * e + de[j] * a - db[j] * d - dd[j] * b
                    };
                    let dden = da[j] * c + dc[j] * a - db[j] * (2.0 * b);
                    duwr[j] = (dn - dden * beta) / den;
                }
                // u = x1 − x0, w = x3 − x2, r = x0 − x2.
                let [du, dw, dr] = duwr;
                let blocks = [dr - du, du, -dw - dr, dw];
                for (p, blk) in blocks.iter().enumerate() {
                    g[k].fixed_rows_mut::<3>(3 * p).copy_from(blk);
                }
            }
        }
        ContactType::PointEdge => {
            if clamped(ctx.beta[0]) && !clamped(ctx.beta[1]) {
                let p = if ctx.beta[0] <= 0.0 { 0 } else { 1 };
                g[1] = projection_gradient(&ctx.x[p], &ctx.x[2], &ctx.x[3], ctx.beta[1], [p, 2, 3]);
            } else if clamped(ctx.beta[1]) && !clamped(ctx.beta[0]) {
                let p = if ctx.beta[1] <= 0.0 { 2 } else { 3 };
                g[0] = projection_gradient(&ctx.x[p], &ctx.x[0], &ctx.x[1], ctx.beta[0], [p, 0, 1]);
            }
        }
        _ => {}
    }
    g
}

/// ∇β of `β = (p − s0)·(s1 − s0)/|s1 − s0|²` placed at the ctx points `slots = [p, s0, s1]`.
fn projection_gradient(p: &Vec3, s0: &Vec3, s1: &Vec3, beta: f64, slots: [usize; 3]) -> Vec12 {
    let gv = s1 - s0;
    let l2 = gv.norm_squared();
    let dp = gv / l2;
    let ds1 = (p - s0) / l2 - gv * (2.0 * beta / l2);
    let ds0 = -dp - ds1;
    let mut out = Vec12::zeros();
    for (slot, blk) in slots.iter().zip([dp, ds0, ds1]) {
        let mut v = out.fixed_rows_mut::<3>(3 * slot);
        v += blk;
    }
    out
}

impl ChainElement for ImcFriction {
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
        if !(self.slip_tolerance.is_finite() && self.slip_tolerance > 0.0) {
            return Err(format!(
                "slip_tolerance must be > 0 (m/s), got {}",
                self.slip_tolerance
            ));
        }
        Ok(())
    }
    // Points, weights and normal forces are parallel arrays indexed by point.
    #[allow(clippy::needless_range_loop)]
    fn evaluate(&self, _env: &Env, ctx: &mut ContactCtx) {
        if self.mu == 0.0 {
            return;
        }
        let n_pts = ctx.n_points();
        let side1 = ctx.points[0];
        let fc = ctx.force;
        let block = |v: &Vec12, k: usize| Vec3::new(v[3 * k], v[3 * k + 1], v[3 * k + 2]);
        // Eq. 14: normal from the side-1 contact forces.
        let mut s = Vec3::zeros();
        for k in 0..side1 {
            s += block(&fc, k);
        }
        let snorm = s.norm();
        if snorm <= 0.0 {
            return;
        }
        let n = s / snorm;
        let pn = Mat3::identity() - n * n.transpose();
        // Eq. 15: contact-point velocities and the weights of every point.
        let wts = relative_weights(ctx, ctx.beta, ctx.bary);
        let vrel: Vec3 = (0..n_pts).map(|k| ctx.v[k] * wts[k]).sum();
        // Eq. 16.
        let vt = pn * vrel;
        let sp = vt.norm();
        // Eq. 17: γ = tanh(K₂ s/2); t = γ v_T/s.
        let k2 = 15.0 / self.slip_tolerance;
        let gamma = (0.5 * k2 * sp).tanh();
        let small = k2 * sp < 1e-8;
        let g_over_s = if small { 0.5 * k2 } else { gamma / sp };
        let t = vt * g_over_s;
        // Eq. 18.
        let mut fnorm = [0.0; 4];
        for k in 0..n_pts {
            fnorm[k] = block(&fc, k).norm();
        }
        let sign_of = |k: usize| if k < side1 { -1.0 } else { 1.0 };
        for k in 0..n_pts {
            let f = t * (sign_of(k) * self.mu * fnorm[k]);
            let mut b = ctx.force.fixed_rows_mut::<3>(3 * k);
            b += f;
        }
        if !ctx.want_jacobian {
            return;
        }
        // The normal law's Jacobians (read below before this element adds to a point's rows,
        // entry by entry, with the arithmetic of the matrix expressions in the comments) and
        // those of S.
        let ds_dx = point_rows_sum(&ctx.dfdx, side1, 12);
        let ds_dv = point_rows_sum(&ctx.dfdv, side1, 12);
        // ∂t/∂v_T.
        let tt = if small {
            Mat3::identity() * (0.5 * k2)
        } else {
            let vh = vt / sp;
            let dg = 0.5 * k2 * (1.0 - gamma * gamma);
            (Mat3::identity() - vh * vh.transpose()) * g_over_s + vh * vh.transpose() * dg
        };
        // v_rel derivatives: ∂/∂v = W; ∂/∂x through β and λ.
        let mut w = Mat3x12::zeros();
        for k in 0..n_pts {
            let c = w.as_mut_slice();
            for a in 0..3 {
                for i in 0..3 {
                    c[3 * (3 * k + a) + i] = if i == a { wts[k] } else { 0.0 * wts[k] };
                }
            }
        }
        let gb = beta_gradients(ctx);
        let mut dvrel_dx = Mat3x12::zeros();
        for side in 0..2 {
            if ctx.points[side] == 2 {
                let k0 = ctx.first_point(side);
                let sign = if side == 0 { 1.0 } else { -1.0 };
                // (v₁ − v₀) gᵀ sign.
                let (d, g, m) = (
                    ctx.v[k0 + 1] - ctx.v[k0],
                    &gb[side],
                    dvrel_dx.as_mut_slice(),
                );
                for j in 0..12 {
                    for i in 0..3 {
                        m[3 * j + i] += d[i] * g[j] * sign;
                    }
                }
            }
        }
        if ctx.points.contains(&3) {
            for (k, gk) in triangle_weight_gradients(ctx).iter().enumerate() {
                dvrel_dx += ctx.v[k] * gk.transpose();
            }
        }
        // n derivatives and v_T derivatives.
        let dn_dx = pn * ds_dx / snorm;
        let dn_dv = pn * ds_dv / snorm;
        let m = Mat3::identity() * n.dot(&vrel) + n * vrel.transpose();
        let dvt_dx = pn * dvrel_dx - m * dn_dx;
        let dvt_dv = pn * w - m * dn_dv;
        let dt_dx = tt * dvt_dx;
        let dt_dv = tt * dvt_dv;
        let (dtx, dtv) = (dt_dx.as_slice(), dt_dv.as_slice());
        for k in 0..n_pts {
            let c = sign_of(k) * self.mu;
            let fk = block(&fc, k);
            // ∂F^n_k = (rows of point k)ᵀ f̂_k.
            let (mut dfn_dx, mut dfn_dv) = ([0.0; 12], [0.0; 12]);
            if fnorm[k] > 0.0 {
                let fh = fk / fnorm[k];
                let (x, v) = (ctx.dfdx.as_slice(), ctx.dfdv.as_slice());
                for j in 0..12 {
                    let r = 12 * j + 3 * k;
                    dfn_dx[j] = x[r] * fh.x + x[r + 1] * fh.y + x[r + 2] * fh.z;
                    dfn_dv[j] = v[r] * fh.x + v[r + 1] * fh.y + v[r + 2] * fh.z;
                }
            }
            // (t ∂F^nᵀ + ∂t F^n) c on the point's rows.
            let (bx, bv) = (ctx.dfdx.as_mut_slice(), ctx.dfdv.as_mut_slice());
            for j in 0..12 {
                for i in 0..3 {
                    let r = 12 * j + 3 * k + i;
                    bx[r] += (t[i] * dfn_dx[j] + dtx[3 * j + i] * fnorm[k]) * c;
                    bv[r] += (t[i] * dfn_dv[j] + dtv[3 * j + i] * fnorm[k]) * c;
                }
            }
        }
    }
}
