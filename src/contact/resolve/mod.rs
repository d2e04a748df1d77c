//! Geometry resolvers: one file per pair of primitive kinds. Each computes the centre-line
//! distance Δ with ∇Δ and ∇²Δ over the pair's local DOFs (from the kernels in
//! [`crate::contact::distance`]), the gap `Δ − r₁ − r₂`, the normal from side 1 to side 2, the
//! contact point and the parametric coordinates.
//!
//! Unlike mpacts, resolvers never reject a pair for being apart: barrier and smoothed laws
//! (IPC, IMC) act at positive gaps, so each law decides its own range.

/// Defines a unit-struct resolver element for a fixed pair of kinds: its documentation, needs
/// (both sides bound, of kinds `$k1`, `$k2`), gives (geometry, and CCD kernel `$ccd`) and
/// `evaluate` body.
macro_rules! kind_resolver {
    ($ty:ident, $name:literal, ($k1:expr, $k2:expr), $ccd:expr, $summary:literal,
     $details:literal, |$ctx:ident| $body:block) => {
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
            fn evaluate(&self, _env: &Env, $ctx: &mut ContactCtx) $body
        }
    };
}

mod capsule_capsule;
mod capsule_sphere;
mod centre;
mod plane;
mod triangle;

pub use capsule_capsule::CapsuleCapsule;
pub use capsule_sphere::CapsuleSphere;
pub use centre::{PointPoint, SpherePoint, SphereSphere};
pub use plane::{CapsulePlane, PointPlane, SpherePlane, TrianglePlane};
pub use triangle::{PointTriangle, SphereTriangle};

use super::ctx::ContactCtx;
use super::distance::Distance;
use crate::contact::core::Vec12;
use crate::math::Vec3;

/// Writes a kernel result into the ctx. `map[k]` is the ctx point of the kernel's point `k`;
/// `sides` says which kernel closest point belongs to side 1 and which to side 2. The Hessian
/// is written in place into `ctx.hess`, which is zero on entry (a chain has one resolver, and
/// its record is fresh or [reset](ContactCtx::reset)); it is left zero without Jacobians.
pub(crate) fn set_geometry<const N: usize>(
    ctx: &mut ContactCtx,
    d: &Distance<N>,
    map: &[usize],
    swap: bool,
) {
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
