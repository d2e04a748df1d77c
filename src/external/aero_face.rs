//! The aerodynamic drag of one shell triangle on its three nodes (seed 004 §5.4, Eq. 29), with
//! its exact Jacobians.
//!
//! Each node `i` of face `k` feels the pressure drag of the fluid on its share `A_k/3` of the
//! face, along the face normal, opposing the normal component of its velocity:
//!
//! ```text
//! fᵢ = −c |sᵢ| sᵢ n̂,   sᵢ = vᵢ·n̂,   c = ρ_med C_D A_k / 6     (N)
//! ```
//!
//! with `A_k` the face's rest area (m²), `ρ_med` the medium density (kg/m³), `C_D` the drag
//! coefficient (−) and `n̂ = m/‖m‖`, `m = (x_b − x_a) × (x_c − x_a)`, the unit normal at the
//! current configuration. seed 004 sums this over the faces sharing a node; here one face's
//! contribution is computed, the assembly sums.
//!
//! Derivatives (the seed's Eq. 30, written out): with `g(s) = |s| s`, `g′(s) = 2|s|`,
//! * `∂fᵢ/∂vᵢ = −c g′(sᵢ) n̂ n̂ᵀ` (and 0 for `j ≠ i`);
//! * `∂fᵢ/∂xⱼ = −c [g′(sᵢ) n̂ vᵢᵀ + g(sᵢ) I] ∂n̂/∂xⱼ`, with `∂n̂/∂m = (I − n̂n̂ᵀ)/‖m‖`,
//!   `∂m/∂x_b = −[e₂]ₓ`, `∂m/∂x_c = [e₁]ₓ`, `∂m/∂x_a = [e₂]ₓ − [e₁]ₓ` (`e₁ = x_b − x_a`,
//!   `e₂ = x_c − x_a`, `[a]ₓ` the cross-product matrix).
//!
//! The seed evaluates the velocity explicitly, `uᵢ = (xᵢ(tₙ) − xᵢ(tₙ₋₁))/Δt`; catena takes the
//! velocity of the iterate, so the force is implicit like every other force of the step and its
//! Jacobian is exact. The drag dissipates and has no potential. `g` is C¹, so Newton sees a
//! continuous Jacobian through `sᵢ = 0`.

use crate::math::{Mat3, Vec3, cross_matrix};
use nalgebra::SMatrix;

/// 9×9 block over a face's three nodes (node `a` first).
pub type Mat9 = SMatrix<f64, 9, 9>;

/// The drag of one face: forces on its nodes and their derivatives.
#[derive(Debug, Clone, PartialEq)]
pub struct FaceDrag {
    /// Force on each node (N).
    pub force: [Vec3; 3],
    /// `∂f/∂x` over the face's nine coordinates (N/m).
    pub dfdx: Mat9,
    /// `∂f/∂v` (block diagonal) (N·s/m).
    pub dfdv: Mat9,
}

/// The drag of a face with nodes `x` (m), velocities `v` (m/s) and coefficient
/// `c = ρ_med C_D A_k / 6` (kg/m); all zero for a degenerate face (no normal).
pub fn face_drag(x: &[Vec3; 3], v: &[Vec3; 3], c: f64) -> FaceDrag {
    let mut out = FaceDrag {
        force: [Vec3::zeros(); 3],
        dfdx: Mat9::zeros(),
        dfdv: Mat9::zeros(),
    };
    let (e1, e2) = (x[1] - x[0], x[2] - x[0]);
    let m = e1.cross(&e2);
    let norm = m.norm();
    if norm.is_nan() || norm <= 0.0 {
        return out;
    }
    let n = m / norm;
    let dn_dm = (Mat3::identity() - n * n.transpose()) / norm;
    let (s1, s2) = (cross_matrix(&e1), cross_matrix(&e2));
    let dn_dx = [dn_dm * (s2 - s1), -dn_dm * s2, dn_dm * s1];
    for (i, vi) in v.iter().enumerate() {
        let s = vi.dot(&n);
        let (g, g1) = (s.abs() * s, 2.0 * s.abs());
        out.force[i] = -n * (c * g);
        let dfv = -(n * n.transpose()) * (c * g1);
        out.dfdv
            .fixed_view_mut::<3, 3>(3 * i, 3 * i)
            .copy_from(&dfv);
        let outer = -(n * vi.transpose() * g1 + Mat3::identity() * g) * c;
        for (j, dn) in dn_dx.iter().enumerate() {
            out.dfdx
                .fixed_view_mut::<3, 3>(3 * i, 3 * j)
                .copy_from(&(outer * dn));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::verify::{Rng, jacobian, max_error_relative_to};
    use nalgebra::SVector;

    type V9 = SVector<f64, 9>;

    fn split(z: &V9) -> [Vec3; 3] {
        [0, 1, 2].map(|k| Vec3::new(z[3 * k], z[3 * k + 1], z[3 * k + 2]))
    }
    fn stack(f: &[Vec3; 3]) -> V9 {
        V9::from_iterator(f.iter().flat_map(|p| p.iter().copied()))
    }

    #[test]
    fn jacobians_match_finite_differences() {
        let mut rng = Rng::new(11);
        let c = 0.37;
        for sample in 0..200 {
            let x = [rng.vector(1.0), rng.vector(1.0), rng.vector(1.0)];
            // Some velocities nearly in the face plane (s ≈ 0, where g″ jumps).
            let n = (x[1] - x[0]).cross(&(x[2] - x[0])).normalize();
            let v = [0, 1, 2].map(|_| {
                let w = rng.vector(2.0);
                if sample % 4 == 0 {
                    w - n * n.dot(&w) * 0.999
                } else {
                    w
                }
            });
            let d = face_drag(&x, &v, c);
            let fx = jacobian(
                |z: &V9| stack(&face_drag(&split(z), &v, c).force),
                &stack(&x),
                1e-7,
            );
            let fv = jacobian(
                |z: &V9| stack(&face_drag(&x, &split(z), c).force),
                &stack(&v),
                1e-7,
            );
            let ex = max_error_relative_to(fx.as_slice(), d.dfdx.as_slice());
            let ev = max_error_relative_to(fv.as_slice(), d.dfdv.as_slice());
            assert!(
                ex < 1e-6 && ev < 1e-6,
                "sample {sample}: ∂f/∂x {ex:e}, ∂f/∂v {ev:e}"
            );
        }
    }

    #[test]
    fn a_face_moving_along_its_normal_feels_the_quadratic_drag() {
        // Unit right triangle in z = 0 (A = ½): normal +z. Nodes moving down at 2 m/s.
        let x = [Vec3::zeros(), Vec3::x(), Vec3::y()];
        let (rho, cd, area) = (1.2, 0.5, 0.5);
        let c = rho * cd * area / 6.0;
        let v = [Vec3::new(0.3, -0.1, -2.0); 3];
        let d = face_drag(&x, &v, c);
        // Each node: ½ρC_D(A/3)v_n² upwards; the three together ½ρC_D A v_n².
        let total: Vec3 = d.force.iter().sum();
        assert!((total - Vec3::new(0.0, 0.0, 0.5 * rho * cd * area * 4.0)).norm() < 1e-12);
        // Tangential motion alone feels nothing.
        let slide = face_drag(&x, &[Vec3::new(1.0, 2.0, 0.0); 3], c);
        assert!(slide.force.iter().all(|f| f.norm() == 0.0));
        // The force does not depend on the face's orientation sign.
        let flipped = face_drag(&[x[0], x[2], x[1]], &v, c);
        assert!((flipped.force[0] - d.force[0]).norm() < 1e-15);
    }

    #[test]
    fn a_degenerate_face_is_inert() {
        let x = [Vec3::zeros(), Vec3::x(), Vec3::x() * 2.0];
        let d = face_drag(&x, &[Vec3::z(); 3], 1.0);
        assert!(d.force.iter().all(|f| *f == Vec3::zeros()) && d.dfdx == Mat9::zeros());
    }
}
