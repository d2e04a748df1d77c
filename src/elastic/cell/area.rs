//! The area of a triangle, `A = ½ ‖(x₁ − x₀) × (x₂ − x₀)‖` (m²), with its exact gradient and
//! Hessian over the nine corner coordinates: what a cortical tension `T·A` and an area
//! constraint are built from.
//!
//! With `e₁ = x₁ − x₀`, `e₂ = x₂ − x₀`, `n = e₁ × e₂` and `n̂ = n/‖n‖`:
//! `∂A/∂e₁ = ½ e₂ × n̂`, `∂A/∂e₂ = ½ n̂ × e₁`, and over `(e₁, e₂)`
//! `∂²A = ½ Nᵀ (I − n̂n̂ᵀ) N / ‖n‖ + ½ [[0, −[n̂]ₓ], [[n̂]ₓ, 0]]`, `N = [−[e₂]ₓ, [e₁]ₓ]` (`∂n/∂(e₁, e₂)`),
//! mapped to the corners by `e₁ = x₁ − x₀`, `e₂ = x₂ − x₀`.

use crate::math::{Vec3, cross_matrix};
use nalgebra::{SMatrix, SVector};

/// Area of the triangle `(x0, x1, x2)` (m²).
pub fn triangle_area(x0: &Vec3, x1: &Vec3, x2: &Vec3) -> f64 {
    0.5 * (x1 - x0).cross(&(x2 - x0)).norm()
}

/// Area (m²), its gradient (m) and Hessian (dimensionless) over `(x0, x1, x2)`. A degenerate
/// triangle (zero area) has no defined gradient: zeros are returned.
pub fn triangle_area_grad_hess(
    x0: &Vec3,
    x1: &Vec3,
    x2: &Vec3,
) -> (f64, SVector<f64, 9>, SMatrix<f64, 9, 9>) {
    let (e1, e2) = (x1 - x0, x2 - x0);
    let n = e1.cross(&e2);
    let len = n.norm();
    let mut g = SVector::<f64, 9>::zeros();
    let mut h = SMatrix::<f64, 9, 9>::zeros();
    if len == 0.0 {
        return (0.0, g, h);
    }
    let nh = n / len;
    // Over (e₁, e₂): gradient and Hessian.
    let g1 = 0.5 * e2.cross(&nh);
    let g2 = 0.5 * nh.cross(&e1);
    let dn = [-cross_matrix(&e2), cross_matrix(&e1)];
    let proj = (nalgebra::Matrix3::identity() - nh * nh.transpose()) / len;
    let skew = cross_matrix(&nh);
    let mut he = [[nalgebra::Matrix3::zeros(); 2]; 2];
    for a in 0..2 {
        for b in 0..2 {
            he[a][b] = 0.5 * dn[a].transpose() * proj * dn[b];
        }
    }
    he[0][1] -= 0.5 * skew;
    he[1][0] += 0.5 * skew;
    // Corners: x₀ ↦ −(e₁ + e₂), x₁ ↦ e₁, x₂ ↦ e₂.
    let weights = [[-1.0, -1.0], [1.0, 0.0], [0.0, 1.0]];
    let ge = [g1, g2];
    for i in 0..3 {
        let gi = weights[i][0] * ge[0] + weights[i][1] * ge[1];
        g.fixed_rows_mut::<3>(3 * i).copy_from(&gi);
        for j in 0..3 {
            let mut block = nalgebra::Matrix3::zeros();
            for a in 0..2 {
                for b in 0..2 {
                    let w = weights[i][a] * weights[j][b];
                    if w != 0.0 {
                        block += w * he[a][b];
                    }
                }
            }
            h.fixed_view_mut::<3, 3>(3 * i, 3 * j).copy_from(&block);
        }
    }
    (0.5 * len, g, h)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::verify::{Rng, gradient, jacobian, max_error_relative_to};

    fn split(q: &SVector<f64, 9>) -> [Vec3; 3] {
        [0, 3, 6].map(|k| q.fixed_rows::<3>(k).into_owned())
    }

    #[test]
    fn area_gradient_and_hessian_match_finite_differences() {
        let mut rng = Rng::new(41);
        for _ in 0..30 {
            let scale = rng.log_uniform(1e-6, 1.0);
            let q = SVector::<f64, 9>::from_fn(|_, _| rng.uniform(-scale, scale));
            let [a, b, c] = split(&q);
            if triangle_area(&a, &b, &c) < 0.05 * scale * scale {
                continue;
            }
            let (area, g, h) = triangle_area_grad_hess(&a, &b, &c);
            assert!((area - triangle_area(&a, &b, &c)).abs() <= 1e-15 * scale * scale);
            let step = 1e-6 * scale;
            let fd_g = gradient(
                |y| {
                    let [a, b, c] = split(y);
                    triangle_area(&a, &b, &c)
                },
                &q,
                step,
            );
            let fd_h = jacobian(
                |y| {
                    let [a, b, c] = split(y);
                    triangle_area_grad_hess(&a, &b, &c).1
                },
                &q,
                step,
            );
            assert!(max_error_relative_to(fd_g.as_slice(), g.as_slice()) < 1e-7);
            assert!(max_error_relative_to(fd_h.as_slice(), h.as_slice()) < 1e-6);
            assert!((h - h.transpose()).norm() <= 1e-12 * h.norm());
        }
    }

    /// The gradient of the area is `½ (edge opposite) × n̂` at each corner: it lies in the
    /// plane, points away from the opposite edge, and sums to zero (translation invariance).
    #[test]
    fn area_gradient_is_in_plane_and_balanced() {
        let (a, b, c) = (
            Vec3::zeros(),
            Vec3::new(2.0, 0.0, 0.0),
            Vec3::new(0.0, 1.0, 0.0),
        );
        let (area, g, _) = triangle_area_grad_hess(&a, &b, &c);
        assert!((area - 1.0).abs() < 1e-15);
        let sum: Vec3 = (0..3).map(|i| g.fixed_rows::<3>(3 * i).into_owned()).sum();
        assert!(sum.norm() < 1e-15);
        // ∂A/∂x₂ = ½ |e₁| ŷ (moving the apex away from the base).
        assert!((g.fixed_rows::<3>(6) - Vec3::new(0.0, 1.0, 0.0)).norm() < 1e-15);
        assert!(g.iter().skip(2).step_by(3).all(|z| z.abs() < 1e-15));
    }
}
