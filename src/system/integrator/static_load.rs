//! Static equilibrium by load steps (DiSMech's `static_sim`): each step solves
//! `F(q; t) = 0` — elastic, external and contact forces at the loads of the step's end time
//! `t`, no inertia and no velocity (`r = −F(q, 0)`, `J = −∂F/∂x`; see
//! [`super::TimeIntegrator`]). The loads follow their time schedules: `Gravity(ramp: …)`, the
//! staged windows of point forces, prescribed motions and actuations, so `dt` is the size of a
//! load step and `duration` the end of the loading (e.g. `dt: 0.2, duration: 1` with gravity
//! ramped over 1 s: five load steps). A load step whose Newton solve fails is retried at half
//! the step, down to `min_dt`, as any step; a failure names the load reached. Forces see zero
//! velocity: drags and dashpots do nothing, and friction laws, whose stick is a velocity
//! regularisation or a history of slip increments, hold nothing (use `Overdamped` for
//! quasi-static loading with friction). The velocities written are `(q − qₙ)/Δt`, the rate of
//! the loading. Arc-length continuation through limit points is not implemented: a
//! snap-through shows as a load step that does not converge.

use super::{Coefficients, IntegratorKind, IntegratorState, StepData, TimeIntegrator};

/// Static load stepping: no memory between steps.
#[derive(Debug, Clone, Default)]
pub struct StaticLoad {
    step: StepData,
}

impl TimeIntegrator for StaticLoad {
    fn kind(&self) -> IntegratorKind {
        IntegratorKind::Static
    }

    fn begin_step(&mut self, q: &[f64], _v: &[f64], dt: f64) {
        self.step
            .plan(Coefficients::static_step(dt), q, |k| q[k], |k| q[k]);
    }

    fn step(&self) -> &StepData {
        &self.step
    }

    /// Forces see no velocity.
    fn velocity(&self, q: &[f64], v: &mut Vec<f64>) {
        v.clear();
        v.resize(q.len(), 0.0);
    }

    fn finish_step(&mut self, q: &[f64], v: &mut [f64], _constrained: &dyn Fn(usize) -> bool) {
        super::massless::step_rate(q, &self.step.q_start, self.step.coefficients.dt, v);
    }

    fn add_inertia(&self, _mass: &[f64], _q: &[f64], forces: &[f64], residual: &mut [f64]) -> f64 {
        super::massless::residual_without_inertia(forces, residual);
        0.0
    }

    fn save_state(&self) -> IntegratorState {
        IntegratorState::empty(self.kind())
    }

    fn restore_state(&mut self, state: &IntegratorState) -> Result<(), String> {
        state.check_kind(self.kind())
    }
}
