//! Global residual and Jacobian of implicit Euler (seed 001 Eq. 7, Alg. 2):
//!
//! `r(q) = M (q − q̃)/Δt² − F(q, v(q))`, with `q̃ = qₙ + Δt vₙ` and `v(q) = (q − qₙ)/Δt`;
//! `J(q) = M/Δt² − ∂F/∂q − (1/Δt) ∂F/∂v`.
//!
//! `F` gathers the elastic forces `−∂E/∂q` (DER stencils) and the external forces. Units:
//! N for translational rows, N·m for twist rows.

use super::SolveError;
use super::pattern::{NO_SLOT, SparsityPattern, scatter_block};
use super::stencils::ElasticStencils;
use crate::contact::{ContactLineSearch, ContactModel, ContactStats, LocalContact, NO_DOF};
use crate::external::{ExternalForce, ForceEval, NodeJacobian, StepStart};
use crate::model::{Model, RodFrames};

/// Residual, Jacobian values and energies at one iterate.
#[derive(Debug, Clone, Default)]
pub struct Evaluation {
    /// Residual over all DOFs (constrained rows are meaningless and ignored).
    pub residual: Vec<f64>,
    /// Jacobian values in the pattern's slot order (empty when not requested).
    pub jacobian: Vec<f64>,
    /// Elastic energy (J).
    pub elastic_energy: f64,
    /// Incremental potential `½(q − q̃)ᵀM(q − q̃)/Δt² + E + Σ U_ext + Σ E_contact` (J), when
    /// every external force has one.
    pub incremental_potential: Option<f64>,
    /// Contributions of every contact candidate.
    pub contacts: Vec<LocalContact>,
}

/// The state of a time step that the residual depends on.
#[derive(Debug, Clone, Copy)]
pub struct StepTargets<'a> {
    /// Configuration at the start of the step `qₙ`.
    pub q_prev: &'a [f64],
    /// Inertial target `q̃ = qₙ + Δt vₙ`.
    pub q_tilde: &'a [f64],
    /// Time step (s).
    pub dt: f64,
    /// Time at the end of the step (s).
    pub t: f64,
}

/// Assembles the global system from elastic stencils and external forces.
#[derive(Debug)]
pub struct Assembler {
    stencils: ElasticStencils,
    externals: Vec<Box<dyn ExternalForce>>,
    pattern: SparsityPattern,
    node_slots: Vec<[u32; 9]>,
    node_dofs: Vec<[usize; 3]>,
    contacts: Option<Box<dyn ContactModel>>,
    contact_layouts: Vec<[u32; 12]>,
    contact_slots: Vec<[u32; 144]>,
    generation: u64,
    frames: Vec<RodFrames>,
    ext_jac: NodeJacobian,
    ext_force: Vec<f64>,
    velocity: Vec<f64>,
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
        let node_dofs: Vec<[usize; 3]> = model
            .rods
            .iter()
            .flat_map(|r| {
                (0..r.n_nodes).map(move |i| {
                    let d = r.node_dof(i);
                    [d, d + 1, d + 2]
                })
            })
            .collect();
        let mut asm = Self {
            stencils,
            externals,
            pattern: SparsityPattern::build(&model.dofs, std::iter::empty(), 0),
            node_slots: Vec::new(),
            node_dofs,
            contacts,
            contact_layouts: Vec::new(),
            contact_slots: Vec::new(),
            generation: 0,
            frames: Vec::new(),
            ext_jac: NodeJacobian::default(),
            ext_force: Vec::new(),
            velocity: Vec::new(),
        };
        // Candidates the contact model may already hold (e.g. from a check at scene build).
        if let Some(c) = &asm.contacts {
            asm.contact_layouts = c.layouts(model);
        }
        asm.rebuild_pattern(model);
        asm
    }

    /// Rebuilds the sparsity pattern (elastic stencils, nodes, contact candidates) and every slot map.
    fn rebuild_pattern(&mut self, model: &Model) {
        self.generation += 1;
        let contact_groups: Vec<Vec<usize>> = self
            .contact_layouts
            .iter()
            .map(|l| {
                l.iter()
                    .filter(|&&d| d != NO_DOF)
                    .map(|&d| d as usize)
                    .collect()
            })
            .collect();
        self.pattern = SparsityPattern::build(
            &model.dofs,
            self.stencils
                .groups()
                .chain(self.node_dofs.iter().map(|g| &g[..]))
                .chain(contact_groups.iter().map(|g| &g[..])),
            self.generation,
        );
        self.stencils.bind(model, &self.pattern);
        let pattern = &self.pattern;
        self.node_slots = self
            .node_dofs
            .iter()
            .map(|g| {
                let mut s = [NO_SLOT; 9];
                pattern.block_slots(&model.dofs, g, &mut s);
                s
            })
            .collect();
        self.contact_slots = self
            .contact_layouts
            .iter()
            .map(|l| {
                let mut s = [NO_SLOT; 144];
                for a in 0..12 {
                    for b in 0..12 {
                        if l[a] != NO_DOF && l[b] != NO_DOF {
                            let (ra, cb) = (
                                model.dofs.free_index(l[a] as usize),
                                model.dofs.free_index(l[b] as usize),
                            );
                            if let (Some(r), Some(c)) = (ra, cb) {
                                s[a * 12 + b] = pattern.slot_free(r, c);
                            }
                        }
                    }
                }
                s
            })
            .collect();
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
        for x in &mut self.externals {
            x.begin_step(&start)
                .map_err(|source| SolveError::External {
                    source,
                    time: model.time,
                })?;
        }
        if self.contacts.is_none() {
            return Ok(());
        }
        let changed = self.contacts.as_mut().is_some_and(|c| c.detect(model, q));
        if changed {
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
        Ok(())
    }

    /// Elastic and external forces `F = −∂E/∂q + F_ext` at `q` with velocity `v` (N per DOF).
    pub fn non_contact_forces(&mut self, model: &Model, q: &[f64], v: &[f64], dt: f64) -> Vec<f64> {
        let n = model.n_dofs();
        let mut grad = vec![0.0; n];
        model.transport_frames(q, &mut self.frames);
        self.stencils
            .evaluate(model, &self.frames, q, &mut grad, None);
        let q_prev: Vec<f64> = q.iter().zip(v).map(|(x, w)| x - dt * w).collect();
        let mut f = vec![0.0; n];
        self.ext_jac.reset(model.n_nodes());
        let e = ForceEval {
            model,
            q,
            v,
            q_prev: &q_prev,
            dt,
            t: model.time,
        };
        for x in &self.externals {
            x.add(&e, &mut f, &mut self.ext_jac);
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

    /// Largest `t ∈ [0, 1]` keeping every barrier gap positive along `q + t·dir`.
    pub fn max_step(&self, model: &Model, q: &[f64], dir: &[f64]) -> f64 {
        self.contacts
            .as_ref()
            .map_or(1.0, |c| c.max_step(model, q, dir))
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

    /// Evaluates the residual (and the Jacobian when `with_jacobian`) at `q` into `out`.
    ///
    /// `source` are the reference frames the current frames are time-parallel-transported from.
    /// The DER gradient and Hessian formulas are exact derivatives of the energy only when
    /// `source` was transported to `q` itself (Bergou et al. 2010, §5; the transport's own
    /// derivative vanishes there): Newton rebases `source` at every iterate, see
    /// [`Assembler::rebase`].
    pub fn evaluate(
        &mut self,
        model: &Model,
        source: &[RodFrames],
        q: &[f64],
        step: &StepTargets,
        with_jacobian: bool,
        out: &mut Evaluation,
    ) {
        let n = model.n_dofs();
        let dt = step.dt;
        model.transport_frames_from(source, q, &mut self.frames);
        out.residual.clear();
        out.residual.resize(n, 0.0);
        if with_jacobian {
            out.jacobian.clear();
            out.jacobian.resize(self.pattern.nnz(), 0.0);
        } else {
            out.jacobian.clear();
        }
        let jac = if with_jacobian {
            Some(&mut out.jacobian[..])
        } else {
            None
        };
        // r ← ∂E/∂q (and J ← ∂²E/∂q²)
        out.elastic_energy = self
            .stencils
            .evaluate(model, &self.frames, q, &mut out.residual, jac);

        // External forces.
        self.velocity.clear();
        self.velocity
            .extend(q.iter().zip(step.q_prev).map(|(a, b)| (a - b) / dt));
        self.ext_force.clear();
        self.ext_force.resize(n, 0.0);
        self.ext_jac.reset(model.n_nodes());
        let e = ForceEval {
            model,
            q,
            v: &self.velocity,
            q_prev: step.q_prev,
            dt,
            t: step.t,
        };
        let mut potential = Some(0.0);
        for f in &self.externals {
            f.add(&e, &mut self.ext_force, &mut self.ext_jac);
            potential = potential
                .zip(f.incremental_potential(&e))
                .map(|(a, b)| a + b);
        }
        let mut inertial = 0.0;
        for ((((r, qk), qt), m), fe) in out
            .residual
            .iter_mut()
            .zip(q)
            .zip(step.q_tilde)
            .zip(&model.mass)
            .zip(&self.ext_force)
        {
            let d = qk - qt;
            inertial += 0.5 * m * d * d / (dt * dt);
            *r += m * d / (dt * dt) - fe;
        }
        // Contacts: r −= f_c on assembled rows; J += J_c.
        let mut contact_energy = 0.0;
        if let Some(c) = &self.contacts {
            out.contacts = c.evaluate(model, q, &self.velocity, dt, with_jacobian);
            for (k, lc) in out.contacts.iter().enumerate() {
                if !lc.active {
                    continue;
                }
                contact_energy += lc.energy;
                for a in 0..12 {
                    if lc.rows[a] {
                        out.residual[lc.dofs[a] as usize] -= lc.force[a];
                    }
                }
                if let (Some(block), true) = (&lc.block, with_jacobian) {
                    let slots = &self.contact_slots[k];
                    for a in 0..12 {
                        if !lc.rows[a] {
                            continue;
                        }
                        for b in 0..12 {
                            let s = slots[a * 12 + b];
                            if s != NO_SLOT {
                                out.jacobian[s as usize] += block[(a, b)];
                            }
                        }
                    }
                }
            }
        } else {
            out.contacts.clear();
        }
        out.incremental_potential =
            potential.map(|u| u + inertial + out.elastic_energy + contact_energy);

        if with_jacobian {
            for (k, g) in model.dofs.free_dofs().enumerate() {
                let s = self.pattern.diag_slot(k);
                out.jacobian[s as usize] += model.mass[g] / (dt * dt);
            }
            if self.ext_jac.touched {
                for (node, block) in self.ext_jac.blocks.iter().enumerate() {
                    if block.iter().any(|&x| x != 0.0) {
                        // slots are row-major, nalgebra storage is column-major.
                        let t = block.transpose();
                        scatter_block(&mut out.jacobian, &self.node_slots[node], t.as_slice());
                    }
                }
            }
        }
    }

    /// Transports `source` to configuration `q` in place, so that derivatives at `q` are exact.
    pub fn rebase(&mut self, model: &Model, source: &mut Vec<RodFrames>, q: &[f64]) {
        model.transport_frames_from(source, q, &mut self.frames);
        std::mem::swap(source, &mut self.frames);
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
