//! Bending energy of one interior-node stencil (seed 001 Eqs. 3 and 5; Bergou et al. 2008 §4.2).
//!
//! `E = 1/(2Δl̄) [EI1 (κ1 − κ̄1)² + EI2 (κ2 − κ̄2)²]` with the material curvatures of
//! [`material_curvature`](super::material_curvature) (Bergou's sign of `κ2`).
//! Gradient `Σ_k EI_k/Δl̄ (κ_k − κ̄_k) ∇κ_k`, Hessian
//! `Σ_k EI_k/Δl̄ [∇κ_k ∇κ_kᵀ + (κ_k − κ̄_k) ∇²κ_k]`.

use nalgebra::{SMatrix, SVector};

use super::curvature::CurvatureY;
use super::edge_variables::{map_grad, map_hess_sym};
use super::geometry::Geometry;
use super::material_curvature;
use super::stencil::NodeStencil;

/// Material and rest data of one interior node for the bending energy.
#[derive(Debug, Clone, Copy)]
pub struct BendParams {
    /// Bending stiffness `EI1` (N·m²) about the first material director `m1` (it multiplies
    /// `κ1 = ½ (m2f + m2e)·κb`).
    pub ei1: f64,
    /// Bending stiffness `EI2` (N·m²) about the second material director `m2` (it multiplies
    /// `κ2 = −½ (m1f + m1e)·κb`).
    pub ei2: f64,
    /// Rest Voronoi length `Δl̄ = (|ē^{i−1}| + |ē^i|)/2` of the node (m).
    pub voronoi_length: f64,
    /// Natural material curvatures `[κ̄1, κ̄2]` (dimensionless, same convention as `κ`).
    pub kappa_bar: [f64; 2],
}

/// Bending energy (J) of the node:
/// `E = 1/(2Δl̄) [EI1 (κ1 − κ̄1)² + EI2 (κ2 − κ̄2)²]` (seed 001 Eqs. 3, 5; Bergou 2008 Eq. 9
/// with Bergou's sign of `κ2`).
pub fn bend_energy(p: &BendParams, s: &NodeStencil) -> f64 {
    let k = material_curvature(s);
    let a = k[0] - p.kappa_bar[0];
    let b = k[1] - p.kappa_bar[1];
    0.5 / p.voronoi_length * (p.ei1 * a * a + p.ei2 * b * b)
}

/// Bending energy (J) of the node with its gradient, without the Hessian (line-search
/// trials): the same operations as [`bend_energy_grad_hess`], so the same bits.
pub fn bend_energy_grad(p: &BendParams, s: &NodeStencil) -> (f64, SVector<f64, 11>) {
    let b = Bending::new(p, s);
    (b.energy, map_grad(&b.grad))
}

/// What the energy, its gradient and its Hessian share: the geometry, the curvatures and their
/// gradients, the weights `EI_k/Δl̄` and the residuals `κ_k − κ̄_k`.
struct Bending {
    geometry: Geometry,
    curvature: CurvatureY,
    /// `EI_k/Δl̄` (N·m).
    w: [f64; 2],
    /// `κ_k − κ̄_k`.
    r: [f64; 2],
    energy: f64,
    /// `Σ_k w_k r_k ∇κ_k` over the 8 edge variables.
    grad: super::edge_variables::Vec8,
}

impl Bending {
    fn new(p: &BendParams, s: &NodeStencil) -> Self {
        let geometry = Geometry::new(s);
        let c = CurvatureY::new(&geometry);
        let inv = 1.0 / p.voronoi_length;
        let w = [p.ei1 * inv, p.ei2 * inv];
        let r = [c.kappa[0] - p.kappa_bar[0], c.kappa[1] - p.kappa_bar[1]];
        let energy = 0.5 * (w[0] * r[0] * r[0] + w[1] * r[1] * r[1]);
        let grad = c.grad[0] * (w[0] * r[0]) + c.grad[1] * (w[1] * r[1]);
        Self {
            geometry,
            curvature: c,
            w,
            r,
            energy,
            grad,
        }
    }
}

/// Bending energy (J) of the node with its gradient and exactly symmetric Hessian with respect
/// to the 11 local DOFs `[x_{i−1}, θ^{i−1}, x_i, θ^i, x_{i+1}]` (gradient entries in N for
/// positions and N·m for angles). Formula: see [`bend_energy`]; derivatives of `κ` as in
/// [`material_curvature_grad_hess`](super::material_curvature_grad_hess) (Bergou 2008/2010,
/// Panetta 2019). The Hessian is exact, not projected to be positive semi-definite.
pub fn bend_energy_grad_hess(
    p: &BendParams,
    s: &NodeStencil,
) -> (f64, SVector<f64, 11>, SMatrix<f64, 11, 11>) {
    let Bending {
        geometry: g,
        curvature: c,
        w,
        r,
        energy,
        grad,
    } = Bending::new(p, s);
    // Σ_k w_k r_k ∇²κ_k is evaluated as one Hessian (linear in the directors).
    let mut h8 = CurvatureY::hessian_combination(&g, [w[0] * r[0], w[1] * r[1]]);
    h8 += c.grad[0] * c.grad[0].transpose() * w[0] + c.grad[1] * c.grad[1].transpose() * w[1];
    (energy, map_grad(&grad), map_hess_sym(&h8))
}

#[cfg(test)]
mod tests {
    use super::super::curvature::test_support::*;
    use super::*;
    use crate::math::{Mat3, Vec3, rotate_about_axis};

    fn check(p: &BendParams, s: &NodeStencil) -> FdReport {
        fd_check(s, |s| bend_energy(p, s), |s| bend_energy_grad_hess(p, s))
    }

    fn assert_ok(name: &str, r: FdReport) {
        println!("bend {name}: {r:?}");
        assert!(r.grad < 1e-6, "{name}: gradient {r:?}");
        assert!(r.hess < 1e-6, "{name}: Hessian {r:?}");
        assert!(r.hess_energy < 1e-6, "{name}: Hessian (energy FD) {r:?}");
    }

    fn params(rng: &mut Rng, s: &NodeStencil, natural: bool) -> BendParams {
        let dl = 0.5 * ((s.x1 - s.x0).norm() + (s.x2 - s.x1).norm());
        BendParams {
            ei1: rng.uniform(0.5, 2.0),
            ei2: rng.uniform(0.5, 2.0),
            voronoi_length: dl * rng.uniform(0.8, 1.2),
            kappa_bar: if natural {
                [rng.uniform(-1.0, 1.0), rng.uniform(-1.0, 1.0)]
            } else {
                [0.0, 0.0]
            },
        }
    }

    #[test]
    fn bend_fd_random() {
        let mut worst = FdReport::default();
        for seed in 1..=20u64 {
            let mut rng = Rng::new(seed);
            let s = random_stencil(&mut rng, None, 1.0);
            let p = params(&mut rng, &s, seed % 2 == 0);
            worst = worst.max(check(&p, &s));
        }
        assert_ok("random", worst);
    }

    #[test]
    fn bend_fd_nearly_straight() {
        let mut worst = FdReport::default();
        for seed in 1..=4u64 {
            let mut rng = Rng::new(100 + seed);
            let s = random_stencil(&mut rng, Some(1e-4), 1.0);
            let p = params(&mut rng, &s, seed % 2 == 0);
            worst = worst.max(check(&p, &s));
        }
        assert_ok("nearly straight", worst);
    }

    #[test]
    fn bend_fd_strongly_bent() {
        let mut worst = FdReport::default();
        for seed in 1..=4u64 {
            let mut rng = Rng::new(200 + seed);
            let s = random_stencil(&mut rng, Some(2.5), 1.0);
            let p = params(&mut rng, &s, seed % 2 == 0);
            worst = worst.max(check(&p, &s));
        }
        assert_ok("strongly bent", worst);
    }

    #[test]
    fn bend_fd_twisted_anisotropic_unequal_natural() {
        let tf = Vec3::new(1.0, 0.2, -0.1);
        let te = Vec3::new(0.6, 0.9, 0.3);
        let s = make_stencil(
            Vec3::new(0.1, 0.2, 0.3),
            tf,
            te,
            0.2,
            1.7,
            1.0,
            -1.0,
            0.8,
            0.4,
        );
        let p = BendParams {
            ei1: 3.0,
            ei2: 0.2,
            voronoi_length: 0.95,
            kappa_bar: [0.4, -0.7],
        };
        assert_ok("twisted/anisotropic/unequal/natural", check(&p, &s));
    }

    #[test]
    fn bend_fd_physical_scale() {
        // 1 mm radius steel-like wire with 5 mm edges: EI ≈ 1.6e-1 N·m², Δl̄ = 5e-3 m.
        let mut worst = FdReport::default();
        for seed in 1..=4u64 {
            let mut rng = Rng::new(300 + seed);
            let s = random_stencil(&mut rng, None, 5e-3);
            let p = BendParams {
                ei1: 0.16,
                ei2: 0.12,
                voronoi_length: 5e-3,
                kappa_bar: [0.05, -0.02],
            };
            worst = worst.max(check(&p, &s));
        }
        assert_ok("physical scale", worst);
    }

    #[test]
    fn bend_straight_untwisted_is_zero() {
        let t = Vec3::new(0.3, -0.5, 0.8);
        let s = make_stencil(Vec3::new(1.0, 2.0, 3.0), t, t, 0.4, 0.9, 0.3, 0.3, 0.0, 1.1);
        let p = BendParams {
            ei1: 2.0,
            ei2: 1.0,
            voronoi_length: 0.65,
            kappa_bar: [0.0, 0.0],
        };
        let (e, g, h) = bend_energy_grad_hess(&p, &s);
        assert!(e.abs() < 1e-30, "{e}");
        assert!(g.norm() < 1e-14, "{g}");
        // The Hessian of a minimum is positive semi-definite.
        let eig = h.symmetric_eigenvalues();
        assert!(eig.min() > -1e-12 * eig.max(), "{eig}");
    }

    #[test]
    fn bend_rigid_rotation_invariance() {
        let mut rng = Rng::new(42);
        for _ in 0..5 {
            let s = random_stencil(&mut rng, None, 1.0);
            let p = params(&mut rng, &s, true);
            let axis = rng.direction();
            let angle = rng.uniform(-3.0, 3.0);
            let rot = |v: &Vec3| rotate_about_axis(v, &axis, angle);
            let r = NodeStencil {
                x0: rot(&s.x0),
                x1: rot(&s.x1),
                x2: rot(&s.x2),
                d1f: rot(&s.d1f),
                d2f: rot(&s.d2f),
                d1e: rot(&s.d1e),
                d2e: rot(&s.d2e),
                ..s
            };
            let (e0, g0, h0) = bend_energy_grad_hess(&p, &s);
            let (e1, g1, h1) = bend_energy_grad_hess(&p, &r);
            assert!((e0 - e1).abs() < 1e-12 * e0.abs().max(1e-12));
            // Forces and Hessian blocks rotate with the stencil.
            let rm = Mat3::from_columns(&[rot(&Vec3::x()), rot(&Vec3::y()), rot(&Vec3::z())]);
            for b in [0usize, 4, 8] {
                let gb0 = g0.fixed_rows::<3>(b).into_owned();
                let gb1 = g1.fixed_rows::<3>(b).into_owned();
                assert!((rm * gb0 - gb1).norm() < 1e-10 * g0.norm().max(1e-12));
                for c in [0usize, 4, 8] {
                    let hb0 = h0.fixed_view::<3, 3>(b, c).into_owned();
                    let hb1 = h1.fixed_view::<3, 3>(b, c).into_owned();
                    assert!((rm * hb0 * rm.transpose() - hb1).norm() < 1e-10 * h0.norm());
                }
            }
            assert!(
                (g0[3] - g1[3]).abs() < 1e-10 * g0.norm()
                    && (g0[7] - g1[7]).abs() < 1e-10 * g0.norm()
            );
        }
    }
}
