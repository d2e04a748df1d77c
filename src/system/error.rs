//! Errors of the solver layer.

use crate::external::ExternalError;

/// Why a time step could not be solved.
///
/// The messages do not repeat the time: the step's interval is said by whoever reports the
/// error ([`super::Attempt`], [`super::StepFailure`]); [`SolveError::time`] gives it.
#[derive(Debug, Clone, thiserror::Error)]
pub enum SolveError {
    /// Newton did not reach the tolerance within the iteration limit: the last ‖r‖ is above
    /// `max(abs_tol, rel_tol·‖r₀‖)`, and the last Newton step above `step_tol` × the shortest
    /// rest edge.
    #[error(
        "Newton did not converge in {iterations} iteration{s} (max_iterations = {max_iterations}): \
         ‖r‖ = {last} > tolerance {tol}{step} (‖r‖ history: {history})",
        s = if *iterations == 1 { "" } else { "s" },
        last = sci(residuals.last().copied().unwrap_or(f64::NAN)),
        tol = sci(*tolerance),
        step = fmt_step(*last_step, *step_limit),
        history = fmt_history(residuals)
    )]
    NotConverged {
        /// Iterations taken.
        iterations: u32,
        /// The limit (`solver.max_iterations`).
        max_iterations: u32,
        /// Time at the end of the step being solved (s).
        time: f64,
        /// ‖r‖ at each iterate.
        residuals: Vec<f64>,
        /// The residual tolerance in force at the last iterate: `abs_tol`, or
        /// `max(abs_tol, rel_tol·‖r₀‖)` after the first iteration (N).
        tolerance: f64,
        /// ‖Δq‖∞ of the last full Newton step, if one was taken.
        last_step: Option<f64>,
        /// The step test's bound, `step_tol` × the shortest rest length ℓ_min (m); 0 when off.
        step_limit: f64,
    },
    /// A residual, Jacobian or Newton step contained NaN or infinity.
    #[error("non-finite value in {what} at Newton iteration {iteration}")]
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
        "contact barrier blocked the Newton step at iteration {iteration} (smallest gap seen {min_gap:.3e} m): \
         either a gap is ≤ 0 (IPC needs a positive gap at the start of every step) or a point already moved \
         (keep_distance − d̂)/2 in this step"
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
    #[error("sparse LU factorisation failed: {reason}")]
    Factorisation {
        /// faer's message.
        reason: String,
        /// Time (s).
        time: f64,
    },
    /// A load-stopped prescribed translation with a `stop_tolerance` ended the step with its
    /// load past the stop by more than the tolerance: the adaptive step retries it at half Δt
    /// to locate the stop (event location); it is an error only at the floor `time.min_dt`,
    /// where the step is no longer refused.
    #[error(
        "the load stop of rigid body \"{body}\" was passed within the step: load {l} N > \
         stop_load {s} N × (1 + {tolerance})",
        l = sci(*load),
        s = sci(*stop_load)
    )]
    LoadStopPassed {
        /// The body's name.
        body: String,
        /// Its load at the end of the step (N).
        load: f64,
        /// Its `stop_load` (N).
        stop_load: f64,
        /// Its `stop_tolerance`.
        tolerance: f64,
        /// Time at the end of the step (s).
        time: f64,
        /// Newton iterations spent on the step.
        iterations: u32,
    },
    /// An external force could not be computed at the start of the step.
    #[error("{source}")]
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

    /// The time the error is about (s): the end of the step being solved, or its start for an
    /// external force.
    pub fn time(&self) -> f64 {
        match self {
            Self::NotConverged { time, .. }
            | Self::NonFinite { time, .. }
            | Self::Infeasible { time, .. }
            | Self::Factorisation { time, .. }
            | Self::LoadStopPassed { time, .. }
            | Self::External { time, .. } => *time,
        }
    }

    /// What to do about it.
    pub fn help(&self) -> String {
        match self {
            Self::NotConverged { max_iterations, .. } => format!(
                "give Newton more iterations (`solver.max_iterations`, now {max_iterations}) or \
                 looser tolerances (`abs_tol`, `rel_tol`), or a smaller step: lower `time.dt` \
                 or the floor `time.min_dt`; stiff contacts (a large stiffness, a small IMC δ or \
                 IPC d̂) need a smaller Δt"
            ),
            Self::NonFinite { .. } => "a NaN or infinity appeared: lower `time.dt`, and check the \
                 material values, the forces and the contact stiffness"
                .into(),
            Self::Infeasible { .. } => "raise the contact's `keep_distance` above d̂ + 2 × (the \
                 distance a point moves in one step), or lower `time.dt`; start every barrier \
                 contact with a positive gap"
                .into(),
            Self::Factorisation { .. } => "the Jacobian is singular: check that every body is \
                 held or has mass (a free rigid mode without inertia), or lower `time.dt`"
                .into(),
            Self::External { .. } => "check the parameters of this force in `forces`".into(),
            Self::LoadStopPassed { .. } => "the step is retried shorter down to `time.min_dt`; \
                 a looser `stop_tolerance` or a slower approach needs fewer retries"
                .into(),
        }
    }

    /// Newton iterations spent before the error (0 where unknown).
    pub fn iterations(&self) -> u32 {
        match self {
            Self::NotConverged { iterations, .. } | Self::LoadStopPassed { iterations, .. } => {
                *iterations
            }
            Self::NonFinite { iteration, .. } | Self::Infeasible { iteration, .. } => *iteration,
            Self::Factorisation { .. } | Self::External { .. } => 0,
        }
    }
}

/// `x` in scientific notation with 4 significant digits and no trailing zeros (`1e-30`,
/// `2.427e-9`; `0` for zero).
pub(crate) fn sci(x: f64) -> String {
    if x == 0.0 || !x.is_finite() {
        return x.to_string();
    }
    let s = format!("{x:.3e}");
    match s.split_once('e') {
        Some((m, e)) if m.contains('.') => {
            format!("{}e{e}", m.trim_end_matches('0').trim_end_matches('.'))
        }
        _ => s,
    }
}

/// The step test's part of a not-converged message, when the test is on and a step was taken.
fn fmt_step(last_step: Option<f64>, limit: f64) -> String {
    match last_step {
        Some(dq) if limit > 0.0 => format!(
            ", last step ‖Δq‖∞ = {} > step_tol × shortest edge = {}",
            sci(dq),
            sci(limit)
        ),
        _ => String::new(),
    }
}

fn fmt_history(r: &[f64]) -> String {
    let shown: Vec<String> = r.iter().map(|&x| sci(x)).collect();
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
