//! [`CoverageTally`]: how often a run's candidate sets had to be completed after Newton
//! (see [`crate::contact::ContactModel::cover`]), for the run summary's advice on
//! `keep_distance`.

use crate::contact::Coverage;

/// Share of steps needing a re-solve above which the run summary calls re-detection frequent:
/// each such step pays at least one more Newton solve, which a larger keep distance avoids.
pub const FREQUENT_RESOLVES: f64 = 0.01;

/// Coverage checks of the accepted steps, summed.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct CoverageTally {
    /// Accepted steps.
    pub steps: u64,
    /// Steps in which some binding moved farther than its keep distance covers, so that its
    /// candidates were detected again at the end of the step.
    pub redetected_steps: u64,
    /// Steps solved again because that detection found pairs within reach that the candidate
    /// set had missed.
    pub resolved_steps: u64,
    /// Missed pairs found and added, over all steps.
    pub added_pairs: u64,
    /// The largest keep distance any re-detected binding would have needed (m).
    pub needed_keep: f64,
}

impl CoverageTally {
    /// Adds the coverage checks of one accepted step (one per solve of it).
    pub fn record(&mut self, checks: &[Coverage]) {
        self.steps += 1;
        if checks.iter().any(|c| c.redetected > 0) {
            self.redetected_steps += 1;
        }
        if checks.iter().any(|c| c.added > 0) {
            self.resolved_steps += 1;
        }
        for c in checks {
            self.added_pairs += c.added;
            self.needed_keep = self.needed_keep.max(c.needed_keep);
        }
    }

    /// Whether the re-solves were frequent enough (over [`FREQUENT_RESOLVES`] of the steps) to
    /// advise a larger keep distance.
    pub fn frequent(&self) -> bool {
        self.steps > 0 && self.resolved_steps as f64 > FREQUENT_RESOLVES * self.steps as f64
    }

    /// A note for the run summary when steps were re-solved (`None` otherwise): how many, how
    /// many pairs detection at the step start had missed and, when frequent, the keep distance
    /// that covers the motion.
    pub fn note(&self) -> Option<String> {
        if self.resolved_steps == 0 {
            return None;
        }
        let share = 100.0 * self.resolved_steps as f64 / self.steps as f64;
        let mut s = format!(
            "{} of {} steps ({share:.2} %) moved bodies farther than keep_distance covers and \
             found {} contact pairs after Newton that detection at the step start had missed; \
             those steps were solved again with them",
            self.resolved_steps, self.steps, self.added_pairs
        );
        if self.frequent() {
            s.push_str(&format!(
                ". Re-detection is frequent: a keep_distance of at least {:.3e} m (or a smaller \
                 Δt) would avoid the extra solves",
                self.needed_keep
            ));
        }
        Some(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tally_counts_steps_and_advises_when_frequent() {
        let covered = Coverage::default();
        let checked = Coverage {
            redetected: 1,
            added: 0,
            needed_keep: 2e-4,
        };
        let missed = Coverage {
            redetected: 1,
            added: 3,
            needed_keep: 5e-4,
        };
        let mut t = CoverageTally::default();
        t.record(&[covered]);
        assert_eq!(t.note(), None);
        t.record(&[checked]);
        t.record(&[missed, checked]);
        assert_eq!(
            (t.steps, t.redetected_steps, t.resolved_steps, t.added_pairs),
            (3, 2, 1, 3)
        );
        assert_eq!(t.needed_keep, 5e-4);
        let note = t.note().unwrap();
        assert!(note.starts_with("1 of 3 steps"), "{note}");
        assert!(note.contains("5.000e-4 m"), "{note}");
        // One re-solve in 200 steps is not frequent: no advice.
        for _ in 0..197 {
            t.record(&[covered]);
        }
        assert!(!t.frequent());
        assert!(!t.note().unwrap().contains("keep_distance of at least"));
    }
}
