//! Evaluation: every candidate pair's chain, in parallel (rayon), at one Newton iterate, turned
//! into the [`LocalContact`] the assembly adds — forces on the assembled sides' rows and the
//! Jacobian block of the pair's matrix mode. Results are in candidate order, whatever the
//! number of threads.

use super::store::MemoryStore;
use super::{ContactBinding, LocalContact, PairKey};
use crate::contact::ctx::{ContactCtx, NO_DOF, Vec12};
use crate::contact::element::{CcdKernel, ElementSet, Env};
use crate::time::Coefficients;
use rayon::prelude::*;

/// Evaluates `candidates` at the evaluation point `env` of an iterate, under the step's
/// integrator coefficients.
pub(super) fn evaluate_all<E: ElementSet>(
    env: &Env,
    bindings: &[ContactBinding<E>],
    candidates: &[PairKey],
    store: &MemoryStore,
    step: &Coefficients,
    want_jacobian: bool,
) -> Vec<LocalContact> {
    candidates
        .par_iter()
        .with_min_len(16)
        .map(|key| {
            let chain = &bindings[key.binding as usize].chain;
            if let Some(gap) = gap_beyond_reach(env, chain, key) {
                return beyond_reach(key, gap);
            }
            let memory = store.start(key, chain.memory_layout());
            let ctx = chain.evaluate_step(env, key.first, key.second, memory, step, want_jacobian);
            local_of(key, &ctx)
        })
        .collect()
}

/// The gap of a pair clearly beyond the reach of a chain inert there (see
/// [`crate::contact::ContactMethod::skips`]), from the resolver's own value kernel and the
/// primitives' radii — the arithmetic of the resolver (`Δ − r₁ − r₂`) without building the
/// pair's context; `None` when the chain must run (within reach, a chain that acts beyond it,
/// or a resolver without a distance kernel).
fn gap_beyond_reach<E: ElementSet>(
    env: &Env,
    chain: &crate::contact::Chain<E>,
    key: &PairKey,
) -> Option<f64> {
    let m = chain.method();
    let (true, Some(CcdKernel::Distance(distance))) = (m.inert_beyond_reach, m.ccd) else {
        return None;
    };
    let (a, b) = (
        key.first.points(env.model, env.q),
        key.second.points(env.model, env.q),
    );
    let gap = distance(a.as_slice(), b.as_slice())
        - key.first.radius(env.model)
        - key.second.radius(env.model);
    m.skips(gap).then_some(gap)
}

/// A pair beyond reach: inactive, no force, no memory, its gap.
fn beyond_reach(key: &PairKey, gap: f64) -> LocalContact {
    LocalContact {
        key: *key,
        dofs: [NO_DOF; 12],
        rows: [false; 12],
        force: Vec12::zeros(),
        block: None,
        energy: 0.0,
        nonconservative: None,
        gap,
        active: false,
        memory: Default::default(),
    }
}

/// The contribution of an evaluated pair: global DOFs of its local coordinates, which rows
/// receive force (the assembled sides' free points), the force, the system block when asked
/// for and assembled, the energy (unless rejected), the gap and the trial memory.
pub(super) fn local_of(key: &PairKey, ctx: &ContactCtx) -> LocalContact {
    let mut dofs = [NO_DOF; 12];
    let mut rows = [false; 12];
    for k in 0..ctx.n_slots() {
        let side = ctx.slot_side(k);
        for c in 0..3 {
            dofs[3 * k + c] = if ctx.dof[k] == NO_DOF {
                NO_DOF
            } else {
                ctx.dof[k] + c as u32
            };
            rows[3 * k + c] = ctx.assemble_forces[side] && ctx.dof[k] != NO_DOF;
        }
    }
    let active = !ctx.reject && (ctx.assemble_forces[0] || ctx.assemble_forces[1]);
    LocalContact {
        key: *key,
        dofs,
        rows,
        force: if active { ctx.force } else { Vec12::zeros() },
        block: (active && ctx.want_jacobian && ctx.assemble_matrix)
            .then(|| Box::new(ctx.system_block(&ctx.step))),
        energy: if ctx.reject { 0.0 } else { ctx.energy },
        nonconservative: (active && !ctx.nonconservative.is_zero())
            .then(|| Box::new(ctx.nonconservative)),
        gap: ctx.gap,
        active,
        memory: ctx.memory,
    }
}
