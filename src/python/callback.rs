//! `Simulator.run(callback=…, every=N)`: the run steps on a rayon worker with the GIL released,
//! and hands the simulator to the calling thread for each call of the callback
//! ([`crate::run::Observer`]).

use super::simulator::Simulator;
use crate::io::{StepRecord, Summary};
use crate::run::{Observation, Observer, RunError, RunOptions, RunScene, run_simulator_observed};
use crate::system::Simulator as Sim;
use pyo3::prelude::*;
use pyo3::types::PyBool;
use std::sync::mpsc::{Receiver, SyncSender, TryRecvError, sync_channel};

/// A Python callback of `Simulator.run`, called on the calling thread while the run steps on a
/// rayon worker (as a run without callback does: its parallel loops start on that worker): at
/// each observed step the run hands the Rust simulator over a channel, the calling thread puts
/// it back into the Python `Simulator` (so that the callback reads it with the usual methods),
/// calls the callback with the GIL, takes it out again and hands it back with the callback's
/// answer. While it waits, the run's worker keeps taking the pool's jobs ([`Relay::wait`]).
pub(super) struct Callback<'a> {
    /// The Python simulator.
    pub(super) me: Py<Simulator>,
    /// The callback.
    pub(super) f: Py<PyAny>,
    /// Its steps before the run.
    pub(super) base: u64,
    /// The exception the callback raised, if it did (the run then stops).
    pub(super) raised: &'a mut Option<PyErr>,
}

/// What the worker running the loop tells the calling thread.
enum FromRun {
    /// The simulator after step `step` of the run, to show the callback.
    Observe(Box<Sim>, u64),
    /// The run is over.
    Done(Box<(Sim, Result<Summary, RunError>)>),
}

/// The run's side of the channel: an [`Observer`] that hands the simulator to the calling
/// thread and waits for it.
struct Relay {
    every: u64,
    to_caller: SyncSender<FromRun>,
    from_caller: Receiver<(Sim, Observation)>,
}

impl Observer for Relay {
    fn every(&self) -> u64 {
        self.every
    }

    fn observe(&mut self, sim: Sim, row: &StepRecord) -> (Sim, Observation) {
        if let Err(e) = self
            .to_caller
            .send(FromRun::Observe(Box::new(sim), row.step))
        {
            // The calling thread is gone (it can only panic): go on without it.
            let FromRun::Observe(sim, _) = e.0 else {
                unreachable!("an Observe message was sent")
            };
            return (
                *sim,
                Observation::Abort("the callback's thread is gone".into()),
            );
        }
        self.wait()
    }
}

impl Relay {
    /// Waits for the calling thread's answer, running the pool's jobs meanwhile: a callback
    /// that computes in parallel (energies, contacts) hands its loops to the pool, whose only
    /// worker may be this one. Between jobs it spins for up to 0.5 ms (a callback that only
    /// reads takes microseconds), then naps 50 µs at a time.
    fn wait(&self) -> (Sim, Observation) {
        let mut idle = std::time::Instant::now();
        loop {
            match self.from_caller.try_recv() {
                Ok(answer) => return answer,
                Err(TryRecvError::Empty) => {}
                Err(TryRecvError::Disconnected) => {
                    panic!("the calling thread ended without handing the simulator back")
                }
            }
            if rayon::yield_now() == Some(rayon::Yield::Executed) {
                idle = std::time::Instant::now();
            } else if idle.elapsed() < std::time::Duration::from_micros(500) {
                std::thread::yield_now();
            } else {
                std::thread::sleep(std::time::Duration::from_micros(50));
            }
        }
    }
}

impl Callback<'_> {
    /// Runs `sim` as `run_simulator` does, calling the callback every `every` steps.
    pub(super) fn run(
        mut self,
        py: Python<'_>,
        sim: Sim,
        info: &RunScene,
        opts: &RunOptions,
        every: u64,
    ) -> (Sim, Result<Summary, RunError>) {
        let (to_caller, from_run) = sync_channel::<FromRun>(0);
        let (to_run, from_caller) = sync_channel::<(Sim, Observation)>(0);
        let done = to_caller.clone();
        let mut relay = Relay {
            every,
            to_caller,
            from_caller,
        };
        py.detach(move || {
            rayon::in_place_scope(|scope| {
                scope.spawn(move |_| {
                    let (sim, result) = run_simulator_observed(sim, info, opts, Some(&mut relay));
                    drop(relay);
                    let _ = done.send(FromRun::Done(Box::new((sim, result))));
                });
                loop {
                    match from_run.recv() {
                        Ok(FromRun::Observe(sim, step)) => {
                            let answer = Python::attach(|py| self.call(py, *sim, step));
                            if to_run.send(answer).is_err() {
                                panic!("the run stopped waiting for the simulator");
                            }
                        }
                        Ok(FromRun::Done(end)) => return *end,
                        // The run's thread panicked; the scope raises its panic.
                        Err(_) => panic!("the run ended without handing the simulator back"),
                    }
                }
            })
        })
    }

    /// Calls the callback with the simulator after step `step` of the run.
    fn call(&mut self, py: Python<'_>, sim: Sim, step: u64) -> (Sim, Observation) {
        let me = self.me.bind(py);
        {
            let mut m = me.borrow_mut();
            m.sim = Some(sim);
            m.steps = self.base + step;
            m.in_callback = true;
        }
        let answer = self.f.call1(py, (me,));
        let sim = {
            let mut m = me.borrow_mut();
            m.in_callback = false;
            m.sim
                .take()
                .expect("a callback can neither step nor run the simulator")
        };
        let seen = match answer {
            Ok(v) if v.bind(py).is(PyBool::new(py, false)) => Observation::Stop,
            Ok(_) => Observation::Continue,
            Err(e) => {
                let message = format!("the callback raised {e}");
                *self.raised = Some(e);
                Observation::Abort(message)
            }
        };
        (sim, seen)
    }
}
