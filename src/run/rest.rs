//! Ending a run at rest (`time: (until_rest: (speed: …, steps: …))`): after each step the
//! largest speed of any node or body centre over its free coordinates
//! ([`crate::model::Model::max_free_node_speed`]) is compared with the threshold; once it has
//! stayed below for the asked number of consecutive steps, the run ends as completed.
//!
//! With `mean: true` the nodes' mean speed is compared instead of the largest. With
//! `unbalanced: R` the spheres' unbalanced-force ratio
//! ([`crate::granular::unbalanced_force_ratio`]) must stay below `R` as well (or alone, without
//! `speed`).
//! With `min_contacts: k`, spheres with fewer than `k` active contacts at the step are left
//! out ([`crate::granular::sphere_contacts`]).
//!
//! This is the stopping test of relaxation runs (a granular bed pressed and held, a knot
//! pulled and left to settle, an overdamped membrane relaxing): "held until at rest" without
//! guessing a duration. The count of calm steps is kept in checkpoints, so a resumed run ends
//! where the uninterrupted one would.

use crate::granular::{sphere_contacts, unbalanced_force_ratio};
use crate::scene::RestSpec;
use crate::system::Simulator;
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
    /// Unbalanced-force ratio below which the spheres count as at rest; `None`: not tested.
    #[serde(default)]
    pub unbalanced: Option<f64>,
    /// The unbalanced-force ratio of the last step observed, when tested.
    #[serde(skip)]
    pub last_ratio: Option<f64>,
}

impl RestWatch {
    /// The watch of a scene's `until_rest` (none: a run that goes to its horizon).
    pub fn of(spec: Option<RestSpec>) -> Self {
        match spec {
            Some(r) => Self {
                speed: r.speed.map(|s| s.0),
                unbalanced: r.unbalanced.map(|u| u.0),
                last_ratio: None,
                steps: r.steps.max(1),
                calm: 0,
                min_contacts: r.min_contacts,
                mean: r.mean,
            },
            None => Self::default(),
        }
    }

    /// Whether the watch has a test (a run without one goes to its horizon).
    pub fn is_active(&self) -> bool {
        self.speed.is_some() || self.unbalanced.is_some()
    }

    /// Counts a step whose speed (largest or mean, as asked) was `speed` (m/s) and whose
    /// unbalanced-force ratio was `ratio` (`None`: not computed, or nothing to compute it from,
    /// which is not rest); true when the model has now been at rest for the asked number of
    /// steps.
    pub fn observe(&mut self, speed: f64, ratio: Option<f64>) -> bool {
        if !self.is_active() {
            return false;
        }
        self.last_ratio = ratio;
        let slow = self.speed.is_none_or(|limit| speed < limit);
        let balanced = self
            .unbalanced
            .is_none_or(|limit| ratio.is_some_and(|r| r < limit));
        if slow && balanced {
            self.calm += 1;
        } else {
            self.calm = 0;
        }
        self.calm >= self.steps
    }

    /// A description of the test (`… for N steps`).
    fn test(&self) -> String {
        let mut parts = Vec::new();
        if let Some(s) = self.speed {
            parts.push(format!(
                "{} slower than {s} m/s",
                if self.mean {
                    "the nodes' mean speed"
                } else {
                    "every node"
                }
            ));
        }
        if let Some(u) = self.unbalanced {
            parts.push(format!("the unbalanced-force ratio below {u}"));
        }
        format!(
            "{} for {} steps{}",
            parts.join(" and "),
            self.steps,
            match self.min_contacts {
                0 => String::new(),
                1 => " (spheres without contact left out)".into(),
                k => format!(" (spheres with fewer than {k} contacts left out)"),
            }
        )
    }

    /// The summary's note for a run that ended at rest at time `t` after step `step`.
    pub fn note(&self, step: u64, t: f64) -> String {
        format!("at rest after step {step} (t = {t} s): {}", self.test())
    }

    /// The summary's note for a run that reached its horizon without coming to rest (`None`
    /// when it was not asked to stop at rest), with the last step's unbalanced-force ratio
    /// when the test has one.
    pub fn not_reached(&self) -> Option<String> {
        self.is_active().then(|| {
            format!(
                "not at rest at the end: {} of {} calm steps ({}){}",
                self.calm,
                self.steps,
                self.test(),
                self.last_ratio.map_or(String::new(), |r| format!(
                    "; last unbalanced-force ratio {r:.3e}"
                ))
            )
        })
    }
}

impl RestWatch {
    /// Observes the step `sim` just took (of `dt` s) with [`RestWatch::observe`]: the speeds
    /// of its nodes and, when tested, its spheres' unbalanced-force ratio, both without the
    /// spheres of fewer than `min_contacts` contacts. True when the model is now at rest.
    pub(super) fn observe_step(&mut self, sim: &mut Simulator, dt: f64) -> bool {
        if !self.is_active() {
            return false;
        }
        let rattlers: Vec<bool> = if self.min_contacts > 0 {
            let count = sphere_contacts(&sim.model, sim.last_contacts());
            count.iter().map(|&n| n < self.min_contacts).collect()
        } else {
            Vec::new()
        };
        let (fastest, mean) = sim.model.free_node_speeds_except(&rattlers);
        let ratio = self.unbalanced.and_then(|_| {
            let loads = sim.loads(dt);
            unbalanced_force_ratio(&sim.model, sim.last_contacts(), &loads, &rattlers)
        });
        self.observe(if self.mean { mean } else { fastest }, ratio)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scene::Positive;

    #[test]
    fn counts_consecutive_calm_steps_and_restarts_on_motion() {
        let mut w = RestWatch::of(Some(RestSpec {
            speed: Some(Positive(1e-3)),
            unbalanced: None,
            steps: 3,
            min_contacts: 0,
            mean: false,
        }));
        assert!(!w.observe(1e-4, None));
        assert!(!w.observe(1e-4, None));
        assert!(!w.observe(2e-3, None), "a fast step restarts the count");
        assert_eq!(w.calm, 0);
        assert!(!w.observe(0.0, None));
        assert!(!w.observe(5e-4, None));
        assert!(w.observe(9.9e-4, None));
        assert!(w.note(7, 0.5).contains("3 steps"));
    }

    #[test]
    fn without_a_criterion_a_run_never_rests() {
        let mut w = RestWatch::of(None);
        assert!(!w.observe(0.0, Some(0.0)));
        assert_eq!(w.not_reached(), None);
    }

    #[test]
    fn the_unbalanced_ratio_must_hold_with_the_speed() {
        let mut w = RestWatch::of(Some(RestSpec {
            speed: Some(Positive(1e-3)),
            unbalanced: Some(Positive(1e-3)),
            steps: 2,
            min_contacts: 2,
            mean: true,
        }));
        assert!(!w.observe(0.0, Some(5e-4)));
        assert!(
            !w.observe(0.0, Some(2e-3)),
            "an unbalanced step restarts the count"
        );
        assert!(!w.observe(0.0, None), "no ratio (no contact) is not rest");
        assert!(
            !w.observe(2e-3, Some(0.0)),
            "a fast step restarts the count"
        );
        assert!(!w.observe(0.0, Some(5e-4)));
        assert!(w.observe(0.0, Some(9e-4)));
        let note = w.note(9, 1.5);
        assert!(
            note.contains("unbalanced-force ratio below 0.001"),
            "{note}"
        );
        assert!(note.contains("fewer than 2 contacts"), "{note}");

        let mut alone = RestWatch::of(Some(RestSpec {
            speed: None,
            unbalanced: Some(Positive(1e-2)),
            steps: 1,
            min_contacts: 0,
            mean: false,
        }));
        assert!(
            alone.observe(1e3, Some(1e-3)),
            "without `speed` the speed is not tested"
        );
        assert!(!alone.observe(0.0, Some(0.5)));
        let missed = alone.not_reached().unwrap();
        assert!(missed.contains("5.000e-1"), "{missed}");
    }
}
