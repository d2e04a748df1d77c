//! Overdamped dynamics (mpacts' overdamped mode): `Γ(q) (q − qₙ)/Δt = F(q)`, every force at
//! the end of the step and no inertia — implicit Euler with the masses dropped
//! (`r = −F(q, v(q))`, `v = (q − qₙ)/Δt`, `J = −∂F/∂x − (1/Δt) ∂F/∂v`; see
//! [`super::TimeIntegrator`]). The resistance `Γ` is what makes the system well posed: the
//! drags of the medium (`ViscousDrag` on rod nodes, `StokesDrag` on spheres, `AeroDrag` on
//! shell faces) and the resistance laws of the contact chains (`N_T_ConstantResistance`,
//! `N_LubricationResistance`, …) add `−Γ v` with `∂F/∂v = −Γ`; a DOF without resistance,
//! stiffness or constraint leaves the Jacobian singular. Masses are kept for gravity and are
//! ignored by the equations. `vₙ₊₁ = v(qₙ₊₁)`.

use super::{Coefficients, IntegratorKind, IntegratorState, StepData, TimeIntegrator};

/// Overdamped dynamics: first order, no memory between steps.
#[derive(Debug, Clone, Default)]
pub struct Overdamped {
    step: StepData,
}

impl TimeIntegrator for Overdamped {
    fn kind(&self) -> IntegratorKind {
        IntegratorKind::Overdamped
    }

    fn begin_step(&mut self, q: &[f64], _v: &[f64], dt: f64) {
        self.step
            .plan(Coefficients::overdamped(dt), q, |k| q[k], |k| q[k]);
    }

    fn step(&self) -> &StepData {
        &self.step
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
