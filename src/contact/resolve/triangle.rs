//! `Point_Triangle`, `Sphere_Triangle`: a rod or shell node, or a sphere (side 1), against a
//! shell triangle (side 2). Δ is the point–triangle distance of
//! [`point_triangle`](crate::contact::distance::point_triangle) from the point (or sphere
//! centre) to the triangle's three nodes — face interior, edge or vertex, with its exact
//! gradient and Hessian over the 12 coordinates (C¹ across the seams) — and gap = Δ − r₁ − h/2.
//! The normal points from the point to its foot on the triangle; a point in the triangle's
//! plane inside it has Δ = 0 and no normal (the law sees full overlap).
//!
//! Together with `Capsule_Capsule` on shell edges these are the two halves of triangle-mesh
//! contact (as in IPC): the distance between a segment and a triangle that do not cross is the
//! smallest of its end nodes' distances to the triangle and of its distances to the triangle's
//! edges.

use super::set_geometry;
use crate::contact::ctx::ContactCtx;
use crate::contact::distance::{point_triangle, point_triangle_distance};
use crate::contact::element::{Caps, CcdKernel, Gives, Needs};
use crate::contact::element::{Category, ChainElement, ElementDoc, Env};
use crate::contact::primitive::PrimKind;

fn resolve(env: &Env, ctx: &mut ContactCtx) {
    let (x, _) = ctx.kernel_points();
    let d = point_triangle(&x[0], &x[1], &x[2], &x[3], ctx.want_jacobian);
    set_geometry(ctx, &d, &[0, 1, 2, 3], false);
    if ctx.has_rigid() && super::rigid_defers(env, ctx) {
        ctx.reject = true;
    }
    if super::cell_surface::cell_defers(env.model, ctx, env.q) {
        ctx.reject = true;
    }
}

macro_rules! triangle_resolver {
    ($ty:ident, $name:literal, $kind:expr, $summary:literal, $details:literal) => {
        kind_resolver!(
            $ty,
            $name,
            ($kind, PrimKind::Triangle),
            CcdKernel::Distance(point_triangle_distance),
            $summary,
            $details,
            |env, ctx| { resolve(env, ctx) }
        );
    };
}

triangle_resolver!(
    PointTriangle,
    "Point_Triangle",
    PrimKind::Point,
    "rod or shell node (side 1) against a shell triangle (side 2): point–triangle distance",
    "Δ = min over the triangle of |x_p − (λ_a x_a + λ_b x_b + λ_c x_c)| (m): the distance to \
     the face's plane when the foot is inside (λ > 0), else to the closest edge or vertex \
     (seed 001 Eqs. 11–12 extended to faces); exact ∇Δ, ∇²Δ over 12 coordinates. gap = Δ − r_p \
     − h/2. CCD kernel: the same distance. No parameters."
);

triangle_resolver!(
    SphereTriangle,
    "Sphere_Triangle",
    PrimKind::Sphere,
    "sphere (side 1) against a shell triangle (side 2): centre–triangle distance",
    "Δ = distance from the sphere's centre to the triangle (face, edge or vertex), as \
     Point_Triangle; gap = Δ − r_s − h/2. Hertz-family laws take the face as flat (R̂ = r_s). \
     No parameters."
);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::contact::core::Vec12;
    use crate::contact::distance::ContactType;
    use crate::contact::element::PairMemory;
    use crate::contact::primitive::PrimId;
    use crate::math::Vec3;
    use crate::model::Model;
    use crate::verify::{Rng, gradient, jacobian, max_relative_error};

    /// A ctx with a point (radius 1 mm) and a triangle (radius 0.5 mm) at `x`, resolved.
    fn resolved(x: &Vec12, jac: bool) -> ContactCtx {
        let mut ctx = ContactCtx::new(
            PrimId::rod_node(0, 0),
            PrimId::shell_face(0, 0),
            PairMemory::default(),
            1e-3,
            jac,
        );
        ctx.points = [1, 3];
        for k in 0..4 {
            ctx.x[k] = Vec3::new(x[3 * k], x[3 * k + 1], x[3 * k + 2]);
        }
        ctx.radius = [1e-3, 5e-4];
        let model = Model::default();
        let env = Env {
            model: &model,
            q: &[],
            v: &[],
        };
        PointTriangle.evaluate(&env, &mut ctx);
        ctx
    }

    /// Gap, gradient and Hessian against central differences in the face interior, on each
    /// edge and at each vertex, from both sides of the triangle.
    #[test]
    fn gap_derivatives_match_finite_differences_in_every_region() {
        let mut rng = Rng::new(11);
        let a = Vec3::new(0.0, 0.0, 0.0);
        let b = Vec3::new(0.03, 0.002, 0.001);
        let c = Vec3::new(0.01, 0.025, -0.002);
        let n = (b - a).cross(&(c - a)).normalize();
        let centroid = (a + b + c) / 3.0;
        let targets: [(Vec3, ContactType); 7] = [
            (centroid, ContactType::PointFace),
            ((a + b) / 2.0, ContactType::PointEdge),
            ((b + c) / 2.0, ContactType::PointEdge),
            ((c + a) / 2.0, ContactType::PointEdge),
            (a, ContactType::PointPoint),
            (b, ContactType::PointPoint),
            (c, ContactType::PointPoint),
        ];
        for (foot, kind) in targets {
            for side in [1.0, -1.0] {
                // Off the boundary outwards (in the plane) for edges and vertices.
                let out = if kind == ContactType::PointFace {
                    Vec3::zeros()
                } else {
                    let o = foot - centroid;
                    (o - n * o.dot(&n)).normalize() * 0.004
                };
                let p = foot + out + n * (side * rng.uniform(0.002, 0.006));
                let x0 = Vec12::from_iterator([p, a, b, c].iter().flat_map(|v| [v.x, v.y, v.z]));
                let ctx = resolved(&x0, true);
                assert_eq!(ctx.contact_type, kind, "foot {foot:?}");
                assert!(ctx.gap > 0.0 && (ctx.normal.norm() - 1.0).abs() < 1e-12);
                let fd_grad = gradient(|x| resolved(x, false).gap, &x0, 1e-7);
                assert!(
                    max_relative_error(ctx.grad.as_slice(), fd_grad.as_slice()) < 1e-6,
                    "gradient, {kind:?}"
                );
                let fd_hess = jacobian(|x| resolved(x, false).grad, &x0, 1e-7);
                assert!(
                    max_relative_error(ctx.hess.as_slice(), fd_hess.as_slice()) < 1e-5,
                    "Hessian, {kind:?}"
                );
            }
        }
    }

    /// The gap is the distance less both radii, and the normal points from the point to the
    /// face.
    #[test]
    fn gap_and_normal_of_a_point_above_a_face() {
        let x = Vec12::from_column_slice(&[
            0.3, 0.3, 0.01, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0, 0.0,
        ]);
        let ctx = resolved(&x, false);
        assert!((ctx.distance - 0.01).abs() < 1e-15);
        assert!((ctx.gap - (0.01 - 1.5e-3)).abs() < 1e-15);
        assert!((ctx.normal - Vec3::new(0.0, 0.0, -1.0)).norm() < 1e-15);
        assert_eq!(ctx.contact_type, ContactType::PointFace);
    }

    #[test]
    fn both_resolvers_bind_a_triangle_on_side_2() {
        assert_eq!(
            PointTriangle.needs().kinds,
            Some((PrimKind::Point, PrimKind::Triangle))
        );
        assert_eq!(
            SphereTriangle.needs().kinds,
            Some((PrimKind::Sphere, PrimKind::Triangle))
        );
    }
}
