//! Study metrics in the IMC paper's terms (seed 001 §4.2, Table 1, Eq. 22).

use super::case::{CaseResult, Sample};
use serde::Serialize;

/// Totals of one run.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Summary {
    /// Average Newton iterations per time step, over steps with at least one contact (AIPTS).
    pub aipts: f64,
    /// Average wall time per time step (ms), over steps with at least one contact (ATPTS).
    pub atpts_ms: f64,
    /// Steps with at least one contact.
    pub contact_steps: u64,
    /// Total Newton iterations (all steps).
    pub total_iterations: u64,
    /// Total wall time (s, all steps).
    pub total_time_s: f64,
    /// Smallest gap over the accepted steps (m), like `catena run`'s `min_gap`.
    pub min_gap: f64,
    /// Smallest gap over every configuration Newton evaluated, trial iterates included (m): a
    /// barrier method (IPC) keeps it positive, IMC may not.
    pub min_gap_iterates: f64,
    /// Largest penetration over accepted steps (m).
    pub max_penetration: f64,
    /// Simulated time reached (s).
    pub sim_end: f64,
}

impl Summary {
    /// The metrics of `case`.
    pub fn of(case: &CaseResult) -> Self {
        let contact: Vec<_> = case.steps.iter().filter(|s| s.active > 0).collect();
        let n = contact.len().max(1) as f64;
        Self {
            aipts: contact.iter().map(|s| f64::from(s.iterations)).sum::<f64>() / n + 0.0,
            atpts_ms: 1e3 * contact.iter().map(|s| s.wall).sum::<f64>() / n + 0.0,
            contact_steps: contact.len() as u64,
            total_iterations: case.steps.iter().map(|s| u64::from(s.iterations)).sum(),
            total_time_s: case.steps.iter().map(|s| s.wall).sum(),
            min_gap: case
                .steps
                .iter()
                .map(|s| s.min_gap)
                .fold(f64::INFINITY, f64::min),
            min_gap_iterates: case
                .steps
                .iter()
                .map(|s| s.min_gap_iterates)
                .fold(f64::INFINITY, f64::min),
            max_penetration: case
                .steps
                .iter()
                .map(|s| s.max_penetration)
                .fold(0.0, f64::max),
            sim_end: case.steps.last().map_or(0.0, |s| s.t),
        }
    }
}

/// Normalised average difference between two runs' configurations (seed 001 Eq. 22):
/// `ē = (1/(M N h)) Σᵢ Σⱼ ‖xⱼⁱ,ᴬ − xⱼⁱ,ᴮ‖` over all `M N` rod nodes, `h` the rod radius, at every
/// sample time both runs reached. Returns `(t, ē)` pairs.
pub fn e_bar(a: &[Sample], b: &[Sample], h: f64) -> Vec<(f64, f64)> {
    a.iter()
        .zip(b)
        .filter(|(x, y)| (x.t - y.t).abs() <= 1e-9 * x.t.abs().max(1.0))
        .map(|(x, y)| {
            let n = x.nodes.len().max(1) as f64;
            let sum: f64 = x
                .nodes
                .iter()
                .zip(&y.nodes)
                .map(|(p, q)| (p - q).norm())
                .sum();
            (x.t, sum / (n * h))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::math::Vec3;

    #[test]
    fn e_bar_is_the_mean_nodal_distance_over_h() {
        let a = vec![Sample {
            t: 1.0,
            nodes: vec![Vec3::zeros(), Vec3::x()],
        }];
        let b = vec![Sample {
            t: 1.0,
            nodes: vec![
                Vec3::new(0.0, 0.2, 0.0),
                Vec3::x() + Vec3::new(0.0, 0.0, 0.4),
            ],
        }];
        let e = e_bar(&a, &b, 0.1);
        assert_eq!(e.len(), 1);
        assert!((e[0].1 - (0.2 + 0.4) / (2.0 * 0.1)).abs() < 1e-12);
    }
}
