//! [`MemoryStore`]: the committed per-pair memory of a contact set, and the lagged memory moved
//! within the current step (see [`crate::contact::Memory`] for trial and commit).

use super::PairKey;
use crate::contact::element::{MemoryLayout, PairMemory};
use rustc_hash::FxHashMap as HashMap;

/// Committed memory of all pairs that have some, and lagged memory moved within the step.
///
/// ```
/// use catena::contact::{MemoryLayout, MemorySpec, MemoryStore, PairKey, PairMemory, PrimId};
/// use catena::contact::{PlanePrim, SpherePrim, SpringElongation};
/// let key = PairKey {
///     binding: 0,
///     first: PrimId::Sphere(SpherePrim { index: 0 }),
///     second: PrimId::Plane(PlanePrim { index: 0 }),
/// };
/// // A chain whose second element keeps a Cundall–Strack spring.
/// let layout = MemoryLayout::new([None, Some(MemorySpec::of::<SpringElongation>())]).unwrap();
/// let slot = layout.slots[1].unwrap();
/// let mut store = MemoryStore::default();
/// // Every Newton iterate starts from the committed memory (none yet) …
/// let mut trial = store.get(&key).fresh();
/// // … the law writes a trial …
/// let spring = SpringElongation { zeta: catena::math::Vec3::x() * 1e-6, sliding: false };
/// trial.write(&slot, &spring);
/// // … and the accepted step commits the trials of its last iterate.
/// store.commit([(key, trial)], |_| &layout);
/// assert_eq!(store.get(&key).read::<SpringElongation>(&slot), spring);
/// // A pair no law wrote in the accepted iterate loses its memory.
/// store.commit([(key, PairMemory::default())], |_| &layout);
/// assert!(store.is_empty());
/// ```
#[derive(Debug, Clone, Default)]
pub struct MemoryStore {
    committed: HashMap<PairKey, PairMemory>,
    lag: HashMap<PairKey, PairMemory>,
}

impl MemoryStore {
    /// The committed memory of `key` (all zeros when the pair has none).
    pub fn get(&self, key: &PairKey) -> PairMemory {
        self.committed.get(key).copied().unwrap_or_default()
    }

    /// The memory a pair starts an evaluation from: committed, with lagged slots moved within
    /// this step taken from the lagging point.
    pub fn start(&self, key: &PairKey, layout: &MemoryLayout) -> PairMemory {
        let m = self.get(key);
        // Skip hashing on the hot path: the map is empty unless a lagged law re-solved.
        if !self.lag.is_empty()
            && let Some(l) = self.lag.get(key)
        {
            return layout.with_lag(m, l);
        }
        m
    }

    /// Replaces all committed memory with the trials of the accepted iterate (only slots an
    /// element wrote are kept; see [`MemoryLayout::committed`]); clears the lagged memory.
    pub fn commit<'a>(
        &mut self,
        trials: impl IntoIterator<Item = (PairKey, PairMemory)>,
        layout: impl Fn(&PairKey) -> &'a MemoryLayout,
    ) {
        self.committed = trials
            .into_iter()
            .filter_map(|(k, m)| layout(&k).committed(&m).map(|c| (k, c)))
            .collect();
        self.lag.clear();
    }

    /// Records `memory` (an evaluation at the new lagging point) for the lagged slots of `key`.
    pub fn relag(&mut self, key: PairKey, memory: PairMemory) {
        self.lag.insert(key, memory);
    }

    /// Forgets lagged memory moved within the step (at the start of a step).
    pub fn clear_lag(&mut self) {
        self.lag.clear();
    }

    /// Number of pairs with committed memory.
    pub fn len(&self) -> usize {
        self.committed.len()
    }
    /// Whether no pair has committed memory.
    pub fn is_empty(&self) -> bool {
        self.committed.is_empty()
    }
    /// Every committed entry, sorted by pair (a stable order for checkpoints).
    pub fn sorted(&self) -> Vec<(PairKey, PairMemory)> {
        let mut v: Vec<(PairKey, PairMemory)> =
            self.committed.iter().map(|(k, m)| (*k, *m)).collect();
        v.sort_unstable_by_key(|e| e.0);
        v
    }
    /// A store holding `entries` (as returned by [`MemoryStore::sorted`]), nothing lagged.
    pub fn from_sorted(entries: &[(PairKey, PairMemory)]) -> Self {
        Self {
            committed: entries.iter().copied().collect(),
            lag: HashMap::default(),
        }
    }
}
