//! `Sphere_Sphere`, `Point_Point`, `Sphere_Point`: two centres (sphere centres, or rod and shell
//! nodes with their radii); Δ = |x₂ − x₁|, normal from 1 to 2, gap = Δ − r₁ − r₂, with the
//! exact ∇Δ and ∇²Δ of [`point_point`](crate::contact::distance::point_point). The three differ
//! only in the kinds they bind.

use super::set_geometry;
use crate::contact::ctx::ContactCtx;
use crate::contact::distance::point_point;
use crate::contact::element::{Caps, CcdKernel, Gives, Needs};
use crate::contact::element::{Category, ChainElement, ElementDoc, Env};
use crate::contact::primitive::PrimKind;
use crate::math::Vec3;

fn resolve(env: &Env, ctx: &mut ContactCtx) {
    let (x, _) = ctx.kernel_points();
    let d = point_point(&x[0], &x[1], ctx.want_jacobian);
    set_geometry(ctx, &d, &[0, 1], false);
    if ctx.has_rigid() && super::rigid_defers(env, ctx) {
        ctx.reject = true;
    }
}

/// The centre-line distance these resolvers compute, value only: side 1's points `a`, side 2's
/// `b` (m). Continuous collision detection uses it, so CCD sees exactly the resolver's Δ.
pub fn distance(a: &[Vec3], b: &[Vec3]) -> f64 {
    // `point_point`'s `Δ = ‖p − q‖` itself, without building its derivatives: every candidate
    // pair passes here before the chain runs.
    (a[0] - b[0]).norm()
}

kind_resolver!(
    SphereSphere,
    "Sphere_Sphere",
    (PrimKind::Sphere, PrimKind::Sphere),
    CcdKernel::Distance(distance),
    "two spheres: centre distance, normal from 1 to 2",
    "Δ = |x₂ − x₁| (m), n = (x₂ − x₁)/Δ, gap = Δ − r₁ − r₂ (overlap δ = −gap), contact point at \
     the middle of the overlap (mpacts Sphere_Sphere). No parameters.",
    |env, ctx| { resolve(env, ctx) }
);

kind_resolver!(
    PointPoint,
    "Point_Point",
    (PrimKind::Point, PrimKind::Point),
    CcdKernel::Distance(distance),
    "two points: distance and normal from 1 to 2",
    "Δ = |x₂ − x₁| (m), n = (x₂ − x₁)/Δ, gap = Δ − r₁ − r₂ with the points' radii (mpacts \
     Point_Point, extended with radii). No parameters.",
    |env, ctx| { resolve(env, ctx) }
);

kind_resolver!(
    SpherePoint,
    "Sphere_Point",
    (PrimKind::Sphere, PrimKind::Point),
    CcdKernel::Distance(distance),
    "sphere (side 1) against a point (side 2): centre–point distance",
    "Δ = |x_p − x_s| (m), n = (x_p − x_s)/Δ, gap = Δ − r_s − r_p where r_p is the point's radius \
     (the rod radius for a rod node). No parameters.",
    |env, ctx| { resolve(env, ctx) }
);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::verify::Rng;

    /// The prefilter and CCD see exactly the resolver's `Δ`, bit for bit.
    #[test]
    fn distance_is_the_resolvers_to_the_bit() {
        let mut rng = Rng::new(11);
        for scale in [1e-6, 1e-3, 1.0, 1e3] {
            for _ in 0..200 {
                let (a, b) = (rng.vector(scale), rng.vector(scale));
                let d = distance(&[a], &[b]);
                assert_eq!(d.to_bits(), point_point(&a, &b, true).distance.to_bits());
            }
        }
        assert_eq!(distance(&[Vec3::zeros()], &[Vec3::zeros()]), 0.0);
    }
}
