//! The work of the non-conservative forces over one accepted step (see [`crate::system::Energies`]),
//! each force evaluated where the integrator evaluated it: at the evaluation point `z(qₙ₊₁)`
//! with the velocity `v(qₙ₊₁)` of the converged step, times `Δq = qₙ₊₁ − qₙ`.

use crate::external::ForceEval;
use crate::model::Model;
use crate::system::assembly::assembler::Assembler;
use crate::system::assembly::evaluation::Evaluation;
use crate::system::integrator::TimeIntegrator;

/// What the non-conservative forces did over one step (J).
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct StepWork {
    /// `Σ F·Δq` of the external forces of role [`crate::external::ForceRole::Work`].
    pub external: f64,
    /// `−Σₖ Fₖ Δqₖ` over prescribed DOFs `k`, `Fₖ` the force the system applies on the DOF: with
    /// the DOFs' gain of kinetic energy, the work of the prescribed motion.
    pub boundary_forces: f64,
    /// `−Σ F_t·Δq` of the friction laws.
    pub friction: f64,
    /// `−Σ F·Δq` of the external forces of role [`crate::external::ForceRole::Drag`].
    pub drag: f64,
    /// `−Σ F_n·Δq` of the damping laws.
    pub damping: f64,
}

impl Assembler {
    /// The work of the step from `model.q` (`qₙ`) to `q` of the non-conservative forces, with
    /// `eval` the evaluation at `q` that Newton converged on (its residual and contact pairs),
    /// `integrator` the step's integrator and `t` the time at the end of the step.
    ///
    /// On a prescribed row the residual is `rₖ = mₖ(qₖ − q̃ₖ)/m_div − Fₖ`, so the force the
    /// system applies there is `Fₖ = mₖ(qₖ − q̃ₖ)/m_div − rₖ` (elastic and external forces;
    /// contact forces are not assembled on constrained points).
    pub fn step_work(
        &mut self,
        model: &Model,
        integrator: &dyn TimeIntegrator,
        q: &[f64],
        t: f64,
        eval: &Evaluation,
    ) -> StepWork {
        let dq: Vec<f64> = q.iter().zip(&model.q).map(|(a, b)| a - b).collect();
        let mut w = StepWork::default();
        let c = integrator.coefficients();
        let mut z = std::mem::take(&mut self.z);
        integrator.evaluation_point(q, &mut z);
        integrator.velocity(q, &mut self.velocity);
        let e = ForceEval {
            model,
            q: &z,
            v: &self.velocity,
            q_origin: &integrator.step().q_origin,
            dt: c.dt,
            t,
            step: c,
        };
        (w.external, w.drag) = self.external.work(&e, &dq);
        self.z = z;
        for lc in &eval.contacts {
            let Some(nc) = lc.nonconservative.as_deref() else {
                continue;
            };
            for a in (0..12).filter(|&a| lc.rows[a]) {
                let d = dq[lc.dofs[a] as usize];
                w.friction -= nc.friction[a] * d;
                w.damping -= nc.damping[a] * d;
            }
            // A two-triangle pair's side 2 beyond the twelve coordinates (its extra term's
            // coordinates; zero for every other pair).
            if let Some(ring) = &lc.ring {
                for (s, &dof) in ring.coords.iter().enumerate().take(6) {
                    let d = dq[dof as usize];
                    w.friction -= nc.friction_extra[s] * d;
                    w.damping -= nc.damping_extra[s] * d;
                }
            }
        }
        let q_tilde = integrator.predictor();
        for k in (0..q.len()).filter(|&k| model.dofs.is_constrained(k) && dq[k] != 0.0) {
            let applied = model.mass[k] * (q[k] - q_tilde[k]) / c.m_div - eval.residual[k];
            w.boundary_forces -= applied * dq[k];
        }
        w
    }
}
