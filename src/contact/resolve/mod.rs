//! Geometry resolvers: one file per pair of primitive kinds. Each computes the centre-line
//! distance Δ with ∇Δ and ∇²Δ over the pair's local DOFs (from the kernels in
//! [`crate::contact::distance`]), the gap `Δ − r₁ − r₂`, the normal from side 1 to side 2, the
//! contact point and the parametric coordinates.
//!
//! Unlike mpacts, resolvers never reject a pair for being apart: barrier and smoothed laws
//! (IPC, IMC) act at positive gaps, so each law decides its own range.

/// Defines a unit-struct resolver element for a fixed pair of kinds: its documentation, needs
/// (both sides bound, of kinds `$k1`, `$k2`), gives (geometry, and CCD kernel `$ccd`) and
/// `evaluate` body (`|ctx|`, or `|env, ctx|` for a body that reads the environment).
macro_rules! kind_resolver {
    ($ty:ident, $name:literal, ($k1:expr, $k2:expr), $ccd:expr, $summary:literal,
     $details:literal, |$ctx:ident| $body:block) => {
        kind_resolver!($ty, $name, ($k1, $k2), $ccd, $summary, $details, |_env, $ctx| $body);
    };
    ($ty:ident, $name:literal, ($k1:expr, $k2:expr), $ccd:expr, $summary:literal,
     $details:literal, |$env:ident, $ctx:ident| $body:block) => {
        #[doc = concat!("`", $name, "` resolver.")]
        #[derive(Debug, Clone, Copy, PartialEq, Default, serde::Deserialize)]
        pub struct $ty;

        impl ChainElement for $ty {
            fn doc(&self) -> &'static ElementDoc {
                static DOC: ElementDoc = ElementDoc {
                    name: $name,
                    category: Category::Resolver,
                    summary: $summary,
                    details: $details,
                };
                &DOC
            }
            fn needs(&self) -> Needs {
                Needs::caps(Caps::SIDE1.with(Caps::SIDE2)).with_kinds($k1, $k2)
            }
            fn gives(&self) -> Gives {
                Gives::caps(Caps::GEOMETRY).with_ccd($ccd)
            }
            fn evaluate(&self, $env: &Env, $ctx: &mut ContactCtx) $body
        }
    };
}

mod capsule_capsule;
mod capsule_sphere;
mod cell_surface;
mod centre;
mod plane;
pub mod rounded_triangle;
mod triangle;

pub use capsule_capsule::CapsuleCapsule;
pub use capsule_sphere::CapsuleSphere;
pub use centre::{PointPoint, SpherePoint, SphereSphere};
pub use plane::{CapsulePlane, PointPlane, SpherePlane, TrianglePlane};
pub use rounded_triangle::{
    RoundedTrianglePlane, RoundedTriangleRoundedTriangle, RoundedTriangleSphere,
};
pub use triangle::{PointTriangle, SphereTriangle};

use super::ctx::ContactCtx;
use super::distance::Distance;
use crate::contact::core::{Mat3x12, Mat12, Vec12};
use crate::math::Vec3;

/// Writes a kernel result into the ctx. `map[k]` is the ctx point of the kernel's point `k`
/// (the kernel point of [`ContactCtx::kernel_points`] when a side is rigid, see
/// [`reduce_rigid`]);
/// `sides` says which kernel closest point belongs to side 1 and which to side 2. The Hessian
/// is written in place into `ctx.hess`, which is zero on entry (a chain has one resolver, and
/// its record is fresh or [reset](ContactCtx::reset)); it is left zero without Jacobians.
pub(crate) fn set_geometry<const N: usize>(
    ctx: &mut ContactCtx,
    d: &Distance<N>,
    map: &[usize],
    swap: bool,
) {
    if ctx.has_rigid() {
        return set_geometry_rigid(ctx, d, map, swap);
    }
    let mut grad = Vec12::zeros();
    for (a, &pa) in map.iter().enumerate() {
        for i in 0..3 {
            grad[3 * pa + i] = d.grad[3 * a + i];
        }
    }
    if ctx.want_jacobian {
        for (a, &pa) in map.iter().enumerate() {
            for (b, &pb) in map.iter().enumerate() {
                for i in 0..3 {
                    for j in 0..3 {
                        ctx.hess[(3 * pa + i, 3 * pb + j)] = d.hess[(3 * a + i, 3 * b + j)];
                    }
                }
            }
        }
    }
    let (c1, c2) = if swap {
        (d.closest[1], d.closest[0])
    } else {
        (d.closest[0], d.closest[1])
    };
    let beta = if swap {
        [d.params[1], d.params[0]]
    } else {
        d.params
    };
    finish(ctx, d.distance, c1, c2, grad, beta, d.kind);
    // The triangle's barycentric coordinates, whichever side it is on.
    ctx.bary = d.bary;
}

/// Sets Δ, gap, normal (side 1 → side 2), contact point, ∇Δ (`grad`), the parametric
/// coordinates and the contact type from the closest points; `ctx.hess` (∇²Δ) is the
/// resolver's to write, in place.
pub(crate) fn finish(
    ctx: &mut ContactCtx,
    distance: f64,
    c1: Vec3,
    c2: Vec3,
    grad: Vec12,
    beta: [f64; 2],
    kind: super::distance::ContactType,
) {
    ctx.distance = distance;
    ctx.gap = distance - ctx.radius[0] - ctx.radius[1];
    let dv = c2 - c1;
    ctx.normal = if distance > 0.0 {
        dv / dv.norm().max(1e-300)
    } else {
        Vec3::zeros()
    };
    ctx.contact_point = c1 + ctx.normal * (ctx.radius[0] + 0.5 * ctx.gap);
    ctx.grad = grad;
    ctx.beta = beta;
    ctx.contact_type = kind;
}

/// Reduces a resolver's `∇Δ` and `∇²Δ` over the kernel points ([`ContactCtx::kernel_points`]:
/// `g_e`, `h_e`, 3 coordinates per point, side 1's first) to the pair's local coordinates when
/// a side is a rigid body's primitive, and sets each rigid side's lever base. Call after
/// [`finish`] (and any override of the normal).
///
/// A surface point `x_e = c + a_e` of a rigid side moves with its centre `c` and the
/// infinitesimal world rotation `ψ` about it, `δx_e = δc − [a_e]× δψ = T_e δu`: so
/// `∇_uΔ = Σ T_eᵀ g_e` (`Σ g_e` on `c`, the torque form `Σ a_e × g_e` on `ψ`), and
/// `∇²_uΔ = Tᵀ h_e T + Σ_e [g_e]× [a_e]×` on `(ψ, ψ)` (the change of the levers `a_e` under a
/// rotation, `δa = δψ × a`). The closest point of a rigid side, `Σ λ_e x_e` with the weights
/// `λ_e = σ n·g_e` of the envelope form (`σ = −1` on side 1, `+1` on side 2), gives the lever
/// base `b = Σ λ_e a_e` with `∂b/∂u = Σ a_e (Tᵀ σ h_eᵀ n)ᵀ − [b]× E_ψ`, which friction laws use
/// for the contact point's velocity `v_c + ω × (b ± ρ n)` (see
/// [`ContactFrame`](crate::contact::ContactFrame)).
pub(crate) fn reduce_rigid(ctx: &mut ContactCtx, g_e: &Vec12, h_e: &Mat12) {
    use crate::math::cross_matrix;
    let mut t = Mat12::zeros();
    let mut e = 0;
    // (expanded point, side, lever) of every rigid surface point.
    let mut rigid_points: Vec<(usize, usize, Vec3)> = Vec::with_capacity(4);
    for side in 0..2 {
        let k0 = ctx.first_point(side);
        match &ctx.rigid[side] {
            Some(r) => {
                let spin = ctx.spins[side].expect("a rigid side has its rotation slot");
                for p in &r.surface[..r.n] {
                    let a = p - r.centre;
                    for i in 0..3 {
                        t[(3 * e + i, 3 * k0 + i)] = 1.0;
                    }
                    t.fixed_view_mut::<3, 3>(3 * e, 3 * spin)
                        .copy_from(&(-cross_matrix(&a)));
                    rigid_points.push((e, side, a));
                    e += 1;
                }
            }
            None => {
                for k in k0..k0 + ctx.points[side] {
                    for i in 0..3 {
                        t[(3 * e + i, 3 * k + i)] = 1.0;
                    }
                    e += 1;
                }
            }
        }
    }
    ctx.grad = t.transpose() * g_e;
    let n = ctx.normal;
    let mut bases = [(Vec3::zeros(), Mat3x12::zeros()); 2];
    for &(e, side, a) in &rigid_points {
        let sigma = if side == 0 { -1.0 } else { 1.0 };
        let g = Vec3::new(g_e[3 * e], g_e[3 * e + 1], g_e[3 * e + 2]);
        let lambda = sigma * n.dot(&g);
        bases[side].0 += a * lambda;
        if ctx.want_jacobian {
            let dlambda: Vec12 =
                t.transpose() * (h_e.fixed_rows::<3>(3 * e).transpose() * n * sigma);
            bases[side].1 += a * dlambda.transpose();
        }
    }
    if ctx.want_jacobian {
        let mut h = t.transpose() * h_e * t;
        for &(e, side, a) in &rigid_points {
            let spin = ctx.spins[side].expect("a rigid side has its rotation slot");
            let g = Vec3::new(g_e[3 * e], g_e[3 * e + 1], g_e[3 * e + 2]);
            let mut block = h.fixed_view_mut::<3, 3>(3 * spin, 3 * spin);
            block += cross_matrix(&g) * cross_matrix(&a);
        }
        ctx.hess = h;
    }
    for (side, (base, dbase)) in bases.into_iter().enumerate() {
        let spin = ctx.spins[side];
        if let (Some(r), Some(k)) = (ctx.rigid[side].as_mut(), spin) {
            r.lever_base = base;
            if ctx.want_jacobian {
                let mut d = dbase;
                let mut cols = d.fixed_columns_mut::<3>(3 * k);
                cols -= cross_matrix(&base);
                r.dlever_base = d;
            }
        }
    }
}

/// [`set_geometry`] over the kernel points when a side is rigid: the kernel's result laid out
/// over the expanded points (`map`, `swap` as there), then [`finish`] and [`reduce_rigid`].
fn set_geometry_rigid<const N: usize>(
    ctx: &mut ContactCtx,
    d: &Distance<N>,
    map: &[usize],
    swap: bool,
) {
    let mut g = Vec12::zeros();
    let mut h = Mat12::zeros();
    for (a, &pa) in map.iter().enumerate() {
        for i in 0..3 {
            g[3 * pa + i] = d.grad[3 * a + i];
        }
        if ctx.want_jacobian {
            for (b, &pb) in map.iter().enumerate() {
                for i in 0..3 {
                    for j in 0..3 {
                        h[(3 * pa + i, 3 * pb + j)] = d.hess[(3 * a + i, 3 * b + j)];
                    }
                }
            }
        }
    }
    let (c1, c2) = if swap {
        (d.closest[1], d.closest[0])
    } else {
        (d.closest[0], d.closest[1])
    };
    let beta = if swap {
        [d.params[1], d.params[0]]
    } else {
        d.params
    };
    finish(ctx, d.distance, c1, c2, g, beta, d.kind);
    ctx.bary = d.bary;
    reduce_rigid(ctx, &g, &h);
}

/// Whether a rigid side of the resolved pair leaves the contact to another primitive of its
/// body's surface (see [`crate::contact::primitive`]'s rigid feature rule): the rigid side's
/// closest feature (a face's edge or vertex from its barycentric coordinates, a rigid edge's
/// end or interior from its β, a rigid vertex) is checked against the triangles around it,
/// with the other side's closest point.
pub(crate) fn rigid_defers(env: &super::core::Env, ctx: &ContactCtx) -> bool {
    use super::core::PrimId;
    let c1 = ctx.contact_point - ctx.normal * (ctx.radius[0] + 0.5 * ctx.gap);
    let c2 = c1 + ctx.normal * ctx.distance;
    for side in 0..2 {
        if ctx.rigid[side].is_none() {
            continue;
        }
        let model = env.model;
        let feature = match ctx.prim[side] {
            PrimId::RigidFace(f) => {
                let f = super::primitive::rigid_face_feature(model, &f, &ctx.bary);
                if f.is_empty() {
                    continue;
                }
                f
            }
            PrimId::RigidEdge(e) => {
                let [a, b] = model.bodies.rigid[e.body as usize].edges[e.edge as usize];
                match ctx.beta[side] {
                    t if t <= 0.0 => vec![a],
                    t if t >= 1.0 => vec![b],
                    _ => vec![a, b],
                }
            }
            PrimId::RigidVertex(v) => vec![v.vertex],
            _ => continue,
        };
        let x = if side == 0 { c2 } else { c1 };
        if super::primitive::rigid_defers(model, ctx.prim[side], &feature, &x, ctx.distance, env.q)
        {
            return true;
        }
    }
    false
}
