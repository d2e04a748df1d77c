//! The global system's assembler: elastic stencils, external forces and contact candidates with
//! their slots in the sparsity pattern, and the per-step plumbing (detection, contact state,
//! checkpoints). The residual and Jacobian themselves are in `evaluate.rs`.

use super::SolveError;
use super::contact_slots::ContactSlots;
use super::evaluate::Evaluation;
use super::integrator::Coefficients;
use super::pattern::SparsityPattern;
use super::stages::{StageTimes, lap};
use super::stencils::ElasticStencils;
use crate::contact::{ContactLineSearch, ContactModel, ContactStats, Coverage};
use crate::external::{ExternalForce, ForceEval, Mat9, NodeDerivatives, StepStart};
use crate::math::Mat3;
use crate::model::{Model, RodFrames};

/// Assembles the global system from elastic stencils, external forces and contacts.
#[derive(Debug)]
pub struct Assembler {
    pub(super) stencils: ElasticStencils,
    pub(super) externals: Vec<Box<dyn ExternalForce>>,
    pub(super) pattern: SparsityPattern,
    pub(super) node_slots: Vec<[u32; 9]>,
    pub(super) node_dofs: Vec<[usize; 3]>,
    pub(super) contacts: Option<Box<dyn ContactModel>>,
    pub(super) contact_layouts: Vec<[u32; 12]>,
    pub(super) contact_slots: ContactSlots,
    pub(super) generation: u64,
    pub(super) frames: Vec<RodFrames>,
    /// One force's derivatives (scratch).
    pub(super) ext_derivatives: NodeDerivatives,
    /// Every force's node blocks combined with the integrator's coefficients.
    pub(super) ext_blocks: Vec<Mat3>,
    /// Slots of each shell triangle's 9×9 block (row-major), by shell then triangle; empty
    /// unless an external force couples faces.
    pub(super) face_slots: Vec<Vec<[u32; 81]>>,
    /// Every force's face blocks combined with the integrator's coefficients: (shell, face,
    /// block).
    pub(super) ext_faces: Vec<(usize, usize, Mat9)>,
    pub(super) ext_touched: bool,
    pub(super) ext_force: Vec<f64>,
    pub(super) velocity: Vec<f64>,
    /// The evaluation point of the last evaluation.
    pub(super) z: Vec<f64>,
    /// Scratch for CCD directions.
    pub(super) dir_z: Vec<f64>,
    /// Time spent in each stage since the simulator last took it (see [`StageTimes`]).
    pub(super) stages: StageTimes,
    /// Whether evaluations are line-search trials (their whole time goes to `line_search`).
    pub(super) in_line_search: bool,
    /// Whether contact blocks are assembled into the pattern (for the direct solve); when not,
    /// the Krylov solve applies them from the evaluated pairs ([`super::LinearSolver`]) and a
    /// change of candidates costs no pattern rebuild.
    pub(super) contacts_in_pattern: bool,
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
        let stencils = ElasticStencils::new(model);
        // The global node numbering (external forces' node blocks): every body's nodes.
        let node_dofs: Vec<[usize; 3]> = model
            .bodies
            .iter()
            .flat_map(|b| (0..b.n_nodes()).map(move |i| b.node_dof(i)))
            .map(|d| [d, d + 1, d + 2])
            .collect();
        let mut asm = Self {
            stencils,
            externals,
            pattern: SparsityPattern::build(&model.dofs, std::iter::empty(), 0),
            node_slots: Vec::new(),
            node_dofs,
            contacts,
            contact_layouts: Vec::new(),
            contact_slots: ContactSlots::default(),
            generation: 0,
            frames: Vec::new(),
            ext_derivatives: NodeDerivatives::default(),
            ext_blocks: Vec::new(),
            face_slots: Vec::new(),
            ext_faces: Vec::new(),
            ext_touched: false,
            ext_force: Vec::new(),
            velocity: Vec::new(),
            z: Vec::new(),
            dir_z: Vec::new(),
            stages: StageTimes::default(),
            in_line_search: false,
            contacts_in_pattern: true,
        };
        // Candidates the contact model may already hold (e.g. from a check at scene build).
        if let Some(c) = &asm.contacts {
            asm.contact_layouts = c.layouts(model);
        }
        asm.rebuild_pattern(model);
        asm
    }

    /// The contact model's state carried between steps, for checkpoints (`None` without contacts).
    pub fn contact_state(&self) -> Option<crate::contact::ContactState> {
        self.contacts.as_ref().map(|c| c.save_state())
    }

    /// The step-to-step state of every external force, in scene order (checkpoints).
    pub fn external_states(&self) -> Vec<Option<crate::external::ExternalState>> {
        self.externals.iter().map(|x| x.save_state()).collect()
    }

    /// Restores what [`Assembler::external_states`] saved.
    pub fn restore_external_states(
        &mut self,
        model: &Model,
        states: &[Option<crate::external::ExternalState>],
    ) -> Result<(), String> {
        if states.len() != self.externals.len() {
            return Err(format!(
                "the checkpoint has {} external forces, the scene {}",
                states.len(),
                self.externals.len()
            ));
        }
        for (x, s) in self.externals.iter_mut().zip(states) {
            if let Some(s) = s {
                if s.force != x.name() {
                    return Err(format!(
                        "the checkpoint holds the state of `{}` where the scene has `{}`",
                        s.force,
                        x.name()
                    ));
                }
                x.restore_state(model, s)?;
            }
        }
        Ok(())
    }

    /// Restores a contact state saved by [`Assembler::contact_state`].
    pub fn restore_contact_state(
        &mut self,
        state: &crate::contact::ContactState,
    ) -> Result<(), String> {
        match self.contacts.as_mut() {
            Some(c) => c.restore_state(state),
            None => Ok(()),
        }
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
        for x in &mut self.externals {
            x.begin_step(&start)
                .map_err(|source| SolveError::External {
                    source,
                    time: model.time,
                })?;
        }
        self.stages.external += lap(&mut clock);
        if self.contacts.is_none() {
            return Ok(());
        }
        let changed = self.contacts.as_mut().is_some_and(|c| c.detect(model, q));
        if changed && self.contacts_in_pattern {
            if let Some(c) = &self.contacts {
                self.contact_layouts = c.layouts(model);
            }
            self.rebuild_pattern(model);
        }
        let needs = self
            .contacts
            .as_ref()
            .is_some_and(|c| c.method().step_forces);
        let forces = if needs {
            self.non_contact_forces(model, q, v, dt)
        } else {
            Vec::new()
        };
        if let Some(c) = self.contacts.as_mut() {
            c.begin_step(model, q, v, &forces);
        }
        self.stages.detect += lap(&mut clock);
        Ok(())
    }

    /// Completes the candidate set at the evaluation point `z` of a converged step (see
    /// [`ContactModel::cover`]); when pairs were added, the sparsity pattern is rebuilt and the
    /// step must be solved again.
    pub fn cover(&mut self, model: &Model, z: &[f64]) -> Coverage {
        let Some(c) = self.contacts.as_mut() else {
            return Coverage::default();
        };
        let mut clock = std::time::Instant::now();
        let cov = c.cover(model, z);
        if cov.added > 0 && self.contacts_in_pattern {
            self.contact_layouts = c.layouts(model);
            self.rebuild_pattern(model);
        }
        self.stages.detect += lap(&mut clock);
        cov
    }

    /// Elastic and external forces `F = −∂E/∂q + F_ext` at `q` with velocity `v` (N per DOF).
    pub fn non_contact_forces(&mut self, model: &Model, q: &[f64], v: &[f64], dt: f64) -> Vec<f64> {
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
        for x in &self.externals {
            self.ext_derivatives.clear();
            x.add(&e, &mut f, &mut self.ext_derivatives);
        }
        for (fi, gi) in f.iter_mut().zip(&grad) {
            *fi -= gi;
        }
        f
    }

    /// Whether the incremental potential is a valid merit: every contact chain is conservative.
    pub fn is_conservative(&self) -> bool {
        self.contacts
            .as_ref()
            .is_none_or(|c| c.method().conservative)
    }

    /// The line search the contact chains require (they agree: checked when the contact set
    /// was built).
    pub fn contact_line_search(&self) -> Option<ContactLineSearch> {
        self.contacts.as_ref().and_then(|c| c.method().line_search)
    }

    /// Whether some chain needs its steps capped by continuous collision detection.
    pub fn needs_ccd(&self) -> bool {
        self.contacts
            .as_ref()
            .is_some_and(|c| c.method().needs_ccd())
    }

    /// Largest `t ∈ [0, 1]` keeping every barrier gap positive along `q + t·dir`, where `q` is
    /// the configuration contacts are evaluated at.
    pub fn max_step(&self, model: &Model, q: &[f64], dir: &[f64]) -> f64 {
        self.contacts
            .as_ref()
            .map_or(1.0, |c| c.max_step(model, q, dir))
    }

    /// The CCD cap of a move of the unknown from `q` by `t·dir`: contacts are evaluated at the
    /// evaluation point `z(q)`, which moves by `t·c_x·dir` (see [`super::TimeIntegrator`]).
    pub fn max_step_of_unknown(
        &mut self,
        model: &Model,
        integrator: &dyn super::TimeIntegrator,
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
        self.contacts
            .as_mut()
            .is_some_and(|c| c.end_iteration(&at.contacts))
    }

    /// Lagging updates per step wanted by the contact chains.
    pub fn lag_updates(&self) -> u32 {
        self.contacts.as_ref().map_or(0, |c| c.method().lag_updates)
    }

    /// Moves lagged contact quantities to an evaluated configuration.
    pub fn relag(&mut self, at: &Evaluation) {
        if let Some(c) = self.contacts.as_mut() {
            c.relag(&at.contacts);
        }
    }

    /// Commits contact histories of an accepted evaluation.
    pub fn commit_contacts(&mut self, accepted: &Evaluation) {
        if let Some(c) = self.contacts.as_mut() {
            c.commit(&accepted.contacts);
        }
    }

    /// Contact statistics of an evaluation.
    pub fn contact_stats(&self, ev: &Evaluation) -> ContactStats {
        match &self.contacts {
            Some(c) => c.stats(&ev.contacts),
            None => ContactStats {
                min_gap: f64::INFINITY,
                ..ContactStats::default()
            },
        }
    }

    /// The current sparsity pattern.
    pub fn pattern(&self) -> &SparsityPattern {
        &self.pattern
    }

    /// The external forces.
    pub fn externals(&self) -> &[Box<dyn ExternalForce>] {
        &self.externals
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
