//! What a checkpoint keeps of the AMD-ordered LU ([`super::amd_lu::AmdLu`]): which entries of
//! the full pattern its kept analysis holds.
//!
//! The analysis is kept while the pattern holds and its live entries stay inside the analysed
//! ones (with a slack for contacts that just opened), so the entries it holds are history: a
//! fresh analysis of the same matrix after a resume would take only the live ones, in another
//! elimination order, and the factors would differ at round-off. The analysis itself (AMD
//! order, supernodes) is a deterministic function of the pattern and these entries, so they
//! are all a checkpoint needs; the restored solver redoes the analysis at its first solve if
//! the pattern then is the one it was made for (same size and structure hash).

use crate::system::SparsityPattern;
use serde::{Deserialize, Serialize};

/// The analysed entries of an [`super::amd_lu::AmdLu`] and the pattern they index.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct AmdLuState {
    /// Rows (= columns) of the full pattern.
    pub n: usize,
    /// Stored entries of the full pattern.
    pub nnz: usize,
    /// A 64-bit FNV-1a hash of the full pattern's column pointers and row indices.
    pub structure: u64,
    /// The analysed entries, as runs `(first, count)` of stored-entry indices (column-major
    /// order of the pattern), ascending and disjoint.
    pub kept: Vec<(u32, u32)>,
}

impl AmdLuState {
    /// The state of an analysis holding the entries `kept` (one flag per stored entry) of a
    /// pattern with `n` rows and hash `structure`.
    pub fn of(n: usize, structure: u64, kept: &[bool]) -> Self {
        let mut runs: Vec<(u32, u32)> = Vec::new();
        for (k, _) in kept.iter().enumerate().filter(|&(_, &x)| x) {
            match runs.last_mut() {
                Some((first, count)) if (*first + *count) as usize == k => *count += 1,
                _ => runs.push((k as u32, 1)),
            }
        }
        Self {
            n,
            nnz: kept.len(),
            structure,
            kept: runs,
        }
    }

    /// One flag per stored entry, or `None` when a run leaves the pattern or the runs are not
    /// ascending and disjoint (a damaged checkpoint).
    pub fn mask(&self) -> Option<Vec<bool>> {
        let mut mask = vec![false; self.nnz];
        let mut next = 0usize;
        for &(first, count) in &self.kept {
            let (first, end) = (first as usize, first as usize + count as usize);
            if first < next || end > self.nnz {
                return None;
            }
            mask[first..end].fill(true);
            next = end;
        }
        Some(mask)
    }
}

/// A 64-bit FNV-1a hash of the pattern's column pointers and row indices: the same structure
/// gives the same hash in every process (the pattern's own fingerprint counts rebuilds).
pub fn structure_hash(pattern: &SparsityPattern) -> u64 {
    const PRIME: u64 = 0x0000_0100_0000_01b3;
    let sym = pattern.symbolic();
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &x in sym.col_ptr().iter().chain(sym.row_idx()) {
        for b in x.to_le_bytes() {
            h ^= u64::from(b);
            h = h.wrapping_mul(PRIME);
        }
    }
    h
}

#[cfg(test)]
mod tests {
    use super::*;

    fn arrow(n: usize) -> SparsityPattern {
        let cols = (0..n as u32)
            .map(|j| {
                if j == 0 {
                    (0..n as u32).collect()
                } else {
                    vec![0, j]
                }
            })
            .collect();
        SparsityPattern::from_columns(cols, 1)
    }

    #[test]
    fn runs_round_trip_the_mask() {
        let kept = [true, true, false, true, false, false, true, true, true];
        let s = AmdLuState::of(4, 9, &kept);
        assert_eq!(s.kept, [(0, 2), (3, 1), (6, 3)]);
        assert_eq!(s.mask().as_deref(), Some(&kept[..]));
        assert_eq!(
            AmdLuState::of(1, 0, &[false; 3]).mask(),
            Some(vec![false; 3])
        );
    }

    #[test]
    fn a_damaged_state_gives_no_mask() {
        let mut s = AmdLuState::of(4, 9, &[true; 6]);
        s.kept = vec![(0, 4), (3, 1)];
        assert_eq!(s.mask(), None, "overlapping runs");
        s.kept = vec![(5, 2)];
        assert_eq!(s.mask(), None, "a run past the last entry");
    }

    #[test]
    fn the_hash_follows_the_structure_not_the_fingerprint() {
        let (a, b) = (arrow(5), arrow(5));
        let mut c = arrow(5);
        c.fingerprint = 7;
        assert_eq!(structure_hash(&a), structure_hash(&b));
        assert_eq!(structure_hash(&a), structure_hash(&c));
        let other = SparsityPattern::from_columns((0..5u32).map(|j| vec![j]).collect(), 1);
        assert_ne!(structure_hash(&a), structure_hash(&other));
        assert_ne!(structure_hash(&a), structure_hash(&arrow(6)));
    }
}
