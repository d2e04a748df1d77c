//! Coverage: whether the candidate set found at the start of a step still holds every pair
//! that can exert a force at the configuration Newton converged to, and the pairs to add when
//! it does not.
//!
//! Detection at `qₙ` keeps the pairs whose gap is at most the binding's keep distance `k`
//! (boxes inflated by `k/2` each side, planes by signed distance). A pair left out therefore
//! had a gap above `k` at `qₙ`. Every point of a primitive (a sphere's centre, a segment or a
//! triangle, which are convex combinations of their nodes) moves by at most the largest
//! displacement `Dᵢ` of its side's points, so that pair's gap at the evaluation point `z` is at
//! least `k − D₁ − D₂`. Its chain exerts nothing while the gap is above the laws' reach `ρ`
//! (0 for Hertz, δ for IMC, d̂ for IPC). Hence the per-binding test
//!
//! ```text
//! D₁ + D₂ ≤ k − ρ   ⇒   no pair outside the candidates has a force at z
//! ```
//!
//! with `Dᵢ` the largest point displacement of side `i`'s bodies between `qₙ` and `z` (planes
//! do not move). It costs one pass over the bound points and is all a step whose motion stays
//! within the margin pays. A binding that fails it is detected again at `z` (the same broad
//! phase as at the step start), and of the pairs found, those not yet candidates whose gap at
//! `z` is within the reach — the pairs that would have exerted a force — are returned. Pairs
//! within the keep distance but outside the reach are not added: they exert nothing at `z`, and
//! adding them would change the sparsity pattern (and the bits of the solution) of a step that
//! missed nothing. If the re-solved step moves into them, the next check finds them.

use super::store::MemoryStore;
use super::{ContactBinding, PairKey, detection};
use crate::contact::element::{ElementSet, Env};
use crate::contact::primitive::BodyGroup;
use crate::model::Model;

/// Relative slack of the test `D₁ + D₂ ≤ k − ρ`: a barrier chain's CCD caps each side's travel
/// at exactly `(k − ρ)/2` (see `ccd_cap`), which round-off may exceed by an ulp; such a step
/// missed nothing and must not pay a detection.
const SLACK: f64 = 1e-9;

/// Largest displacement of any point of `group` between `start` and `z` (m).
pub(super) fn travel(model: &Model, group: &BodyGroup, start: &[f64], z: &[f64]) -> f64 {
    group
        .point_dofs(model)
        .into_iter()
        .map(|d| {
            let dx = z[d] - start[d];
            let dy = z[d + 1] - start[d + 1];
            let dz = z[d + 2] - start[d + 2];
            (dx * dx + dy * dy + dz * dz).sqrt()
        })
        .fold(0.0, f64::max)
}

/// Per binding: `Some(D₁ + D₂ + ρ)` — the keep distance that would have covered the motion
/// from `start` to `z` — when the binding's keep distance does not, `None` when it does.
pub(super) fn uncovered<E: ElementSet>(
    model: &Model,
    bindings: &[ContactBinding<E>],
    start: &[f64],
    z: &[f64],
) -> Vec<Option<f64>> {
    bindings
        .iter()
        .map(|b| {
            let reach = b.chain.method().reach;
            let d1 = travel(model, &b.first, start, z);
            // A self-contact binding moves both sides with the same bodies.
            let d2 = if b.second == b.first {
                d1
            } else {
                travel(model, &b.second, start, z)
            };
            let needed = d1 + d2 + reach;
            (needed > b.keep_distance * (1.0 + SLACK)).then_some(needed)
        })
        .collect()
}

/// The pairs of the bindings flagged in `redetect` that are not among `candidates` (sorted)
/// but are within their chain's reach at `z`: detected at `z`, then kept when the chain's
/// geometry gives a gap at most its reach. Sorted.
pub(super) fn missed<E: ElementSet>(
    env: &Env,
    bindings: &[ContactBinding<E>],
    redetect: &[bool],
    candidates: &[PairKey],
    store: &MemoryStore,
) -> Vec<PairKey> {
    // The gap does not depend on the time step: probe with 1 s, as the step hooks do.
    let dt_probe = 1.0;
    detection::candidates_where(env.model, env.q, bindings, |bi| redetect[bi])
        .into_iter()
        .filter(|k| candidates.binary_search(k).is_err())
        .filter(|k| {
            let chain = &bindings[k.binding as usize].chain;
            let ctx = chain.evaluate(env, k.first, k.second, store.get(k), dt_probe, false);
            ctx.gap <= chain.method().reach
        })
        .collect()
}

/// `a ∪ b` of two key lists, sorted and deduplicated.
pub(super) fn union(a: &[PairKey], b: &[PairKey]) -> Vec<PairKey> {
    let mut out = [a, b].concat();
    out.sort_unstable();
    out.dedup();
    out
}
