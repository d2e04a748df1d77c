//! The metric (first fundamental form) of a deformed triangle and the chain rule that carries
//! derivatives with respect to it to the triangle's nodes: shared by every per-triangle membrane
//! energy written on the Gram matrix (the constant-strain triangle, `cst.rs`, and the
//! hyperelastic laws, `hyperelastic.rs`).
//!
//! The triangle `(x0, x1, x2)` has the edges `u = x1 − x0`, `v = x2 − x0` and the Gram matrix
//! `G = [[u·u, u·v], [u·v, v·v]]` (m²), written as the vector `g = (G₁₁, G₁₂, G₂₂)`. An energy
//! `E(g)` with gradient `w = ∂E/∂g` and Hessian `K = ∂²E/∂g²` has, over `(u, v)`,
//! `∇E = Jᵀ w` and `∇²E = Σₖ wₖ ∇²gₖ + Jᵀ K J`, with `J` the rows `∇g₁ = (2u, 0)`,
//! `∇g₂ = (v, u)`, `∇g₃ = (0, 2v)` and the constant `∇²g₁ = [[2I, 0], [0, 0]]`,
//! `∇²g₂ = [[0, I], [I, 0]]`, `∇²g₃ = [[0, 0], [0, 2I]]`; over `(x0, x1, x2)` through
//! `u = x1 − x0`, `v = x2 − x0`.

use nalgebra::{Matrix2, Matrix3, SMatrix, SVector, Vector3};

use crate::math::{Mat3, Vec3};

/// The symmetric basis `E₁ = [[1, 0], [0, 0]]`, `E₂ = [[0, 1], [1, 0]]`, `E₃ = [[0, 0], [0, 1]]`
/// of the Gram matrices, `G = Σ gₖ Eₖ`.
pub(super) fn basis(k: usize) -> Matrix2<f64> {
    match k {
        0 => Matrix2::new(1.0, 0.0, 0.0, 0.0),
        1 => Matrix2::new(0.0, 1.0, 1.0, 0.0),
        _ => Matrix2::new(0.0, 0.0, 0.0, 1.0),
    }
}

/// The edges `u = x1 − x0`, `v = x2 − x0` and the Gram matrix `[[u·u, u·v], [u·v, v·v]]` (m²).
pub(super) fn gram(x0: &Vec3, x1: &Vec3, x2: &Vec3) -> (Vec3, Vec3, Matrix2<f64>) {
    let (u, v) = (x1 - x0, x2 - x0);
    let uv = u.dot(&v);
    (u, v, Matrix2::new(u.dot(&u), uv, uv, v.dot(&v)))
}

/// `X : Y` of 2×2 matrices.
pub(super) fn ddot(a: &Matrix2<f64>, b: &Matrix2<f64>) -> f64 {
    a.component_mul(b).sum()
}

/// Gradient (N) and Hessian (N/m) over `(x0, x1, x2)` (9 coordinates, node-major) of an energy
/// whose gradient and Hessian over `g` are `w` (J/m²) and `k` (J/m⁴), at the edges `u`, `v`.
pub(super) fn to_nodes(
    u: &Vec3,
    v: &Vec3,
    w: &Vector3<f64>,
    k: &Matrix3<f64>,
) -> (SVector<f64, 9>, SMatrix<f64, 9, 9>) {
    // J = ∂g/∂(u, v), 3 × 6.
    let mut jac = SMatrix::<f64, 3, 6>::zeros();
    jac.fixed_view_mut::<1, 3>(0, 0)
        .copy_from(&(u * 2.0).transpose());
    jac.fixed_view_mut::<1, 3>(1, 0).copy_from(&v.transpose());
    jac.fixed_view_mut::<1, 3>(1, 3).copy_from(&u.transpose());
    jac.fixed_view_mut::<1, 3>(2, 3)
        .copy_from(&(v * 2.0).transpose());
    let grad_uv = jac.transpose() * w;
    let mut hess_uv = jac.transpose() * k * jac;
    let id = Mat3::identity();
    {
        let mut add = |r: usize, c: usize, m: Mat3| {
            let mut block = hess_uv.fixed_view_mut::<3, 3>(r, c);
            block += m;
        };
        add(0, 0, id * (2.0 * w[0]));
        add(0, 3, id * w[1]);
        add(3, 0, id * w[1]);
        add(3, 3, id * (2.0 * w[2]));
    }
    // (u, v) = T (x0, x1, x2), T = [[−I, I, 0], [−I, 0, I]].
    let mut t = SMatrix::<f64, 6, 9>::zeros();
    for k in 0..3 {
        t[(k, k)] = -1.0;
        t[(k, 3 + k)] = 1.0;
        t[(3 + k, k)] = -1.0;
        t[(3 + k, 6 + k)] = 1.0;
    }
    let grad = t.transpose() * grad_uv;
    let hess = t.transpose() * hess_uv * t;
    (grad, hess)
}
