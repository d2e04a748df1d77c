//! `Point_1_Data`, `Point_2_Data`: a rod node (or a sphere centre) as a point, with the rod's
//! radius (a node seen as a small sphere, as in DiSMech's ground contact, seed 004 §5.2).

use super::{Side, bind_point, contact_material, side_gives, side_needs};
use crate::contact::caps::{Gives, Needs, PrimKind};
use crate::contact::ctx::ContactCtx;
use crate::contact::element::{Category, ChainElement, ElementDoc, Env};
use crate::contact::history::Primitive;

/// Binds a side to a rod node.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PointData {
    /// Side bound (0 or 1).
    pub side: Side,
}

static DOC1: ElementDoc = ElementDoc {
    name: "Point_1_Data",
    category: Category::Data,
    summary: "binds side 1 to a rod node (position, velocity, rod radius)",
    details: "Side 1 is node i of a rod: position x_i, velocity, its DOFs, radius = the rod's \
              cross-section radius (m), the rod material and the node's lumped mass. No parameters.",
};
static DOC2: ElementDoc = ElementDoc {
    name: "Point_2_Data",
    summary: "binds side 2 to a rod node (position, velocity, rod radius)",
    ..DOC1
};

impl ChainElement for PointData {
    fn doc(&self) -> &'static ElementDoc {
        if self.side == 0 { &DOC1 } else { &DOC2 }
    }
    fn needs(&self) -> Needs {
        side_needs(self.side)
    }
    fn gives(&self) -> Gives {
        side_gives(self.side, PrimKind::Point)
    }
    fn evaluate(&self, env: &Env, ctx: &mut ContactCtx) {
        let Primitive::RodNode { rod, node } = ctx.prim[self.side] else {
            ctx.reject = true;
            return;
        };
        let rod = &env.model.rods[rod as usize];
        let n = node as usize;
        let k = ctx.first_point(self.side);
        ctx.points[self.side] = 1;
        let d = rod.node_dof(n);
        let free = !env.model.dofs.is_constrained(d);
        bind_point(ctx, k, env.q, env.v, free.then_some(d), rod.node(env.q, n));
        if !free {
            ctx.v[k] = super::vec_at(env.v, d);
        }
        ctx.radius[self.side] = rod.section.contact_radius();
        ctx.material[self.side] = contact_material(&rod.material, rod.node_mass(n));
        ctx.kinds[self.side] = Some(PrimKind::Point);
    }
}
