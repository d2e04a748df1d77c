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
    /// When the run may end early, at rest (`time: (until_rest: …)`).
    pub rest: Option<crate::scene::RestSpec>,
    /// What the scene builds but probably should not (printed by `catena check` and
    /// `catena run`), e.g. rod neighbours kept inside a contact chain's force band, or sphere
    /// radii spanning more than 10⁵.
    pub warnings: Vec<String>,
    /// Staged windows (conditions, point forces, actuations) that start at or after the
    /// scene's duration: they act only in a run continued past their start (`--until`); see
    /// [`BuiltScene::warnings_until`].
    pub late_starts: Vec<LateStart>,
}

/// A staged window that starts at or after the scene's duration: it acts only in a run that
/// goes on past `start`. Not an error, since `--until` (or a resume) can take a run there.
#[derive(Debug, Clone, PartialEq)]
pub struct LateStart {
    /// What starts, and its field: `rod "arm": the Translate: start = 5 s`.
    pub what: String,
    /// When it starts (s).
    pub start: f64,
}

impl BuiltScene {
    /// The warnings of a run to `until` (the scene's duration when `None`): [`Self::warnings`],
    /// then one per staged window that starts at or after that end and so never acts in it.
    pub fn warnings_until(&self, until: Option<f64>) -> Vec<String> {
        let (end, which) = match until {
            Some(u) => (u, "--until"),
            None => (self.duration, "the scene's duration"),
        };
        let mut out = self.warnings.clone();
        for l in self.late_starts.iter().filter(|l| l.start >= end) {
            out.push(format!(
                "{}, at or after the end of the run (t = {} s, {which}): it never acts in \
                 this run; check the time (seconds from the start of the run), or run past it \
                 with --until",
                l.what,
                crate::io::fmt_f64(end)
            ));
        }
        out
    }

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
