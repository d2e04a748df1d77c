//! Detector feedback (mpacts `Feedback`, `FeedbackDistance`, `NoFeedback`).
//!
//! catena rebuilds its candidate set every step from the keep distance, so feedback does not
//! remove candidates; it is recorded per pair and reported (a positive feedback marks a "real"
//! contact in the step statistics).

use crate::contact::ctx::ContactCtx;
use crate::contact::element::{Caps, Gives, Needs};
use crate::contact::element::{Category, ChainElement, ElementDoc, Env};

/// Feedback = overlap (`−gap`, m).
#[derive(Debug, Clone, Copy, PartialEq, Default, serde::Deserialize)]
pub struct Feedback;
/// Feedback = −distance (`−Δ`, m).
#[derive(Debug, Clone, Copy, PartialEq, Default, serde::Deserialize)]
pub struct FeedbackDistance;
/// Feedback = 0 (always keep).
#[derive(Debug, Clone, Copy, PartialEq, Default, serde::Deserialize)]
pub struct NoFeedback;
/// Feedback = 0 for division partners (mpacts `FeedbackDividing`).
#[derive(Debug, Clone, Copy, PartialEq, Default, serde::Deserialize)]
pub struct FeedbackDividing;

static FB: ElementDoc = ElementDoc {
    name: "Feedback",
    category: Category::Feedback,
    summary: "feedback = overlap (negative: distance until contact)",
    details: "Sets feedback = −gap (m). Positive means a real contact. No parameters.",
};
static FBD: ElementDoc = ElementDoc {
    name: "FeedbackDistance",
    summary: "feedback = −distance between centre lines",
    details: "Sets feedback = −Δ (m). No parameters.",
    ..FB
};
static NFB: ElementDoc = ElementDoc {
    name: "NoFeedback",
    summary: "feedback = 0: keep every contact within the keep distance",
    details: "Sets feedback = 0. No parameters.",
    ..FB
};

static FBDIV: ElementDoc = ElementDoc {
    name: "FeedbackDividing",
    summary: "feedback = 0 for division partners: keep the two particles of a dividing cell",
    details: "Sets feedback = 0. No parameters. mpacts sets a zero feedback when p1 and p2 belong to one \
              dividing cell so that its detector keeps them at any distance. In catena the partners have \
              a binding of their own (see N_Dividing), so every pair this chain sees is a partner pair; \
              the candidates are kept by the binding's keep_distance (give it above the final \
              separation). Source: mpacts FeedbackDividing (seed 003).",
    ..FB
};

impl ChainElement for Feedback {
    fn doc(&self) -> &'static ElementDoc {
        &FB
    }
    fn needs(&self) -> Needs {
        Needs::caps(Caps::GEOMETRY)
    }
    fn gives(&self) -> Gives {
        Gives::caps(Caps::FEEDBACK)
    }
    fn evaluate(&self, _env: &Env, ctx: &mut ContactCtx) {
        ctx.feedback = -ctx.gap;
    }
}

impl ChainElement for FeedbackDistance {
    fn doc(&self) -> &'static ElementDoc {
        &FBD
    }
    fn needs(&self) -> Needs {
        Needs::caps(Caps::GEOMETRY)
    }
    fn gives(&self) -> Gives {
        Gives::caps(Caps::FEEDBACK)
    }
    fn evaluate(&self, _env: &Env, ctx: &mut ContactCtx) {
        ctx.feedback = -ctx.distance;
    }
}

impl ChainElement for NoFeedback {
    fn doc(&self) -> &'static ElementDoc {
        &NFB
    }
    fn needs(&self) -> Needs {
        Needs::caps(Caps::NONE)
    }
    fn gives(&self) -> Gives {
        Gives::caps(Caps::FEEDBACK)
    }
    fn evaluate(&self, _env: &Env, ctx: &mut ContactCtx) {
        ctx.feedback = 0.0;
    }
}

/// `NoFeedback` under mpacts' name for division partners (see its doc).
impl ChainElement for FeedbackDividing {
    fn doc(&self) -> &'static ElementDoc {
        &FBDIV
    }
    fn needs(&self) -> Needs {
        NoFeedback.needs()
    }
    fn gives(&self) -> Gives {
        NoFeedback.gives()
    }
    fn evaluate(&self, env: &Env, ctx: &mut ContactCtx) {
        NoFeedback.evaluate(env, ctx);
    }
}
