//! The whole local force of a rounded-triangle contact as a function of the pair's positions
//! and velocities: geometry ([`resolve`]) → pressures integrated ([`integrate`]) →
//! distribution to the triangle's nodes (Odenthal et al. 2013 Eq. 19,
//! [`distribute`](crate::contact::assemble::distribute)) → friction
//! ([`CoulombInt`](crate::contact::tangential::CoulombInt)). The chain's elements each add
//! their part of the [`Spec`] and evaluate their step at the current state; the distributor
//! evaluates the kernel, and its Jacobian by central differences of the kernel (see
//! [`crate::contact::assemble::DistributeToTriangle`]).
//!
//! Local layout: slots 0–2 the triangle's nodes (side 1), slot 3 the sphere's centre (side 2;
//! absent against a plane). Normal force on side 2: `+F n`, on node `k`: `−f_k n`,
//! `Σ f_k = F`. Friction on side 2: `f_t`, on node `k`: `−w_k f_t` with `w_k = f_k/F` (`1/3`
//! each when `F ≤ 0`); the friction's relative velocity is `v₂ − Σ w_k v_k`, so that its power
//! is `f_t · (v₂ − Σ w_k v_k)`.

use super::integrate::{Integral, integrate};
use super::pressure::PressureLaw;
use crate::contact::assemble::distribute;
use crate::contact::core::Vec12;
use crate::contact::ctx::ContactCtx;
use crate::contact::resolve::rounded_triangle::{
    Counterpart, RoundedGeometry, encompassing, resolve,
};
use crate::contact::tangential::{CoulombInt, friction_weights};
use crate::math::Vec3;

/// Most integrated normal laws one chain may hold (their pressures add up).
pub const MAX_LAWS: usize = 2;

/// What the chain's elements declared: the geometry (resolver), the pressure laws (`N_*_Int`)
/// and the friction (`T_CoulombFriction_Int`).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Spec {
    /// Encompassing radius `R_t` (m).
    pub inverse_curvature: f64,
    /// The other side.
    pub other: Counterpart,
    /// The integrated normal laws, in chain order.
    pub laws: [Option<PressureLaw>; MAX_LAWS],
    /// The integrated friction law.
    pub friction: Option<CoulombInt>,
}

impl Spec {
    /// A spec with geometry only.
    pub fn new(inverse_curvature: f64, other: Counterpart) -> Self {
        Self {
            inverse_curvature,
            other,
            laws: [None; MAX_LAWS],
            friction: None,
        }
    }

    /// Adds a law; `false` when the spec already holds [`MAX_LAWS`].
    pub fn push_law(&mut self, law: PressureLaw) -> bool {
        match self.laws.iter_mut().find(|l| l.is_none()) {
            Some(slot) => {
                *slot = Some(law);
                true
            }
            None => false,
        }
    }

    /// The declared laws, in chain order (at most [`MAX_LAWS`]).
    pub fn law_list(&self) -> Vec<PressureLaw> {
        self.laws.iter().flatten().copied().collect()
    }

    /// Whether the force depends on velocities (damping or friction).
    pub fn velocity_dependent(&self) -> bool {
        self.friction.is_some() || self.laws.iter().flatten().any(PressureLaw::damped)
    }
}

/// The kernel's result at one state.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Outcome {
    /// The geometry.
    pub geometry: RoundedGeometry,
    /// Overlap rate `δ̇` (m/s), positive while approaching.
    pub rate: f64,
    /// The laws' integrals, summed.
    pub integral: Integral,
    /// Nodal normal forces `f_k` (N), `Σ f_k = F`.
    pub nodal: [f64; 3],
    /// Friction force on side 2 (N).
    pub friction: Vec3,
    /// The local generalised normal force (N).
    pub force: Vec12,
    /// The local generalised friction force (N), zero without friction.
    pub friction_force: Vec12,
}

/// The rounded-triangle part of a pair's record ([`ContactCtx::rounded`](crate::contact::ContactCtx)):
/// what the chain declared so far and the kernel's last outcome at the current state.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RoundedRecord {
    /// The declared geometry and laws.
    pub spec: Spec,
    /// The kernel at the current state, once a law has run.
    pub outcome: Option<Outcome>,
    /// The two-triangle kernel at the current state, once a law has run (a pair of
    /// `RoundedTriangle_RoundedTriangle`; `outcome` stays `None` there).
    pub pair: Option<super::PairOutcome>,
}

/// Overlap rate `δ̇ = n·(ċ_t − v₂)` (m/s) of the encompassing spheres: `ċ_t` is the rate of
/// the encompassing centre along the nodes' velocities, by a central difference of its closed
/// form with a displacement of 10⁻² of the triangle's first edge (relative error ~10⁻⁴, a
/// damping rate's accuracy): a larger displacement keeps the centre's round-off, divided by
/// it, out of the kernel's own differences (its Jacobian) of `δ̇`.
pub fn overlap_rate(x: &[Vec3; 4], v: &[Vec3; 4], g: &RoundedGeometry, spec: &Spec) -> f64 {
    let vmax = v[..3].iter().map(|w| w.norm()).fold(0.0, f64::max);
    let other = match spec.other {
        Counterpart::Sphere { .. } => v[3],
        Counterpart::Plane { .. } | Counterpart::Triangle { .. } => Vec3::zeros(),
    };
    if vmax == 0.0 {
        return -g.normal.dot(&other);
    }
    let eps = 1e-2 * (x[1] - x[0]).norm() / vmax;
    // Relative to the first node: the centre's round-off is that of R_t, not of |c_t|.
    let at = |s: f64| {
        encompassing::centre(
            &(v[0] * s),
            &(x[1] - x[0] + v[1] * s),
            &(x[2] - x[0] + v[2] * s),
            spec.inverse_curvature,
        )
    };
    let cdot = match (at(eps), at(-eps)) {
        (Some(p), Some(m)) => (p - m) / (2.0 * eps),
        _ => Vec3::zeros(),
    };
    g.normal.dot(&(cdot - other))
}

/// The local force at positions `x` and velocities `v`; `None` when the geometry is degenerate
/// or no law's pressure acts (the encompassing spheres apart).
pub fn evaluate(spec: &Spec, x: &[Vec3; 4], v: &[Vec3; 4]) -> Option<Outcome> {
    let g = resolve(x, spec.inverse_curvature, &spec.other)?;
    let rate = if spec.velocity_dependent() {
        overlap_rate(x, v, &g, spec)
    } else {
        0.0
    };
    let mut total: Option<Integral> = None;
    for law in spec.laws.iter().flatten() {
        if let Some(i) = integrate(law, &g, rate) {
            total.get_or_insert_with(Integral::default).add(&i);
        }
    }
    let integral = total?;
    let nodal = distribute::nodal_forces(&g.polygon, integral.force, &integral.moment)?;
    let n = g.normal;
    let mut force = Vec12::zeros();
    for (k, f) in nodal.iter().enumerate() {
        force.fixed_rows_mut::<3>(3 * k).copy_from(&(-n * *f));
    }
    let sphere = matches!(spec.other, Counterpart::Sphere { .. });
    if sphere {
        force
            .fixed_rows_mut::<3>(9)
            .copy_from(&(n * integral.force));
    }
    let mut friction = Vec3::zeros();
    let mut friction_force = Vec12::zeros();
    if let Some(c) = &spec.friction {
        let w = friction_weights(&nodal, integral.force);
        let v_side1 = v[0] * w[0] + v[1] * w[1] + v[2] * w[2];
        let v_side2 = if sphere { v[3] } else { Vec3::zeros() };
        friction = c.force(&n, &(v_side2 - v_side1), &integral);
        for (k, wk) in w.iter().enumerate() {
            friction_force
                .fixed_rows_mut::<3>(3 * k)
                .copy_from(&(-friction * *wk));
        }
        if sphere {
            friction_force.fixed_rows_mut::<3>(9).copy_from(&friction);
        }
    }
    Some(Outcome {
        geometry: g,
        rate,
        integral,
        nodal,
        friction,
        force,
        friction_force,
    })
}

/// Adds `∂f/∂x` and (when the spec depends on velocities) `∂f/∂v` of the kernel's part `part`
/// (normal or friction force) to `ctx`, by central differences of [`evaluate`] over every local
/// coordinate of the pair's points: the polygon, the quadrature points, the fallback's covered
/// fraction and the distribution weights all move with the nodes, which an analytic Jacobian
/// would have to follow through the clipping and the quadrature. Steps: `h_x = 10⁻⁷ ρ` (`ρ`
/// the triangle's first edge), `h_v = 10⁻⁷ max(‖v‖_∞, ρ/(1 s))`. A difference whose stencil
/// leaves the contact (the kernel is `None` on one side) uses the one-sided difference.
/// Cost: 2 × 3 × (points) kernel evaluations per Jacobian (18 or 24; twice with velocities).
pub fn add_jacobians(ctx: &mut ContactCtx, spec: &Spec, part: fn(&Outcome) -> Vec12) {
    add_jacobians_with(ctx, spec, part, spec.velocity_dependent());
}

/// [`add_jacobians`] with `∂f/∂v` differenced only when `velocities` (a part whose velocity
/// derivative is known exactly adds it itself).
pub fn add_jacobians_with(
    ctx: &mut ContactCtx,
    spec: &Spec,
    part: fn(&Outcome) -> Vec12,
    velocities: bool,
) {
    let n = 3 * ctx.n_points();
    let (x0, v0) = (ctx.x, ctx.v);
    let centre = evaluate(spec, &x0, &v0).map(|o| part(&o));
    let edge = (x0[1] - x0[0]).norm();
    let hx = 1e-7 * edge;
    let vmax = v0[..ctx.n_points()]
        .iter()
        .map(|w| w.amax())
        .fold(0.0, f64::max);
    // The damped pressure and the friction's viscous branch are linear in the velocities:
    // a step of at least 10⁻⁷ edge lengths per second keeps the round-off small at rest.
    let hv = 1e-7 * vmax.max(edge * 1.0);
    let column = |positions: bool, j: usize| -> Vec12 {
        let (h, k, c) = (if positions { hx } else { hv }, j / 3, j % 3);
        let at = |s: f64| {
            let (mut x, mut v) = (x0, v0);
            if positions {
                x[k][c] += s;
            } else {
                v[k][c] += s;
            }
            evaluate(spec, &x, &v).map(|o| part(&o))
        };
        match (at(h), at(-h), centre) {
            (Some(p), Some(m), _) => (p - m) / (2.0 * h),
            (Some(p), None, Some(c)) => (p - c) / h,
            (None, Some(m), Some(c)) => (c - m) / h,
            _ => Vec12::zeros(),
        }
    };
    for j in 0..n {
        let col = column(true, j);
        let mut d = ctx.dfdx.column_mut(j);
        d += col;
    }
    if velocities {
        for j in 0..n {
            let col = column(false, j);
            let mut d = ctx.dfdv.column_mut(j);
            d += col;
        }
    }
}
