//! Errors of a study (`catena compare`, `catena sweep`).

use crate::diag::Interface;
use crate::io::OutputError;
use crate::run::{InputChanged, signal_name};
use crate::scene::SceneError;

/// Why a study did not finish.
#[derive(Debug, thiserror::Error)]
pub enum StudyError {
    /// A scene, chain or option is wrong (the message may hold its own `help:` line).
    #[error("{0}")]
    Input(String),
    /// The output directory could not be taken, written or read.
    #[error("{0}")]
    Output(#[from] OutputError),
    /// An input file changed since the study started (on resume).
    #[error("cannot resume the study: {0}")]
    InputChanged(#[from] InputChanged),
    /// A stop was requested (SIGINT, SIGTERM): the finished cases are written, the others are
    /// run by `catena resume DIR`.
    #[error("interrupted by {} ({finished} of {total} cases finished)", signal_name(*signal))]
    Interrupted {
        /// The signal that asked (its number).
        signal: i32,
        /// Cases finished and written.
        finished: usize,
        /// Cases of the study.
        total: usize,
    },
}

impl From<SceneError> for StudyError {
    fn from(e: SceneError) -> Self {
        Self::Input(e.to_string())
    }
}

impl From<String> for StudyError {
    fn from(e: String) -> Self {
        Self::Input(e)
    }
}

impl StudyError {
    /// What to do about it, when the message does not say, in the command line's words.
    pub fn help(&self) -> Option<String> {
        self.help_for(Interface::Cli)
    }

    /// What to do about it, in the words of `ui` (`--force` or `force=True`).
    pub fn help_for(&self, ui: Interface) -> Option<String> {
        match self {
            Self::Output(e) => e.help_for(ui),
            Self::InputChanged(_) => Some(format!(
                "restore the file as it was (the finished cases were computed with it), or start \
                 the study again with {}",
                ui.force()
            )),
            Self::Input(_) | Self::Interrupted { .. } => None,
        }
    }

    /// The exit status: 128 + the signal for an interrupt (130, 143), 2 otherwise.
    pub fn exit_code(&self) -> u8 {
        match self {
            Self::Interrupted { signal, .. } => (128 + signal).clamp(1, 255) as u8,
            _ => 2,
        }
    }
}
