//! A suction pressure on the part of a cell's membrane that has entered a micropipette
//! (micropipette aspiration; Evans & Yeung 1989, Biophys. J. 56:151; Hochmuth 2000,
//! J. Biomech. 33:15).
//!
//! The medium inside the pipette is held `ΔP` (Pa) below the medium around the cell. The
//! uniform outer pressure only shifts the cell's inner pressure (the volume law takes it), so
//! what is left is the work of the pressure difference on the aspirated volume `V_in`, the
//! part of the cell beyond the mouth plane (through the point `p` with unit normal `â`
//! pointing into the pipette):
//!
//! ```text
//! E = −ΔP V_in,   V_in = Σₜ (Nₜ·â) ψ(ζₜ) χ(ρₜ)     (J, m³)
//! ```
//!
//! `Nₜ = ½ (x₁ − x₀) × (x₂ − x₀)` is triangle `t`'s outward area vector and `ζₜ = â·(cₜ − p)`
//! the axial position of its centroid `cₜ`. For a flat triangle `(Nₜ·â) ζₜ = ∫ₜ ζ n̂·â dA`, so
//! with `ψ(ζ) = ζ` the sum over a surface is the volume between it and the plane (divergence
//! theorem with the field `ζ â`, which vanishes on the plane: the opening closes itself). `ψ`
//! is a C² ramp that starts the count smoothly at the plane:
//! `ψ = ζ³/w² − ζ⁴/(2w³)` on `[0, w]`, `ζ − w/2` beyond, 0 before — so `V_in` is the volume past
//! the plane `p + â w/2` for a tongue longer than `w`, and triangles whose centroids lie on the
//! cell's side of the plane count nothing. `χ` keeps the count inside the bore: `ρₜ` is the
//! centroid's distance from the axis through `p`, `χ = 1 − (6u⁵ − 15u⁴ + 10u³)`,
//! `u = clamp((ρ − a)/w, 0, 1)` for the bore radius `a` — the membrane wrapping the pipette's
//! lip or lying on its face, past the plane but outside the bore, is not in the pipette's
//! medium (without `χ` its projected area would count, and pull the membrane over the lip).
//! The force `F = −∇E = ΔP ∇V_in` is, on a node of
//! the tongue, `ΔP` times its share of the outward area vector of the aspirated membrane
//! (`Σₜ ∂(Nₜ·ζₜ â)/∂x` over a closed ring); the total pull on a tongue through the plane is
//! `ΔP` times the opening. The region beyond the plane is the pipette's bore only where the
//! pipette's face closes the plane outside it: give the pipette a face wider than the cell.
//!
//! Derivatives per triangle: with `a = N·â`, `∂a/∂x₀ = ½ (x₁ − x₂) × â` (cyclic),
//! `∂²a/∂xᵢ∂xᵢ₊₁ = −½[â]ₓ`, `∂²a/∂xᵢ∂xᵢ₋₁ = ½[â]ₓ`, 0 on the diagonal; `g = ∇ζ = (â, â, â)/3`,
//! `h = ∇ρ = (ê, ê, ê)/3` (`ê` the radial unit vector), `∇²ρ = (I − ââᵀ − êêᵀ)/(9ρ)` in every
//! 3×3 block; the product rule on `a ψ χ` gives the gradient and the 9×9 Hessian (exact,
//! symmetric). Conservative: [`ForceRole::Potential`] with `E` as its potential.

use super::aero_face::Mat9;
use super::force::add_node_force;
use super::{ExternalForce, ForceEval, ForceRole, NodeDerivatives};
use crate::math::{Mat3, Vec3, cross_matrix};
use nalgebra::SVector;

/// Suction `ΔP` on the part of shell `shell` beyond the mouth plane `(mouth, axis)`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Suction {
    /// Index of the shell (cell) in `model.bodies.shells`.
    pub shell: usize,
    /// Pressure difference `ΔP` (Pa): the pipette's medium is this much below the outside.
    pub pressure: f64,
    /// Centre of the mouth plane `p` (m).
    pub mouth: Vec3,
    /// Unit normal `â` of the mouth plane, pointing into the pipette.
    pub axis: Vec3,
    /// Bore radius `a` (m): the membrane counts within it.
    pub radius: f64,
    /// Width `w` of the ramps over which a triangle enters the sum, past the plane and inside
    /// the bore (m).
    pub width: f64,
}

/// The ramp `ψ(ζ)` (m) with `ψ′` and `ψ″` (per m) over `[0, w]`.
pub fn ramp(zeta: f64, w: f64) -> (f64, f64, f64) {
    if zeta <= 0.0 {
        return (0.0, 0.0, 0.0);
    }
    if zeta >= w {
        return (zeta - 0.5 * w, 1.0, 0.0);
    }
    let u = zeta / w;
    (
        zeta * u * u * (1.0 - 0.5 * u),
        u * u * (3.0 - 2.0 * u),
        6.0 * u * (1.0 - u) / w,
    )
}

/// The bore's weight `χ(ρ)` with `χ′`, `χ″` (per m, per m²): 1 inside `a`, 0 past `a + w`.
pub fn inside(rho: f64, a: f64, w: f64) -> (f64, f64, f64) {
    let u = (rho - a) / w;
    if u <= 0.0 {
        return (1.0, 0.0, 0.0);
    }
    if u >= 1.0 {
        return (0.0, 0.0, 0.0);
    }
    (
        1.0 - u * u * u * (10.0 + u * (-15.0 + 6.0 * u)),
        -30.0 * u * u * (1.0 - u) * (1.0 - u) / w,
        -60.0 * u * (1.0 - u) * (1.0 - 2.0 * u) / (w * w),
    )
}

/// One triangle's share `(N·â) ψ(ζ) χ(ρ)` of the aspirated volume (m³) with its gradient (m²)
/// and Hessian (m) over its nine corner coordinates.
pub fn aspirated_share(x: &[Vec3; 3], s: &Suction) -> (f64, SVector<f64, 9>, Mat9) {
    let (axis, w) = (&s.axis, s.width);
    let rel = (x[0] + x[1] + x[2]) / 3.0 - s.mouth;
    let zeta = axis.dot(&rel);
    let radial = rel - axis * zeta;
    let rho = radial.norm();
    let (psi, p1, p2) = ramp(zeta, w);
    let (chi, c1, c2) = inside(rho, s.radius, w);
    if (psi == 0.0 && p1 == 0.0) || (chi == 0.0 && c1 == 0.0) {
        return (0.0, SVector::zeros(), Mat9::zeros());
    }
    let a = 0.5 * axis.dot(&(x[1] - x[0]).cross(&(x[2] - x[0])));
    let mut ga = SVector::<f64, 9>::zeros();
    let mut ha = Mat9::zeros();
    let skew = cross_matrix(axis) * 0.5;
    for i in 0..3 {
        let (j, k) = ((i + 1) % 3, (i + 2) % 3);
        ga.fixed_rows_mut::<3>(3 * i)
            .copy_from(&((x[j] - x[k]).cross(axis) * 0.5));
        ha.fixed_view_mut::<3, 3>(3 * i, 3 * j).copy_from(&(-skew));
        ha.fixed_view_mut::<3, 3>(3 * i, 3 * k).copy_from(&skew);
    }
    let g = SVector::<f64, 9>::from_fn(|i, _| axis[i % 3] / 3.0);
    // ρ's derivatives; at ρ = 0 (χ′ = 0 there, u ≤ 0) they are not needed.
    let (h, hr) = if rho > 0.0 && c1 != 0.0 {
        let e = radial / rho;
        let proj = (Mat3::identity() - axis * axis.transpose() - e * e.transpose()) / (9.0 * rho);
        let mut hr = Mat9::zeros();
        for r in 0..3 {
            for c in 0..3 {
                hr.fixed_view_mut::<3, 3>(3 * r, 3 * c).copy_from(&proj);
            }
        }
        (SVector::<f64, 9>::from_fn(|i, _| e[i % 3] / 3.0), hr)
    } else {
        (SVector::zeros(), Mat9::zeros())
    };
    let (f, f1, f2) = (psi * chi, p1 * chi, psi * c1);
    let grad = ga * f + g * (a * f1) + h * (a * f2);
    let sym = |u: &SVector<f64, 9>, v: &SVector<f64, 9>| u * v.transpose() + v * u.transpose();
    let hess = ha * f
        + sym(&ga, &g) * f1
        + sym(&ga, &h) * f2
        + g * g.transpose() * (a * p2 * chi)
        + h * h.transpose() * (a * psi * c2)
        + sym(&g, &h) * (a * p1 * c1)
        + hr * (a * f2);
    (a * f, grad, hess)
}

impl Suction {
    /// The corners' DOFs and positions of every triangle of the shell at `q`.
    fn triangles<'a>(
        &'a self,
        e: &'a ForceEval,
    ) -> impl Iterator<Item = ([usize; 3], [Vec3; 3])> + 'a {
        let sh = &e.model.bodies.shells[self.shell];
        sh.mesh.triangles.iter().map(move |t| {
            let dofs = t.map(|n| sh.node_dof(n as usize));
            (
                dofs,
                dofs.map(|d| Vec3::new(e.q[d], e.q[d + 1], e.q[d + 2])),
            )
        })
    }

    /// The aspirated volume `V_in = Σₜ (Nₜ·â) ψ(ζₜ)` (m³) of the shell at `q`.
    pub fn aspirated_volume(&self, e: &ForceEval) -> f64 {
        self.triangles(e)
            .map(|(_, x)| aspirated_share(&x, self).0)
            .sum()
    }
}

impl ExternalForce for Suction {
    fn name(&self) -> &'static str {
        "suction"
    }
    fn energy_role(&self) -> ForceRole {
        ForceRole::Potential
    }
    fn add(&self, e: &ForceEval, force: &mut [f64], jac: &mut NodeDerivatives) {
        for (t, (dofs, x)) in self.triangles(e).enumerate() {
            let (_, g, h) = aspirated_share(&x, self);
            if g.iter().all(|c| *c == 0.0) {
                continue;
            }
            // F = ΔP ∇V_in, ∂F/∂x = ΔP ∇²V_in.
            for (k, dof) in dofs.iter().enumerate() {
                let f: Vec3 = g.fixed_rows::<3>(3 * k).into_owned() * self.pressure;
                add_node_force(force, *dof, &f);
            }
            jac.add_face(self.shell, t, &(h * self.pressure), &Mat9::zeros());
        }
    }
    fn couples_faces(&self) -> bool {
        true
    }
    fn incremental_potential(&self, e: &ForceEval) -> Option<f64> {
        Some(-self.pressure * self.aspirated_volume(e))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::verify::{Rng, gradient, jacobian, max_error_relative_to};

    fn split(q: &SVector<f64, 9>) -> [Vec3; 3] {
        [0, 3, 6].map(|k| q.fixed_rows::<3>(k).into_owned())
    }

    fn suction(mouth: Vec3, axis: Vec3, radius: f64, width: f64) -> Suction {
        Suction {
            shell: 0,
            pressure: 1.0,
            mouth,
            axis,
            radius,
            width,
        }
    }

    /// The gradient and Hessian of `(N·â) ψ(ζ) χ(ρ)` against central differences, for
    /// triangles before, across and beyond both ramps (past the plane, out of the bore).
    #[test]
    fn aspirated_share_derivatives_match_finite_differences() {
        let mut rng = Rng::new(7);
        let axis = Vec3::new(0.3, -0.2, 1.0).normalize();
        let side = axis.cross(&Vec3::x()).normalize();
        let mouth = Vec3::new(1e-7, -2e-7, 3e-7);
        let (a, w) = (1.5e-6, 5e-7);
        let s = suction(mouth, axis, a, w);
        let (mut in_both, mut tested) = (0, 0);
        for _ in 0..400 {
            let zeta = rng.uniform(-0.3 * w, 1.3 * w);
            let rho = a + rng.uniform(-0.3 * w, 1.3 * w);
            let centre = mouth + axis * zeta + side * rho;
            let q = SVector::<f64, 9>::from_fn(|i, _| centre[i % 3] + rng.uniform(-3e-7, 3e-7));
            let x = split(&q);
            let rel = (x[0] + x[1] + x[2]) / 3.0 - mouth;
            let (z, r) = (axis.dot(&rel), (rel - axis * axis.dot(&rel)).norm());
            // Central differences straddling a ramp's end see its third derivative jump.
            let near = |u: f64| u.abs() < 0.01 || (u - 1.0).abs() < 0.01;
            if near(z / w) || near((r - a) / w) {
                continue;
            }
            tested += 1;
            if z > 0.0 && z < w && r > a && r < a + w {
                in_both += 1;
            }
            let (_, g, h) = aspirated_share(&x, &s);
            let step = 1e-11;
            let fd_g = gradient(|y| aspirated_share(&split(y), &s).0, &q, step);
            let fd_h = jacobian(|y| aspirated_share(&split(y), &s).1, &q, step);
            let eg = max_error_relative_to(fd_g.as_slice(), g.as_slice());
            let eh = max_error_relative_to(fd_h.as_slice(), h.as_slice());
            assert!(
                eg < 1e-6,
                "gradient {eg} at ζ/w = {}, (ρ − a)/w = {}",
                z / w,
                (r - a) / w
            );
            assert!(
                eh < 1e-5,
                "Hessian {eh} at ζ/w = {}, (ρ − a)/w = {}",
                z / w,
                (r - a) / w
            );
            assert!((h - h.transpose()).norm() <= 1e-12 * h.norm().max(1e-30));
        }
        assert!(
            tested > 300 && in_both > 20,
            "{tested} tested, {in_both} in both ramps"
        );
    }

    /// χ is a C² step down from 1 inside the bore to 0 past `a + w`.
    #[test]
    fn inside_is_a_c2_step() {
        let (a, w) = (1.0, 2.0);
        assert_eq!(inside(0.5, a, w), (1.0, 0.0, 0.0));
        assert_eq!(inside(3.5, a, w), (0.0, 0.0, 0.0));
        assert!((inside(2.0, a, w).0 - 0.5).abs() < 1e-15);
        for r in [1.1, 1.7, 2.3, 2.9] {
            let (_, d1, d2) = inside(r, a, w);
            let h = 1e-6;
            assert!(
                ((inside(r + h, a, w).0 - inside(r - h, a, w).0) / (2.0 * h) - d1).abs() < 1e-8
            );
            assert!(
                ((inside(r + h, a, w).1 - inside(r - h, a, w).1) / (2.0 * h) - d2).abs() < 1e-7
            );
        }
    }

    /// ψ is a C² ramp: 0 before the plane, `ζ − w/2` past the band, ψ′ and ψ″ its
    /// derivatives.
    #[test]
    fn ramp_is_c2() {
        let w = 2.0;
        assert_eq!(ramp(-1.0, w), (0.0, 0.0, 0.0));
        assert_eq!(ramp(3.0, w), (2.0, 1.0, 0.0));
        assert_eq!(ramp(w, w), (1.0, 1.0, 0.0));
        for z in [0.1, 0.7, 1.3, 1.9] {
            let (_, d1, d2) = ramp(z, w);
            let h = 1e-6;
            assert!(((ramp(z + h, w).0 - ramp(z - h, w).0) / (2.0 * h) - d1).abs() < 1e-8);
            assert!(((ramp(z + h, w).1 - ramp(z - h, w).1) / (2.0 * h) - d2).abs() < 1e-7);
        }
    }

    /// A closed tube (radius 1, from z = −2 to z = 2, 64-gon rings every 0.05, fans at the
    /// ends) crossing the mouth plane z = 0, the bore of radius 1.5 around it: the pull along `â` summed over the mesh is the
    /// opening's area `A` (the pressure on the opening, for ΔP = 1), and `V_in` is the tongue's
    /// `2A` less the band's `A w/2` (the wall triangles have `N·â = 0`; the end fan past the
    /// band counts `A (2 − w/2)`).
    #[test]
    fn the_axial_pull_on_a_tube_is_the_pressure_on_the_opening() {
        let (n, rings, w) = (64usize, 81usize, 0.4);
        let mut v: Vec<Vec3> = Vec::new();
        for r in 0..rings {
            let z = -2.0 + 0.05 * r as f64;
            for k in 0..n {
                let a = 2.0 * std::f64::consts::PI * k as f64 / n as f64;
                v.push(Vec3::new(a.cos(), a.sin(), z));
            }
        }
        let (bottom, top) = (v.len(), v.len() + 1);
        v.push(Vec3::new(0.0, 0.0, -2.0));
        v.push(Vec3::new(0.0, 0.0, 2.0));
        let mut tris: Vec<[usize; 3]> = Vec::new();
        for r in 0..rings - 1 {
            for k in 0..n {
                let k1 = (k + 1) % n;
                let (a, b, c, d) = (r * n + k, r * n + k1, (r + 1) * n + k1, (r + 1) * n + k);
                tris.push([a, b, c]);
                tris.push([a, c, d]);
            }
        }
        for k in 0..n {
            let k1 = (k + 1) % n;
            tris.push([bottom, k1, k]);
            tris.push([top, (rings - 1) * n + k, (rings - 1) * n + k1]);
        }
        let s = suction(Vec3::zeros(), Vec3::z(), 1.5, w);
        let (mut pull, mut volume) = (Vec3::zeros(), 0.0);
        for t in &tris {
            let (sv, g, _) = aspirated_share(&t.map(|i| v[i]), &s);
            volume += sv;
            for k in 0..3 {
                pull += g.fixed_rows::<3>(3 * k).into_owned();
            }
        }
        let area = 0.5 * n as f64 * (2.0 * std::f64::consts::PI / n as f64).sin();
        assert!(
            (pull.z - area).abs() < 1e-12 * area,
            "{pull} against {area}"
        );
        assert!(pull.x.abs() < 1e-12 && pull.y.abs() < 1e-12);
        let expected = 2.0 * area - area * w / 2.0;
        assert!(
            (volume - expected).abs() < 1e-12 * expected,
            "{volume} against {expected}"
        );
    }
}
