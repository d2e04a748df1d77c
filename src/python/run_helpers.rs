//! Helpers of `Simulator.run` and `Simulator.step`: the horizon check and the move to rayon's
//! pool.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

/// Checks the horizon of `Simulator.run` at time `t` (s): `until` must be a finite time after
/// `t`, and without it the scene's `duration` must be after `t` — else the run would end
/// after no step at all, which is a mistake (`until=-1`), not a result.
pub fn check_until(until: Option<f64>, t: f64, duration: f64) -> PyResult<()> {
    match until {
        Some(u) if !u.is_finite() => Err(PyValueError::new_err(format!(
            "until = {u}: need a finite simulated time (s) to run to"
        ))),
        Some(u) if u <= t => Err(PyValueError::new_err(format!(
            "until = {u} s is not after the simulator's time t = {t} s: there is nothing to run \
             (until is the simulated time to run to, in s)"
        ))),
        None if duration <= t => Err(PyValueError::new_err(format!(
            "the simulator is at t = {t} s, at or past the scene's duration ({duration} s): \
             give until= to run further"
        ))),
        _ => Ok(()),
    }
}

/// Runs `f` on a worker thread of rayon's global pool and waits for it: a run then moves to the
/// pool once, rather than once per step (see `Simulator::step`).
pub fn on_worker<R: Send>(f: impl FnOnce() -> R + Send) -> R {
    rayon::scope(|_| f())
}
