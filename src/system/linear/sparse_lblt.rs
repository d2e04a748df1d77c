//! Sparse symmetric-indefinite solve with faer: `P J Pᵀ = L B Lᵀ` (B block diagonal with 1×1
//! and 2×2 pivots, Bunch–Kaufman pivoting inside each supernode), `P` the approximate
//! minimum degree ordering (Amestoy, Davis & Duff 1996) of the symmetric pattern.
//!
//! For a symmetric Newton matrix — a conservative system in the overdamped or static modes,
//! `Γ/Δt + ∇²E` (cells, shells, frictionless contacts), or the inertial one without velocity-
//! dependent forces — this does half the LU's arithmetic and, above all, orders the graph
//! symmetrically: on a closed surface mesh the LU's column ordering (COLAMD, chosen for
//! unsymmetric matrices) fills far more. The symbolic analysis is reused while the pattern
//! holds. Pivoting is only within supernodes (faer's intranodal LBLᵀ), so an unlucky
//! indefinite matrix can lose accuracy: every solve is checked by its residual and the caller
//! redoes an inaccurate one with the LU ([`LbltFailure::Inaccurate`]); a matrix that is not
//! symmetric is refused before factorising ([`LbltFailure::Unsymmetric`]).

use crate::system::SparsityPattern;
use crate::system::stages::{StageTimes, lap};
use faer::Par;
use faer::dyn_stack::{MemBuffer, MemStack};
use faer::sparse::SparseColMatRef;
use faer::sparse::linalg::cholesky::{
    CholeskySymbolicParams, SymbolicCholesky, SymmetricOrdering, factorize_symbolic_cholesky,
};
use faer::{Conj, Side};

/// Largest relative asymmetry `|J_ij − J_ji| / max|J|` accepted as symmetric.
pub const SYMMETRY_TOLERANCE: f64 = 1e-12;

/// Largest relative residual `‖J x − b‖∞ / ‖b‖∞` of an accepted solve (its first right-hand
/// side).
pub const LBLT_RESIDUAL_TOLERANCE: f64 = 1e-9;

/// Why a solve was handed back to the LU.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LbltFailure {
    /// The matrix is not symmetric (within [`SYMMETRY_TOLERANCE`]).
    Unsymmetric,
    /// The symbolic analysis or its workspace failed (out of memory).
    Analysis,
    /// The solve's residual exceeds [`LBLT_RESIDUAL_TOLERANCE`] (or is not finite).
    Inaccurate,
}

/// What one pattern's analysis keeps: its key, the analysis, the slot of each entry's
/// transpose, and the factor's storage.
struct Analysis {
    key: (u64, usize),
    symbolic: SymbolicCholesky<u32>,
    transpose: Vec<u32>,
    values: Vec<f64>,
    subdiag: Vec<f64>,
    perm_fwd: Vec<u32>,
    perm_inv: Vec<u32>,
    workspace: MemBuffer,
    columns: usize,
}

/// A sparse LBLᵀ solver that keeps the analysis of the last pattern.
#[derive(Default)]
pub struct SparseLblt {
    analysis: Option<Analysis>,
    /// The right-hand sides of the last solve (for the residual check).
    rhs: Vec<f64>,
    /// How many symbolic analyses were done.
    pub symbolic_count: u64,
    /// Time spent factorising and solving since the simulator last took it.
    pub(in crate::system) stages: StageTimes,
}

impl std::fmt::Debug for SparseLblt {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SparseLblt")
            .field("symbolic_count", &self.symbolic_count)
            .finish()
    }
}

impl SparseLblt {
    /// Solves `J X = B` in place for the `columns` column-major right-hand sides of `rhs`,
    /// `J` given by `pattern` (structurally symmetric, as the assembler builds it) and
    /// `values`. On failure `rhs` is left as it was given.
    pub fn solve_columns(
        &mut self,
        pattern: &SparsityPattern,
        values: &[f64],
        rhs: &mut [f64],
        columns: usize,
    ) -> Result<(), LbltFailure> {
        let mut clock = std::time::Instant::now();
        let columns = columns.max(1);
        self.analyse(pattern, columns)?;
        let Some(a) = &mut self.analysis else {
            unreachable!("the analysis was just made");
        };
        if !symmetric(values, &a.transpose) {
            self.stages.factor += lap(&mut clock);
            return Err(LbltFailure::Unsymmetric);
        }
        let par = Par::Seq;
        let mat = SparseColMatRef::new(pattern.symbolic(), values);
        let stack = MemStack::new(&mut a.workspace);
        let lblt = a.symbolic.factorize_numeric_intranode_lblt(
            &mut a.values,
            &mut a.subdiag,
            &mut a.perm_fwd,
            &mut a.perm_inv,
            mat,
            Side::Lower,
            par,
            stack,
            Default::default(),
        );
        self.stages.factor += lap(&mut clock);
        let n = pattern.n();
        // The first column is checked: it is the Newton step (the others, a Woodbury solve's
        // update columns, share its factor); it is also what is restored on failure, with the
        // others.
        self.rhs.clear();
        self.rhs.extend_from_slice(rhs);
        let x = faer::MatMut::from_column_major_slice_mut(rhs, n, columns);
        lblt.solve_in_place_with_conj(Conj::No, x, par, stack);
        let accurate = relative_residual(pattern, values, &rhs[..n], &self.rhs[..n])
            <= LBLT_RESIDUAL_TOLERANCE;
        self.stages.solve += lap(&mut clock);
        if !accurate {
            rhs.copy_from_slice(&self.rhs);
            return Err(LbltFailure::Inaccurate);
        }
        Ok(())
    }

    /// Makes the analysis of `pattern` (kept while its fingerprint and size hold) with a
    /// workspace for `columns` right-hand sides.
    fn analyse(&mut self, pattern: &SparsityPattern, columns: usize) -> Result<(), LbltFailure> {
        let key = (pattern.fingerprint, pattern.nnz());
        if let Some(a) = &self.analysis
            && a.key == key
            && a.columns >= columns
        {
            return Ok(());
        }
        let fresh = self.analysis.as_ref().is_none_or(|a| a.key != key);
        let symbolic = factorize_symbolic_cholesky(
            pattern.symbolic(),
            Side::Lower,
            SymmetricOrdering::Amd,
            CholeskySymbolicParams::default(),
        )
        .map_err(|_| LbltFailure::Analysis)?;
        let par = Par::Seq;
        let need = symbolic
            .factorize_numeric_intranode_lblt_scratch::<f64>(par, Default::default())
            .or(symbolic.solve_in_place_scratch::<f64>(columns, par));
        let workspace = MemBuffer::try_new(need).map_err(|_| LbltFailure::Analysis)?;
        let n = pattern.n();
        self.analysis = Some(Analysis {
            key,
            values: vec![0.0; symbolic.len_val()],
            subdiag: vec![0.0; n],
            perm_fwd: vec![0; n],
            perm_inv: vec![0; n],
            transpose: transpose_slots(pattern),
            symbolic,
            workspace,
            columns,
        });
        if fresh {
            self.symbolic_count += 1;
        }
        Ok(())
    }
}

/// For each stored entry `(i, j)` of `pattern`, the slot of `(j, i)` (the pattern is
/// structurally symmetric).
pub(super) fn transpose_slots(pattern: &SparsityPattern) -> Vec<u32> {
    let s = pattern.symbolic();
    let (cp, ri) = (s.col_ptr(), s.row_idx());
    let mut out = vec![0; ri.len()];
    for j in 0..pattern.n() {
        for k in cp[j] as usize..cp[j + 1] as usize {
            out[k] = pattern.slot_free(j, ri[k] as usize);
        }
    }
    out
}

/// Whether `values` equal their transpose within [`SYMMETRY_TOLERANCE`] of the largest.
fn symmetric(values: &[f64], transpose: &[u32]) -> bool {
    let scale = values.iter().fold(0.0_f64, |m, v| m.max(v.abs()));
    let tol = SYMMETRY_TOLERANCE * scale;
    (values.iter().zip(transpose)).all(|(v, &t)| (v - values[t as usize]).abs() <= tol)
}

/// `‖J x − b‖∞ / ‖b‖∞` (0 for `b = 0` solved exactly; infinite when not finite).
pub(super) fn relative_residual(
    pattern: &SparsityPattern,
    values: &[f64],
    x: &[f64],
    b: &[f64],
) -> f64 {
    let s = pattern.symbolic();
    let (cp, ri) = (s.col_ptr(), s.row_idx());
    let mut r: Vec<f64> = b.iter().map(|v| -v).collect();
    for j in 0..pattern.n() {
        for k in cp[j] as usize..cp[j + 1] as usize {
            r[ri[k] as usize] += values[k] * x[j];
        }
    }
    let norm = |v: &[f64]| v.iter().fold(0.0_f64, |m, e| m.max(e.abs()));
    let (rn, bn) = (norm(&r), norm(b));
    if !rn.is_finite() {
        f64::INFINITY
    } else if bn == 0.0 {
        if rn == 0.0 { 0.0 } else { f64::INFINITY }
    } else {
        rn / bn
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::verify::Rng;

    fn pick(rng: &mut Rng, n: usize) -> usize {
        (rng.next_u64() % n as u64) as usize
    }

    /// A random structurally symmetric pattern with `n` rows, dense blocks of 3.
    fn pattern(n: usize, rng: &mut Rng) -> SparsityPattern {
        let mut cols: Vec<Vec<u32>> = (0..n).map(|i| vec![i as u32]).collect();
        for _ in 0..2 * n {
            let (i, j) = (pick(rng, n), pick(rng, n));
            if i != j {
                cols[i].push(j as u32);
                cols[j].push(i as u32);
            }
        }
        SparsityPattern::from_columns(cols, 7)
    }

    /// Symmetric values on `p`: random off-diagonals, diagonal `shift` (indefinite for a
    /// small shift).
    fn values(p: &SparsityPattern, shift: f64, rng: &mut Rng) -> Vec<f64> {
        let t = transpose_slots(p);
        let mut v = vec![0.0; p.nnz()];
        let s = p.symbolic();
        for j in 0..p.n() {
            for k in s.col_ptr()[j] as usize..s.col_ptr()[j + 1] as usize {
                let i = s.row_idx()[k] as usize;
                if i == j {
                    v[k] = shift + rng.uniform(-1.0, 1.0);
                } else if i > j {
                    v[k] = rng.uniform(-1.0, 1.0);
                    v[t[k] as usize] = v[k];
                }
            }
        }
        v
    }

    #[test]
    fn solves_symmetric_definite_and_indefinite_systems_to_their_residual() {
        let mut rng = Rng::new(11);
        for shift in [8.0, 0.3] {
            let p = pattern(60, &mut rng);
            let v = values(&p, shift, &mut rng);
            let x_true: Vec<f64> = (0..2 * p.n()).map(|_| rng.uniform(-1.0, 1.0)).collect();
            let mut b = vec![0.0; 2 * p.n()];
            let n = p.n();
            let s = p.symbolic();
            for c in 0..2 {
                for j in 0..n {
                    for k in s.col_ptr()[j] as usize..s.col_ptr()[j + 1] as usize {
                        b[c * n + s.row_idx()[k] as usize] += v[k] * x_true[c * n + j];
                    }
                }
            }
            let mut solver = SparseLblt::default();
            let mut x = b.clone();
            solver.solve_columns(&p, &v, &mut x, 2).unwrap();
            let err = (x.iter().zip(&x_true)).fold(0.0_f64, |m, (a, e)| m.max((a - e).abs()));
            assert!(err < 1e-9, "shift {shift}: error {err}");
            // The same pattern again, one column: no new analysis.
            let mut x = b[..n].to_vec();
            solver.solve_columns(&p, &v, &mut x, 1).unwrap();
            assert_eq!(solver.symbolic_count, 1);
        }
    }

    #[test]
    fn refuses_an_unsymmetric_matrix_and_leaves_the_right_hand_side() {
        let mut rng = Rng::new(5);
        let p = pattern(30, &mut rng);
        let mut v = values(&p, 5.0, &mut rng);
        let t = transpose_slots(&p);
        let k = (0..v.len()).find(|&k| t[k] as usize != k).unwrap();
        v[k] += 1e-6;
        let b: Vec<f64> = (0..p.n()).map(|i| i as f64).collect();
        let mut x = b.clone();
        let mut solver = SparseLblt::default();
        assert_eq!(
            solver.solve_columns(&p, &v, &mut x, 1),
            Err(LbltFailure::Unsymmetric)
        );
        assert_eq!(x, b);
    }
}
