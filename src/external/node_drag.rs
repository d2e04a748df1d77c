//! A linear dashpot to the ground on one node: `F = −γ v` (N) with `γ` in N·s/m, `∂F/∂v = −γ I`,
//! independent of the position; dissipation potential `Ψ = ½γ‖v‖²`, entering the step as
//! `hΨ = γ‖Δx‖²/(2h)` with `Δx = z − zᵒ` from the velocity origin. It is the resistance of a
//! load-controlled rigid body (`motion: Loaded(…)`): a servo-controlled piston pushed by its
//! load approaches at most at `load/γ` and comes to rest where the contacts carry the load, in
//! the inertial and in the overdamped modes (where it is the body's `Γ`).

use super::force::add_node_force;
use super::{ExternalForce, ForceEval, ForceRole, NodeDerivatives};
use crate::math::{Mat3, Vec3};

/// `F = −γ v` on the node `node` whose first DOF is `dof`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct NodeDrag {
    /// Global node number ([`crate::model::Body`] node numbering).
    pub node: usize,
    /// First global DOF of the node.
    pub dof: usize,
    /// Resistance `γ` (N·s/m).
    pub resistance: f64,
}

fn triple(x: &[f64], k: usize) -> Vec3 {
    Vec3::new(x[k], x[k + 1], x[k + 2])
}

impl ExternalForce for NodeDrag {
    fn name(&self) -> &'static str {
        "node drag"
    }
    fn energy_role(&self) -> ForceRole {
        ForceRole::Drag
    }
    fn add(&self, e: &ForceEval, force: &mut [f64], jac: &mut NodeDerivatives) {
        add_node_force(force, self.dof, &(-self.resistance * triple(e.v, self.dof)));
        jac.add_dfdv(self.node, &(Mat3::identity() * -self.resistance));
    }
    fn incremental_potential(&self, e: &ForceEval) -> Option<f64> {
        let dx = triple(e.q, self.dof) - triple(e.q_origin, self.dof);
        Some(0.5 * self.resistance * dx.norm_squared() / e.step.h())
    }
}
