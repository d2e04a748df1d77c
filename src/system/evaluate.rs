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

use super::assembly::Assembler;
use super::integrator::{Coefficients, TimeIntegrator};
use super::pattern::{NO_SLOT, scatter_block};
use super::stages::{StageTimes, lap};
use crate::contact::LocalContact;
use crate::external::ForceEval;
use crate::math::Mat3;
use crate::model::{Model, RodFrames};

/// Residual, Jacobian values and energies at one iterate.
#[derive(Debug, Clone, Default)]
pub struct Evaluation {
    /// Residual over all DOFs (constrained rows are meaningless and ignored).
    pub residual: Vec<f64>,
    /// Jacobian values in the pattern's slot order (empty when not requested).
    pub jacobian: Vec<f64>,
    /// Elastic energy at the evaluation point (J).
    pub elastic_energy: f64,
    /// Force scale `F_ref = max(‖f_elastic‖, ‖f_external‖, ‖f_contact‖)` over free DOFs (N),
    /// for [`super::SolverSettings::force_tol`]; the contact norm is `(Σ_pairs ‖f_pair‖²)^½`.
    pub force_scale: f64,
    /// Incremental potential `½ c_M (q − q̃)ᵀM(q − q̃) + (E + Σ Φ_ext + Σ E_contact)/c_x` (J),
    /// whose gradient is the residual (see [`TimeIntegrator`]), when every external force has
    /// a potential.
    pub incremental_potential: Option<f64>,
    /// Contributions of every contact candidate (evaluated at the evaluation point).
    pub contacts: Vec<LocalContact>,
}

/// The state of a time step that the residual depends on: the integrator (with its planned
/// step) and the time at the end of the step.
#[derive(Debug, Clone, Copy)]
pub struct StepTargets<'a> {
    /// The time integrator, after [`TimeIntegrator::begin_step`].
    pub integrator: &'a dyn TimeIntegrator,
    /// Time at the end of the step (s).
    pub t: f64,
}

impl StepTargets<'_> {
    /// The coefficients of the step.
    pub fn coefficients(&self) -> Coefficients {
        self.integrator.coefficients()
    }
}

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
        let jac = if with_jacobian {
            Some(&mut out.jacobian[..])
        } else {
            None
        };
        // r ← ∂E/∂q(z) (and J ← c_x ∂²E/∂q²)
        out.elastic_energy =
            self.stencils
                .evaluate(model, &self.frames, &z, &mut out.residual, jac, c.x);
        spent.elastic = lap(&mut clock);
        let elastic_norm = Assembler::free_norm(model, &out.residual);

        // External forces, each force's derivatives combined with the coefficients.
        integrator.velocity(q, &mut self.velocity);
        self.ext_force.clear();
        self.ext_force.resize(n, 0.0);
        self.ext_blocks.clear();
        self.ext_blocks.resize(model.n_nodes(), Mat3::zeros());
        self.ext_faces.clear();
        self.ext_touched = false;
        let e = ForceEval {
            model,
            q: &z,
            v: &self.velocity,
            q_origin: &integrator.step().q_origin,
            dt: c.dt,
            t: step.t,
            step: c,
        };
        let mut potential = Some(0.0);
        for f in &self.externals {
            self.ext_derivatives.clear();
            f.add(&e, &mut self.ext_force, &mut self.ext_derivatives);
            for b in self.ext_derivatives.blocks() {
                self.ext_blocks[b.node] += c.system_block(&b.dfdx, &b.dfdv);
                self.ext_touched = true;
            }
            for b in self.ext_derivatives.faces() {
                let block = c.system_block(&b.dfdx, &b.dfdv);
                self.ext_faces.push((b.shell, b.face, block));
            }
            potential = potential
                .zip(f.incremental_potential(&e))
                .map(|(a, b)| a + b);
        }
        let inertial = integrator.add_inertia(&model.mass, q, &self.ext_force, &mut out.residual);
        let external_norm = Assembler::free_norm(model, &self.ext_force);
        let mut contact_norm2 = 0.0;
        spent.external = lap(&mut clock);
        // Contacts: r −= f_c on assembled rows; J += J_c.
        let mut contact_energy = 0.0;
        if let Some(contacts) = &self.contacts {
            out.contacts = contacts.evaluate(model, &z, &self.velocity, &c, with_jacobian);
            spent.contact = lap(&mut clock);
            for (k, lc) in out.contacts.iter().enumerate() {
                if !lc.active {
                    continue;
                }
                contact_energy += lc.energy;
                for a in 0..12 {
                    if lc.rows[a] {
                        out.residual[lc.dofs[a] as usize] -= lc.force[a];
                        contact_norm2 += lc.force[a] * lc.force[a];
                    }
                }
                if let (Some(block), true) = (&lc.block, with_jacobian && self.contacts_in_pattern)
                {
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
        out.force_scale = elastic_norm.max(external_norm).max(contact_norm2.sqrt());
        out.incremental_potential =
            potential.map(|u| u / c.x + inertial + out.elastic_energy / c.x + contact_energy / c.x);

        if with_jacobian {
            for (k, g) in model.dofs.free_dofs().enumerate() {
                let s = self.pattern.diag_slot(k);
                out.jacobian[s as usize] += model.mass[g] / c.m_div;
            }
            if self.ext_touched {
                for (node, block) in self.ext_blocks.iter().enumerate() {
                    if block.iter().any(|&x| x != 0.0) {
                        // slots are row-major, nalgebra storage is column-major.
                        let t = block.transpose();
                        scatter_block(&mut out.jacobian, &self.node_slots[node], t.as_slice());
                    }
                }
            }
            for (shell, face, block) in &self.ext_faces {
                let t = block.transpose();
                scatter_block(
                    &mut out.jacobian,
                    &self.face_slots[*shell][*face],
                    t.as_slice(),
                );
            }
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
