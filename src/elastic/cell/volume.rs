//! The signed volume of the cone from a reference point `p` to a triangle,
//! `V = (x₀ − p) · ((x₁ − p) × (x₂ − p)) / 6` (m³), with its exact gradient and Hessian over
//! the nine corner coordinates (`p` fixed). Summed over a closed, outward-oriented triangle
//! mesh it is the enclosed volume for any `p` (divergence theorem); because the sum does not
//! depend on `p`, neither do its derivatives, so `p` may be chosen per evaluation (a cell's
//! centroid, which keeps the cancellation small for a cell far from the origin).
//!
//! With `aᵢ = xᵢ − p`: `∂V/∂x₀ = (a₁ × a₂)/6`, `∂V/∂x₁ = (a₂ × a₀)/6`, `∂V/∂x₂ = (a₀ × a₁)/6`;
//! the Hessian is zero on the diagonal blocks and `∂²V/∂x₀∂x₁ = −[a₂]ₓ/6`,
//! `∂²V/∂x₁∂x₂ = −[a₀]ₓ/6`, `∂²V/∂x₂∂x₀ = −[a₁]ₓ/6`, the transposed blocks opposite.

use crate::math::{Vec3, cross_matrix};
use nalgebra::{SMatrix, SVector};

/// Signed volume of the cone from `p` to the triangle `(x0, x1, x2)` (m³), positive when the
/// triangle's normal `(x₁ − x₀) × (x₂ − x₀)` points away from `p`.
pub fn cone_volume(p: &Vec3, x0: &Vec3, x1: &Vec3, x2: &Vec3) -> f64 {
    (x0 - p).dot(&(x1 - p).cross(&(x2 - p))) / 6.0
}

/// Volume (m³), its gradient (m²) and Hessian (m) over `(x0, x1, x2)`, `p` fixed.
pub fn cone_volume_grad_hess(
    p: &Vec3,
    x0: &Vec3,
    x1: &Vec3,
    x2: &Vec3,
) -> (f64, SVector<f64, 9>, SMatrix<f64, 9, 9>) {
    let a = [x0 - p, x1 - p, x2 - p];
    let mut g = SVector::<f64, 9>::zeros();
    let mut h = SMatrix::<f64, 9, 9>::zeros();
    for i in 0..3 {
        let (j, k) = ((i + 1) % 3, (i + 2) % 3);
        g.fixed_rows_mut::<3>(3 * i)
            .copy_from(&(a[j].cross(&a[k]) / 6.0));
        // ∂²V/∂xᵢ∂xⱼ = −[a_k]ₓ/6 for the cyclic successor j of i.
        let block = -cross_matrix(&a[k]) / 6.0;
        h.fixed_view_mut::<3, 3>(3 * i, 3 * j).copy_from(&block);
        h.fixed_view_mut::<3, 3>(3 * j, 3 * i)
            .copy_from(&block.transpose());
    }
    (a[0].dot(&a[1].cross(&a[2])) / 6.0, g, h)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::verify::{Rng, gradient, jacobian, max_error_relative_to};

    fn split(q: &SVector<f64, 9>) -> [Vec3; 3] {
        [0, 3, 6].map(|k| q.fixed_rows::<3>(k).into_owned())
    }

    #[test]
    fn volume_gradient_and_hessian_match_finite_differences() {
        let mut rng = Rng::new(43);
        for _ in 0..30 {
            let scale = rng.log_uniform(1e-6, 1.0);
            let p = rng.vector(scale);
            let q = SVector::<f64, 9>::from_fn(|_, _| rng.uniform(-scale, scale));
            let [a, b, c] = split(&q);
            let (v, g, h) = cone_volume_grad_hess(&p, &a, &b, &c);
            assert!((v - cone_volume(&p, &a, &b, &c)).abs() <= 1e-15 * scale.powi(3));
            let step = 1e-6 * scale;
            let fd_g = gradient(
                |y| {
                    let [a, b, c] = split(y);
                    cone_volume(&p, &a, &b, &c)
                },
                &q,
                step,
            );
            let fd_h = jacobian(
                |y| {
                    let [a, b, c] = split(y);
                    cone_volume_grad_hess(&p, &a, &b, &c).1
                },
                &q,
                step,
            );
            assert!(max_error_relative_to(fd_g.as_slice(), g.as_slice()) < 1e-7);
            assert!(max_error_relative_to(fd_h.as_slice(), h.as_slice()) < 1e-7);
        }
    }

    /// Over a closed outward mesh (a cube of side 2, twelve triangles) the cones sum to the
    /// enclosed volume whatever the reference point.
    #[test]
    fn cones_sum_to_the_enclosed_volume_from_any_point() {
        let v: Vec<Vec3> = (0..8)
            .map(|i| {
                Vec3::new(
                    f64::from(i & 1) * 2.0,
                    f64::from((i >> 1) & 1) * 2.0,
                    f64::from((i >> 2) & 1) * 2.0,
                )
            })
            .collect();
        // Outward faces (counter-clockwise seen from outside).
        let quads = [
            [0, 2, 3, 1],
            [4, 5, 7, 6],
            [0, 1, 5, 4],
            [2, 6, 7, 3],
            [0, 4, 6, 2],
            [1, 3, 7, 5],
        ];
        for p in [
            Vec3::zeros(),
            Vec3::new(1.0, 1.0, 1.0),
            Vec3::new(-5.0, 3.0, 40.0),
        ] {
            let total: f64 = quads
                .iter()
                .flat_map(|q| [[q[0], q[1], q[2]], [q[0], q[2], q[3]]])
                .map(|t| cone_volume(&p, &v[t[0]], &v[t[1]], &v[t[2]]))
                .sum();
            assert!((total - 8.0).abs() < 1e-12, "{total} from {p}");
        }
    }
}
