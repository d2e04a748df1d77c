//! The global DOF map: which DOFs are free (solved by Newton) and which are constrained
//! (fixed or prescribed), and the compact numbering of the free ones.

/// Marker for a constrained DOF in [`DofMap::free_index`].
const CONSTRAINED: u32 = u32::MAX;

/// Global DOF numbering shared by all bodies of a model.
#[derive(Debug, Clone, Default)]
pub struct DofMap {
    n_dofs: usize,
    constrained: Vec<bool>,
    free: Vec<u32>,
    free_index: Vec<u32>,
}

impl DofMap {
    /// A map of `n_dofs` DOFs, all free.
    pub fn new(n_dofs: usize) -> Self {
        let mut m = Self {
            n_dofs,
            constrained: vec![false; n_dofs],
            ..Self::default()
        };
        m.renumber();
        m
    }
    /// Marks DOF `k` as constrained (its value is set, not solved for).
    pub fn constrain(&mut self, k: usize) {
        self.constrained[k] = true;
        self.renumber();
    }
    /// Marks several DOFs as constrained.
    pub fn constrain_all(&mut self, ks: impl IntoIterator<Item = usize>) {
        for k in ks {
            self.constrained[k] = true;
        }
        self.renumber();
    }
    /// Sets several DOFs constrained (`true`) or free (`false`), renumbering once; returns
    /// whether any changed.
    pub fn set_all(&mut self, ks: impl IntoIterator<Item = (usize, bool)>) -> bool {
        let mut changed = false;
        for (k, c) in ks {
            changed |= self.constrained[k] != c;
            self.constrained[k] = c;
        }
        if changed {
            self.renumber();
        }
        changed
    }
    fn renumber(&mut self) {
        self.free.clear();
        self.free_index = vec![CONSTRAINED; self.n_dofs];
        for k in 0..self.n_dofs {
            if !self.constrained[k] {
                self.free_index[k] = self.free.len() as u32;
                self.free.push(k as u32);
            }
        }
    }
    /// Total number of DOFs.
    pub fn n_dofs(&self) -> usize {
        self.n_dofs
    }
    /// Number of free DOFs.
    pub fn n_free(&self) -> usize {
        self.free.len()
    }
    /// Whether DOF `k` is constrained.
    pub fn is_constrained(&self, k: usize) -> bool {
        self.constrained[k]
    }
    /// Compact index of DOF `k` among the free DOFs, or `None` when constrained.
    #[inline]
    pub fn free_index(&self, k: usize) -> Option<usize> {
        let i = self.free_index[k];
        (i != CONSTRAINED).then_some(i as usize)
    }
    /// Global indices of the free DOFs, in increasing order.
    pub fn free_dofs(&self) -> impl Iterator<Item = usize> + '_ {
        self.free.iter().map(|&k| k as usize)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbering_skips_constrained() {
        let mut m = DofMap::new(5);
        m.constrain_all([1, 3]);
        assert_eq!(m.n_free(), 3);
        assert_eq!(m.free_index(0), Some(0));
        assert_eq!(m.free_index(1), None);
        assert_eq!(m.free_index(2), Some(1));
        assert_eq!(m.free_index(4), Some(2));
        assert_eq!(m.free_dofs().collect::<Vec<_>>(), vec![0, 2, 4]);
        // Releasing one and constraining another renumbers.
        assert!(m.set_all([(1, false), (4, true), (3, true)]));
        assert_eq!(m.free_dofs().collect::<Vec<_>>(), vec![0, 1, 2]);
        assert_eq!(m.free_index(2), Some(2));
        assert!(!m.set_all([(4, true)]));
    }
}
