//! [`BuiltScene`]: what building a scene produces, ready to become a [`Simulator`].

use crate::contact::ContactModel;
use crate::external::ExternalForce;
use crate::model::Model;
use crate::scene::OutputSpec;
use crate::system::{AdaptiveSettings, IntegratorKind, Simulator, SolverSettings};
use std::path::PathBuf;

/// A scene ready to run.
#[derive(Debug)]
pub struct BuiltScene {
    /// Scene name.
    pub name: String,
    /// Scene file.
    pub file: PathBuf,
    /// The model (finalized).
    pub model: Model,
    /// External forces.
    pub externals: Vec<Box<dyn ExternalForce>>,
    /// Contact model (chains bound to body groups), if the scene has contacts.
    pub contacts: Option<Box<dyn ContactModel>>,
    /// Newton settings.
    pub solver: SolverSettings,
    /// Time step (s).
    pub dt: f64,
    /// Time integrator.
    pub integrator: IntegratorKind,
    /// Duration (s).
    pub duration: f64,
    /// Output cadence.
    pub output: OutputSpec,
    /// Adaptive stepping: retries of failed steps with a halved Δt, and growth back.
    pub adaptive: AdaptiveSettings,
    /// What the scene builds but probably should not (printed by `catena check` and
    /// `catena run`), e.g. rod neighbours kept inside a contact chain's force band.
    pub warnings: Vec<String>,
}

impl BuiltScene {
    /// Moves the scene into a simulator.
    pub fn into_simulator(self) -> Simulator {
        Simulator::with_contacts(
            self.model,
            self.externals,
            self.contacts,
            self.solver,
            self.dt,
        )
        .with_integrator(self.integrator)
    }
}
