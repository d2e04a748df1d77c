//! The distribution of a two-triangle contact (`RoundedTriangle_RoundedTriangle`) to both
//! triangles' nodes: `DistributeForcesAndMomentsToTriangle_1_Nodes` writes side 1's nodal
//! forces `−f_k n`, `DistributeForcesAndMomentsToTriangle_2_Nodes` side 2's `+g_k n` (mpacts,
//! seed 003; Odenthal et al., PLoS Comput. Biol. 9 (2013) e1003267, Eq. 19). Each side's three
//! forces conserve the integrated force `F` and its first moment about the contact point over
//! that side's own projection ([`super::distribute::nodal_forces`]), so that the two sides'
//! forces and moments balance exactly (see
//! [`evaluate_pair`](crate::contact::rounded::evaluate_pair)).
//!
//! Jacobians: central differences of the whole two-triangle kernel over the six nodes
//! ([`pair_jacobians`](crate::contact::rounded::pair_jacobians): 36 kernel evaluations, 72
//! with a damped law), computed once per state and shared by both distributors.

use crate::contact::WidePair;
use crate::contact::ctx::ContactCtx;
use crate::contact::element::{Caps, Category, ChainElement, ElementDoc, Env, Gives, Needs};
use crate::contact::normal::integrated::{evaluate_pair, pair_jacobians};
use crate::contact::resolve::rounded_triangle::Counterpart;
use serde::Deserialize;
use std::ops::Range;

/// Local rows of side 1's triangle (nodes 0–2).
pub const SIDE1_ROWS: Range<usize> = 0..9;
/// Local rows of side 2's triangle (nodes 3–5, the last two beyond the four slots).
pub const SIDE2_ROWS: Range<usize> = 9..18;

/// Adds the rows `rows` of a two-triangle pair's normal force (and, when wanted, its
/// Jacobians) to `ctx`; `false` when the pair is not a two-triangle pair (nothing done). A
/// pair whose kernel gives nothing is rejected.
pub(super) fn distribute_pair(ctx: &mut ContactCtx, rows: Range<usize>) -> bool {
    let Some(rec) = ctx.rounded.as_deref() else {
        return false;
    };
    let Counterpart::Triangle { radius } = rec.spec.other else {
        return false;
    };
    let (laws, radii, known) = (
        rec.spec.law_list(),
        [rec.spec.inverse_curvature, radius],
        rec.pair,
    );
    let Some((x, v)) = WidePair::six(ctx) else {
        ctx.reject = true;
        return true;
    };
    let Some(o) = known.or_else(|| evaluate_pair(&laws, radii, &x, &v)) else {
        ctx.reject = true;
        return true;
    };
    ctx.normal_force = o.integral.force;
    let jacobians = if ctx.want_jacobian {
        let Some(w) = ctx.wide.as_deref_mut() else {
            ctx.reject = true;
            return true;
        };
        let j = w
            .normal_jacobians
            .get_or_insert_with(|| Box::new(pair_jacobians(&laws, radii, &x, &v)));
        Some(j.clone())
    } else {
        None
    };
    WidePair::add_rows(
        ctx,
        rows,
        &o.force,
        jacobians.as_deref().map(|(x, v)| (x, v)),
    );
    true
}

/// `DistributeForcesAndMomentsToTriangle_2_Nodes`.
#[derive(Debug, Clone, Copy, PartialEq, Default, Deserialize)]
pub struct DistributeToTriangle2;

static DOC: ElementDoc = ElementDoc {
    name: "DistributeForcesAndMomentsToTriangle_2_Nodes",
    category: Category::Assembler,
    summary: "nodal forces of side 2's triangle that conserve the integrated force and its moment (Odenthal 2013 Eq. 19)",
    details: "No parameters. After RoundedTriangle_RoundedTriangle and N_*_Int laws: from the \
              total force F and its first moment m about the contact point P, the three nodal \
              forces g_k of side 2's triangle along the normal solving Σg_k = F, Σg_k (y_k − P) = m \
              over its own projection y_k; writes +g_k n on its nodes (side 1's −f_k n are \
              DistributeForcesAndMomentsToTriangle_1_Nodes'). Forces and moments of the pair \
              balance exactly. Jacobians ∂f/∂x (and ∂f/∂v with damping) by central differences of \
              the two-triangle kernel over the six nodes (step 10⁻⁶ of an edge), shared with the \
              _1 element. Source: mpacts DistributeForcesAndMomentsToTriangle_2_Nodes (seed 003); \
              Odenthal et al. 2013 Eq. 19.",
};

impl ChainElement for DistributeToTriangle2 {
    fn doc(&self) -> &'static ElementDoc {
        &DOC
    }
    fn needs(&self) -> Needs {
        Needs::caps(Caps::PRESSURE.with(Caps::TRIANGLE_PAIR))
    }
    fn gives(&self) -> Gives {
        Gives::caps(Caps::NORMAL_FORCE).dissipative()
    }
    fn evaluate(&self, _env: &Env, ctx: &mut ContactCtx) {
        if !distribute_pair(ctx, SIDE2_ROWS) {
            ctx.reject = true;
        }
    }
}
