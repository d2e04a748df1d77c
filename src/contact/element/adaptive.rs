//! Adaptive elements: parameters a chain element updates between Newton solves (IMC's contact
//! stiffness once per step, IPC's barrier stiffness per step and per iterate), with a typed
//! state that checkpoints save and restore.
//!
//! An element opts in by implementing [`Adaptive`] and by being registered with the `adaptive`
//! flag in its element set (see [`crate::element_set!`]); the contact set then calls its hooks
//! through the object-safe [`AdaptiveHooks`], once per step or per iterate, never per pair.

use crate::contact::core::Env;
use crate::contact::core::Vec12;
use serde::Serialize;
use serde::de::DeserializeOwned;

/// What an adaptive element sees at the start of a time step.
#[derive(Debug, Clone, Copy)]
pub struct StepInfo<'a> {
    /// The model and the state at the start of the step.
    pub env: Env<'a>,
    /// Non-contact forces at the start of the step (elastic + external, N), per global DOF;
    /// empty unless some element's [`StepNeeds::forces`] is set.
    pub forces: &'a [f64],
    /// First global DOF of every free point in this binding's candidate pairs.
    pub contact_points: &'a [u32],
    /// Geometry of every candidate pair of this binding at the start of the step; empty unless
    /// some element's [`StepNeeds::pairs`] is set.
    pub pairs: &'a [PairGeometry],
}

/// The resolved geometry of one candidate pair at the start of a step (for per-step updates
/// that need the contact configuration, e.g. IPC's barrier stiffness).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PairGeometry {
    /// Global DOF of each local coordinate (`NO_DOF` where static or absent).
    pub dofs: [u32; 12],
    /// Gap `Δ − r₁ − r₂` (m).
    pub gap: f64,
    /// ∇Δ over the local coordinates.
    pub grad: Vec12,
}

/// What an adaptive element reads at the start of a step (each costs the system work, so it is
/// only done when asked).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct StepNeeds {
    /// [`StepInfo::forces`]: one elastic and external evaluation per step.
    pub forces: bool,
    /// [`StepInfo::pairs`]: one geometry evaluation of every candidate per step.
    pub pairs: bool,
}

/// An element with a parameter it adapts during a run.
///
/// The element keeps its state in a field of type [`Adaptive::State`] (skipped by its
/// `Deserialize`, so a chain file never sets it), updated only through these hooks; a
/// checkpoint stores it with serde and a resumed run restores it bit for bit.
pub trait Adaptive {
    /// The adapted state (serialised in checkpoints: keep it small).
    type State: Serialize + DeserializeOwned + Clone + std::fmt::Debug;
    /// What [`Adaptive::begin_step`] reads.
    fn step_needs(&self) -> StepNeeds;
    /// Called once at the start of each time step, after detection and before any evaluation.
    fn begin_step(&mut self, step: &StepInfo);
    /// Called after every Newton iterate's evaluation with the smallest gap over the binding's
    /// candidates (m); returns whether a parameter changed, in which case the iterate is
    /// evaluated again.
    fn end_iteration(&mut self, _min_gap: f64) -> bool {
        false
    }
    /// The current state.
    fn state(&self) -> Self::State;
    /// Restores a state returned by [`Adaptive::state`].
    fn set_state(&mut self, state: Self::State);
}

/// An adaptive element's state as a checkpoint stores it: its element name and the state in
/// RON (floats written in their shortest round-trip form, so they come back bit for bit).
#[derive(Debug, Clone, PartialEq, Serialize, serde::Deserialize)]
pub struct ElementState {
    /// Name of the element that saved it.
    pub element: String,
    /// The state, in RON.
    pub state: String,
}

/// The object-safe face of [`Adaptive`] through which the contact set drives an element.
pub trait AdaptiveHooks: Send + Sync {
    /// See [`Adaptive::step_needs`].
    fn step_needs(&self) -> StepNeeds;
    /// See [`Adaptive::begin_step`].
    fn begin_step(&mut self, step: &StepInfo);
    /// See [`Adaptive::end_iteration`].
    fn end_iteration(&mut self, min_gap: f64) -> bool;
    /// The state, serialised.
    fn save(&self) -> ElementState;
    /// Restores a saved state, or says why it does not fit.
    fn restore(&mut self, state: &ElementState) -> Result<(), String>;
}

impl<T: Adaptive + super::ChainElement> AdaptiveHooks for T {
    fn step_needs(&self) -> StepNeeds {
        Adaptive::step_needs(self)
    }
    fn begin_step(&mut self, step: &StepInfo) {
        Adaptive::begin_step(self, step);
    }
    fn end_iteration(&mut self, min_gap: f64) -> bool {
        Adaptive::end_iteration(self, min_gap)
    }
    fn save(&self) -> ElementState {
        ElementState {
            element: self.doc().name.to_string(),
            state: ron::to_string(&self.state()).unwrap_or_default(),
        }
    }
    fn restore(&mut self, saved: &ElementState) -> Result<(), String> {
        let name = self.doc().name;
        if saved.element != name {
            return Err(format!(
                "the checkpoint holds the state of `{}` where the chain has `{name}`",
                saved.element
            ));
        }
        let s: T::State = ron::from_str(&saved.state)
            .map_err(|e| format!("the saved state of `{name}` does not read: {e}"))?;
        self.set_state(s);
        Ok(())
    }
}
