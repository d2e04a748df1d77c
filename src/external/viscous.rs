//! Viscous drag on each node (seed 004 §5.3, Eqs. 27–28).
//!
//! `Fᵢ = −η Δl̄ᵢ vᵢ` with `η` a drag coefficient per unit length (Pa·s = N·s/m²) and `Δl̄ᵢ` the
//! rest Voronoi length of node `i` (m). With implicit Euler `vᵢ = (xᵢ − xᵢⁿ)/Δt`, so its
//! contribution to the system Jacobian is `−(1/Δt)∂F/∂v = (η Δl̄ᵢ/Δt) I` (Eq. 28 with the
//! sign of the residual). Dissipation potential over the step: `Δt Ψ = Σ η Δl̄ᵢ ‖xᵢ − xᵢⁿ‖²/(2Δt)`.

use super::force::add_node_force;
use super::{ExternalForce, ForceEval, NodeJacobian};
use crate::math::Mat3;

/// Linear viscous drag with coefficient `viscosity` (Pa·s).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ViscousDrag {
    /// Drag coefficient `η` (Pa·s): force per unit length per unit velocity.
    pub viscosity: f64,
}

impl ExternalForce for ViscousDrag {
    fn name(&self) -> &'static str {
        "viscous drag"
    }
    fn add(&self, e: &ForceEval, force: &mut [f64], jac: &mut NodeJacobian) {
        for rod in &e.model.rods {
            for i in 0..rod.n_nodes {
                let c = self.viscosity * rod.voronoi[i];
                let v = rod.node(e.v, i);
                add_node_force(force, rod.node_dof(i), &(-c * v));
                jac.add(rod.first_node + i, &(Mat3::identity() * (c / e.dt)));
            }
        }
    }
    fn incremental_potential(&self, e: &ForceEval) -> Option<f64> {
        let mut p = 0.0;
        for rod in &e.model.rods {
            for i in 0..rod.n_nodes {
                let d = rod.node(e.q, i) - rod.node(e.q_prev, i);
                p += 0.5 * self.viscosity * rod.voronoi[i] * d.norm_squared() / e.dt;
            }
        }
        Some(p)
    }
}
