//! `J + Σₖ wₖ uₖuₖᵀ` solved as one sparse symmetric bordered system, for the symmetric solver.
//!
//! The rank-one terms (a cell's volume penalty: `u = ∇V`, dense over the cell) stay out of the
//! sparse pattern. The Woodbury solve needs `m + 1` right-hand sides through one factor of
//! `J`; instead, with `yₖ = wₖ uₖᵀx` and `Sₖ = √|wₖ|`, the system
//!
//! `[ J     U S ] [ x     ]   [ r ]`
//! `[ S Uᵀ  −σ  ] [ S⁻¹ y ] = [ 0 ]`,  `σ = diag(sign wₖ)`,
//!
//! is equivalent (its first block row is `J x + U y = r`, its second `S(Uᵀx − W⁻¹y) = 0`),
//! symmetric, and sparse: one extra row and column per term, over the term's own DOFs. The
//! scaling `S` keeps the border's entries of the order of `J`'s and its diagonal ±1. The
//! minimum-degree ordering puts each border variable after its cell's DOFs, so it fills only its
//! own row; one LBLᵀ factorisation and one solve replace the Woodbury's `m + 1` columns.

use super::sparse_lblt::{LbltFailure, SparseLblt};
use crate::system::SparsityPattern;

/// The bordered pattern of the last solve, kept while the base pattern and the terms' DOFs
/// hold.
#[derive(Debug, Default)]
pub(crate) struct Bordered {
    key: Option<(u64, usize)>,
    supports: Vec<Vec<usize>>,
    pattern: Option<SparsityPattern>,
    values: Vec<f64>,
    rhs: Vec<f64>,
}

impl Bordered {
    /// Solves `(J + Σₖ wₖ uₖuₖᵀ) x = rhs` in place through `lblt`, `J` given by `pattern` and
    /// `values`, each term `uₖ` as sorted distinct `(free index, value)` pairs with its weight.
    /// On failure `rhs` is left as it was given.
    pub(crate) fn solve(
        &mut self,
        lblt: &mut SparseLblt,
        pattern: &SparsityPattern,
        values: &[f64],
        terms: &[(Vec<(usize, f64)>, f64)],
        rhs: &mut [f64],
    ) -> Result<(), LbltFailure> {
        let n = pattern.n();
        let m = terms.len();
        self.shape(pattern, terms);
        let Some(aug) = &self.pattern else {
            unreachable!("the bordered pattern was just made");
        };
        // Values: each column's base entries first (the same rows in the same order), then the
        // border's entries of the terms that touch it, in term order.
        let (cp, acp) = (pattern.symbolic().col_ptr(), aug.symbolic().col_ptr());
        let scale: Vec<f64> = terms.iter().map(|(_, w)| w.abs().sqrt()).collect();
        let mut next = vec![0usize; n];
        for j in 0..n {
            let (b0, b1, a0) = (cp[j] as usize, cp[j + 1] as usize, acp[j] as usize);
            self.values[a0..a0 + b1 - b0].copy_from_slice(&values[b0..b1]);
            next[j] = a0 + b1 - b0;
        }
        for (k, (u, w)) in terms.iter().enumerate() {
            let col = acp[n + k] as usize;
            for (e, &(f, v)) in u.iter().enumerate() {
                self.values[next[f]] = scale[k] * v;
                next[f] += 1;
                self.values[col + e] = scale[k] * v;
            }
            self.values[col + u.len()] = -w.signum();
        }
        self.rhs.clear();
        self.rhs.extend_from_slice(rhs);
        self.rhs.resize(n + m, 0.0);
        lblt.solve_columns(aug, &self.values, &mut self.rhs, 1)?;
        rhs.copy_from_slice(&self.rhs[..n]);
        Ok(())
    }

    /// Makes the bordered pattern for `pattern` and the terms' DOFs, unless it is the last one.
    fn shape(&mut self, pattern: &SparsityPattern, terms: &[(Vec<(usize, f64)>, f64)]) {
        let key = (pattern.fingerprint, pattern.nnz());
        let same = self.key == Some(key)
            && self.supports.len() == terms.len()
            && (self.supports.iter().zip(terms))
                .all(|(s, (u, _))| s.len() == u.len() && s.iter().zip(u).all(|(a, b)| *a == b.0));
        if same {
            return;
        }
        let n = pattern.n();
        let m = terms.len();
        let s = pattern.symbolic();
        let (cp, ri) = (s.col_ptr(), s.row_idx());
        // The border rows of each base column, in term order (ascending rows n + k).
        let mut border: Vec<Vec<u32>> = vec![Vec::new(); n];
        for (k, (u, _)) in terms.iter().enumerate() {
            for &(f, _) in u {
                border[f].push((n + k) as u32);
            }
        }
        let mut col_ptr = Vec::with_capacity(n + m + 1);
        let mut row_idx =
            Vec::with_capacity(ri.len() + 2 * terms.iter().map(|t| t.0.len()).sum::<usize>() + m);
        col_ptr.push(0u32);
        for j in 0..n {
            row_idx.extend_from_slice(&ri[cp[j] as usize..cp[j + 1] as usize]);
            row_idx.extend_from_slice(&border[j]);
            col_ptr.push(row_idx.len() as u32);
        }
        for (k, (u, _)) in terms.iter().enumerate() {
            row_idx.extend(u.iter().map(|&(f, _)| f as u32));
            row_idx.push((n + k) as u32);
            col_ptr.push(row_idx.len() as u32);
        }
        let fingerprint = pattern.fingerprint.rotate_left(17) ^ 0x6a09_e667_f3bc_c909 ^ m as u64;
        let aug = SparsityPattern::from_csc(n + m, col_ptr, row_idx, fingerprint);
        self.values = vec![0.0; aug.nnz()];
        self.pattern = Some(aug);
        self.key = Some(key);
        self.supports = terms
            .iter()
            .map(|(u, _)| u.iter().map(|e| e.0).collect())
            .collect();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::verify::Rng;

    #[test]
    fn equals_the_dense_solve_of_the_updated_matrix() {
        let mut rng = Rng::new(3);
        let n: usize = 40;
        // A tridiagonal symmetric J, diagonally dominant.
        let mut col_ptr = vec![0u32];
        let mut row_idx = Vec::new();
        for j in 0..n {
            for i in j.saturating_sub(1)..(j + 2).min(n) {
                row_idx.push(i as u32);
            }
            col_ptr.push(row_idx.len() as u32);
        }
        let p = SparsityPattern::from_csc(n, col_ptr.clone(), row_idx.clone(), 1);
        let mut dense = vec![vec![0.0; n]; n];
        let mut values = vec![0.0; row_idx.len()];
        for j in 0..n {
            for k in col_ptr[j] as usize..col_ptr[j + 1] as usize {
                let i = row_idx[k] as usize;
                let v = if i == j {
                    4.0
                } else {
                    -1.0 - 0.01 * (i + j) as f64
                };
                values[k] = v;
                dense[i][j] = v;
            }
        }
        // Two terms of either sign on overlapping DOF ranges, one of a large weight.
        let terms: Vec<(Vec<(usize, f64)>, f64)> = vec![
            ((5..25).map(|f| (f, rng.uniform(-1.0, 1.0))).collect(), 3e4),
            (
                (20..38).map(|f| (f, rng.uniform(-1.0, 1.0))).collect(),
                -0.5,
            ),
        ];
        for (u, w) in &terms {
            for &(a, ua) in u {
                for &(b, ub) in u {
                    dense[a][b] += w * ua * ub;
                }
            }
        }
        let b: Vec<f64> = (0..n).map(|_| rng.uniform(-1.0, 1.0)).collect();
        let mut x = b.clone();
        let mut lblt = SparseLblt::default();
        let mut bordered = Bordered::default();
        bordered
            .solve(&mut lblt, &p, &values, &terms, &mut x)
            .unwrap();
        let a = nalgebra::DMatrix::from_fn(n, n, |i, j| dense[i][j]);
        let expected = a
            .lu()
            .solve(&nalgebra::DVector::from_vec(b.clone()))
            .unwrap();
        let err = (0..n).fold(0.0_f64, |m, i| m.max((x[i] - expected[i]).abs()));
        assert!(err < 1e-9, "error {err}");
        // Again on the same shape: the analysis is reused.
        let mut x = b;
        bordered
            .solve(&mut lblt, &p, &values, &terms, &mut x)
            .unwrap();
        assert_eq!(lblt.symbolic_count, 1);
    }
}
