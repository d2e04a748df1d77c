//! When a contact binding runs its broad phase again: at every step start ([`Redetect::EveryStep`],
//! the default) or only once its bodies have moved far enough to use up part of the keep
//! distance ([`Redetect::OnMotion`], a Verlet list with a skin, as DEM codes keep neighbour
//! lists) — or, for chains between mesh neighbours, not by distance at all
//! ([`Redetect::MeshEdges`]: the pairs are the meshes' edges).
//!
//! Detection at a configuration `q_d` keeps every pair whose gap is at most the keep distance
//! `k`. A pair left out had a gap above `k` there; if every point of side `i` has moved at most
//! `Dᵢ` since, its gap is still above `k − D₁ − D₂`, and its chain exerts nothing while that is
//! above the reach `ρ`. The candidate set of `q_d` therefore stays complete for as long as
//! `D₁ + D₂ ≤ k − ρ`, measured from `q_d` rather than from the step start: the coverage check
//! after Newton ([`super::coverage`]) uses exactly that bound, so a reused set misses nothing
//! that a fresh one would catch. `OnMotion` detects again at a step start once `D₁ + D₂` from
//! `q_d` exceeds [`REUSE_FRACTION`] of `k − ρ`, leaving the rest of the margin to the step's own
//! motion; a step that moves further is caught by the coverage check as before.
//!
//! What it saves: the broad phase (a spatial hash over every primitive) and the pattern rebuild
//! of a changed candidate set, at every step where bodies move less than a fraction of the
//! margin — most steps of a settling or settled granular bed. What it costs: pairs that drifted
//! apart stay candidates until the next detection (their gap is above `k − D₁ − D₂ > ρ` at most
//! by the motion, and they exert nothing).
//!
//! Barrier (IPC) bindings must detect every step: their CCD bound caps travel from the step
//! start, which only a set detected there makes complete (the scene builder refuses `OnMotion`
//! for them).

use serde::{Deserialize, Serialize};

/// Share of the margin `k − ρ` that bodies may use between detections before an `OnMotion`
/// binding detects again at a step start.
pub const REUSE_FRACTION: f64 = 0.5;

/// When a binding detects its candidate pairs (see the module documentation).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum Redetect {
    /// At the start of every step.
    #[default]
    EveryStep,
    /// At a step start once the bodies have moved, since the last detection, by more than
    /// [`REUSE_FRACTION`] of the margin `keep_distance − reach` (summed over both sides).
    OnMotion,
    /// Never by distance: the pairs are the two nodes of every edge of the bound meshes
    /// (mpacts' connections: the membrane's springs, dashpots and shell viscosity act between
    /// mesh neighbours whatever their distance). Listed at every step start (a pass over the
    /// edges), never checked for coverage: no other pair can become one.
    MeshEdges,
}

/// Whether a binding detected at `detected_at` (empty: never) must detect again at a step
/// start where its two sides have travelled `travel` (m, `D₁ + D₂` from `detected_at`), with
/// keep distance `keep` and chain reach `reach`.
pub fn due(mode: Redetect, detected_at: &[f64], travel: f64, keep: f64, reach: f64) -> bool {
    match mode {
        Redetect::EveryStep | Redetect::MeshEdges => true,
        Redetect::OnMotion => {
            detected_at.is_empty() || travel > REUSE_FRACTION * (keep - reach).max(0.0)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn on_motion_detects_first_and_after_half_the_margin() {
        let q = [0.0; 3];
        assert!(due(Redetect::EveryStep, &q, 0.0, 1e-3, 0.0));
        assert!(due(Redetect::OnMotion, &[], 0.0, 1e-3, 0.0));
        assert!(!due(Redetect::OnMotion, &q, 0.4e-3, 1e-3, 0.0));
        assert!(due(Redetect::OnMotion, &q, 0.6e-3, 1e-3, 0.0));
        // The reach takes its share of the margin: (1 − 0.4)/2 mm remain.
        assert!(due(Redetect::OnMotion, &q, 0.31e-3, 1e-3, 0.4e-3));
        assert!(!due(Redetect::OnMotion, &q, 0.29e-3, 1e-3, 0.4e-3));
    }
}
