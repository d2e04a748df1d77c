//! `Sphere_1_Data`, `Sphere_2_Data`: a rigid sphere (centre, velocity, radius, material, mass).

use super::{Side, bind_point, contact_material, side_gives, side_needs};
use crate::contact::caps::{Gives, Needs, PrimKind};
use crate::contact::ctx::ContactCtx;
use crate::contact::element::{Category, ChainElement, ElementDoc, Env};
use crate::contact::history::Primitive;

/// Binds a side to a sphere.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SphereData {
    /// Side bound (0 or 1).
    pub side: Side,
}

static DOC1: ElementDoc = ElementDoc {
    name: "Sphere_1_Data",
    category: Category::Data,
    summary: "binds side 1 to a rigid sphere (centre, velocity, radius, material, mass)",
    details: "Side 1 is a rigid sphere: centre x (m), velocity (m/s), its 3 translational DOFs, \
              radius r (m), material (E, ν, ρ) and mass m = ρ 4/3 π r³ (kg). No parameters.",
};
static DOC2: ElementDoc = ElementDoc {
    name: "Sphere_2_Data",
    summary: "binds side 2 to a rigid sphere (centre, velocity, radius, material, mass)",
    ..DOC1
};

impl ChainElement for SphereData {
    fn doc(&self) -> &'static ElementDoc {
        if self.side == 0 { &DOC1 } else { &DOC2 }
    }
    fn needs(&self) -> Needs {
        side_needs(self.side)
    }
    fn gives(&self) -> Gives {
        side_gives(self.side, PrimKind::Sphere)
    }
    fn evaluate(&self, env: &Env, ctx: &mut ContactCtx) {
        let Primitive::Sphere { index } = ctx.prim[self.side] else {
            ctx.reject = true;
            return;
        };
        let s = &env.model.spheres[index as usize];
        let k = ctx.first_point(self.side);
        ctx.points[self.side] = 1;
        let free = !env.model.dofs.is_constrained(s.offset);
        bind_point(
            ctx,
            k,
            env.q,
            env.v,
            free.then_some(s.offset),
            s.center(env.q),
        );
        ctx.radius[self.side] = s.radius;
        ctx.material[self.side] = contact_material(&s.material, s.mass());
        ctx.kinds[self.side] = Some(PrimKind::Sphere);
    }
}
