//! Errors of the solver layer.

use crate::external::ExternalError;

/// Why a time step could not be solved.
#[derive(Debug, Clone, thiserror::Error)]
pub enum SolveError {
    /// Newton did not reach the tolerance within the iteration limit.
    #[error(
        "Newton did not converge in {iterations} iteration(s) at t = {time} s (residual history: {history})",
        history = fmt_history(residuals)
    )]
    NotConverged {
        /// Iterations taken.
        iterations: u32,
        /// Time at the end of the step being solved (s).
        time: f64,
        /// ‖r‖ at each iterate.
        residuals: Vec<f64>,
    },
    /// A residual, Jacobian or Newton step contained NaN or infinity.
    #[error("non-finite value in {what} at Newton iteration {iteration}, t = {time} s")]
    NonFinite {
        /// Which quantity (e.g. "residual", "Newton step", or the name of an element).
        what: String,
        /// Newton iteration.
        iteration: u32,
        /// Time at the end of the step (s).
        time: f64,
    },
    /// CCD allowed no step for a barrier chain: a gap is already ≤ 0, or a point has moved as
    /// far in this step as the binding's keep distance allows (`(keep − d̂)/2`).
    #[error(
        "contact barrier blocked the Newton step at iteration {iteration}, t = {time} s (smallest gap seen {min_gap:.3e} m): \
         either a gap is ≤ 0 (IPC needs a positive gap at the start of every step) or a point already moved \
         (keep_distance − d̂)/2 in this step; raise the contact's keep_distance above d̂ + 2 × (distance moved per step), \
         or lower Δt"
    )]
    Infeasible {
        /// Newton iteration.
        iteration: u32,
        /// Time (s).
        time: f64,
        /// Smallest gap seen in the step (m).
        min_gap: f64,
    },
    /// The sparse LU factorisation failed (singular Jacobian, e.g. an unconstrained rigid mode with Δt → ∞).
    #[error("sparse LU factorisation failed at t = {time} s: {reason}")]
    Factorisation {
        /// faer's message.
        reason: String,
        /// Time (s).
        time: f64,
    },
    /// An external force could not be computed at the start of the step.
    #[error("at t = {time} s: {source}")]
    External {
        /// What the force reported.
        source: ExternalError,
        /// Time at the start of the step (s).
        time: f64,
    },
}

impl SolveError {
    /// Whether Newton itself failed (no convergence, a non-finite value, a singular
    /// Jacobian), so that another starting point or a shorter step may succeed. Errors of the
    /// model (an external force, an infeasible barrier start) are not retried.
    pub fn retry_from_previous(&self) -> bool {
        matches!(
            self,
            Self::NotConverged { .. } | Self::NonFinite { .. } | Self::Factorisation { .. }
        )
    }

    /// Newton iterations spent before the error (0 where unknown).
    pub fn iterations(&self) -> u32 {
        match self {
            Self::NotConverged { iterations, .. } => *iterations,
            Self::NonFinite { iteration, .. } | Self::Infeasible { iteration, .. } => *iteration,
            Self::Factorisation { .. } | Self::External { .. } => 0,
        }
    }
}

fn fmt_history(r: &[f64]) -> String {
    let shown: Vec<String> = r.iter().map(|x| format!("{x:.3e}")).collect();
    if shown.len() > 12 {
        format!(
            "{} … {}",
            shown[..6].join(", "),
            shown[shown.len() - 6..].join(", ")
        )
    } else {
        shown.join(", ")
    }
}
