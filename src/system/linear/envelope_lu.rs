//! Envelope (profile) LU in reverse Cuthill–McKee order: the direct solve of rod systems.
//!
//! A rod's Jacobian is a band of half-width about 11 (a DER node couples with two neighbours
//! on each side through the bending stencil; see [`super::rcm`]), and contact adds a few
//! 12×12 blocks. Reordered by reverse Cuthill–McKee, `P J Pᵀ` has a narrow envelope: row `i`
//! starts at column `fᵢ` (and, the pattern being structurally symmetric, column `i` at row
//! `fᵢ`). LU without pivoting keeps its fill inside that envelope (Jennings 1966; George & Liu
//! 1981, §4.2), so the factorisation costs `Σᵢ (i − fᵢ)²` flops — about `n b²` for a band of
//! half-width `b` — and the triangular solves `2 Σᵢ (i − fᵢ)`. For the 246 free DOFs of
//! `rods_crossing` that is tens of thousands of flops, where a general sparse LU spends most
//! of its time on bookkeeping.
//!
//! **Doolittle by bordering.** For each row `i` in turn, for `j = fᵢ … i − 1`:
//!
//! `lᵢⱼ = (aᵢⱼ − Σₖ lᵢₖ uₖⱼ) / uⱼⱼ`,  `uⱼᵢ = aⱼᵢ − Σₖ lⱼₖ uₖᵢ`,  `k = max(fᵢ, fⱼ) … j − 1`,
//!
//! then `uᵢᵢ = aᵢᵢ − Σₖ lᵢₖ uₖᵢ`, `k = fᵢ … i − 1`. Row `i` of `L` and column `i` of `U` are
//! stored contiguously over `fᵢ … i − 1`, so every sum is a dot product of two contiguous
//! slices.
//!
//! **Without pivoting, guarded.** The implicit-dynamics Jacobian `M/(c Δt²) + K + C/Δt` of a
//! rod is dominated by its diagonal; a quasi-static or indefinite system need not be. A pivot
//! smaller than [`PIVOT_TOL`] times its row's largest entry, or a solution whose normwise
//! backward error `‖b − A x‖∞ / (‖A‖∞ ‖x‖∞ + ‖b‖∞)` exceeds [`BACKWARD_TOL`], is reported as
//! [`EnvelopeFailure`], and the caller solves that system with the pivoting sparse LU instead.

use super::rcm::{Adjacency, envelope_size};
use crate::system::SparsityPattern;

/// Relative size below which a pivot is refused: `|uᵢᵢ| < PIVOT_TOL · maxⱼ |aᵢⱼ|`.
pub const PIVOT_TOL: f64 = 1e-12;

/// Largest normwise backward error accepted from a solve (about 10⁴ machine epsilons: the
/// pivoting LU reaches a few epsilons on these systems).
pub const BACKWARD_TOL: f64 = 1e-12;

/// Widest mean envelope (stored entries per row in each triangle) the envelope LU takes on;
/// wider patterns (3D contact graphs, large shell meshes) go to the supernodal LU, whose
/// cost grows more slowly with the width.
pub const MAX_MEAN_WIDTH: usize = 48;

/// Why the envelope LU declined a system.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum EnvelopeFailure {
    /// The reordered pattern's envelope is wider than [`MAX_MEAN_WIDTH`] per row.
    TooWide,
    /// A pivot below [`PIVOT_TOL`] relative to its row (row index after reordering).
    SmallPivot(usize),
    /// The solution's backward error exceeded [`BACKWARD_TOL`] (the error measured).
    Inaccurate(f64),
}

/// The envelope LU, keeping the ordering and storage of the last pattern.
#[derive(Debug, Default)]
pub struct EnvelopeLu {
    /// (fingerprint, nnz) of the analysed pattern, and whether it is narrow enough.
    key: Option<(u64, usize, bool)>,
    /// `perm[k]`: the original index of reordered row `k`.
    perm: Vec<usize>,
    /// `first[k]`: the first column of reordered row `k` in the envelope.
    first: Vec<usize>,
    /// Start of row `k`'s entries in `lower` and of column `k`'s in `upper`.
    offset: Vec<usize>,
    /// Each entry of the structure: its index in the pattern's values and its place in
    /// `store`.
    scatter: Vec<(u32, u32)>,
    /// The factors: diagonal of `U` (n), then `L` by rows, then `U` by columns (envelope each).
    store: Vec<f64>,
    /// Largest |entry| of each (original) row of the matrix being factorised.
    row_max: Vec<f64>,
    /// Sum of |entries| of each (original) row.
    row_sum: Vec<f64>,
    /// `(original row, original column)` of each entry of `scatter`: the analysed structure
    /// in the pattern's column order. Every pattern entry outside it is zero, so the row
    /// statistics and the backward error's product run over these alone.
    entries: Vec<(u32, u32)>,
    /// Nonzero entries of the analysed values, one bit per pattern entry.
    mask: Vec<u64>,
    /// The same for the values being solved.
    mask_new: Vec<u64>,
    /// Work vector of the solves.
    y: Vec<f64>,
    /// Copy of the right-hand side for the backward-error check.
    b: Vec<f64>,
    /// How many orderings were computed.
    pub analyses: u64,
}

impl EnvelopeLu {
    /// Entries stored per triangle in the last analysed envelope, `Σₖ (k − fₖ)` (0 before the
    /// first analysis or after a pattern too wide to use).
    pub fn envelope_entries(&self) -> usize {
        match self.key {
            Some((_, _, true)) => self.offset.last().copied().unwrap_or(0),
            _ => 0,
        }
    }

    /// Multiply–adds of one factorisation in the last analysed envelope (0 before the first
    /// analysis or after a pattern too wide to use).
    pub fn factor_work(&self) -> usize {
        match self.key {
            Some((_, _, true)) => factor_flops(&self.first),
            _ => 0,
        }
    }

    /// Analyses the structure of `values` on `pattern` (its nonzero entries) if it is not the
    /// one analysed last: ordering, envelope, scatter map. Returns whether the envelope is
    /// narrow enough to be used.
    ///
    /// The structure is the nonzero entries, not the pattern: the pattern holds every contact
    /// candidate within the keep distance, most of them beyond the law's reach with zero
    /// blocks, and a zero block need not widen the envelope. Telling the nonzeros costs one
    /// pass over the values; the analysis is redone only when they change.
    fn analyse(&mut self, pattern: &SparsityPattern, values: &[f64]) -> bool {
        let key = (pattern.fingerprint, pattern.nnz());
        self.mask_new.resize(values.len().div_ceil(64), 0);
        for (word, chunk) in self.mask_new.iter_mut().zip(values.chunks(64)) {
            let mut bits = 0u64;
            for (k, &v) in chunk.iter().enumerate() {
                bits |= u64::from(v != 0.0) << k;
            }
            *word = bits;
        }
        if let Some((f, nnz, narrow)) = self.key
            && (f, nnz) == key
            && self.mask_new == self.mask
        {
            return narrow;
        }
        std::mem::swap(&mut self.mask, &mut self.mask_new);
        self.analyses += 1;
        let n = pattern.n();
        let sym = pattern.symbolic();
        let col_ptr = sym.col_ptr();
        let row_idx = sym.row_idx();
        let mask = &self.mask;
        let kept = |e: usize| mask[e / 64] & (1 << (e % 64)) != 0;
        let adj = Adjacency::of_csc(n, col_ptr, row_idx, kept);
        let rcm = adj.reverse_cuthill_mckee();
        let natural: Vec<usize> = (0..n).collect();
        let (perm, first) = [natural, rcm]
            .into_iter()
            .map(|p| {
                let f = adj.envelope(&p);
                (p, f)
            })
            .min_by_key(|(_, f)| factor_flops(f))
            .expect("two orderings");
        let size = envelope_size(&first);
        let narrow = size <= MAX_MEAN_WIDTH * n.max(1);
        self.key = Some((key.0, key.1, narrow));
        if !narrow {
            return false;
        }
        let mut inverse = vec![0usize; n];
        for (k, &old) in perm.iter().enumerate() {
            inverse[old] = k;
        }
        let mut offset = Vec::with_capacity(n + 1);
        let mut at = 0usize;
        for (k, &f) in first.iter().enumerate() {
            offset.push(at);
            at += k - f;
        }
        offset.push(at);
        // Entries outside the structure (zero) are not scattered; the diagonal always is.
        let (lower, upper) = (n, n + size);
        let mut scatter = Vec::with_capacity(row_idx.len());
        let mut entries = Vec::with_capacity(row_idx.len());
        for c in 0..n {
            let j = inverse[c];
            for e in col_ptr[c] as usize..col_ptr[c + 1] as usize {
                let i = inverse[row_idx[e] as usize];
                if i != j && !kept(e) {
                    continue;
                }
                entries.push((row_idx[e], c as u32));
                let place = match i.cmp(&j) {
                    std::cmp::Ordering::Equal => i,
                    std::cmp::Ordering::Greater => lower + offset[i] + (j - first[i]),
                    std::cmp::Ordering::Less => upper + offset[j] + (i - first[j]),
                };
                scatter.push((e as u32, place as u32));
            }
        }
        self.store = vec![0.0; n + 2 * size];
        self.perm = perm;
        self.first = first;
        self.offset = offset;
        self.scatter = scatter;
        self.entries = entries;
        self.row_max = vec![0.0; n];
        self.row_sum = vec![0.0; n];
        self.y = vec![0.0; n];
        true
    }

    /// Factorises `values` on `pattern` and solves `J x = rhs` in place. On failure `rhs` is
    /// left as it was.
    pub fn solve(
        &mut self,
        pattern: &SparsityPattern,
        values: &[f64],
        rhs: &mut [f64],
    ) -> Result<(), EnvelopeFailure> {
        if !self.analyse(pattern, values) {
            return Err(EnvelopeFailure::TooWide);
        }
        self.scatter_values(values);
        self.factorise()?;
        self.b.clear();
        self.b.extend_from_slice(rhs);
        self.substitute(rhs);
        let error = self.backward_error(values, rhs);
        if error > BACKWARD_TOL || !error.is_finite() {
            rhs.copy_from_slice(&self.b);
            return Err(EnvelopeFailure::Inaccurate(error));
        }
        Ok(())
    }

    /// Solves `J x = rhs` in place with the factors of the last successful [`Self::solve`].
    pub(crate) fn resubstitute(&mut self, rhs: &mut [f64]) {
        self.substitute(rhs);
    }

    /// Places the matrix entries in the envelope storage (zero elsewhere) and records each
    /// original row's largest entry and absolute sum.
    /// Only the analysed structure is visited: every other pattern entry is zero (the mask
    /// of [`Self::analyse`] holds), and neither a row's largest entry nor its absolute sum
    /// changes by a zero.
    fn scatter_values(&mut self, values: &[f64]) {
        self.store.fill(0.0);
        self.row_max.fill(0.0);
        self.row_sum.fill(0.0);
        for (&(e, place), &(r, _)) in self.scatter.iter().zip(&self.entries) {
            let v = values[e as usize];
            self.store[place as usize] = v;
            let r = r as usize;
            self.row_max[r] = self.row_max[r].max(v.abs());
            self.row_sum[r] += v.abs();
        }
    }

    /// Normwise backward error `‖b − A x‖∞ / (‖A‖∞ ‖x‖∞ + ‖b‖∞)` of `x` for `A` = `values`
    /// (Rigal & Gaches 1967), `b` the right-hand side kept in `self.b`, over the analysed
    /// structure in the pattern's column order (the zero entries left out subtract nothing;
    /// a non-finite `x` still reaches the residual through the diagonal, which is always in
    /// the structure).
    fn backward_error(&mut self, values: &[f64], x: &[f64]) -> f64 {
        let r = &mut self.y;
        r.clear();
        r.extend_from_slice(&self.b);
        for (&(e, _), &(row, col)) in self.scatter.iter().zip(&self.entries) {
            r[row as usize] -= values[e as usize] * x[col as usize];
        }
        let norm = |v: &[f64]| v.iter().fold(0.0_f64, |m, x| m.max(x.abs()));
        let denominator = norm(&self.row_sum) * norm(x) + norm(&self.b);
        if denominator == 0.0 {
            return 0.0;
        }
        norm(r) / denominator
    }

    /// Doolittle LU by bordering, in place in `store`.
    fn factorise(&mut self) -> Result<(), EnvelopeFailure> {
        let n = self.first.len();
        let size = self.offset[n];
        let (diag, rest) = self.store.split_at_mut(n);
        let (lower, upper) = rest.split_at_mut(size);
        for i in 0..n {
            let fi = self.first[i];
            let oi = self.offset[i];
            let (l_before, l_rest) = lower.split_at_mut(oi);
            let l_i = &mut l_rest[..i - fi];
            let (u_before, u_rest) = upper.split_at_mut(oi);
            let u_i = &mut u_rest[..i - fi];
            for j in fi..i {
                let fj = self.first[j];
                let oj = self.offset[j];
                let k0 = fi.max(fj);
                let l_j = &l_before[oj..oj + (j - fj)];
                let u_j = &u_before[oj..oj + (j - fj)];
                let s = dot(&l_i[k0 - fi..j - fi], &u_j[k0 - fj..]);
                l_i[j - fi] = (l_i[j - fi] - s) / diag[j];
                let t = dot(&l_j[k0 - fj..], &u_i[k0 - fi..j - fi]);
                u_i[j - fi] -= t;
            }
            let d = diag[i] - dot(l_i, u_i);
            let scale = self.row_max[self.perm[i]];
            // `d.abs() <= …` would let a NaN pivot through.
            if d.abs().partial_cmp(&(PIVOT_TOL * scale)) != Some(std::cmp::Ordering::Greater) {
                return Err(EnvelopeFailure::SmallPivot(i));
            }
            diag[i] = d;
        }
        Ok(())
    }

    /// Solves `L U y = P b` and writes `x = Pᵀ y` over `rhs`.
    fn substitute(&mut self, rhs: &mut [f64]) {
        let n = self.first.len();
        let size = self.offset[n];
        let (diag, rest) = self.store.split_at(n);
        let (lower, upper) = rest.split_at(size);
        let y = &mut self.y;
        for (k, &old) in self.perm.iter().enumerate() {
            y[k] = rhs[old];
        }
        for i in 0..n {
            let fi = self.first[i];
            let l_i = &lower[self.offset[i]..self.offset[i + 1]];
            y[i] -= dot(l_i, &y[fi..i]);
        }
        for i in (0..n).rev() {
            let fi = self.first[i];
            let yi = y[i] / diag[i];
            y[i] = yi;
            let u_i = &upper[self.offset[i]..self.offset[i + 1]];
            for (yk, &u) in y[fi..i].iter_mut().zip(u_i) {
                *yk -= u * yi;
            }
        }
        for (k, &old) in self.perm.iter().enumerate() {
            rhs[old] = y[k];
        }
    }
}

/// Multiply–adds of the envelope factorisation: `2 Σᵢ Σⱼ (j − max(fᵢ, fⱼ))` over
/// `j = fᵢ … i − 1`, plus the diagonal's `i − fᵢ`.
fn factor_flops(first: &[usize]) -> usize {
    first
        .iter()
        .enumerate()
        .map(|(i, &fi)| (fi..i).map(|j| 2 * (j - fi.max(first[j]))).sum::<usize>() + (i - fi))
        .sum()
}

/// `Σ aₖ bₖ` over two slices of equal length, in four independent partial sums.
#[inline]
fn dot(a: &[f64], b: &[f64]) -> f64 {
    debug_assert_eq!(a.len(), b.len());
    let mut s = [0.0; 4];
    let (ca, ra) = a.as_chunks::<4>();
    let (cb, rb) = b[..a.len()].as_chunks::<4>();
    for (x, y) in ca.iter().zip(cb) {
        for l in 0..4 {
            s[l] += x[l] * y[l];
        }
    }
    let mut tail = 0.0;
    for (x, y) in ra.iter().zip(rb) {
        tail += x * y;
    }
    (s[0] + s[1]) + (s[2] + s[3]) + tail
}
