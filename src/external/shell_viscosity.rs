//! `N_T_ShellViscosity` (mpacts, seed 003): the in-plane viscosity of a thin shell (a cell's
//! cortex) as a friction between the two nodes of every mesh edge,
//! `Γ = (μ t/√3) [n̂n̂ᵀ + (I − n̂n̂ᵀ)] = (μ t/√3) I` (the normal and in-plane parts weigh the
//! same; the `1/√3` is mpacts' prefactor for a regular triangulation), so that the edge's
//! nodes feel `Fᵢ = −Γ (vᵢ − vⱼ)`, `Fⱼ = −Fᵢ`. `μ` is the membrane material's viscosity (Pa·s)
//! and `t` the shell's thickness (m): `Γ` is in N·s/m. Like mpacts' element it resists every
//! relative motion of neighbours, a rigid rotation's included; translations are free.
//!
//! In catena the friction matrix is written per triangle as 9×9 `∂F/∂v` face blocks (each
//! interior edge half in each of its two triangles), so the overdamped system `Γ v = F` and the
//! inertial ones get it as the other drags. Dissipation potential `Ψ = Σₑ ½ Γ ‖vᵢ − vⱼ‖²`, in a
//! step `Σₑ Γ ‖Δxᵢ − Δxⱼ‖²/(2h)` with `Δx = x − xᵒ` (`xᵒ` the velocity origin,
//! `h = c_x v_div`).

use super::aero_face::Mat9;
use super::force::add_node_force;
use super::{ExternalForce, ForceEval, NodeDerivatives};
use crate::math::{Mat3, Vec3};

/// Membrane viscosity `μ` (Pa·s) on every shell.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ShellViscosity {
    /// Viscosity `μ` of the shell material (Pa·s).
    pub viscosity: f64,
}

impl ShellViscosity {
    /// Every (shell, triangle, `[(local a, local b, Γ share)]`) with the edge friction split
    /// over the edge's triangles.
    fn edges<'a>(
        &'a self,
        e: &'a ForceEval,
    ) -> impl Iterator<Item = (usize, usize, [(usize, usize, f64); 3])> + 'a {
        e.model
            .bodies
            .shells
            .iter()
            .enumerate()
            .flat_map(move |(si, sh)| {
                let gamma = self.viscosity * sh.thickness / 3f64.sqrt();
                (0..sh.mesh.n_triangles()).map(move |t| {
                    let local = std::array::from_fn(|l| {
                        let edge = &sh.topology.edges[sh.topology.triangle_edges[t][l] as usize];
                        let share = if edge.second.is_some() { 0.5 } else { 1.0 };
                        (l, (l + 1) % 3, gamma * share)
                    });
                    (si, t, local)
                })
            })
    }
}

/// A node's three coordinates in `x`.
fn at(x: &[f64], dof: usize) -> Vec3 {
    Vec3::new(x[dof], x[dof + 1], x[dof + 2])
}

impl ExternalForce for ShellViscosity {
    fn name(&self) -> &'static str {
        "shell viscosity"
    }
    fn energy_role(&self) -> crate::external::ForceRole {
        crate::external::ForceRole::Drag
    }
    fn add(&self, e: &ForceEval, force: &mut [f64], jac: &mut NodeDerivatives) {
        for (si, t, local) in self.edges(e) {
            let sh = &e.model.bodies.shells[si];
            let dofs = sh.mesh.triangles[t].map(|n| sh.node_dof(n as usize));
            let mut dfdv = Mat9::zeros();
            for (a, b, g) in local {
                let f = -g * (at(e.v, dofs[a]) - at(e.v, dofs[b]));
                add_node_force(force, dofs[a], &f);
                add_node_force(force, dofs[b], &(-f));
                let block = Mat3::identity() * g;
                for (r, c, s) in [(a, a, -1.0), (b, b, -1.0), (a, b, 1.0), (b, a, 1.0)] {
                    let mut v = dfdv.fixed_view_mut::<3, 3>(3 * r, 3 * c);
                    v += block * s;
                }
            }
            jac.add_face(si, t, &Mat9::zeros(), &dfdv);
        }
    }
    fn couples_faces(&self) -> bool {
        true
    }
    fn incremental_potential(&self, e: &ForceEval) -> Option<f64> {
        let h = e.step.h();
        let mut p = 0.0;
        for (si, t, local) in self.edges(e) {
            let sh = &e.model.bodies.shells[si];
            let dofs = sh.mesh.triangles[t].map(|n| sh.node_dof(n as usize));
            for (a, b, g) in local {
                let d = |k: usize| at(e.q, dofs[k]) - at(e.q_origin, dofs[k]);
                p += 0.5 * g * (d(a) - d(b)).norm_squared() / h;
            }
        }
        Some(p)
    }
}
