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
//!
//! **Rotation.** A side that rotates about its point (a rotating sphere, angular velocity `ω_s`
//! in a rotation slot of the pair, see [`crate::contact::spin_slots`]) reaches the contact point
//! at the lever arm `a₁ = ρ₁ n`, `a₂ = −ρ₂ n`, with `ρ_s = r_s + gap/2` the distance from its
//! centre to the contact point (the middle of the overlap), `∂ρ_s/∂x = ∇Δ/2`. The contact-point
//! velocity gains `ω_s × a_s`, so `v_rel = Σₖ wₖ vₖ + Σ_s ρ_s n × ω_s`, i.e.
//! `∂v_rel/∂ω_s = ρ_s [n]×` and `∂v_rel/∂x += (n × ω_s)(∇Δ)ᵀ/2 − ρ_s [ω_s]× ∂n/∂x`. The force
//! `F` on side 2 (and `−F` on side 1) applies the torque `τ_s = a_s × (±F) = −ρ_s n × F` on
//! each rotating side — the transpose of the same map, so power is `F·v_rel` — with
//! `∂τ_s/∂x = −(n × F)(∇Δ)ᵀ/2 + ρ_s [F]× ∂n/∂x − ρ_s [n]× ∂F/∂x`, `∂τ_s/∂v = −ρ_s [n]× ∂F/∂v`.
//! Normal forces act along `n` through the centres and apply no torque.
//!
//! **Rigid bodies.** A side that is a rigid body's primitive rotates about its centre of mass
//! `c`, not about a point on the normal: its lever is `a_s = b_s ± ρ_s n`, where the resolver's
//! lever base `b_s` is the closest point of its surface less `c` (see
//! [`RigidSide`](crate::contact::RigidSide)). The terms of `b_s` are added to the sphere
//! formulas above: `v_rel += σ_s ω_s × b_s` (`σ₁ = −1`, `σ₂ = +1`), so
//! `∂v_rel/∂x += σ_s [ω_s]× ∂b_s/∂x`, `∂v_rel/∂ω_s += −σ_s [b_s]×`; the torque gains
//! `σ_s b_s × F` with `∂/∂x = σ_s ([b_s]× ∂F/∂x − [F]× ∂b_s/∂x)`, `∂/∂v = σ_s [b_s]× ∂F/∂v`.
//! The normal force's torque about `c` comes with the resolver's `∇Δ` on the rotation.

use crate::contact::core::Vec12;
use crate::contact::ctx::ContactCtx;
use crate::math::{Mat3, Vec3, cross_matrix};

pub use crate::contact::core::Mat3x12;

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
    /// Relative velocity of side 2 against side 1 at the contact, `v_rel` (m/s).
    pub vrel: Vec3,
    /// Tangential relative velocity of side 2 against side 1 (m/s).
    pub vt: Vec3,
    /// Positive part of the normal force (N).
    pub normal_force: f64,
    /// `∂n/∂x`.
    pub dn_dx: Mat3x12,
    /// `∂wₖ/∂x`.
    pub dw_dx: [Vec12; 4],
    /// `∂v_rel/∂x`.
    pub dvrel_dx: Mat3x12,
    /// `∂v_rel/∂v`.
    pub dvrel_dv: Mat3x12,
    /// `∂v_t/∂x`.
    pub dvt_dx: Mat3x12,
    /// `∂v_t/∂v`.
    pub dvt_dv: Mat3x12,
    /// `∂F_n/∂x` (zero where `F_n ≤ 0`).
    pub dfn_dx: Vec12,
    /// `∂F_n/∂v`.
    pub dfn_dv: Vec12,
    /// Each rotating side's rotation slot and lever `ρ_s` (m) (see the module docs).
    pub spin: [Option<(usize, f64)>; 2],
    /// Each rigid side's lever base `b_s` (m) and `∂b_s/∂x` (see the module docs).
    pub lever_base: [Option<(Vec3, Mat3x12)>; 2],
}

/// `σ_s`: −1 for side 1, +1 for side 2.
fn sigma(side: usize) -> f64 {
    if side == 0 { -1.0 } else { 1.0 }
}

fn block(v: &Vec12, k: usize) -> Vec3 {
    Vec3::new(v[3 * k], v[3 * k + 1], v[3 * k + 2])
}

impl ContactFrame {
    /// The frame of the pair, or `None` when the normal is undefined.
    ///
    /// The crate's own sphere laws build the frame in place instead (returning the ~2.8 kB
    /// frame by value costs a copy of it); the frame and its bits are the same.
    pub fn new(ctx: &ContactCtx) -> Option<Self> {
        let mut fr = Self::zeroed();
        fr.compute(ctx).then_some(fr)
    }

    /// A frame with every field zero (no normal yet): the start of [`Self::compute`].
    pub(crate) fn zeroed() -> Self {
        Self {
            n: Vec3::zeros(),
            w: [0.0; 4],
            vrel: Vec3::zeros(),
            vt: Vec3::zeros(),
            normal_force: 0.0,
            dn_dx: Mat3x12::zeros(),
            dw_dx: [Vec12::zeros(); 4],
            dvrel_dx: Mat3x12::zeros(),
            dvrel_dv: Mat3x12::zeros(),
            dvt_dx: Mat3x12::zeros(),
            dvt_dv: Mat3x12::zeros(),
            dfn_dx: Vec12::zeros(),
            dfn_dv: Vec12::zeros(),
            spin: [None; 2],
            lever_base: [None, None],
        }
    }

    /// Computes the frame of the pair into `self`, which must be [`Self::zeroed`] (its
    /// derivatives are written only where they can be non-zero); `false`, leaving `self`
    /// zeroed, when the normal is undefined.
    // Points, weights and their derivatives are parallel arrays indexed by point.
    #[allow(clippy::needless_range_loop)]
    pub(crate) fn compute(&mut self, ctx: &ContactCtx) -> bool {
        debug_assert!(
            self.dn_dx
                .iter()
                .chain(self.dvt_dv.iter())
                .all(|&x| x == 0.0),
            "ContactFrame::compute needs a zeroed frame"
        );
        let (side1, n_pts) = (ctx.points[0], ctx.n_points());
        let s1: Vec3 = (0..side1).map(|k| block(&ctx.grad, k)).sum();
        let ns = s1.norm();
        if ns.is_nan() || ns <= 0.0 {
            return false;
        }
        let n = -s1 / ns;
        let p = Mat3::identity() - n * n.transpose();
        let mut w = [0.0; 4];
        for k in 0..n_pts {
            w[k] = n.dot(&block(&ctx.grad, k));
        }
        let spin = ctx
            .spins
            .map(|s| s.map(|k| (k, ctx.radius[ctx.slot_side(k)] + 0.5 * ctx.gap)));
        let lever_base =
            [0, 1].map(|s| ctx.rigid[s].as_ref().map(|r| (r.lever_base, r.dlever_base)));
        let mut vrel: Vec3 = (0..n_pts).map(|k| ctx.v[k] * w[k]).sum();
        for &(k, rho) in spin.iter().flatten() {
            vrel += n.cross(&ctx.v[k]) * rho;
        }
        for side in 0..2 {
            if let (Some((b, _)), Some((k, _))) = (&lever_base[side], spin[side]) {
                vrel += ctx.v[k].cross(b) * sigma(side);
            }
        }
        let vt = p * vrel;
        let sf: Vec3 = (0..side1).map(|k| block(&ctx.force, k)).sum();
        let fn_signed = -n.dot(&sf);
        self.n = n;
        self.w = w;
        self.vrel = vrel;
        self.vt = vt;
        self.normal_force = fn_signed.max(0.0);
        self.spin = spin;
        self.lever_base = lever_base;
        if ctx.want_jacobian {
            super::frame_jacobian::fill(ctx, self, &p, ns, &sf, fn_signed);
        }
        true
    }

    /// Adds a contact force `f` (N) on side 2 at the contact point (reaction on side 1) with its
    /// derivatives `∂f/∂x` (N/m) and `∂f/∂v` (N·s/m) over the local coordinates:
    /// `fₖ = wₖ f`, `∂fₖ/∂x = f (∂wₖ/∂x)ᵀ + wₖ ∂f/∂x`, `∂fₖ/∂v = wₖ ∂f/∂v`, and the torque
    /// `τ_s = −ρ_s n × f` on each rotating side (module docs).
    pub fn add_force(&self, ctx: &mut ContactCtx, f: Vec3, df_dx: &Mat3x12, df_dv: &Mat3x12) {
        for k in 0..ctx.n_points() {
            let mut b = ctx.force.fixed_rows_mut::<3>(3 * k);
            b += f * self.w[k];
        }
        if ctx.want_jacobian {
            super::frame_jacobian::add_force_jacobian(self, ctx, &f, df_dx, df_dv);
        }
        for &(k, rho) in self.spin.iter().flatten() {
            let nf = self.n.cross(&f);
            let mut b = ctx.force.fixed_rows_mut::<3>(3 * k);
            b -= nf * rho;
        }
        for side in 0..2 {
            let (Some((b, db)), Some((k, _))) = (&self.lever_base[side], self.spin[side]) else {
                continue;
            };
            let s = sigma(side);
            let mut t = ctx.force.fixed_rows_mut::<3>(3 * k);
            t += b.cross(&f) * s;
            if ctx.want_jacobian {
                let bx = cross_matrix(b);
                let tx: Mat3x12 = (bx * df_dx - cross_matrix(&f) * db) * s;
                let tv: Mat3x12 = (bx * df_dv) * s;
                let mut rx = ctx.dfdx.fixed_rows_mut::<3>(3 * k);
                rx += tx;
                let mut rv = ctx.dfdv.fixed_rows_mut::<3>(3 * k);
                rv += tv;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::contact::builtin::Builtin;
    use crate::contact::law_test_support::{
        evaluate_sphere_pair, sphere_chain, spheres_and_ground,
    };
    use crate::contact::normal::Hertz;
    use crate::contact::primitive::PrimKind;
    use crate::contact::tangential::CoulombFriction;

    /// Sphere 0 resting on the ground with overlap `delta`, moving at `u` along x and spinning
    /// at `omega`; the pair evaluated through Hertz + Coulomb.
    fn on_ground(delta: f64, u: f64, omega: Vec3) -> (ContactCtx, f64) {
        let m = spheres_and_ground();
        let s = &m.bodies.spheres[0];
        let (mut q, mut v) = (m.q.clone(), vec![0.0; m.q.len()]);
        q[s.offset + 2] = s.radius - delta;
        v[s.offset] = u;
        let k = s.spin.unwrap();
        v[k..k + 3].copy_from_slice(omega.as_slice());
        let chain = sphere_chain(
            PrimKind::Plane,
            vec![
                Builtin::Hertz(Hertz::default()),
                Builtin::CoulombFriction(CoulombFriction {
                    mu: 0.3,
                    c_t: 10.0,
                    cap_smoothing: 0.02,
                }),
            ],
        );
        let ctx = evaluate_sphere_pair(&chain, &m, &q, &v, PrimKind::Plane);
        (ctx, s.radius - delta / 2.0)
    }

    #[test]
    fn a_rolling_sphere_has_no_slip_at_the_contact() {
        // Rolling along +x on a plane below (n from the sphere to the plane is −z): ω = (0, u/ρ, 0).
        let (ctx, rho) = on_ground(1e-4, 0.2, Vec3::zeros());
        assert_eq!(ctx.spins, [Some(1), None]);
        let (rolling, _) = on_ground(1e-4, 0.2, Vec3::new(0.0, 0.2 / rho, 0.0));
        let fr = ContactFrame::new(&rolling).unwrap();
        assert!(fr.vt.norm() < 1e-12, "slip {}", fr.vt);
        // Sliding without spin: the contact slips at u, and friction brakes the centre.
        let fr = ContactFrame::new(&ctx).unwrap();
        assert!((fr.vt.norm() - 0.2).abs() < 1e-12);
        assert!(ctx.force[0] < 0.0);
    }

    #[test]
    fn friction_spins_a_sliding_sphere_up_with_the_torque_a_cross_f() {
        let (ctx, rho) = on_ground(1e-4, 0.2, Vec3::zeros());
        let f = Vec3::new(ctx.force[0], ctx.force[1], 0.0);
        let torque = Vec3::new(ctx.force[3], ctx.force[4], ctx.force[5]);
        // The friction force on the sphere acts at a = −ρ z (the contact point below it).
        let expected = (-Vec3::z() * rho).cross(&f);
        assert!(
            (torque - expected).norm() < 1e-12 * f.norm(),
            "{torque} vs {expected}"
        );
        // It turns the sphere towards rolling: ω_y grows for motion along +x.
        assert!(torque.y > 0.0);
        // Power: the torque's work on ω equals F·v_rel's rotational part.
        let omega = Vec3::new(0.3, -2.0, 1.0);
        let (spun, rho) = on_ground(1e-4, 0.2, omega);
        let fr = ContactFrame::new(&spun).unwrap();
        let f_plane = -Vec3::new(spun.force[0], spun.force[1], spun.force[2]);
        let t = Vec3::new(spun.force[3], spun.force[4], spun.force[5]);
        let rot_part = fr.n.cross(&omega) * rho;
        assert!((t.dot(&omega) - f_plane.dot(&rot_part)).abs() < 1e-12);
    }
}
