//! `Sphere_Point`: a sphere (side 1) against a point (side 2, a rod node with its radius).

use super::set_geometry;
use crate::contact::ctx::ContactCtx;
use crate::contact::distance::point_point;
use crate::contact::element::{Caps, CcdKernel, Gives, Needs};
use crate::contact::element::{Category, ChainElement, ElementDoc, Env};
use crate::contact::primitive::PrimKind;
use crate::math::Vec3;

/// Sphere–point resolver.
#[derive(Debug, Clone, Copy, PartialEq, Default, serde::Deserialize)]
pub struct SpherePoint;

static DOC: ElementDoc = ElementDoc {
    name: "Sphere_Point",
    category: Category::Resolver,
    summary: "sphere (side 1) against a point (side 2): centre–point distance",
    details: "Δ = |x_p − x_s| (m), n = (x_p − x_s)/Δ, gap = Δ − r_s − r_p where r_p is the point's \
              radius (the rod radius for a rod node). No parameters.",
};

impl ChainElement for SpherePoint {
    fn doc(&self) -> &'static ElementDoc {
        &DOC
    }
    fn needs(&self) -> Needs {
        Needs::caps(Caps::SIDE1.with(Caps::SIDE2)).with_kinds(PrimKind::Sphere, PrimKind::Point)
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
