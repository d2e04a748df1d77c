//! A hyperelastic membrane triangle: the energy `E = Ā W(I₁, I₂)` (J) of a [`MembraneLaw`] on
//! the triangle's reference (rest) shape, strain constant over the triangle as in the CST
//! (`cst.rs`), with its exact gradient and Hessian.
//!
//! **Invariants from the metric.** With the Gram matrix `G` of the deformed triangle and the
//! inverse rest metric `A = Ḡ⁻¹` (1/m²), `AG` has the eigenvalues `λ₁², λ₂²` (it is the right
//! Cauchy–Green tensor `FᵀF` in the rest triangle's coordinates), so
//!
//! `I₁ = tr(AG) − 2 = A:G − 2`, `I₂ = det(AG) − 1 = a det G − 1`, `a = det A`.
//!
//! **Derivatives.** Over `g = (G₁₁, G₁₂, G₂₂)`: `∇I₁ = (A₁₁, 2A₁₂, A₂₂)` (constant),
//! `det G = g₁g₃ − g₂²` so `∇I₂ = a (g₃, −2g₂, g₁)` and `∇²I₂ = a [[0, 0, 1], [0, −2, 0],
//! [1, 0, 0]]`. Then `w = ∂E/∂g = Ā (W₁ ∇I₁ + W₂ ∇I₂)` and
//! `K = ∂²E/∂g² = Ā (W₁₁ ∇I₁∇I₁ᵀ + W₁₂ (∇I₁∇I₂ᵀ + ∇I₂∇I₁ᵀ) + W₂₂ ∇I₂∇I₂ᵀ + W₂ ∇²I₂)`, carried to
//! the nodes by `metric.rs`. Everything is exact. The Hessian is not positive definite under
//! compression (a membrane buckles out of plane rather than compress), as the CST's.

use nalgebra::{Matrix2, Matrix3, SMatrix, SVector, Vector3};

use super::membrane_law::MembraneLaw;
use super::metric::{ddot, gram, to_nodes};
use crate::math::Vec3;

/// Rest data and law of one hyperelastic membrane triangle.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct HyperelasticParams {
    /// Rest area `Ā` (m²).
    pub rest_area: f64,
    /// Inverse rest metric `A = Ḡ⁻¹` (1/m²).
    pub inverse_metric: Matrix2<f64>,
    /// The law.
    pub law: MembraneLaw,
}

impl HyperelasticParams {
    /// The triangle of rest shape `(x̄0, x̄1, x̄2)` (m) with `law`. The triangle must not be
    /// degenerate (meshes are validated when loaded).
    pub fn from_rest(law: MembraneLaw, x0: &Vec3, x1: &Vec3, x2: &Vec3) -> Self {
        let (_, _, g) = gram(x0, x1, x2);
        let rest_area = 0.5 * g.determinant().max(0.0).sqrt();
        let inverse_metric = g
            .try_inverse()
            .expect("a membrane triangle needs a non-degenerate rest shape");
        Self {
            rest_area,
            inverse_metric,
            law,
        }
    }

    /// The invariants `(I₁, I₂)` of the deformed Gram matrix `g`.
    fn invariants(&self, g: &Matrix2<f64>) -> (f64, f64) {
        let a = &self.inverse_metric;
        (ddot(a, g) - 2.0, a.determinant() * g.determinant() - 1.0)
    }
}

/// The invariants `(I₁, I₂) = (λ₁² + λ₂² − 2, λ₁²λ₂² − 1)` of the triangle `(x0, x1, x2)` (m)
/// against its rest shape.
pub fn membrane_invariants(p: &HyperelasticParams, x0: &Vec3, x1: &Vec3, x2: &Vec3) -> (f64, f64) {
    let (_, _, g) = gram(x0, x1, x2);
    p.invariants(&g)
}

/// Membrane energy `Ā W(I₁, I₂)` (J) of the triangle `(x0, x1, x2)` (m).
pub fn hyperelastic_energy(p: &HyperelasticParams, x0: &Vec3, x1: &Vec3, x2: &Vec3) -> f64 {
    let (i1, i2) = membrane_invariants(p, x0, x1, x2);
    p.rest_area * p.law.energy(i1, i2)
}

/// Energy (J), gradient (N) and Hessian (N/m) over `(x0, x1, x2)` (9 coordinates, node-major);
/// see the module documentation.
pub fn hyperelastic_energy_grad_hess(
    p: &HyperelasticParams,
    x0: &Vec3,
    x1: &Vec3,
    x2: &Vec3,
) -> (f64, SVector<f64, 9>, SMatrix<f64, 9, 9>) {
    let (u, v, g) = gram(x0, x1, x2);
    let (i1, i2) = p.invariants(&g);
    let law = p.law.evaluate(i1, i2);
    let a = &p.inverse_metric;
    let det_a = a.determinant();
    let d1 = Vector3::new(a[(0, 0)], 2.0 * a[(0, 1)], a[(1, 1)]);
    let d2 = Vector3::new(g[(1, 1)], -2.0 * g[(0, 1)], g[(0, 0)]) * det_a;
    let dd2 = Matrix3::new(0.0, 0.0, 1.0, 0.0, -2.0, 0.0, 1.0, 0.0, 0.0) * det_a;
    let area = p.rest_area;
    let w = (d1 * law.d[0] + d2 * law.d[1]) * area;
    let k = (d1 * d1.transpose() * law.dd[0]
        + (d1 * d2.transpose() + d2 * d1.transpose()) * law.dd[1]
        + d2 * d2.transpose() * law.dd[2]
        + dd2 * law.d[1])
        * area;
    let (grad, hess) = to_nodes(&u, &v, &w, &k);
    (area * law.w, grad, hess)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::elastic::shell::CstParams;
    use crate::elastic::shell::test_mesh::{random_triangle, triangle_fd_errors};
    use crate::verify::Rng;
    use nalgebra::{Rotation3, Unit};

    fn law(rng: &mut Rng, k: usize) -> MembraneLaw {
        let g = rng.log_uniform(1e-6, 1e-2);
        if k.is_multiple_of(2) {
            MembraneLaw::Skalak {
                shear_modulus: g,
                c: rng.log_uniform(0.1, 100.0),
            }
        } else {
            MembraneLaw::Yeoh {
                shear_modulus: g,
                c3: g / 30.0,
            }
        }
    }

    /// A rest triangle stretched by `λ₁, λ₂` along orthonormal in-plane axes, then rotated and
    /// shifted in space, stores `Ā W(λ₁² + λ₂² − 2, λ₁²λ₂² − 1)`; rigid motions store nothing
    /// and exert no force.
    #[test]
    fn energy_is_the_law_at_the_principal_stretches() {
        let mut rng = Rng::new(12);
        for trial in 0..20 {
            let rest = random_triangle(&mut rng, 1e-6);
            let law = law(&mut rng, trial);
            let p = HyperelasticParams::from_rest(law, &rest[0], &rest[1], &rest[2]);
            let n = (rest[1] - rest[0]).cross(&(rest[2] - rest[0])).normalize();
            let e1 = (rest[1] - rest[0]).normalize();
            let e1 =
                Rotation3::from_axis_angle(&Unit::new_normalize(n), rng.uniform(0.0, 3.0)) * e1;
            let e2 = n.cross(&e1);
            let (l1, l2) = (rng.uniform(0.6, 1.8), rng.uniform(0.6, 1.8));
            let rot = Rotation3::from_axis_angle(&Unit::new_normalize(rng.direction()), 0.7);
            let shift = rng.vector(1e-5);
            let stretch = |x: &Vec3| {
                let d = x - rest[0];
                rot * (e1 * (l1 * d.dot(&e1)) + e2 * (l2 * d.dot(&e2)) + n * d.dot(&n)) + shift
            };
            let x = rest.map(|r| stretch(&r));
            let e = hyperelastic_energy(&p, &x[0], &x[1], &x[2]);
            let area = 0.5 * (rest[1] - rest[0]).cross(&(rest[2] - rest[0])).norm();
            let expected = area * law.energy(l1 * l1 + l2 * l2 - 2.0, l1 * l1 * l2 * l2 - 1.0);
            assert!(
                (e - expected).abs() <= 1e-9 * expected.abs(),
                "{e} vs {expected}"
            );
            let (e2, _, _) = hyperelastic_energy_grad_hess(&p, &x[0], &x[1], &x[2]);
            assert!((e2 - e).abs() <= 1e-12 * e.abs(), "{e2} vs {e}");
            let moved = rest.map(|r| rot * r + shift);
            let (e0, g0, _) = hyperelastic_energy_grad_hess(&p, &moved[0], &moved[1], &moved[2]);
            let force_scale = law.shear_modulus() * 1e-6;
            assert!(
                e0.abs() < 1e-12 * law.shear_modulus() * area && g0.norm() < 1e-9 * force_scale,
                "{e0:e}, {:e}",
                g0.norm()
            );
        }
    }

    /// At small strain the Skalak triangle is the CST (St. Venant–Kirchhoff) triangle of the
    /// same shear and area moduli: `E h/(2(1 + ν)) = G_s`, `E h ν/(1 − ν²) = 2C G_s`.
    #[test]
    fn small_strain_skalak_is_the_cst() {
        let mut rng = Rng::new(29);
        for _ in 0..10 {
            let rest = random_triangle(&mut rng, 1e-6);
            let (gs, c) = (5e-6, rng.uniform(0.2, 3.0));
            // ν/(1 − ν) = C from the two moduli.
            let nu = c / (1.0 + c);
            let h = 1e-8;
            let youngs = 2.0 * (1.0 + nu) * gs / h;
            let law = MembraneLaw::Skalak {
                shear_modulus: gs,
                c,
            };
            let p = HyperelasticParams::from_rest(law, &rest[0], &rest[1], &rest[2]);
            let cst = CstParams::from_rest(youngs, nu, h, &rest[0], &rest[1], &rest[2]);
            let x = rest.map(|r| r + rng.vector(1e-11));
            let e = hyperelastic_energy(&p, &x[0], &x[1], &x[2]);
            let e_cst = crate::elastic::shell::cst_energy(&cst, &x[0], &x[1], &x[2]);
            assert!((e - e_cst).abs() < 1e-3 * e_cst, "{e:e} vs {e_cst:e}");
        }
    }

    #[test]
    fn hyperelastic_fd_gradient_and_hessian() {
        let mut rng = Rng::new(23);
        let mut worst = (0.0f64, 0.0f64);
        for trial in 0..60 {
            let scale = rng.log_uniform(1e-7, 1e-5);
            let rest = random_triangle(&mut rng, scale);
            let law = law(&mut rng, trial);
            let p = HyperelasticParams::from_rest(law, &rest[0], &rest[1], &rest[2]);
            // Small strains, large stretches, compression, a random triangle.
            let x = match (trial / 2) % 4 {
                0 => rest.map(|r| r + rng.vector(0.01 * scale)),
                1 => rest.map(|r| r * rng.uniform(0.8, 1.8) + rng.vector(0.2 * scale)),
                2 => rest.map(|r| r * 0.7 + rng.vector(0.05 * scale)),
                _ => random_triangle(&mut rng, scale),
            };
            let (eg, eh) = triangle_fd_errors(
                |[a, b, c]| hyperelastic_energy(&p, a, b, c),
                |[a, b, c]| {
                    let (_, g, h) = hyperelastic_energy_grad_hess(&p, a, b, c);
                    (g, h)
                },
                &x,
                1e-7 * scale,
            );
            worst.0 = worst.0.max(eg);
            worst.1 = worst.1.max(eh);
        }
        println!(
            "hyperelastic FD: grad {:.2e}, hess {:.2e}",
            worst.0, worst.1
        );
        assert!(worst.0 < 1e-6 && worst.1 < 1e-6, "{worst:?}");
    }
}
