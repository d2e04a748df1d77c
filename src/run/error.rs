//! Errors of a run.

use super::InputChanged;
use super::horizon::HorizonError;
use super::stop::signal_name;
use crate::diag::Interface;
use crate::io::OutputError;
use crate::scene::SceneError;
use crate::system::{SolveError, StepFailure};

/// Why a run stopped early.
#[derive(Debug, thiserror::Error)]
pub enum RunError {
    /// The scene could not be loaded.
    #[error("{0}")]
    Scene(#[from] SceneError),
    /// Output could not be written (or read back, on resume).
    #[error("{source}")]
    Output {
        /// The underlying error.
        #[from]
        source: OutputError,
    },
    /// The horizon is too many steps away.
    #[error("{0}")]
    Horizon(#[from] HorizonError),
    /// A time step failed even at the smallest allowed Δt; everything up to the previous step
    /// has been written. The message names the step, its interval `t_n → t_n + Δt` and every
    /// attempt (see [`StepFailure::message`]).
    #[error("{}", failure.message(Some(*step)))]
    Solve {
        /// Index of the failing step (1-based).
        step: u64,
        /// Time at the start of the failing step (s).
        t: f64,
        /// Every failed attempt of the step (Δt halved each time).
        failure: StepFailure,
    },
    /// A stop was requested ([`super::Stop`], e.g. SIGINT): the run stopped after a step, and
    /// wrote its rows, a checkpoint and a summary marked interrupted.
    #[error("interrupted by {} after step {step} (t = {t} s)", signal_name(*signal))]
    Interrupted {
        /// The signal that asked (its number).
        signal: i32,
        /// Steps completed.
        step: u64,
        /// Simulated time reached (s).
        t: f64,
    },
    /// A run's observer (e.g. a Python callback) aborted it after a step: the run wrote its rows,
    /// a checkpoint and a summary marked `stopped`, as for an interrupt.
    #[error("{message} (the run stopped after step {step}, t = {t} s)")]
    Stopped {
        /// Steps completed.
        step: u64,
        /// Simulated time reached (s).
        t: f64,
        /// Why, in the observer's words.
        message: String,
    },
    /// A checkpoint does not fit the scene it names.
    #[error("cannot resume: {0}")]
    Resume(String),
    /// An input file of the run changed since the checkpoint was written.
    #[error("cannot resume: {0}")]
    InputChanged(#[from] InputChanged),
}

impl RunError {
    /// The solver error, if the run failed in a step.
    pub fn solve_error(&self) -> Option<&SolveError> {
        match self {
            Self::Solve { failure, .. } => Some(failure.last_error()),
            _ => None,
        }
    }

    /// What to do about it, when there is something to say beyond the message, in the
    /// command line's words.
    pub fn help(&self) -> Option<String> {
        self.help_for(Interface::Cli)
    }

    /// What to do about it, in the words of `ui` (flags or keyword arguments).
    pub fn help_for(&self, ui: Interface) -> Option<String> {
        let again = ui.say(
            "start a new run with `catena run … --force`",
            "start a new run with `Simulator.run(out=…, force=True)`",
        );
        match self {
            Self::Scene(e) => e.help.clone(),
            Self::Output { source } => {
                if source.path().ends_with(super::CHECKPOINT_FILE)
                    && source.io_kind() == Some(std::io::ErrorKind::NotFound)
                {
                    Some(format!(
                        "this directory has no checkpoint to resume from: a run writes one when \
                         it is interrupted (Ctrl-C, SIGTERM) and, with {}, every N steps and when \
                         a step fails",
                        ui.say("`catena run --checkpoint-every N`", "checkpoint_every=N")
                    ))
                } else {
                    source.help_for(ui)
                }
            }
            Self::Horizon(_) => Some(format!(
                "check {} (simulated seconds) and the scene's `time.dt` and `duration`",
                ui.say("--until", "until")
            )),
            Self::InputChanged(_) => Some(format!(
                "restore the file as it was (a resumed run must read what the run started \
                 from), or {again}"
            )),
            Self::Resume(_) => Some(again.to_string()),
            Self::Solve { failure, .. } => Some(failure.help()),
            Self::Interrupted { .. } | Self::Stopped { .. } => None,
        }
    }

    /// The exit status a command reporting this error should end with: 128 + the signal for an
    /// interrupt (130 for SIGINT, 143 for SIGTERM), 1 for a failed step, 2 otherwise.
    pub fn exit_code(&self) -> u8 {
        match self {
            Self::Interrupted { signal, .. } => (128 + signal).clamp(1, 255) as u8,
            Self::Solve { .. } => 1,
            _ => 2,
        }
    }
}
