//! The global system's [`Assembler`]: the stages that contribute to the residual and Jacobian
//! of an iterate — the elastic stencils of every body kind ([`ElasticStencils`]), the external
//! forces ([`ExternalStage`]) and the contact chains ([`ContactStage`]) — the sparsity pattern
//! their blocks share, and the per-step plumbing (detection, checkpoints). The evaluation of an
//! iterate, stage by stage, is [`Assembler::evaluate`] (`evaluate.rs`).

use super::contact_stage::ContactStage;
use super::evaluation::Evaluation;
use super::external_stage::ExternalStage;
use super::inertia_stage::InertiaStage;
use super::pattern::SparsityPattern;
use super::stencils::ElasticStencils;
use crate::contact::{ContactLineSearch, ContactModel, ContactStats, Coverage};
use crate::external::{ExternalForce, ForceEval, StepStart};
use crate::model::{Model, RodFrames};
use crate::system::SolveError;
use crate::system::integrator::{Coefficients, TimeIntegrator};
use crate::system::stages::{StageTimes, lap};

/// Assembles the global system from elastic stencils, external forces and contacts.
#[derive(Debug)]
pub struct Assembler {
    /// Elastic stage: the internal energies of every body kind.
    pub(crate) stencils: ElasticStencils,
    /// External stage: the body forces.
    pub(crate) external: ExternalStage,
    /// Contact stage: detection and the chains.
    pub(crate) contact: ContactStage,
    /// The inertial rows bodies write themselves (free rigid bodies' rotation).
    pub(crate) inertia: InertiaStage,
    /// The sparsity pattern every stage's blocks are scattered into.
    pub(crate) pattern: SparsityPattern,
    /// How many times the pattern was built (its fingerprint).
    generation: u64,
    /// Reference frames transported to the last evaluated configuration.
    pub(crate) frames: Vec<RodFrames>,
    /// Velocity `v(q)` of the last evaluation (scratch).
    pub(crate) velocity: Vec<f64>,
    /// The evaluation point of the last evaluation (scratch).
    pub(crate) z: Vec<f64>,
    /// Scratch for CCD directions.
    dir_z: Vec<f64>,
    /// Time spent in each stage since the simulator last took it (see [`StageTimes`]).
    pub(crate) stages: StageTimes,
    /// Whether evaluations are line-search trials (their whole time goes to `line_search`).
    pub(crate) in_line_search: bool,
}

impl Assembler {
    /// Builds the stencils and the sparsity pattern of `model` (after `Model::finalize`).
    pub fn new(model: &Model, externals: Vec<Box<dyn ExternalForce>>) -> Self {
        Self::with_contacts(model, externals, None)
    }

    /// Like [`Assembler::new`], with a contact model.
    pub fn with_contacts(
        model: &Model,
        externals: Vec<Box<dyn ExternalForce>>,
        contacts: Option<Box<dyn ContactModel>>,
    ) -> Self {
        let mut asm = Self {
            stencils: ElasticStencils::new(model),
            external: ExternalStage::new(model, externals),
            contact: ContactStage::new(model, contacts),
            inertia: InertiaStage::new(model),
            pattern: SparsityPattern::build(&model.dofs, std::iter::empty(), 0),
            generation: 0,
            frames: Vec::new(),
            velocity: Vec::new(),
            z: Vec::new(),
            dir_z: Vec::new(),
            stages: StageTimes::default(),
            in_line_search: false,
        };
        asm.rebuild_pattern(model);
        asm
    }

    /// Rebuilds the sparsity pattern (elastic stencils, nodes, contact candidates in the
    /// pattern) and every stage's slots.
    pub(crate) fn rebuild_pattern(&mut self, model: &Model) {
        self.generation += 1;
        let contact_groups = self.contact.groups();
        self.pattern = SparsityPattern::build(
            &model.dofs,
            self.stencils
                .groups()
                .chain(self.external.groups())
                .chain(self.inertia.groups())
                .chain(contact_groups.iter().map(|g| &g[..])),
            self.generation,
        );
        self.stencils.bind(model, &self.pattern);
        self.external.bind(model, &self.pattern);
        self.inertia.bind(model, &self.pattern);
        self.contact.bind(model, &self.pattern);
    }

    /// Whether contact blocks go into the sparsity pattern and the assembled Jacobian values
    /// (true by default; the Krylov solve sets it off and applies the pairs' blocks itself).
    pub fn set_contacts_in_pattern(&mut self, model: &Model, on: bool) {
        if self.contact.set_in_pattern(model, on) {
            self.rebuild_pattern(model);
        }
    }

    /// The contact model's state carried between steps, for checkpoints (`None` without contacts).
    pub fn contact_state(&self) -> Option<crate::contact::ContactState> {
        self.contact.state()
    }

    /// The step-to-step state of every external force, in scene order (checkpoints).
    pub fn external_states(&self) -> Vec<Option<crate::external::ExternalState>> {
        self.external.states()
    }

    /// Restores what [`Assembler::external_states`] saved.
    pub fn restore_external_states(
        &mut self,
        model: &Model,
        states: &[Option<crate::external::ExternalState>],
    ) -> Result<(), String> {
        self.external.restore_states(model, states)
    }

    /// Restores a contact state saved by [`Assembler::contact_state`].
    pub fn restore_contact_state(
        &mut self,
        state: &crate::contact::ContactState,
    ) -> Result<(), String> {
        self.contact.restore_state(state)
    }

    /// Starts a time step at configuration `q` (velocity `v`): per-step external forces,
    /// per-step element updates, contact detection, and a new sparsity pattern if the candidate
    /// set changed.
    pub fn begin_step(
        &mut self,
        model: &Model,
        q: &[f64],
        v: &[f64],
        dt: f64,
    ) -> Result<(), SolveError> {
        let start = StepStart {
            model,
            q,
            v,
            dt,
            t: model.time,
        };
        let mut clock = std::time::Instant::now();
        self.external.begin_step(&start)?;
        self.stages.external += lap(&mut clock);
        if self.contact.model.is_none() {
            return Ok(());
        }
        if self.contact.detect(model, q) {
            self.rebuild_pattern(model);
        }
        let forces = if self.contact.wants_step_forces() {
            self.non_contact_forces(model, q, v, dt)
        } else {
            Vec::new()
        };
        if let Some(c) = self.contact.model.as_mut() {
            c.begin_step(model, q, v, &forces);
        }
        self.stages.detect += lap(&mut clock);
        Ok(())
    }

    /// Completes the candidate set at the evaluation point `z` of a converged step (see
    /// [`ContactModel::cover`]); when pairs were added, the sparsity pattern is rebuilt and the
    /// step must be solved again.
    pub fn cover(&mut self, model: &Model, z: &[f64]) -> Coverage {
        if self.contact.model.is_none() {
            return Coverage::default();
        }
        let mut clock = std::time::Instant::now();
        let (cov, rebuild) = self.contact.cover(model, z);
        if rebuild {
            self.rebuild_pattern(model);
        }
        self.stages.detect += lap(&mut clock);
        cov
    }

    /// Elastic and external forces `F = −∂E/∂q + F_ext` at `q` with velocity `v` (N per DOF).
    pub fn non_contact_forces(&mut self, model: &Model, q: &[f64], v: &[f64], dt: f64) -> Vec<f64> {
        self.forces_without_contacts(model, q, v, dt, true)
    }

    /// Elastic and external forces without the drags (see
    /// [`crate::external::ForceRole::Drag`]) at `q` with velocity `v` (N per DOF): with the
    /// contact forces, what a node's motion must balance (the unbalanced force of
    /// [`crate::granular::unbalanced_force_ratio`]).
    pub fn loads(&mut self, model: &Model, q: &[f64], v: &[f64], dt: f64) -> Vec<f64> {
        self.forces_without_contacts(model, q, v, dt, false)
    }

    fn forces_without_contacts(
        &mut self,
        model: &Model,
        q: &[f64],
        v: &[f64],
        dt: f64,
        drags: bool,
    ) -> Vec<f64> {
        let n = model.n_dofs();
        let mut grad = vec![0.0; n];
        model.transport_frames(q, &mut self.frames);
        self.stencils
            .evaluate(model, &self.frames, q, &mut grad, None, 1.0);
        let q_prev: Vec<f64> = q.iter().zip(v).map(|(x, w)| x - dt * w).collect();
        let mut f = vec![0.0; n];
        let e = ForceEval {
            model,
            q,
            v,
            q_origin: &q_prev,
            dt,
            t: model.time,
            step: Coefficients::implicit_euler(dt),
        };
        if drags {
            self.external.add_forces(&e, &mut f);
        } else {
            self.external.add_loads(&e, &mut f);
        }
        for (fi, gi) in f.iter_mut().zip(&grad) {
            *fi -= gi;
        }
        f
    }

    /// Whether the incremental potential is a valid merit: every contact chain is conservative.
    pub fn is_conservative(&self) -> bool {
        self.contact.is_conservative()
    }

    /// The line search the contact chains require (they agree: checked when the contact set
    /// was built).
    pub fn contact_line_search(&self) -> Option<ContactLineSearch> {
        self.contact.line_search()
    }

    /// Whether some chain needs its steps capped by continuous collision detection.
    pub fn needs_ccd(&self) -> bool {
        self.contact.needs_ccd()
    }

    /// Largest `t ∈ [0, 1]` keeping every barrier gap positive along `q + t·dir`, where `q` is
    /// the configuration contacts are evaluated at.
    pub fn max_step(&self, model: &Model, q: &[f64], dir: &[f64]) -> f64 {
        self.contact.max_step(model, q, dir)
    }

    /// The CCD cap of a move of the unknown from `q` by `t·dir`: contacts are evaluated at the
    /// evaluation point `z(q)`, which moves by `t·c_x·dir` (see [`TimeIntegrator`]).
    pub fn max_step_of_unknown(
        &mut self,
        model: &Model,
        integrator: &dyn TimeIntegrator,
        q: &[f64],
        dir: &[f64],
    ) -> f64 {
        let x = integrator.coefficients().x;
        let mut z = std::mem::take(&mut self.z);
        integrator.evaluation_point(q, &mut z);
        self.dir_z.clear();
        self.dir_z.extend(dir.iter().map(|d| d * x));
        let t = self.max_step(model, &z, &self.dir_z);
        self.z = z;
        t
    }

    /// Per-iterate contact parameter updates (IPC's κ); true when the evaluation is stale.
    pub fn end_iteration(&mut self, at: &Evaluation) -> bool {
        self.contact
            .model
            .as_mut()
            .is_some_and(|c| c.end_iteration(&at.contacts))
    }

    /// Lagging updates per step wanted by the contact chains.
    pub fn lag_updates(&self) -> u32 {
        self.contact
            .model
            .as_ref()
            .map_or(0, |c| c.method().lag_updates)
    }

    /// Moves lagged contact quantities to an evaluated configuration.
    pub fn relag(&mut self, at: &Evaluation) {
        if let Some(c) = self.contact.model.as_mut() {
            c.relag(&at.contacts);
        }
    }

    /// Commits contact histories of an accepted evaluation.
    pub fn commit_contacts(&mut self, accepted: &Evaluation) {
        if let Some(c) = self.contact.model.as_mut() {
            c.commit(&accepted.contacts);
        }
    }

    /// Contact statistics of an evaluation.
    pub fn contact_stats(&self, ev: &Evaluation) -> ContactStats {
        self.contact.stats(&ev.contacts)
    }

    /// The current sparsity pattern.
    pub fn pattern(&self) -> &SparsityPattern {
        &self.pattern
    }

    /// The external forces.
    pub fn externals(&self) -> &[Box<dyn ExternalForce>] {
        &self.external.forces
    }

    /// The forces set by the caller (N per DOF; empty when none); see
    /// [`crate::system::Simulator::set_user_forces`].
    pub fn user_forces(&self) -> &[f64] {
        &self.external.user
    }

    /// Replaces the forces set by the caller (N per DOF, or empty for none).
    pub(crate) fn set_user_forces(&mut self, forces: Vec<f64>) {
        self.external.user = forces;
    }

    /// Reference frames transported to the last evaluated configuration.
    pub fn frames(&self) -> &[RodFrames] {
        &self.frames
    }

    /// Euclidean norm of the residual over free DOFs.
    pub fn free_norm(model: &Model, r: &[f64]) -> f64 {
        model
            .dofs
            .free_dofs()
            .map(|k| r[k] * r[k])
            .sum::<f64>()
            .sqrt()
    }
}
