//! The implicit midpoint rule (Hairer, Lubich & Wanner 2006, §I.1, §VI.3; see
//! [`super::TimeIntegrator`]): unknown `q = qₙ₊₁`, forces at `z = (qₙ + q)/2` with
//! `v = (q − qₙ)/Δt`, `r = (2/Δt²) M (q − qₙ − Δt vₙ) − F(z, v)`, `vₙ₊₁ = 2(q − qₙ)/Δt − vₙ`.
//!
//! Prescribed DOFs have no equation of motion: their `vₙ₊₁` is the mean velocity of the step
//! `(q − qₙ)/Δt` (the midpoint update would make a prescribed velocity ring from step to step).

use super::{Coefficients, IntegratorKind, IntegratorState, StepData, TimeIntegrator};

/// The implicit midpoint rule: second order, symplectic, no memory between steps.
#[derive(Debug, Clone, Default)]
pub struct ImplicitMidpoint {
    step: StepData,
}

impl TimeIntegrator for ImplicitMidpoint {
    fn kind(&self) -> IntegratorKind {
        IntegratorKind::ImplicitMidpoint
    }

    fn begin_step(&mut self, q: &[f64], v: &[f64], dt: f64) {
        self.step.plan(
            Coefficients::midpoint(dt),
            q,
            |k| q[k] + dt * v[k],
            |k| q[k],
        );
    }

    fn step(&self) -> &StepData {
        &self.step
    }

    fn evaluation_point(&self, q: &[f64], z: &mut Vec<f64>) {
        z.clear();
        z.extend(q.iter().zip(&self.step.q_start).map(|(a, b)| 0.5 * (a + b)));
    }

    fn finish_step(&mut self, q: &[f64], v: &mut [f64], constrained: &dyn Fn(usize) -> bool) {
        let dt = self.step.coefficients.dt;
        for (k, ((v, qn), qp)) in v.iter_mut().zip(q).zip(&self.step.q_start).enumerate() {
            *v = if constrained(k) {
                (qn - qp) / dt
            } else {
                2.0 * (qn - qp) / dt - *v
            };
        }
    }

    fn save_state(&self) -> IntegratorState {
        IntegratorState::empty(self.kind())
    }

    fn restore_state(&mut self, state: &IntegratorState) -> Result<(), String> {
        state.check_kind(self.kind())
    }
}
