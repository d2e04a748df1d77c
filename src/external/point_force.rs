//! A point force on one node (e.g. the end load of the PneuNet example, seed 004 §7.1),
//! constant or staged in time.
//!
//! `F(t) = F₀` on node `i` of one rod (N), or `F(t) = F₀ a(t)` with the C¹ envelope `a` of a
//! [`Window`] (0 before `start` and after `end`, smoothstep ramps between); potential
//! `U = −F(t)·xᵢ` (J), with time a parameter of the step. The force is taken at the time of the
//! evaluation point, `t = tₙ₊₁ − (1 − c_x) Δt` (`tₙ₊₁` for implicit Euler and BDF2, the
//! midpoint `tₙ + Δt/2` for the implicit midpoint rule), so that a schedule keeps the scheme's
//! order.

use super::force::add_node_force;
use super::{ExternalForce, ForceEval, NodeDerivatives};
use crate::math::Vec3;
use crate::model::Window;

/// Force `force` (N) on node `node` of rod `rod`, scaled by `window`'s envelope when it has one.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PointForce {
    /// Rod index in the model.
    pub rod: usize,
    /// Node index within the rod.
    pub node: usize,
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
        add_node_force(
            force,
            e.model.bodies.rods[self.rod].node_dof(self.node),
            &self.at(e),
        );
    }
    fn incremental_potential(&self, e: &ForceEval) -> Option<f64> {
        Some(
            -self
                .at(e)
                .dot(&e.model.bodies.rods[self.rod].node(e.q, self.node)),
        )
    }
}
