//! catena's errors as Python exceptions, with the message the command line prints after
//! `error: ` (file, line:column and the `help:` line included).

use crate::diag::Interface;
use crate::run::RunError;
use crate::study::StudyError;
use pyo3::create_exception;
use pyo3::exceptions::{PyException, PyKeyboardInterrupt};
use pyo3::prelude::*;

create_exception!(
    _catena,
    CatenaError,
    PyException,
    "Base class of catena's errors; the message is what `catena` prints after `error: `."
);
create_exception!(
    _catena,
    SceneError,
    CatenaError,
    "A scene, chain or input that is wrong: the message locates it (file:line:column) and says \
     what to do (`help:`)."
);
create_exception!(
    _catena,
    SolveError,
    CatenaError,
    "A time step failed even at the smallest allowed Δt; the simulator keeps its last accepted \
     state."
);

/// `message` with its help line, as the command line prints them.
fn with_help(message: String, help: Option<String>) -> String {
    match help {
        Some(h) if !message.contains("help:") => format!("{message}\n  help: {h}"),
        _ => message,
    }
}

/// A scene or chain error.
pub fn scene_error(e: impl std::fmt::Display) -> PyErr {
    SceneError::new_err(e.to_string())
}

/// An error of a run; its help line speaks Python (`force=True`, not `--force`).
pub fn run_error(e: RunError) -> PyErr {
    match e {
        RunError::Scene(s) => scene_error(s),
        RunError::Horizon(_) => {
            let help = e.help_for(Interface::Python);
            SceneError::new_err(with_help(e.to_string(), help))
        }
        RunError::Solve { .. } => {
            let help = e.help_for(Interface::Python);
            SolveError::new_err(with_help(e.to_string(), help))
        }
        RunError::Interrupted { .. } => PyKeyboardInterrupt::new_err(e.to_string()),
        e => {
            let help = e.help_for(Interface::Python);
            CatenaError::new_err(with_help(e.to_string(), help))
        }
    }
}

/// An error of a study; its help line speaks Python.
pub fn study_error(e: StudyError) -> PyErr {
    match e {
        StudyError::Input(m) => SceneError::new_err(m),
        StudyError::Interrupted { .. } => PyKeyboardInterrupt::new_err(e.to_string()),
        e => {
            let help = e.help_for(Interface::Python);
            CatenaError::new_err(with_help(e.to_string(), help))
        }
    }
}

/// Registers the exception classes in the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("CatenaError", py.get_type::<CatenaError>())?;
    m.add("SceneError", py.get_type::<SceneError>())?;
    m.add("SolveError", py.get_type::<SolveError>())?;
    Ok(())
}
