//! The RSS force itself: [`RegularizedStokeslets`], its per-step computation `F = −D A⁻¹ U`,
//! and its [`ExternalForce`] implementation (explicit: computed once per step, zero Jacobian).

use super::solver::{DenseSolver, RssStats};
use crate::external::{
    ExternalError, ExternalForce, ExternalState, ForceEval, NodeDerivatives, StepStart,
};
use crate::model::Model;
use faer::{Mat, MatRef};
use std::time::Instant;

/// Default regularisation `ε/h` (seed 001 App. A).
pub const DEFAULT_EPSILON_FACTOR: f64 = 1.02;

/// The RSS fluid force with viscosity `η` (Pa·s).
#[derive(Debug)]
pub struct RegularizedStokeslets {
    pub(super) viscosity: f64,
    epsilon: Option<f64>,
    /// Far-field ratio `κ`: edges at least `κ |e|` from a node take Simpson's rule
    /// ([`super::far_field`]); `None`: the exact kernel everywhere.
    pub(super) far_field: Option<f64>,
    /// Force on the rods for the current step (N, per global DOF); empty before the first step.
    force: Vec<f64>,
    pub(super) solver: DenseSolver,
}

impl RegularizedStokeslets {
    /// A fluid of viscosity `viscosity` (Pa·s, > 0). `epsilon` (m, > 0) is the regularisation of
    /// every segment; `None` takes `1.02 h` per rod.
    pub fn new(viscosity: f64, epsilon: Option<f64>) -> Result<Self, ExternalError> {
        if !(viscosity.is_finite() && viscosity > 0.0) {
            return Err(ExternalError::new(
                "RSS fluid",
                format!("viscosity must be a positive number of Pa·s, got {viscosity}"),
            ));
        }
        if let Some(e) = epsilon
            && !(e.is_finite() && e > 0.0)
        {
            return Err(ExternalError::new(
                "RSS fluid",
                format!("epsilon must be a positive length (m), got {e}"),
            ));
        }
        Ok(Self {
            viscosity,
            epsilon,
            far_field: None,
            force: Vec::new(),
            solver: DenseSolver::default(),
        })
    }

    /// Evaluates the segment kernel by Simpson's rule (one square root and one division per
    /// node–edge pair instead of a logarithm and four divisions) for every edge at least `kappa`
    /// edge lengths from the node, with a relative error per block of at most
    /// `(1 + 1/κ)/(30 κ³)` (6.5·10⁻⁴ at κ = 4, 7.3·10⁻⁵ at κ = 8; see the far-field notes in
    /// the crate's RSS module). `kappa` must be at least 2.
    pub fn with_far_field(mut self, kappa: f64) -> Result<Self, ExternalError> {
        if !(kappa.is_finite() && kappa >= 2.0) {
            return Err(ExternalError::new(
                "RSS fluid",
                format!(
                    "far_field is the distance, in edge lengths, beyond which edges take \
                     Simpson's rule: a number ≥ 2 (4 to 8 is typical), got {kappa}"
                ),
            ));
        }
        self.far_field = Some(kappa);
        Ok(self)
    }

    /// The far-field ratio `κ`, if any (see [`Self::with_far_field`]).
    pub fn far_field(&self) -> Option<f64> {
        self.far_field
    }

    /// Viscosity `η` (Pa·s).
    pub fn viscosity(&self) -> f64 {
        self.viscosity
    }

    /// Regularisation used for the edges of rod `r` (m).
    pub fn epsilon_of(&self, model: &Model, r: usize) -> f64 {
        self.epsilon.unwrap_or_else(|| {
            DEFAULT_EPSILON_FACTOR * model.bodies.rods[r].section.contact_radius()
        })
    }

    /// Solve counters.
    pub fn stats(&self) -> RssStats {
        self.solver.stats
    }

    /// The force on the rods computed by the last [`ExternalForce::begin_step`] (N, per global
    /// DOF; empty before the first step).
    pub fn step_force(&self) -> &[f64] {
        &self.force
    }

    /// The matrix `A` of `U = A f` at configuration `q` (m²/(N·s): velocity per force density),
    /// rows and columns ordered by global node and then x, y, z.
    pub fn matrix(&self, model: &Model, q: &[f64]) -> Result<Mat<f64>, ExternalError> {
        let mut buf = Vec::new();
        let n = self.assemble(model, q, &mut buf)?;
        Ok(MatRef::from_row_major_slice(&buf, n, n).to_owned())
    }

    /// Computes the force on the rods `F = −D A⁻¹ U` for node velocities taken from `v`, at
    /// configuration `q`, and keeps it as the step force (N, per global DOF).
    pub fn compute(
        &mut self,
        model: &Model,
        q: &[f64],
        v: &[f64],
    ) -> Result<&[f64], ExternalError> {
        let started = Instant::now();
        let mut u = Vec::new();
        for rod in &model.bodies.rods {
            for i in 0..rod.n_nodes {
                u.extend_from_slice(rod.node(v, i).as_slice());
            }
        }
        if let Some(k) = u.iter().position(|x| !x.is_finite()) {
            return Err(ExternalError::new(
                "RSS fluid",
                format!("node velocity component {k} is not finite"),
            ));
        }
        // GMRES's first residual U − A f₀ is computed row by row as A is assembled.
        self.solver.start(u.len());
        let mut a = std::mem::take(&mut self.solver.a);
        let mut residual = std::mem::take(&mut self.solver.residual);
        let f0 = std::mem::take(&mut self.solver.f);
        let assembled =
            self.assemble_with_residual(model, q, &mut a, Some((&u, &f0, &mut residual)));
        self.solver.a = a;
        self.solver.residual = residual;
        self.solver.f = f0;
        self.solver.stats.assemble_seconds += started.elapsed().as_secs_f64();
        assembled?;
        let factorisations = self.solver.stats.factorisations;
        self.solver.solve(&u, true)?;
        if self.solver.stats.factorisations != factorisations {
            // The preconditioner now factors A(q): keep q, so a checkpoint can rebuild it.
            self.solver.factored_q.clear();
            self.solver.factored_q.extend_from_slice(q);
        }
        self.force.clear();
        self.force.resize(q.len(), 0.0);
        for rod in &model.bodies.rods {
            for i in 0..rod.n_nodes {
                let dl = voronoi_length(rod, q, i);
                let g = rod.first_node + i;
                let k = rod.node_dof(i);
                for c in 0..3 {
                    self.force[k + c] = -dl * self.solver.f[3 * g + c];
                }
            }
        }
        Ok(&self.force)
    }
}

/// Current Voronoi length of node `i` (m): half of each adjacent edge.
fn voronoi_length(rod: &crate::model::Rod, q: &[f64], i: usize) -> f64 {
    let mut l = 0.0;
    if i > 0 {
        l += 0.5 * (rod.node(q, i) - rod.node(q, i - 1)).norm();
    }
    if i + 1 < rod.n_nodes {
        l += 0.5 * (rod.node(q, i + 1) - rod.node(q, i)).norm();
    }
    l
}

impl ExternalForce for RegularizedStokeslets {
    fn name(&self) -> &'static str {
        "RSS fluid"
    }
    fn energy_role(&self) -> crate::external::ForceRole {
        crate::external::ForceRole::Drag
    }
    fn begin_step(&mut self, s: &StepStart) -> Result<(), ExternalError> {
        self.compute(s.model, s.q, s.v).map(|_| ())
    }
    fn add(&self, _e: &ForceEval, force: &mut [f64], _jac: &mut NodeDerivatives) {
        if self.force.len() == force.len() {
            for (f, h) in force.iter_mut().zip(&self.force) {
                *f += h;
            }
        }
    }
    /// The warm start (`f` of the last two solves) and the configuration of the reused factor:
    /// with them a resumed run refines from the same guess with the same preconditioner.
    fn save_state(&self) -> Option<ExternalState> {
        Some(self.checkpoint_state())
    }
    fn restore_state(&mut self, model: &Model, state: &ExternalState) -> Result<(), String> {
        self.restore_checkpoint(model, state)
    }
    fn solve_stats(&self) -> Option<RssStats> {
        Some(self.solver.stats)
    }
    fn incremental_potential(&self, e: &ForceEval) -> Option<f64> {
        if self.force.len() != e.q.len() {
            return Some(0.0);
        }
        Some(
            -self
                .force
                .iter()
                .zip(e.q.iter().zip(e.q_origin))
                .map(|(f, (q, p))| f * (q - p))
                .sum::<f64>(),
        )
    }
}
