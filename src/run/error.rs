//! Errors of a run.

use crate::io::OutputError;
use crate::scene::SceneError;
use crate::system::{SolveError, StepFailure};

/// Why a run stopped early.
#[derive(Debug, thiserror::Error)]
pub enum RunError {
    /// The scene could not be loaded.
    #[error("{0}")]
    Scene(#[from] SceneError),
    /// Output could not be written.
    #[error("cannot write output {}: {source}", .source.path().display())]
    Output {
        /// The underlying error.
        #[from]
        source: OutputError,
    },
    /// A time step failed even at the smallest allowed Δt; everything up to the previous step
    /// has been written.
    #[error("simulation stopped at step {step} (t = {t} s): {failure}")]
    Solve {
        /// Index of the failing step (1-based).
        step: u64,
        /// Time at the start of the failing step (s).
        t: f64,
        /// Every failed attempt of the step (Δt halved each time).
        failure: StepFailure,
    },
    /// A checkpoint does not fit the scene it names.
    #[error("cannot resume: {0}")]
    Resume(String),
}

impl RunError {
    /// The solver error, if the run failed in a step.
    pub fn solve_error(&self) -> Option<&SolveError> {
        match self {
            Self::Solve { failure, .. } => Some(failure.last_error()),
            _ => None,
        }
    }
}
