//! Per-pair persistent contact state (history).
//!
//! Laws with memory (the Cundall–Strack tangential spring, the JKR "established" flag, a spring's
//! rest length) keep it in a [`History`]. During Newton each evaluation starts from the state
//! *committed* at the end of the last accepted step and writes a *trial* state; when the step is
//! accepted the trial states of the last iterate become the committed ones. A pair that leaves
//! the candidate set loses its history.
//!
//! A history survives a step only if some element *wrote* it in the accepted iterate
//! (`used`, which every evaluation starts false): a law with memory marks it each time it
//! runs. So a Cundall–Strack spring is dropped as soon as the normal law rejects the pair (the
//! friction law never ran), and a fresh contact starts from a relaxed spring, while a ruptured
//! spring keeps its `broken` flag because the spring law writes it even when it rejects.

use crate::math::Vec3;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;

/// Identifies a primitive in the model.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Primitive {
    /// Edge `edge` of rod `rod`.
    RodEdge {
        /// Rod index.
        rod: u32,
        /// Edge index.
        edge: u32,
    },
    /// Node `node` of rod `rod`.
    RodNode {
        /// Rod index.
        rod: u32,
        /// Node index.
        node: u32,
    },
    /// Sphere `index`.
    Sphere {
        /// Sphere index.
        index: u32,
    },
    /// Static plane `index`.
    Plane {
        /// Plane index.
        index: u32,
    },
}

/// Key of a pair: the binding it belongs to and its two primitives.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct PairKey {
    /// Index of the contact binding (scene `contacts` entry).
    pub binding: u32,
    /// Side-1 primitive.
    pub first: Primitive,
    /// Side-2 primitive.
    pub second: Primitive,
}

/// The state a law may keep for a pair between time steps.
///
/// Fields are shared by kind, not owned by one law: a chain must not combine two laws that use
/// the same field (`established` is used by `N_JKR` and by `Spring`/`Spring_Damper` without a
/// given rest length).
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize, Deserialize)]
pub struct History {
    /// A tangential vector (e.g. the Cundall–Strack spring elongation ζ, m), kept in the current
    /// tangent plane.
    pub spring: Vec3,
    /// A flag (e.g. JKR contact established, spring rest length set).
    pub established: bool,
    /// A scalar (e.g. a spring rest length, m).
    pub value: f64,
    /// Quantities frozen for a lagged law (IPC friction), written at every evaluation and read
    /// from the previous lagging point.
    #[serde(default)]
    pub lag: Lagged,
    /// The tangential law was sliding at the end of the step (Cundall–Strack: the Coulomb
    /// limit of the next step uses μ_d instead of μ_s).
    #[serde(default)]
    pub sliding: bool,
    /// A permanent flag (e.g. a ruptured spring).
    #[serde(default)]
    pub broken: bool,
    /// Whether an element wrote this history in the current evaluation (see the module docs:
    /// only written histories are committed).
    pub used: bool,
}

/// The lagged contact quantities of IPC friction (Li et al. 2020 §5): the normal force
/// magnitude λ and the tangent frame (normal and closest-point parameters) at the lagging point.
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize, Deserialize)]
pub struct Lagged {
    /// Normal force magnitude λ (N).
    pub normal_force: f64,
    /// Unit contact normal.
    pub normal: Vec3,
    /// Closest-point parameters β₁, β₂.
    pub beta: [f64; 2],
}

/// Committed histories of all pairs that have one.
///
/// ```
/// use catena::contact::{History, HistoryStore, PairKey, Primitive};
/// let key = PairKey {
///     binding: 0,
///     first: Primitive::Sphere { index: 0 },
///     second: Primitive::Plane { index: 0 },
/// };
/// let mut store = HistoryStore::default();
/// // Every Newton iterate of a step starts from the committed history (none yet) …
/// let committed = store.get(&key);
/// assert_eq!(committed, History::default());
/// // … and a law with memory writes a trial, marking it used.
/// let trial = History { value: 2e-6, used: true, ..committed };
/// // The accepted step commits the trials of its last iterate.
/// store.commit([(key, trial)]);
/// assert_eq!(store.get(&key).value, 2e-6);
/// // A pair no law wrote in the accepted iterate loses its history.
/// store.commit([(key, History::default())]);
/// assert!(store.is_empty());
/// ```
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct HistoryStore {
    committed: HashMap<PairKey, History>,
}

impl HistoryStore {
    /// The committed history of `key` (default when the pair has none).
    pub fn get(&self, key: &PairKey) -> History {
        self.committed.get(key).copied().unwrap_or_default()
    }
    /// Replaces all committed histories with the trial states of the accepted iterate
    /// (only those an element used are kept).
    pub fn commit(&mut self, trials: impl IntoIterator<Item = (PairKey, History)>) {
        self.committed = trials.into_iter().filter(|(_, h)| h.used).collect();
    }
    /// Number of stored histories.
    pub fn len(&self) -> usize {
        self.committed.len()
    }
    /// Whether no history is stored.
    pub fn is_empty(&self) -> bool {
        self.committed.is_empty()
    }
    /// Every stored history, sorted by pair (a stable order for checkpoints).
    pub fn sorted(&self) -> Vec<(PairKey, History)> {
        let mut v: Vec<(PairKey, History)> = self.committed.iter().map(|(k, h)| (*k, *h)).collect();
        v.sort_unstable_by_key(|e| e.0);
        v
    }
    /// A store holding `entries` (as returned by [`HistoryStore::sorted`]).
    pub fn from_sorted(entries: &[(PairKey, History)]) -> Self {
        Self {
            committed: entries.iter().copied().collect(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commit_keeps_only_used_histories() {
        let k1 = PairKey {
            binding: 0,
            first: Primitive::Sphere { index: 0 },
            second: Primitive::Sphere { index: 1 },
        };
        let k2 = PairKey {
            second: Primitive::Sphere { index: 2 },
            ..k1
        };
        let mut s = HistoryStore::default();
        let used = History {
            spring: Vec3::x(),
            used: true,
            ..History::default()
        };
        s.commit([(k1, used), (k2, History::default())]);
        assert_eq!(s.len(), 1);
        assert_eq!(s.get(&k1), used);
        assert_eq!(s.get(&k2), History::default());
        let json = serde_json::to_string(&s.get(&k1)).unwrap();
        assert_eq!(serde_json::from_str::<History>(&json).unwrap(), used);
    }

    #[test]
    fn histories_written_before_the_sliding_and_broken_flags_still_load() {
        let old = r#"{"spring":[0.0,1e-6,0.0],"established":true,"value":0.02,"used":true}"#;
        let h: History = serde_json::from_str(old).unwrap();
        assert!(h.established && !h.sliding && !h.broken);
        assert_eq!(h.value, 0.02);
    }
}
