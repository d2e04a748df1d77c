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
//!
//! Barrier (IPC) bindings never fail the test: their CCD caps each side's travel at
//! `(k − ρ)/2` from `qₙ` (see `ccd_cap`), so `D₁ + D₂ ≤ k − ρ` holds by construction and the
//! candidate set their feasibility depends on is complete without re-detection; a pair can
//! therefore never join an IPC binding mid-step, let alone inside its barrier. Re-detection is
//! per binding, so a penalty binding of the same scene that fails leaves them untouched.
//! Adaptive elements keep the parameters they set at the step start (IMC's stiffness from the
//! contact points then); pairs added here reach them at the next step's detection.

use super::store::MemoryStore;
use super::{ContactBinding, PairKey, Redetect, detection};
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

/// `D₁ + D₂`: the largest point displacements of the binding's two sides between `start` and
/// `z` (m), summed.
pub(super) fn pair_travel<E: ElementSet>(
    model: &Model,
    b: &ContactBinding<E>,
    start: &[f64],
    z: &[f64],
) -> f64 {
    let d1 = travel(model, &b.first, start, z);
    // A self-contact binding moves both sides with the same bodies.
    let d2 = if b.second == b.first {
        d1
    } else {
        travel(model, &b.second, start, z)
    };
    d1 + d2
}

/// Per binding: `Some(D₁ + D₂ + ρ)` — the keep distance that would have covered the motion
/// from `starts[b]` (where binding `b` last detected) to `z` — when the binding's keep distance
/// does not, `None` when it does.
pub(super) fn uncovered<E: ElementSet>(
    model: &Model,
    bindings: &[ContactBinding<E>],
    starts: &[&[f64]],
    z: &[f64],
) -> Vec<Option<f64>> {
    bindings
        .iter()
        .zip(starts)
        .map(|(b, start)| {
            if b.redetect == Redetect::MeshEdges {
                // Its pairs are the meshes' edges: no motion adds one.
                return None;
            }
            let needed = pair_travel(model, b, start, z) + b.chain.method().reach;
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::contact::chain::Chain;
    use crate::contact::primitive::{PrimId, SpherePrim};
    use crate::math::Vec3;
    use crate::model::{Material, Sphere};
    use std::path::Path;

    /// Spheres of radius 10 mm on the x axis at `xs`.
    fn spheres(xs: &[f64]) -> Model {
        let mut m = Model::default();
        for (i, x) in xs.iter().enumerate() {
            m.add_sphere(
                Sphere::new(
                    format!("s{i}"),
                    0.01,
                    Material::from_poisson(1e7, 0.3, 1000.0),
                ),
                Vec3::new(*x, 0.0, 0.0),
                Vec3::zeros(),
            );
        }
        m.finalize();
        m
    }

    fn binding(n: usize, keep: f64) -> ContactBinding {
        let text = "Chain(name: \"s\", elements: [Sphere_1_Data, Sphere_2_Data, Sphere_Sphere, \
                    N_Hertz(), AssembleForces])";
        let all = BodyGroup::Spheres((0..n).collect());
        ContactBinding {
            chain: Chain::parse(text, Path::new("t.ron")).unwrap(),
            first: all.clone(),
            second: all,
            keep_distance: keep,
            excluded: Vec::new(),
            self_exclusion: Default::default(),
            redetect: Default::default(),
        }
    }

    #[test]
    fn only_motion_beyond_the_margin_triggers_and_only_pairs_within_reach_are_added() {
        // Three spheres in a row, gaps 5 mm and 30 mm; keep distance 1 mm: no candidates.
        let m = spheres(&[0.0, 0.025, 0.075]);
        let b = [binding(3, 1e-3)];
        let start = m.q.clone();
        assert!(detection::candidates(&m, &start, &b).is_empty());
        let s = |index| PrimId::Sphere(SpherePrim { index });
        let moved = |dx: [f64; 3]| {
            let mut z = start.clone();
            for (i, d) in dx.iter().enumerate() {
                z[m.bodies.spheres[i].offset] += d;
            }
            z
        };
        // 0.4 mm each way: 0.8 mm of closing is within the 1 mm margin.
        let z = moved([0.4e-3, -0.4e-3, 0.0]);
        assert_eq!(uncovered(&m, &b, &[&start], &z), vec![None]);
        // Sphere 1 jumps 5.2 mm towards sphere 0 (0.2 mm deep) and sphere 2 follows 6 mm,
        // still 29.2 mm from it. Both sides of a self-contact binding are the same bodies, so
        // its largest displacement counts twice: it needs 12 mm. Only the pair in contact is
        // missed.
        let z = moved([0.0, -5.2e-3, -6e-3]);
        let needed = uncovered(&m, &b, &[&start], &z);
        assert!((needed[0].unwrap() - 12e-3).abs() < 1e-12);
        let env = Env {
            model: &m,
            q: &z,
            v: &m.v,
        };
        let store = MemoryStore::default();
        let found = missed(&env, &b, &[true], &[], &store);
        let key = PairKey {
            binding: 0,
            first: s(0),
            second: s(1),
        };
        assert_eq!(found, vec![key]);
        // A pair already among the candidates is not missed; a binding not flagged is not
        // detected again.
        assert!(missed(&env, &b, &[true], &[key], &store).is_empty());
        assert!(missed(&env, &b, &[false], &[], &store).is_empty());
        // Within the keep distance but outside the reach (a 0.5 mm gap): not added.
        let z = moved([0.0, -4.5e-3, 0.0]);
        let env = Env {
            model: &m,
            q: &z,
            v: &m.v,
        };
        assert_eq!(detection::candidates(&m, &z, &b), vec![key]);
        assert!(missed(&env, &b, &[true], &[], &store).is_empty());
        assert_eq!(union(&[key], &[key]), vec![key]);
    }
}
