//! `Sphere_1_Data`, `Sphere_2_Data`: a rigid sphere (centre, velocity, radius, material, mass).

use super::{Side, bind_point};
use crate::contact::caps::{Caps, Gives, Needs, PrimKind};
use crate::contact::ctx::{ContactCtx, ContactMaterial};
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
        // Side 2 is bound after side 1, so its points follow side 1's.
        Needs::caps(if self.side == 0 {
            Caps::NONE
        } else {
            Caps::SIDE1
        })
    }
    fn gives(&self) -> Gives {
        let mut g = Gives::caps(if self.side == 0 {
            Caps::SIDE1
        } else {
            Caps::SIDE2
        });
        if self.side == 0 {
            g.side1 = Some(PrimKind::Sphere);
        } else {
            g.side2 = Some(PrimKind::Sphere);
        }
        g
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
        let m = s.material;
        ctx.material[self.side] = ContactMaterial {
            youngs_modulus: m.youngs_modulus,
            poisson_ratio: m.youngs_modulus / (2.0 * m.shear_modulus) - 1.0,
            density: m.density,
            mass: s.mass(),
        };
        ctx.kinds[self.side] = Some(PrimKind::Sphere);
    }
}
