//! The contact frame that sphere-style tangential laws (`T_CoulombFriction`,
//! `T_CundallStrack`) work in, built from the resolver's `∇Δ`, `∇²Δ` and the normal force
//! accumulated before them, with all derivatives over the pair's 12 local coordinates.
//!
//! Every resolver's gradient has the form `∇ₖΔ = wₖ n` on point `k` (envelope theorem: `n` is
//! the unit normal from side 1 to side 2 and `wₖ` the weight of point `k` in the closest point
//! of its side, negative on side 1 — e.g. `−(1 − β₁), −β₁, 1 − β₂, β₂` for two capsules, `−1, 1`
//! for two spheres, `−1` for a body on a plane). Hence, exactly:
//! * `n = −s₁/‖s₁‖` with `s₁ = Σ_{k ∈ side 1} ∇ₖΔ`, `∂n/∂x = −(I − nnᵀ) (Σ_{k ∈ side 1} ∇²ₖΔ)/‖s₁‖`;
//! * `wₖ = n·∇ₖΔ`, `∂wₖ/∂x = (∇²ₖΔ)ᵀ n + (∂n/∂x)ᵀ ∇ₖΔ` (rows `3k..3k+3` of `∇²Δ`);
//! * relative velocity of side 2 against side 1 at the contact `v_rel = Σₖ wₖ vₖ`, tangential
//!   part `v_t = (I − nnᵀ) v_rel`, with `∂v_t/∂x = (I − nnᵀ) Σₖ vₖ (∂wₖ/∂x)ᵀ − ((n·v_rel) I + n v_relᵀ) ∂n/∂x`
//!   and `∂v_t/∂v = (I − nnᵀ) [w₀I … w₃I]`;
//! * normal force `F_n = −n·Σ_{k ∈ side 1} fₖ` from the force `f` the normal laws assembled
//!   (`f = F∇Δ` gives `F_n = F`), differentiated through `∂f/∂x`, `∂f/∂v` and `∂n/∂x`; friction
//!   uses its positive part.
//!
//! A contact force `F` (N) on side 2 at the contact point, with reaction `−F` on side 1, is the
//! generalised force `fₖ = wₖ F`, whose Jacobian is `F (∂wₖ/∂x)ᵀ + wₖ ∂F/∂x` and `wₖ ∂F/∂v`.
//! Bodies have no rotational DOFs, so there is no rolling.

use crate::contact::ctx::{ContactCtx, Vec12};
use crate::math::{Mat3, Vec3};
use nalgebra::SMatrix;

/// 3×12 matrix: derivative of a 3-vector over the pair's local coordinates.
pub type Mat3x12 = SMatrix<f64, 3, 12>;

/// Kinematics and normal force at the contact, with derivatives (zero unless
/// `ctx.want_jacobian`): what a tangential law needs (see the module docs for the formulas).
///
/// A friction law builds it from the context after the resolver and the normal laws, computes
/// a force on side 2 at the contact point with its derivatives through `v_t`, `F_n` and `n`,
/// and hands them to [`ContactFrame::add_force`], which distributes them over the pair's
/// points (the reaction goes to side 1):
///
/// ```
/// use catena::contact::{ContactCtx, ContactFrame, Mat3x12};
/// /// Viscous tangential damping `F = −c v_t` (c in N·s/m).
/// fn damp(ctx: &mut ContactCtx, c: f64) {
///     let Some(fr) = ContactFrame::new(ctx) else { return };
///     let f = -fr.vt * c;
///     let (dx, dv): (Mat3x12, Mat3x12) = (-fr.dvt_dx * c, -fr.dvt_dv * c);
///     fr.add_force(ctx, f, &dx, &dv);
/// }
/// ```
#[derive(Debug, Clone)]
pub struct ContactFrame {
    /// Unit normal from side 1 to side 2.
    pub n: Vec3,
    /// Weight of each point.
    pub w: [f64; 4],
    /// Tangential relative velocity of side 2 against side 1 (m/s).
    pub vt: Vec3,
    /// Positive part of the normal force (N).
    pub normal_force: f64,
    /// `∂n/∂x`.
    pub dn_dx: Mat3x12,
    /// `∂wₖ/∂x`.
    pub dw_dx: [Vec12; 4],
    /// `∂v_t/∂x`.
    pub dvt_dx: Mat3x12,
    /// `∂v_t/∂v`.
    pub dvt_dv: Mat3x12,
    /// `∂F_n/∂x` (zero where `F_n ≤ 0`).
    pub dfn_dx: Vec12,
    /// `∂F_n/∂v`.
    pub dfn_dv: Vec12,
}

fn block(v: &Vec12, k: usize) -> Vec3 {
    Vec3::new(v[3 * k], v[3 * k + 1], v[3 * k + 2])
}

impl ContactFrame {
    /// The frame of the pair, or `None` when the normal is undefined.
    // Points, weights and their derivatives are parallel arrays indexed by point.
    #[allow(clippy::needless_range_loop)]
    pub fn new(ctx: &ContactCtx) -> Option<Self> {
        let (side1, n_pts) = (ctx.points[0], ctx.n_points());
        let s1: Vec3 = (0..side1).map(|k| block(&ctx.grad, k)).sum();
        let ns = s1.norm();
        if ns.is_nan() || ns <= 0.0 {
            return None;
        }
        let n = -s1 / ns;
        let p = Mat3::identity() - n * n.transpose();
        let mut w = [0.0; 4];
        for k in 0..n_pts {
            w[k] = n.dot(&block(&ctx.grad, k));
        }
        let vrel: Vec3 = (0..n_pts).map(|k| ctx.v[k] * w[k]).sum();
        let vt = p * vrel;
        let sf: Vec3 = (0..side1).map(|k| block(&ctx.force, k)).sum();
        let fn_signed = -n.dot(&sf);
        let mut fr = Self {
            n,
            w,
            vt,
            normal_force: fn_signed.max(0.0),
            dn_dx: Mat3x12::zeros(),
            dw_dx: [Vec12::zeros(); 4],
            dvt_dx: Mat3x12::zeros(),
            dvt_dv: Mat3x12::zeros(),
            dfn_dx: Vec12::zeros(),
            dfn_dv: Vec12::zeros(),
        };
        if !ctx.want_jacobian {
            return Some(fr);
        }
        let rows = |m: &nalgebra::SMatrix<f64, 12, 12>, k: usize| -> Mat3x12 {
            m.fixed_rows::<3>(3 * k).into_owned()
        };
        let mut ds1 = Mat3x12::zeros();
        for k in 0..side1 {
            ds1 += rows(&ctx.hess, k);
        }
        let dn = -(p * ds1) / ns;
        let mut dvrel_dx = Mat3x12::zeros();
        let mut dvrel_dv = Mat3x12::zeros();
        for k in 0..n_pts {
            let dwk = rows(&ctx.hess, k).transpose() * n + dn.transpose() * block(&ctx.grad, k);
            fr.dw_dx[k] = dwk;
            dvrel_dx += ctx.v[k] * dwk.transpose();
            dvrel_dv
                .fixed_columns_mut::<3>(3 * k)
                .copy_from(&(Mat3::identity() * w[k]));
        }
        let m = Mat3::identity() * n.dot(&vrel) + n * vrel.transpose();
        fr.dvt_dx = p * dvrel_dx - m * dn;
        fr.dvt_dv = p * dvrel_dv;
        fr.dn_dx = dn;
        if fn_signed > 0.0 {
            let (mut dsf_dx, mut dsf_dv) = (Mat3x12::zeros(), Mat3x12::zeros());
            for k in 0..side1 {
                dsf_dx += rows(&ctx.dfdx, k);
                dsf_dv += rows(&ctx.dfdv, k);
            }
            fr.dfn_dx = -(dn.transpose() * sf + dsf_dx.transpose() * n);
            fr.dfn_dv = -(dsf_dv.transpose() * n);
        }
        Some(fr)
    }

    /// Adds a contact force `f` (N) on side 2 at the contact point (reaction on side 1) with its
    /// derivatives `∂f/∂x` (N/m) and `∂f/∂v` (N·s/m) over the local coordinates:
    /// `fₖ = wₖ f`, `∂fₖ/∂x = f (∂wₖ/∂x)ᵀ + wₖ ∂f/∂x`, `∂fₖ/∂v = wₖ ∂f/∂v`.
    pub fn add_force(&self, ctx: &mut ContactCtx, f: Vec3, df_dx: &Mat3x12, df_dv: &Mat3x12) {
        for k in 0..ctx.n_points() {
            let wk = self.w[k];
            let mut b = ctx.force.fixed_rows_mut::<3>(3 * k);
            b += f * wk;
            if ctx.want_jacobian {
                let mut bx = ctx.dfdx.fixed_rows_mut::<3>(3 * k);
                bx += f * self.dw_dx[k].transpose() + df_dx * wk;
                let mut bv = ctx.dfdv.fixed_rows_mut::<3>(3 * k);
                bv += df_dv * wk;
            }
        }
    }
}
