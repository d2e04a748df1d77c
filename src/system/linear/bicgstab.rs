//! Right-preconditioned BiCGSTAB (van der Vorst 1992; Saad 2003, Alg. 7.7 with
//! preconditioning §9.3) for the Newton system `J Δq = r`, which is non-symmetric with friction,
//! damping and drag.
//!
//! Runs sequentially in a fixed order, so the result is the same bits for any thread count.

use super::block_jacobi::{BlockJacobi, DofBlocks};
use crate::system::assembly::pattern::SparsityPattern;

/// How a Krylov solve ended.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum KrylovOutcome {
    /// `‖b − J x‖ ≤ tol`, after this many iterations.
    Converged(u32),
    /// Not converged within the iteration limit, or a breakdown (ρ or ω vanished).
    Failed,
}

/// Scratch vectors of the solver.
#[derive(Debug, Default)]
pub struct BiCgStab {
    r: Vec<f64>,
    r_hat: Vec<f64>,
    p: Vec<f64>,
    v: Vec<f64>,
    s: Vec<f64>,
    t: Vec<f64>,
    y: Vec<f64>,
    z: Vec<f64>,
}

/// A square linear operator `x ↦ A x`.
pub trait Operator {
    /// `out ← A x`.
    fn mul(&self, x: &[f64], out: &mut [f64]);
}

/// A square sparse matrix in compressed-column form.
#[derive(Debug, Clone, Copy)]
pub struct CscRef<'a> {
    /// Start of each column in `row_idx`/`values` (n + 1 entries).
    pub col_ptr: &'a [u32],
    /// Row of each entry.
    pub row_idx: &'a [u32],
    /// Value of each entry.
    pub values: &'a [f64],
}

impl<'a> CscRef<'a> {
    /// The matrix `values` on `pattern`.
    pub fn of(pattern: &'a SparsityPattern, values: &'a [f64]) -> Self {
        let sym = pattern.symbolic();
        Self {
            col_ptr: sym.col_ptr(),
            row_idx: sym.row_idx(),
            values,
        }
    }
}

impl Operator for CscRef<'_> {
    fn mul(&self, x: &[f64], out: &mut [f64]) {
        out.iter_mut().for_each(|o| *o = 0.0);
        for (c, &xc) in x.iter().enumerate() {
            if xc == 0.0 {
                continue;
            }
            let (a, b) = (self.col_ptr[c] as usize, self.col_ptr[c + 1] as usize);
            for (&r, &v) in self.row_idx[a..b].iter().zip(&self.values[a..b]) {
                out[r as usize] += v * xc;
            }
        }
    }
}

/// `aᵀb`, summed in four interleaved lanes (in a fixed order: the same bits on every run and
/// thread count) so that the additions pipeline.
fn dot(a: &[f64], b: &[f64]) -> f64 {
    let mut acc = [0.0; 4];
    let (ca, cb) = (a.chunks_exact(4), b.chunks_exact(4));
    let (ra, rb) = (ca.remainder(), cb.remainder());
    for (x, y) in ca.zip(cb) {
        for l in 0..4 {
            acc[l] += x[l] * y[l];
        }
    }
    let mut tail = 0.0;
    for (x, y) in ra.iter().zip(rb) {
        tail += x * y;
    }
    (acc[0] + acc[1]) + (acc[2] + acc[3]) + tail
}

fn norm(a: &[f64]) -> f64 {
    dot(a, a).sqrt()
}

impl BiCgStab {
    /// Solves `A x = b` from `x = 0` into `x`, to `‖b − A x‖ ≤ tol`, in at most `max_iter`
    /// iterations, preconditioned on the right by `pc`.
    #[allow(clippy::too_many_arguments)]
    pub fn solve<A: Operator>(
        &mut self,
        a: &A,
        pc: &BlockJacobi,
        blocks: &DofBlocks,
        b: &[f64],
        x: &mut [f64],
        tol: f64,
        max_iter: u32,
    ) -> KrylovOutcome {
        let n = b.len();
        for v in [
            &mut self.r,
            &mut self.r_hat,
            &mut self.p,
            &mut self.v,
            &mut self.s,
            &mut self.t,
            &mut self.y,
            &mut self.z,
        ] {
            v.clear();
            v.resize(n, 0.0);
        }
        x.iter_mut().for_each(|v| *v = 0.0);
        self.r.copy_from_slice(b);
        if norm(&self.r) <= tol {
            return KrylovOutcome::Converged(0);
        }
        self.r_hat.copy_from_slice(b);
        let (mut rho, mut alpha, mut omega) = (1.0, 1.0, 1.0);
        for it in 1..=max_iter {
            let rho_new = dot(&self.r_hat, &self.r);
            if rho_new == 0.0 || !rho_new.is_finite() {
                return KrylovOutcome::Failed;
            }
            let beta = (rho_new / rho) * (alpha / omega);
            rho = rho_new;
            for k in 0..n {
                self.p[k] = self.r[k] + beta * (self.p[k] - omega * self.v[k]);
            }
            pc.apply(blocks, &self.p, &mut self.y);
            a.mul(&self.y, &mut self.v);
            let rv = dot(&self.r_hat, &self.v);
            if rv == 0.0 || !rv.is_finite() {
                return KrylovOutcome::Failed;
            }
            alpha = rho / rv;
            for (xk, yk) in x.iter_mut().zip(&self.y) {
                *xk += alpha * yk;
            }
            for ((sk, rk), vk) in self.s.iter_mut().zip(&self.r).zip(&self.v) {
                *sk = rk - alpha * vk;
            }
            if norm(&self.s) <= tol {
                return KrylovOutcome::Converged(it);
            }
            pc.apply(blocks, &self.s, &mut self.z);
            a.mul(&self.z, &mut self.t);
            let tt = dot(&self.t, &self.t);
            if tt == 0.0 || !tt.is_finite() {
                return KrylovOutcome::Failed;
            }
            omega = dot(&self.t, &self.s) / tt;
            if omega == 0.0 {
                return KrylovOutcome::Failed;
            }
            for (xk, zk) in x.iter_mut().zip(&self.z) {
                *xk += omega * zk;
            }
            for ((rk, sk), tk) in self.r.iter_mut().zip(&self.s).zip(&self.t) {
                *rk = sk - omega * tk;
            }
            if norm(&self.r) <= tol {
                return KrylovOutcome::Converged(it);
            }
        }
        KrylovOutcome::Failed
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::DofMap;
    use crate::verify::Rng;

    /// A random non-symmetric, diagonally dominant sparse system of `n` DOFs in triples.
    fn system(n: usize, seed: u64) -> (SparsityPattern, Vec<f64>, DofBlocks) {
        let dofs = DofMap::new(n);
        let mut rng = Rng::new(seed);
        let groups: Vec<Vec<usize>> = (0..n / 3)
            .map(|i| {
                let j = (i + 1 + (rng.unit() * 4.0) as usize) % (n / 3);
                (0..3)
                    .map(|c| 3 * i + c)
                    .chain((0..3).map(|c| 3 * j + c))
                    .collect()
            })
            .collect();
        let pattern = SparsityPattern::build(&dofs, groups.iter().map(|g| &g[..]), 3);
        let mut values: Vec<f64> = (0..pattern.nnz()).map(|_| rng.unit() - 0.5).collect();
        for i in 0..n {
            values[pattern.diag_slot(i) as usize] = 8.0 + rng.unit();
        }
        let triples: Vec<usize> = (0..n / 3).map(|i| 3 * i).collect();
        (pattern, values, DofBlocks::from_triples(&dofs, &triples))
    }

    #[test]
    fn solves_a_non_symmetric_system_to_the_tolerance() {
        let n = 60;
        let (pattern, values, blocks) = system(n, 11);
        let mut pc = BlockJacobi::default();
        pc.factor(&pattern, &values, &blocks).expect("regular");
        let x_true: Vec<f64> = (0..n).map(|i| (i as f64 * 0.37).sin()).collect();
        let mut b = vec![0.0; n];
        let a = CscRef::of(&pattern, &values);
        a.mul(&x_true, &mut b);
        let mut x = vec![0.0; n];
        let out = BiCgStab::default().solve(&a, &pc, &blocks, &b, &mut x, 1e-12, 200);
        let KrylovOutcome::Converged(its) = out else {
            panic!("{out:?}");
        };
        assert!(its < 40, "{its} iterations");
        let mut ax = vec![0.0; n];
        a.mul(&x, &mut ax);
        let res = ax
            .iter()
            .zip(&b)
            .map(|(a, b)| (a - b).powi(2))
            .sum::<f64>()
            .sqrt();
        assert!(res <= 1e-12, "{res}");
        for (a, t) in x.iter().zip(&x_true) {
            assert!((a - t).abs() < 1e-10, "{a} vs {t}");
        }
    }

    #[test]
    fn reports_failure_within_the_iteration_limit() {
        let n = 30;
        let (pattern, values, blocks) = system(n, 5);
        let mut pc = BlockJacobi::default();
        pc.factor(&pattern, &values, &blocks).expect("regular");
        let b: Vec<f64> = (0..n).map(|i| 1.0 + i as f64).collect();
        let mut x = vec![0.0; n];
        let a = CscRef::of(&pattern, &values);
        let out = BiCgStab::default().solve(&a, &pc, &blocks, &b, &mut x, 1e-30, 1);
        assert_eq!(out, KrylovOutcome::Failed);
    }
}
