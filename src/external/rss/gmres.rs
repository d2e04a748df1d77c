//! Restarted GMRES for the dense RSS system `A f = U`, preconditioned on the right by the LU
//! factor `Ã` of an earlier `A` (Saad & Schultz 1986; Saad 2003, Alg. 9.5, right-preconditioned
//! GMRES with the preconditioned vectors `zⱼ = Ã⁻¹vⱼ` kept, so the correction is `Σ yⱼ zⱼ`).
//!
//! This is GMRES-based iterative refinement (Carson & Higham 2017, SIAM J. Sci. Comput. 39(6),
//! A2834–A2856) with a factor that is not only of lower precision but also of an earlier
//! matrix. Stationary refinement `f ← f + Ã⁻¹(U − A f)` contracts the residual by the spectral
//! radius of `I − A Ã⁻¹`, which grows as the rods move away from the factored configuration;
//! GMRES minimises `‖U − A f‖` over the same Krylov space that refinement's iterates lie in,
//! so for the same products (one `Ã⁻¹` and one `A` per iteration) its residual is, in exact
//! arithmetic, never larger, and it keeps converging when refinement would stall or diverge.
//! A factor then serves many more steps before it has to be recomputed.
//!
//! Every operation runs in a fixed order (modified Gram–Schmidt with the module's
//! four-lane dot product, Givens rotations, back substitution), so the result does not depend
//! on the thread count as long as the products passed in do not.

use super::solver::dot;

/// Largest Krylov space of one cycle (the basis of `m + 1` vectors and the `m` preconditioned
/// ones, 2 × 31 × 16 kB at the 2,040 unknowns of ten flagella).
pub(super) const RESTART: usize = 30;

/// The Arnoldi basis and the least-squares problem of one cycle.
#[derive(Debug, Default)]
pub(super) struct Gmres {
    /// Orthonormal basis `v₀ … v_k` of the Krylov space of `A Ã⁻¹`.
    v: Vec<Vec<f64>>,
    /// The preconditioned basis `zⱼ = Ã⁻¹ vⱼ`.
    z: Vec<Vec<f64>>,
    /// The Hessenberg matrix, column `j` at `h[j]` (rows `0 ..= j + 1`), rotated to upper
    /// triangular as the cycle goes.
    h: Vec<[f64; RESTART + 1]>,
    /// Givens rotations `(c, s)` that triangularise `h`.
    rot: Vec<(f64, f64)>,
    /// `βe₁` under the rotations: `|g[k]|` is the residual norm after `k` iterations.
    g: Vec<f64>,
}

/// How one cycle ended.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct Cycle {
    /// Iterations (each one `Ã⁻¹` and one `A` product).
    pub iterations: u32,
    /// The least-squares residual norm `‖U − A f‖` the cycle ended at (in exact arithmetic;
    /// the caller checks the true residual).
    pub estimate: f64,
}

impl Gmres {
    /// One cycle of at most [`RESTART`] iterations from the residual `r = U − A f` of norm
    /// `beta > 0`, stopping once the residual estimate is at most `tol`; adds the correction
    /// to `f`. `precondition(x)` overwrites `x` with `Ã⁻¹x`; `apply(x, out)` writes `A x`.
    pub(super) fn cycle(
        &mut self,
        r: &[f64],
        beta: f64,
        tol: f64,
        f: &mut [f64],
        mut precondition: impl FnMut(&mut [f64]),
        mut apply: impl FnMut(&[f64], &mut [f64]),
    ) -> Cycle {
        let n = r.len();
        self.reserve(n);
        self.rot.clear();
        self.g.clear();
        self.g.push(beta);
        for (v, &ri) in self.v[0].iter_mut().zip(r) {
            *v = ri / beta;
        }
        let mut k = 0;
        while k < RESTART {
            let j = k;
            let (head, tail) = self.v.split_at_mut(j + 1);
            let zj = &mut self.z[j];
            zj.copy_from_slice(&head[j]);
            precondition(zj);
            let w = &mut tail[0];
            apply(zj, w);
            // Modified Gram–Schmidt against v₀ … vⱼ.
            let col = &mut self.h[j];
            for (i, vi) in head.iter().enumerate() {
                let hij = dot(w, vi);
                col[i] = hij;
                for (wk, &vk) in w.iter_mut().zip(vi) {
                    *wk -= hij * vk;
                }
            }
            let next = dot(w, w).sqrt();
            col[j + 1] = next;
            if next > 0.0 {
                for wk in w.iter_mut() {
                    *wk /= next;
                }
            }
            // Earlier rotations on the new column, then one that zeroes its last entry.
            for (i, &(c, s)) in self.rot.iter().enumerate() {
                let (a, b) = (col[i], col[i + 1]);
                col[i] = c * a + s * b;
                col[i + 1] = -s * a + c * b;
            }
            let (a, b) = (col[j], col[j + 1]);
            let rho = a.hypot(b);
            let (c, s) = if rho == 0.0 {
                (1.0, 0.0)
            } else {
                (a / rho, b / rho)
            };
            col[j] = rho;
            col[j + 1] = 0.0;
            self.rot.push((c, s));
            let gj = self.g[j];
            self.g[j] = c * gj;
            self.g.push(-s * gj);
            k += 1;
            // A zero `next` is the exact solution in this space (a "lucky" breakdown).
            if self.g[k].abs() <= tol || next == 0.0 || !next.is_finite() {
                break;
            }
        }
        // Back substitution in the triangularised Hessenberg matrix, then f += Σ yⱼ zⱼ.
        let mut y = [0.0; RESTART];
        for i in (0..k).rev() {
            let mut s = self.g[i];
            for (l, yl) in y.iter().enumerate().take(k).skip(i + 1) {
                s -= self.h[l][i] * yl;
            }
            y[i] = if self.h[i][i] == 0.0 {
                0.0
            } else {
                s / self.h[i][i]
            };
        }
        for (zj, &yj) in self.z.iter().zip(&y[..k]) {
            for (fi, &zi) in f.iter_mut().zip(zj) {
                *fi += yj * zi;
            }
        }
        Cycle {
            iterations: k as u32,
            estimate: self.g[k].abs(),
        }
    }

    /// Vectors of length `n` for a full cycle.
    fn reserve(&mut self, n: usize) {
        if self.v.first().is_some_and(|v| v.len() != n) {
            self.v.clear();
            self.z.clear();
        }
        self.v.resize_with(RESTART + 1, || vec![0.0; n]);
        self.z.resize_with(RESTART, || vec![0.0; n]);
        self.h.resize(RESTART, [0.0; RESTART + 1]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::verify::Rng;
    use nalgebra::{DMatrix, DVector};

    /// A non-symmetric, well-conditioned `n × n` matrix, and the same with a perturbation of
    /// relative size `delta` (the matrix the factor was computed for, and today's).
    fn matrices(n: usize, delta: f64, seed: u64) -> (DMatrix<f64>, DMatrix<f64>) {
        let mut rng = Rng::new(seed);
        let old = DMatrix::from_fn(n, n, |i, j| {
            rng.signed() / n as f64 + if i == j { 1.0 } else { 0.0 }
        });
        let now = DMatrix::from_fn(n, n, |i, j| old[(i, j)] + delta * rng.signed());
        (old, now)
    }

    fn residual(a: &DMatrix<f64>, f: &[f64], u: &DVector<f64>) -> DVector<f64> {
        u - a * DVector::from_column_slice(f)
    }

    /// One cycle on `a f = u` from `f`, preconditioned by the LU of `factored`.
    fn cycle(
        a: &DMatrix<f64>,
        factored: &DMatrix<f64>,
        u: &DVector<f64>,
        tol: f64,
        f: &mut [f64],
    ) -> Cycle {
        let lu = factored.clone().lu();
        let r = residual(a, f, u);
        Gmres::default().cycle(
            r.as_slice(),
            r.norm(),
            tol,
            f,
            |x| {
                let y = lu.solve(&DVector::from_column_slice(x)).unwrap();
                x.copy_from_slice(y.as_slice());
            },
            |x, out| out.copy_from_slice((a * DVector::from_column_slice(x)).as_slice()),
        )
    }

    /// `k` steps of stationary refinement `f ← f + Ã⁻¹(u − a f)` from zero, `Ã` the LU of
    /// `factored`.
    fn refinement(
        a: &DMatrix<f64>,
        factored: &DMatrix<f64>,
        u: &DVector<f64>,
        k: usize,
    ) -> Vec<f64> {
        let lu = factored.clone().lu();
        let mut f = vec![0.0; u.len()];
        for _ in 0..k {
            let d = lu.solve(&residual(a, &f, u)).unwrap();
            f.iter_mut().zip(d.iter()).for_each(|(x, y)| *x += y);
        }
        f
    }

    #[test]
    fn converges_where_stationary_refinement_diverges() {
        let n = 24;
        let (old, now) = matrices(n, 0.6, 7);
        let u = DVector::from_fn(n, |i, _| (i as f64 * 0.37).sin());
        // Stationary refinement with the old factor grows the residual.
        let r0 = u.norm();
        let f = refinement(&now, &old, &u, 20);
        assert!(
            residual(&now, &f, &u).norm() > r0,
            "refinement should diverge here"
        );
        // GMRES with the same factor reaches the tolerance within n iterations.
        let mut f = vec![0.0; n];
        let tol = 1e-10 * r0;
        let cycle = cycle(&now, &old, &u, tol, &mut f);
        assert!(cycle.iterations as usize <= n, "{cycle:?}");
        let true_r = residual(&now, &f, &u).norm();
        assert!(cycle.estimate <= tol, "{cycle:?}");
        assert!(
            true_r <= 10.0 * tol,
            "true residual {true_r:.2e}, tol {tol:.2e}"
        );
    }

    #[test]
    fn its_residual_is_never_above_refinements_for_the_same_products() {
        // A factor close to today's matrix: both converge; after k products GMRES's residual
        // is at most refinement's (it minimises over the space refinement's iterates lie in).
        let n = 40;
        let (old, now) = matrices(n, 0.01, 11);
        let u = DVector::from_fn(n, |i, _| 1.0 + (i as f64 * 1.3).cos());
        for k in 1..=6 {
            let r_ref = residual(&now, &refinement(&now, &old, &u, k), &u).norm();
            // Run to refinement's residual after k steps: GMRES gets there within k.
            let mut f = vec![0.0; n];
            let cycle = cycle(&now, &old, &u, r_ref * (1.0 + 1e-9), &mut f);
            assert!(
                cycle.iterations as usize <= k,
                "k = {k}: GMRES needed {} iterations to reach refinement's residual",
                cycle.iterations
            );
        }
    }

    #[test]
    fn the_factor_of_todays_matrix_converges_in_one_iteration() {
        // A Ã⁻¹ = I up to round-off: the Krylov space of one vector holds the solution.
        let n = 10;
        let (_, now) = matrices(n, 0.0, 3);
        let u = DVector::from_fn(n, |i, _| i as f64 - 4.5);
        let mut f = vec![0.0; n];
        let cycle = cycle(&now, &now, &u, 1e-12 * u.norm(), &mut f);
        assert_eq!(cycle.iterations, 1, "{cycle:?}");
        assert!(residual(&now, &f, &u).norm() <= 1e-12 * u.norm());
    }
}
