//! The contract of an external force.

use crate::math::{Mat3, Vec3};
use crate::model::Model;

/// What an external force may read when it is evaluated at a Newton iterate.
#[derive(Debug, Clone, Copy)]
pub struct ForceEval<'a> {
    /// The model (bodies, masses, rest geometry).
    pub model: &'a Model,
    /// Configuration at the iterate.
    pub q: &'a [f64],
    /// Velocity at the iterate, `v = (q − qₙ)/Δt` for implicit Euler.
    pub v: &'a [f64],
    /// Configuration at the start of the step, `qₙ`.
    pub q_prev: &'a [f64],
    /// Time step Δt (s).
    pub dt: f64,
    /// Time at the end of the step (s).
    pub t: f64,
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

/// Per-node 3×3 Jacobian blocks `−∂F/∂x − (1/Δt) ∂F/∂v` (N/m), indexed by global node number
/// (rod `r`'s node `i` is `model.rods[r].first_node + i`).
#[derive(Debug, Clone, Default)]
pub struct NodeJacobian {
    /// One block per global node.
    pub blocks: Vec<Mat3>,
    /// Whether any block was written since the last reset (lets assembly skip the scatter).
    pub touched: bool,
}

impl NodeJacobian {
    /// Zeroed blocks for `n_nodes` nodes.
    pub fn reset(&mut self, n_nodes: usize) {
        self.blocks.clear();
        self.blocks.resize(n_nodes, Mat3::zeros());
        self.touched = false;
    }
    /// Adds `m` to the block of global node `node`.
    pub fn add(&mut self, node: usize, m: &Mat3) {
        self.blocks[node] += m;
        self.touched = true;
    }
}

/// A body force acting on the nodes of the model.
pub trait ExternalForce: Send + Sync + std::fmt::Debug {
    /// Short name for reports.
    fn name(&self) -> &'static str;
    /// Called once at the start of every time step, before any evaluation of the step. Forces
    /// that are explicit in time (computed from `(qₙ, vₙ)` and held fixed through the Newton
    /// iterations, like the RSS fluid force of seed 001 Alg. 2 line 4) compute them here.
    fn begin_step(&mut self, _start: &StepStart) -> Result<(), ExternalError> {
        Ok(())
    }
    /// Adds the force to `force` (N, per global DOF) and its Jacobian blocks to `jac`.
    fn add(&self, e: &ForceEval, force: &mut [f64], jac: &mut NodeJacobian);
    /// The force's contribution to the incremental potential of the step (J), used by
    /// energy-based line searches: a potential `U(q)` for conservative forces, or the
    /// dissipation potential `Δt·Ψ(v)` for viscous ones. `None` when the force has neither.
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
