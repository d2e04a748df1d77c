//! `Plane_2_Data`: side 2 is a static plane (ground, wall): origin, unit normal, no DOFs.
//! Its material is rigid (E = ∞), so effective moduli reduce to the other side's.

use crate::contact::caps::{Caps, Gives, Needs, PrimKind};
use crate::contact::ctx::{ContactCtx, ContactMaterial};
use crate::contact::element::{Category, ChainElement, ElementDoc, Env};
use crate::contact::history::Primitive;

/// Binds side 2 to a static plane.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct PlaneData;

static DOC: ElementDoc = ElementDoc {
    name: "Plane_2_Data",
    category: Category::Data,
    summary: "binds side 2 to a static plane (ground or wall)",
    details: "Side 2 is a static plane: origin o (m) and unit normal n pointing to the free \
              side; no DOFs, no radius, rigid (E = ∞, mass = ∞). No parameters.",
};

impl ChainElement for PlaneData {
    fn doc(&self) -> &'static ElementDoc {
        &DOC
    }
    fn needs(&self) -> Needs {
        Needs::caps(Caps::SIDE1)
    }
    fn gives(&self) -> Gives {
        Gives {
            caps: Caps::SIDE2,
            side1: None,
            side2: Some(PrimKind::Plane),
        }
    }
    fn evaluate(&self, env: &Env, ctx: &mut ContactCtx) {
        let Primitive::Plane { index } = ctx.prim[1] else {
            ctx.reject = true;
            return;
        };
        let p = &env.model.planes[index as usize];
        ctx.plane = Some((p.origin, p.normal));
        ctx.points[1] = 0;
        ctx.radius[1] = 0.0;
        ctx.material[1] = ContactMaterial {
            youngs_modulus: f64::INFINITY,
            poisson_ratio: 0.0,
            density: f64::INFINITY,
            mass: f64::INFINITY,
        };
        ctx.kinds[1] = Some(PrimKind::Plane);
    }
}
