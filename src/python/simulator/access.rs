//! Making a [`Simulator`] and reaching the simulation it holds (refused while a run holds it,
//! or from inside a run's callback).

use super::Simulator;
use crate::run::RunScene;
use crate::scene::BuiltScene;
use crate::system::{AdaptiveState, Simulator as Sim};
use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;

impl Simulator {
    /// The simulator of `built`, whose scene text is `source`.
    pub fn new(built: BuiltScene, source: String) -> Self {
        let (info, sim) = RunScene::split(built, Some(source));
        let adaptive = AdaptiveState::new(&info.adaptive);
        Self {
            sim: Some(sim),
            info,
            adaptive,
            steps: 0,
            in_callback: false,
        }
    }

    /// Refuses `what` (`step`, `run`) from inside a run's callback.
    pub(super) fn not_in_callback(&self, what: &str) -> PyResult<()> {
        if self.in_callback {
            return Err(PyRuntimeError::new_err(format!(
                "Simulator.{what}() was called from inside the callback of a run: the run steps \
                 the simulator; return False from the callback to end the run early instead"
            )));
        }
        Ok(())
    }

    pub(super) fn sim(&self) -> PyResult<&Sim> {
        self.sim
            .as_ref()
            .ok_or_else(|| PyRuntimeError::new_err("the simulator is running"))
    }

    pub(super) fn sim_mut(&mut self) -> PyResult<&mut Sim> {
        self.sim
            .as_mut()
            .ok_or_else(|| PyRuntimeError::new_err("the simulator is running"))
    }
}
