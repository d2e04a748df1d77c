//! `Sphere_Point`: a sphere (side 1) against a point (side 2, a rod node with its radius).

use super::set_geometry;
use crate::contact::caps::{Caps, Gives, Needs, PrimKind};
use crate::contact::ctx::ContactCtx;
use crate::contact::distance::point_point;
use crate::contact::element::{Category, ChainElement, ElementDoc, Env};

/// Sphere–point resolver.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
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
        Needs {
            caps: Caps::SIDE1.with(Caps::SIDE2),
            kinds: Some((PrimKind::Sphere, PrimKind::Point)),
        }
    }
    fn gives(&self) -> Gives {
        Gives::caps(Caps::GEOMETRY)
    }
    fn evaluate(&self, _env: &Env, ctx: &mut ContactCtx) {
        let d = point_point(&ctx.x[0], &ctx.x[1], ctx.want_jacobian);
        set_geometry(ctx, &d, &[0, 1], false);
    }
}
