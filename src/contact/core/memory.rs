//! Typed per-pair memory of chain elements.
//!
//! A law with memory (the Cundall–Strack spring elongation, JKR's "established" flag, a
//! spring's rest length, IPC friction's lagged frame) declares a [`Memory`] type in its
//! [`Needs`](super::Needs) ([`MemorySpec::of`]). When a chain is built, each such element gets
//! a slot of its own in the pair's [`PairMemory`] ([`MemoryLayout`], by chain position), so two
//! laws can never write the same field, and an element defined in a user crate can keep memory
//! like a built-in one. Inside `evaluate` the element reads its slot with
//! [`ContactCtx::memory`](crate::contact::ContactCtx::memory) and writes it with
//! [`ContactCtx::set_memory`](crate::contact::ContactCtx::set_memory).
//!
//! **Trial and commit.** During Newton every evaluation starts from the memory committed at
//! the end of the last accepted step and writes a trial; when the step is accepted the trials
//! of its last iterate are committed. A slot survives a step only if its element *wrote* it in
//! the accepted iterate: a law with memory writes it each time it runs. So a Cundall–Strack
//! spring is dropped as soon as the normal law rejects the pair (the friction law never ran)
//! and a fresh contact starts from a relaxed spring, while a ruptured spring keeps its flag
//! because the spring law writes it even when it rejects. A slot that is not written reads as
//! zeros: `M::load(&[0.0; M::WORDS])` must be `M::default()`.
//!
//! **Lagged slots** (IPC friction) are also moved, within a step, to the converged
//! configuration when the solver re-solves with updated lagged quantities.
//!
//! Words are `f64`: checkpoints store them bit for bit.

use serde::{Deserialize, Serialize};

/// Total memory words of one pair, over all elements of its chain.
pub const MEMORY_WORDS: usize = 16;

/// The per-pair memory of one element type, stored as `WORDS` floats.
///
/// ```
/// use catena::contact::Memory;
/// /// A Maxwell arm's strain (m) and whether it was loaded.
/// #[derive(Debug, Clone, Copy, Default, PartialEq)]
/// struct Arm {
///     strain: f64,
///     loaded: bool,
/// }
/// impl Memory for Arm {
///     const WORDS: usize = 2;
///     fn load(w: &[f64]) -> Self {
///         Arm { strain: w[0], loaded: w[1] != 0.0 }
///     }
///     fn store(&self, w: &mut [f64]) {
///         w[0] = self.strain;
///         w[1] = if self.loaded { 1.0 } else { 0.0 };
///     }
/// }
/// let a = Arm { strain: 2e-6, loaded: true };
/// let mut w = [0.0; 2];
/// a.store(&mut w);
/// assert_eq!(Arm::load(&w), a);
/// assert_eq!(Arm::load(&[0.0; 2]), Arm::default());
/// ```
pub trait Memory: Copy + Default + std::fmt::Debug + Send + Sync + 'static {
    /// Number of words.
    const WORDS: usize;
    /// Reads the memory from its `WORDS` words (all zeros must give `Default`).
    fn load(words: &[f64]) -> Self;
    /// Writes the memory into its `WORDS` words.
    fn store(&self, words: &mut [f64]);
}

/// An element's memory declaration: its size and whether it is lagged.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MemorySpec {
    /// Number of words.
    pub words: usize,
    /// Lagged: within a step, the solver may move it to the converged configuration and solve
    /// again (IPC friction's λ and tangent frame); otherwise it is history, committed per step.
    pub lagged: bool,
}

impl MemorySpec {
    /// History of type `M`.
    pub const fn of<M: Memory>() -> Self {
        Self {
            words: M::WORDS,
            lagged: false,
        }
    }
    /// Lagged quantities of type `M`.
    pub const fn lagged<M: Memory>() -> Self {
        Self {
            words: M::WORDS,
            lagged: true,
        }
    }
}

/// Where one element's memory sits in a pair's words.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MemorySlot {
    /// First word.
    pub offset: usize,
    /// Number of words.
    pub words: usize,
    /// Bit of this slot in [`PairMemory::written`] (its index among the chain's slots).
    pub bit: u32,
    /// Whether the slot is lagged.
    pub lagged: bool,
}

/// The memory layout of a chain: a slot per element that declared memory.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct MemoryLayout {
    /// Slot of each element, by chain position.
    pub slots: Vec<Option<MemorySlot>>,
    /// Bits of the lagged slots.
    pub lagged_bits: u32,
}

impl MemoryLayout {
    /// The layout of elements with the given declarations, in chain order; `Err` with the
    /// number of words asked for when they exceed [`MEMORY_WORDS`].
    pub fn new(specs: impl IntoIterator<Item = Option<MemorySpec>>) -> Result<Self, usize> {
        let mut layout = MemoryLayout::default();
        let mut offset = 0;
        let mut bit = 0;
        for spec in specs {
            layout.slots.push(spec.map(|s| {
                let slot = MemorySlot {
                    offset,
                    words: s.words,
                    bit,
                    lagged: s.lagged,
                };
                if s.lagged {
                    layout.lagged_bits |= 1 << bit;
                }
                offset += s.words;
                bit += 1;
                slot
            }));
        }
        if offset > MEMORY_WORDS || bit > 16 {
            return Err(offset);
        }
        Ok(layout)
    }

    /// Whether no element keeps memory.
    pub fn is_empty(&self) -> bool {
        self.slots.iter().all(Option::is_none)
    }

    /// Whether some slot is lagged.
    pub fn has_lagged(&self) -> bool {
        self.lagged_bits != 0
    }

    /// `committed` with every lagged slot taken from `lag` (the memory of the last evaluation
    /// at the lagging point).
    pub fn with_lag(&self, committed: PairMemory, lag: &PairMemory) -> PairMemory {
        let mut m = committed;
        for s in self.slots.iter().flatten().filter(|s| s.lagged) {
            m.words[s.offset..s.offset + s.words]
                .copy_from_slice(&lag.words[s.offset..s.offset + s.words]);
        }
        m
    }

    /// The memory to commit from a trial: the slots written in the evaluation, the others
    /// cleared; `None` when no slot was written.
    pub fn committed(&self, trial: &PairMemory) -> Option<PairMemory> {
        if trial.written == 0 {
            return None;
        }
        let mut m = PairMemory::default();
        for s in self.slots.iter().flatten() {
            if trial.written & (1 << s.bit) != 0 {
                m.words[s.offset..s.offset + s.words]
                    .copy_from_slice(&trial.words[s.offset..s.offset + s.words]);
            }
        }
        m.written = trial.written;
        Some(m)
    }
}

/// The memory of one pair: every slot's words, and which slots were written by the evaluation
/// that produced it.
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize, Deserialize)]
pub struct PairMemory {
    /// The words of all slots.
    pub words: [f64; MEMORY_WORDS],
    /// Bit `k` is set when slot `k` was written (see [`MemorySlot::bit`]).
    pub written: u32,
}

impl PairMemory {
    /// The same memory as the start of a new evaluation: nothing written yet.
    pub fn fresh(self) -> Self {
        Self { written: 0, ..self }
    }
    /// Reads slot `slot` as `M`.
    pub fn read<M: Memory>(&self, slot: &MemorySlot) -> M {
        assert_eq!(
            M::WORDS,
            slot.words,
            "memory type of {} words read from a slot of {}",
            M::WORDS,
            slot.words
        );
        M::load(&self.words[slot.offset..slot.offset + slot.words])
    }
    /// Writes `m` into slot `slot` and marks it written.
    pub fn write<M: Memory>(&mut self, slot: &MemorySlot, m: &M) {
        assert_eq!(
            M::WORDS,
            slot.words,
            "memory type of {} words written to a slot of {}",
            M::WORDS,
            slot.words
        );
        m.store(&mut self.words[slot.offset..slot.offset + slot.words]);
        self.written |= 1 << slot.bit;
    }
}

/// `f64` word of a flag.
pub fn flag_word(b: bool) -> f64 {
    if b { 1.0 } else { 0.0 }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, Clone, Copy, Default, PartialEq)]
    struct Two(f64, f64);
    impl Memory for Two {
        const WORDS: usize = 2;
        fn load(w: &[f64]) -> Self {
            Two(w[0], w[1])
        }
        fn store(&self, w: &mut [f64]) {
            w[0] = self.0;
            w[1] = self.1;
        }
    }

    #[test]
    fn slots_are_disjoint_and_only_written_ones_are_committed() {
        let l = MemoryLayout::new([
            None,
            Some(MemorySpec::of::<Two>()),
            Some(MemorySpec::lagged::<Two>()),
        ])
        .unwrap();
        let (a, b) = (l.slots[1].unwrap(), l.slots[2].unwrap());
        assert_eq!((a.offset, b.offset), (0, 2));
        let mut m = PairMemory::default();
        m.write(&b, &Two(3.0, 4.0));
        assert_eq!(m.read::<Two>(&a), Two::default());
        let c = l.committed(&m).unwrap();
        assert_eq!(c.read::<Two>(&b), Two(3.0, 4.0));
        assert!(l.committed(&PairMemory::default()).is_none());
        // A lagged slot is replaced by the lagging point's, a history slot is kept.
        let mut committed = PairMemory::default();
        committed.write(&a, &Two(1.0, 2.0));
        let merged = l.with_lag(committed, &m);
        assert_eq!(merged.read::<Two>(&a), Two(1.0, 2.0));
        assert_eq!(merged.read::<Two>(&b), Two(3.0, 4.0));
    }

    #[test]
    fn too_much_memory_is_refused() {
        #[derive(Debug, Clone, Copy, Default)]
        struct Big;
        impl Memory for Big {
            const WORDS: usize = 10;
            fn load(_: &[f64]) -> Self {
                Big
            }
            fn store(&self, _: &mut [f64]) {}
        }
        let spec = Some(MemorySpec::of::<Big>());
        assert_eq!(MemoryLayout::new([spec, spec]), Err(20));
    }
}
