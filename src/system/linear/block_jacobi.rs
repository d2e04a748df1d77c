//! Block-Jacobi preconditioner for the Krylov solve of the Newton system.
//!
//! The free DOFs are partitioned into blocks: `P = blockdiag(J_bb)`, each block inverted once
//! per factorisation (Saad, *Iterative Methods for Sparse Linear Systems*, 2nd ed., §10.2).
//! Two partitions ([`BlockGrouping`]):
//!
//! * **`Triples`** (the default): the three coordinates of a node, a sphere centre or a
//!   sphere's rotation; single DOFs for twists and mid-edge ξ. On granular systems at DEM time
//!   steps the diagonal blocks hold the inertia `c_M m I` plus each particle's own contact
//!   stiffness and damping, which dominate the couplings (`m/Δt² ≫ k_contact`), so `P⁻¹J` is
//!   close to the identity and BiCGSTAB converges in a few iterations.
//! * **`Bodies`**: a rotating particle's centre and rotation in one 6×6 block (a sphere or a
//!   rigid body: one node and a rotation triple), triples elsewhere. Friction couples the two
//!   strongly: a tangential stiffness `k_t` at the lever `ρ` gives the centre–rotation block
//!   `ρ k_t [n]×` next to the diagonal `m c/Δt² + k_t` and `I c/Δt² + ρ² k_t`, a coupling ratio
//!   that tends to 1 once contact stiffness outweighs inertia (a loaded bed, larger steps),
//!   where the 3×3 blocks precondition poorly.

use crate::model::{DofMap, Model};
use crate::system::assembly::pattern::{NO_SLOT, SparsityPattern};
use nalgebra::{Matrix3, Matrix6};
use serde::{Deserialize, Serialize};

/// Which DOFs the block-Jacobi preconditioner inverts together (see the module docs).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
pub enum BlockGrouping {
    /// 3×3 blocks per node, sphere centre and rotation.
    #[default]
    Triples,
    /// A rotating particle's centre and rotation in one 6×6 block; triples elsewhere.
    Bodies,
}

/// The partition of the free DOFs into preconditioner blocks: block `b` holds the free indices
/// `members[starts[b]..starts[b + 1]]` (one, three or six).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct DofBlocks {
    starts: Vec<u32>,
    members: Vec<u32>,
    /// The block of each free index and its position there.
    block_of: Vec<(u32, u8)>,
}

impl DofBlocks {
    /// Blocks of three for every body's three-DOF groups (nodes, sphere centres, rotations;
    /// [`crate::model::Body::dof_triples`]) whose three DOFs are free (consecutive free
    /// indices); every other free DOF alone. With [`BlockGrouping::Bodies`], a body of one node
    /// and a rotation whose six DOFs are free is one block of six.
    pub fn of_model(model: &Model, grouping: BlockGrouping) -> Self {
        let mut triples: Vec<usize> = Vec::new();
        let mut sixes: Vec<(usize, usize)> = Vec::new();
        for b in model.bodies.iter() {
            match (grouping, b.n_nodes(), b.rotation_dof()) {
                (BlockGrouping::Bodies, 1, Some(rot)) => sixes.push((b.node_dof(0), rot)),
                _ => b.dof_triples(&mut triples),
            }
        }
        Self::from_groups(&model.dofs, &triples, &sixes)
    }

    /// Blocks from the first global DOF of every candidate triple.
    pub fn from_triples(dofs: &DofMap, triples: &[usize]) -> Self {
        Self::from_groups(dofs, triples, &[])
    }

    /// Blocks from the first global DOF of every candidate triple and the pairs of triples
    /// (centre, rotation) that make a block of six. A triple becomes a block when its three
    /// DOFs are free and consecutive; a six when both its triples would; the remaining free
    /// DOFs are single blocks. Blocks are numbered by their first free index.
    pub fn from_groups(dofs: &DofMap, triples: &[usize], sixes: &[(usize, usize)]) -> Self {
        let n = dofs.n_free();
        let triple_free = |g: usize| -> Option<u32> {
            let free: Vec<Option<usize>> = (0..3).map(|c| dofs.free_index(g + c)).collect();
            match free[..] {
                [Some(a), Some(b), Some(c)] if b == a + 1 && c == a + 2 => Some(a as u32),
                _ => None,
            }
        };
        // The group that starts at each free index: its members.
        let mut group_at: Vec<Option<Vec<u32>>> = vec![None; n];
        let mut taken = vec![false; n];
        for &(c, r) in sixes {
            if let (Some(a), Some(b)) = (triple_free(c), triple_free(r)) {
                let m: Vec<u32> = (a..a + 3).chain(b..b + 3).collect();
                m.iter().for_each(|&i| taken[i as usize] = true);
                group_at[a as usize] = Some(m);
            }
        }
        for &g in triples {
            if let Some(a) = triple_free(g)
                && !taken[a as usize]
            {
                (a..a + 3).for_each(|i| taken[i as usize] = true);
                group_at[a as usize] = Some((a..a + 3).collect());
            }
        }
        let mut starts = Vec::with_capacity(n / 3 + 1);
        let mut members = Vec::with_capacity(n);
        for i in 0..n {
            if let Some(m) = group_at[i].take() {
                starts.push(members.len() as u32);
                members.extend(m);
            } else if !taken[i] {
                starts.push(members.len() as u32);
                members.push(i as u32);
            }
        }
        starts.push(members.len() as u32);
        let mut block_of = vec![(0u32, 0u8); n];
        for b in 0..starts.len() - 1 {
            for (k, &i) in members[starts[b] as usize..starts[b + 1] as usize]
                .iter()
                .enumerate()
            {
                block_of[i as usize] = (b as u32, k as u8);
            }
        }
        Self {
            starts,
            members,
            block_of,
        }
    }

    /// The block of free index `i`, and `i`'s position in it.
    pub fn locate(&self, i: usize) -> (usize, usize) {
        let (b, k) = self.block_of[i];
        (b as usize, k as usize)
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
    pub fn members(&self, b: usize) -> &[u32] {
        &self.members[self.starts[b] as usize..self.starts[b + 1] as usize]
    }
}

/// The inverted diagonal blocks of one Jacobian.
#[derive(Debug, Default)]
pub struct BlockJacobi {
    /// Slots of each block's entries (row-major), cached per pattern fingerprint: block `b`'s
    /// `m²` slots start at `slot_start[b]`.
    slots: Vec<u32>,
    slot_start: Vec<u32>,
    key: Option<(u64, usize)>,
    /// The blocks of up to three DOFs (1×1 in the corner of an identity), then their inverses;
    /// an identity placeholder for a block of six.
    inverses: Vec<Matrix3<f64>>,
    /// Where each block of six keeps its matrix in `six` (`u32::MAX`: not a six).
    six_of: Vec<u32>,
    six: Vec<Matrix6<f64>>,
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

    /// Copies the diagonal blocks of the matrix `values` on `pattern`.
    pub fn gather(&mut self, pattern: &SparsityPattern, values: &[f64], blocks: &DofBlocks) {
        let key = (pattern.fingerprint, pattern.nnz());
        if self.key != Some(key) || self.slot_start.len() != blocks.len() + 1 {
            self.slots.clear();
            self.slot_start.clear();
            for b in 0..blocks.len() {
                self.slot_start.push(self.slots.len() as u32);
                let m = blocks.members(b);
                for &i in m {
                    for &j in m {
                        self.slots.push(pattern.slot_free(i as usize, j as usize));
                    }
                }
            }
            self.slot_start.push(self.slots.len() as u32);
            self.key = Some(key);
        }
        self.inverses.clear();
        self.six_of.clear();
        self.six.clear();
        let value = |slot: u32| {
            if slot == NO_SLOT {
                0.0
            } else {
                values[slot as usize]
            }
        };
        for b in 0..blocks.len() {
            let m = blocks.members(b).len();
            let s = &self.slots[self.slot_start[b] as usize..self.slot_start[b + 1] as usize];
            if m == 6 {
                self.six_of.push(self.six.len() as u32);
                self.six.push(Matrix6::from_fn(|a, c| value(s[6 * a + c])));
                self.inverses.push(Matrix3::identity());
                continue;
            }
            self.six_of.push(u32::MAX);
            let mut block = Matrix3::identity();
            for a in 0..m {
                for c in 0..m {
                    block[(a, c)] = value(s[m * a + c]);
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
            self.add_in_block(bi, a, c, v);
        }
    }

    /// Adds `v` at position (`a`, `c`) of block `b` (as located by [`DofBlocks::locate`]).
    pub fn add_in_block(&mut self, b: usize, a: usize, c: usize, v: f64) {
        match self.six_of[b] {
            u32::MAX => self.inverses[b][(a, c)] += v,
            k => self.six[k as usize][(a, c)] += v,
        }
    }

    /// Inverts the gathered blocks in place. `Err` names a singular (or non-finite) block.
    pub fn invert(&mut self) -> Result<(), usize> {
        for (b, m) in self.inverses.iter_mut().enumerate() {
            *m = m
                .try_inverse()
                .filter(|i| i.iter().all(|x| x.is_finite()))
                .ok_or(b)?;
        }
        for (k, m) in self.six.iter_mut().enumerate() {
            *m = m
                .try_inverse()
                .filter(|i| i.iter().all(|x| x.is_finite()))
                .ok_or_else(|| {
                    self.six_of
                        .iter()
                        .position(|&s| s == k as u32)
                        .expect("a six has its block")
                })?;
        }
        Ok(())
    }

    /// `out ← P⁻¹ x`.
    pub fn apply(&self, blocks: &DofBlocks, x: &[f64], out: &mut [f64]) {
        for (b, inv) in self.inverses.iter().enumerate() {
            let r = blocks.members(b);
            match r.len() {
                3 => {
                    let xs = [x[r[0] as usize], x[r[1] as usize], x[r[2] as usize]];
                    for (a, &o) in r.iter().enumerate() {
                        out[o as usize] =
                            inv[(a, 0)] * xs[0] + inv[(a, 1)] * xs[1] + inv[(a, 2)] * xs[2];
                    }
                }
                6 => {
                    let six = &self.six[self.six_of[b] as usize];
                    let xs: [f64; 6] = std::array::from_fn(|c| x[r[c] as usize]);
                    for (a, &o) in r.iter().enumerate() {
                        let mut sum = 0.0;
                        for (c, xc) in xs.iter().enumerate() {
                            sum += six[(a, c)] * xc;
                        }
                        out[o as usize] = sum;
                    }
                }
                // A single DOF: its 1×1 block sits in the corner of an identity.
                _ => out[r[0] as usize] = inv[(0, 0)] * x[r[0] as usize],
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
        let members: Vec<_> = (0..blocks.len())
            .map(|b| blocks.members(b).to_vec())
            .collect();
        // Free indices: 0,1,2 | 3 (DOF 3) | 4 (DOF 5) | 5 (DOF 6) | 6,7,8 (DOFs 7,8,9).
        assert_eq!(
            members,
            vec![vec![0, 1, 2], vec![3], vec![4], vec![5], vec![6, 7, 8]]
        );
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
    fn a_centre_and_its_rotation_make_one_block_of_six() {
        // DOFs 0..3 a centre, 3..6 a node, 6..9 the centre's rotation, DOF 4 constrained.
        let mut dofs = DofMap::new(9);
        dofs.constrain(4);
        let blocks = DofBlocks::from_groups(&dofs, &[3], &[(0, 6)]);
        let members: Vec<_> = (0..blocks.len())
            .map(|b| blocks.members(b).to_vec())
            .collect();
        // Free indices: 0,1,2 (centre) | 3 (DOF 3) | 4 (DOF 5) | 5,6,7 (rotation).
        assert_eq!(members, vec![vec![0, 1, 2, 5, 6, 7], vec![3], vec![4]]);
        assert_eq!(blocks.locate(6), (0, 4));
        // A dense 8×8 matrix: the preconditioner inverts the six's 6×6 block exactly.
        let group: Vec<usize> = (0..9).filter(|&g| g != 4).collect();
        let pattern = SparsityPattern::build(&dofs, std::iter::once(&group[..]), 3);
        let a = |i: usize, j: usize| {
            if i == j {
                6.0 + i as f64
            } else {
                0.3 * ((i * 7 + j * 3) % 5) as f64 - 0.5
            }
        };
        let mut values = vec![0.0; pattern.nnz()];
        for i in 0..8 {
            for j in 0..8 {
                values[pattern.slot_free(i, j) as usize] = a(i, j);
            }
        }
        let mut pj = BlockJacobi::default();
        pj.factor(&pattern, &values, &blocks)
            .expect("regular blocks");
        let x: Vec<f64> = (0..8).map(|i| 1.0 - 0.25 * i as f64).collect();
        let mut y = vec![0.0; 8];
        pj.apply(&blocks, &x, &mut y);
        let six = [0usize, 1, 2, 5, 6, 7];
        for &i in &six {
            let py: f64 = six.iter().map(|&j| a(i, j) * y[j]).sum();
            assert!((py - x[i]).abs() < 1e-12, "row {i}: {py} vs {}", x[i]);
        }
        for i in [3, 4] {
            assert!((a(i, i) * y[i] - x[i]).abs() < 1e-12);
        }
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
