//! Viscous drag on each node (seed 004 §5.3, Eqs. 27–28).
//!
//! `Fᵢ = −η Δl̄ᵢ vᵢ` with `η` a drag coefficient per unit length (Pa·s = N·s/m²) and `Δl̄ᵢ` the
//! rest Voronoi length of node `i` (m). `∂F/∂v = −η Δl̄ᵢ I`, `∂F/∂x = 0`; under implicit Euler
//! (`vᵢ = (xᵢ − xᵢⁿ)/Δt`) the system Jacobian gets `(η Δl̄ᵢ/Δt) I` (Eq. 28 with the sign of the
//! residual). Dissipation potential `Ψ = Σ ½ η Δl̄ᵢ ‖vᵢ‖²`, entering the step as
//! `hΨ = Σ η Δl̄ᵢ ‖xᵢ − xᵢᵒ‖²/(2h)` with the evaluation point `x`, the velocity origin `xᵒ` and
//! `h = c_x v_div` (Δt and `xᵒ = xⁿ` for implicit Euler).

use super::force::add_node_force;
use super::{ExternalForce, ForceEval, NodeDerivatives};
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
    fn energy_role(&self) -> crate::external::ForceRole {
        crate::external::ForceRole::Drag
    }
    fn add(&self, e: &ForceEval, force: &mut [f64], jac: &mut NodeDerivatives) {
        for rod in &e.model.bodies.rods {
            for i in 0..rod.n_nodes {
                let c = self.viscosity * rod.voronoi[i];
                let v = rod.node(e.v, i);
                add_node_force(force, rod.node_dof(i), &(-c * v));
                jac.add_dfdv(rod.first_node + i, &(Mat3::identity() * -c));
            }
        }
    }
    fn incremental_potential(&self, e: &ForceEval) -> Option<f64> {
        let h = e.step.h();
        let mut p = 0.0;
        for rod in &e.model.bodies.rods {
            for i in 0..rod.n_nodes {
                let d = rod.node(e.q, i) - rod.node(e.q_origin, i);
                p += 0.5 * self.viscosity * rod.voronoi[i] * d.norm_squared() / h;
            }
        }
        Some(p)
    }
}
