//! Discrete curvature of one interior node of a Discrete Elastic Rod and its first and second
//! derivatives (Bergou et al. 2008, §4.1–4.2, and 2010, §5; seed 001 Eqs. 2–3).
//!
//! # Stencil and local DOFs
//!
//! An interior node `x_i` couples the edges `e^{i−1} = e_f = x_i − x_{i−1}` ("first") and
//! `e^i = e_e = x_{i+1} − x_i` ("end"). The 11 local DOFs are
//! `q = [x_{i−1} (0..3), θ^{i−1} (3), x_i (4..7), θ^i (7), x_{i+1} (8..11)]`.
//!
//! # Curvature (sign convention of Bergou et al. 2008)
//!
//! With unit tangents `t_f, t_e`, `χ = 1 + t_f·t_e` and the curvature binormal
//! `κb = 2 e_f × e_e / (|e_f||e_e| + e_f·e_e) = 2 t_f × t_e / χ` (seed 001 Eq. 2,
//! `|κb| = 2 tan(φ/2)` for the turning angle `φ`), the material curvatures are
//!
//! `κ1 = ½ (m2_f + m2_e)·κb`,  `κ2 = −½ (m1_f + m1_e)·κb`.
//!
//! This is Bergou's convention `κ = ((κb)·m2, −(κb)·m1)`; seed 001 Eq. 3 prints `κ2` without
//! the minus sign. Only the sign of `κ2` (and hence of a natural curvature `κ̄2`) differs; the
//! energy for a consistently defined `κ̄` is the same.
//!
//! # Derivatives and the reference frame
//!
//! The reference directors depend on the centerline through time-parallel transport. The
//! gradients and Hessians here are those of the energy *at a configuration whose reference
//! frames were just transported to the current tangents* (previous tangent = current tangent),
//! which is where the closed forms of Bergou et al. are exact: to first order the directors
//! then only tilt with the tangent, `δd = −(d·δt) t`. The second-order part of the transport
//! adds a rotation about the tangent which only contributes an antisymmetric matrix to the
//! derivative of the closed-form gradient, so the true (symmetric) Hessian is the symmetric part
//! of the Jacobian of the closed-form gradient (cf. Panetta 2019's DER Hessian derivation).
//! Away from that configuration (frames transported from older tangents, rotated by `α`) the
//! closed-form gradient differs from the gradient of the energy as a function of the DOFs by
//! `O(α)`; this is the usual DER approximation.
//!
//! With `t̃ = (t_f + t_e)/χ`, `d̃1 = (m1_f + m1_e)/χ`, `d̃2 = (m2_f + m2_e)/χ`:
//!
//! * `∂κ1/∂e_f = (−κ1 t̃ + t_e × d̃2)/|e_f|`, `∂κ1/∂e_e = (−κ1 t̃ − t_f × d̃2)/|e_e|`,
//! * `∂κ2/∂e_f = (−κ2 t̃ − t_e × d̃1)/|e_f|`, `∂κ2/∂e_e = (−κ2 t̃ + t_f × d̃1)/|e_e|`,
//! * `∂κ1/∂θ_{f,e} = −½ κb·m1_{f,e}`, `∂κ2/∂θ_{f,e} = −½ κb·m2_{f,e}`.
//!
//! Internally the derivatives are computed with respect to the 8 "edge" variables
//! `y = [e_f (0..3), e_e (3..6), θ_f (6), θ_e (7)]` and mapped once to the 11 node DOFs.

use nalgebra::{SMatrix, SVector};

use super::edge_variables::{Mat8, Vec8, YE, YF, YTE, YTF, map_grad, map_hess_sym};
#[cfg(test)]
use super::edge_variables::{Mat11, Vec11};
use super::geometry::Geometry;
use super::stencil::{NodeStencil, material_frame};
use crate::math::Vec3;

/// Curvature binormal `κb = 2 t_f × t_e / (1 + t_f·t_e)` of the stencil.
#[inline]
fn curvature_binormal(s: &NodeStencil) -> Vec3 {
    // Same operations as `Geometry::new`, so that energies and derivatives agree bitwise.
    let tf = (s.x1 - s.x0).normalize();
    let te = (s.x2 - s.x1).normalize();
    tf.cross(&te) * (2.0 / (1.0 + tf.dot(&te)))
}

/// Material curvatures `[κ1, κ2]` of the node (dimensionless integrated curvatures; the
/// pointwise curvature is `κ/Δl̄` in 1/m): `κ1 = ½ (m2f + m2e)·κb`, `κ2 = −½ (m1f + m1e)·κb` with
/// `κb = 2 e^{i−1} × e^i / (|e^{i−1}||e^i| + e^{i−1}·e^i)` (seed 001 Eqs. 2–3 with Bergou 2008's
/// sign of `κ2`). For matching material frames `|κ| = |κb| = 2 tan(φ/2)`.
pub fn material_curvature(s: &NodeStencil) -> [f64; 2] {
    let kb = curvature_binormal(s);
    let (m1f, m2f) = material_frame(&s.d1f, &s.d2f, s.theta_f);
    let (m1e, m2e) = material_frame(&s.d1e, &s.d2e, s.theta_e);
    [0.5 * (m2f + m2e).dot(&kb), -0.5 * (m1f + m1e).dot(&kb)]
}

/// Material curvatures `[κ1, κ2]` (dimensionless) with their gradients and (symmetric)
/// Hessians with respect to the 11 local DOFs
/// `[x_{i−1}, θ^{i−1}, x_i, θ^i, x_{i+1}]` (Bergou et al. 2008 §4.2, Bergou 2010 §5,
/// Panetta 2019 for the Hessian). See the module documentation for the closed forms and
/// the treatment of the reference frame.
pub fn material_curvature_grad_hess(
    s: &NodeStencil,
) -> ([f64; 2], [SVector<f64, 11>; 2], [SMatrix<f64, 11, 11>; 2]) {
    let g = Geometry::new(s);
    let c = CurvatureY::new(&g);
    let h1 = CurvatureY::hessian_combination(&g, [1.0, 0.0]);
    let h2 = CurvatureY::hessian_combination(&g, [0.0, 1.0]);
    (
        c.kappa,
        [map_grad(&c.grad[0]), map_grad(&c.grad[1])],
        [map_hess_sym(&h1), map_hess_sym(&h2)],
    )
}

/// Material curvatures with their gradients in the 8 edge variables; Hessians (which are
/// linear in the directors) are evaluated on demand for any linear combination of `κ1, κ2`.
pub(crate) struct CurvatureY {
    /// `[κ1, κ2]`.
    pub kappa: [f64; 2],
    /// Gradients of `κ1, κ2` in the edge variables.
    pub grad: [Vec8; 2],
}

impl CurvatureY {
    /// Computes `κ1, κ2` and their gradients.
    pub(crate) fn new(g: &Geometry) -> Self {
        // κ1 = ½ (v_f + v_e)·κb with v = m2; κ2 = ½ (v_f + v_e)·κb with v = −m1.
        let (k1, g1) = Self::component_grad(g, &g.m2f, &g.m2e);
        let (k2, g2) = Self::component_grad(g, &(-g.m1f), &(-g.m1e));
        Self {
            kappa: [k1, k2],
            grad: [g1, g2],
        }
    }

    /// Hessian of `c[0] κ1 + c[1] κ2` in the edge variables (symmetric up to rounding).
    /// One evaluation costs the same as the Hessian of a single curvature.
    pub(crate) fn hessian_combination(g: &Geometry, c: [f64; 2]) -> Mat8 {
        let vf = g.m2f * c[0] - g.m1f * c[1];
        let ve = g.m2e * c[0] - g.m1e * c[1];
        Self::component_hess(g, &vf, &ve)
    }

    /// Value and gradient of `κ = ½ (v_f + v_e)·κb`, where `v_f` (`v_e`) is a material director
    /// of edge `f` (`e`): `∂v/∂θ = t × v` and, under transport, `δv = −(v·δt) t` (which does not
    /// contribute since `κb ⟂ t`).
    fn component_grad(g: &Geometry, vf: &Vec3, ve: &Vec3) -> (f64, Vec8) {
        let (s, gf, ge) = g.kb_dot_grad(&(vf + ve));
        let mut grad = Vec8::zeros();
        grad.fixed_rows_mut::<3>(YF).copy_from(&(gf * 0.5));
        grad.fixed_rows_mut::<3>(YE).copy_from(&(ge * 0.5));
        grad[YTF] = 0.5 * g.tf.cross(vf).dot(&g.kb);
        grad[YTE] = 0.5 * g.te.cross(ve).dot(&g.kb);
        (0.5 * s, grad)
    }

    /// Hessian of `κ = ½ (v_f + v_e)·κb` (linear in `v_f, v_e`); `∂²v/∂θ² = −v`.
    fn component_hess(g: &Geometry, vf: &Vec3, ve: &Vec3) -> Mat8 {
        let k = g.kb_dot_hess(&(vf + ve));
        let af = g.tf.cross(vf); // ∂v_f/∂θ_f
        let ae = g.te.cross(ve); // ∂v_e/∂θ_e
        let (_, af_gf, af_ge) = g.kb_dot_grad(&af);
        let (_, ae_gf, ae_ge) = g.kb_dot_grad(&ae);

        // Director tilt term: ½ ∂v/∂e · ∂κb/∂e, symmetrized (the antisymmetric remainder is
        // cancelled by the second-order rotation of the transported frame).
        let kb = g.kb;
        let tilt_f = (kb * vf.transpose() + vf * kb.transpose()) * (0.25 / (g.lf * g.lf));
        let tilt_e = (kb * ve.transpose() + ve * kb.transpose()) * (0.25 / (g.le * g.le));
        let hff = k.hff * 0.5 + tilt_f;
        let hee = k.hee * 0.5 + tilt_e;
        let hfe = k.hfe * 0.5;

        let mut h = Mat8::zeros();
        h.fixed_view_mut::<3, 3>(YF, YF).copy_from(&hff);
        h.fixed_view_mut::<3, 3>(YE, YE).copy_from(&hee);
        h.fixed_view_mut::<3, 3>(YF, YE).copy_from(&hfe);
        h.fixed_view_mut::<3, 3>(YE, YF).copy_from(&hfe.transpose());
        for (row, col, v) in [
            (YF, YTF, af_gf),
            (YE, YTF, af_ge),
            (YF, YTE, ae_gf),
            (YE, YTE, ae_ge),
        ] {
            let v = v * 0.5;
            h.fixed_view_mut::<3, 1>(row, col).copy_from(&v);
            h.fixed_view_mut::<1, 3>(col, row).copy_from(&v.transpose());
        }
        h[(YTF, YTF)] = -0.5 * vf.dot(&kb);
        h[(YTE, YTE)] = -0.5 * ve.dot(&kb);
        h
    }
}

/// Finite-difference test support shared by the curvature, bending and twisting tests.
#[cfg(test)]
pub(crate) mod test_support {
    use super::*;
    use crate::math::{rotate_about_axis, signed_angle, unit_normal_to};

    /// Parallel transport `P_{t1→t2}(u)` in the Rodrigues form without normalizing the axis,
    /// `P(u) = c u + b × u + (b·u) b/(1 + c)` with `b = t1 × t2`, `c = t1·t2`. Same map as
    /// [`crate::math::parallel_transport`], but accurate to rounding for tiny rotations (that
    /// one normalizes `b`, which costs `ε/|t1 × t2|` of orthogonality, ~1e-11 for the 1e-6
    /// finite-difference steps used here, enough to spoil the second differences).
    pub fn transport(u: &Vec3, t1: &Vec3, t2: &Vec3) -> Vec3 {
        let b = t1.cross(t2);
        let c = t1.dot(t2);
        u * c + b.cross(u) + b * (b.dot(u) / (1.0 + c))
    }

    /// The crate's deterministic generator (the verify test kit).
    pub use crate::verify::Rng;

    /// Builds a consistent stencil: nodes `x0, x0 + lf tf, x0 + lf tf + le te`, a reference
    /// frame of edge f rotated by `frame_angle` from a canonical normal, and the reference frame
    /// of edge e equal to the space-parallel transport of d1f rotated by `ref_twist` about t_e.
    #[allow(clippy::too_many_arguments)]
    pub fn make_stencil(
        x0: Vec3,
        tf: Vec3,
        te: Vec3,
        lf: f64,
        le: f64,
        theta_f: f64,
        theta_e: f64,
        ref_twist: f64,
        frame_angle: f64,
    ) -> NodeStencil {
        let tf = tf.normalize();
        let te = te.normalize();
        let d1f = rotate_about_axis(&unit_normal_to(&tf), &tf, frame_angle);
        let d1e = rotate_about_axis(&transport(&d1f, &tf, &te), &te, ref_twist);
        NodeStencil {
            x0,
            x1: x0 + tf * lf,
            x2: x0 + tf * lf + te * le,
            theta_f,
            theta_e,
            d1f,
            d2f: tf.cross(&d1f),
            d1e,
            d2e: te.cross(&d1e),
            ref_twist,
        }
    }

    /// Random stencil with turning angle `phi` (random if `None`).
    pub fn random_stencil(rng: &mut Rng, phi: Option<f64>, scale: f64) -> NodeStencil {
        let tf = rng.direction();
        let n = tf.cross(&rng.direction()).normalize();
        let phi = phi.unwrap_or_else(|| rng.uniform(0.0, 2.6));
        let te = rotate_about_axis(&tf, &n, phi);
        let x0 = Vec3::new(
            rng.uniform(-1.0, 1.0),
            rng.uniform(-1.0, 1.0),
            rng.uniform(-1.0, 1.0),
        ) * scale;
        let lf = rng.uniform(0.3, 2.0) * scale;
        let le = rng.uniform(0.3, 2.0) * scale;
        let theta_f = rng.uniform(-3.0, 3.0);
        let theta_e = rng.uniform(-3.0, 3.0);
        // Reference twists beyond ±π exercise the continuity (no reduction mod 2π).
        let ref_twist = rng.uniform(-7.0, 7.0);
        let frame_angle = rng.uniform(-3.0, 3.0);
        make_stencil(x0, tf, te, lf, le, theta_f, theta_e, ref_twist, frame_angle)
    }

    /// Local DOF vector of a stencil.
    pub fn dofs(s: &NodeStencil) -> [f64; 11] {
        [
            s.x0.x, s.x0.y, s.x0.z, s.theta_f, s.x1.x, s.x1.y, s.x1.z, s.theta_e, s.x2.x, s.x2.y,
            s.x2.z,
        ]
    }

    /// The stencil at DOFs `q`, with the reference frames time-parallel-transported from the
    /// (fixed) `old` stencil and the reference twist updated continuously.
    pub fn restencil(old: &NodeStencil, q: &[f64; 11]) -> NodeStencil {
        let x0 = Vec3::new(q[0], q[1], q[2]);
        let x1 = Vec3::new(q[4], q[5], q[6]);
        let x2 = Vec3::new(q[8], q[9], q[10]);
        let tf0 = (old.x1 - old.x0).normalize();
        let te0 = (old.x2 - old.x1).normalize();
        let tf = (x1 - x0).normalize();
        let te = (x2 - x1).normalize();
        let d1f = transport(&old.d1f, &tf0, &tf);
        let d1e = transport(&old.d1e, &te0, &te);
        let ref_dir = rotate_about_axis(&transport(&d1f, &tf, &te), &te, old.ref_twist);
        let ref_twist = old.ref_twist + signed_angle(&ref_dir, &d1e, &te);
        NodeStencil {
            x0,
            x1,
            x2,
            theta_f: q[3],
            theta_e: q[7],
            d1f,
            d2f: tf.cross(&d1f),
            d1e,
            d2e: te.cross(&d1e),
            ref_twist,
        }
    }

    /// Errors of an analytic gradient/Hessian against finite differences, all measured in the
    /// scaled variables `(x/L, θ)` with `L` the mean edge length, as `max|Δ| / max|ref|`.
    #[derive(Debug, Clone, Copy, Default)]
    pub struct FdReport {
        /// Gradient vs central differences of the energy.
        pub grad: f64,
        /// Hessian vs the symmetric part of central differences of the analytic gradient.
        pub hess: f64,
        /// Hessian vs (Richardson-extrapolated) second central differences of the energy.
        pub hess_energy: f64,
        /// `max|J − Jᵀ| / max|J|` of the FD Jacobian of the analytic gradient.
        pub jac_asym: f64,
    }

    impl FdReport {
        /// Entry-wise maximum.
        pub fn max(self, o: FdReport) -> FdReport {
            FdReport {
                grad: self.grad.max(o.grad),
                hess: self.hess.max(o.hess),
                hess_energy: self.hess_energy.max(o.hess_energy),
                jac_asym: self.jac_asym.max(o.jac_asym),
            }
        }
    }

    fn rel(a: impl Iterator<Item = f64>, b: impl Iterator<Item = f64>) -> f64 {
        let (a, b): (Vec<f64>, Vec<f64>) = (a.collect(), b.collect());
        crate::verify::max_error_relative_to(&a, &b)
    }

    /// Compares `grad_hess` with finite differences of `energy` around `base`.
    pub fn fd_check(
        base: &NodeStencil,
        energy: impl Fn(&NodeStencil) -> f64,
        grad_hess: impl Fn(&NodeStencil) -> (f64, Vec11, Mat11),
    ) -> FdReport {
        let q0 = dofs(base);
        let len = 0.5 * ((base.x1 - base.x0).norm() + (base.x2 - base.x1).norm());
        let scale: [f64; 11] = std::array::from_fn(|k| if k == 3 || k == 7 { 1.0 } else { len });
        let e_at = |dq: &[(usize, f64)]| {
            let mut q = q0;
            for &(k, d) in dq {
                q[k] += d * scale[k];
            }
            energy(&restencil(base, &q))
        };
        let g_at = |k: usize, d: f64| {
            let mut q = q0;
            q[k] += d * scale[k];
            grad_hess(&restencil(base, &q)).1
        };

        let (e0, g, h) = grad_hess(base);
        assert!(
            (e0 - energy(base)).abs() <= 1e-12 * e0.abs().max(1e-300),
            "energy mismatch {e0} vs {}",
            energy(base)
        );
        assert_eq!(h, h.transpose(), "Hessian not exactly symmetric");
        // Scaled analytic quantities: ĝ_k = g_k s_k, Ĥ_kl = H_kl s_k s_l.
        let gs: [f64; 11] = std::array::from_fn(|k| g[k] * scale[k]);
        let hs = Mat11::from_fn(|i, j| h[(i, j)] * scale[i] * scale[j]);

        let hg = 1e-6;
        let gfd: [f64; 11] =
            std::array::from_fn(|k| (e_at(&[(k, hg)]) - e_at(&[(k, -hg)])) / (2.0 * hg));
        let mut jac = Mat11::zeros();
        for k in 0..11 {
            let col = (g_at(k, hg) - g_at(k, -hg)) / (2.0 * hg);
            for i in 0..11 {
                jac[(i, k)] = col[i] * scale[i];
            }
        }
        let jsym = (jac + jac.transpose()) * 0.5;
        // Second central differences of the energy, Richardson-extrapolated (steps 2e-4, 1e-4).
        let second = |i: usize, j: usize, he: f64| {
            (e_at(&[(i, he), (j, he)]) - e_at(&[(i, he), (j, -he)]) - e_at(&[(i, -he), (j, he)])
                + e_at(&[(i, -he), (j, -he)]))
                / (4.0 * he * he)
        };
        let mut hfd = Mat11::zeros();
        for i in 0..11 {
            for j in 0..=i {
                let v = (4.0 * second(i, j, 1e-4) - second(i, j, 2e-4)) / 3.0;
                hfd[(i, j)] = v;
                hfd[(j, i)] = v;
            }
        }
        FdReport {
            grad: rel(gfd.iter().copied(), gs.iter().copied()),
            hess: rel(jsym.iter().copied(), hs.iter().copied()),
            hess_energy: rel(hfd.iter().copied(), hs.iter().copied()),
            jac_asym: rel(jac.iter().copied(), jac.transpose().iter().copied()) / 2.0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::test_support::*;
    use super::*;
    use crate::math::rotate_about_axis;

    fn kappa_fd(s: &NodeStencil, k: usize) -> FdReport {
        fd_check(
            s,
            |s| material_curvature(s)[k],
            |s| {
                let (kap, g, h) = material_curvature_grad_hess(s);
                (kap[k], g[k], h[k])
            },
        )
    }

    #[test]
    fn curvature_matches_closed_forms_of_brief() {
        let mut rng = Rng::new(7);
        for _ in 0..10 {
            let s = random_stencil(&mut rng, None, 1.0);
            let g = Geometry::new(&s);
            let c = CurvatureY::new(&g);
            assert!((c.kappa[0] - material_curvature(&s)[0]).abs() < 1e-14);
            assert!((c.kappa[1] - material_curvature(&s)[1]).abs() < 1e-14);
            let d1 = (g.m1f + g.m1e) / g.chi;
            let d2 = (g.m2f + g.m2e) / g.chi;
            let k1 = c.kappa[0];
            let k2 = c.kappa[1];
            let expect = [
                (-g.tt * k1 + g.te.cross(&d2)) / g.lf,
                (-g.tt * k1 - g.tf.cross(&d2)) / g.le,
                (-g.tt * k2 - g.te.cross(&d1)) / g.lf,
                (-g.tt * k2 + g.tf.cross(&d1)) / g.le,
            ];
            let got = [
                c.grad[0].fixed_rows::<3>(YF).into_owned(),
                c.grad[0].fixed_rows::<3>(YE).into_owned(),
                c.grad[1].fixed_rows::<3>(YF).into_owned(),
                c.grad[1].fixed_rows::<3>(YE).into_owned(),
            ];
            for (a, b) in expect.iter().zip(&got) {
                assert!((a - b).norm() < 1e-12 * (1.0 + a.norm()));
            }
            assert!((c.grad[0][YTF] + 0.5 * g.kb.dot(&g.m1f)).abs() < 1e-14);
            assert!((c.grad[0][YTE] + 0.5 * g.kb.dot(&g.m1e)).abs() < 1e-14);
            assert!((c.grad[1][YTF] + 0.5 * g.kb.dot(&g.m2f)).abs() < 1e-14);
            assert!((c.grad[1][YTE] + 0.5 * g.kb.dot(&g.m2e)).abs() < 1e-14);
        }
    }

    #[test]
    fn curvature_fd_random() {
        let mut worst = FdReport::default();
        for seed in 1..=12u64 {
            let mut rng = Rng::new(seed);
            let s = random_stencil(&mut rng, None, 1.0);
            for k in 0..2 {
                worst = worst.max(kappa_fd(&s, k));
            }
        }
        println!("curvature random: {worst:?}");
        assert!(worst.grad < 1e-6 && worst.hess < 1e-6 && worst.hess_energy < 1e-6);
    }

    #[test]
    fn curvature_fd_special() {
        let mut worst = FdReport::default();
        let mut rng = Rng::new(99);
        for phi in [1e-4, 0.3, 1.5, 2.5, 2.9] {
            for scale in [1.0, 1e-3] {
                let s = random_stencil(&mut rng, Some(phi), scale);
                for k in 0..2 {
                    let r = kappa_fd(&s, k);
                    worst = worst.max(r);
                }
            }
        }
        println!("curvature special: {worst:?}");
        assert!(worst.grad < 1e-6 && worst.hess < 1e-6 && worst.hess_energy < 1e-6);
    }

    #[test]
    fn curvature_magnitude_is_two_tan_half_angle() {
        let mut rng = Rng::new(3);
        for phi in [1e-4, 0.1, 1.0, 2.0, 2.5, 3.0] {
            let tf = rng.direction();
            let n = tf.cross(&rng.direction()).normalize();
            let te = rotate_about_axis(&tf, &n, phi);
            // τ = θe − θf + m_ref = 0 so the material frames are parallel-transport related.
            let (theta_f, m_ref) = (rng.uniform(-3.0, 3.0), rng.uniform(-3.0, 3.0));
            let s = make_stencil(
                Vec3::zeros(),
                tf,
                te,
                0.7,
                1.3,
                theta_f,
                theta_f - m_ref,
                m_ref,
                rng.uniform(-3.0, 3.0),
            );
            let k = material_curvature(&s);
            let mag = (k[0] * k[0] + k[1] * k[1]).sqrt();
            let expect = 2.0 * (phi / 2.0).tan();
            assert!(
                (mag - expect).abs() < 1e-12 * expect,
                "phi {phi}: {mag} vs {expect}"
            );
            assert!((curvature_binormal(&s).norm() - expect).abs() < 1e-12 * expect);
        }
    }

    #[test]
    fn curvature_sign_convention() {
        // Planar bend in the x-y plane, turning towards +y: κb = +2 tan(φ/2) z.
        // With d1 = z (θ = 0): m1 = z, m2 = t × z; κ1 = ½ (m2f + m2e)·κb = 0 and
        // κ2 = −½ (m1f + m1e)·κb = −2 tan(φ/2).
        let phi = 0.4f64;
        let tf = Vec3::x();
        let te = Vec3::new(phi.cos(), phi.sin(), 0.0);
        let s = NodeStencil {
            x0: Vec3::zeros(),
            x1: tf,
            x2: tf + te,
            theta_f: 0.0,
            theta_e: 0.0,
            d1f: Vec3::z(),
            d2f: tf.cross(&Vec3::z()),
            d1e: Vec3::z(),
            d2e: te.cross(&Vec3::z()),
            ref_twist: 0.0,
        };
        let k = material_curvature(&s);
        assert!(k[0].abs() < 1e-15);
        assert!((k[1] + 2.0 * (phi / 2.0).tan()).abs() < 1e-14);
    }
}
