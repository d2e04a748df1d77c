//! `Assemble_VirialStress` (mpacts): records what a pair contributes to the virial stress of
//! its two bodies, σ = (1/V) Σ_c sym(b_c ⊗ f_c) over the contacts c of a body of volume V,
//! with branch vector b_c from the body's centre to the contact and f_c the contact force on
//! the body (Pa, tension positive). For a sphere of radius r, b = r n̂ towards the other side,
//! which is mpacts' `σ₁ = −3/(4π r₁²) F₁₂ ⊗ n̂₁₂` (F₁₂ the force on side 2, n̂₁₂ from side 1 to
//! side 2) and the same product over `r₂` for side 2; for a cell, b is taken from the cell's
//! centroid to the contact point. The sum over a body's contacts is made after each accepted
//! step from these records ([`crate::contact::virial_stresses`]); Newton never reads them.
//!
//! `Assemble_VirialStress_2` records the same for side 2 only (mpacts: "for particle
//! container pc2 only"), for chains whose side 1 is not a body with a stress of its own or
//! whose pairs are evaluated from both sides.
//!
//! Source: mpacts `Assemble_VirialStress` and `Assemble_VirialStress_2` (seed 003); the
//! particle stress of Christoffersen, Mehrabadi & Nemat-Nasser (1981), J. Appl. Mech. 48:339.

use crate::contact::ctx::ContactCtx;
use crate::contact::element::{Caps, Category, ChainElement, ElementDoc, Env, Gives, Needs};
use crate::math::Vec3;
use serde::Deserialize;

/// What [`AssembleVirialStress`] records of a pair at its last evaluation.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct VirialRecord {
    /// Contact force on side 2, `F₁₂` (N); side 1 receives `−F₁₂`.
    pub force: Vec3,
    /// Unit normal from side 1 towards side 2.
    pub normal: Vec3,
    /// Contact point (m): the middle of the overlap along the normal.
    pub point: Vec3,
    /// Whether side 1's body gets the pair's share (`false` for `Assemble_VirialStress_2`).
    pub first_side: bool,
}

/// `Assemble_VirialStress`: records the pair's force, normal and contact point for the virial
/// stress of its bodies (spheres and cells).
#[derive(Debug, Clone, Copy, PartialEq, Default, Deserialize)]
pub struct AssembleVirialStress;

static DOC: ElementDoc = ElementDoc {
    name: "Assemble_VirialStress",
    category: Category::Assembler,
    summary: "virial stress of the pair's spheres and cells, σ = −3/(4πr²) F₁₂ ⊗ n̂₁₂ per sphere",
    details: "Records the contact force on side 2 F₁₂ (N), the normal n̂₁₂ and the contact point of an \
              active pair; after each step every sphere and cell gets σ = (1/V) Σ_c sym(b_c ⊗ f_c) (Pa, \
              tension positive) over its contacts: for a sphere b = r n̂, so σ₁ = −3/(4π r₁²) sym(F₁₂ ⊗ n̂₁₂) \
              and σ₂ = −3/(4π r₂²) sym(F₁₂ ⊗ n̂₁₂); for a cell b runs from its centroid to the contact \
              point and V is its enclosed volume. Written to steps.csv (the spheres' volume-weighted mean, \
              `spheres_sxx…`, and each cell's, `NAME_sxx…`) and each sphere's to the VTK frames \
              (`virial_stress`). No parameters. Source: mpacts Assemble_VirialStress (seed 003); Christoffersen, \
              Mehrabadi & Nemat-Nasser 1981.",
};

/// `Assemble_VirialStress_2`: [`AssembleVirialStress`] for side 2's body only.
#[derive(Debug, Clone, Copy, PartialEq, Default, Deserialize)]
pub struct AssembleVirialStress2;

static DOC_2: ElementDoc = ElementDoc {
    name: "Assemble_VirialStress_2",
    category: Category::Assembler,
    summary: "virial stress of the pair's side-2 sphere or cell only, σ₂ = −3/(4πr₂²) F₁₂ ⊗ n̂₁₂",
    details: "Assemble_VirialStress for side 2 only: side 2's sphere gets σ₂ = −3/(4π r₂²) \
              sym(F₁₂ ⊗ n̂₁₂) (a cell: its centroid-to-contact branch over its enclosed volume), side \
              1's body nothing from this pair. The same outputs (steps.csv, VTK frames). No \
              parameters. Source: mpacts Assemble_VirialStress_2 (seed 003); Christoffersen, \
              Mehrabadi & Nemat-Nasser 1981.",
};

impl ChainElement for AssembleVirialStress2 {
    fn doc(&self) -> &'static ElementDoc {
        &DOC_2
    }
    fn needs(&self) -> Needs {
        Needs::caps(Caps::NORMAL_FORCE)
    }
    fn gives(&self) -> Gives {
        Gives::caps(Caps::NONE)
    }
    fn evaluate(&self, _env: &Env, ctx: &mut ContactCtx) {
        record(ctx, false);
    }
}

impl ChainElement for AssembleVirialStress {
    fn doc(&self) -> &'static ElementDoc {
        &DOC
    }
    fn needs(&self) -> Needs {
        Needs::caps(Caps::NORMAL_FORCE)
    }
    fn gives(&self) -> Gives {
        Gives::caps(Caps::NONE)
    }
    fn evaluate(&self, _env: &Env, ctx: &mut ContactCtx) {
        record(ctx, true);
    }
}

/// Records the pair's force on side 2, normal and contact point (nothing for a rejected pair).
fn record(ctx: &mut ContactCtx, first_side: bool) {
    if ctx.reject {
        return;
    }
    let point_force =
        |k: usize| Vec3::new(ctx.force[3 * k], ctx.force[3 * k + 1], ctx.force[3 * k + 2]);
    let (n1, n) = (ctx.points[0], ctx.n_points());
    // The force on side 2; a side without points (a plane) takes minus side 1's.
    let force = if n > n1 {
        (n1..n).map(point_force).sum()
    } else {
        -(0..n1).map(point_force).sum::<Vec3>()
    };
    ctx.virial = Some(VirialRecord {
        force,
        normal: ctx.normal,
        point: ctx.contact_point,
        first_side,
    });
}
