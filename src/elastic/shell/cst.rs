//! Constant-strain-triangle (CST) membrane of a shell triangle: a St. Venant–Kirchhoff
//! plane-stress energy on the triangle's Green strain, the alternative to the edge springs of
//! [`shell_stretch_params`](super::shell_stretch_params) for shell stretching.
//!
//! **Strain.** The triangle `(x0, x1, x2)` has the edges `u = x1 − x0`, `v = x2 − x0` and the
//! Gram matrix (first fundamental form) `G = [[u·u, u·v], [u·v, v·v]]` (m²); `Ḡ` is the same at
//! rest. In an orthonormal frame of the rest triangle with rest edge matrix `D̄` (2×2), the
//! deformation gradient is `F = D D̄⁻¹` (3×2) and the Green strain is
//!
//! `ε = ½(FᵀF − I) = ½(D̄⁻ᵀ G D̄⁻¹ − I)`,
//!
//! whose invariants only need the inverse rest metric `A = Ḡ⁻¹ = D̄⁻¹D̄⁻ᵀ`: with
//! `M = A G − I`, `tr ε = ½ tr M` and `ε:ε = ¼ tr(M²)`. The strain is constant over the
//! triangle (linear shape functions), hence the name.
//!
//! **Energy.** Linear isotropic plane stress on the Green strain (St. Venant–Kirchhoff), per
//! unit rest area, times the rest area `Ā` (m²):
//!
//! `E_m = Ā h W`, `W = E/(2(1 − ν²)) [(1 − ν) ε:ε + ν (tr ε)²] = μ ε:ε + ½ λ̂ (tr ε)²` (J/m³),
//!
//! with `E` the Young's modulus (Pa), `ν` Poisson's ratio, `h` the thickness (m),
//! `μ = E/(2(1 + ν))` and the plane-stress Lamé constant `λ̂ = E ν/(1 − ν²)` (Pa). Equivalently
//! `E_m = Ā E h/(8(1 − ν²)) [(1 − ν) tr(M²) + ν (tr M)²]`: the membrane energy of the discrete
//! shells of Weischedel (2012, "A discrete geometric view on shear-deformable shell models",
//! Eq. 7) and Chen, Desbrun et al. (2018, "Physical simulation of environmentally induced thin
//! shell deformation", Eq. 3); the CST itself is Turner et al. (1956), its St. Venant–Kirchhoff
//! form e.g. Bonet & Wood, *Nonlinear Continuum Mechanics for FEA*, §6.4. The springs of seed
//! 004 §3.1 are the lattice approximation of the same membrane (ν fixed at 1/3, see
//! `stretch.rs`); MAT-DiSMech has no CST, the membrane here is catena's option.
//!
//! **Derivatives.** `E_m` is a quadratic polynomial in `g = (G₁₁, G₁₂, G₂₂)`:
//!
//! * `∂E_m/∂G = P = Ā h [μ/2 (A G A − A) + λ̂/4 (A:G − 2) A]` (symmetric 2×2, J/m²), so
//!   `w = ∂E_m/∂g = (P₁₁, 2P₁₂, P₂₂)`;
//! * `K = ∂²E_m/∂g² `, from `∂P[dG] = Ā h [μ/2 A dG A + λ̂/4 (A:dG) A]`, constant (computed once
//!   at rest, [`CstParams::from_rest`]);
//! * over the nodes by the chain rule of `metric.rs`: `∇E_m = Jᵀ w`,
//!   `∇²E_m = Σₖ wₖ ∇²gₖ + Jᵀ K J`.
//!
//! Everything is exact and symbolic. Like every St. Venant–Kirchhoff material, the energy is
//! not convex under strong compression (its Hessian is indefinite there, as the springs' is) and
//! does not resist inverting a triangle; membranes of thin shells are stretched or buckle out of
//! plane long before that. Any affine deformation of a flat mesh has the same strain in every
//! triangle, so a CST mesh reproduces it exactly whatever the mesh (the membrane patch test,
//! `tests/shell_membrane.rs`).

use nalgebra::{Matrix2, Matrix3, SMatrix, SVector, Vector3};

use super::metric::{basis, ddot, gram, to_nodes};
use crate::math::Vec3;

/// Rest data and material of one constant-strain triangle.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CstParams {
    /// Rest area `Ā` (m²).
    pub rest_area: f64,
    /// Inverse rest metric `A = Ḡ⁻¹` (1/m²).
    pub inverse_metric: Matrix2<f64>,
    /// `Ā h μ` (J), `μ = E/(2(1 + ν))`.
    pub mu: f64,
    /// `Ā h λ̂` (J), `λ̂ = E ν/(1 − ν²)` (plane stress).
    pub lambda: f64,
    /// `K = ∂²E_m/∂g²` (J/m⁴), constant.
    pub k: Matrix3<f64>,
}

impl CstParams {
    /// The CST of the rest triangle `(x̄0, x̄1, x̄2)` (m) with Young's modulus `youngs` (Pa),
    /// Poisson's ratio `poisson` (in (−1, 1)) and thickness `thickness` (m). The triangle must
    /// not be degenerate (meshes are validated when loaded).
    pub fn from_rest(
        youngs: f64,
        poisson: f64,
        thickness: f64,
        x0: &Vec3,
        x1: &Vec3,
        x2: &Vec3,
    ) -> Self {
        let (_, _, g) = gram(x0, x1, x2);
        Self::from_metric(youngs, poisson, thickness, &g)
    }

    /// The CST of the rest metric (Gram matrix of the rest edges) `g` (m², positive definite),
    /// as [`CstParams::from_rest`]: what a Maxwell membrane relaxes (`model::MaxwellMembrane`).
    pub fn from_metric(youngs: f64, poisson: f64, thickness: f64, g: &Matrix2<f64>) -> Self {
        let g = *g;
        let rest_area = 0.5 * g.determinant().max(0.0).sqrt();
        let inverse_metric = g
            .try_inverse()
            .expect("a CST needs a non-degenerate rest triangle");
        let scale = rest_area * thickness;
        let mu = scale * youngs / (2.0 * (1.0 + poisson));
        let lambda = scale * youngs * poisson / (1.0 - poisson * poisson);
        let a = inverse_metric;
        let k = Matrix3::from_fn(|r, c| {
            let dg = basis(c);
            let dp = a * dg * a * (0.5 * mu) + a * (0.25 * lambda * ddot(&a, &dg));
            ddot(&basis(r), &dp)
        });
        Self {
            rest_area,
            inverse_metric,
            mu,
            lambda,
            k,
        }
    }
}

/// Green strain `ε = ½(FᵀF − I)` (−) of the deformed triangle, in an orthonormal frame of the
/// rest triangle whose first axis is along the rest edge `x̄1 − x̄0` and whose second axis is
/// in the rest plane towards `x̄2`. `rest` are the rest nodes the parameters were built from.
pub fn cst_green_strain(rest: &[Vec3; 3], x: &[Vec3; 3]) -> Matrix2<f64> {
    let u = rest[1] - rest[0];
    let e1 = u.normalize();
    let w = rest[2] - rest[0];
    let e2 = (w - e1 * e1.dot(&w)).normalize();
    let rest_edges = Matrix2::new(u.dot(&e1), w.dot(&e1), 0.0, w.dot(&e2));
    let b = rest_edges
        .try_inverse()
        .expect("a CST needs a non-degenerate rest triangle");
    let (_, _, g) = gram(&x[0], &x[1], &x[2]);
    (b.transpose() * g * b - Matrix2::identity()) * 0.5
}

/// Membrane energy `E_m` (J) of the triangle `(x0, x1, x2)` (m); see the module documentation.
pub fn cst_energy(p: &CstParams, x0: &Vec3, x1: &Vec3, x2: &Vec3) -> f64 {
    let (_, _, g) = gram(x0, x1, x2);
    let m = p.inverse_metric * g - Matrix2::identity();
    let tr = m.trace();
    0.25 * p.mu * (m * m).trace() + 0.125 * p.lambda * tr * tr
}

/// Energy (J), gradient (N) and Hessian (N/m) of the CST membrane over `(x0, x1, x2)` (9
/// coordinates, node-major); see the module documentation for the formulas.
pub fn cst_energy_grad_hess(
    p: &CstParams,
    x0: &Vec3,
    x1: &Vec3,
    x2: &Vec3,
) -> (f64, SVector<f64, 9>, SMatrix<f64, 9, 9>) {
    let (u, v, g) = gram(x0, x1, x2);
    let a = p.inverse_metric;
    let m = a * g - Matrix2::identity();
    let tr = m.trace();
    let energy = 0.25 * p.mu * (m * m).trace() + 0.125 * p.lambda * tr * tr;
    // P = ∂E/∂G, w = ∂E/∂g.
    let pm = (a * g * a - a) * (0.5 * p.mu) + a * (0.25 * p.lambda * tr);
    let w = Vector3::new(pm[(0, 0)], 2.0 * pm[(0, 1)], pm[(1, 1)]);
    let (grad, hess) = to_nodes(&u, &v, &w, &p.k);
    (energy, grad, hess)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::elastic::shell::test_mesh::{random_triangle, triangle_fd_errors};
    use crate::verify::Rng;

    /// The energy is `Ā h W(ε)` with the Green strain of the rest frame, for random rest and
    /// deformed triangles.
    #[test]
    fn energy_is_plane_stress_on_the_green_strain() {
        let mut rng = Rng::new(3);
        for _ in 0..20 {
            let (youngs, nu, h) = (rng.log_uniform(1e6, 1e11), rng.uniform(-0.5, 0.49), 1e-3);
            let rest = random_triangle(&mut rng, 0.1);
            let p = CstParams::from_rest(youngs, nu, h, &rest[0], &rest[1], &rest[2]);
            let x = [0, 1, 2].map(|k| rest[k] + rng.vector(0.03));
            let eps = cst_green_strain(&rest, &x);
            let w = youngs / (2.0 * (1.0 - nu * nu))
                * ((1.0 - nu) * ddot(&eps, &eps) + nu * eps.trace().powi(2));
            let area = 0.5 * (rest[1] - rest[0]).cross(&(rest[2] - rest[0])).norm();
            let expected = area * h * w;
            let e = cst_energy(&p, &x[0], &x[1], &x[2]);
            assert!(
                (e - expected).abs() <= 1e-10 * expected,
                "{e} vs {expected}"
            );
            let (e2, _, _) = cst_energy_grad_hess(&p, &x[0], &x[1], &x[2]);
            assert!((e2 - e).abs() <= 1e-12 * e, "{e2} vs {e}");
        }
    }

    /// Rigid motions store no energy and exert no force; a uniaxial stretch `λ` along the first
    /// rest edge with free contraction stores `Ā h E ε²/2`, `ε = (λ² − 1)/2`.
    #[test]
    fn rigid_motion_is_free_and_uniaxial_stress_is_e() {
        let mut rng = Rng::new(8);
        let rest = [
            Vec3::zeros(),
            Vec3::new(0.02, 0.0, 0.0),
            Vec3::new(0.007, 0.015, 0.0),
        ];
        let (youngs, nu, h) = (2e9, 0.3, 1e-3);
        let p = CstParams::from_rest(youngs, nu, h, &rest[0], &rest[1], &rest[2]);
        let axis = rng.direction();
        let rot = nalgebra::Rotation3::from_axis_angle(&nalgebra::Unit::new_normalize(axis), 1.1);
        let shift = rng.vector(1.0);
        let x = rest.map(|r| rot * r + shift);
        let (e, g, _) = cst_energy_grad_hess(&p, &x[0], &x[1], &x[2]);
        assert!(
            e.abs() < 1e-12 * p.mu && g.norm() < 1e-9 * p.mu / 0.02,
            "{e}, {g}"
        );
        // Uniaxial stress: Green strains (ε, −ν ε).
        let stretch = 1.01;
        let exx = 0.5 * (stretch * stretch - 1.0);
        let lateral = (1.0 - 2.0 * nu * exx).sqrt();
        let x = rest.map(|r| Vec3::new(r.x * stretch, r.y * lateral, 0.0));
        let e = cst_energy(&p, &x[0], &x[1], &x[2]);
        let expected = p.rest_area * h * youngs * exx * exx / 2.0;
        assert!((e - expected).abs() < 1e-10 * expected, "{e} vs {expected}");
    }

    #[test]
    fn cst_fd_gradient_and_hessian() {
        let mut rng = Rng::new(17);
        let mut worst = (0.0f64, 0.0f64);
        for trial in 0..40 {
            let scale = rng.log_uniform(1e-3, 1.0);
            let rest = random_triangle(&mut rng, scale);
            let nu = rng.uniform(-0.3, 0.49);
            let p = CstParams::from_rest(
                rng.log_uniform(1e6, 1e11),
                nu,
                1e-3,
                &rest[0],
                &rest[1],
                &rest[2],
            );
            // Deformed: small strains, large strains, compression, a near-flat fold.
            let x = match trial % 4 {
                0 => rest.map(|r| r + rng.vector(0.01 * scale)),
                1 => rest.map(|r| r * rng.uniform(0.5, 1.8) + rng.vector(0.3 * scale)),
                2 => random_triangle(&mut rng, scale),
                _ => rest.map(|r| r * 0.6 + rng.vector(0.05 * scale)),
            };
            let (eg, eh) = triangle_fd_errors(
                |[a, b, c]| cst_energy(&p, a, b, c),
                |[a, b, c]| {
                    let (_, g, h) = cst_energy_grad_hess(&p, a, b, c);
                    (g, h)
                },
                &x,
                1e-6 * scale,
            );
            worst.0 = worst.0.max(eg);
            worst.1 = worst.1.max(eh);
        }
        println!("CST FD: grad {:.2e}, hess {:.2e}", worst.0, worst.1);
        assert!(worst.0 < 1e-7 && worst.1 < 1e-7, "{worst:?}");
    }
}
