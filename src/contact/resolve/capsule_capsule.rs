//! `Capsule_Capsule`: edge–edge contact of two rod edges (seed 001 §3.2, Eqs. 10–13; App. B.2).
//!
//! Δ is the minimum distance between the segments `[x_i, x_{i+1}]` and `[x_j, x_{j+1}]` by
//! Lumelsky's closest points, resolved as point–point, point–edge or edge–edge; the gap is
//! `Δ − h₁ − h₂` (`2h` for equal rods).

use super::set_geometry;
use crate::contact::ctx::ContactCtx;
use crate::contact::distance::segment_segment;
use crate::contact::element::{Caps, CcdKernel, Gives, Needs};
use crate::contact::element::{Category, ChainElement, ElementDoc, Env};
use crate::contact::primitive::PrimKind;
use crate::math::Vec3;

/// Capsule–capsule resolver.
#[derive(Debug, Clone, Copy, PartialEq, Default, serde::Deserialize)]
pub struct CapsuleCapsule;

static DOC: ElementDoc = ElementDoc {
    name: "Capsule_Capsule",
    category: Category::Resolver,
    summary: "edge–edge geometry of two capsules (Lumelsky; PP/PE/EE cases with exact ∇Δ, ∇²Δ)",
    details: "Δ = min over (β₁, β₂) ∈ [0,1]² of |x_i + β₁ e_i − x_j − β₂ e_j| (m), resolved as \
              point–point, point–edge or edge–edge (seed 001 Eqs. 10–13, Lumelsky 1985). \
              gap = Δ − r₁ − r₂; normal from the closest point on side 1 to side 2. Δ is C¹ across \
              the case seams (∇²Δ jumps). Needs Deformable_Capsule data on both sides. No parameters.",
};

impl ChainElement for CapsuleCapsule {
    fn doc(&self) -> &'static ElementDoc {
        &DOC
    }
    fn needs(&self) -> Needs {
        Needs::caps(Caps::SIDE1.with(Caps::SIDE2)).with_kinds(PrimKind::Capsule, PrimKind::Capsule)
    }
    fn gives(&self) -> Gives {
        Gives::caps(Caps::GEOMETRY).with_ccd(CcdKernel::Distance(distance))
    }
    fn evaluate(&self, env: &Env, ctx: &mut ContactCtx) {
        let (x, _) = ctx.kernel_points();
        let d = segment_segment(&x[0], &x[1], &x[2], &x[3], ctx.want_jacobian);
        set_geometry(ctx, &d, &[0, 1, 2, 3], false);
        if ctx.has_rigid() && super::rigid_defers(env, ctx) {
            ctx.reject = true;
        }
    }
}

/// The centre-line distance this resolver computes, value only: side 1's points `a`, side 2's
/// `b` (m). Continuous collision detection uses it, so CCD sees exactly the resolver's Δ.
pub fn distance(a: &[Vec3], b: &[Vec3]) -> f64 {
    segment_segment(&a[0], &a[1], &b[0], &b[1], false).distance
}
