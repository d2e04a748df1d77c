//! Implicit (backward) Euler: `q̃ = qₙ + Δt vₙ`, `v = (q − qₙ)/Δt`, forces at `q`,
//! `vₙ₊₁ = v(qₙ₊₁)` (seed 001 Eq. 7, Alg. 2; see [`super::TimeIntegrator`]).

use super::{Coefficients, IntegratorKind, IntegratorState, StepData, TimeIntegrator};

/// Implicit Euler: first order, no memory between steps.
#[derive(Debug, Clone, Default)]
pub struct ImplicitEuler {
    step: StepData,
}

/// Plans an implicit Euler step from `(q, v)`: `q̃ = q + Δt v`, velocity origin `q` (also
/// BDF2's start-up step).
pub(super) fn plan(step: &mut StepData, q: &[f64], v: &[f64], dt: f64) {
    step.plan(
        Coefficients::implicit_euler(dt),
        q,
        |k| q[k] + dt * v[k],
        |k| q[k],
    );
}

impl TimeIntegrator for ImplicitEuler {
    fn kind(&self) -> IntegratorKind {
        IntegratorKind::ImplicitEuler
    }

    fn begin_step(&mut self, q: &[f64], v: &[f64], dt: f64) {
        plan(&mut self.step, q, v, dt);
    }

    fn step(&self) -> &StepData {
        &self.step
    }

    fn finish_step(&mut self, q: &[f64], v: &mut [f64], _constrained: &dyn Fn(usize) -> bool) {
        let dt = self.step.coefficients.dt;
        for ((v, qn), qp) in v.iter_mut().zip(q).zip(&self.step.q_start) {
            *v = (qn - qp) / dt;
        }
    }

    fn save_state(&self) -> IntegratorState {
        IntegratorState::empty(self.kind())
    }

    fn restore_state(&mut self, state: &IntegratorState) -> Result<(), String> {
        state.check_kind(self.kind())
    }
}
