//! Gravity with buoyancy (seed 004 §5.1).
//!
//! `Fᵢ = mᵢ g_eff` on every rod node, shell node and sphere, with `g_eff = (ρ − ρ_med)/ρ · g`,
//! where `mᵢ` is the lumped nodal mass (kg), `ρ` the body's density and `ρ_med` the density of
//! the surrounding medium (kg/m³); point masses (no volume) feel `m g`.
//! The force is constant, so its Jacobian is zero; its potential is `U = −Σ mᵢ g_eff·xᵢ` (J).

use super::force::add_node_force;
use super::{ExternalForce, ForceEval, NodeDerivatives};
use crate::math::Vec3;

/// Uniform gravity `g` (m/s²) in a medium of density `medium_density` (kg/m³).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Gravity {
    /// Gravitational acceleration (m/s²).
    pub g: Vec3,
    /// Density of the surrounding medium (kg/m³); zero in vacuum.
    pub medium_density: f64,
}

impl Gravity {
    fn effective_g(&self, density: f64) -> Vec3 {
        self.g * ((density - self.medium_density) / density)
    }
}

impl ExternalForce for Gravity {
    fn name(&self) -> &'static str {
        "gravity"
    }
    fn energy_role(&self) -> super::ForceRole {
        super::ForceRole::Potential
    }
    fn add(&self, e: &ForceEval, force: &mut [f64], _jac: &mut NodeDerivatives) {
        for rod in &e.model.rods {
            let g = self.effective_g(rod.material.density);
            for i in 0..rod.n_nodes {
                add_node_force(force, rod.node_dof(i), &(g * rod.node_mass(i)));
            }
        }
        for sh in &e.model.shells {
            let g = self.effective_g(sh.material.density);
            for (i, &m) in sh.node_masses().iter().enumerate() {
                add_node_force(force, sh.node_dof(i), &(g * m));
            }
        }
        for s in &e.model.spheres {
            let g = self.effective_g(s.material.density);
            add_node_force(force, s.offset, &(g * s.mass()));
        }
        // Point masses have no volume: no buoyancy.
        for &(dof, m) in &e.model.point_masses {
            add_node_force(force, dof, &(self.g * m));
        }
    }
    fn incremental_potential(&self, e: &ForceEval) -> Option<f64> {
        let mut u = 0.0;
        for rod in &e.model.rods {
            let g = self.effective_g(rod.material.density);
            for i in 0..rod.n_nodes {
                u -= rod.node_mass(i) * g.dot(&rod.node(e.q, i));
            }
        }
        for sh in &e.model.shells {
            let g = self.effective_g(sh.material.density);
            for (i, &m) in sh.node_masses().iter().enumerate() {
                u -= m * g.dot(&sh.node(e.q, i));
            }
        }
        for s in &e.model.spheres {
            let g = self.effective_g(s.material.density);
            u -= s.mass() * g.dot(&s.center(e.q));
        }
        for &(dof, m) in &e.model.point_masses {
            let x = crate::math::Vec3::new(e.q[dof], e.q[dof + 1], e.q[dof + 2]);
            u -= m * self.g.dot(&x);
        }
        Some(u)
    }
}
