//! Stokes drag on spheres: the resistance of a sphere moving and turning slowly in a viscous
//! medium (Stokes 1851; Happel & Brenner, *Low Reynolds number hydrodynamics*, 1983, §2-11 and
//! §5-2), the friction of an overdamped particle (seed 003's resistance elements on one body).
//!
//! `F = −γ v` on the centre with `γ = 6πηr` (N·s/m) and, on a sphere that rotates, the torque
//! `τ = −γ_r ω` with `γ_r = 8πηr³` (N·m·s), `η` the viscosity (Pa·s) and `r` the radius (m).
//! `∂F/∂v = −γ I`, `∂τ/∂ω = −γ_r I`, both independent of the position. Dissipation potential
//! `Ψ = ½γ‖v‖² + ½γ_r‖ω‖²` (W), entering the step as `hΨ = (γ‖Δx‖² + γ_r‖Δθ‖²)/(2h)` with
//! `Δ = z − zᵒ` from the velocity origin and `h = c_x v_div`. Under the overdamped integrator a
//! free sphere pulled by `F_ext` moves at exactly `F_ext/γ` (Stokes' settling velocity under
//! buoyant gravity).

use super::force::add_node_force;
use super::{ExternalForce, ForceEval, ForceRole, NodeDerivatives};
use crate::math::{Mat3, Vec3};
use std::f64::consts::PI;

/// Stokes drag of a medium of viscosity `viscosity` (Pa·s) on every sphere.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct StokesDrag {
    /// Viscosity `η` of the medium (Pa·s).
    pub viscosity: f64,
}

impl StokesDrag {
    /// Translational resistance `γ = 6πηr` of a sphere of radius `r` (N·s/m).
    pub fn translational(&self, r: f64) -> f64 {
        6.0 * PI * self.viscosity * r
    }
    /// Rotational resistance `γ_r = 8πηr³` of a sphere of radius `r` (N·m·s).
    pub fn rotational(&self, r: f64) -> f64 {
        8.0 * PI * self.viscosity * r.powi(3)
    }
}

fn triple(x: &[f64], k: usize) -> Vec3 {
    Vec3::new(x[k], x[k + 1], x[k + 2])
}

impl ExternalForce for StokesDrag {
    fn name(&self) -> &'static str {
        "Stokes drag"
    }
    fn energy_role(&self) -> ForceRole {
        ForceRole::Drag
    }
    fn couples_spins(&self) -> bool {
        true
    }
    fn add(&self, e: &ForceEval, force: &mut [f64], jac: &mut NodeDerivatives) {
        for s in &e.model.bodies.spheres {
            let gamma = self.translational(s.radius);
            add_node_force(force, s.offset, &(-gamma * triple(e.v, s.offset)));
            jac.add_dfdv(s.node, &(Mat3::identity() * -gamma));
            if let Some(k) = s.spin {
                let gamma_r = self.rotational(s.radius);
                add_node_force(force, k, &(-gamma_r * triple(e.v, k)));
                jac.add_spin(k, &Mat3::zeros(), &(Mat3::identity() * -gamma_r));
            }
        }
    }
    fn incremental_potential(&self, e: &ForceEval) -> Option<f64> {
        let h = e.step.h();
        let mut p = 0.0;
        for s in &e.model.bodies.spheres {
            let dx = triple(e.q, s.offset) - triple(e.q_origin, s.offset);
            p += 0.5 * self.translational(s.radius) * dx.norm_squared() / h;
            if let Some(k) = s.spin {
                let dth = triple(e.q, k) - triple(e.q_origin, k);
                p += 0.5 * self.rotational(s.radius) * dth.norm_squared() / h;
            }
        }
        Some(p)
    }
}
