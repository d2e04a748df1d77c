//! `Assemble_ContactArea_1` and `Assemble_ContactArea_2` (mpacts, seed 003): add the contact
//! area computed in the chain to the contact-area sum of side 1's or side 2's body.
//!
//! The area (m²) is the one the chain's normal law computed
//! ([`Caps::CONTACT_AREA`](crate::contact::Caps)): the Hertz circle `πR̂δ` (`N_Hertz`,
//! `N_DampedHertz`, `N_HertzRestitution`, `N_DMT`), the adhesive contact circle `πa²` of
//! `N_JKR` and `N_MaugisDugdale` (`a` from their contact relations, not the Dugdale zone), the
//! node's area share `A_c` of the pressure laws on cells while the node overlaps, and the part
//! `A(polygon ∩ disk)` of the contact circle a rounded triangle covers for the `_Int` laws.
//! After each accepted step every sphere, shell (cell) and rigid body gets the sum over its
//! recorded pairs ([`crate::contact::contact_areas`]); Newton never reads it. A chain that
//! evaluates a pair from both sides adds the area once per side it names.
//!
//! Source: mpacts `Assemble_ContactArea_1`, `Assemble_ContactArea_2` (seed 003).

use crate::contact::ctx::ContactCtx;
use crate::contact::element::{Caps, Category, ChainElement, ElementDoc, Env, Gives, Needs};
use serde::Deserialize;

/// What the contact-area assemblers record of an active pair.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ContactAreaRecord {
    /// Contact area (m²).
    pub area: f64,
    /// Whether side 1's and side 2's bodies get it.
    pub sides: [bool; 2],
}

/// `Assemble_ContactArea_1`: the pair's contact area added to side 1's body.
#[derive(Debug, Clone, Copy, PartialEq, Default, Deserialize)]
pub struct AssembleContactArea1;

/// `Assemble_ContactArea_2`: the pair's contact area added to side 2's body.
#[derive(Debug, Clone, Copy, PartialEq, Default, Deserialize)]
pub struct AssembleContactArea2;

const DETAILS: &str = "Adds the contact area A (m²) computed by the chain's normal law to the \
    body's contact-area sum: πR̂δ of the Hertz laws and N_DMT, πa² of N_JKR and \
    N_MaugisDugdale, the node's area share of the cell pressure laws while it overlaps, \
    A(polygon ∩ disk) of the _Int laws. Per sphere in the VTK frames (`contact_area`), per \
    cell in steps.csv (`NAME_contact_area`), from Python `sim.contact_areas()`. Needs a law that \
    computes an area before it. No parameters. Source: mpacts Assemble_ContactArea_1/_2 \
    (seed 003).";

static DOC_1: ElementDoc = ElementDoc {
    name: "Assemble_ContactArea_1",
    category: Category::Assembler,
    summary: "adds the pair's contact area (from its normal law) to side 1's body",
    details: DETAILS,
};

static DOC_2: ElementDoc = ElementDoc {
    name: "Assemble_ContactArea_2",
    category: Category::Assembler,
    summary: "adds the pair's contact area (from its normal law) to side 2's body",
    details: DETAILS,
};

/// Marks side `side` of the pair to receive its contact area (nothing for a rejected pair).
fn record(ctx: &mut ContactCtx, side: usize) {
    if ctx.reject {
        return;
    }
    let mut r = ctx.area_record.unwrap_or(ContactAreaRecord {
        area: 0.0,
        sides: [false; 2],
    });
    r.area = ctx.contact_area;
    r.sides[side] = true;
    ctx.area_record = Some(r);
}

impl ChainElement for AssembleContactArea1 {
    fn doc(&self) -> &'static ElementDoc {
        &DOC_1
    }
    fn needs(&self) -> Needs {
        Needs::caps(Caps::CONTACT_AREA)
    }
    fn gives(&self) -> Gives {
        Gives::caps(Caps::NONE)
    }
    fn evaluate(&self, _env: &Env, ctx: &mut ContactCtx) {
        record(ctx, 0);
    }
}

impl ChainElement for AssembleContactArea2 {
    fn doc(&self) -> &'static ElementDoc {
        &DOC_2
    }
    fn needs(&self) -> Needs {
        Needs::caps(Caps::CONTACT_AREA)
    }
    fn gives(&self) -> Gives {
        Gives::caps(Caps::NONE)
    }
    fn evaluate(&self, _env: &Env, ctx: &mut ContactCtx) {
        record(ctx, 1);
    }
}
