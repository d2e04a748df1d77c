//! Stretching of a shell edge (seed 004 §3.1, Eqs. 9–10): the rod stretching spring with the
//! paper's default stiffness for shell edges.
//!
//! The energy is exactly the rod's, `E = ½ k_s ε² ‖ē‖` with `ε = ‖e‖/‖ē‖ − 1` (seed 004
//! Eq. 10 = seed 001 Eq. 5 with `EA → k_s`), so the kernel is
//! [`stretch_energy_grad_hess`](crate::elastic::stretch_energy_grad_hess) itself; this module
//! only adds the stiffness rule
//!
//! `k_s = (√3/4) E h ‖ē‖` (N) (seed 004 §3.1, citing Savin et al. 2011),
//!
//! with `E` the Young's modulus (Pa), `h` the thickness (m) and `‖ē‖` the rest length (m).
//!
//! **What this rule models.** A network of such springs on an equilateral mesh of edge `a`
//! responds to a uniform in-plane strain like an isotropic sheet of Poisson's ratio 1/3 and
//! two-dimensional Young's modulus `Y₂ = (2/√3) k_s/‖ē‖` (the classical triangular-lattice
//! result; checked by `lattice_membrane_modulus` below), i.e. `Y₂ = E h / 2` with the paper's
//! rule: half the membrane stiffness `E h` of the plate. The public MAT-DiSMech code uses
//! `k_s = (√3/2) E h ‖ē‖` (twice the printed value), which gives `Y₂ = E h`; equivalently,
//! `(√3/4) E h ‖ē‖` *per adjacent triangle*. catena takes that reading
//! ([`shell_stretch_params`] with the edge's number of triangles): each triangle contributes
//! `(√3/4) E h ‖ē‖` to each of its edges, so interior edges get `(√3/2) E h ‖ē‖` and the
//! membrane has its right stiffness `E h` on an equilateral mesh, while boundary edges (one
//! triangle) get the printed value. The choice only moves the (stiff) membrane response of a
//! thin shell, not its bending.

use super::super::stretch::StretchParams;

/// Default stretching stiffness `k_s = (√3/4) E h ‖ē‖` (N) of a shell edge (seed 004 §3.1).
///
/// `youngs` is `E` (Pa), `thickness` is `h` (m), `rest_length` is `‖ē‖` (m). See the module
/// documentation for what the rule models and how it differs from the public DiSMech code.
pub fn shell_stretch_stiffness(youngs: f64, thickness: f64, rest_length: f64) -> f64 {
    0.25 * 3f64.sqrt() * youngs * thickness * rest_length
}

/// Stretching parameters of a shell edge bordered by `triangles` (1 or 2) triangles, for
/// [`stretch_energy_grad_hess`](crate::elastic::stretch_energy_grad_hess):
/// `E = ½ k_s ε² ‖ē‖` with `k_s` = `triangles` × [`shell_stretch_stiffness`] (seed 004
/// Eqs. 9–10, per adjacent triangle: see the module documentation).
pub fn shell_stretch_params(
    youngs: f64,
    thickness: f64,
    rest_length: f64,
    triangles: usize,
) -> StretchParams {
    StretchParams {
        ea: triangles as f64 * shell_stretch_stiffness(youngs, thickness, rest_length),
        rest_length,
    }
}

#[cfg(test)]
mod tests {
    use super::super::super::stretch::{stretch_energy, stretch_energy_grad_hess};
    use super::*;
    use crate::math::Vec3;
    use crate::verify::{Rng, gradient, jacobian, max_error_relative_to};
    use nalgebra::SVector;

    #[test]
    fn shell_edge_energy_is_seed_004_eq_10() {
        let (youngs, h, rest) = (2.0e9, 1.0e-3, 4.0e-3);
        let p = shell_stretch_params(youngs, h, rest, 1);
        let x0 = Vec3::new(0.1, 0.2, -0.3);
        let x1 = x0 + Vec3::new(0.6, -0.8, 0.0) * (1.05 * rest);
        let eps = 0.05;
        let ks = 3f64.sqrt() / 4.0 * youngs * h * rest;
        let expected = 0.5 * ks * eps * eps * rest;
        let e = stretch_energy(&p, &x0, &x1);
        assert!(
            (e - expected).abs() <= 1e-12 * expected,
            "{e} vs {expected}"
        );
    }

    #[test]
    fn shell_edge_fd_gradient_and_hessian() {
        let mut rng = Rng::new(11);
        let mut worst = (0.0f64, 0.0f64);
        for _ in 0..10 {
            let rest = rng.log_uniform(1e-3, 1.0);
            let p = shell_stretch_params(rng.log_uniform(1e6, 1e11), 1e-3, rest, 2);
            let x0 = rng.vector(rest);
            let x1 = x0 + rng.direction() * rest * rng.uniform(0.7, 1.3);
            let (_, g, h) = stretch_energy_grad_hess(&p, &x0, &x1);
            let q = SVector::<f64, 6>::from_iterator(x0.iter().chain(x1.iter()).copied());
            let split = |q: &SVector<f64, 6>| {
                (
                    q.fixed_rows::<3>(0).into_owned(),
                    q.fixed_rows::<3>(3).into_owned(),
                )
            };
            let step = 1e-6 * rest;
            let gfd = gradient(
                |q| {
                    let (a, b) = split(q);
                    stretch_energy(&p, &a, &b)
                },
                &q,
                step,
            );
            let hfd = jacobian(
                |q| {
                    let (a, b) = split(q);
                    stretch_energy_grad_hess(&p, &a, &b).1
                },
                &q,
                step,
            );
            worst.0 = worst
                .0
                .max(max_error_relative_to(gfd.as_slice(), g.as_slice()));
            worst.1 = worst
                .1
                .max(max_error_relative_to(hfd.as_slice(), h.as_slice()));
        }
        println!(
            "shell stretch FD: grad {:.2e}, hess {:.2e}",
            worst.0, worst.1
        );
        assert!(worst.0 < 1e-7 && worst.1 < 1e-7, "{worst:?}");
    }

    /// The spring network of an equilateral mesh under a uniform in-plane strain stores the
    /// energy density of an isotropic sheet with `ν = 1/3` and `Y₂ = (2/√3) k_s/‖ē‖`, i.e.
    /// `Y₂ = E h` for interior edges (two triangles each, module documentation). Checked to second order in the
    /// strain on the infinite lattice (three edge directions, `2√3/a²` edges per unit area).
    #[test]
    fn lattice_membrane_modulus() {
        let (youngs, h, a) = (1.0e9, 2.0e-3, 0.01);
        let ks = 2.0 * shell_stretch_stiffness(youngs, h, a);
        let edges_per_area = 2.0 * 3f64.sqrt() / (a * a);
        let y2 = 2.0 / 3f64.sqrt() * ks / a;
        assert!((y2 - youngs * h).abs() < 1e-9 * y2);
        let nu = 1.0 / 3.0;
        let lame_mu = y2 / (2.0 * (1.0 + nu));
        let lame_lambda = y2 * nu / (1.0 - nu * nu);
        let mut rng = Rng::new(5);
        for _ in 0..5 {
            // A small symmetric in-plane strain (exx, eyy, exy).
            let s = 1e-5;
            let (exx, eyy, exy) = (rng.signed() * s, rng.signed() * s, rng.signed() * s);
            let mut density = 0.0;
            for k in 0..3 {
                let ang = k as f64 * std::f64::consts::PI / 3.0 + 0.3;
                let (c, sn) = (ang.cos(), ang.sin());
                let rest = Vec3::new(c, sn, 0.0) * a;
                let def = Vec3::new(
                    rest.x * (1.0 + exx) + rest.y * exy,
                    rest.x * exy + rest.y * (1.0 + eyy),
                    0.0,
                );
                let p = shell_stretch_params(youngs, h, a, 2);
                density += stretch_energy(&p, &Vec3::zeros(), &def) * edges_per_area / 3.0;
            }
            let tr = exx + eyy;
            let sq = exx * exx + eyy * eyy + 2.0 * exy * exy;
            let continuum = 0.5 * lame_lambda * tr * tr + lame_mu * sq;
            assert!(
                (density - continuum).abs() < 1e-4 * continuum,
                "{density} vs {continuum}"
            );
        }
    }
}
