//! The numeric kernel of [`crate::system::AmdLu`]: a left-looking supernodal LU without
//! pivoting on the supernodes of a symmetric pattern's Cholesky factor, and its triangular
//! solves.
//!
//! Storage: each supernode `s` (columns `s₀..s₁`, `k` of them, and `m` rows below them, its
//! pattern) owns two `(k + m) × k` column-major panels laid out as faer's supernodal `L`. The
//! first holds the diagonal block's `L₁₁` (unit diagonal implied) and `U₁₁` (upper triangle
//! with the diagonal), then `L₂₁` below; the second holds `U₁₂ᵀ` in its last `m` rows (its
//! first `k` rows are unused). A structurally symmetric matrix factorised without pivoting has
//! `L` on the Cholesky factor's structure and `U` on its transpose, so both fit.
//!
//! Left-looking (Ng & Peyton 1993, for Cholesky; Davis, *Direct Methods for Sparse Linear
//! Systems*, 2006, §9.1): supernode `s` is assembled from `J`, then every descendant `d`
//! whose pattern meets `s₀..s₁` (its rows there `M`, those below `B`) subtracts
//! `L_d[M ∪ B, :] · U_d[:, M]` from `s`'s first panel and `U_d[:, B]ᵀ · L_d[M, :]ᵀ` from its
//! second, both as dense products scattered by index; then the first panel is factorised
//! (recursive LU without pivoting: left half, triangular solve for the top-right block, one
//! product for the rest, right half) and `U₁₂ = L₁₁⁻¹ A₁₂` is one unit-lower triangular solve.

use faer::linalg::matmul::matmul;
use faer::linalg::triangular_solve::{
    solve_unit_lower_triangular_in_place, solve_upper_triangular_in_place,
};
use faer::reborrow::{Reborrow, ReborrowMut};
use faer::sparse::linalg::cholesky::supernodal::SymbolicSupernodalCholesky;
use faer::{Accum, MatMut, MatRef, Par};

use super::amd_lu::AMD_LU_PIVOT_TOLERANCE;
use crate::system::SparsityPattern;

/// Panels at most this wide are factorised column by column.
const BASE_WIDTH: usize = 16;

/// One descendant's update of a supernode: the descendant, and where its rows within the
/// supernode's columns start in its pattern and how many there are.
#[derive(Debug, Clone, Copy)]
struct Update {
    d: usize,
    start: usize,
    len: usize,
}

/// The supernodal structure of the factors (a copy of faer's symbolic Cholesky, plus which
/// descendants update each supernode).
#[derive(Debug)]
pub(super) struct Supernodes {
    /// First column of each supernode, then `n`.
    begin: Vec<usize>,
    /// Each supernode's pattern (rows below its diagonal block, sorted) in `rows`.
    pattern_ptr: Vec<usize>,
    rows: Vec<usize>,
    /// Each supernode's panel in the value storage.
    value_ptr: Vec<usize>,
    /// Each supernode's descendants in `updates`.
    update_ptr: Vec<usize>,
    updates: Vec<Update>,
}

/// Reusable workspace of [`factorize`] and [`solve_in_place`].
#[derive(Debug, Default)]
pub(super) struct Scratch {
    /// Position of a global row in the current supernode's panel.
    local: Vec<usize>,
    /// Rows of one update in the target panel.
    rows: Vec<usize>,
    /// Dense products.
    dense: Vec<f64>,
}

impl Supernodes {
    /// The structure of faer's supernodal symbolic Cholesky `sn`.
    pub(super) fn of(sn: &SymbolicSupernodalCholesky<u32>) -> Self {
        let ns = sn.n_supernodes();
        let n = sn.nrows();
        let mut begin: Vec<usize> = sn.supernode_begin().iter().map(|&b| b as usize).collect();
        begin.push(n);
        let mut pattern_ptr = vec![0];
        let mut rows = Vec::new();
        for s in 0..ns {
            rows.extend(sn.supernode(s).pattern().iter().map(|&r| r as usize));
            pattern_ptr.push(rows.len());
        }
        let value_ptr = sn.col_ptr_for_val().iter().map(|&v| v as usize).collect();
        let mut owner = vec![0; n];
        for s in 0..ns {
            owner[begin[s]..begin[s + 1]].fill(s);
        }
        // Descendants, grouped by the supernode they update (ascending `d` within each).
        let mut all: Vec<(usize, Update)> = Vec::new();
        for d in 0..ns {
            let p = &rows[pattern_ptr[d]..pattern_ptr[d + 1]];
            let mut i = 0;
            while i < p.len() {
                let s = owner[p[i]];
                let start = i;
                while i < p.len() && p[i] < begin[s + 1] {
                    i += 1;
                }
                all.push((
                    s,
                    Update {
                        d,
                        start,
                        len: i - start,
                    },
                ));
            }
        }
        all.sort_by_key(|&(s, u)| (s, u.d));
        let mut update_ptr = vec![0; ns + 1];
        for &(s, _) in &all {
            update_ptr[s + 1] += 1;
        }
        for s in 0..ns {
            update_ptr[s + 1] += update_ptr[s];
        }
        Self {
            begin,
            pattern_ptr,
            rows,
            value_ptr,
            update_ptr,
            updates: all.into_iter().map(|(_, u)| u).collect(),
        }
    }

    /// Length of one factor's storage (`L`, or `Uᵀ`).
    pub(super) fn len_val(&self) -> usize {
        self.value_ptr[self.count()]
    }

    fn count(&self) -> usize {
        self.begin.len() - 1
    }

    fn pattern(&self, s: usize) -> &[usize] {
        &self.rows[self.pattern_ptr[s]..self.pattern_ptr[s + 1]]
    }

    /// Where each stored entry of `pattern` lands in the value storage (`L`'s panels, then
    /// `Uᵀ`'s), `inv[old] = new` the ordering.
    pub(super) fn destinations(&self, pattern: &SparsityPattern, inv: &[usize]) -> Vec<usize> {
        let n = pattern.n();
        let mut owner = vec![0; n];
        for s in 0..self.count() {
            owner[self.begin[s]..self.begin[s + 1]].fill(s);
        }
        let len = self.len_val();
        let sym = pattern.symbolic();
        let (cp, ri) = (sym.col_ptr(), sym.row_idx());
        let mut dest = vec![0; ri.len()];
        for j_old in 0..n {
            for k in cp[j_old] as usize..cp[j_old + 1] as usize {
                let (i, j) = (inv[ri[k] as usize], inv[j_old]);
                // The panel holding the entry: `s` owns the smaller index; `r` is the larger
                // one's row in the panel and `c` the smaller one's column.
                let (lo, hi) = (i.min(j), i.max(j));
                let s = owner[lo];
                let (s0, s1) = (self.begin[s], self.begin[s + 1]);
                let height = s1 - s0 + self.pattern(s).len();
                let r = if hi < s1 {
                    hi - s0
                } else {
                    let at = self.pattern(s).binary_search(&hi);
                    s1 - s0 + at.expect("the factor's structure holds the matrix's")
                };
                dest[k] = if hi < s1 {
                    // The diagonal block, stored whole in the first panel.
                    self.value_ptr[s] + (j - s0) * height + (i - s0)
                } else if i > j {
                    self.value_ptr[s] + (lo - s0) * height + r
                } else {
                    len + self.value_ptr[s] + (lo - s0) * height + r
                };
            }
        }
        dest
    }
}

/// Factorises in place the matrix scattered into `values` (`L`'s panels then `Uᵀ`'s); `Err`
/// on a pivot below [`AMD_LU_PIVOT_TOLERANCE`] relative to its column.
pub(super) fn factorize(
    sn: &Supernodes,
    values: &mut [f64],
    scratch: &mut Scratch,
) -> Result<(), ()> {
    let n = sn.begin[sn.count()];
    scratch.local.resize(n, 0);
    let (lower, upper) = values.split_at_mut(sn.len_val());
    for s in 0..sn.count() {
        let (s0, s1) = (sn.begin[s], sn.begin[s + 1]);
        let k = s1 - s0;
        let pattern = sn.pattern(s);
        let height = k + pattern.len();
        for (i, &r) in pattern.iter().enumerate() {
            scratch.local[r] = k + i;
        }
        let (l_done, l_rest) = lower.split_at_mut(sn.value_ptr[s]);
        let (u_done, u_rest) = upper.split_at_mut(sn.value_ptr[s]);
        let (l_done, u_done) = (&*l_done, &*u_done);
        let ls = &mut l_rest[..height * k];
        let us = &mut u_rest[..height * k];
        for up in &sn.updates[sn.update_ptr[s]..sn.update_ptr[s + 1]] {
            let d = up.d;
            let kd = sn.begin[d + 1] - sn.begin[d];
            let dp = sn.pattern(d);
            let hd = kd + dp.len();
            let at = kd + up.start;
            let (q, r) = (up.len, dp.len() - up.start - up.len);
            let ld = MatRef::from_column_major_slice(
                &l_done[sn.value_ptr[d]..sn.value_ptr[d + 1]],
                hd,
                kd,
            );
            let ud = MatRef::from_column_major_slice(
                &u_done[sn.value_ptr[d]..sn.value_ptr[d + 1]],
                hd,
                kd,
            );
            let rows = &dp[up.start..];
            scratch.rows.clear();
            scratch.rows.extend(rows[..q].iter().map(|&g| g - s0));
            scratch
                .rows
                .extend(rows[q..].iter().map(|&g| scratch.local[g]));
            // L: rows M ∪ B, columns M.
            scratch.dense.resize((q + r) * q.max(1), 0.0);
            let mut t =
                MatMut::from_column_major_slice_mut(&mut scratch.dense[..(q + r) * q], q + r, q);
            matmul(
                t.rb_mut(),
                Accum::Replace,
                ld.subrows(at, q + r),
                ud.subrows(at, q).transpose(),
                1.0,
                Par::Seq,
            );
            for c in 0..q {
                let col = &mut ls[scratch.rows[c] * height..][..height];
                let tc = &scratch.dense[c * (q + r)..][..q + r];
                for (&row, &v) in scratch.rows.iter().zip(tc) {
                    col[row] -= v;
                }
            }
            if r == 0 {
                continue;
            }
            // Uᵀ: rows B, columns M.
            let mut t = MatMut::from_column_major_slice_mut(&mut scratch.dense[..r * q], r, q);
            matmul(
                t.rb_mut(),
                Accum::Replace,
                ud.subrows(at + q, r),
                ld.subrows(at, q).transpose(),
                1.0,
                Par::Seq,
            );
            for c in 0..q {
                let col = &mut us[scratch.rows[c] * height..][..height];
                let tc = &scratch.dense[c * r..][..r];
                for (&row, &v) in scratch.rows[q..].iter().zip(tc) {
                    col[row] -= v;
                }
            }
        }
        let mut panel = MatMut::from_column_major_slice_mut(ls, height, k);
        panel_lu(panel.rb_mut())?;
        let l11 = panel.rb().subrows(0, k);
        let u12t = MatMut::from_column_major_slice_mut(us, height, k).subrows_mut(k, height - k);
        solve_unit_lower_triangular_in_place(l11, u12t.transpose_mut(), Par::Seq);
    }
    Ok(())
}

/// LU without pivoting of the tall panel `p` (`m × k`, `m ≥ k`) in place: unit-lower `L` below
/// the diagonal, `U` on and above it.
fn panel_lu(mut p: MatMut<'_, f64>) -> Result<(), ()> {
    let (m, k) = (p.nrows(), p.ncols());
    if k <= BASE_WIDTH {
        for j in 0..k {
            let scale = (j..m).fold(0.0_f64, |a, i| a.max(p[(i, j)].abs()));
            let pivot = p[(j, j)];
            let acceptable = pivot.abs() > AMD_LU_PIVOT_TOLERANCE * scale && scale.is_finite();
            if !acceptable {
                return Err(());
            }
            let inv = 1.0 / pivot;
            for i in j + 1..m {
                p[(i, j)] *= inv;
            }
            for c in j + 1..k {
                let u = p[(j, c)];
                if u != 0.0 {
                    for i in j + 1..m {
                        let l = p[(i, j)];
                        p[(i, c)] -= l * u;
                    }
                }
            }
        }
        return Ok(());
    }
    let k1 = k / 2;
    let (mut left, right) = p.split_at_col_mut(k1);
    panel_lu(left.rb_mut())?;
    let (l11, l21) = left.rb().split_at_row(k1);
    let (mut u12, mut rest) = right.split_at_row_mut(k1);
    solve_unit_lower_triangular_in_place(l11, u12.rb_mut(), Par::Seq);
    matmul(rest.rb_mut(), Accum::Add, l21, u12.rb(), -1.0, Par::Seq);
    panel_lu(rest)
}

/// Supernode `s`'s panel in one factor's storage `v`.
fn panel<'a>(sn: &Supernodes, v: &'a [f64], s: usize) -> MatRef<'a, f64> {
    let k = sn.begin[s + 1] - sn.begin[s];
    let h = k + sn.pattern(s).len();
    MatRef::from_column_major_slice(&v[sn.value_ptr[s]..][..h * k], h, k)
}

/// Solves `L U X = B` in place for the columns of `x` (in the factor's order).
pub(super) fn solve_in_place(
    sn: &Supernodes,
    values: &[f64],
    mut x: MatMut<'_, f64>,
    scratch: &mut Scratch,
) {
    let (lower, upper) = values.split_at(sn.len_val());
    let cols = x.ncols();
    // L y = b.
    for s in 0..sn.count() {
        let (s0, k) = (sn.begin[s], sn.begin[s + 1] - sn.begin[s]);
        let pattern = sn.pattern(s);
        let m = pattern.len();
        let ls = panel(sn, lower, s);
        solve_unit_lower_triangular_in_place(
            ls.subrows(0, k),
            x.rb_mut().subrows_mut(s0, k),
            Par::Seq,
        );
        if m == 0 {
            continue;
        }
        scratch.dense.resize(m * cols, 0.0);
        let mut t = MatMut::from_column_major_slice_mut(&mut scratch.dense[..m * cols], m, cols);
        matmul(
            t.rb_mut(),
            Accum::Replace,
            ls.subrows(k, m),
            x.rb().subrows(s0, k),
            1.0,
            Par::Seq,
        );
        for c in 0..cols {
            for (i, &r) in pattern.iter().enumerate() {
                x[(r, c)] -= t[(i, c)];
            }
        }
    }
    // U x = y.
    for s in (0..sn.count()).rev() {
        let (s0, k) = (sn.begin[s], sn.begin[s + 1] - sn.begin[s]);
        let pattern = sn.pattern(s);
        let m = pattern.len();
        if m > 0 {
            scratch.dense.resize(m * cols, 0.0);
            let mut t =
                MatMut::from_column_major_slice_mut(&mut scratch.dense[..m * cols], m, cols);
            for c in 0..cols {
                for (i, &r) in pattern.iter().enumerate() {
                    t[(i, c)] = x[(r, c)];
                }
            }
            let u12t = panel(sn, upper, s).subrows(k, m);
            matmul(
                x.rb_mut().subrows_mut(s0, k),
                Accum::Add,
                u12t.transpose(),
                t.rb(),
                -1.0,
                Par::Seq,
            );
        }
        let ls = panel(sn, lower, s);
        solve_upper_triangular_in_place(ls.subrows(0, k), x.rb_mut().subrows_mut(s0, k), Par::Seq);
    }
}
