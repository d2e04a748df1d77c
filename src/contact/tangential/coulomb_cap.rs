//! The Coulomb cap shared by `T_CoulombFriction` and `T_CundallStrack`: a trial tangential
//! force `f*` (dashpot, or spring and dashpot) is limited to the Coulomb force `L = μ F_n`.
//!
//! With `m = ‖f*‖`, `t̂ = f*/m` and `u = m/L`, the capped force is `F = L s(u) t̂`, where `s` is
//! the saturation `s(u) = min(u, 1)` blended over `|u − 1| < ε` into a C¹ curve:
//!
//! ```text
//! s(u) = u                          u ≤ 1 − ε      (stick: F = f*)
//!        u − (u − 1 + ε)²/(4ε)      |u − 1| < ε
//!        1                          u ≥ 1 + ε      (slip: ‖F‖ = L)
//! ```
//!
//! `ε = 0` is the exact (kinked) cap. A small `ε` keeps `∂F` continuous across stick–slip, so
//! Newton does not jump between two different linearisations of a contact sitting at the
//! threshold (it can still struggle when `ε·L` is tiny against the other forces). The force
//! never exceeds `L` and equals `f*` in stick. The price: `s(u) < u` inside the blend, so the
//! force there is up to `ε/4` of `L` below the trial (a spring law keeps its trial spring up to
//! `L`: `T_CundallStrack` resets it only beyond, so that nothing creeps below the limit).
//!
//! Derivatives: `∂F = t̂ [(s − u s′) ∂L + s′ t̂ᵀ ∂f*] + (L s/m)(I − t̂t̂ᵀ) ∂f*` (in stick this is
//! `∂f*`, in slip `t̂ ∂L + (L/m)(I − t̂t̂ᵀ) ∂f*`).

use super::contact_frame::Mat3x12;
use crate::contact::core::Vec12;
use crate::math::{Mat3, Vec3};

/// The saturation `s(u)` and `s′(u)` for blend half-width `eps`: `u` below `1 − ε`, 1 above
/// `1 + ε`, `u − (u − 1 + ε)²/(4ε)` between (C¹).
pub fn saturation(u: f64, eps: f64) -> (f64, f64) {
    if u <= 1.0 - eps {
        (u, 1.0)
    } else if u >= 1.0 + eps {
        (1.0, 0.0)
    } else {
        let d = u - 1.0 + eps;
        (u - d * d / (4.0 * eps), 1.0 - d / (2.0 * eps))
    }
}

/// A trial force with its derivatives, capped.
#[derive(Debug, Clone)]
pub struct Capped {
    /// The capped force (N).
    pub force: Vec3,
    /// `∂F/∂x`.
    pub dx: Mat3x12,
    /// `∂F/∂v`.
    pub dv: Mat3x12,
    /// Whether the trial is below the blend (`u ≤ 1 − ε`): the force is the trial, exactly.
    pub stick: bool,
    /// Whether the trial exceeded the cap (`u > 1`): the contact slides.
    pub sliding: bool,
}

/// Caps `trial` (with `∂/∂x`, `∂/∂v`) at the Coulomb limit `L = limit ≥ 0` (with its
/// gradients), blend half-width `eps`: `F = L s(‖f*‖/L) f*/‖f*‖` with the C¹ saturation
/// [`saturation`] (`s(u) = u` in stick, 1 in slip), and its exact derivatives
/// `∂F = t̂ [(s − u s′) ∂L + s′ t̂ᵀ ∂f*] + (L s/m)(I − t̂t̂ᵀ) ∂f*`.
/// Used by `T_CoulombFriction` and `T_CundallStrack`; a user friction law builds its trial
/// force in a [`ContactFrame`](crate::contact::ContactFrame) and caps it here.
pub fn cap(
    trial: Vec3,
    dtrial: (&Mat3x12, &Mat3x12),
    limit: f64,
    dlimit: (&Vec12, &Vec12),
    eps: f64,
) -> Capped {
    let m = trial.norm();
    if m == 0.0 {
        return Capped {
            force: Vec3::zeros(),
            dx: *dtrial.0,
            dv: *dtrial.1,
            stick: true,
            sliding: false,
        };
    }
    let t = trial / m;
    if limit <= 0.0 {
        // u = ∞: F = 0, ∂F = t̂ ∂L.
        return Capped {
            force: Vec3::zeros(),
            dx: t * dlimit.0.transpose(),
            dv: t * dlimit.1.transpose(),
            stick: false,
            sliding: true,
        };
    }
    let u = m / limit;
    if u <= 1.0 - eps {
        return Capped {
            force: trial,
            dx: *dtrial.0,
            dv: *dtrial.1,
            stick: true,
            sliding: false,
        };
    }
    let (s, ds) = saturation(u, eps);
    let p = (Mat3::identity() - t * t.transpose()) * (limit * s / m);
    let along = |dl: &Vec12, df: &Mat3x12| -> Mat3x12 {
        t * (dl.transpose() * (s - u * ds) + t.transpose() * df * ds) + p * df
    };
    Capped {
        force: t * (limit * s),
        dx: along(dlimit.0, dtrial.0),
        dv: along(dlimit.1, dtrial.1),
        stick: false,
        sliding: u > 1.0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::verify::{derivative, jacobian};

    #[test]
    fn saturation_is_c1_and_bounded() {
        let eps = 0.1;
        for &u in &[0.5, 0.9, 0.95, 1.0, 1.05, 1.1, 2.0] {
            let (s, ds) = saturation(u, eps);
            let h = 1e-7;
            let fd = derivative(|u| saturation(u, eps).0, u, h);
            assert!((fd - ds).abs() < 1e-6, "u = {u}: {ds} vs {fd}");
            assert!(s <= 1.0 && s <= u);
        }
        assert_eq!(saturation(0.7, 0.0), (0.7, 1.0));
        assert_eq!(saturation(1.3, 0.0), (1.0, 0.0));
    }

    #[test]
    fn capped_force_derivative_matches_finite_differences_across_the_blend() {
        // f*(x) = A x, L(x) = l0 + bᵀx over a 12-vector x; check ∂F/∂x by central differences.
        let a = Mat3x12::from_fn(|i, j| ((i * 7 + j * 3) % 5) as f64 - 2.0);
        let b = Vec12::from_fn(|i, _| 0.1 * ((i % 3) as f64 - 1.0));
        let eval = |x: &Vec12| {
            let l = 1.0 + b.dot(x);
            cap(
                a * x,
                (&a, &Mat3x12::zeros()),
                l,
                (&b, &Vec12::zeros()),
                0.1,
            )
        };
        for scale in [0.05, 0.09, 0.1, 0.105, 0.2] {
            let x = Vec12::from_fn(|i, _| scale * (1.0 + 0.1 * i as f64));
            let c = eval(&x);
            let fd = jacobian(|x| eval(x).force, &x, 1e-7);
            assert!(
                (fd - c.dx).norm() < 1e-6 * c.dx.norm().max(1.0),
                "scale {scale}: {}",
                (fd - c.dx).norm()
            );
        }
    }
}
