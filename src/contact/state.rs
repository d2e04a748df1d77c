//! [`ContactState`]: what a contact model carries from one time step to the next, for
//! checkpoints (committed pair histories and the per-step state of chain elements, such as an
//! adaptive stiffness).

use super::history::{History, PairKey};
use serde::{Deserialize, Serialize};

/// The persistent state of a contact model between time steps.
///
/// Candidates are not part of it: detection recomputes them at the start of every step from the
/// configuration alone. Lagged quantities moved within a step are cleared at its start.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct ContactState {
    /// Committed histories, sorted by pair.
    pub histories: Vec<(PairKey, History)>,
    /// Per binding, per chain element: [`crate::contact::ChainElement::state`].
    pub elements: Vec<Vec<Vec<f64>>>,
}
