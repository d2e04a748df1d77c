//! Twisting energy of one interior-node stencil (seed 001 Eqs. 4 and 5; Bergou et al. 2008
//! §4.2 and 2010 §5).
//!
//! `E = GJ/(2Δl̄) (τ − τ̄)²`, `τ = θ^i − θ^{i−1} + m_ref`.
//!
//! Derivatives of the reference twist (at a configuration whose reference frames were just
//! time-parallel-transported, see the [`curvature`](super::curvature) module documentation),
//! with `t̃ = (t_f + t_e)/χ`, `χ = 1 + t_f·t_e`:
//!
//! * `∂m_ref/∂e_f = κb/(2|e_f|)`, `∂m_ref/∂e_e = κb/(2|e_e|)`;
//! * `∂²m_ref/∂e_f² = −(κb (t_f + t̃)ᵀ + (t_f + t̃) κbᵀ)/(4|e_f|²)`,
//! * `∂²m_ref/∂e_e² = −(κb (t_e + t̃)ᵀ + (t_e + t̃) κbᵀ)/(4|e_e|²)`,
//! * `∂²m_ref/∂e_f∂e_e = ((2/χ)[t_f]× − κb t̃ᵀ)/(2|e_f||e_e|)`
//!
//! (the symmetric parts of the Jacobians of the gradient; cf. Panetta 2019).

use nalgebra::{SMatrix, SVector};

use super::edge_variables::{Vec8, YE, YF, YTE, YTF, map_grad, map_hess_sym};
use super::geometry::Tangents;
use super::stencil::NodeStencil;
use crate::math::{Mat3, cross_matrix};

/// Material and rest data of one interior node for the twisting energy.
#[derive(Debug, Clone, Copy)]
pub struct TwistParams {
    /// Torsional stiffness `GJ` (N·m²).
    pub gj: f64,
    /// Rest Voronoi length `Δl̄ = (|ē^{i−1}| + |ē^i|)/2` of the node (m).
    pub voronoi_length: f64,
    /// Natural (integrated) twist `τ̄` of the node (rad).
    pub tau_bar: f64,
}

/// Integrated twist (rad) of the node: `τ = θ^i − θ^{i−1} + m_ref` (seed 001 Eq. 4).
pub fn twist_strain(s: &NodeStencil) -> f64 {
    s.theta_e - s.theta_f + s.ref_twist
}

/// Twisting energy (J) of the node: `E = GJ/(2Δl̄) (τ − τ̄)²` (seed 001 Eqs. 4, 5;
/// Bergou 2008 Eq. 12 with a natural twist).
pub fn twist_energy(p: &TwistParams, s: &NodeStencil) -> f64 {
    let r = twist_strain(s) - p.tau_bar;
    0.5 * p.gj / p.voronoi_length * r * r
}

/// Twisting energy (J) of the node with its gradient and exactly symmetric Hessian with respect
/// to the 11 local DOFs `[x_{i−1}, θ^{i−1}, x_i, θ^i, x_{i+1}]` (gradient entries in N for
/// positions and N·m for angles). Gradient `GJ/Δl̄ (τ − τ̄) ∇τ`, Hessian
/// `GJ/Δl̄ [∇τ ∇τᵀ + (τ − τ̄) ∇²m_ref]`, with the reference-twist derivatives listed in the
/// module documentation (Bergou 2010 §5, Panetta 2019). The Hessian is exact, not projected.
pub fn twist_energy_grad_hess(
    p: &TwistParams,
    s: &NodeStencil,
) -> (f64, SVector<f64, 11>, SMatrix<f64, 11, 11>) {
    let g = Tangents::new(s);
    let w = p.gj / p.voronoi_length;
    let r = twist_strain(s) - p.tau_bar;
    let dtau = twist_gradient(&g);

    let mut h = dtau * dtau.transpose() * w;
    let (hff, hfe, hee) = ref_twist_hessian(&g);
    let c = w * r;
    let mut v = h.fixed_view_mut::<3, 3>(YF, YF);
    v += hff * c;
    let mut v = h.fixed_view_mut::<3, 3>(YE, YE);
    v += hee * c;
    let mut v = h.fixed_view_mut::<3, 3>(YF, YE);
    v += hfe * c;
    let mut v = h.fixed_view_mut::<3, 3>(YE, YF);
    v += hfe.transpose() * c;

    (0.5 * w * r * r, map_grad(&(dtau * c)), map_hess_sym(&h))
}

/// Hessian blocks `(ff, fe, ee)` of the reference twist with respect to `(e_f, e_e)`.
/// Twisting energy (J) of the node with its gradient, without the Hessian (line-search
/// trials): the same operations as [`twist_energy_grad_hess`], so the same bits.
pub fn twist_energy_grad(p: &TwistParams, s: &NodeStencil) -> (f64, SVector<f64, 11>) {
    let g = Tangents::new(s);
    let w = p.gj / p.voronoi_length;
    let r = twist_strain(s) - p.tau_bar;
    let c = w * r;
    (0.5 * w * r * r, map_grad(&(twist_gradient(&g) * c)))
}

/// `∇τ` over the 8 edge variables: `∂m_ref/∂e_f = κb/(2|e_f|)`, `∂m_ref/∂e_e = κb/(2|e_e|)`,
/// `∂τ/∂θ^{i−1} = −1`, `∂τ/∂θ^i = 1`.
fn twist_gradient(g: &Tangents) -> Vec8 {
    let gf = g.kb * (0.5 / g.lf);
    let ge = g.kb * (0.5 / g.le);
    let mut dtau = Vec8::zeros();
    dtau.fixed_rows_mut::<3>(YF).copy_from(&gf);
    dtau.fixed_rows_mut::<3>(YE).copy_from(&ge);
    dtau[YTF] = -1.0;
    dtau[YTE] = 1.0;
    dtau
}

fn ref_twist_hessian(g: &Tangents) -> (Mat3, Mat3, Mat3) {
    let af = g.tf + g.tt;
    let ae = g.te + g.tt;
    let hff = -(g.kb * af.transpose() + af * g.kb.transpose()) * (0.25 / (g.lf * g.lf));
    let hee = -(g.kb * ae.transpose() + ae * g.kb.transpose()) * (0.25 / (g.le * g.le));
    let hfe =
        (cross_matrix(&g.tf) * (2.0 / g.chi) - g.kb * g.tt.transpose()) * (0.5 / (g.lf * g.le));
    (hff, hfe, hee)
}

#[cfg(test)]
mod tests {
    use super::super::curvature::test_support::*;
    use super::*;
    use crate::math::{Vec3, rotate_about_axis};

    fn check(p: &TwistParams, s: &NodeStencil) -> FdReport {
        fd_check(s, |s| twist_energy(p, s), |s| twist_energy_grad_hess(p, s))
    }

    fn assert_ok(name: &str, r: FdReport) {
        println!("twist {name}: {r:?}");
        assert!(r.grad < 1e-6, "{name}: gradient {r:?}");
        assert!(r.hess < 1e-6, "{name}: Hessian {r:?}");
        assert!(r.hess_energy < 1e-6, "{name}: Hessian (energy FD) {r:?}");
    }

    fn params(rng: &mut Rng, s: &NodeStencil, natural: bool) -> TwistParams {
        let dl = 0.5 * ((s.x1 - s.x0).norm() + (s.x2 - s.x1).norm());
        TwistParams {
            gj: rng.uniform(0.5, 2.0),
            voronoi_length: dl * rng.uniform(0.8, 1.2),
            tau_bar: if natural { rng.uniform(-1.0, 1.0) } else { 0.0 },
        }
    }

    /// Reference-twist derivative alone (τ̄ chosen so that the energy is ½ (m_ref + c)², the
    /// Hessian then contains ∇²m_ref with weight m_ref + c ≠ 0).
    #[test]
    fn reference_twist_fd() {
        let mut worst = FdReport::default();
        for seed in 1..=12u64 {
            let mut rng = Rng::new(500 + seed);
            let s = random_stencil(&mut rng, None, 1.0);
            let p = TwistParams {
                gj: 1.0,
                voronoi_length: 1.0,
                tau_bar: twist_strain(&s) - 1.0,
            };
            worst = worst.max(check(&p, &s));
        }
        assert_ok("reference twist", worst);
    }

    #[test]
    fn twist_fd_random() {
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
    fn twist_fd_nearly_straight_and_strongly_bent() {
        let mut worst = FdReport::default();
        for (i, phi) in [1e-4, 1e-4, 2.5, 2.5].into_iter().enumerate() {
            let mut rng = Rng::new(600 + i as u64);
            let s = random_stencil(&mut rng, Some(phi), 1.0);
            let p = params(&mut rng, &s, i % 2 == 0);
            worst = worst.max(check(&p, &s));
        }
        assert_ok("nearly straight / strongly bent", worst);
    }

    #[test]
    fn twist_fd_twisted_unequal_natural() {
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
        let p = TwistParams {
            gj: 0.7,
            voronoi_length: 0.95,
            tau_bar: 0.3,
        };
        assert_ok("twisted/unequal/natural", check(&p, &s));
        // Physical scale: 5 mm edges, GJ ≈ 0.12 N·m².
        let s = make_stencil(Vec3::zeros(), tf, te, 4e-3, 6e-3, 0.5, -0.7, -0.9, 2.0);
        let p = TwistParams {
            gj: 0.12,
            voronoi_length: 5e-3,
            tau_bar: -0.05,
        };
        assert_ok("physical scale", check(&p, &s));
    }

    #[test]
    fn twist_straight_untwisted_is_zero() {
        let t = Vec3::new(0.3, -0.5, 0.8);
        let s = make_stencil(Vec3::new(1.0, 2.0, 3.0), t, t, 0.4, 0.9, 0.3, 0.3, 0.0, 1.1);
        let p = TwistParams {
            gj: 1.0,
            voronoi_length: 0.65,
            tau_bar: 0.0,
        };
        let (e, g, h) = twist_energy_grad_hess(&p, &s);
        assert!(e.abs() < 1e-30 && g.norm() < 1e-14, "{e} {g}");
        let eig = h.symmetric_eigenvalues();
        assert!(eig.min() > -1e-12 * eig.max(), "{eig}");
    }

    #[test]
    fn twist_rigid_rotation_invariance() {
        let mut rng = Rng::new(43);
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
            let (e0, g0, _) = twist_energy_grad_hess(&p, &s);
            let (e1, g1, _) = twist_energy_grad_hess(&p, &r);
            assert!((e0 - e1).abs() < 1e-12 * e0.abs().max(1e-12));
            for b in [0usize, 4, 8] {
                let gb0 = g0.fixed_rows::<3>(b).into_owned();
                let gb1 = g1.fixed_rows::<3>(b).into_owned();
                assert!((rot(&gb0) - gb1).norm() < 1e-10 * g0.norm());
            }
        }
    }

    #[test]
    fn twist_is_invariant_under_material_rotation() {
        // Rotating both material frames by the same angle (θf, θe += α) leaves τ unchanged.
        let mut rng = Rng::new(44);
        let s = random_stencil(&mut rng, None, 1.0);
        let r = NodeStencil {
            theta_f: s.theta_f + 0.7,
            theta_e: s.theta_e + 0.7,
            ..s
        };
        assert!((twist_strain(&s) - twist_strain(&r)).abs() < 1e-14);
    }
}
