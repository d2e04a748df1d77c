//! A point force on one node (e.g. the end load of the PneuNet example, seed 004 §7.1),
//! constant or staged in time.
//!
//! `F(t) = F₀` on one node of a rod or a shell, or on a sphere's centre (N), or `F(t) = F₀ a(t)` with the C¹ envelope `a` of a
//! [`Window`] (0 before `start` and after `end`, smoothstep ramps between); potential
//! `U = −F(t)·xᵢ` (J), with time a parameter of the step. The force is taken at the time of the
//! evaluation point, `t = tₙ₊₁ − (1 − c_x) Δt` (`tₙ₊₁` for implicit Euler and BDF2, the
//! midpoint `tₙ + Δt/2` for the implicit midpoint rule), so that a schedule keeps the scheme's
//! order.

use super::force::add_node_force;
use super::{ExternalForce, ForceEval, NodeDerivatives};
use crate::math::Vec3;
use crate::model::Window;

/// Force `force` (N) on the node whose first DOF is `dof`, scaled by `window`'s envelope when
/// it has one.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PointForce {
    /// First global DOF of the node ([`crate::model::Body::node_dof`]).
    pub dof: usize,
    /// Force (N).
    pub force: Vec3,
    /// When the force acts (`None`: always, at full strength).
    pub window: Option<Window>,
}

impl PointForce {
    /// The force at the evaluation point of `e` (N).
    fn at(&self, e: &ForceEval) -> Vec3 {
        match &self.window {
            None => self.force,
            Some(w) => self.force * w.envelope(e.t - (1.0 - e.step.x) * e.dt),
        }
    }
}

impl ExternalForce for PointForce {
    fn name(&self) -> &'static str {
        "point force"
    }
    fn add(&self, e: &ForceEval, force: &mut [f64], _jac: &mut NodeDerivatives) {
        add_node_force(force, self.dof, &self.at(e));
    }
    fn incremental_potential(&self, e: &ForceEval) -> Option<f64> {
        let k = self.dof;
        let x = Vec3::new(e.q[k], e.q[k + 1], e.q[k + 2]);
        Some(-self.at(e).dot(&x))
    }
}
