//! `Deformable_Capsule_1_Data`, `Deformable_Capsule_2_Data`: a rod edge as a deformable capsule
//! (mpacts' deformable capsule): the two nodes of edge `i` (positions, velocities and their
//! DOFs), the rod's contact radius `h` and material.

use super::{Side, bind_point, contact_material, side_gives, side_needs};
use crate::contact::caps::{Gives, Needs, PrimKind};
use crate::contact::ctx::ContactCtx;
use crate::contact::element::{Category, ChainElement, ElementDoc, Env};
use crate::contact::history::Primitive;

/// Binds a side to a rod edge.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CapsuleData {
    /// Side bound (0 or 1).
    pub side: Side,
}

static DOC1: ElementDoc = ElementDoc {
    name: "Deformable_Capsule_1_Data",
    category: Category::Data,
    summary: "binds side 1 to a rod edge (two nodes, radius, material)",
    details: "Side 1 is edge i of a rod: points x_i, x_{i+1} with their velocities and DOFs, \
              contact radius h (m) = the rod's cross-section radius, and the rod material. \
              No parameters.",
};
static DOC2: ElementDoc = ElementDoc {
    name: "Deformable_Capsule_2_Data",
    summary: "binds side 2 to a rod edge (two nodes, radius, material)",
    details: "Side 2 is edge j of a rod: points x_j, x_{j+1} with their velocities and DOFs, \
              contact radius h (m) and the rod material. No parameters.",
    ..DOC1
};

impl ChainElement for CapsuleData {
    fn doc(&self) -> &'static ElementDoc {
        if self.side == 0 { &DOC1 } else { &DOC2 }
    }
    fn needs(&self) -> Needs {
        side_needs(self.side)
    }
    fn gives(&self) -> Gives {
        side_gives(self.side, PrimKind::Capsule)
    }
    fn evaluate(&self, env: &Env, ctx: &mut ContactCtx) {
        let Primitive::RodEdge { rod, edge } = ctx.prim[self.side] else {
            ctx.reject = true;
            return;
        };
        let rod = &env.model.rods[rod as usize];
        let e = edge as usize;
        let k0 = ctx.first_point(self.side);
        ctx.points[self.side] = 2;
        for (k, node) in [(k0, e), (k0 + 1, e + 1)] {
            let d = rod.node_dof(node);
            let fixed = rod.node(env.q, node);
            bind_point(
                ctx,
                k,
                env.q,
                env.v,
                (!env.model.dofs.is_constrained(d)).then_some(d),
                fixed,
            );
            // Constrained nodes still move (prescribed): keep their true velocity, no DOF.
            if env.model.dofs.is_constrained(d) {
                ctx.v[k] = super::vec_at(env.v, d);
            }
        }
        ctx.radius[self.side] = rod.section.contact_radius();
        ctx.material[self.side] = contact_material(
            &rod.material,
            0.5 * (rod.node_mass(e) + rod.node_mass(e + 1)),
        );
        ctx.kinds[self.side] = Some(PrimKind::Capsule);
    }
}
