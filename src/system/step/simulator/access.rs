//! The simulator as its callers see and set it between steps: the integrator (and the linear
//! solver its regime wants), checkpointed state (integrator, energy account, predictor,
//! external forces), forces set by the caller, what a failed static load step reports, and
//! read access to the assembler and the linear solver.

use super::Simulator;
use crate::system::assembly::assembler::Assembler;
use crate::system::energy::account::EnergyAccount;
use crate::system::integrator::{IntegratorKind, IntegratorState, TimeIntegrator};
use crate::system::step::predictor::PredictorState;
use crate::system::{AmdLuState, EnergyState, FailedLoadStep, LinearSolver};

impl Simulator {
    /// Uses a fresh integrator of `kind` from the next step on (builder form).
    pub fn with_integrator(mut self, kind: IntegratorKind) -> Self {
        self.set_integrator(kind);
        self
    }

    /// Uses a fresh integrator of `kind` (no memory of earlier steps) from the next step on.
    pub fn set_integrator(&mut self, kind: IntegratorKind) {
        self.integrator = crate::system::integrator::build(kind);
        let iterative = LinearSolver::iterative_for(
            &self.model,
            self.settings.linear_solver,
            kind.is_inertial(),
        );
        if iterative != self.lu.is_iterative() {
            self.choose_linear_solver();
        }
    }

    /// (Re)builds the linear solver for the settings and the integrator's regime.
    pub(super) fn choose_linear_solver(&mut self) {
        let inertial = self.integrator.kind().is_inertial();
        self.lu = LinearSolver::for_regime(&self.model, self.settings.linear_solver, inertial)
            .with_grouping(&self.model, self.settings.krylov_blocks);
        self.assembler
            .set_contacts_in_pattern(&self.model, !self.lu.is_iterative());
    }

    /// The time integrator.
    pub fn integrator(&self) -> &dyn TimeIntegrator {
        &*self.integrator
    }

    /// The integrator's memory (for checkpoints).
    pub fn integrator_state(&self) -> IntegratorState {
        self.integrator.save_state()
    }

    /// Restores the integrator's memory from a checkpoint.
    pub fn restore_integrator_state(&mut self, state: &IntegratorState) -> Result<(), String> {
        let n = self.model.q.len();
        if !(state.q_prev.is_empty() || state.q_prev.len() == n) {
            return Err(format!(
                "the integrator state has {} positions, the scene {n} DOFs",
                state.q_prev.len()
            ));
        }
        self.integrator.restore_state(state)
    }

    /// The energy account: the [`crate::system::Energies`] after the last accepted step and at the start of
    /// the run.
    pub fn energy(&self) -> &EnergyAccount {
        &self.energy
    }

    /// Restores the energy account from a checkpoint (with the model in its checkpointed state).
    pub fn restore_energy_state(&mut self, state: &EnergyState) {
        self.energy.restore(state, &self.model);
    }

    /// The counters of the RSS fluid's dense solves, when the scene has one (see
    /// [`crate::external::RssStats`]).
    pub fn rss_stats(&self) -> Option<crate::external::RssStats> {
        self.assembler
            .externals()
            .iter()
            .find_map(|f| f.solve_stats())
    }

    /// Under `integrator: Static`, the load step `t_start → t_end` as a failure reports it: the
    /// largest ramped load factor of the external forces at either end. `None` for the other
    /// integrators.
    pub fn static_load(&self, t_start: f64, t_end: f64) -> Option<FailedLoadStep> {
        if self.integrator.kind() != IntegratorKind::Static {
            return None;
        }
        let factor = |t: f64| {
            self.assembler
                .externals()
                .iter()
                .filter_map(|f| f.ramp_factor(t))
                .reduce(f64::max)
        };
        Some(FailedLoadStep {
            reached: factor(t_start),
            target: factor(t_end),
        })
    }

    /// Applies `forces` (N, one per generalised coordinate of `q`: forces on node
    /// coordinates, torques on rotation coordinates) from the next step on, until replaced;
    /// an empty vector removes them. They act like an external force held constant over each
    /// step: explicit in the solve (no derivatives enter the Jacobian; a force that depends on
    /// the state is lagged by one step, which limits Δt for a stiff one), counted as external
    /// work in the energy account, conservative within a step for the line search
    /// (`Φ = −F·(q − qₙ)`). They belong to the caller, not to the scene: checkpoints do not
    /// keep them. Fails when the length is neither 0 nor the number of coordinates, or a value
    /// is not finite.
    pub fn set_user_forces(&mut self, forces: Vec<f64>) -> Result<(), String> {
        let n = self.model.q.len();
        if !forces.is_empty() && forces.len() != n {
            return Err(format!(
                "expected {n} forces (one per coordinate of q), got {}",
                forces.len()
            ));
        }
        if let Some(k) = forces.iter().position(|f| !f.is_finite()) {
            return Err(format!("force {k} is {}, not a finite number", forces[k]));
        }
        self.assembler.set_user_forces(forces);
        Ok(())
    }

    /// The system assembler (pattern, forces).
    pub fn assembler(&self) -> &Assembler {
        &self.assembler
    }

    /// Every contact candidate's contribution at the last accepted configuration (forces on
    /// the pair's local DOFs, gaps, energies): e.g. to measure contact and friction forces.
    pub fn last_contacts(&self) -> &[crate::contact::LocalContact] {
        &self.work.eval.contacts
    }

    /// The elastic and external forces but the drags at the model's configuration and
    /// velocity, for a step of `dt` s (N per DOF; see [`Assembler::loads`]).
    pub fn loads(&mut self, dt: f64) -> Vec<f64> {
        let m = &self.model;
        self.assembler.loads(m, &m.q, &m.v, dt)
    }

    /// The system assembler, mutably (e.g. to restore contact state from a checkpoint).
    pub fn assembler_mut(&mut self) -> &mut Assembler {
        &mut self.assembler
    }

    /// Restores the external forces' step-to-step state from a checkpoint (with the model
    /// already in its checkpointed state).
    pub fn restore_external_states(
        &mut self,
        states: &[Option<crate::external::ExternalState>],
    ) -> Result<(), String> {
        self.assembler.restore_external_states(&self.model, states)
    }

    /// The residual over all DOFs of the last evaluation: at the accepted configuration after
    /// a step (on held DOFs, the supports' generalised forces, see
    /// [`crate::model::Model::support_loads`]); of a failed step, where Newton stopped.
    pub fn last_residual(&self) -> &[f64] {
        &self.work.eval.residual
    }

    /// The linear solver of the Newton iterations (which one, Krylov iterations, fallbacks).
    pub fn linear_solver(&self) -> &LinearSolver {
        &self.lu
    }

    /// How many symbolic LU analyses were done so far.
    pub fn symbolic_factorisations(&self) -> u64 {
        self.lu.symbolic_count()
    }

    /// The extrapolated predictor's memory (for checkpoints).
    pub fn predictor_state(&self) -> &PredictorState {
        &self.predictor
    }

    /// The linear solver's memory (for checkpoints): the unpivoted LU's analysed entries.
    pub fn linear_solver_state(&self) -> Option<AmdLuState> {
        self.lu.save_state()
    }

    /// Restores the linear solver's memory from a checkpoint.
    pub fn restore_linear_solver_state(&mut self, state: Option<AmdLuState>) {
        self.lu.restore_state(state);
    }

    /// Restores the predictor's memory from a checkpoint.
    pub fn restore_predictor_state(&mut self, state: PredictorState) {
        self.predictor = state;
    }
}
