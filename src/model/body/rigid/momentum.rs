//! The rotational equation of a rigid body under each time integrator, in angular-momentum
//! form: the residual rows of its rotation DOFs `θ` (a world-frame rotation vector, `θ − θₙ`
//! the step's rotation `φ`, `R = exp(φ) Rₙ`) and their exact Jacobian.
//!
//! With `J` the inertia tensor in the body frame, `I_w = R J Rᵀ` in the world frame and the
//! angular momentum `L = I_w ω` (N·m·s), every scheme writes `dL/dt = τ` (τ the world torque of
//! the forces) as `r_θ = (L(φ) − L̃)/v_div − τ`, the same form as the translation rows
//! `M (v − ṽ)/v_div − F` (see [`crate::system::TimeIntegrator`]):
//!
//! | scheme | `ω` at the end of the step | `L̃` | `v_div` |
//! |---|---|---|---|
//! | implicit Euler | `φ/Δt` | `Lₙ` | Δt |
//! | BDF2 | `(θ − θ_origin)/v_div` | `(4Lₙ − Lₙ₋₁)/3` | 2Δt/3 |
//! | implicit midpoint | `2φ/Δt − exp(φ) ωₙ` | `Lₙ` | Δt |
//!
//! The midpoint row is Simo & Wong's energy–momentum scheme (*Unconditionally stable
//! algorithms for rigid body dynamics that exactly preserve energy and momentum*, Int. J.
//! Numer. Methods Eng. 31, 1991, Eqs. 3.12–3.15, written in the world frame: their body-frame
//! increment `Θ = (Δt/2)(Wₙ + Wₙ₊₁)` is `Rₙᵀ φ`): a torque-free body keeps `L` and its kinetic
//! energy `½ ω·L` exactly. Implicit Euler and BDF2 keep `L` exactly and dissipate energy.
//! (The gyroscopic term `ω × I_w ω` of Euler's equations is inside `dL/dt`.) Overdamped and
//! static steps have no inertia: no rows.
//!
//! Jacobian: with `δR = [J_l(φ) δφ]× R` (see [`super::rotation`]),
//! `dL = (I_w [ω]× − [L]×) J_l(φ) δφ + I_w dω`, and `dω = δφ/v_div` (implicit Euler, BDF2) or
//! `2δφ/Δt + [exp(φ) ωₙ]× J_l(φ) δφ` (midpoint).

use super::rotation::{exp_map, left_jacobian};
use crate::math::{Mat3, Vec3, cross_matrix};
use crate::time::{Coefficients, IntegratorKind};
use nalgebra::UnitQuaternion;

/// The state of a rigid body's rotation at the start of a step.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RotationState {
    /// Orientation `Rₙ`.
    pub orientation: UnitQuaternion<f64>,
    /// Angular velocity `ωₙ` (rad/s, world frame).
    pub omega: Vec3,
    /// Angular momentum of the step before, `Lₙ₋₁` (N·m·s; BDF2).
    pub previous_momentum: Vec3,
}

/// `I_w = R J Rᵀ` (kg·m²).
pub fn world_inertia(r: &UnitQuaternion<f64>, body_inertia: &Mat3) -> Mat3 {
    let m = r.to_rotation_matrix();
    m.matrix() * body_inertia * m.matrix().transpose()
}

/// The rotational residual `r_θ + τ = (L − L̃)/v_div` (N·m) at the step rotation `phi` and the
/// DOF velocity `velocity = (θ − θ_origin)/v_div` (rad/s), with its derivative over `phi`,
/// and the angular velocity `ω` at the end of the step.
pub fn inertial_rows(
    c: &Coefficients,
    state: &RotationState,
    body_inertia: &Mat3,
    phi: &Vec3,
    velocity: &Vec3,
) -> (Vec3, Mat3, Vec3) {
    let r = exp_map(phi) * state.orientation;
    let iw = world_inertia(&r, body_inertia);
    let ln = world_inertia(&state.orientation, body_inertia) * state.omega;
    let jl = left_jacobian(phi);
    let (omega, domega, l_tilde, div) = match c.scheme {
        IntegratorKind::ImplicitMidpoint => {
            let turned = exp_map(phi) * state.omega;
            let omega = phi * (2.0 / c.dt) - turned;
            let domega = Mat3::identity() * (2.0 / c.dt) + cross_matrix(&turned) * jl;
            (omega, domega, ln, c.dt)
        }
        IntegratorKind::Bdf2 => (
            *velocity,
            Mat3::identity() / c.v_div,
            (ln * 4.0 - state.previous_momentum) / 3.0,
            c.v_div,
        ),
        IntegratorKind::ImplicitEuler => (*velocity, Mat3::identity() / c.v_div, ln, c.v_div),
        // No inertia: overdamped and static steps have no rotational rows of their own.
        IntegratorKind::Overdamped | IntegratorKind::Static => {
            return (Vec3::zeros(), Mat3::zeros(), *velocity);
        }
    };
    let l = iw * omega;
    let dl = (iw * cross_matrix(&omega) - cross_matrix(&l)) * jl + iw * domega;
    ((l - l_tilde) / div, dl / div, omega)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn state() -> (RotationState, Mat3) {
        let j = Mat3::new(0.3, 0.02, -0.01, 0.02, 0.5, 0.03, -0.01, 0.03, 0.8);
        let s = RotationState {
            orientation: exp_map(&Vec3::new(0.4, -0.7, 0.2)),
            omega: Vec3::new(1.5, -0.3, 2.0),
            previous_momentum: Vec3::new(0.2, 0.1, -0.4),
        };
        (s, j)
    }

    /// The Jacobian of every scheme's rows against central differences of the rows.
    #[test]
    fn the_rows_jacobian_matches_finite_differences() {
        let (s, j) = state();
        let dt = 0.01;
        let origin = Vec3::new(0.01, 0.02, -0.03);
        for c in [
            Coefficients::implicit_euler(dt),
            Coefficients::bdf2(dt),
            Coefficients::midpoint(dt),
        ] {
            let rows = |phi: &Vec3| {
                let vel = (phi - origin) / c.v_div;
                inertial_rows(&c, &s, &j, phi, &vel)
            };
            let phi = Vec3::new(0.012, -0.004, 0.021);
            let (_, jac, _) = rows(&phi);
            let h = 1e-7;
            for k in 0..3 {
                let mut e = Vec3::zeros();
                e[k] = h;
                let fd = (rows(&(phi + e)).0 - rows(&(phi - e)).0) / (2.0 * h);
                let col = jac.column(k);
                let scale = col.norm().max(1.0);
                assert!(
                    (fd - col).norm() < 1e-6 * scale,
                    "{:?} col {k}: {fd} vs {col}",
                    c.scheme
                );
            }
        }
    }

    /// Torque free, the midpoint rule keeps the angular momentum and the kinetic energy of an
    /// asymmetric body exactly (to the solve's round-off), step after step.
    #[test]
    fn the_midpoint_rows_conserve_momentum_and_energy() {
        let (mut s, j) = state();
        let c = Coefficients::midpoint(0.05);
        let l0 = world_inertia(&s.orientation, &j) * s.omega;
        let e0 = 0.5 * s.omega.dot(&l0);
        for _ in 0..200 {
            // Newton on (L(φ) − Lₙ)/Δt = 0.
            let mut phi = s.omega * c.dt;
            for _ in 0..30 {
                let (r, jac, _) = inertial_rows(&c, &s, &j, &phi, &Vec3::zeros());
                phi -= jac.try_inverse().unwrap() * r;
                if r.norm() < 1e-15 {
                    break;
                }
            }
            let (_, _, omega) = inertial_rows(&c, &s, &j, &phi, &Vec3::zeros());
            s.orientation = exp_map(&phi) * s.orientation;
            s.omega = omega;
        }
        let l = world_inertia(&s.orientation, &j) * s.omega;
        let e = 0.5 * s.omega.dot(&l);
        assert!((l - l0).norm() < 1e-12 * l0.norm(), "{l} vs {l0}");
        assert!((e / e0 - 1.0).abs() < 1e-11, "{e} vs {e0}");
    }
}
