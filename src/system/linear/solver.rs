//! The linear solve of each Newton iteration: the envelope LU ([`EnvelopeLu`]), the sparse
//! direct LU ([`SparseLu`]), its symmetric counterpart ([`SparseLblt`], on request) or
//! block-Jacobi-preconditioned BiCGSTAB ([`BiCgStab`]), chosen by [`LinearSolverKind`].
//!
//! Why three: rods give near-banded, stiff, ill-conditioned systems (stretching against
//! bending) where a direct factorisation is fast and a Krylov method would crawl, and where
//! the band is narrow enough for the envelope LU to do only the arithmetic (the supernodal LU
//! spends most of a few-hundred-DOF factorisation on bookkeeping); it hands a system to the
//! pivoting LU when the pattern is wide or a pivot is small. Granular beds give
//! mass-dominated systems on a 3D contact graph, where LU fill grows with the graph
//! (90–100 ms per factorisation of 6,000 DOFs with 2,800 candidate pairs on `dem_box_1000`)
//! and a block-Jacobi Krylov solve converges in a handful of sparse products.
//!
//! The Krylov solve stops at `‖r − J Δq‖ ≤ η ‖r‖` with η = [`KRYLOV_RTOL`]: Newton then
//! converges as with an exact solve down to a residual η times the current one, far below
//! its own tolerances (inexact Newton, Dembo, Eisenstat & Steihaug 1982). A solve that does not
//! converge within [`KRYLOV_MAX_ITER`] iterations, or whose preconditioner has a singular
//! block, is redone with the direct LU (counted in [`LinearSolver::fallbacks`]).

use super::bicgstab::{BiCgStab, KrylovOutcome};
use super::block_jacobi::{BlockGrouping, BlockJacobi, DofBlocks};
use super::bordered::Bordered;
use super::operator::SystemOperator;
use crate::contact::LocalContact;
use crate::model::{DofMap, Model, RankOne};
use crate::system::stages::{StageTimes, lap};
use crate::system::{
    AmdLu, AmdLuState, EnvelopeFailure, EnvelopeLu, LbltFailure, LinearSolverKind, SolveError,
    SolverSettings, SparseLblt, SparseLu, SparsityPattern,
};

/// Relative tolerance η of the Krylov solve.
pub const KRYLOV_RTOL: f64 = 1e-10;

/// Iteration limit of the Krylov solve before falling back to the direct LU.
pub const KRYLOV_MAX_ITER: u32 = 400;

/// Smallest system (free DOFs) that [`LinearSolverKind::Auto`] solves iteratively: 100
/// rotating spheres. Below it a sphere system's LU is small and cheap.
pub const AUTO_ITERATIVE_MIN_DOFS: usize = 600;

/// Solves the Newton system with the solver its [`LinearSolverKind`] picks for the model.
#[derive(Debug, Default)]
pub struct LinearSolver {
    kind: LinearSolverKind,
    lu: SparseLu,
    lblt: SparseLblt,
    amd_lu: AmdLu,
    bordered: Bordered,
    envelope: EnvelopeLu,
    use_envelope: bool,
    /// Whether the unpivoted AMD-ordered LU is tried before the pivoting LU.
    use_amd_lu: bool,
    iterative: bool,
    /// The preconditioner's partition ([`LinearSolver::with_preconditioner`]).
    grouping: BlockGrouping,
    /// Absolute residual (N) below which a Krylov solve stops whatever its relative tolerance
    /// ([`LinearSolver::set_krylov_floor`]).
    krylov_floor: f64,
    blocks: DofBlocks,
    pc: BlockJacobi,
    krylov: BiCgStab,
    x: Vec<f64>,
    stages: StageTimes,
    /// Krylov iterations over every solve.
    pub krylov_iterations: u64,
    /// Krylov solves redone with the direct LU.
    pub fallbacks: u64,
    /// Envelope solves redone with the pivoting LU (small pivot or inaccurate solve; a
    /// pattern too wide for the envelope is not counted).
    pub envelope_fallbacks: u64,
    /// Symmetric (LBLᵀ) solves redone with the LU (an unsymmetric matrix or an inaccurate
    /// solve).
    pub symmetric_fallbacks: u64,
    /// Unpivoted AMD-ordered LU solves ([`AmdLu`]) redone with the pivoting LU (a small pivot
    /// or an inaccurate solve).
    pub amd_lu_fallbacks: u64,
    /// Solves the unpivoted AMD-ordered LU completed.
    pub amd_lu_solves: u64,
}

impl LinearSolver {
    /// The solver of `kind` for `model` (after `Model::finalize`) under an inertial integrator.
    pub fn new(model: &Model, kind: LinearSolverKind) -> Self {
        Self::for_regime(model, kind, true)
    }

    /// [`Self::new`] of the settings' kind, with their Krylov blocks.
    pub fn for_settings(model: &Model, settings: &SolverSettings) -> Self {
        Self::new(model, settings.linear_solver).with_grouping(model, settings.krylov_blocks)
    }

    /// Whether [`LinearSolver::for_regime`] solves iteratively (see there).
    pub fn iterative_for(model: &Model, kind: LinearSolverKind, inertial: bool) -> bool {
        match kind {
            LinearSolverKind::Direct
            | LinearSolverKind::Envelope
            | LinearSolverKind::Symmetric
            | LinearSolverKind::AmdLu => false,
            LinearSolverKind::Iterative => true,
            LinearSolverKind::Auto => {
                inertial
                    && model.bodies.all_rigid()
                    && model.dofs.n_free() >= AUTO_ITERATIVE_MIN_DOFS
            }
        }
    }

    /// The solver of `kind` for `model` (after `Model::finalize`); `inertial` says whether the
    /// integrator keeps the masses. `Auto` picks the Krylov solve only for an inertial system
    /// of rigid bodies (the mass term `M/Δt²` dominates its diagonal, so block Jacobi is a good
    /// preconditioner); an overdamped or static system is stiffness-dominated, and the contact
    /// graph's stiffness is what a diagonal preconditioner cannot capture: the direct LU — for
    /// rigid bodies only, when the envelope is too wide, first the unpivoted AMD-ordered LU
    /// ([`AmdLu`]: frictional contacts make the matrix unsymmetric on a symmetric pattern, and
    /// most contact candidates carry no value), then the pivoting one.
    pub fn for_regime(model: &Model, kind: LinearSolverKind, inertial: bool) -> Self {
        let iterative = Self::iterative_for(model, kind, inertial);
        Self {
            kind,
            iterative,
            use_envelope: matches!(kind, LinearSolverKind::Auto | LinearSolverKind::Envelope),
            use_amd_lu: kind == LinearSolverKind::AmdLu
                || (kind == LinearSolverKind::Auto && !inertial && model.bodies.all_rigid()),
            blocks: if iterative {
                DofBlocks::of_model(model, BlockGrouping::Triples)
            } else {
                DofBlocks::default()
            },
            ..Self::default()
        }
    }

    /// Follows a change of the model's free DOFs (the Krylov solve's blocks are numbered over
    /// them; the direct LU analyses each new pattern anyway).
    pub(in crate::system) fn refresh_dofs(&mut self, model: &Model) {
        if self.iterative {
            self.blocks = DofBlocks::of_model(model, self.grouping);
        }
    }

    /// The same solver with the Krylov preconditioner's blocks grouped by `grouping` (see
    /// [`BlockGrouping`]). Ignored by the direct solvers.
    pub fn with_grouping(mut self, model: &Model, grouping: BlockGrouping) -> Self {
        self.grouping = grouping;
        self.refresh_dofs(model);
        self
    }

    /// Sets the absolute residual `‖J x − b‖` (N) at which the Krylov solve may stop before
    /// its relative tolerance `KRYLOV_RTOL ‖b‖` (0: never). Newton sets it per iteration under
    /// `krylov_tolerance: Newton`.
    pub fn set_krylov_floor(&mut self, floor: f64) {
        self.krylov_floor = floor;
    }

    /// The kind it was made for.
    pub fn kind(&self) -> LinearSolverKind {
        self.kind
    }

    /// Whether the Krylov solver is used.
    pub fn is_iterative(&self) -> bool {
        self.iterative
    }

    /// What a checkpoint keeps of the solver: the unpivoted LU's analysed entries, which are
    /// history (see [`AmdLuState`]); the other solvers analyse each pattern afresh.
    pub fn save_state(&self) -> Option<AmdLuState> {
        self.amd_lu.save_state()
    }

    /// Restores what [`LinearSolver::save_state`] kept.
    pub fn restore_state(&mut self, state: Option<AmdLuState>) {
        if let Some(s) = state {
            self.amd_lu.restore_state(s);
        }
    }

    /// How many symbolic analyses (LU, LBLᵀ and unpivoted LU) were done.
    pub fn symbolic_count(&self) -> u64 {
        self.lu.symbolic_count + self.lblt.symbolic_count + self.amd_lu.symbolic_count
    }

    /// The time spent factorising and solving since the last call (ms per stage).
    pub(in crate::system) fn take_stages(&mut self) -> StageTimes {
        let mut s = std::mem::take(&mut self.stages);
        s.add(&std::mem::take(&mut self.lu.stages));
        s.add(&std::mem::take(&mut self.lblt.stages));
        s.add(&std::mem::take(&mut self.amd_lu.stages));
        s
    }

    /// Solves `J x = rhs` in place. `J` is `values` on `pattern`, plus, for the Krylov solve
    /// (whose assembler keeps contacts out of the pattern), the blocks of the evaluated
    /// `contacts`.
    pub fn solve(
        &mut self,
        dofs: &DofMap,
        pattern: &SparsityPattern,
        values: &[f64],
        contacts: &[LocalContact],
        rhs: &mut [f64],
        time: f64,
    ) -> Result<(), SolveError> {
        self.solve_with_rank_one(dofs, pattern, values, contacts, &[], rhs, time)
    }

    /// [`Self::solve`] for `J + Σⱼ wⱼ uⱼ uⱼᵀ`, the rank-one terms `rank_one` restricted to the
    /// free DOFs, by the Sherman–Morrison–Woodbury formula (Golub & Van Loan, *Matrix
    /// Computations*, 4th ed., §2.1.4): with `J [x₀ Z] = [r U]` from one factorisation,
    /// `(I + W UᵀZ) y = W Uᵀx₀` (an `m × m` dense system, `m` the number of terms) and
    /// `x = x₀ − Z y`. The sparse pattern never holds the dense terms. Without terms this is
    /// [`Self::solve`], bit for bit. A Krylov solver hands such systems to the direct LU.
    #[allow(clippy::too_many_arguments)]
    pub fn solve_with_rank_one(
        &mut self,
        dofs: &DofMap,
        pattern: &SparsityPattern,
        values: &[f64],
        contacts: &[LocalContact],
        rank_one: &[RankOne],
        rhs: &mut [f64],
        time: f64,
    ) -> Result<(), SolveError> {
        if !rank_one.is_empty() {
            return self.woodbury(dofs, pattern, values, contacts, rank_one, rhs, time);
        }
        if !self.iterative {
            let symmetric = self.kind == LinearSolverKind::Symmetric;
            return self.direct_columns(dofs, pattern, values, contacts, rhs, 1, symmetric, time);
        }
        let op = SystemOperator::new(dofs, pattern, values, contacts);
        if self.krylov_solve(&op, pattern, values, rhs) {
            return Ok(());
        }
        let mut clock = std::time::Instant::now();
        // Counting down from u64::MAX (one per fallback), far from the assembler's generation
        // counter: two fallback patterns of equal size never share a symbolic analysis.
        let (full, full_values) = op.to_csc(pattern.n(), u64::MAX - self.fallbacks);
        self.stages.factor += lap(&mut clock);
        self.lu.solve(&full, &full_values, rhs, time)
    }

    /// The Woodbury solve of [`Self::solve_with_rank_one`]; the symmetric solver first tries
    /// the equivalent bordered system ([`Bordered`]: one factorisation, one right-hand side).
    #[allow(clippy::too_many_arguments)]
    fn woodbury(
        &mut self,
        dofs: &DofMap,
        pattern: &SparsityPattern,
        values: &[f64],
        contacts: &[LocalContact],
        rank_one: &[RankOne],
        rhs: &mut [f64],
        time: f64,
    ) -> Result<(), SolveError> {
        let n = rhs.len();
        let m = rank_one.len();
        // Each uⱼ over the free DOFs, sparse: a cell's term touches its own DOFs only.
        let u: Vec<Vec<(usize, f64)>> = rank_one
            .iter()
            .map(|term| {
                term.dofs
                    .iter()
                    .zip(&term.u)
                    .filter_map(|(&d, &u)| dofs.free_index(d).map(|f| (f, u)))
                    .collect()
            })
            .collect();
        // The symmetric solver tries the bordered system first, and the Woodbury columns
        // through its own factor only when the border failed for accuracy (an unsymmetric `J`
        // is unsymmetric either way).
        let mut symmetric = self.kind == LinearSolverKind::Symmetric;
        if symmetric {
            let terms: Vec<(Vec<(usize, f64)>, f64)> = (u.iter().zip(rank_one))
                .filter(|(uj, t)| t.weight != 0.0 && !uj.is_empty())
                .map(|(uj, t)| (merged(uj), t.weight))
                .collect();
            let out = (self.bordered).solve(&mut self.lblt, pattern, values, &terms, rhs);
            match out {
                Ok(()) => return Ok(()),
                Err(e) => {
                    self.symmetric_fallbacks += 1;
                    symmetric = e == LbltFailure::Inaccurate;
                }
            }
        }
        // Columns: r, then u₁ … u_m.
        let mut cols = vec![0.0; n * (m + 1)];
        cols[..n].copy_from_slice(rhs);
        for (j, uj) in u.iter().enumerate() {
            let col = &mut cols[n * (j + 1)..n * (j + 2)];
            for &(f, v) in uj {
                col[f] += v;
            }
        }
        self.direct_columns(
            dofs,
            pattern,
            values,
            contacts,
            &mut cols,
            m + 1,
            symmetric,
            time,
        )?;
        let dot = |a: &[(usize, f64)], b: &[f64]| a.iter().map(|&(f, v)| v * b[f]).sum::<f64>();
        let (x0, z) = cols.split_at(n);
        let zj = |j: usize| &z[n * j..n * (j + 1)];
        let c = nalgebra::DMatrix::from_fn(m, m, |i, j| {
            f64::from(u8::from(i == j)) + rank_one[i].weight * dot(&u[i], zj(j))
        });
        let b = nalgebra::DVector::from_fn(m, |i, _| rank_one[i].weight * dot(&u[i], x0));
        let y = c.lu().solve(&b).ok_or_else(|| SolveError::Factorisation {
            reason: "the rank-one update of the Newton matrix is singular".into(),
            time,
        })?;
        rhs.copy_from_slice(x0);
        for j in 0..m {
            for (out, zk) in rhs.iter_mut().zip(zj(j)) {
                *out -= zk * y[j];
            }
        }
        Ok(())
    }

    /// Solves `J X = B` for the `columns` column-major right-hand sides of `cols` with one
    /// factorisation (the envelope LU, the sparse LBLᵀ when `symmetric`, the unpivoted
    /// AMD-ordered LU for [`LinearSolverKind::AmdLu`], or the sparse LU; a
    /// Krylov solver's system is assembled for the sparse LU).
    #[allow(clippy::too_many_arguments)]
    fn direct_columns(
        &mut self,
        dofs: &DofMap,
        pattern: &SparsityPattern,
        values: &[f64],
        contacts: &[LocalContact],
        cols: &mut [f64],
        columns: usize,
        symmetric: bool,
        time: f64,
    ) -> Result<(), SolveError> {
        let n = cols.len() / columns;
        if self.iterative {
            let op = SystemOperator::new(dofs, pattern, values, contacts);
            let mut clock = std::time::Instant::now();
            let (full, full_values) = op.to_csc(pattern.n(), u64::MAX - self.fallbacks);
            self.fallbacks += 1;
            self.stages.factor += lap(&mut clock);
            return self
                .lu
                .solve_columns(&full, &full_values, cols, columns, time);
        }
        if self.use_envelope {
            let mut clock = std::time::Instant::now();
            let out = self.envelope.solve(pattern, values, &mut cols[..n]);
            match out {
                Ok(()) => {
                    for c in 1..columns {
                        self.envelope.resubstitute(&mut cols[n * c..n * (c + 1)]);
                    }
                    self.stages.factor += lap(&mut clock);
                    return Ok(());
                }
                Err(EnvelopeFailure::TooWide) => {}
                Err(_) => self.envelope_fallbacks += 1,
            }
            self.stages.factor += lap(&mut clock);
        }
        if symmetric {
            match self.lblt.solve_columns(pattern, values, cols, columns) {
                Ok(()) => return Ok(()),
                Err(_) => self.symmetric_fallbacks += 1,
            }
        }
        if self.use_amd_lu {
            match self.amd_lu.solve_columns(pattern, values, cols, columns) {
                Ok(()) => {
                    self.amd_lu_solves += 1;
                    return Ok(());
                }
                Err(_) => self.amd_lu_fallbacks += 1,
            }
        }
        self.lu.solve_columns(pattern, values, cols, columns, time)
    }

    /// The Krylov solve; false (rhs untouched) when it must be redone directly.
    fn krylov_solve(
        &mut self,
        op: &SystemOperator,
        pattern: &SparsityPattern,
        values: &[f64],
        rhs: &mut [f64],
    ) -> bool {
        let mut clock = std::time::Instant::now();
        self.pc.gather(pattern, values, &self.blocks);
        op.precondition(&mut self.pc, &self.blocks);
        let factored = self.pc.invert().is_ok();
        self.stages.factor += lap(&mut clock);
        if !factored {
            self.fallbacks += 1;
            return false;
        }
        let tol =
            (KRYLOV_RTOL * rhs.iter().map(|x| x * x).sum::<f64>().sqrt()).max(self.krylov_floor);
        self.x.resize(rhs.len(), 0.0);
        let out = self.krylov.solve(
            op,
            &self.pc,
            &self.blocks,
            rhs,
            &mut self.x,
            tol,
            KRYLOV_MAX_ITER,
        );
        self.stages.solve += lap(&mut clock);
        match out {
            KrylovOutcome::Converged(its) => {
                self.krylov_iterations += u64::from(its);
                rhs.copy_from_slice(&self.x);
                true
            }
            KrylovOutcome::Failed => {
                self.krylov_iterations += u64::from(KRYLOV_MAX_ITER);
                self.fallbacks += 1;
                false
            }
        }
    }
}

/// `u` sorted by free index, entries of one index summed.
fn merged(u: &[(usize, f64)]) -> Vec<(usize, f64)> {
    let mut v = u.to_vec();
    v.sort_by_key(|e| e.0);
    v.dedup_by(|b, a| {
        let same = a.0 == b.0;
        if same {
            a.1 += b.1;
        }
        same
    });
    v
}
