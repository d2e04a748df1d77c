//! BDF2 with a constant step (Hairer & Wanner 1996, §III.1; see [`super::TimeIntegrator`]):
//! `v = (3q − 4qₙ + qₙ₋₁)/(2Δt)`, `r = (9/(4Δt²)) M (q − q̃) − F(q, v)`,
//! `q̃ = ⁴⁄₃qₙ − ⅓qₙ₋₁ + ⁸⁄₉Δt vₙ − ²⁄₉Δt vₙ₋₁`.
//!
//! Written with the velocity origin `q_o = (4qₙ − qₙ₋₁)/3`: `v = (q − q_o)/(2Δt/3)` and
//! `q̃ = q_o + (2Δt/9)(4vₙ − vₙ₋₁)`. Without an equal-step history (the first step, the step
//! after a change of Δt, a retry with a smaller Δt) the step is implicit Euler.

use super::{Coefficients, IntegratorKind, IntegratorState, StepData, TimeIntegrator};

/// BDF2, falling back to implicit Euler where the last step had another Δt.
#[derive(Debug, Clone)]
pub struct Bdf2 {
    step: StepData,
    /// `qₙ₋₁`, `vₙ₋₁` and the Δt of the last accepted step (empty before the first).
    memory: IntegratorState,
}

impl Default for Bdf2 {
    fn default() -> Self {
        Self {
            step: StepData::default(),
            memory: IntegratorState::empty(IntegratorKind::Bdf2),
        }
    }
}

impl Bdf2 {
    /// Whether a step of `dt` from a state of `n` DOFs can use the two-step formula.
    fn has_history(&self, n: usize, dt: f64) -> bool {
        self.memory.q_prev.len() == n && self.memory.v_prev.len() == n && self.memory.dt == dt
    }
}

impl TimeIntegrator for Bdf2 {
    fn kind(&self) -> IntegratorKind {
        IntegratorKind::Bdf2
    }

    fn begin_step(&mut self, q: &[f64], v: &[f64], dt: f64) {
        if self.has_history(q.len(), dt) {
            let (qp, vp) = (&self.memory.q_prev, &self.memory.v_prev);
            let origin = |k: usize| (4.0 * q[k] - qp[k]) / 3.0;
            let tail = 2.0 * dt / 9.0;
            self.step.plan(
                Coefficients::bdf2(dt),
                q,
                |k| origin(k) + tail * (4.0 * v[k] - vp[k]),
                origin,
            );
        } else {
            super::implicit_euler::plan(&mut self.step, q, v, dt);
        }
    }

    fn step(&self) -> &StepData {
        &self.step
    }

    fn finish_step(&mut self, q: &[f64], v: &mut [f64], _constrained: &dyn Fn(usize) -> bool) {
        let s = &self.step;
        let d = s.coefficients.v_div;
        self.memory.q_prev.clone_from(&s.q_start);
        self.memory.v_prev.clear();
        self.memory.v_prev.extend_from_slice(v);
        self.memory.dt = s.coefficients.dt;
        for ((v, qn), qo) in v.iter_mut().zip(q).zip(&s.q_origin) {
            *v = (qn - qo) / d;
        }
    }

    fn save_state(&self) -> IntegratorState {
        self.memory.clone()
    }

    fn restore_state(&mut self, state: &IntegratorState) -> Result<(), String> {
        state.check_kind(self.kind())?;
        if state.q_prev.len() != state.v_prev.len() {
            return Err(format!(
                "the BDF2 memory has {} positions and {} velocities",
                state.q_prev.len(),
                state.v_prev.len()
            ));
        }
        self.memory = state.clone();
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_predictor_is_the_brief_formula_and_v_is_the_bdf2_difference() {
        let mut b = Bdf2::default();
        let dt = 0.1;
        // First step: implicit Euler.
        b.begin_step(&[1.0], &[2.0], dt);
        assert_eq!(b.coefficients().scheme, IntegratorKind::ImplicitEuler);
        let mut v = vec![2.0];
        b.finish_step(&[1.3], &mut v, &|_| false);
        assert!((v[0] - 3.0).abs() < 1e-12);
        // Second step with the same Δt: BDF2 from qₙ₋₁ = 1, vₙ₋₁ = 2, qₙ = 1.3, vₙ = 3.
        b.begin_step(&[1.3], &v, dt);
        assert_eq!(b.coefficients().scheme, IntegratorKind::Bdf2);
        let expect = 4.0 / 3.0 * 1.3 - 1.0 / 3.0 + 8.0 / 9.0 * dt * 3.0 - 2.0 / 9.0 * dt * 2.0;
        assert!((b.predictor()[0] - expect).abs() < 1e-14);
        let mut w = Vec::new();
        b.velocity(&[1.7], &mut w);
        assert!((w[0] - (3.0 * 1.7 - 4.0 * 1.3 + 1.0) / (2.0 * dt)).abs() < 1e-12);
        // A step of another Δt falls back to implicit Euler.
        b.begin_step(&[1.3], &v, dt / 2.0);
        assert_eq!(b.coefficients().scheme, IntegratorKind::ImplicitEuler);
    }
}
