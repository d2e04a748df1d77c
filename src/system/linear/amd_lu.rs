//! Sparse LU without row pivoting on a structurally symmetric pattern, in approximate minimum
//! degree order: `P J Pᵀ = L U`, with `P` the AMD ordering of the symmetric pattern (Amestoy,
//! Davis & Duff 1996) and `L`, `Uᵀ` both on the structure of that pattern's Cholesky factor.
//!
//! Why: the Newton matrices are structurally symmetric (every stored `(i, j)` has its
//! `(j, i)`) but numerically unsymmetric under friction, so the LBLᵀ refuses them and the
//! general LU ([`crate::system::SparseLu`]: COLAMD column order, the structure of `JᵀJ`, partial
//! pivoting) fills far more than the symmetric pattern needs. Without row pivoting the
//! factors of a structurally symmetric matrix keep the symmetric elimination structure
//! (George & Liu 1981; Davis, *Direct Methods for Sparse Linear Systems*, 2006, §4 and §6):
//! `L` has the structure of the Cholesky factor of the pattern and `U` its transpose, so faer's
//! symbolic Cholesky (AMD, elimination tree, relaxed supernodes) gives the whole symbolic
//! analysis, and the numeric work is about twice an LLᵀ's.
//!
//! The numeric factorisation is supernodal and left-looking (`amd_lu_kernel.rs`), as the
//! supernodal Cholesky of Ng & Peyton (1993) with the second triangle carried alongside: each
//! supernode gathers the updates of its descendants as dense products, then factorises its
//! panel (diagonal block and the rows below it) by a recursive LU without pivoting, and its
//! block row of `U` by a unit-lower triangular solve. Pivots are taken on the diagonal,
//! checked statically: a pivot below [`AMD_LU_PIVOT_TOLERANCE`] times the largest entry of its
//! updated column fails ([`AmdLuFailure::SmallPivot`]), and every solve is checked by its
//! residual ([`AmdLuFailure::Inaccurate`]); the caller then redoes the solve with the pivoting
//! LU. Everything runs sequentially (same bits for any thread count).
//!
//! The analysis covers only the entries that carry a value. A granular bed's pattern holds
//! every contact *candidate* (5,236 pairs on `compress_1000`), but only the touching ones
//! (about 2,000) write nonzero blocks: an entry whose value and transposed value are exactly
//! zero is left out (the same matrix, in another elimination order), which on that bed shrinks
//! the factor and its work about fivefold. The analysis and every buffer are kept while the
//! full pattern's structure holds (a rebuilt pattern of the same structure included) and its
//! live entries stay inside the analysed ones, with a small slack for contacts that just
//! opened ([`AMD_LU_STALE_RATIO`]), so most Newton iterations do only the numeric work. Which
//! entries the kept analysis holds is history, so checkpoints carry them
//! ([`super::amd_lu_state::AmdLuState`]).

use super::amd_lu_kernel::{Scratch, Supernodes, factorize, solve_in_place};
use super::amd_lu_state::{AmdLuState, structure_hash};
use super::sparse_lblt::{relative_residual, transpose_slots};
use crate::system::SparsityPattern;
use crate::system::stages::{StageTimes, lap};
use faer::Side;
use faer::sparse::linalg::SupernodalThreshold;
use faer::sparse::linalg::cholesky::{
    CholeskySymbolicParams, SymbolicCholeskyRaw, SymmetricOrdering, factorize_symbolic_cholesky,
};

/// Smallest accepted `|u_kk| / max_i |a_ik|` of a pivot, the column taken after its updates
/// from the left, at and below the diagonal.
pub const AMD_LU_PIVOT_TOLERANCE: f64 = 1e-8;

/// How many entries, relative to those that carry a value, a kept analysis may hold before
/// the pattern is analysed afresh: each analysis costs about half a factorisation, and an
/// entry kept after its contact opened costs fill.
pub const AMD_LU_STALE_RATIO: f64 = 1.05;

/// Largest relative residual `‖J x − b‖∞ / ‖b‖∞` of an accepted solve, in each of its
/// right-hand sides.
pub const AMD_LU_RESIDUAL_TOLERANCE: f64 = 1e-9;

/// Why a solve was handed back to the pivoting LU.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AmdLuFailure {
    /// The symbolic analysis failed (out of memory or index overflow).
    Analysis,
    /// A diagonal pivot is below [`AMD_LU_PIVOT_TOLERANCE`] relative to its column (or not
    /// finite).
    SmallPivot,
    /// The solve's residual exceeds [`AMD_LU_RESIDUAL_TOLERANCE`] (or is not finite).
    Inaccurate,
}

/// A pattern's rows, stored entries and [`structure_hash`]: patterns of equal shape hold the
/// same entries in the same order (the assembler rebuilds its pattern whenever the contact
/// candidates change, often to the same structure: a sphere's new plane or piston-triangle
/// candidate adds no entry), so an analysis follows the shape, not the rebuild count.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Shape(usize, usize, u64);

impl Shape {
    fn of(pattern: &SparsityPattern) -> Self {
        Self(pattern.n(), pattern.nnz(), structure_hash(pattern))
    }
}

/// What one pattern's analysis keeps: its shape, the permutation, the supernodes and where each
/// stored entry of `J` lands in the factor storage.
struct Analysis {
    /// The full pattern's shape: a rebuilt pattern of the same structure keeps the analysis.
    shape: Shape,
    /// Which of the full pattern's entries the analysed pattern holds, and how many.
    kept: Vec<bool>,
    kept_count: usize,
    /// `perm[new] = old`.
    perm: Vec<usize>,
    supernodes: Supernodes,
    /// For each stored entry of `J`, its slot in `values` (`L` then `Uᵀ`), or `usize::MAX`
    /// for an entry left out of the analysis.
    dest: Vec<usize>,
    /// The factors: `L` (unit diagonal implied; the diagonal block holds `U`'s upper triangle)
    /// then `Uᵀ` below the diagonal blocks, each laid out as faer's supernodal `L`.
    values: Vec<f64>,
}

/// A sparse LU without pivoting, in AMD order, that keeps the analysis of the last pattern.
#[derive(Default)]
pub struct AmdLu {
    analysis: Option<Analysis>,
    /// The right-hand sides of the last solve (restored on failure, and for the residual).
    rhs: Vec<f64>,
    /// The permuted right-hand sides.
    work: Vec<f64>,
    /// Workspace of the numeric kernel.
    scratch: Scratch,
    /// The last full pattern's fingerprint, its shape and, for each stored entry, the slot of
    /// its transpose.
    transpose: Option<(u64, Shape, Vec<u32>)>,
    /// Which stored entries of the full pattern carry a value in the current solve.
    live: Vec<bool>,
    /// An analysis restored from a checkpoint, made at the first solve if its pattern is the
    /// one the state was taken on.
    pending: Option<AmdLuState>,
    /// How many symbolic analyses were done.
    pub symbolic_count: u64,
    /// Time spent factorising and solving since the simulator last took it.
    pub(in crate::system) stages: StageTimes,
}

impl std::fmt::Debug for AmdLu {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AmdLu")
            .field("symbolic_count", &self.symbolic_count)
            .finish()
    }
}

impl AmdLu {
    /// Solves `J X = B` in place for the `columns` column-major right-hand sides of `rhs`,
    /// `J` given by `pattern` (structurally symmetric, as the assembler builds it) and
    /// `values`. On failure `rhs` is left as it was given.
    pub fn solve_columns(
        &mut self,
        pattern: &SparsityPattern,
        values: &[f64],
        rhs: &mut [f64],
        columns: usize,
    ) -> Result<(), AmdLuFailure> {
        let mut clock = std::time::Instant::now();
        let columns = columns.max(1);
        self.analyse(pattern, values)?;
        let Some(a) = &mut self.analysis else {
            unreachable!("the analysis was just made");
        };
        a.values.fill(0.0);
        for (&d, &v) in a.dest.iter().zip(values) {
            if d != usize::MAX {
                a.values[d] += v;
            }
        }
        let factored = factorize(&a.supernodes, &mut a.values, &mut self.scratch);
        self.stages.factor += lap(&mut clock);
        if factored.is_err() {
            return Err(AmdLuFailure::SmallPivot);
        }
        let n = pattern.n();
        self.rhs.clear();
        self.rhs.extend_from_slice(rhs);
        self.work.resize(n * columns, 0.0);
        for c in 0..columns {
            let (w, b) = (&mut self.work[c * n..], &self.rhs[c * n..]);
            for (new, &old) in a.perm.iter().enumerate() {
                w[new] = b[old];
            }
        }
        let x = faer::MatMut::from_column_major_slice_mut(&mut self.work, n, columns);
        solve_in_place(&a.supernodes, &a.values, x, &mut self.scratch);
        for c in 0..columns {
            let (x, w) = (&mut rhs[c * n..], &self.work[c * n..]);
            for (new, &old) in a.perm.iter().enumerate() {
                x[old] = w[new];
            }
        }
        // Every column is checked: the first is the Newton step, the others a Woodbury solve's
        // update columns, which steer it as much.
        let accurate = (0..columns).all(|c| {
            let at = c * n..(c + 1) * n;
            relative_residual(pattern, values, &rhs[at.clone()], &self.rhs[at])
                <= AMD_LU_RESIDUAL_TOLERANCE
        });
        self.stages.solve += lap(&mut clock);
        if !accurate {
            rhs.copy_from_slice(&self.rhs);
            return Err(AmdLuFailure::Inaccurate);
        }
        Ok(())
    }

    /// Makes (or keeps) the analysis of `pattern` pruned to the entries that carry a value.
    ///
    /// An entry is *live* when it is on the diagonal or when it or its transpose is nonzero in
    /// `values` (an open contact candidate writes exact zeros). The kept analysis serves while
    /// the full pattern's structure holds, every live entry is in it and it holds at most
    /// [`AMD_LU_STALE_RATIO`] times the live entries; otherwise the live entries, with the kept
    /// ones while the union stays within that ratio (contacts that just opened often close
    /// again), are analysed afresh.
    fn analyse(&mut self, pattern: &SparsityPattern, values: &[f64]) -> Result<(), AmdLuFailure> {
        if (self.transpose.as_ref()).is_none_or(|(f, _, _)| *f != pattern.fingerprint) {
            let shape = Shape::of(pattern);
            self.transpose = Some((pattern.fingerprint, shape, transpose_slots(pattern)));
        }
        let Some(&(_, shape, _)) = self.transpose.as_ref() else {
            unreachable!("just made");
        };
        if let Some(p) = self.pending.take()
            && Shape(p.n, p.nnz, p.structure) == shape
            && let Some(kept) = p.mask()
        {
            self.build(pattern, shape, kept)?;
        }
        let Some((_, _, transpose)) = &self.transpose else {
            unreachable!("just made");
        };
        let sym = pattern.symbolic();
        let (cp, ri) = (sym.col_ptr(), sym.row_idx());
        self.live.clear();
        self.live.resize(ri.len(), false);
        for j in 0..pattern.n() {
            for k in cp[j] as usize..cp[j + 1] as usize {
                self.live[k] =
                    ri[k] as usize == j || values[k] != 0.0 || values[transpose[k] as usize] != 0.0;
            }
        }
        let live = self.live.iter().filter(|&&l| l).count();
        let limit = (AMD_LU_STALE_RATIO * live as f64) as usize;
        if let Some(a) = self.analysis.as_ref().filter(|a| a.shape == shape) {
            let covered = (self.live.iter().zip(&a.kept)).all(|(&l, &k)| !l || k);
            if covered && a.kept_count <= limit {
                return Ok(());
            }
            let union = (self.live.iter().zip(&a.kept))
                .filter(|&(&l, &k)| l || k)
                .count();
            if union <= limit {
                for (l, &k) in self.live.iter_mut().zip(&a.kept) {
                    *l |= k;
                }
            }
        }
        let kept = std::mem::take(&mut self.live);
        self.build(pattern, shape, kept)
    }

    /// Analyses the entries `kept` (one flag per stored entry) of `pattern`, of `shape`.
    fn build(
        &mut self,
        pattern: &SparsityPattern,
        shape: Shape,
        kept: Vec<bool>,
    ) -> Result<(), AmdLuFailure> {
        self.analysis = None;
        let (cp, ri) = (pattern.symbolic().col_ptr(), pattern.symbolic().row_idx());
        let mut col_ptr = vec![0u32; pattern.n() + 1];
        let mut row_idx = Vec::with_capacity(ri.len());
        let mut index = vec![usize::MAX; ri.len()];
        for j in 0..pattern.n() {
            for k in cp[j] as usize..cp[j + 1] as usize {
                if kept[k] {
                    index[k] = row_idx.len();
                    row_idx.push(ri[k]);
                }
            }
            col_ptr[j + 1] = row_idx.len() as u32;
        }
        let kept_count = row_idx.len();
        let pruned = SparsityPattern::from_csc(pattern.n(), col_ptr, row_idx, 0);
        let pattern = &pruned;
        let params = CholeskySymbolicParams {
            supernodal_flop_ratio_threshold: SupernodalThreshold::FORCE_SUPERNODAL,
            ..Default::default()
        };
        let symbolic = factorize_symbolic_cholesky(
            pattern.symbolic(),
            Side::Lower,
            SymmetricOrdering::Amd,
            params,
        )
        .map_err(|_| AmdLuFailure::Analysis)?;
        let SymbolicCholeskyRaw::Supernodal(sn) = symbolic.raw() else {
            return Err(AmdLuFailure::Analysis);
        };
        let n = pattern.n();
        let (perm, inv): (Vec<usize>, Vec<usize>) = match symbolic.perm() {
            Some(p) => {
                let (fwd, inv) = p.arrays();
                (
                    fwd.iter().map(|&i| i as usize).collect(),
                    inv.iter().map(|&i| i as usize).collect(),
                )
            }
            None => ((0..n).collect(), (0..n).collect()),
        };
        let supernodes = Supernodes::of(sn);
        let pruned_dest = supernodes.destinations(pattern, &inv);
        // The full pattern's entries: their slot, or none for an entry left out (a zero).
        let dest = index
            .iter()
            .map(|&i| pruned_dest.get(i).copied().unwrap_or(usize::MAX))
            .collect();
        let len = supernodes.len_val();
        self.analysis = Some(Analysis {
            shape,
            kept,
            kept_count,
            perm,
            dest,
            values: vec![0.0; 2 * len],
            supernodes,
        });
        self.symbolic_count += 1;
        Ok(())
    }

    /// The analysed entries, for a checkpoint (none before the first analysis).
    pub fn save_state(&self) -> Option<AmdLuState> {
        let a = self.analysis.as_ref()?;
        let Shape(n, _, hash) = a.shape;
        Some(AmdLuState::of(n, hash, &a.kept))
    }

    /// Restores the analysed entries of a checkpoint: the first solve on the pattern they were
    /// taken on analyses them (as the run that wrote the checkpoint held them), any other
    /// pattern is analysed afresh.
    pub fn restore_state(&mut self, state: AmdLuState) {
        self.analysis = None;
        self.pending = Some(state);
    }

    /// Entries stored in the factors `L` and `U` (each supernode's diagonal block once), for
    /// reports.
    pub fn factor_len(&self) -> usize {
        self.analysis.as_ref().map_or(0, |a| a.values.len())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::system::SparseLu;
    use crate::system::linear::sparse_lblt::transpose_slots;
    use crate::verify::Rng;

    fn pick(rng: &mut Rng, n: usize) -> usize {
        (rng.next_u64() % n as u64) as usize
    }

    /// A random structurally symmetric pattern with `n` rows and about `2 n` off-diagonal
    /// pairs plus a few denser rows (which make wide supernodes).
    fn pattern(n: usize, rng: &mut Rng, fingerprint: u64) -> SparsityPattern {
        let mut cols: Vec<Vec<u32>> = (0..n).map(|i| vec![i as u32]).collect();
        let link = |i: usize, j: usize, cols: &mut Vec<Vec<u32>>| {
            if i != j {
                cols[i].push(j as u32);
                cols[j].push(i as u32);
            }
        };
        for _ in 0..2 * n {
            let (i, j) = (pick(rng, n), pick(rng, n));
            link(i, j, &mut cols);
        }
        for _ in 0..3 {
            let i = pick(rng, n);
            for _ in 0..n / 4 {
                let j = pick(rng, n);
                link(i, j, &mut cols);
            }
        }
        SparsityPattern::from_columns(cols, fingerprint)
    }

    /// Independent random values on `p` (unsymmetric), the diagonal made dominant by `margin`
    /// times its row's off-diagonal sum.
    fn values(p: &SparsityPattern, margin: f64, rng: &mut Rng) -> Vec<f64> {
        let s = p.symbolic();
        let mut v = vec![0.0; p.nnz()];
        let mut row_sum = vec![0.0; p.n()];
        for j in 0..p.n() {
            let range = s.col_ptr()[j] as usize..s.col_ptr()[j + 1] as usize;
            for (vk, &i) in v[range.clone()].iter_mut().zip(&s.row_idx()[range]) {
                if i as usize != j {
                    *vk = rng.uniform(-1.0, 1.0);
                    row_sum[i as usize] += vk.abs();
                }
            }
        }
        for j in 0..p.n() {
            let sign = if rng.uniform(0.0, 1.0) < 0.5 {
                -1.0
            } else {
                1.0
            };
            v[p.diag_slot(j) as usize] = sign * (margin * row_sum[j] + 0.1);
        }
        v
    }

    fn product(p: &SparsityPattern, v: &[f64], x: &[f64]) -> Vec<f64> {
        let s = p.symbolic();
        let n = p.n();
        let mut b = vec![0.0; x.len()];
        for c in 0..x.len() / n {
            for j in 0..n {
                for k in s.col_ptr()[j] as usize..s.col_ptr()[j + 1] as usize {
                    b[c * n + s.row_idx()[k] as usize] += v[k] * x[c * n + j];
                }
            }
        }
        b
    }

    fn max_diff(a: &[f64], b: &[f64]) -> f64 {
        (a.iter().zip(b)).fold(0.0_f64, |m, (x, y)| m.max((x - y).abs()))
    }

    fn max_abs(a: &[f64]) -> f64 {
        a.iter().fold(0.0_f64, |m, x| m.max(x.abs()))
    }

    #[test]
    fn solves_unsymmetric_systems_with_several_right_hand_sides_as_the_lu_does() {
        let mut rng = Rng::new(3);
        for (n, margin) in [(5, 1.2), (60, 1.1), (400, 1.05), (1500, 1.01)] {
            let p = pattern(n, &mut rng, 11);
            let v = values(&p, margin, &mut rng);
            // Unsymmetric indeed.
            let t = transpose_slots(&p);
            assert!((0..v.len()).any(|k| v[k] != v[t[k] as usize]));
            let columns = 3;
            let x_true: Vec<f64> = (0..columns * n).map(|_| rng.uniform(-1.0, 1.0)).collect();
            let b = product(&p, &v, &x_true);
            let mut x = b.clone();
            let mut amd = AmdLu::default();
            amd.solve_columns(&p, &v, &mut x, columns).unwrap();
            let mut y = b.clone();
            SparseLu::default()
                .solve_columns(&p, &v, &mut y, columns, 0.0)
                .unwrap();
            for c in 0..columns {
                let (xc, bc) = (&x[c * n..(c + 1) * n], &b[c * n..(c + 1) * n]);
                let r = max_diff(&product(&p, &v, xc), bc) / max_abs(bc);
                assert!(r < 1e-12, "n {n}, column {c}: relative residual {r}");
                let d = max_diff(xc, &y[c * n..(c + 1) * n]) / max_abs(&y[c * n..(c + 1) * n]);
                assert!(d < 1e-10, "n {n}, column {c}: differs from the LU by {d}");
            }
        }
    }

    #[test]
    fn a_second_factorisation_of_the_pattern_reuses_its_analysis() {
        let mut rng = Rng::new(8);
        let p = pattern(300, &mut rng, 5);
        let mut amd = AmdLu::default();
        for _ in 0..3 {
            let v = values(&p, 1.1, &mut rng);
            let x_true: Vec<f64> = (0..p.n()).map(|_| rng.uniform(-1.0, 1.0)).collect();
            let b = product(&p, &v, &x_true);
            let mut x = b.clone();
            amd.solve_columns(&p, &v, &mut x, 1).unwrap();
            assert!(max_diff(&x, &x_true) < 1e-11);
        }
        assert_eq!(amd.symbolic_count, 1);
        // A new pattern is analysed anew.
        let q = pattern(200, &mut rng, 6);
        let v = values(&q, 1.1, &mut rng);
        let mut x = vec![1.0; q.n()];
        amd.solve_columns(&q, &v, &mut x, 1).unwrap();
        assert_eq!(amd.symbolic_count, 2);
    }

    /// Zeroes the off-diagonal entries `(i, j)` and `(j, i)` with `i < j` chosen by `pick`.
    fn zero_pairs(p: &SparsityPattern, v: &mut [f64], pick: impl Fn(usize, usize) -> bool) {
        let s = p.symbolic();
        for j in 0..p.n() {
            let range = s.col_ptr()[j] as usize..s.col_ptr()[j + 1] as usize;
            for (vk, &i) in v[range.clone()].iter_mut().zip(&s.row_idx()[range]) {
                let i = i as usize;
                if i != j && pick(i.min(j), i.max(j)) {
                    *vk = 0.0;
                }
            }
        }
    }

    fn solve_and_check(amd: &mut AmdLu, p: &SparsityPattern, v: &[f64], rng: &mut Rng) {
        let x_true: Vec<f64> = (0..p.n()).map(|_| rng.uniform(-1.0, 1.0)).collect();
        let mut x = product(p, v, &x_true);
        amd.solve_columns(p, v, &mut x, 1).unwrap();
        assert!(max_diff(&x, &x_true) < 1e-11);
    }

    /// A bed-like pattern: `m³` nodes of 3 DOFs on a lattice, each coupled (dense 6 × 6) to
    /// its 26 neighbours, as contact candidates couple grains.
    fn lattice(m: usize) -> SparsityPattern {
        let node = |x: usize, y: usize, z: usize| (x * m + y) * m + z;
        let mut cols: Vec<Vec<u32>> = vec![Vec::new(); 3 * m * m * m];
        for (x, y, z) in
            (0..m).flat_map(|x| (0..m).flat_map(move |y| (0..m).map(move |z| (x, y, z))))
        {
            for (dx, dy, dz) in (0..27).map(|d| (d / 9, d / 3 % 3, d % 3)) {
                let (u, v, w) = (x + dx, y + dy, z + dz);
                if (1..=m).contains(&u) && (1..=m).contains(&v) && (1..=m).contains(&w) {
                    let (a, b) = (node(x, y, z), node(u - 1, v - 1, w - 1));
                    for (r, c) in (0..9).map(|k| (3 * a + k / 3, 3 * b + k % 3)) {
                        cols[c].push(r as u32);
                    }
                }
            }
        }
        SparsityPattern::from_columns(cols, 4)
    }

    #[test]
    fn entries_without_a_value_are_left_out_until_they_carry_one() {
        let mut rng = Rng::new(12);
        let p = lattice(8);
        let full = values(&p, 1.1, &mut rng);
        let mut dense = AmdLu::default();
        solve_and_check(&mut dense, &p, &full, &mut rng);
        // Only face neighbours touch (6 of the 26 candidates, a coordination as in a bed): a
        // much smaller factor.
        let at = |i: usize| [i / 3 / 64, i / 3 / 8 % 8, i / 3 % 8];
        let half = |i: usize, j: usize| {
            let (a, b) = (at(i), at(j));
            (0..3).map(|d| a[d].abs_diff(b[d])).sum::<usize>() > 1
        };
        let mut v = full.clone();
        zero_pairs(&p, &mut v, half);
        let mut amd = AmdLu::default();
        solve_and_check(&mut amd, &p, &v, &mut rng);
        assert!(
            2 * amd.factor_len() < dense.factor_len(),
            "{} against {}",
            amd.factor_len(),
            dense.factor_len()
        );
        // New values on the same live entries keep the analysis.
        let mut w = values(&p, 1.1, &mut rng);
        zero_pairs(&p, &mut w, half);
        solve_and_check(&mut amd, &p, &w, &mut rng);
        assert_eq!(amd.symbolic_count, 1);
        // A few of them falling to zero keep it too (within the stale ratio).
        zero_pairs(&p, &mut w, |i, j| (i * 7 + j) % 97 == 0);
        solve_and_check(&mut amd, &p, &w, &mut rng);
        assert_eq!(amd.symbolic_count, 1);
        // An entry coming alive is analysed in.
        solve_and_check(&mut amd, &p, &full, &mut rng);
        assert_eq!(amd.symbolic_count, 2);
        assert_eq!(amd.factor_len(), dense.factor_len());
    }

    #[test]
    fn a_zero_pivot_fails_and_leaves_the_right_hand_side() {
        // [[0, 1], [1, 0]]: regular, but its LU needs a row exchange.
        let p = SparsityPattern::from_csc(2, vec![0, 2, 4], vec![0, 1, 0, 1], 1);
        let v = [0.0, 1.0, 1.0, 0.0];
        let b = vec![2.0, 3.0];
        let mut x = b.clone();
        let mut amd = AmdLu::default();
        assert_eq!(
            amd.solve_columns(&p, &v, &mut x, 1),
            Err(AmdLuFailure::SmallPivot)
        );
        assert_eq!(x, b);
        // The same pattern with a usable diagonal.
        let v = [2.0, 1.0, 1.0, 3.0];
        amd.solve_columns(&p, &v, &mut x, 1).unwrap();
        assert!(max_diff(&x, &[0.6, 0.8]) < 1e-15, "{x:?}");
    }

    #[test]
    fn a_tiny_pivot_deep_in_a_supernode_fails() {
        // A dense 40 × 40 block (one supernode), singular: whatever the order, one pivot of
        // the LU without pivoting vanishes (to rounding).
        let n = 40;
        let col_ptr = (0..=n).map(|j| (j * n) as u32).collect();
        let row_idx = (0..n * n).map(|k| (k % n) as u32).collect();
        let p = SparsityPattern::from_csc(n, col_ptr, row_idx, 2);
        let mut rng = Rng::new(1);
        let mut v: Vec<f64> = (0..n * n).map(|_| rng.uniform(-1.0, 1.0)).collect();
        for i in 0..n {
            v[(n - 1) * n + i] = v[i] + v[n + i];
        }
        let b = vec![1.0; n];
        let mut x = b.clone();
        let out = AmdLu::default().solve_columns(&p, &v, &mut x, 1);
        assert!(out.is_err(), "{out:?}");
        assert_eq!(x, b);
    }
}
