//! Aerodynamic drag on shells (seed 004 §5.4, Eqs. 29–30): every triangle of every shell
//! pushes its three nodes against the normal component of their velocity,
//! `fᵢ = −(ρ_med C_D/2)(A_k/3) sgn(vᵢ·n̂_k)(vᵢ·n̂_k)² n̂_k`, summed over the triangles `k` at node
//! `i` (the per-face kernel and its derivatives: [`super::face_drag`]). `A_k` is the rest area.
//! Rods feel no aerodynamic drag (seed 004: "acts on the nodes contained in the shell structure
//! only"). The force is dissipative and has no potential; its Jacobian couples the nodes of each
//! triangle (through the normal), written as 9×9 face blocks.

use super::force::add_node_force;
use super::{ExternalForce, ForceEval, NodeDerivatives, face_drag};
use crate::math::Vec3;

/// Quadratic pressure drag of a medium of density `density` with drag coefficient `coefficient`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct AeroDrag {
    /// Density of the medium `ρ_med` (kg/m³).
    pub density: f64,
    /// Drag coefficient `C_D` (−).
    pub coefficient: f64,
}

impl ExternalForce for AeroDrag {
    fn name(&self) -> &'static str {
        "aerodynamic drag"
    }
    fn energy_role(&self) -> crate::external::ForceRole {
        crate::external::ForceRole::Drag
    }
    fn add(&self, e: &ForceEval, force: &mut [f64], jac: &mut NodeDerivatives) {
        for (si, shell) in e.model.bodies.shells.iter().enumerate() {
            for (k, tri) in shell.mesh.triangles.iter().enumerate() {
                let c = self.density * self.coefficient * shell.rest_areas[k] / 6.0;
                let dofs = tri.map(|n| shell.node_dof(n as usize));
                let at = |v: &[f64]| dofs.map(|d| Vec3::new(v[d], v[d + 1], v[d + 2]));
                let d = face_drag(&at(e.q), &at(e.v), c);
                for (a, &dof) in dofs.iter().enumerate() {
                    add_node_force(force, dof, &d.force[a]);
                }
                jac.add_face(si, k, &d.dfdx, &d.dfdv);
            }
        }
    }
    fn couples_faces(&self) -> bool {
        true
    }
    fn incremental_potential(&self, _e: &ForceEval) -> Option<f64> {
        None
    }
}
