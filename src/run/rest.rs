//! Ending a run at rest (`time: (until_rest: (speed: …, steps: …))`): after each step the
//! largest speed of any node or body centre over its free coordinates
//! ([`crate::model::Model::max_free_node_speed`]) is compared with the threshold; once it has
//! stayed below for the asked number of consecutive steps, the run ends as completed.
//!
//! With `mean: true` the nodes' mean speed is compared instead of the largest.
//! With `min_contacts: k`, spheres with fewer than `k` active contacts at the step are left
//! out ([`crate::granular::sphere_contacts`]).
//!
//! This is the stopping test of relaxation runs (a granular bed pressed and held, a knot
//! pulled and left to settle, an overdamped membrane relaxing): "held until at rest" without
//! guessing a duration. The count of calm steps is kept in checkpoints, so a resumed run ends
//! where the uninterrupted one would.

use crate::scene::RestSpec;
use serde::{Deserialize, Serialize};

/// The rest test of a run: its criterion and the calm steps counted so far.
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize, Deserialize)]
pub struct RestWatch {
    /// Speed below which the model counts as at rest (m/s); `None`: never.
    pub speed: Option<f64>,
    /// Consecutive calm steps needed.
    pub steps: u32,
    /// Consecutive calm steps so far.
    pub calm: u32,
    /// Spheres with fewer active contacts than this are left out (see [`RestSpec`]).
    #[serde(default)]
    pub min_contacts: u32,
    /// Whether the mean speed is compared rather than the largest (see [`RestSpec`]).
    #[serde(default)]
    pub mean: bool,
}

impl RestWatch {
    /// The watch of a scene's `until_rest` (none: a run that goes to its horizon).
    pub fn of(spec: Option<RestSpec>) -> Self {
        match spec {
            Some(r) => Self {
                speed: Some(r.speed.0),
                steps: r.steps.max(1),
                calm: 0,
                min_contacts: r.min_contacts,
                mean: r.mean,
            },
            None => Self::default(),
        }
    }

    /// Counts a step whose largest free node speed was `speed` (m/s); true when the model has
    /// now been at rest for the asked number of steps.
    pub fn observe(&mut self, speed: f64) -> bool {
        let Some(limit) = self.speed else {
            return false;
        };
        if speed < limit {
            self.calm += 1;
        } else {
            self.calm = 0;
        }
        self.calm >= self.steps
    }

    /// The summary's note for a run that ended at rest at time `t` after step `step`.
    pub fn note(&self, step: u64, t: f64) -> String {
        format!(
            "at rest after step {step} (t = {t} s): {} slower than {} m/s for {} steps{}",
            if self.mean {
                "the nodes' mean speed"
            } else {
                "every node"
            },
            self.speed.unwrap_or(0.0),
            self.steps,
            match self.min_contacts {
                0 => String::new(),
                1 => " (spheres without contact left out)".into(),
                k => format!(" (spheres with fewer than {k} contacts left out)"),
            }
        )
    }

    /// The summary's note for a run that reached its horizon without coming to rest (`None`
    /// when it was not asked to stop at rest).
    pub fn not_reached(&self) -> Option<String> {
        self.speed.map(|s| {
            format!(
                "not at rest at the end: {} of {} calm steps below {s} m/s",
                self.calm, self.steps
            )
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scene::Positive;

    #[test]
    fn counts_consecutive_calm_steps_and_restarts_on_motion() {
        let mut w = RestWatch::of(Some(RestSpec {
            speed: Positive(1e-3),
            steps: 3,
            min_contacts: 0,
            mean: false,
        }));
        assert!(!w.observe(1e-4));
        assert!(!w.observe(1e-4));
        assert!(!w.observe(2e-3), "a fast step restarts the count");
        assert_eq!(w.calm, 0);
        assert!(!w.observe(0.0));
        assert!(!w.observe(5e-4));
        assert!(w.observe(9.9e-4));
        assert!(w.note(7, 0.5).contains("3 steps"));
    }

    #[test]
    fn without_a_criterion_a_run_never_rests() {
        let mut w = RestWatch::of(None);
        assert!(!w.observe(0.0));
        assert_eq!(w.not_reached(), None);
    }
}
