//! The contract of an external force.

use super::Mat9;
use crate::math::{Mat3, Vec3};
use crate::model::Model;
use crate::time::Coefficients;

/// What an external force may read when it is evaluated at a Newton iterate.
#[derive(Debug, Clone, Copy)]
pub struct ForceEval<'a> {
    /// The model (bodies, masses, rest geometry).
    pub model: &'a Model,
    /// The evaluation point `z` of the iterate (the iterate itself for implicit Euler and BDF2,
    /// the midpoint `(qₙ + q)/2` for the implicit midpoint rule).
    pub q: &'a [f64],
    /// Velocity at the iterate, `v = (q − qₙ)/Δt` for implicit Euler.
    pub v: &'a [f64],
    /// Velocity origin: `q − q_origin = h v` with `h = step.h()` (`qₙ` for implicit Euler and
    /// the midpoint rule, `(4qₙ − qₙ₋₁)/3` for BDF2).
    pub q_origin: &'a [f64],
    /// Time step Δt (s).
    pub dt: f64,
    /// Time at the end of the step (s).
    pub t: f64,
    /// The integrator's coefficients of the step.
    pub step: Coefficients,
}

/// The state a time step starts from, seen by [`ExternalForce::begin_step`].
#[derive(Debug, Clone, Copy)]
pub struct StepStart<'a> {
    /// The model (bodies, masses, rest geometry).
    pub model: &'a Model,
    /// Configuration at the start of the step, `qₙ`.
    pub q: &'a [f64],
    /// Velocity at the start of the step, `vₙ`.
    pub v: &'a [f64],
    /// Time step Δt (s).
    pub dt: f64,
    /// Time at the start of the step (s).
    pub t: f64,
}

/// Why an external force could not be evaluated.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("{force}: {message}")]
pub struct ExternalError {
    /// Name of the force.
    pub force: &'static str,
    /// What went wrong.
    pub message: String,
}

impl ExternalError {
    /// An error of force `force`.
    pub fn new(force: &'static str, message: String) -> Self {
        Self { force, message }
    }
}

/// One node's force derivatives: `∂F/∂x` (N/m) and `∂F/∂v` (N·s/m) of one force.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct NodeBlock {
    /// Global node number (rod `r`'s node `i` is `model.bodies.rods[r].first_node + i`).
    pub node: usize,
    /// `∂F/∂x` at the evaluation point (N/m).
    pub dfdx: Mat3,
    /// `∂F/∂v` (N·s/m).
    pub dfdv: Mat3,
}

/// The derivatives of the forces on a shell triangle's three nodes with respect to all three:
/// `∂F/∂x` (N/m) and `∂F/∂v` (N·s/m), 9×9 over the nodes in the mesh's order.
#[derive(Debug, Clone, PartialEq)]
pub struct FaceBlock {
    /// Shell index.
    pub shell: usize,
    /// Triangle index in the shell's mesh.
    pub face: usize,
    /// `∂F/∂x` at the evaluation point (N/m).
    pub dfdx: Mat9,
    /// `∂F/∂v` (N·s/m).
    pub dfdv: Mat9,
}

/// The derivatives an external force writes in one evaluation, kept apart: the system combines
/// each block with the integrator's coefficients, `−(∂F/∂x · c_x + ∂F/∂v / v_div)`
/// ([`Coefficients::system_block`]). Node-diagonal 3×3 blocks are always part of the global
/// sparsity pattern; a force that couples the nodes of shell triangles writes 9×9
/// [`FaceBlock`]s, and says so with [`ExternalForce::couples_faces`] so that the system
/// keeps their slots (the triangles' node pairs are in the pattern through their edges).
#[derive(Debug, Clone, Default)]
pub struct NodeDerivatives {
    blocks: Vec<NodeBlock>,
    faces: Vec<FaceBlock>,
    spins: Vec<SpinBlock>,
}

/// The derivatives of a torque on a body's three rotational DOFs (a rotating sphere's `θ`, a
/// rigid body's rotation) with respect to them: `∂τ/∂θ` (N·m/rad) and `∂τ/∂ω` (N·m·s/rad).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SpinBlock {
    /// First of the three rotational DOFs ([`crate::model::Body::rotation_dof`]).
    pub dof: usize,
    /// `∂τ/∂θ` at the evaluation point (N·m/rad).
    pub dfdx: Mat3,
    /// `∂τ/∂ω` (N·m·s/rad).
    pub dfdv: Mat3,
}

impl NodeDerivatives {
    /// Forgets every block.
    pub fn clear(&mut self) {
        self.blocks.clear();
        self.faces.clear();
        self.spins.clear();
    }
    /// Adds the derivatives of the torque on the rotational DOFs starting at `dof`; only a
    /// force that says so with [`ExternalForce::couples_spins`] may write them.
    pub fn add_spin(&mut self, dof: usize, dfdx: &Mat3, dfdv: &Mat3) {
        self.spins.push(SpinBlock {
            dof,
            dfdx: *dfdx,
            dfdv: *dfdv,
        });
    }
    /// The rotational blocks written since the last [`NodeDerivatives::clear`], in order.
    pub fn spins(&self) -> &[SpinBlock] {
        &self.spins
    }
    /// Adds the derivatives of the forces on the nodes of triangle `face` of shell `shell`.
    pub fn add_face(&mut self, shell: usize, face: usize, dfdx: &Mat9, dfdv: &Mat9) {
        self.faces.push(FaceBlock {
            shell,
            face,
            dfdx: *dfdx,
            dfdv: *dfdv,
        });
    }
    /// The face blocks written since the last [`NodeDerivatives::clear`], in order.
    pub fn faces(&self) -> &[FaceBlock] {
        &self.faces
    }
    /// Adds the derivatives of the force on global node `node`.
    pub fn add(&mut self, node: usize, dfdx: &Mat3, dfdv: &Mat3) {
        self.blocks.push(NodeBlock {
            node,
            dfdx: *dfdx,
            dfdv: *dfdv,
        });
    }
    /// Adds a velocity derivative `∂F/∂v` only.
    pub fn add_dfdv(&mut self, node: usize, dfdv: &Mat3) {
        self.add(node, &Mat3::zeros(), dfdv);
    }
    /// The blocks written since the last [`NodeDerivatives::clear`], in order.
    pub fn blocks(&self) -> &[NodeBlock] {
        &self.blocks
    }
    /// Whether no block was written.
    pub fn is_empty(&self) -> bool {
        self.blocks.is_empty() && self.faces.is_empty() && self.spins.is_empty()
    }
}

/// How an external force enters the energy balance of a run ([`crate::system::Energies`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ForceRole {
    /// A conservative force whose [`ExternalForce::incremental_potential`] is its potential
    /// energy `U(q)` (J), whatever the velocity: it counts in `gravity_energy`.
    Potential,
    /// A force that does work on the bodies (point loads): its work `F·Δq` counts in
    /// `external_work`.
    #[default]
    Work,
    /// A drag (viscous, fluid, aerodynamic): `−F·Δq` counts in `drag_dissipated`.
    Drag,
}

/// A body force acting on the nodes of the model.
pub trait ExternalForce: Send + Sync + std::fmt::Debug {
    /// Short name for reports.
    fn name(&self) -> &'static str;
    /// How the force enters the energy balance: [`ForceRole::Work`] unless the force says
    /// otherwise.
    fn energy_role(&self) -> ForceRole {
        ForceRole::Work
    }
    /// Called once at the start of every time step, before any evaluation of the step. Forces
    /// that are explicit in time (computed from `(qₙ, vₙ)` and held fixed through the Newton
    /// iterations, like the RSS fluid force of seed 001 Alg. 2 line 4) compute them here.
    fn begin_step(&mut self, _start: &StepStart) -> Result<(), ExternalError> {
        Ok(())
    }
    /// Adds the force at the evaluation point to `force` (N, per global DOF) and its
    /// derivatives `∂F/∂x`, `∂F/∂v` to `jac` (never pre-combined with Δt: the integrator does).
    fn add(&self, e: &ForceEval, force: &mut [f64], jac: &mut NodeDerivatives);
    /// The force's load factor at time `t` when it is ramped (`Gravity(ramp: T)`: `min(t/T, 1)`),
    /// for the message of a static load step that fails; `None` for a force applied whole.
    fn ramp_factor(&self, _t: f64) -> Option<f64> {
        None
    }
    /// Whether [`ExternalForce::add`] writes [`FaceBlock`]s (derivatives coupling the nodes of
    /// shell triangles).
    fn couples_faces(&self) -> bool {
        false
    }
    /// Whether [`ExternalForce::add`] writes torques on rotational DOFs with their
    /// [`SpinBlock`]s (the system then keeps a 3×3 block per body's rotational DOFs).
    fn couples_spins(&self) -> bool {
        false
    }
    /// The force's contribution `Φ` to the incremental potential of the step (J), as a function
    /// of the evaluation point `e.q` (with `v = (e.q − e.q_origin)/h`, `h = e.step.h()`), used
    /// by energy-based line searches: a potential `U(q)` for conservative forces, or `h·Ψ(v)`
    /// for a dissipation potential `Ψ` (W), so that `∂Φ/∂q = −F`. The system divides it by
    /// `c_x` (see [`crate::system::TimeIntegrator`]). `None` when the force has neither.
    fn incremental_potential(&self, e: &ForceEval) -> Option<f64>;
    /// State carried from step to step that changes results (warm starts, reused factors),
    /// for checkpoints: a resumed run must compute the same bits. `None` for stateless forces.
    fn save_state(&self) -> Option<ExternalState> {
        None
    }
    /// Restores what [`ExternalForce::save_state`] saved, on a force freshly built from the same
    /// scene, with the model in its checkpointed state.
    fn restore_state(&mut self, _model: &Model, _state: &ExternalState) -> Result<(), String> {
        Ok(())
    }
    /// The counters of the force's own linear solves (the RSS fluid's dense solve), for the
    /// run summary; `None` for forces without one.
    fn solve_stats(&self) -> Option<crate::external::RssStats> {
        None
    }
}

/// The step-to-step state of one external force (see [`ExternalForce::save_state`]): named
/// vectors of floats, written to checkpoints bit for bit.
#[derive(Debug, Clone, PartialEq, Default, serde::Serialize, serde::Deserialize)]
pub struct ExternalState {
    /// [`ExternalForce::name`] of the force that saved it.
    pub force: String,
    /// Its vectors, by name.
    pub vectors: Vec<(String, Vec<f64>)>,
}

impl ExternalState {
    /// The vector saved under `name`.
    pub fn vector(&self, name: &str) -> Option<&[f64]> {
        self.vectors
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_slice())
    }
}

/// Adds `f` to the three translational DOFs starting at `dof`.
#[inline]
pub(crate) fn add_node_force(force: &mut [f64], dof: usize, f: &Vec3) {
    force[dof] += f.x;
    force[dof + 1] += f.y;
    force[dof + 2] += f.z;
}
