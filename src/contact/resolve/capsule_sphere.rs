//! `Capsule_Sphere`: a rod edge (side 1) against a sphere (side 2): point–segment distance from
//! the sphere centre to the edge, clamped to the end spheres.

use super::set_geometry;
use crate::contact::ctx::ContactCtx;
use crate::contact::distance::point_segment;
use crate::contact::element::{Caps, CcdKernel, Gives, Needs};
use crate::contact::element::{Category, ChainElement, ElementDoc, Env};
use crate::contact::primitive::PrimKind;
use crate::math::Vec3;

/// Capsule–sphere resolver.
#[derive(Debug, Clone, Copy, PartialEq, Default, serde::Deserialize)]
pub struct CapsuleSphere;

static DOC: ElementDoc = ElementDoc {
    name: "Capsule_Sphere",
    category: Category::Resolver,
    summary: "capsule (side 1) against sphere (side 2): point–segment distance",
    details: "β = clamp((x_s − x_c1)·(x_c2 − x_c1)/|x_c2 − x_c1|², 0, 1); Δ = |x_s − x_c1 − β(x_c2 − x_c1)| \
              (m), resolved against the end spheres when β is clamped (mpacts Capsule_Sphere). \
              gap = Δ − r_c − r_s. No parameters.",
};

impl ChainElement for CapsuleSphere {
    fn doc(&self) -> &'static ElementDoc {
        &DOC
    }
    fn needs(&self) -> Needs {
        Needs::caps(Caps::SIDE1.with(Caps::SIDE2)).with_kinds(PrimKind::Capsule, PrimKind::Sphere)
    }
    fn gives(&self) -> Gives {
        Gives::caps(Caps::GEOMETRY).with_ccd(CcdKernel::Distance(distance))
    }
    fn evaluate(&self, _env: &Env, ctx: &mut ContactCtx) {
        let (x, _) = ctx.kernel_points();
        // Kernel order [p, a, b] = [sphere (ctx point 2), capsule a (0), capsule b (1)].
        let d = point_segment(&x[2], &x[0], &x[1], ctx.want_jacobian);
        set_geometry(ctx, &d, &[2, 0, 1], true);
    }
}

/// The centre-line distance this resolver computes, value only: side 1's points `a`, side 2's
/// `b` (m). Continuous collision detection uses it, so CCD sees exactly the resolver's Δ.
pub fn distance(a: &[Vec3], b: &[Vec3]) -> f64 {
    point_segment(&b[0], &a[0], &a[1], false).distance
}
