//! Regularized Stokeslet Segments (RSS): the hydrodynamic force of a viscous fluid at low
//! Reynolds number on every rod of the scene, with hydrodynamic interactions between all
//! segments of all rods (Cortez 2018; seed 001 App. A, Eqs. A.6–A.8, and Alg. 2 line 4).
//!
//! **Model.** The rods exert a force density `fⱼ` (N/m) on the fluid, linear along each edge.
//! No slip makes the fluid velocity at node `j` equal the node velocity `Uⱼ`, so, summing the
//! segment kernel ([`super::rss_kernel`]) over every edge of every rod (Eq. A.6),
//!
//! `U = A f`,  `A` dense `3N × 3N` over all `N` rod nodes, `A_{jk} = (1/8πη) Σ_edges A₁/A₂`.
//!
//! The fluid pushes back on the rods with `Fⱼ = −fⱼ Δlⱼ` (N), `Δlⱼ` the current Voronoi length
//! of node `j` (Eq. A.8; the paper's `F^hydro = f Δl` is the force on the fluid). `Σ Fⱼ·Uⱼ =
//! −fᵀ D A f < 0`: the fluid dissipates. Twist DOFs get no hydrodynamic torque (as in the paper).
//! Spheres are not part of the fluid model.
//!
//! **Time integration.** As in Alg. 2, the force is explicit: it is computed once per step in
//! [`ExternalForce::begin_step`] from the positions and velocities at the start of the step and
//! held fixed through the Newton iterations, so its Jacobian is zero and its incremental
//! potential is the linear `−F·(z − q_origin)` at the evaluation point `z` (`−F·(q − qₙ)` under
//! implicit Euler). Under every integrator the force stays explicit (first order in time).
//!
//! **Regularisation.** `ε = 1.02 h` with `h` the radius of the rod that owns the segment (App. A,
//! after Cortez 2018), or one value for every segment when given.
//!
//! **Solve.** `A` is not symmetric: the collocation `A_{jk} = ∫ S(xⱼ − x(s)) φₖ(s) ds` differs
//! from `A_{kj}` wherever the rod is curved or near rod ends (each 3×3 block is symmetric, and
//! reciprocity holds only up to the discretisation), so Cholesky does not apply and `A f = U` is
//! solved through an LU factorisation with partial pivoting (faer). The factor is kept from step
//! to step: the rods move little in one step, so the LU of an earlier `A` is an excellent
//! preconditioner, and each step runs iterative refinement `f ← f + Ã⁻¹(U − A f)` (one dense
//! matrix–vector product in double precision and two triangular solves, `O(N²)`), starting from
//! `f` extrapolated from the last two steps, until `‖U − A f‖ ≤ 10⁻⁸ ‖U‖` — far below the
//! `O(Δt)` error of holding the force fixed over the step. When the contraction per iteration
//! gets worse than [`REFACTOR_RATE`], the current `A` is factorised afresh (`O(N³)`). The factor
//! is computed in single precision (half the time and memory traffic): it only preconditions,
//! and the residuals are exact in double precision (mixed-precision iterative refinement).
//! `A` is assembled in parallel over its rows, the matrix–vector product in parallel over rows
//! with a fixed summation order, and the factorisation and triangular solves run on one thread,
//! so the force is bit-identical for any thread count.

use super::force::ExternalError;
use super::rss_kernel::{Edge, EndPoint, coefficients, combine};
use super::{ExternalForce, ExternalState, ForceEval, NodeDerivatives, StepStart};
use crate::math::Vec3;
use crate::model::Model;
use faer::dyn_stack::{MemBuffer, MemStack};
use faer::linalg::lu::partial_pivoting::{factor, solve};
use faer::perm::PermRef;
use faer::{Conj, Mat, MatRef, Par};
use rayon::prelude::*;
use std::time::Instant;

/// Default regularisation `ε/h` (seed 001 App. A).
pub const DEFAULT_EPSILON_FACTOR: f64 = 1.02;
/// Relative residual `‖U − A f‖/‖U‖` the solve reaches every step.
pub const SOLVE_TOLERANCE: f64 = 1e-8;
/// Refinement with a reused factor contracting the residual by less than this factor per
/// iteration triggers a fresh factorisation.
pub const REFACTOR_RATE: f64 = 0.1;
/// Dense matrices larger than this (bytes) are refused with an error.
pub const MAX_MATRIX_BYTES: f64 = 16e9;
const MAX_REFINEMENT: u32 = 8;

/// Counters of the dense solves, for reports and benchmarks.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct RssStats {
    /// Steps whose force was computed.
    pub solves: u64,
    /// LU factorisations.
    pub factorisations: u64,
    /// Refinement iterations (each one matrix–vector product and two triangular solves).
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

/// The RSS fluid force with viscosity `η` (Pa·s).
#[derive(Debug)]
pub struct RegularizedStokeslets {
    viscosity: f64,
    epsilon: Option<f64>,
    /// Force on the rods for the current step (N, per global DOF); empty before the first step.
    force: Vec<f64>,
    solver: DenseSolver,
}

impl RegularizedStokeslets {
    /// A fluid of viscosity `viscosity` (Pa·s, > 0). `epsilon` (m, > 0) is the regularisation of
    /// every segment; `None` takes `1.02 h` per rod.
    pub fn new(viscosity: f64, epsilon: Option<f64>) -> Result<Self, ExternalError> {
        if !(viscosity.is_finite() && viscosity > 0.0) {
            return Err(ExternalError::new(
                "RSS fluid",
                format!("viscosity must be a positive number of Pa·s, got {viscosity}"),
            ));
        }
        if let Some(e) = epsilon
            && !(e.is_finite() && e > 0.0)
        {
            return Err(ExternalError::new(
                "RSS fluid",
                format!("epsilon must be a positive length (m), got {e}"),
            ));
        }
        Ok(Self {
            viscosity,
            epsilon,
            force: Vec::new(),
            solver: DenseSolver::default(),
        })
    }

    /// Viscosity `η` (Pa·s).
    pub fn viscosity(&self) -> f64 {
        self.viscosity
    }

    /// Regularisation used for the edges of rod `r` (m).
    pub fn epsilon_of(&self, model: &Model, r: usize) -> f64 {
        self.epsilon
            .unwrap_or_else(|| DEFAULT_EPSILON_FACTOR * model.rods[r].section.contact_radius())
    }

    /// Solve counters.
    pub fn stats(&self) -> RssStats {
        self.solver.stats
    }

    /// The force on the rods computed by the last [`ExternalForce::begin_step`] (N, per global
    /// DOF; empty before the first step).
    pub fn step_force(&self) -> &[f64] {
        &self.force
    }

    /// The matrix `A` of `U = A f` at configuration `q` (m²/(N·s): velocity per force density),
    /// rows and columns ordered by global node and then x, y, z.
    pub fn matrix(&self, model: &Model, q: &[f64]) -> Result<Mat<f64>, ExternalError> {
        let mut buf = Vec::new();
        let n = self.assemble(model, q, &mut buf)?;
        Ok(MatRef::from_row_major_slice(&buf, n, n).to_owned())
    }

    /// Computes the force on the rods `F = −D A⁻¹ U` for node velocities taken from `v`, at
    /// configuration `q`, and keeps it as the step force (N, per global DOF).
    pub fn compute(
        &mut self,
        model: &Model,
        q: &[f64],
        v: &[f64],
    ) -> Result<&[f64], ExternalError> {
        let started = Instant::now();
        let mut a = std::mem::take(&mut self.solver.a);
        let assembled = self.assemble(model, q, &mut a);
        self.solver.a = a;
        self.solver.stats.assemble_seconds += started.elapsed().as_secs_f64();
        let n = assembled?;
        let mut u = Vec::with_capacity(n);
        for rod in &model.rods {
            for i in 0..rod.n_nodes {
                u.extend_from_slice(rod.node(v, i).as_slice());
            }
        }
        if let Some(k) = u.iter().position(|x| !x.is_finite()) {
            return Err(ExternalError::new(
                "RSS fluid",
                format!("node velocity component {k} is not finite"),
            ));
        }
        let factorisations = self.solver.stats.factorisations;
        self.solver.solve(&u)?;
        if self.solver.stats.factorisations != factorisations {
            // The preconditioner now factors A(q): keep q, so a checkpoint can rebuild it.
            self.solver.factored_q.clear();
            self.solver.factored_q.extend_from_slice(q);
        }
        self.force.clear();
        self.force.resize(q.len(), 0.0);
        for rod in &model.rods {
            for i in 0..rod.n_nodes {
                let dl = voronoi_length(rod, q, i);
                let g = rod.first_node + i;
                let k = rod.node_dof(i);
                for c in 0..3 {
                    self.force[k + c] = -dl * self.solver.f[3 * g + c];
                }
            }
        }
        Ok(&self.force)
    }

    /// Assembles `A` (as in [`RegularizedStokeslets::matrix`]) row-major into `buf`; returns its
    /// order `3N`.
    pub fn assemble(
        &self,
        model: &Model,
        q: &[f64],
        buf: &mut Vec<f64>,
    ) -> Result<usize, ExternalError> {
        let nodes: Vec<Vec3> = model
            .rods
            .iter()
            .flat_map(|rod| (0..rod.n_nodes).map(|i| rod.node(q, i)))
            .collect();
        let n = 3 * nodes.len();
        let bytes = (n as f64) * (n as f64) * 8.0;
        if bytes > MAX_MATRIX_BYTES {
            return Err(ExternalError::new(
                "RSS fluid",
                format!(
                    "the dense RSS matrix of {} rod nodes needs {:.1} GB (limit {:.0} GB)",
                    nodes.len(),
                    bytes / 1e9,
                    MAX_MATRIX_BYTES / 1e9
                ),
            ));
        }
        // Per node, the ε² of its rod; per rod, its edges (first node, geometry).
        let mut eps2 = Vec::with_capacity(nodes.len());
        let mut rods: Vec<Vec<(usize, Edge)>> = Vec::with_capacity(model.rods.len());
        for (r, rod) in model.rods.iter().enumerate() {
            let eps = self.epsilon_of(model, r);
            eps2.extend(std::iter::repeat_n(eps * eps, rod.n_nodes));
            rods.push(
                (0..rod.n_nodes - 1)
                    .map(|i| {
                        let a = rod.first_node + i;
                        (a, Edge::new(&nodes[a], &nodes[a + 1], eps))
                    })
                    .collect(),
            );
        }
        let scale = 1.0 / (8.0 * std::f64::consts::PI * self.viscosity);
        // Every block of every row is written below: no need to clear what is there.
        buf.resize(n * n, 0.0);
        if n == 0 {
            return Ok(0);
        }
        // Row block j (node j's three velocity components) is independent of every other.
        // Column block k collects A₂ of edge k − 1 and A₁ of edge k of the same rod: the first is
        // carried over and the sum written once.
        buf.par_chunks_mut(3 * n)
            .zip(nodes.par_iter())
            .for_each_init(Vec::new, |ends: &mut Vec<EndPoint>, (rows, xhat)| {
                ends.clear();
                ends.extend(
                    nodes
                        .iter()
                        .zip(&eps2)
                        .map(|(x, e2)| EndPoint::new(x, xhat, *e2)),
                );
                for edges in &rods {
                    let mut carry = [0.0; 6];
                    for (a, edge) in edges {
                        let (p0, p1) = (&ends[*a], &ends[*a + 1]);
                        let c = coefficients(edge, p0, p1);
                        let b1 = combine(&c.a1, scale, &p0.r, edge);
                        write_block(rows, n, *a, &std::array::from_fn(|k| b1[k] + carry[k]));
                        carry = combine(&c.a2, scale, &p0.r, edge);
                    }
                    if let Some((a, _)) = edges.last() {
                        write_block(rows, n, a + 1, &carry);
                    }
                }
            });
        Ok(n)
    }
}

/// Writes the symmetric block `b` (`xx, yy, zz, xy, xz, yz`) into column block `col` of the
/// three rows `rows` (row-major, row length `n`).
#[inline]
fn write_block(rows: &mut [f64], n: usize, col: usize, b: &[f64; 6]) {
    let k = 3 * col;
    rows[k..k + 3].copy_from_slice(&[b[0], b[3], b[4]]);
    rows[n + k..n + k + 3].copy_from_slice(&[b[3], b[1], b[5]]);
    rows[2 * n + k..2 * n + k + 3].copy_from_slice(&[b[4], b[5], b[2]]);
}

/// Current Voronoi length of node `i` (m): half of each adjacent edge.
fn voronoi_length(rod: &crate::model::Rod, q: &[f64], i: usize) -> f64 {
    let mut l = 0.0;
    if i > 0 {
        l += 0.5 * (rod.node(q, i) - rod.node(q, i - 1)).norm();
    }
    if i + 1 < rod.n_nodes {
        l += 0.5 * (rod.node(q, i + 1) - rod.node(q, i)).norm();
    }
    l
}

impl ExternalForce for RegularizedStokeslets {
    fn name(&self) -> &'static str {
        "RSS fluid"
    }
    fn begin_step(&mut self, s: &StepStart) -> Result<(), ExternalError> {
        self.compute(s.model, s.q, s.v).map(|_| ())
    }
    fn add(&self, _e: &ForceEval, force: &mut [f64], _jac: &mut NodeDerivatives) {
        if self.force.len() == force.len() {
            for (f, h) in force.iter_mut().zip(&self.force) {
                *f += h;
            }
        }
    }
    /// The warm start (`f` of the last two solves) and the configuration of the reused factor:
    /// with them a resumed run refines from the same guess with the same preconditioner.
    fn save_state(&self) -> Option<ExternalState> {
        let s = &self.solver;
        Some(ExternalState {
            force: self.name().into(),
            vectors: vec![
                ("f".into(), s.f.clone()),
                ("f_before".into(), s.f_before.clone()),
                ("factored_q".into(), s.factored_q.clone()),
            ],
        })
    }
    fn restore_state(&mut self, model: &Model, state: &ExternalState) -> Result<(), String> {
        let get = |name: &str| {
            state
                .vector(name)
                .map(<[f64]>::to_vec)
                .ok_or_else(|| format!("the RSS state has no `{name}`"))
        };
        let (f, f_before, factored_q) = (get("f")?, get("f_before")?, get("factored_q")?);
        self.solver.f = f;
        self.solver.f_before = f_before;
        self.solver.perm_fwd.clear();
        if !factored_q.is_empty() {
            if factored_q.len() != model.q.len() {
                return Err(format!(
                    "the RSS factor was saved for {} DOFs, the scene has {}",
                    factored_q.len(),
                    model.q.len()
                ));
            }
            let mut a = std::mem::take(&mut self.solver.a);
            let n = self
                .assemble(model, &factored_q, &mut a)
                .map_err(|e| e.to_string())?;
            self.solver.a = a;
            if self.solver.f.len() != n {
                return Err(format!(
                    "the RSS warm start has {} entries, the matrix order is {n}",
                    self.solver.f.len()
                ));
            }
            self.solver.factorise().map_err(|e| e.to_string())?;
            self.solver.factored_q = factored_q;
        }
        Ok(())
    }
    fn incremental_potential(&self, e: &ForceEval) -> Option<f64> {
        if self.force.len() != e.q.len() {
            return Some(0.0);
        }
        Some(
            -self
                .force
                .iter()
                .zip(e.q.iter().zip(e.q_origin))
                .map(|(f, (q, p))| f * (q - p))
                .sum::<f64>(),
        )
    }
}

/// Dense `A f = U` with a reused LU factor as preconditioner (see the module notes).
struct DenseSolver {
    /// `A` of the current step, row-major.
    a: Vec<f64>,
    /// Single-precision LU factors `P B = L U` of `B = Aᵀ` for an earlier `A` (unit lower `L`
    /// below the diagonal, `U` on and above it). The row-major `A` is `Aᵀ` column-major, so
    /// no transposition is needed; `A x = b` is then solved as `Bᵀ x = b`.
    lu: Mat<f32>,
    rhs32: Vec<f32>,
    perm_fwd: Vec<usize>,
    perm_bwd: Vec<usize>,
    /// Solution of the last solve.
    f: Vec<f64>,
    /// Solution of the solve before (for the extrapolated starting guess).
    f_before: Vec<f64>,
    residual: Vec<f64>,
    /// The configuration whose `A` the single-precision factor was computed from.
    factored_q: Vec<f64>,
    stats: RssStats,
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
    /// Factorises the current `A` in single precision (one thread: bit-identical for any
    /// thread count). The factor only preconditions the refinement, whose residuals are exact
    /// in double precision, so `f` still reaches [`SOLVE_TOLERANCE`] (mixed-precision iterative
    /// refinement: Moler 1967; Langou et al. 2006, Proc. ACM/IEEE SC'06) — at half the memory
    /// traffic and about half the time of a double-precision factor.
    fn factorise(&mut self) -> Result<(), ExternalError> {
        let started = Instant::now();
        let n = self.f.len();
        let a = &self.a;
        self.lu = Mat::from_fn(n, n, |i, j| a[j * n + i] as f32);
        self.perm_fwd.resize(n, 0);
        self.perm_bwd.resize(n, 0);
        let par = Par::Seq;
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

    /// `x ← Ã⁻¹ x` with the stored factor `Ã` of an earlier `A`.
    fn precondition(&mut self, x: &mut [f64]) {
        let n = x.len();
        let par = Par::Seq;
        self.rhs32.clear();
        self.rhs32.extend(x.iter().map(|&v| v as f32));
        let perm = PermRef::new_checked(&self.perm_fwd, &self.perm_bwd, n);
        let mut mem = MemBuffer::new(solve::solve_transpose_in_place_scratch::<usize, f32>(
            n, 1, par,
        ));
        solve::solve_transpose_in_place_with_conj(
            self.lu.as_ref(),
            self.lu.as_ref(),
            perm,
            Conj::No,
            faer::MatMut::from_column_major_slice_mut(&mut self.rhs32, n, 1),
            par,
            MemStack::new(&mut mem),
        );
        for (v, w) in x.iter_mut().zip(&self.rhs32) {
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

    /// Solves `A f = U` for the `A` in `self.a` into `self.f`.
    fn solve(&mut self, u: &[f64]) -> Result<(), ExternalError> {
        let started = Instant::now();
        let factorise_before = self.stats.factorise_seconds;
        let result = self.refine(u);
        self.stats.refine_seconds +=
            started.elapsed().as_secs_f64() - (self.stats.factorise_seconds - factorise_before);
        result
    }

    fn refine(&mut self, u: &[f64]) -> Result<(), ExternalError> {
        let n = u.len();
        self.stats.solves += 1;
        let u_norm = u.iter().map(|x| x * x).sum::<f64>().sqrt();
        // Starting guess: f extrapolated linearly from the last two solves, 2fₙ − fₙ₋₁.
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
        if u_norm == 0.0 {
            self.f.fill(0.0);
            self.stats.last_relative_residual = 0.0;
            return Ok(());
        }
        let mut fresh = false;
        if self.perm_fwd.len() != n {
            self.factorise()?;
            fresh = true;
        }
        let tol = SOLVE_TOLERANCE * u_norm;
        let mut prev = f64::INFINITY;
        let mut iterations = 0;
        loop {
            let r = self.update_residual(u);
            if !r.is_finite() {
                return Err(ExternalError::new(
                    "RSS fluid",
                    "the residual of A f = U is not finite".into(),
                ));
            }
            self.stats.last_relative_residual = r / u_norm;
            if r <= tol {
                return Ok(());
            }
            if iterations > 0 && (r > REFACTOR_RATE * prev || iterations >= MAX_REFINEMENT) {
                if fresh {
                    // A factor of this very A has stalled: r is at its round-off floor.
                    return Ok(());
                }
                self.factorise()?;
                fresh = true;
                prev = f64::INFINITY;
                iterations = 0;
                continue;
            }
            prev = r;
            let mut d = std::mem::take(&mut self.residual);
            self.precondition(&mut d);
            for (f, di) in self.f.iter_mut().zip(&d) {
                *f += di;
            }
            self.residual = d;
            iterations += 1;
            self.stats.refinements += 1;
        }
    }
}

/// Dot product with four independent partial sums (a fixed order: deterministic).
#[inline]
fn dot(a: &[f64], b: &[f64]) -> f64 {
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
