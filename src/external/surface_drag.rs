//! Friction of a shell's (or a cell's) surface with the surrounding medium: each node feels
//! `Fᵢ = −γ Āᵢ vᵢ`, with `γ` a friction coefficient per unit area (N·s/m³ = Pa·s/m) and `Āᵢ`
//! the node's share of the rest area (a third of each adjacent triangle's). This is the
//! cell–medium friction of mpacts' deformable cell model (seed 003; Odenthal et al. 2013, PLoS
//! Comput. Biol. 9 e1003267, Eq. 1: `γ_cm A v`), and what moves a cell in the overdamped mode
//! (`Γ v = F` with `Γ = γ Ā I` per node).
//!
//! `∂F/∂v = −γ Āᵢ I`, `∂F/∂x = 0`; dissipation potential `Ψ = Σ ½ γ Āᵢ ‖vᵢ‖²`, in the step as
//! `Σ γ Āᵢ ‖xᵢ − xᵢᵒ‖²/(2h)` (`xᵒ` the velocity origin, `h = c_x v_div`).

use super::force::add_node_force;
use super::{ExternalForce, ForceEval, NodeDerivatives};
use crate::math::Mat3;

/// Surface friction with coefficient `friction` (N·s/m³) on every shell node.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SurfaceDrag {
    /// Friction per unit area `γ` (N·s/m³): force per unit area per unit velocity.
    pub friction: f64,
}

impl SurfaceDrag {
    /// `γ Āᵢ` of every node of every shell, shell after shell: (first DOF, global node,
    /// coefficient in N·s/m).
    fn coefficients<'a>(
        &'a self,
        e: &'a ForceEval,
    ) -> impl Iterator<Item = (usize, usize, f64)> + 'a {
        e.model.bodies.shells.iter().flat_map(move |sh| {
            // ρ h Ā/3 with ρ h = 1: the rest area shares.
            let shares = sh.mesh.node_masses(1.0, 1.0);
            (0..sh.n_nodes())
                .map(move |i| (sh.node_dof(i), sh.first_node + i, self.friction * shares[i]))
                .collect::<Vec<_>>()
        })
    }
}

impl ExternalForce for SurfaceDrag {
    fn name(&self) -> &'static str {
        "surface drag"
    }
    fn energy_role(&self) -> crate::external::ForceRole {
        crate::external::ForceRole::Drag
    }
    fn add(&self, e: &ForceEval, force: &mut [f64], jac: &mut NodeDerivatives) {
        for (dof, node, c) in self.coefficients(e) {
            let v = nalgebra::Vector3::new(e.v[dof], e.v[dof + 1], e.v[dof + 2]);
            add_node_force(force, dof, &(-c * v));
            jac.add_dfdv(node, &(Mat3::identity() * -c));
        }
    }
    fn incremental_potential(&self, e: &ForceEval) -> Option<f64> {
        let h = e.step.h();
        let mut p = 0.0;
        for (dof, _, c) in self.coefficients(e) {
            let d2: f64 = (0..3)
                .map(|k| (e.q[dof + k] - e.q_origin[dof + k]).powi(2))
                .sum();
            p += 0.5 * c * d2 / h;
        }
        Some(p)
    }
}
