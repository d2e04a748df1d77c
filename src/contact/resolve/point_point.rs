//! `Point_Point`: two points (rod nodes with their radii).

use super::set_geometry;
use crate::contact::caps::{Caps, Gives, Needs, PrimKind};
use crate::contact::ctx::ContactCtx;
use crate::contact::distance::point_point;
use crate::contact::element::{Category, ChainElement, ElementDoc, Env};

/// Point–point resolver.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct PointPoint;

static DOC: ElementDoc = ElementDoc {
    name: "Point_Point",
    category: Category::Resolver,
    summary: "two points: distance and normal from 1 to 2",
    details: "Δ = |x₂ − x₁| (m), n = (x₂ − x₁)/Δ, gap = Δ − r₁ − r₂ with the points' radii \
              (mpacts Point_Point, extended with radii). No parameters.",
};

impl ChainElement for PointPoint {
    fn doc(&self) -> &'static ElementDoc {
        &DOC
    }
    fn needs(&self) -> Needs {
        Needs {
            caps: Caps::SIDE1.with(Caps::SIDE2),
            kinds: Some((PrimKind::Point, PrimKind::Point)),
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
