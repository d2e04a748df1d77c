//! The number of steps to a horizon, bounded: a typo in `--until` or `duration` (`1e300`) is
//! refused with a clear message instead of a run that never ends.

/// The most steps one run (or one case of a study) may take: a thousand times the paper's
/// 250 s flagella run at Δt = 1 ms, weeks of computing.
pub const MAX_STEPS: f64 = 1e9;

/// A horizon that is not a reachable number of steps.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error(
    "the horizon t = {} s is {steps:.3e} steps of Δt = {} s away, more than the {MAX_STEPS:e} \
     a run may take",
    crate::io::fmt_f64(*end),
    crate::io::fmt_f64(*dt)
)]
pub struct HorizonError {
    /// The end time asked for (s).
    pub end: f64,
    /// The time step (s).
    pub dt: f64,
    /// Steps it would take.
    pub steps: f64,
}

/// Checks that `span / dt` steps (span: the simulated time to cover, s) is a finite number of
/// at most [`MAX_STEPS`], and returns it (not rounded).
pub fn check_steps(end: f64, span: f64, dt: f64) -> Result<f64, HorizonError> {
    let steps = span / dt;
    if steps.is_finite() && steps <= MAX_STEPS {
        Ok(steps.max(0.0))
    } else {
        Err(HorizonError { end, dt, steps })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn absurd_horizons_are_refused() {
        assert_eq!(check_steps(2.5, 2.5, 1e-3), Ok(2.5 / 1e-3));
        let e = check_steps(1e300, 1e300, 1e-3).expect_err("absurd");
        assert!(e.to_string().contains("1.000e303 steps"), "{e}");
        assert!(check_steps(f64::INFINITY, f64::INFINITY, 1e-3).is_err());
    }
}
