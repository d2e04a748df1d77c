//! The global residual and Jacobian at one iterate, for any [`TimeIntegrator`]:
//!
//! `r(q) = c_M M (q − q̃) − F(z(q), v(q))`,
//! `J(q) = c_M M − c_x ∂F/∂x − (1/v_div) ∂F/∂v`
//!
//! (implicit Euler, seed 001 Eq. 7 and Alg. 2: `c_M = 1/Δt²`, `c_x = 1`, `v_div = Δt`).
//! `F` gathers the elastic forces `−∂E/∂q` (DER stencils), the external forces and the contact
//! forces, all evaluated at the evaluation point `z` with the velocity `v`. Each contributor's
//! derivatives are combined with the coefficients once, in [`Coefficients::system_block`]
//! (external forces, contacts) or as `c_x ∂²E/∂q²` (elastic stencils). Units: N for
//! translational rows, N·m for twist rows.

use super::assembler::Assembler;
use super::evaluation::{Evaluation, StepTargets};
use crate::external::ForceEval;
use crate::model::{Model, RodFrames};
use crate::system::stages::{StageTimes, lap};

impl Assembler {
    /// Evaluates the residual (and the Jacobian when `with_jacobian`) at the unknown `q` into
    /// `out`; forces are evaluated at the integrator's evaluation point `z(q)`.
    ///
    /// `source` are the reference frames the current frames are time-parallel-transported from.
    /// The DER gradient and Hessian formulas are exact derivatives of the energy only when
    /// `source` was transported to `z` itself (Bergou et al. 2010, §5; the transport's own
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
        let mut clock = std::time::Instant::now();
        let mut spent = StageTimes::default();
        let n = model.n_dofs();
        let c = step.coefficients();
        let integrator = step.integrator;
        let mut z = std::mem::take(&mut self.z);
        integrator.evaluation_point(q, &mut z);
        model.transport_frames_from(source, &z, &mut self.frames);
        out.residual.clear();
        out.residual.resize(n, 0.0);
        out.jacobian.clear();
        if with_jacobian {
            out.jacobian.resize(self.pattern.nnz(), 0.0);
        }

        // Elastic stage: r ← ∂E/∂q(z) (and J ← c_x ∂²E/∂q²).
        let jac = with_jacobian.then_some(&mut out.jacobian[..]);
        out.elastic_energy =
            self.stencils
                .evaluate(model, &self.frames, &z, &mut out.residual, jac, c.x);
        if with_jacobian {
            self.stencils
                .rank_one_terms(model, &self.frames, &z, c.x, &mut out.rank_one);
        } else {
            out.rank_one.clear();
        }
        spent.elastic = lap(&mut clock);
        let elastic_norm = Assembler::free_norm(model, &out.residual);

        // External stage: the forces, each one's derivatives combined with the coefficients;
        // then the inertia, r += M(q − q̃)/m_div − F_ext.
        integrator.velocity(q, &mut self.velocity);
        let e = ForceEval {
            model,
            q: &z,
            v: &self.velocity,
            q_origin: &integrator.step().q_origin,
            dt: c.dt,
            t: step.t,
            step: c,
        };
        let potential = self
            .external
            .evaluate(&e, &c, model.n_nodes(), with_jacobian);
        let inertial =
            integrator.add_inertia(&model.mass, q, &self.external.force, &mut out.residual);
        if !self.inertia.is_empty() {
            // Bodies with their own inertial rows (rigid rotation): no incremental potential.
            let jac = with_jacobian.then_some(&mut out.jacobian[..]);
            let start = &integrator.step().q_start;
            self.inertia
                .add(model, &c, start, q, &self.velocity, &mut out.residual, jac);
        }
        let external_norm = Assembler::free_norm(model, &self.external.force);
        spent.external = lap(&mut clock);

        // Contact stage: every candidate's chain; r −= f_c on assembled rows, J += J_c.
        self.contact.evaluate(
            model,
            &z,
            &self.velocity,
            &c,
            with_jacobian,
            &mut out.contacts,
        );
        if self.contact.model.is_some() {
            spent.contact = lap(&mut clock);
        }
        let (contact_energy, contact_norm2) = self.contact.assemble(
            model,
            &self.pattern,
            &out.contacts,
            with_jacobian,
            &mut out.residual,
            &mut out.jacobian,
        );
        out.force_scale = elastic_norm.max(external_norm).max(contact_norm2.sqrt());
        out.incremental_potential = potential
            .filter(|_| self.inertia.is_empty())
            .map(|u| u / c.x + inertial + out.elastic_energy / c.x + contact_energy / c.x);

        // The inertia's diagonal and the external forces' blocks.
        if with_jacobian {
            for (k, g) in model.dofs.free_dofs().enumerate() {
                let s = self.pattern.diag_slot(k);
                out.jacobian[s as usize] += model.mass[g] / c.m_div;
            }
            self.external.scatter(&mut out.jacobian);
        }
        self.z = z;
        spent.assemble = lap(&mut clock);
        if self.in_line_search {
            self.stages.line_search += spent.total();
        } else {
            self.stages.add(&spent);
        }
    }

    /// Transports `source` in place to the evaluation point `z(q)` of the unknown `q`, so that
    /// derivatives there are exact.
    pub fn rebase(
        &mut self,
        model: &Model,
        source: &mut Vec<RodFrames>,
        q: &[f64],
        step: &StepTargets,
    ) {
        let mut clock = std::time::Instant::now();
        let mut z = std::mem::take(&mut self.z);
        step.integrator.evaluation_point(q, &mut z);
        model.transport_frames_from(source, &z, &mut self.frames);
        std::mem::swap(source, &mut self.frames);
        self.z = z;
        self.stages.elastic += lap(&mut clock);
    }
}
