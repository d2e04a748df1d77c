//! [`ContactState`]: what a contact set carries from one time step to the next, for
//! checkpoints: the committed per-pair memory and the state of adaptive elements.

use super::PairKey;
use crate::contact::element::{ElementState, PairMemory};
use serde::{Deserialize, Serialize};

/// The persistent state of a contact set between time steps.
///
/// Candidates are part of it only when a binding keeps them across steps
/// ([`super::Redetect::OnMotion`]); otherwise detection recomputes them at the start of every
/// step from the configuration alone. Lagged quantities moved within a step are cleared at its
/// start.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct ContactState {
    /// Committed per-pair memory, sorted by pair.
    pub memories: Vec<(PairKey, PairMemory)>,
    /// Per binding, per chain element: the state of an adaptive element (`None` for others).
    pub elements: Vec<Vec<Option<ElementState>>>,
    /// The candidate pairs, when a binding keeps them across steps (empty otherwise).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub candidates: Vec<PairKey>,
    /// Per binding, the configuration of its last detection, when a binding keeps candidates
    /// across steps (empty otherwise).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub detected_at: Vec<Vec<f64>>,
}
