//! `Point_Plane`, `Sphere_Plane`, `Capsule_Plane`: a body (side 1) against a static plane
//! (side 2). Δ is the signed distance `(x − o)·n̂` of the point (for a capsule, of its lower end
//! node: the closest end to the plane), gap = Δ − r₁, normal from the body to the plane = −n̂.
//! For a capsule, Δ = min(Δ(x_a), Δ(x_b)) is continuous but only piecewise smooth where both ends
//! are equally far (the edge lies parallel to the plane); each end is otherwise handled by the
//! end node's own contact. `Triangle_Plane` does the same over a triangle's three nodes.

use super::finish;
use crate::contact::core::{Mat12, Vec12};
use crate::contact::ctx::ContactCtx;
use crate::contact::distance::{ContactType, point_plane};
use crate::contact::element::{Caps, CcdKernel, Gives, Needs};
use crate::contact::element::{Category, ChainElement, ElementDoc, Env};
use crate::contact::primitive::PrimKind;

fn resolve_point(ctx: &mut ContactCtx, k: usize, beta: f64) {
    let Some((o, n)) = ctx.plane else {
        ctx.reject = true;
        return;
    };
    let (x, _) = ctx.kernel_points();
    let d = point_plane(&x[k], &o, &n, false);
    let mut grad = Vec12::zeros();
    grad.fixed_rows_mut::<3>(3 * k).copy_from(&d.grad);
    let c1 = x[k];
    let c2 = c1 - n * d.distance;
    finish(
        ctx,
        d.distance,
        c1,
        c2,
        grad,
        [beta, 0.0],
        ContactType::PointPlane,
    );
    // The normal from the body towards the plane is −n̂ even when the point is below it.
    ctx.normal = -n;
    ctx.contact_point = c1 - n * (ctx.radius[0] + 0.5 * ctx.gap);
    if ctx.has_rigid() {
        super::reduce_rigid(ctx, &grad, &Mat12::zeros());
    }
}

macro_rules! plane_resolver {
    ($ty:ident, $name:literal, $kind:expr, $summary:literal, $details:literal, |$ctx:ident| $body:block) => {
        kind_resolver!(
            $ty,
            $name,
            ($kind, PrimKind::Plane),
            CcdKernel::Plane,
            $summary,
            $details,
            |$ctx| $body
        );
    };
}

plane_resolver!(
    PointPlane,
    "Point_Plane",
    PrimKind::Point,
    "rod node (side 1) against a static plane",
    "Δ = (x − o)·n̂ (m, signed), gap = Δ − r, ∇Δ = n̂, ∇²Δ = 0 (DiSMech ground contact, seed 004 §5.2). No parameters.",
    |ctx| { resolve_point(ctx, 0, 0.0) }
);

plane_resolver!(
    SpherePlane,
    "Sphere_Plane",
    PrimKind::Sphere,
    "sphere (side 1) against a static plane",
    "Δ = (x − o)·n̂ (m, signed), gap = Δ − r, ∇Δ = n̂, ∇²Δ = 0. No parameters.",
    |ctx| { resolve_point(ctx, 0, 0.0) }
);

plane_resolver!(
    CapsulePlane,
    "Capsule_Plane",
    PrimKind::Capsule,
    "rod edge (side 1) against a static plane: its closest end node",
    "Δ = min((x_a − o)·n̂, (x_b − o)·n̂) (m, signed), gap = Δ − h, β₁ = 0 or 1 for the end used. \
     Prefer Point_Plane on rod nodes for ground contact; this resolver is for capsule-only chains. No parameters.",
    |ctx| {
        let Some((o, n)) = ctx.plane else {
            ctx.reject = true;
            return;
        };
        let (x, _) = ctx.kernel_points();
        let da = (x[0] - o).dot(&n);
        let db = (x[1] - o).dot(&n);
        if da <= db {
            resolve_point(ctx, 0, 0.0)
        } else {
            resolve_point(ctx, 1, 1.0)
        }
    }
);

/// The lowest of the ctx's first `n` points above the plane (ties to the first).
fn lowest(ctx: &ContactCtx, n: usize) -> Option<usize> {
    let (o, normal) = ctx.plane?;
    let (x, _) = ctx.kernel_points();
    (0..n)
        .map(|k| (k, (x[k] - o).dot(&normal)))
        .fold(None, |best: Option<(usize, f64)>, (k, d)| match best {
            Some((_, bd)) if bd <= d => best,
            _ => Some((k, d)),
        })
        .map(|(k, _)| k)
}

plane_resolver!(
    TrianglePlane,
    "Triangle_Plane",
    PrimKind::Triangle,
    "shell triangle (side 1) against a static plane: its lowest node",
    "Δ = min over the three nodes of (x − o)·n̂ (m, signed) — the exact distance of a triangle \
     that does not cross the plane — gap = Δ − h/2, β₁ = the node index used (λ one-hot on it). Only piecewise \
     smooth where two nodes are equally low (a face lying flat): for shells resting on the \
     ground prefer Point_Plane on shell nodes (DiSMech, seed 004 §5.2). No parameters.",
    |ctx| {
        match lowest(ctx, 3) {
            Some(k) => {
                resolve_point(ctx, k, k as f64);
                // The contact point is node k: one-hot barycentric coordinates.
                ctx.bary[k] = 1.0;
            }
            None => ctx.reject = true,
        }
    }
);
