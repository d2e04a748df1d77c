//! Gravity with buoyancy (seed 004 §5.1).
//!
//! `Fᵢ = mᵢ g_eff` on every node of every body (rod and shell nodes, sphere centres), with `g_eff = (ρ − ρ_med)/ρ · g`,
//! where `mᵢ` is the lumped nodal mass (kg), `ρ` the body's density and `ρ_med` the density of
//! the surrounding medium (kg/m³); point masses (no volume) feel `m g`.
//! The force is constant, so its Jacobian is zero; its potential is `U = −Σ mᵢ g_eff·xᵢ` (J).
//! With a `ramp` time `T` (s) the whole force is scaled by `λ(t) = min(t/T, 1)`: the load
//! factor of load stepping (DiSMech's `static_sim` ramps gravity over its load steps).

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
    /// Ramp time `T` (s): the force is scaled by `λ(t) = min(t/T, 1)`; `None` for full
    /// gravity from the start.
    pub ramp: Option<f64>,
}

impl Gravity {
    /// Full gravity in a medium of density `medium_density` (kg/m³), without a ramp.
    pub fn new(g: Vec3, medium_density: f64) -> Self {
        Self {
            g,
            medium_density,
            ramp: None,
        }
    }
    /// The load factor `λ(t) = min(t/T, 1)` at time `t` (s); 1 without a ramp.
    pub fn load_factor(&self, t: f64) -> f64 {
        self.ramp.map_or(1.0, |ramp| (t / ramp).clamp(0.0, 1.0))
    }
    fn effective_g(&self, density: f64) -> Vec3 {
        self.g * ((density - self.medium_density) / density)
    }
}

impl ExternalForce for Gravity {
    fn name(&self) -> &'static str {
        "gravity"
    }
    fn ramp_factor(&self, t: f64) -> Option<f64> {
        self.ramp.map(|_| self.load_factor(t))
    }
    fn energy_role(&self) -> super::ForceRole {
        super::ForceRole::Potential
    }
    fn add(&self, e: &ForceEval, force: &mut [f64], _jac: &mut NodeDerivatives) {
        let lambda = self.load_factor(e.t);
        for b in e.model.bodies.iter().filter(|b| b.n_nodes() > 0) {
            let g = self.effective_g(b.density()) * lambda;
            for i in 0..b.n_nodes() {
                add_node_force(force, b.node_dof(i), &(g * b.node_mass(i)));
            }
        }
        // Point masses have no volume: no buoyancy.
        for &(dof, m) in &e.model.point_masses {
            add_node_force(force, dof, &(self.g * (m * lambda)));
        }
    }
    fn incremental_potential(&self, e: &ForceEval) -> Option<f64> {
        let lambda = self.load_factor(e.t);
        let mut u = 0.0;
        for b in e.model.bodies.iter().filter(|b| b.n_nodes() > 0) {
            let g = self.effective_g(b.density()) * lambda;
            for i in 0..b.n_nodes() {
                u -= b.node_mass(i) * g.dot(&b.node_position(e.q, i));
            }
        }
        for &(dof, m) in &e.model.point_masses {
            let x = crate::math::Vec3::new(e.q[dof], e.q[dof + 1], e.q[dof + 2]);
            u -= m * lambda * self.g.dot(&x);
        }
        Some(u)
    }
}
