//! The hooks of adaptive elements: [`begin_step`] gives each binding's adaptive elements the
//! step's [`StepInfo`] (forces at the step start, the free points in contact, and — when asked
//! — every candidate's geometry); [`end_iteration`] gives them the smallest gap of the iterate.

use super::evaluate::local_of;
use super::store::MemoryStore;
use super::{ContactBinding, LocalContact, PairKey, detection};
use crate::contact::core::NO_DOF;
use crate::contact::element::{ElementSet, Env, PairGeometry, StepInfo};

/// Calls every adaptive element's `begin_step` at the start of a step at `env` (`q = qₙ`).
pub(super) fn begin_step<E: ElementSet>(
    env: &Env,
    bindings: &mut [ContactBinding<E>],
    candidates: &[PairKey],
    store: &MemoryStore,
    forces: &[f64],
) {
    let model = env.model;
    // A time step of 1 s: the geometry does not depend on it.
    let dt_probe = 1.0;
    let mut points: Vec<Vec<u32>> = vec![Vec::new(); bindings.len()];
    for k in candidates {
        let l = detection::layout(model, k);
        // Absent points are NO_DOF like constrained ones.
        points[k.binding as usize].extend(l.chunks(3).filter(|c| c[0] != NO_DOF).map(|c| c[0]));
    }
    let mut geometry: Vec<Vec<PairGeometry>> = vec![Vec::new(); bindings.len()];
    for (bi, b) in bindings.iter().enumerate() {
        if !b.chain.method().step_pairs {
            continue;
        }
        geometry[bi] = candidates
            .iter()
            .filter(|k| k.binding as usize == bi)
            .map(|k| {
                let ctx = b
                    .chain
                    .evaluate(env, k.first, k.second, store.get(k), dt_probe, false);
                PairGeometry {
                    dofs: local_of(k, &ctx).dofs,
                    gap: ctx.gap,
                    grad: ctx.grad,
                }
            })
            .collect();
    }
    for ((b, mut pts), pairs) in bindings.iter_mut().zip(points).zip(geometry) {
        pts.sort_unstable();
        pts.dedup();
        let info = StepInfo {
            env: *env,
            forces,
            contact_points: &pts,
            pairs: &pairs,
        };
        for e in b.chain.elements_mut() {
            if let Some(a) = e.adaptive_mut() {
                a.begin_step(&info);
            }
        }
    }
}

/// Calls every adaptive element's `end_iteration` with the smallest gap of its binding's
/// candidates in `evaluated`; returns whether some parameter changed.
pub(super) fn end_iteration<E: ElementSet>(
    bindings: &mut [ContactBinding<E>],
    evaluated: &[LocalContact],
) -> bool {
    let mut gaps = vec![f64::INFINITY; bindings.len()];
    for c in evaluated {
        let g = &mut gaps[c.key.binding as usize];
        *g = g.min(c.gap);
    }
    let mut changed = false;
    for (b, g) in bindings.iter_mut().zip(gaps) {
        for e in b.chain.elements_mut() {
            if let Some(a) = e.adaptive_mut() {
                changed |= a.end_iteration(g);
            }
        }
    }
    changed
}
