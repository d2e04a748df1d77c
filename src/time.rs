//! Time discretisation data shared by every contributor to the implicit system: the integrator
//! a scene chooses ([`IntegratorKind`]) and the per-step coefficients every contributor's local
//! block is combined with ([`Coefficients`]). The integrators themselves (the
//! [`TimeIntegrator`](crate::system::TimeIntegrator) trait and its schemes) live in `system`;
//! this module sits below `contact`, `external` and `system` so that all three can read it.
//!
//! A contributor (elastic stencil, external force, contact pair) returns its force `f`, `∂f/∂x`
//! and `∂f/∂v` at the evaluation point `z(q)` with the velocity `v(q)`. With
//! `∂z/∂q = c_x I` and `∂v/∂q = I / v_div`, its block of the system Jacobian is
//! `−(∂f/∂x · c_x + ∂f/∂v / v_div)` ([`Coefficients::system_block`]), and the inertia adds
//! `M / m_div`. The coefficients are stored as divisors, not reciprocals, so that implicit
//! Euler (`c_x = 1`, `v_div = Δt`, `m_div = Δt·Δt`) computes `a / Δt` exactly as before
//! (`a · (1/Δt)` differs from `a / Δt` in the last bit; `a · 1.0` is exact).

use nalgebra::SMatrix;
use serde::{Deserialize, Serialize};

/// The time integrators a scene can choose (`time: (…, integrator: Bdf2)`); see
/// [`crate::system::TimeIntegrator`] for their formulas.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum IntegratorKind {
    /// Backward (implicit) Euler: first order, dissipates energy at O(Δt).
    #[default]
    ImplicitEuler,
    /// Two-step backward differentiation formula: second order, L-stable (damps at O(Δt³)).
    Bdf2,
    /// Implicit midpoint rule: second order, symplectic, conserves quadratic energies.
    ImplicitMidpoint,
    /// Overdamped (first-order) dynamics without inertia, `Γ v = F` (mpacts' overdamped
    /// contact-matrix mode): implicit Euler with the masses dropped; the resistance `Γ` comes
    /// from drags and the resistance laws of the contact chains.
    Overdamped,
    /// Static equilibrium `F(q) = 0` at every step, loads ramped over the steps (load
    /// stepping, DiSMech's `static_sim`): no inertia, forces see no velocity.
    Static,
}

impl IntegratorKind {
    /// The three inertial integrators, in the order of the docs (the overdamped and static
    /// schemes solve other equations and are listed apart).
    pub const ALL: [IntegratorKind; 3] = [Self::ImplicitEuler, Self::Bdf2, Self::ImplicitMidpoint];

    /// Whether the scheme integrates inertia (the three dynamic schemes) rather than
    /// overdamped or static equations.
    pub fn is_inertial(self) -> bool {
        matches!(
            self,
            Self::ImplicitEuler | Self::Bdf2 | Self::ImplicitMidpoint
        )
    }

    /// The name as written in scene files.
    pub fn name(self) -> &'static str {
        match self {
            Self::ImplicitEuler => "ImplicitEuler",
            Self::Bdf2 => "Bdf2",
            Self::ImplicitMidpoint => "ImplicitMidpoint",
            Self::Overdamped => "Overdamped",
            Self::Static => "Static",
        }
    }
}

impl std::fmt::Display for IntegratorKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// How the derivatives of one step's contributors enter the system (see the module notes).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Coefficients {
    /// The formula this step uses (BDF2's start-up steps are implicit Euler).
    pub scheme: IntegratorKind,
    /// Time step Δt (s).
    pub dt: f64,
    /// `c_x = ∂z/∂q`: multiplier on `∂f/∂x` (1 for implicit Euler and BDF2, ½ for the midpoint).
    pub x: f64,
    /// `∂v/∂q = 1/v_div` (s): Δt (implicit Euler, midpoint), 2Δt/3 (BDF2).
    pub v_div: f64,
    /// `c_M = 1/m_div` (s²): Δt·Δt (implicit Euler), 4Δt²/9 (BDF2), Δt²/2 (midpoint).
    pub m_div: f64,
}

impl Coefficients {
    /// Implicit Euler with step `dt`.
    pub fn implicit_euler(dt: f64) -> Self {
        Self {
            scheme: IntegratorKind::ImplicitEuler,
            dt,
            x: 1.0,
            v_div: dt,
            m_div: dt * dt,
        }
    }

    /// BDF2 with constant step `dt`.
    pub fn bdf2(dt: f64) -> Self {
        Self {
            scheme: IntegratorKind::Bdf2,
            dt,
            x: 1.0,
            v_div: 2.0 * dt / 3.0,
            m_div: 4.0 * dt * dt / 9.0,
        }
    }

    /// The implicit midpoint rule with step `dt`.
    pub fn midpoint(dt: f64) -> Self {
        Self {
            scheme: IntegratorKind::ImplicitMidpoint,
            dt,
            x: 0.5,
            v_div: dt,
            m_div: 0.5 * dt * dt,
        }
    }

    /// Overdamped dynamics with step `dt`: implicit Euler's `c_x = 1`, `v_div = Δt`, and no
    /// inertia (`m_div = ∞`, so `c_M M = 0`).
    pub fn overdamped(dt: f64) -> Self {
        Self {
            scheme: IntegratorKind::Overdamped,
            dt,
            x: 1.0,
            v_div: dt,
            m_div: f64::INFINITY,
        }
    }

    /// A static load step `dt`: `c_x = 1`, no inertia (`m_div = ∞`) and no velocity
    /// (`v_div = ∞`, so `∂v/∂q = 0` and velocity terms leave the Jacobian).
    pub fn static_step(dt: f64) -> Self {
        Self {
            scheme: IntegratorKind::Static,
            dt,
            x: 1.0,
            v_div: f64::INFINITY,
            m_div: f64::INFINITY,
        }
    }

    /// `h = c_x · v_div` (s): the evaluation point moves by `h·v` from the velocity origin,
    /// `z − q_origin = h v` (Δt for implicit Euler, 2Δt/3 for BDF2, Δt/2 for the midpoint).
    /// A dissipation potential `Ψ(v)` enters the evaluation point's potential as `h·Ψ(v)`.
    pub fn h(&self) -> f64 {
        self.x * self.v_div
    }

    /// The system Jacobian block of a contributor: `−(∂f/∂x · c_x + ∂f/∂v / v_div)`.
    pub fn system_block<const R: usize, const C: usize>(
        &self,
        dfdx: &SMatrix<f64, R, C>,
        dfdv: &SMatrix<f64, R, C>,
    ) -> SMatrix<f64, R, C> {
        -(dfdx * self.x + dfdv / self.v_div)
    }
}

impl Default for Coefficients {
    /// Implicit Euler with a unit step.
    fn default() -> Self {
        Self::implicit_euler(1.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::math::Mat3;

    #[test]
    fn implicit_euler_blocks_keep_the_old_bits() {
        // The old viscous block was I·(c/Δt); the old contact block −(∂f/∂x + ∂f/∂v/Δt).
        let dt = 1.0 / 3.0e3;
        let c = Coefficients::implicit_euler(dt);
        let visc = 0.7_f64 / 9.0;
        let old = Mat3::identity() * (visc / dt);
        let new = c.system_block(&Mat3::zeros(), &(Mat3::identity() * -visc));
        assert_eq!(old, new);
        let a = Mat3::new(1.1, -2.3, 0.1, 5.7, 1e-9, -3.3, 0.2, 0.4, 9.9);
        let b = Mat3::new(0.3, 0.7, -1.9, 2.2, -4.4, 1e-3, 7.0, 0.0, -0.1);
        assert_eq!(c.system_block(&a, &b), -(a + b / dt));
        assert_eq!(c.m_div, dt * dt);
        assert_eq!(c.h(), dt);
    }

    #[test]
    fn coefficients_match_the_schemes() {
        let dt = 0.01;
        let b = Coefficients::bdf2(dt);
        assert!((1.0 / b.v_div - 1.5 / dt).abs() < 1e-9);
        assert!((1.0 / b.m_div - 9.0 / (4.0 * dt * dt)).abs() < 1e-6);
        let m = Coefficients::midpoint(dt);
        assert_eq!((m.x, m.v_div, m.h()), (0.5, dt, 0.5 * dt));
        assert!((1.0 / m.m_div - 2.0 / (dt * dt)).abs() < 1e-6);
    }
}
