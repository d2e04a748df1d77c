//! Running a prefix of a chain on one pair, and isolating one element's contribution from
//! what the elements before it accumulated.
//!
//! A prefix ends as a whole chain does ([`ContactCtx::finish_rigid`]): the `∂f/∂x` columns of a
//! rigid side's rotation slot are turned from the infinitesimal rotation `ψ` into the body's
//! rotation DOFs `θ` (see [`super::rotation`]), so that they are compared with differences over
//! `θ`. The turn is linear in the columns, so it is applied to the element's own block after
//! the accumulated block is subtracted, exactly as it acts on the chain's sum.

use super::configuration::Configuration;
use super::rotation::ThetaRule;
use crate::contact::{Chain, ContactCtx, ElementSet, Env, Mat12, PairMemory, Vec12};

/// The fraction of the chain's accumulated block below which an element's own block is not
/// resolved: its contribution is added to the accumulated force in floating point, so its
/// differences carry the round-off of the sum.
pub(super) const NOISE: f64 = 1e-4;

/// Smallest denominators of the relative errors of one element (see [`NOISE`]), and the
/// magnitude of the force accumulated with its own, whose round-off its differences carry.
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct Floors {
    pub(super) dx: f64,
    pub(super) dv: f64,
    pub(super) gradient: f64,
    /// `‖f‖` (N) of the whole accumulated force (see `compare::beyond_roundoff`).
    pub(super) force: f64,
}

/// Runs `elements[..=k]` on one pair; with `isolate`, subtracts the accumulated force,
/// Jacobians and energy before element `k` runs from those after it (leaving `k`'s own
/// contribution), and ends as a chain does (a rigid side's `∂f/∂x` over its rotation DOFs, see
/// the module docs). Also returns [`NOISE`] times the accumulated blocks after `k`. `None` if
/// an element rejects the pair.
#[allow(clippy::too_many_arguments)]
pub(super) fn run_prefix<E: ElementSet>(
    chain: &Chain<E>,
    k: usize,
    isolate: bool,
    env: &Env,
    cfg: &Configuration,
    memory: PairMemory,
    dt: f64,
    want_jacobian: bool,
) -> Option<(ContactCtx, Floors)> {
    let mut ctx = ContactCtx::new(cfg.first, cfg.second, memory, dt, want_jacobian);
    let mut before = (Vec12::zeros(), Mat12::zeros(), Mat12::zeros(), 0.0);
    let slots = &chain.memory_layout().slots;
    for (i, e) in chain.elements()[..=k].iter().enumerate() {
        if isolate && i == k {
            before = (ctx.force, ctx.dfdx, ctx.dfdv, ctx.energy);
        }
        ctx.slot = slots[i];
        e.evaluate(env, &mut ctx);
        if ctx.reject {
            return None;
        }
    }
    let accumulated = Floors {
        dx: NOISE * ThetaRule::of(&ctx).columns(&ctx.dfdx).norm(),
        dv: NOISE * ctx.dfdv.norm(),
        gradient: NOISE * ctx.force.norm(),
        force: ctx.force.norm(),
    };
    ctx.force -= before.0;
    ctx.dfdx -= before.1;
    ctx.dfdv -= before.2;
    ctx.energy -= before.3;
    ctx.finish_rigid();
    Some((ctx, accumulated))
}
