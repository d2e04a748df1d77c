//! Stage timers: where the wall-clock time of a step goes (issue 18).
//!
//! Every accepted step reports the milliseconds spent in each stage of the implicit step;
//! `steps.csv` carries them per step (`detect_ms` … `commit_ms`), `summary.json` their totals,
//! and `catena run --profile` prints the breakdown. The stages are exclusive: a millisecond is
//! charged to one stage only.
//!
//! | stage | what it times |
//! |---|---|
//! | `detect` | broad phase at the start of the step, and the re-detection after Newton |
//! | `elastic` | rod and shell stencils: frame transport, forces and Hessians, their scatter |
//! | `external` | external forces (gravity, drag, RSS: assembly and solve) and inertia |
//! | `contact` | chain evaluation of every candidate pair (geometry, laws, local blocks) |
//! | `assemble` | scatter of contact blocks, mass diagonal and external blocks into the system |
//! | `factor` | sparse factorisation (symbolic analysis when the pattern changed, numeric) |
//! | `solve` | triangular solves |
//! | `line_search` | trial evaluations of the line search, and CCD step bounds |
//! | `commit` | the step's start (predictor) and commit (integrator update, frames, history) |
//!
//! The timers cost two `Instant::now()` per stage and evaluation (tens of nanoseconds).

use serde::{Deserialize, Serialize};
use std::time::Instant;

/// Milliseconds spent in each stage of one step (or summed over a run).
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct StageTimes {
    /// Broad phase and re-detection (ms).
    pub detect: f64,
    /// Elastic stencils (ms).
    pub elastic: f64,
    /// External forces and inertia (ms).
    pub external: f64,
    /// Chain evaluation of contact pairs (ms).
    pub contact: f64,
    /// Scatter into the global system (ms).
    pub assemble: f64,
    /// Sparse factorisation (ms).
    pub factor: f64,
    /// Triangular solves (ms).
    pub solve: f64,
    /// Line-search trial evaluations and CCD (ms).
    pub line_search: f64,
    /// Step start and commit (ms).
    pub commit: f64,
}

/// Number of stages.
pub const N_STAGES: usize = 9;

impl StageTimes {
    /// Stage names, in the order of [`StageTimes::values`] (the `steps.csv` columns are these
    /// names with `_ms` appended).
    pub const NAMES: [&'static str; N_STAGES] = [
        "detect",
        "elastic",
        "external",
        "contact",
        "assemble",
        "factor",
        "solve",
        "line_search",
        "commit",
    ];

    /// The stage times in the order of [`StageTimes::NAMES`] (ms).
    pub fn values(&self) -> [f64; N_STAGES] {
        [
            self.detect,
            self.elastic,
            self.external,
            self.contact,
            self.assemble,
            self.factor,
            self.solve,
            self.line_search,
            self.commit,
        ]
    }

    /// The stage times from values in the order of [`StageTimes::NAMES`] (ms).
    pub fn from_values(v: [f64; N_STAGES]) -> Self {
        Self {
            detect: v[0],
            elastic: v[1],
            external: v[2],
            contact: v[3],
            assemble: v[4],
            factor: v[5],
            solve: v[6],
            line_search: v[7],
            commit: v[8],
        }
    }

    /// Adds `other` stage by stage.
    pub fn add(&mut self, other: &StageTimes) {
        let (a, b) = (self.values(), other.values());
        *self = Self::from_values(std::array::from_fn(|k| a[k] + b[k]));
    }

    /// `self − earlier`, stage by stage (the time spent between two readings of a running total).
    pub fn since(&self, earlier: &StageTimes) -> StageTimes {
        let (a, b) = (self.values(), earlier.values());
        Self::from_values(std::array::from_fn(|k| a[k] - b[k]))
    }

    /// Sum over the stages (ms).
    pub fn total(&self) -> f64 {
        self.values().iter().sum()
    }
}

/// Milliseconds since `*clock`, and restarts the clock.
pub(crate) fn lap(clock: &mut Instant) -> f64 {
    let now = Instant::now();
    let ms = (now - *clock).as_secs_f64() * 1e3;
    *clock = now;
    ms
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_round_trip_and_arithmetic() {
        let v: [f64; N_STAGES] = std::array::from_fn(|k| k as f64 + 0.5);
        let s = StageTimes::from_values(v);
        assert_eq!(s.values(), v);
        assert_eq!(s.total(), v.iter().sum::<f64>());
        let mut d = s;
        d.add(&s);
        assert_eq!(d.since(&s), s);
        assert_eq!(d.factor, 2.0 * s.factor);
    }

    #[test]
    fn lap_measures_and_restarts() {
        let mut clock = Instant::now();
        std::thread::sleep(std::time::Duration::from_millis(2));
        let first = lap(&mut clock);
        let second = lap(&mut clock);
        assert!(first >= 2.0, "{first}");
        assert!(second < first, "{second} after {first}");
    }
}
