//! Ctrl-C in the Python entry points that run long (`Simulator.run`, `check_jacobian`, the
//! cases `run_study` runs in this process): while one runs, SIGINT sets a [`Stop`] request that
//! the Rust loop checks at every step (configuration, case step), as `catena run` does; the
//! call then returns early and raises `KeyboardInterrupt`. Python's own handler still runs (the
//! handler is chained), and its pending signal is consumed so that exactly one
//! `KeyboardInterrupt`, this call's, is raised.

use crate::run::{SIGINT, Stop};
use pyo3::exceptions::PyKeyboardInterrupt;
use pyo3::prelude::*;

/// A SIGINT handler setting a stop request, for as long as it lives.
pub struct CtrlC {
    stop: Stop,
    id: Option<signal_hook::SigId>,
}

impl CtrlC {
    /// Installs the handler (without one, e.g. when the platform refuses, Ctrl-C acts as it
    /// did before the call: at its end).
    pub fn install() -> Self {
        let stop = Stop::new();
        let id = signal_hook::flag::register_usize(SIGINT, stop.cell(), SIGINT as usize).ok();
        Self { stop, id }
    }

    /// The stop request the handler sets.
    pub fn stop(&self) -> &Stop {
        &self.stop
    }

    /// The `KeyboardInterrupt` to raise for a call that stopped on the request, with
    /// `message`; Python's pending signal is consumed first.
    pub fn interrupted(py: Python<'_>, message: String) -> PyErr {
        let _ = py.check_signals();
        PyKeyboardInterrupt::new_err(message)
    }
}

impl Drop for CtrlC {
    fn drop(&mut self) {
        if let Some(id) = self.id.take() {
            signal_hook::low_level::unregister(id);
        }
    }
}
