//! Errors of a run.

use crate::io::OutputError;
use crate::scene::SceneError;
use crate::system::SolveError;

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
    /// A time step failed; everything up to the previous step has been written.
    #[error("simulation stopped at step {step}: {error}")]
    Solve {
        /// Index of the failing step (1-based).
        step: u64,
        /// Time at the start of the failing step (s); the error gives the end time.
        t: f64,
        /// What went wrong.
        error: crate::system::SolveError,
    },
}

impl RunError {
    /// The solver error, if the run failed in a step.
    pub fn solve_error(&self) -> Option<&SolveError> {
        match self {
            Self::Solve { error, .. } => Some(error),
            _ => None,
        }
    }
}
