//! A constant point force on one node (e.g. the end load of the PneuNet example, seed 004 §7.1).
//!
//! `F = F₀` on node `i` of one rod (N); potential `U = −F₀·xᵢ` (J).

use super::force::add_node_force;
use super::{ExternalForce, ForceEval, NodeDerivatives};
use crate::math::Vec3;

/// Constant force `force` (N) on node `node` of rod `rod`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PointForce {
    /// Rod index in the model.
    pub rod: usize,
    /// Node index within the rod.
    pub node: usize,
    /// Force (N).
    pub force: Vec3,
}

impl ExternalForce for PointForce {
    fn name(&self) -> &'static str {
        "point force"
    }
    fn add(&self, e: &ForceEval, force: &mut [f64], _jac: &mut NodeDerivatives) {
        add_node_force(
            force,
            e.model.rods[self.rod].node_dof(self.node),
            &self.force,
        );
    }
    fn incremental_potential(&self, e: &ForceEval) -> Option<f64> {
        Some(-self.force.dot(&e.model.rods[self.rod].node(e.q, self.node)))
    }
}
