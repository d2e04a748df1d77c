//! Evaluation: every candidate pair's chain, in parallel (rayon), at one Newton iterate, turned
//! into the [`LocalContact`] the assembly adds — forces on the assembled sides' rows and the
//! Jacobian block of the pair's matrix mode. Results are in candidate order, whatever the
//! number of threads.

use super::store::MemoryStore;
use super::{ContactBinding, LocalContact, PairKey};
use crate::contact::ctx::{ContactCtx, NO_DOF, Vec12};
use crate::contact::element::{ElementSet, Env};
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
            let memory = store.start(key, chain.memory_layout());
            let ctx = chain.evaluate_step(env, key.first, key.second, memory, step, want_jacobian);
            local_of(key, &ctx)
        })
        .collect()
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
        gap: ctx.gap,
        active,
        memory: ctx.memory,
    }
}
