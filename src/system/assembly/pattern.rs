//! Sparsity pattern of the Jacobian over free DOFs, with slot lookup for scatter-adds.
//!
//! The pattern is the union of dense blocks ("groups" of global DOFs that couple with each
//! other: an elastic stencil, a node, a contact pair). Entries between constrained DOFs are
//! dropped. Values live in one CSC array; every local block entry is mapped once to its
//! *slot* in that array, so assembly is a plain indexed add and the symbolic factorisation
//! can be reused for as long as the pattern holds.

use crate::model::DofMap;
use faer::sparse::{SymbolicSparseColMat, SymbolicSparseColMatRef};

pub use crate::model::{NO_SLOT, scatter_block};

/// CSC sparsity pattern of the free-DOF Jacobian.
#[derive(Debug, Clone)]
pub struct SparsityPattern {
    n: usize,
    symbolic: SymbolicSparseColMat<u32>,
    diag: Vec<u32>,
    /// Fingerprint of the groups it was built from (to tell when a rebuild is needed).
    pub fingerprint: u64,
}

impl SparsityPattern {
    /// Builds the pattern: every free DOF on the diagonal plus every free pair inside each group.
    ///
    /// Column by column: the groups' free indices are gathered once, each column's rows
    /// written into its own segment (sized by a counting pass), then sorted and deduplicated
    /// in place, so the cost grows with the entries and the longest column, not with a global
    /// sort of every entry (a granular bed rebuilds its pattern whenever a pair enters or
    /// leaves the candidate set).
    pub fn build<'a>(
        dofs: &DofMap,
        groups: impl Iterator<Item = &'a [usize]>,
        fingerprint: u64,
    ) -> Self {
        let n = dofs.n_free();
        // The free indices of every group, flattened, with the group boundaries.
        let mut flat: Vec<u32> = Vec::new();
        let mut bounds: Vec<usize> = vec![0];
        for g in groups {
            flat.extend(
                g.iter()
                    .filter_map(|&k| dofs.free_index(k))
                    .map(|i| i as u32),
            );
            bounds.push(flat.len());
        }
        // Room per column: the diagonal plus every group's size, for each group it is in.
        let mut room = vec![1usize; n + 1];
        for w in bounds.windows(2) {
            let free = &flat[w[0]..w[1]];
            for &c in free {
                room[c as usize] += free.len();
            }
        }
        let mut start = vec![0usize; n + 1];
        for c in 0..n {
            start[c + 1] = start[c] + room[c];
        }
        let mut rows = vec![0u32; start[n]];
        let mut fill: Vec<usize> = start[..n].to_vec();
        for (c, f) in fill.iter_mut().enumerate() {
            rows[*f] = c as u32;
            *f += 1;
        }
        for w in bounds.windows(2) {
            let free = &flat[w[0]..w[1]];
            for &c in free {
                let f = &mut fill[c as usize];
                rows[*f..*f + free.len()].copy_from_slice(free);
                *f += free.len();
            }
        }
        // Sort and deduplicate each column, compacting in place.
        let mut col_ptr = vec![0u32; n + 1];
        let mut out = 0usize;
        for c in 0..n {
            let seg = &mut rows[start[c]..fill[c]];
            seg.sort_unstable();
            let mut last = u32::MAX;
            for k in start[c]..fill[c] {
                let r = rows[k];
                if r != last {
                    rows[out] = r;
                    out += 1;
                    last = r;
                }
            }
            col_ptr[c + 1] = out as u32;
        }
        rows.truncate(out);
        Self::from_csc(n, col_ptr, rows, fingerprint)
    }

    /// A pattern from each column's rows, in any order and with repeats (sorted and
    /// deduplicated here); the diagonal must be among them.
    pub fn from_columns(mut cols: Vec<Vec<u32>>, fingerprint: u64) -> Self {
        let mut col_ptr = vec![0u32];
        let mut row_idx = Vec::new();
        for c in &mut cols {
            c.sort_unstable();
            c.dedup();
            row_idx.extend_from_slice(c);
            col_ptr.push(row_idx.len() as u32);
        }
        Self::from_csc(cols.len(), col_ptr, row_idx, fingerprint)
    }

    /// A pattern from compressed columns (`col_ptr`: n + 1 offsets; `row_idx`: sorted,
    /// distinct rows per column, the diagonal included).
    pub fn from_csc(n: usize, col_ptr: Vec<u32>, row_idx: Vec<u32>, fingerprint: u64) -> Self {
        let symbolic = SymbolicSparseColMat::new_checked(n, n, col_ptr, None, row_idx);
        let mut p = Self {
            n,
            symbolic,
            diag: Vec::new(),
            fingerprint,
        };
        p.diag = (0..n).map(|i| p.slot_free(i, i)).collect();
        p
    }

    /// Number of rows (free DOFs).
    pub fn n(&self) -> usize {
        self.n
    }
    /// Number of stored entries.
    pub fn nnz(&self) -> usize {
        self.symbolic.row_idx().len()
    }
    /// The symbolic CSC structure (for faer).
    pub fn symbolic(&self) -> SymbolicSparseColMatRef<'_, u32> {
        self.symbolic.as_ref()
    }
    /// Dense copy of the matrix with values `values` (for tests and debugging; O(n²) memory).
    pub fn to_dense(&self, values: &[f64]) -> Vec<Vec<f64>> {
        let mut d = vec![vec![0.0; self.n]; self.n];
        let cp = self.symbolic.col_ptr();
        let ri = self.symbolic.row_idx();
        for c in 0..self.n {
            for k in cp[c] as usize..cp[c + 1] as usize {
                d[ri[k] as usize][c] = values[k];
            }
        }
        d
    }

    /// Slot of the diagonal entry of free DOF `i`.
    pub fn diag_slot(&self, i: usize) -> u32 {
        self.diag[i]
    }

    /// Slot of entry (free row `r`, free column `c`), or `NO_SLOT` (`u32::MAX`) if it is not in the pattern.
    pub fn slot_free(&self, r: usize, c: usize) -> u32 {
        let cp = self.symbolic.col_ptr();
        let (a, b) = (cp[c] as usize, cp[c + 1] as usize);
        match self.symbolic.row_idx()[a..b].binary_search(&(r as u32)) {
            Ok(k) => (a + k) as u32,
            Err(_) => NO_SLOT,
        }
    }

    /// Slots of the dense block over the global DOFs `group`, row-major (`slots[a·m + b]` for
    /// local row `a`, column `b`); `NO_SLOT` (`u32::MAX`) where a DOF is constrained.
    pub fn block_slots(&self, dofs: &DofMap, group: &[usize], out: &mut [u32]) {
        let m = group.len();
        for (a, &ga) in group.iter().enumerate() {
            for (b, &gb) in group.iter().enumerate() {
                out[a * m + b] = match (dofs.free_index(ga), dofs.free_index(gb)) {
                    (Some(r), Some(c)) => self.slot_free(r, c),
                    _ => NO_SLOT,
                };
            }
        }
    }
}

impl crate::model::SlotMap for SparsityPattern {
    fn block_slots(&self, dofs: &DofMap, group: &[usize], out: &mut [u32]) {
        SparsityPattern::block_slots(self, dofs, group, out);
    }
    fn slot_free(&self, r: usize, c: usize) -> u32 {
        SparsityPattern::slot_free(self, r, c)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pattern_of_two_overlapping_groups() {
        let mut dofs = DofMap::new(5);
        dofs.constrain(0);
        let g1 = [0usize, 1, 2];
        let g2 = [2usize, 3];
        let p = SparsityPattern::build(&dofs, [&g1[..], &g2[..]].into_iter(), 0);
        assert_eq!(p.n(), 4);
        // free 0,1 (dofs 1,2) full block; free 1,2 (dofs 2,3) full block; diag of free 3.
        assert_eq!(p.nnz(), 4 + 3 + 1);
        assert_ne!(p.slot_free(0, 1), NO_SLOT);
        assert_eq!(p.slot_free(0, 2), NO_SLOT);
        let mut slots = [0u32; 9];
        p.block_slots(&dofs, &g1, &mut slots);
        assert_eq!(slots[0], NO_SLOT);
        assert_eq!(slots[4], p.diag_slot(0));
    }
}
