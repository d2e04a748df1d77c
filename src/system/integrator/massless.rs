//! What the two integrators without masses (`Overdamped`, `Static`) share: no inertia in the
//! residual, and the velocity written at the end of a step is the step's rate `(q − qₙ)/Δt`.

/// `r ← r − F`: the residual of a step without inertia (N per DOF).
pub(super) fn residual_without_inertia(forces: &[f64], residual: &mut [f64]) {
    for (r, f) in residual.iter_mut().zip(forces) {
        *r -= f;
    }
}

/// `v = (q − qₙ)/Δt` (per DOF).
pub(super) fn step_rate(q: &[f64], q_start: &[f64], dt: f64, v: &mut [f64]) {
    for ((v, qn), qp) in v.iter_mut().zip(q).zip(q_start) {
        *v = (qn - qp) / dt;
    }
}
