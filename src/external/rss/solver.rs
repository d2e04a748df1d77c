//! The dense solve of `A f = U`: GMRES preconditioned by a reused single-precision LU factor
//! (mixed-precision GMRES-based iterative refinement, [`super::gmres`]), warm-started from the
//! last two solves, the factor replaced at the least amortised cost ([`super::refactor`]).

use super::gmres::{Cycle, Gmres, RESTART};
use super::refactor::FactorAge;
use crate::external::ExternalError;
use faer::dyn_stack::{MemBuffer, MemStack};
use faer::linalg::lu::partial_pivoting::{factor, solve};
use faer::perm::PermRef;
use faer::{Conj, Mat, Par};
use rayon::prelude::*;
use std::time::Instant;

/// Relative residual `‖U − A f‖/‖U‖` the solve reaches every step.
pub const SOLVE_TOLERANCE: f64 = 1e-8;
/// Smallest order factorised on every thread. Below it faer's parallel LU is no faster on
/// two threads than on one (`cargo bench --bench rss -- cold`: 3.4 against 3.2 ms at the
/// order 408 of two flagella, 7.7 against 6.4 ms at 612, 21.5 against 20.5 ms at 1,020),
/// at 2,040 it is 1.6× (85 against 140 ms). Either way the factor has the same bits.
const PARALLEL_FACTOR_MIN: usize = 1536;
/// Iterations one solve may take on a reused factor before it factorises its own `A` (one
/// full GMRES cycle).
const MAX_ITERATIONS: u32 = RESTART as u32;
/// A GMRES cycle that leaves more than this fraction of the residual has stalled: the solve
/// factorises its own `A` (or, on a fresh factor, stops at the round-off floor).
const STALL: f64 = 0.5;

/// Counters of the dense solves, for reports (`summary.json`'s `rss`, `catena run --profile`)
/// and benchmarks. A resumed run counts from the resume.
#[derive(Debug, Clone, Copy, Default, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct RssStats {
    /// Steps whose force was computed.
    pub solves: u64,
    /// LU factorisations.
    pub factorisations: u64,
    /// Refinement (GMRES) iterations: each one matrix–vector product and two triangular
    /// solves.
    pub refinements: u64,
    /// `‖U − A f‖/‖U‖` of the last solve.
    pub last_relative_residual: f64,
    /// Wall time spent assembling `A` (s).
    pub assemble_seconds: f64,
    /// Wall time spent factorising (s).
    pub factorise_seconds: f64,
    /// Wall time spent in refinement: residuals and triangular solves (s).
    pub refine_seconds: f64,
}

/// Dense `A f = U` with a reused LU factor as preconditioner (see the notes of the `rss`
/// module).
pub(super) struct DenseSolver {
    /// `A` of the current step, row-major.
    pub(super) a: Vec<f64>,
    /// Single-precision LU factors `P B = L U` of `B = Aᵀ` for an earlier `A` (unit lower `L`
    /// below the diagonal, `U` on and above it). The row-major `A` is `Aᵀ` column-major, so
    /// no transposition is needed; `A x = b` is then solved as `Bᵀ x = b`.
    lu: Mat<f32>,
    rhs32: Vec<f32>,
    pub(super) perm_fwd: Vec<usize>,
    perm_bwd: Vec<usize>,
    /// Solution of the last solve.
    pub(super) f: Vec<f64>,
    /// Solution of the solve before (for the extrapolated starting guess).
    pub(super) f_before: Vec<f64>,
    /// `U − A f` of the current iterate.
    pub(super) residual: Vec<f64>,
    /// The configuration whose `A` the single-precision factor was computed from.
    pub(super) factored_q: Vec<f64>,
    /// What the factor has cost so far, and whether the next solve replaces it.
    pub(super) age: FactorAge,
    gmres: Gmres,
    pub(super) stats: RssStats,
}

impl Default for DenseSolver {
    fn default() -> Self {
        Self {
            a: Vec::new(),
            lu: Mat::new(),
            rhs32: Vec::new(),
            perm_fwd: Vec::new(),
            perm_bwd: Vec::new(),
            f: Vec::new(),
            f_before: Vec::new(),
            residual: Vec::new(),
            factored_q: Vec::new(),
            age: FactorAge::default(),
            gmres: Gmres::default(),
            stats: RssStats::default(),
        }
    }
}

impl std::fmt::Debug for DenseSolver {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("DenseSolver")
            .field("order", &self.perm_fwd.len())
            .field("stats", &self.stats)
            .finish()
    }
}

impl DenseSolver {
    /// Factorises the current `A` in single precision, from order [`PARALLEL_FACTOR_MIN`] on
    /// every thread of the current pool (faer's blocked LU splits its updates by output tiles,
    /// so its bits do not depend on the number of threads: `par_tests` checks it up to the
    /// order 2,040 of the M = 10 flagella), and starts the count of its cost afresh.
    /// The factor only preconditions GMRES, whose residuals are exact in double precision, so
    /// `f` still reaches [`SOLVE_TOLERANCE`] (mixed-precision iterative refinement: Moler 1967;
    /// Langou et al. 2006, Proc. ACM/IEEE SC'06; Carson & Higham 2017) — at half the memory
    /// traffic and about half the time of a double-precision factor.
    pub(super) fn factorise(&mut self) -> Result<(), ExternalError> {
        let started = Instant::now();
        let n = self.f.len();
        let a = &self.a;
        // Filled in place: a fresh n × n factor per factorisation (0.68 MB at M = 2) freed
        // at the next one fragments glibc's heap (see `crate::math::Scratch`).
        if self.lu.nrows() != n || self.lu.ncols() != n {
            self.lu = Mat::zeros(n, n);
        }
        for j in 0..n {
            for (i, x) in self.lu.col_mut(j).iter_mut().enumerate() {
                *x = a[j * n + i] as f32;
            }
        }
        self.perm_fwd.resize(n, 0);
        self.perm_bwd.resize(n, 0);
        let par = if n >= PARALLEL_FACTOR_MIN {
            Par::rayon(0)
        } else {
            Par::Seq
        };
        let mut mem = MemBuffer::new(factor::lu_in_place_scratch::<usize, f32>(
            n,
            n,
            par,
            Default::default(),
        ));
        factor::lu_in_place(
            self.lu.as_mut(),
            &mut self.perm_fwd,
            &mut self.perm_bwd,
            par,
            MemStack::new(&mut mem),
            Default::default(),
        );
        self.stats.factorisations += 1;
        self.age.reset();
        self.stats.factorise_seconds += started.elapsed().as_secs_f64();
        if let Some(k) = (0..n).find(|&k| {
            let d = self.lu[(k, k)];
            !(d.is_finite() && d != 0.0)
        }) {
            // Force a fresh factorisation next time.
            self.perm_fwd.clear();
            return Err(ExternalError::new(
                "RSS fluid",
                format!(
                    "the RSS matrix is singular (pivot {k} of {n} is {}); do two rod nodes coincide?",
                    self.lu[(k, k)]
                ),
            ));
        }
        Ok(())
    }

    /// `x ← Ã⁻¹ x` with the stored factor `Ã` of an earlier `A` (`rhs32`: scratch).
    fn precondition(&self, rhs32: &mut Vec<f32>, x: &mut [f64]) {
        let n = x.len();
        let par = Par::Seq;
        rhs32.clear();
        rhs32.extend(x.iter().map(|&v| v as f32));
        let perm = PermRef::new_checked(&self.perm_fwd, &self.perm_bwd, n);
        let mut mem = MemBuffer::new(solve::solve_transpose_in_place_scratch::<usize, f32>(
            n, 1, par,
        ));
        solve::solve_transpose_in_place_with_conj(
            self.lu.as_ref(),
            self.lu.as_ref(),
            perm,
            Conj::No,
            faer::MatMut::from_column_major_slice_mut(rhs32, n, 1),
            par,
            MemStack::new(&mut mem),
        );
        for (v, w) in x.iter_mut().zip(rhs32.iter()) {
            *v = f64::from(*w);
        }
    }

    /// `residual ← U − A f`; returns its norm.
    fn update_residual(&mut self, u: &[f64]) -> f64 {
        let n = u.len();
        let (a, f) = (&self.a, &self.f);
        self.residual.resize(n, 0.0);
        self.residual
            .par_iter_mut()
            .enumerate()
            .for_each(|(i, r)| *r = u[i] - dot(&a[i * n..(i + 1) * n], f));
        self.residual.iter().map(|x| x * x).sum::<f64>().sqrt()
    }

    /// Solves `A f = U` for the `A` in `self.a` into `self.f`, from the starting guess
    /// [`Self::start`] made. With `fused`, the residual `U − A f` of that guess is already in
    /// `self.residual` (computed while `A` was assembled).
    pub(super) fn solve(&mut self, u: &[f64], fused: bool) -> Result<(), ExternalError> {
        let started = Instant::now();
        let factorise_before = self.stats.factorise_seconds;
        let result = self.refine(u, fused);
        self.stats.refine_seconds +=
            started.elapsed().as_secs_f64() - (self.stats.factorise_seconds - factorise_before);
        result
    }

    /// The starting guess of the next solve of order `n` into `self.f`: `f` extrapolated
    /// linearly from the last two solves, `2fₙ − fₙ₋₁` (zero for the first).
    pub(super) fn start(&mut self, n: usize) {
        if self.f.len() != n {
            self.f.clear();
            self.f.resize(n, 0.0);
            self.f_before.clear();
        } else if self.f_before.len() != n {
            self.f_before.clone_from(&self.f);
        } else {
            for (f, b) in self.f.iter_mut().zip(self.f_before.iter_mut()) {
                let last = *f;
                *f = 2.0 * last - *b;
                *b = last;
            }
        }
    }

    fn refine(&mut self, u: &[f64], fused: bool) -> Result<(), ExternalError> {
        let n = u.len();
        self.stats.solves += 1;
        let u_norm = u.iter().map(|x| x * x).sum::<f64>().sqrt();
        if u_norm == 0.0 {
            self.f.fill(0.0);
            self.stats.last_relative_residual = 0.0;
            return Ok(());
        }
        let mut fresh = false;
        if self.perm_fwd.len() != n || self.age.stale {
            self.factorise()?;
            fresh = true;
        }
        let tol = SOLVE_TOLERANCE * u_norm;
        let mut r = if fused {
            self.residual.iter().map(|x| x * x).sum::<f64>().sqrt()
        } else {
            self.update_residual(u)
        };
        let mut iterations = 0;
        loop {
            if !r.is_finite() {
                return Err(ExternalError::new(
                    "RSS fluid",
                    "the residual of A f = U is not finite".into(),
                ));
            }
            self.stats.last_relative_residual = r / u_norm;
            if r <= tol {
                break;
            }
            if iterations >= MAX_ITERATIONS {
                if fresh {
                    // A factor of this very A has stalled: r is at its round-off floor.
                    break;
                }
                self.factorise()?;
                fresh = true;
                iterations = 0;
            }
            let cycle = self.gmres_cycle(r, tol);
            iterations += cycle.iterations;
            self.stats.refinements += u64::from(cycle.iterations);
            let before = r;
            r = self.update_residual(u);
            if r.is_finite() && r > tol && r > STALL * before {
                // The cycle gained less than a factor STALL: no further cycle on this factor.
                iterations = MAX_ITERATIONS;
            }
        }
        self.age.record(iterations, n);
        Ok(())
    }

    /// One GMRES cycle on the residual in `self.residual` (of norm `r`), adding its
    /// correction to `f`.
    fn gmres_cycle(&mut self, r: f64, tol: f64) -> Cycle {
        let mut gmres = std::mem::take(&mut self.gmres);
        let mut f = std::mem::take(&mut self.f);
        let residual = std::mem::take(&mut self.residual);
        let mut rhs32 = std::mem::take(&mut self.rhs32);
        let n = f.len();
        let cycle = gmres.cycle(
            &residual,
            r,
            tol,
            &mut f,
            |x| self.precondition(&mut rhs32, x),
            |x, out| {
                let a = &self.a;
                out.par_iter_mut()
                    .enumerate()
                    .for_each(|(i, o)| *o = dot(&a[i * n..(i + 1) * n], x));
            },
        );
        self.gmres = gmres;
        self.rhs32 = rhs32;
        self.f = f;
        self.residual = residual;
        cycle
    }
}

/// Dot product with four independent partial sums (a fixed order: deterministic).
#[inline]
pub(super) fn dot(a: &[f64], b: &[f64]) -> f64 {
    let mut s = [0.0; 4];
    let (ac, ar) = a.split_at(a.len() - a.len() % 4);
    let (bc, br) = b.split_at(ac.len());
    for (x, y) in ac.chunks_exact(4).zip(bc.chunks_exact(4)) {
        for k in 0..4 {
            s[k] += x[k] * y[k];
        }
    }
    let mut t = (s[0] + s[1]) + (s[2] + s[3]);
    for (x, y) in ar.iter().zip(br) {
        t += x * y;
    }
    t
}

#[cfg(test)]
mod par_tests {
    use faer::dyn_stack::{MemBuffer, MemStack};
    use faer::linalg::lu::partial_pivoting::factor;
    use faer::{Mat, Par};

    fn lu(a: &Mat<f32>, par: Par) -> (Mat<f32>, Vec<usize>) {
        let n = a.nrows();
        let mut m = a.clone();
        let (mut fwd, mut bwd) = (vec![0; n], vec![0; n]);
        let mut mem = MemBuffer::new(factor::lu_in_place_scratch::<usize, f32>(
            n,
            n,
            par,
            Default::default(),
        ));
        factor::lu_in_place(
            m.as_mut(),
            &mut fwd,
            &mut bwd,
            par,
            MemStack::new(&mut mem),
            Default::default(),
        );
        (m, fwd)
    }

    #[test]
    fn parallel_lu_has_the_sequential_bits() {
        let mut rng = crate::verify::Rng::new(3);
        for n in [300, 1000, 2040] {
            let a = Mat::from_fn(n, n, |i, j| {
                rng.signed() as f32 + if i == j { 4.0 } else { 0.0 }
            });
            let (seq, p0) = lu(&a, Par::Seq);
            for threads in [1, 2, 3] {
                let pool = rayon::ThreadPoolBuilder::new()
                    .num_threads(threads)
                    .build()
                    .unwrap();
                let (par, p1) = pool.install(|| lu(&a, Par::rayon(0)));
                assert_eq!(p0, p1);
                let same =
                    (0..n).all(|j| (0..n).all(|i| seq[(i, j)].to_bits() == par[(i, j)].to_bits()));
                assert!(same, "n = {n}, {threads} threads: the parallel LU differs");
            }
        }
    }
}

#[cfg(test)]
mod solve_tests {
    use super::*;
    use crate::verify::Rng;

    /// A row-major, non-symmetric, diagonally dominant `n × n` matrix.
    fn matrix(n: usize, rng: &mut Rng) -> Vec<f64> {
        (0..n * n)
            .map(|k| rng.signed() / n as f64 + if k / n == k % n { 1.0 } else { 0.0 })
            .collect()
    }

    fn relative_residual(a: &[f64], f: &[f64], u: &[f64]) -> f64 {
        let n = u.len();
        let r: f64 = (0..n)
            .map(|i| (u[i] - dot(&a[i * n..(i + 1) * n], f)).powi(2))
            .sum();
        r.sqrt() / dot(u, u).sqrt()
    }

    #[test]
    fn a_factor_too_stale_for_gmres_is_replaced_within_the_solve() {
        let n = 80;
        let mut rng = Rng::new(5);
        let u: Vec<f64> = (0..n).map(|i| (i as f64 * 0.7).sin()).collect();
        let mut s = DenseSolver {
            a: matrix(n, &mut rng),
            ..DenseSolver::default()
        };
        s.start(n);
        s.solve(&u, false).unwrap();
        assert_eq!(s.stats.factorisations, 1);
        assert!(relative_residual(&s.a, &s.f, &u) <= SOLVE_TOLERANCE);
        // An unrelated matrix: one GMRES cycle on the old factor cannot reach the tolerance,
        // so the solve factorises today's matrix and finishes on it.
        let mut other = matrix(n, &mut rng);
        for (k, v) in other.iter_mut().enumerate() {
            *v += 3.0 * rng.signed() * if k / n == k % n { 0.0 } else { 1.0 };
        }
        s.a = other;
        s.start(n);
        s.solve(&u, false).unwrap();
        assert_eq!(s.stats.factorisations, 2, "{:?}", s.stats);
        let r = relative_residual(&s.a, &s.f, &u);
        assert!(r <= SOLVE_TOLERANCE, "residual {r:.2e}");
        assert!((s.stats.last_relative_residual - r).abs() <= 1e-3 * SOLVE_TOLERANCE);
    }

    #[test]
    fn a_slowly_changing_matrix_keeps_its_factor_until_it_costs_more_than_the_average() {
        // A(t) = A₀ + t E: each solve on A₀'s factor takes more iterations as t grows; the
        // factor is marked stale once a solve costs more than its average, and the next solve
        // factorises first.
        let n = 120;
        let mut rng = Rng::new(9);
        let a0 = matrix(n, &mut rng);
        let e: Vec<f64> = (0..n * n).map(|_| rng.signed() / n as f64).collect();
        let u: Vec<f64> = (0..n).map(|i| 1.0 + (i as f64 * 0.3).cos()).collect();
        let mut s = DenseSolver::default();
        let mut replaced_at = None;
        for step in 0..200 {
            let t = 0.02 * step as f64;
            s.a = a0.iter().zip(&e).map(|(a, e)| a + t * e).collect();
            s.start(n);
            let stale_before = s.age.stale;
            let factorisations = s.stats.factorisations;
            s.solve(&u, false).unwrap();
            assert!(relative_residual(&s.a, &s.f, &u) <= SOLVE_TOLERANCE);
            if step > 0 && s.stats.factorisations > factorisations {
                // A factorisation at the start of a solve only follows a stale mark.
                assert!(
                    stale_before,
                    "step {step}: refactorised without a stale mark"
                );
                replaced_at.get_or_insert(step);
            }
        }
        let first = replaced_at.expect("the factor is replaced as the matrix drifts");
        // (Measured: first replaced after 65 solves, 4 factorisations in all.)
        assert!(first > 10, "replaced after {first} steps");
        assert!(
            s.stats.factorisations <= 20,
            "{} factorisations in 200 solves",
            s.stats.factorisations
        );
    }
}
