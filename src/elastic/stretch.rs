//! Stretching energy of one edge (seed 001 Eqs. 1 and 5; Bergou et al. 2010, §4).
//!
//! With `e = x_{i+1} − x_i`, `l = |e|`, `t = e/l` and the rest length `l̄`:
//!
//! * strain `ε = l/l̄ − 1` (seed 001 Eq. 1),
//! * energy `E = ½ EA l̄ ε²` (seed 001 Eq. 5),
//! * `∂E/∂e = EA ε t`,
//! * `∂²E/∂e² = EA [(1/l̄ − 1/l) I + t tᵀ / l]`,
//!
//! and the node derivatives follow from `∂e/∂x_i = −I`, `∂e/∂x_{i+1} = I`.

use nalgebra::{SMatrix, SVector};

use crate::math::{Mat3, Vec3};

/// Material and rest data of one edge for the stretching energy.
#[derive(Debug, Clone, Copy)]
pub struct StretchParams {
    /// Axial stiffness `EA` (N): Young's modulus times cross-section area.
    pub ea: f64,
    /// Rest length `|ē|` of the edge (m); must be positive.
    pub rest_length: f64,
}

/// Stretching energy (J) of the edge `x0 → x1`:
/// `E = ½ EA |ē| (|e|/|ē| − 1)²` (seed 001 Eqs. 1, 5).
pub fn stretch_energy(p: &StretchParams, x0: &Vec3, x1: &Vec3) -> f64 {
    let eps = (x1 - x0).norm() / p.rest_length - 1.0;
    0.5 * p.ea * p.rest_length * eps * eps
}

/// Stretching energy (J) of the edge `x0 → x1` with its gradient (N) with respect to the local
/// DOFs `[x0 (3), x1 (3)]`, without the Hessian (line-search trials): `∂E/∂e = EA ε t`, the
/// same operations as [`stretch_energy_grad_hess`], so the same bits.
pub fn stretch_energy_grad(p: &StretchParams, x0: &Vec3, x1: &Vec3) -> (f64, SVector<f64, 6>) {
    let s = Stretching::new(p, x0, x1);
    (s.energy, s.grad)
}

/// What the energy, its gradient and its Hessian share.
struct Stretching {
    /// `|e|` (m).
    l: f64,
    /// `t = e/|e|`.
    t: Vec3,
    /// `1/|ē|` (1/m).
    inv_rest: f64,
    energy: f64,
    /// `[−EA ε t, EA ε t]` (N).
    grad: SVector<f64, 6>,
}

impl Stretching {
    fn new(p: &StretchParams, x0: &Vec3, x1: &Vec3) -> Self {
        let e = x1 - x0;
        let l = e.norm();
        let t = e / l;
        let inv_rest = 1.0 / p.rest_length;
        let eps = l * inv_rest - 1.0;
        let energy = 0.5 * p.ea * p.rest_length * eps * eps;
        let ge = t * (p.ea * eps);
        let mut grad = SVector::<f64, 6>::zeros();
        grad.fixed_rows_mut::<3>(0).copy_from(&(-ge));
        grad.fixed_rows_mut::<3>(3).copy_from(&ge);
        Self {
            l,
            t,
            inv_rest,
            energy,
            grad,
        }
    }
}

/// Stretching energy (J) of the edge `x0 → x1` with its gradient (N) and Hessian (N/m)
/// with respect to the local DOFs `[x0 (3), x1 (3)]`.
///
/// `E = ½ EA |ē| ε²`, `ε = |e|/|ē| − 1` (seed 001 Eqs. 1, 5); `∂E/∂e = EA ε t`,
/// `∂²E/∂e² = EA [(1/|ē| − 1/|e|) I + t tᵀ/|e|]`. The Hessian is exact (not projected) and
/// therefore indefinite when the edge is compressed. A zero-length edge is not supported.
pub fn stretch_energy_grad_hess(
    p: &StretchParams,
    x0: &Vec3,
    x1: &Vec3,
) -> (f64, SVector<f64, 6>, SMatrix<f64, 6, 6>) {
    let Stretching {
        l,
        t,
        inv_rest,
        energy,
        grad: g,
    } = Stretching::new(p, x0, x1);
    let he = Mat3::identity() * (p.ea * (inv_rest - 1.0 / l)) + t * t.transpose() * (p.ea / l);

    // Symmetrize the 3×3 block once; the 6×6 block pattern [[H, −H], [−H, H]] keeps it exact.
    let he = (he + he.transpose()) * 0.5;
    let mut h = SMatrix::<f64, 6, 6>::zeros();
    h.fixed_view_mut::<3, 3>(0, 0).copy_from(&he);
    h.fixed_view_mut::<3, 3>(3, 3).copy_from(&he);
    h.fixed_view_mut::<3, 3>(0, 3).copy_from(&(-he));
    h.fixed_view_mut::<3, 3>(3, 0).copy_from(&(-he));
    (energy, g, h)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::verify::{gradient, jacobian, max_error_relative_to};

    fn check(p: &StretchParams, x0: Vec3, x1: Vec3) -> (f64, f64) {
        let (e, g, h) = stretch_energy_grad_hess(p, &x0, &x1);
        assert!((e - stretch_energy(p, &x0, &x1)).abs() <= 1e-14 * e.abs().max(1e-300));
        assert_eq!(h, h.transpose());
        let q0 = SVector::<f64, 6>::new(x0.x, x0.y, x0.z, x1.x, x1.y, x1.z);
        let split = |q: &SVector<f64, 6>| {
            (
                q.fixed_rows::<3>(0).into_owned(),
                q.fixed_rows::<3>(3).into_owned(),
            )
        };
        let step = 1e-6 * p.rest_length;
        let gfd = gradient(
            |q| {
                let (a, b) = split(q);
                stretch_energy(p, &a, &b)
            },
            &q0,
            step,
        );
        let hfd = jacobian(
            |q| {
                let (a, b) = split(q);
                stretch_energy_grad_hess(p, &a, &b).1
            },
            &q0,
            step,
        );
        let eg = max_error_relative_to(gfd.as_slice(), g.as_slice());
        let eh = max_error_relative_to(hfd.as_slice(), h.as_slice());
        (eg, eh)
    }

    #[test]
    fn stretch_fd_gradient_and_hessian() {
        let mut worst = (0.0f64, 0.0f64);
        for (ea, rest, x0, x1) in [
            (
                1e3,
                1.0,
                Vec3::new(0.1, -0.2, 0.3),
                Vec3::new(1.3, 0.4, -0.2),
            ),
            (
                2.5e5,
                0.01,
                Vec3::new(0.0, 0.0, 0.0),
                Vec3::new(0.004, 0.003, 0.001),
            ),
            (
                7.0,
                2.0,
                Vec3::new(1.0, 1.0, 1.0),
                Vec3::new(-1.5, 2.0, 0.7),
            ),
        ] {
            let p = StretchParams {
                ea,
                rest_length: rest,
            };
            let (eg, eh) = check(&p, x0, x1);
            worst = (worst.0.max(eg), worst.1.max(eh));
        }
        println!(
            "stretch worst rel err: grad {:.3e}, hess {:.3e}",
            worst.0, worst.1
        );
        assert!(worst.0 < 1e-6 && worst.1 < 1e-6, "{worst:?}");
    }

    #[test]
    fn stretch_rest_state_is_zero() {
        let p = StretchParams {
            ea: 10.0,
            rest_length: 0.5,
        };
        let x0 = Vec3::new(0.3, 0.1, -0.2);
        let x1 = x0 + Vec3::new(1.0, 2.0, -2.0).normalize() * 0.5;
        let (e, g, h) = stretch_energy_grad_hess(&p, &x0, &x1);
        assert!(e.abs() < 1e-28);
        assert!(g.norm() < 1e-13);
        // At rest the Hessian is EA/l̄ t tᵀ in each block.
        let t = (x1 - x0) / 0.5;
        assert!((h.fixed_view::<3, 3>(0, 0) - t * t.transpose() * 20.0).norm() < 1e-12);
    }
}
