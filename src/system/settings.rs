//! Solver settings (tolerances, iteration limits, line search).

use super::linear::block_jacobi::BlockGrouping;
use serde::{Deserialize, Serialize};

/// Which line search Newton uses when no contact chain requires one (a chain with `N_IMC`
/// imposes Goldstein–Price, one with `N_IPC` the energy merit with its CCD cap).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, Default)]
pub enum LineSearch {
    /// Full Newton steps.
    None,
    /// Goldstein–Price bisection on `½‖r‖²` (seed 001 App. B.4, Alg. 1), `m₁ = 0.1`, `m₂ = 0.9`.
    GoldsteinPrice,
    /// Armijo backtracking on the incremental potential `Π` (inertia + elastic + external +
    /// contact energies), `Π(q − αΔq) ≤ Π(q) − 10⁻⁴ α rᵀΔq`, halving α. Falls back to
    /// Goldstein–Price when some force has no potential.
    Energy,
    /// `Energy` when every contribution has a potential, else `GoldsteinPrice`. On stiff rods the
    /// Newton step can raise ‖r‖ while lowering `Π` (a bending move stretches stiff edges to
    /// second order); the energy merit then accepts full steps where `½‖r‖²` bisects to tiny ones.
    #[default]
    Auto,
}

/// Where Newton starts a time step.
///
/// When Newton fails from a predictor (`Inertial` or `Extrapolated`: no convergence, a
/// non-finite value or a singular Jacobian), the step is solved once more from `qₙ`; the
/// iterations of both attempts count, and `Simulator::predictor_fallbacks` counts such steps.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
pub enum InitialGuess {
    /// `q⁽⁰⁾ = qₙ`, as in seed 001 Alg. 2 (always feasible: required by barrier methods).
    Previous,
    /// `q⁽⁰⁾ = qₙ + Δt vₙ` (the inertial predictor): second-order close to the solution for smooth motion.
    #[default]
    Inertial,
    /// `q⁽⁰⁾ = qₙ + Δt (2vₙ − vₙ₋₁)`: the quadratic through `qₙ₋₂, qₙ₋₁, qₙ` extrapolated to
    /// `tₙ₊₁` (velocities are backward differences, so this equals `3qₙ − 3qₙ₋₁ + qₙ₋₂` at a
    /// constant Δt). Its error is `O(Δt³ ẍ̇)` where the inertial predictor's is `O(Δt² ẍ)`.
    ///
    /// Why it matters: penalty laws with an exponential tail (IMC's squared softplus, seed 001
    /// Eq. 9) make Newton creep back out of a predicted penetration by about `δ/30` per
    /// iteration. A rod turning at ω about an axis at distance ρ is mispredicted by `ω²ρΔt²`
    /// by the inertial predictor (2 µm for the flagella, 20 % of δ = 10 µm) and by `ω³ρΔt³/6`
    /// (6 nm) by this one, so contact steps start inside Newton's quadratic basin. The first
    /// step (no `vₙ₋₁`) and the step after a change of Δt fall back to `Inertial`. Barrier
    /// chains cut it back by CCD like the inertial predictor.
    Extrapolated,
}

/// Which linear solver each Newton iteration uses (see [`super::LinearSolver`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
pub enum LinearSolverKind {
    /// `Iterative` for systems of rigid bodies only (spheres, planes) with at least
    /// [`super::AUTO_ITERATIVE_MIN_DOFS`] free DOFs under an inertial integrator, `Envelope`
    /// otherwise; a pattern too wide for the envelope goes to `AmdLu` (overdamped and static
    /// systems of rigid bodies only) and then to `Direct`.
    #[default]
    Auto,
    /// Sparse LU (faer, supernodal, partial pivoting), its symbolic analysis reused while the
    /// pattern holds.
    Direct,
    /// Envelope LU in reverse Cuthill–McKee order ([`super::EnvelopeLu`]) for narrow
    /// patterns (rods, small shells), falling back to `Direct` for a wide pattern, a small
    /// pivot or an inaccurate solve.
    Envelope,
    /// BiCGSTAB with a block-Jacobi preconditioner (3×3 blocks per node, sphere centre and
    /// sphere rotation), falling back to `Direct` when it does not converge.
    Iterative,
    /// Sparse symmetric-indefinite LBLᵀ (faer: minimum-degree ordering, Bunch–Kaufman pivots
    /// within supernodes, [`super::SparseLblt`]) for symmetric Newton matrices — conservative
    /// systems in the overdamped and static modes (cells, shells, frictionless contacts) —
    /// falling back to `Direct` for a matrix that is not symmetric or a solve that is not
    /// accurate. Never picked by `Auto`.
    Symmetric,
    /// Sparse LU without row pivoting on the structurally symmetric pattern
    /// ([`super::AmdLu`]): approximate minimum-degree ordering of the symmetric pattern, `L`
    /// and `Uᵀ` on its Cholesky structure, supernodal, pivots on the diagonal. For
    /// structurally symmetric but numerically unsymmetric systems — contacts with friction,
    /// granular beds in the overdamped and static modes — whose pivoting LU (`Direct`,
    /// COLAMD on `JᵀJ`) fills far more than the symmetric pattern needs. It factorises only
    /// the entries that carry a value (open contact candidates write zeros): on
    /// `compress_1000` (6,001 DOFs) about ten times faster than `Direct`. Falls back to
    /// `Direct` on a pivot that is small relative to its column or a solve that is not
    /// accurate. `Auto` tries it for overdamped and static systems of rigid bodies whose
    /// envelope is too wide.
    AmdLu,
}

/// How accurately the Krylov solve of each Newton iteration is carried out.
///
/// Under `Newton` a solve stops at `‖J Δq − r‖ ≤ max(η ‖r‖, τ/10)`, `η = 10⁻¹⁰`, `τ` the residual
/// that accepts the Newton iterate (the largest of `abs_tol`, `rel_tol ‖r₀‖`,
/// `force_tol F_ref`). This is inexact Newton with the forcing term `η_k = max(η, τ/(10‖r_k‖))`
/// (Dembo, Eisenstat & Steihaug, SIAM J. Numer. Anal. 19 (1982) 400; Eisenstat & Walker, SIAM
/// J. Sci. Comput. 17 (1996) 16): the next residual is `‖r_{k+1}‖ ≤ η_k ‖r_k‖ + O(‖Δq‖²)`, so
/// the linear error stays a tenth of the acceptance threshold, never the reason a step fails
/// it, and the quadratic phase is kept until `‖r‖` nears `τ`. Solving further only polishes
/// digits the Newton test then ignores.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
pub enum KrylovTolerance {
    /// Every solve to `10⁻¹⁰` of its right-hand side.
    #[default]
    Fixed,
    /// Each solve to a tenth of the Newton acceptance threshold (or `10⁻¹⁰` of its right-hand
    /// side, whichever is larger).
    Newton,
}

/// Newton–Raphson settings.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct SolverSettings {
    /// Maximum Newton iterations per time step.
    pub max_iterations: u32,
    /// Absolute tolerance on the residual norm ‖r‖ over free DOFs (N).
    pub abs_tol: f64,
    /// Relative tolerance on ‖r‖ against the residual at the first iterate of the step.
    pub rel_tol: f64,
    /// Physically scaled tolerance (dimensionless, 0 = off): converged when
    /// `‖r‖ ≤ force_tol · F_ref`, `F_ref = max(‖f_elastic‖, ‖f_external‖, ‖f_contact‖)` over
    /// free DOFs at the iterate (N). Unlike `abs_tol` it does not depend on the scene's units
    /// or load level, and unlike `rel_tol` not on how far the predictor started; `1e-6` asks
    /// for the forces to balance to six digits of the largest of them.
    pub force_tol: f64,
    /// Converged when the full Newton step ‖Δq‖∞ falls below `step_tol` × the shortest rest length
    /// ℓ_min of the discretised bodies (a rod's, shell's or cell's rest edge; in scenes of
    /// spheres, planes and rigid bodies only, 1 m or 1000 times the smallest sphere radius where
    /// that is shorter). Rotations (rad) are held to the same bound.
    pub step_tol: f64,
    /// Line search.
    pub line_search: LineSearch,
    /// Maximum bisection steps of the line search.
    pub line_search_max_iterations: u32,
    /// Longest step, in Newton steps, that the residual line search (Goldstein–Price on
    /// `½‖r‖²`, e.g. IMC's) may lengthen a creeping full step to: when the full step is
    /// accepted but leaves `½‖r‖²` above 5 % of its value, steps of 2, 4, … are tried while
    /// each halves it again (an exponential penalty tail, seed 001 Eq. 9, makes Newton creep).
    /// `1` turns it off, as in the IMC paper's own code (never longer than the Newton step).
    pub line_search_expansion: f64,
    /// Starting point of Newton in each step.
    pub initial_guess: InitialGuess,
    /// Linear solver of each Newton iteration.
    pub linear_solver: LinearSolverKind,
    /// Blocks of the Krylov solve's block-Jacobi preconditioner: `Triples` (3×3 per node,
    /// centre and rotation) or `Bodies` (a rotating particle's centre and rotation in one 6×6
    /// block, which captures the friction's centre–rotation coupling).
    pub krylov_blocks: BlockGrouping,
    /// How accurately each Krylov solve is carried out: `Fixed` (to `KRYLOV_RTOL = 1e-10` of
    /// the right-hand side) or `Newton` (also stopping once its residual is a tenth of the
    /// Newton acceptance threshold; see [`KrylovTolerance`]).
    pub krylov_tolerance: KrylovTolerance,
}

impl SolverSettings {
    /// The convergence tests in force, in words (printed by `catena compare`), e.g.
    /// `"‖r‖ ≤ 1e-10 N, or ≤ 1e-10 × ‖r₀‖, or ‖Δq‖∞ ≤ 1e-8 × shortest edge"`.
    pub fn describe_tolerances(&self) -> String {
        let mut tests = Vec::new();
        if self.abs_tol > 0.0 {
            tests.push(format!("‖r‖ ≤ {:e} N (abs_tol)", self.abs_tol));
        }
        if self.rel_tol > 0.0 {
            tests.push(format!("‖r‖ ≤ {:e} × ‖r₀‖ (rel_tol)", self.rel_tol));
        }
        if self.force_tol > 0.0 {
            tests.push(format!(
                "‖r‖ ≤ {:e} × largest force norm (force_tol)",
                self.force_tol
            ));
        }
        if self.step_tol > 0.0 {
            tests.push(format!(
                "‖Δq‖∞ ≤ {:e} × shortest rest length (step_tol)",
                self.step_tol
            ));
        }
        format!(
            "Newton converges when {}; at most {} iterations",
            tests.join(", or "),
            self.max_iterations
        )
    }
}

impl Default for SolverSettings {
    fn default() -> Self {
        Self {
            max_iterations: 50,
            abs_tol: 1e-10,
            rel_tol: 1e-10,
            force_tol: 0.0,
            step_tol: 1e-8,
            line_search: LineSearch::Auto,
            line_search_max_iterations: 12,
            line_search_expansion: 16.0,
            initial_guess: InitialGuess::Inertial,
            linear_solver: LinearSolverKind::Auto,
            krylov_blocks: BlockGrouping::Triples,
            krylov_tolerance: KrylovTolerance::Fixed,
        }
    }
}
