//! What a Newton solve reports ([`NewtonReport`], [`Convergence`]) and the scratch it reuses
//! between solves ([`NewtonWork`]).

use crate::model::RodFrames;
use crate::system::Evaluation;

/// Which test ended a converged Newton solve (see [`crate::system::SolverSettings`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Convergence {
    /// `‖r‖ ≤ abs_tol`.
    Absolute,
    /// `‖r‖ ≤ rel_tol · ‖r₀‖`.
    Relative,
    /// `‖r‖ ≤ force_tol · F_ref`.
    Force,
    /// `‖Δq‖∞ ≤ step_tol · ℓ_min`.
    Step,
    /// The residual sits at its round-off floor (no line search can lower it and the step is
    /// below `10⁻⁶ ℓ_min`).
    Floor,
}

/// What one Newton solve did.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct NewtonReport {
    /// Newton iterations (linear solves).
    pub iterations: u32,
    /// Extra residual evaluations spent in line searches.
    pub line_search_evaluations: u32,
    /// ‖r‖ over free DOFs at every iterate, the last one at the solution.
    pub residuals: Vec<f64>,
    /// Accepted step length of every iteration (relative to the full Newton step, after the
    /// CCD cap).
    pub alphas: Vec<f64>,
    /// Smallest contact gap over every configuration evaluated, line-search trials included (m);
    /// +∞ without contact candidates.
    pub min_gap: f64,
    /// The test that ended the solve (`None` until it converges).
    pub converged_by: Option<Convergence>,
    /// The force scale `F_ref` at the last iterate (N; see `SolverSettings::force_tol`).
    pub force_scale: f64,
}

impl NewtonReport {
    /// Appends a further solve of the same step (a lagging update, or the re-solve after
    /// missed contacts were found): iterations and evaluations add up, the residual and step
    /// histories continue, and the smallest gap is over both.
    pub fn absorb(&mut self, again: NewtonReport) {
        self.iterations += again.iterations;
        self.line_search_evaluations += again.line_search_evaluations;
        self.residuals.extend(again.residuals);
        self.alphas.extend(again.alphas);
        self.min_gap = self.min_gap.min(again.min_gap);
        self.converged_by = again.converged_by;
        self.force_scale = again.force_scale;
    }
}

/// Scratch buffers reused between Newton solves.
#[derive(Debug, Default)]
pub(crate) struct NewtonWork {
    pub eval: Evaluation,
    pub trial: Evaluation,
    pub rhs: Vec<f64>,
    pub q_trial: Vec<f64>,
    pub source: Vec<RodFrames>,
    pub dir: Vec<f64>,
    /// Newton iterations of the last solve, and the residual reduction of its first step
    /// `‖r₁‖/‖r₀‖` (NaN when it had none): whether the next solve's first trial is worth a
    /// Jacobian.
    pub last_iterations: u32,
    pub last_first_ratio: f64,
}
