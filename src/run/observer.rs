//! [`Observer`]: a hook into the run loop, called after every N-th step with the simulator
//! (the Python package's `Simulator.run(callback=…, every=N)`), which may stop the run.

use crate::io::StepRecord;
use crate::system::Simulator;

/// What an [`Observer`] asks of the run after seeing a step.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Observation {
    /// Go on.
    Continue,
    /// End the run after this step, as a stop request would (rows, a checkpoint and a summary
    /// marked `stopped` are written, so that `catena resume` can continue it), and return that
    /// summary (not completed) as the run's result.
    Stop,
    /// The same, but the run returns [`RunError::Stopped`](super::RunError::Stopped) with this message (e.g. an
    /// exception raised by a Python callback).
    Abort(String),
}

/// A per-step observer of a run started by [`run_simulator_observed`](super::run_simulator_observed) (the Python package's
/// `Simulator.run(callback=…)`): called after every [`Observer::every`]-th step of the run, once
/// the step's row, frame and checkpoint are written, with the simulator and the step's row.
///
/// The observer is handed the simulator by value and hands it back (so that it can lend it
/// to someone else, e.g. a Python object on another thread); it may read it and edit it as
/// between two calls of [`advance`](crate::system::advance) (external forces, boundary targets), but not step it. A
/// run without an observer, and the command line, are unchanged by this hook.
pub trait Observer: Send {
    /// Steps of the run between two calls (at least 1): the observer sees steps `every`,
    /// `2·every`, … of the run (numbered from 1, as in `steps.csv`).
    fn every(&self) -> u64;
    /// Sees `sim` after step `row.step`; returns it, and what the run should do.
    fn observe(&mut self, sim: Simulator, row: &StepRecord) -> (Simulator, Observation);
}

/// An [`Observer`] from a closure that reads or edits the simulator in place, every `every`
/// steps: `Every { every: 10, f: |sim, row| { …; Observation::Continue } }`.
#[derive(Debug, Clone)]
pub struct Every<F> {
    /// Steps between two calls (0 counts as 1).
    pub every: u64,
    /// The closure, called with the simulator and the step's row.
    pub f: F,
}

impl<F> Observer for Every<F>
where
    F: FnMut(&mut Simulator, &StepRecord) -> Observation + Send,
{
    fn every(&self) -> u64 {
        self.every.max(1)
    }

    fn observe(&mut self, mut sim: Simulator, row: &StepRecord) -> (Simulator, Observation) {
        let seen = (self.f)(&mut sim, row);
        (sim, seen)
    }
}
