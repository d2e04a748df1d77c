//! `RoundedTriangle_RoundedTriangle` (mpacts, seed 003; Smeets et al. 2015): two shell or cell
//! triangles, each the cap of its encompassing sphere, in contact — cell against cell.
//!
//! The pair has six nodes: side 1's three in slots 0–2, side 2's first in slot 3 and its other
//! two beyond the slots ([`WidePair`]). The resolver finds the encompassing spheres' contact
//! and the intersection polygon of both projected triangles ([`resolve_pair`], the formulas in
//! [`super::pair`]), writes the distance, gap `−δ`, normal and contact point for output and
//! starts the rounded record for the `_Int` laws, which integrate their pressures over the
//! polygon; `DistributeForcesAndMomentsToTriangle_1_Nodes` and `_2_Nodes` then put the force
//! on each triangle's nodes.

use super::elements::open_record;
use super::pair::resolve_pair;
use crate::contact::WidePair;
use crate::contact::ctx::ContactCtx;
use crate::contact::element::SolverNeeds;
use crate::contact::element::{Caps, Category, ChainElement, ElementDoc, Env, Gives, Needs};
use crate::contact::normal::check_positive;
use crate::contact::normal::integrated::Spec;
use crate::contact::primitive::PrimKind;
use crate::contact::resolve::rounded_triangle::Counterpart;
use serde::{Deserialize, Serialize};

/// `RoundedTriangle_RoundedTriangle`: two rounded triangles.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RoundedTriangleRoundedTriangle {
    /// Encompassing radius `R_A` of side 1's triangles (m): its body's radius of curvature.
    pub inverse_curvature: f64,
    /// Encompassing radius `R_B` of side 2's triangles (m); default `R_A`.
    #[serde(default)]
    pub inverse_curvature_2: Option<f64>,
}

impl Default for RoundedTriangleRoundedTriangle {
    /// R_A = R_B = 10 mm.
    fn default() -> Self {
        Self {
            inverse_curvature: 0.01,
            inverse_curvature_2: None,
        }
    }
}

impl RoundedTriangleRoundedTriangle {
    /// `[R_A, R_B]` (m).
    pub fn radii(&self) -> [f64; 2] {
        [
            self.inverse_curvature,
            self.inverse_curvature_2.unwrap_or(self.inverse_curvature),
        ]
    }
}

static DOC: ElementDoc = ElementDoc {
    name: "RoundedTriangle_RoundedTriangle",
    category: Category::Resolver,
    summary: "two rounded shell/cell triangles: encompassing spheres, intersection polygon of both projections",
    details: "Parameters: inverse_curvature R_A (m, > 0), the encompassing radius of side 1's \
              triangles, and inverse_curvature_2 R_B (m, > 0, default R_A) of side 2's (each \
              triangle's encompassing sphere passes through its three nodes, centre on the inner \
              side). With the centres c_A, c_B: D = ‖c_B − c_A‖, n = (c_B − c_A)/D, δ = R_A + R_B − D, \
              contact point P = c_A + n(R_A − δ/2), R̂ = R_A R_B/(R_A + R_B); both triangles are \
              projected on the plane through P normal to n and the intersection polygon of the two \
              projections (at most six vertices) is what the _Int laws integrate over. Triangles \
              that do not face each other are not in contact. Bind both sides with \
              DeformableTriangle_1_Data and DeformableTriangle_2_Data; follow with N_*_Int laws and \
              DistributeForcesAndMomentsToTriangle_1_Nodes and _2_Nodes. The pair has six nodes: \
              side 2's last two lie beyond the pair's four slots and enter the system as extra \
              coordinates (direct solves; a Krylov solve leaves their coupling out of its \
              operator). keep_distance must exceed both triangles' cap heights ρ²/(2R). Source: \
              mpacts RoundedTriangle_RoundedTriangle (seed 003), steps 1–4; Smeets et al. 2015.",
};

impl ChainElement for RoundedTriangleRoundedTriangle {
    fn doc(&self) -> &'static ElementDoc {
        &DOC
    }
    fn needs(&self) -> Needs {
        Needs::caps(Caps::SIDE1.with(Caps::SIDE2))
            .with_kinds(PrimKind::Triangle, PrimKind::Triangle)
            .with_solver(SolverNeeds::BEYOND_REACH)
    }
    fn gives(&self) -> Gives {
        Gives::caps(Caps::POLYGON.with(Caps::TRIANGLE_PAIR))
    }
    fn validate(&self) -> Result<(), String> {
        check_positive("inverse_curvature", "m", self.inverse_curvature)?;
        match self.inverse_curvature_2 {
            Some(r) => check_positive("inverse_curvature_2", "m", r),
            None => Ok(()),
        }
    }
    fn evaluate(&self, _env: &Env, ctx: &mut ContactCtx) {
        let radii = self.radii();
        let geometry = if ctx.has_rigid() {
            None
        } else {
            WidePair::six(ctx).and_then(|(x, _)| resolve_pair(&x, radii))
        };
        let Some(g) = geometry else {
            ctx.reject = true;
            return;
        };
        let spec = Spec::new(radii[0], Counterpart::Triangle { radius: radii[1] });
        open_record(ctx, g.distance, g.overlap, g.normal, g.point, spec);
    }
}
