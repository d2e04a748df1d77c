//! `Sphere_Sphere`: two spheres; Δ = |x₂ − x₁|, normal from 1 to 2, gap = Δ − r₁ − r₂.

use super::set_geometry;
use crate::contact::ctx::ContactCtx;
use crate::contact::distance::point_point;
use crate::contact::element::{Caps, CcdKernel, Gives, Needs};
use crate::contact::element::{Category, ChainElement, ElementDoc, Env};
use crate::contact::primitive::PrimKind;
use crate::math::Vec3;

/// Sphere–sphere resolver.
#[derive(Debug, Clone, Copy, PartialEq, Default, serde::Deserialize)]
pub struct SphereSphere;

static DOC: ElementDoc = ElementDoc {
    name: "Sphere_Sphere",
    category: Category::Resolver,
    summary: "two spheres: centre distance, normal from 1 to 2",
    details: "Δ = |x₂ − x₁| (m), n = (x₂ − x₁)/Δ, gap = Δ − r₁ − r₂ (overlap δ = −gap), contact \
              point at the middle of the overlap (mpacts Sphere_Sphere). No parameters.",
};

impl ChainElement for SphereSphere {
    fn doc(&self) -> &'static ElementDoc {
        &DOC
    }
    fn needs(&self) -> Needs {
        Needs::caps(Caps::SIDE1.with(Caps::SIDE2)).with_kinds(PrimKind::Sphere, PrimKind::Sphere)
    }
    fn gives(&self) -> Gives {
        Gives::caps(Caps::GEOMETRY).with_ccd(CcdKernel::Distance(distance))
    }
    fn evaluate(&self, _env: &Env, ctx: &mut ContactCtx) {
        let d = point_point(&ctx.x[0], &ctx.x[1], ctx.want_jacobian);
        set_geometry(ctx, &d, &[0, 1], false);
    }
}

/// The centre-line distance this resolver computes, value only: side 1's points `a`, side 2's
/// `b` (m). Continuous collision detection uses it, so CCD sees exactly the resolver's Δ.
pub fn distance(a: &[Vec3], b: &[Vec3]) -> f64 {
    point_point(&a[0], &b[0], false).distance
}
