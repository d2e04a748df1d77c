//! `AssembleForces`, `AssembleForces_1`, `AssembleForces_2`: add the pair's generalised force to
//! the global force vector, on both sides or on one side only. Rejected pairs assemble nothing.
//! (catena's laws produce generalised forces on all local DOFs, so "p1 receives −F and p2
//! receives F" of mpacts is already built into the force vector.)

use crate::contact::ctx::ContactCtx;
use crate::contact::element::{Caps, Category, ChainElement, ElementDoc, Env, Gives, Needs};
use serde::Deserialize;

static BOTH: ElementDoc = ElementDoc {
    name: "AssembleForces",
    category: Category::Assembler,
    summary: "adds the contact force to the DOFs of both sides",
    details: "Adds the accumulated generalised force f (N) to the global force vector on the DOFs of \
              both sides (mpacts AssembleForces: p1 receives −F, p2 receives F). Nothing for rejected pairs. \
              No parameters.",
};
static ONE: ElementDoc = ElementDoc {
    name: "AssembleForces_1",
    summary: "adds the contact force to the DOFs of side 1 only",
    details: "Like AssembleForces, but only side 1's DOFs receive the force (one-way coupling). No parameters.",
    ..BOTH
};
static TWO: ElementDoc = ElementDoc {
    name: "AssembleForces_2",
    summary: "adds the contact force to the DOFs of side 2 only",
    details: "Like AssembleForces, but only side 2's DOFs receive the force (one-way coupling). No parameters.",
    ..BOTH
};

macro_rules! assemble_forces {
    ($(#[$m:meta])* $ty:ident, $doc:ident, $first:expr, $second:expr) => {
        $(#[$m])*
        #[derive(Debug, Clone, Copy, PartialEq, Default, Deserialize)]
        pub struct $ty;

        impl ChainElement for $ty {
            fn doc(&self) -> &'static ElementDoc {
                &$doc
            }
            fn needs(&self) -> Needs {
                Needs::caps(Caps::NORMAL_FORCE)
            }
            fn gives(&self) -> Gives {
                Gives::caps(Caps::FORCES_ASSEMBLED)
            }
            fn evaluate(&self, _env: &Env, ctx: &mut ContactCtx) {
                ctx.assemble_forces[0] |= $first;
                ctx.assemble_forces[1] |= $second;
            }
        }
    };
}

assemble_forces!(
    /// `AssembleForces`: both sides receive the force.
    AssembleForces,
    BOTH,
    true,
    true
);
assemble_forces!(
    /// `AssembleForces_1`: only side 1 receives the force.
    AssembleForces1,
    ONE,
    true,
    false
);
assemble_forces!(
    /// `AssembleForces_2`: only side 2 receives the force.
    AssembleForces2,
    TWO,
    false,
    true
);
