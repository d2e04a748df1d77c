//! Block-Jacobi preconditioner for the Krylov solve of the Newton system.
//!
//! The free DOFs are partitioned into blocks (the three coordinates of a node, a sphere centre
//! or a sphere's rotation; single DOFs for twists and mid-edge ξ): `P = blockdiag(J_bb)`, each
//! block inverted once per factorisation. On granular systems the diagonal blocks hold the
//! inertia `c_M m I` plus each particle's own contact stiffness and damping, which dominate
//! the off-diagonal couplings at DEM time steps (`m/Δt² ≫ k_contact`), so `P⁻¹J` is close to
//! the identity and BiCGSTAB converges in a few iterations (Saad, *Iterative Methods for
//! Sparse Linear Systems*, 2nd ed., §10.2).

use crate::model::{DofMap, Model};
use crate::system::assembly::pattern::{NO_SLOT, SparsityPattern};
use nalgebra::Matrix3;

/// The partition of the free DOFs into preconditioner blocks: block `b` covers free indices
/// `starts[b]..starts[b + 1]` (one or three DOFs).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct DofBlocks {
    starts: Vec<u32>,
    /// The block of each free index.
    block_of: Vec<u32>,
}

impl DofBlocks {
    /// Blocks of three for every body's three-DOF groups (nodes, sphere centres, rotations;
    /// [`crate::model::Body::dof_triples`]) whose three DOFs are free (consecutive free
    /// indices); every other free DOF alone.
    pub fn of_model(model: &Model) -> Self {
        let mut triples: Vec<usize> = Vec::new();
        for b in model.bodies.iter() {
            b.dof_triples(&mut triples);
        }
        Self::from_triples(&model.dofs, &triples)
    }

    /// Blocks from the first global DOF of every candidate triple.
    pub fn from_triples(dofs: &DofMap, triples: &[usize]) -> Self {
        let n = dofs.n_free();
        let mut triple_at = vec![false; n];
        for &g in triples {
            let free: Vec<Option<usize>> = (0..3).map(|c| dofs.free_index(g + c)).collect();
            if let [Some(a), Some(b), Some(c)] = free[..]
                && b == a + 1
                && c == a + 2
            {
                triple_at[a] = true;
            }
        }
        let mut starts = Vec::with_capacity(n / 3 + 1);
        let mut i = 0;
        while i < n {
            starts.push(i as u32);
            i += if triple_at[i] && i + 3 <= n { 3 } else { 1 };
        }
        starts.push(n as u32);
        let mut block_of = vec![0u32; n];
        for b in 0..starts.len() - 1 {
            for i in starts[b]..starts[b + 1] {
                block_of[i as usize] = b as u32;
            }
        }
        Self { starts, block_of }
    }

    /// The block of free index `i`, and `i`'s position in it.
    pub fn locate(&self, i: usize) -> (usize, usize) {
        let b = self.block_of[i] as usize;
        (b, i - self.starts[b] as usize)
    }

    /// Number of blocks.
    pub fn len(&self) -> usize {
        self.starts.len().saturating_sub(1)
    }

    /// Whether there is no block.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The free indices of block `b`.
    pub fn range(&self, b: usize) -> std::ops::Range<usize> {
        self.starts[b] as usize..self.starts[b + 1] as usize
    }
}

/// The inverted diagonal blocks of one Jacobian.
#[derive(Debug, Default)]
pub struct BlockJacobi {
    /// Slots of each block's entries (row-major, up to 3×3), cached per pattern fingerprint.
    slots: Vec<[u32; 9]>,
    key: Option<(u64, usize)>,
    /// The diagonal blocks, then their inverses.
    inverses: Vec<Matrix3<f64>>,
}

impl BlockJacobi {
    /// Inverts the diagonal blocks of the matrix `values` on `pattern`. `Err` names a block
    /// that is singular (or not finite).
    pub fn factor(
        &mut self,
        pattern: &SparsityPattern,
        values: &[f64],
        blocks: &DofBlocks,
    ) -> Result<(), usize> {
        self.gather(pattern, values, blocks);
        self.invert()
    }

    /// Copies the diagonal blocks of the matrix `values` on `pattern` (1×1 blocks in the
    /// corner of an identity).
    pub fn gather(&mut self, pattern: &SparsityPattern, values: &[f64], blocks: &DofBlocks) {
        let key = (pattern.fingerprint, pattern.nnz());
        if self.key != Some(key) || self.slots.len() != blocks.len() {
            self.slots = (0..blocks.len())
                .map(|b| {
                    let r = blocks.range(b);
                    let mut s = [NO_SLOT; 9];
                    for (a, i) in r.clone().enumerate() {
                        for (c, j) in r.clone().enumerate() {
                            s[3 * a + c] = pattern.slot_free(i, j);
                        }
                    }
                    s
                })
                .collect();
            self.key = Some(key);
        }
        self.inverses.clear();
        for (b, s) in self.slots.iter().enumerate() {
            let m = blocks.range(b).len();
            let mut block = Matrix3::identity();
            for a in 0..m {
                for c in 0..m {
                    let slot = s[3 * a + c];
                    block[(a, c)] = if slot == NO_SLOT {
                        0.0
                    } else {
                        values[slot as usize]
                    };
                }
            }
            self.inverses.push(block);
        }
    }

    /// Adds `v` at (free row `i`, free column `j`) when both lie in one block (an entry of a
    /// contact block applied outside the pattern); off-block entries are not preconditioned.
    pub fn add(&mut self, blocks: &DofBlocks, i: usize, j: usize, v: f64) {
        let ((bi, a), (bj, c)) = (blocks.locate(i), blocks.locate(j));
        if bi == bj {
            self.inverses[bi][(a, c)] += v;
        }
    }

    /// Adds `v` at position (`a`, `c`) of block `b` (as located by [`DofBlocks::locate`]).
    pub fn add_in_block(&mut self, b: usize, a: usize, c: usize, v: f64) {
        self.inverses[b][(a, c)] += v;
    }

    /// Inverts the gathered blocks in place. `Err` names a singular (or non-finite) block.
    pub fn invert(&mut self) -> Result<(), usize> {
        for (b, m) in self.inverses.iter_mut().enumerate() {
            *m = m
                .try_inverse()
                .filter(|i| i.iter().all(|x| x.is_finite()))
                .ok_or(b)?;
        }
        Ok(())
    }

    /// `out ← P⁻¹ x`.
    pub fn apply(&self, blocks: &DofBlocks, x: &[f64], out: &mut [f64]) {
        for (b, inv) in self.inverses.iter().enumerate() {
            let r = blocks.range(b);
            if r.len() == 3 {
                let (xs, os) = (&x[r.clone()], &mut out[r]);
                for (a, o) in os.iter_mut().enumerate() {
                    *o = inv[(a, 0)] * xs[0] + inv[(a, 1)] * xs[1] + inv[(a, 2)] * xs[2];
                }
            } else {
                // A single DOF: its 1×1 block sits in the corner of an identity.
                out[r.start] = inv[(0, 0)] * x[r.start];
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn triples_become_blocks_only_when_all_three_dofs_are_free() {
        let mut dofs = DofMap::new(10);
        dofs.constrain(4);
        // Triples at 0 (free), 3 (DOF 4 constrained), 7 (free).
        let blocks = DofBlocks::from_triples(&dofs, &[0, 3, 7]);
        let ranges: Vec<_> = (0..blocks.len()).map(|b| blocks.range(b)).collect();
        // Free indices: 0,1,2 | 3 (DOF 3) | 4 (DOF 5) | 5 (DOF 6) | 6,7,8 (DOFs 7,8,9).
        assert_eq!(ranges, vec![0..3, 3..4, 4..5, 5..6, 6..9]);
    }

    #[test]
    fn applies_the_inverse_of_each_diagonal_block() {
        let dofs = DofMap::new(4);
        let blocks = DofBlocks::from_triples(&dofs, &[0]);
        let group = [0usize, 1, 2, 3];
        let pattern = SparsityPattern::build(&dofs, std::iter::once(&group[..]), 7);
        // A dense 4×4 matrix; the preconditioner keeps its 3×3 and 1×1 diagonal blocks.
        let a = [
            [4.0, 1.0, 0.5, 9.0],
            [1.0, 3.0, 0.2, 9.0],
            [0.5, 0.2, 2.0, 9.0],
            [9.0, 9.0, 9.0, 5.0],
        ];
        let mut values = vec![0.0; pattern.nnz()];
        for (i, row) in a.iter().enumerate() {
            for (j, &v) in row.iter().enumerate() {
                values[pattern.slot_free(i, j) as usize] = v;
            }
        }
        let mut pj = BlockJacobi::default();
        pj.factor(&pattern, &values, &blocks)
            .expect("regular blocks");
        let x = [1.0, -2.0, 0.5, 10.0];
        let mut y = [0.0; 4];
        pj.apply(&blocks, &x, &mut y);
        // P y = x block by block.
        for i in 0..3 {
            let py: f64 = (0..3).map(|j| a[i][j] * y[j]).sum();
            assert!((py - x[i]).abs() < 1e-12, "row {i}: {py}");
        }
        assert!((a[3][3] * y[3] - x[3]).abs() < 1e-12);
    }

    #[test]
    fn a_singular_block_is_named() {
        let dofs = DofMap::new(3);
        let blocks = DofBlocks::from_triples(&dofs, &[]);
        let group = [0usize, 1, 2];
        let pattern = SparsityPattern::build(&dofs, std::iter::once(&group[..]), 1);
        let mut values = vec![1.0; pattern.nnz()];
        values[pattern.diag_slot(1) as usize] = 0.0;
        let mut pj = BlockJacobi::default();
        assert_eq!(pj.factor(&pattern, &values, &blocks), Err(1));
    }
}
