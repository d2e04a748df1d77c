//! Rotations of rigid bodies by world-frame rotation vectors: the exponential map
//! `exp(φ) = exp([φ]×)` (Rodrigues) and its left Jacobian `J_l(φ)`, with
//! `d(exp(φ) p)/dφ = −[exp(φ) p]× J_l(φ)`: a change `δφ` of the rotation vector turns the body
//! by the infinitesimal world rotation `δψ = J_l(φ) δφ` (Chirikjian, *Stochastic Models,
//! Information Theory, and Lie Groups*, vol. 2, 2012, §10.2; Barfoot, *State Estimation for
//! Robotics*, 2017, Eq. 7.86).

use crate::math::{Mat3, Vec3, cross_matrix};
use nalgebra::UnitQuaternion;

/// `exp(φ)`: the rotation by the angle `|φ|` (rad) about `φ/|φ|`.
pub fn exp_map(phi: &Vec3) -> UnitQuaternion<f64> {
    UnitQuaternion::from_scaled_axis(*phi)
}

/// The left Jacobian of SO(3) at `φ`:
/// `J_l(φ) = I + (1 − cos θ)/θ² [φ]× + (θ − sin θ)/θ³ [φ]×²`, `θ = |φ|`; the coefficients by
/// their Taylor series below `θ = 10⁻³` (truncation under 10⁻¹⁶).
pub fn left_jacobian(phi: &Vec3) -> Mat3 {
    let t2 = phi.norm_squared();
    let (a, b) = if t2 < 1e-6 {
        (
            0.5 - t2 / 24.0 + t2 * t2 / 720.0,
            1.0 / 6.0 - t2 / 120.0 + t2 * t2 / 5040.0,
        )
    } else {
        let t = t2.sqrt();
        ((1.0 - t.cos()) / t2, (t - t.sin()) / (t2 * t))
    };
    let k = cross_matrix(phi);
    Mat3::identity() + k * a + k * k * b
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `d(exp(φ) p)/dφ = −[exp(φ) p]× J_l(φ)` against central differences, at small, moderate
    /// and large angles (across the series' switch).
    #[test]
    fn the_left_jacobian_is_the_derivative_of_the_rotated_point() {
        let p = Vec3::new(0.3, -1.2, 0.7);
        for phi in [
            Vec3::new(1e-5, -2e-5, 3e-6),
            Vec3::new(4e-4, 3e-4, -5e-4),
            Vec3::new(0.3, -0.2, 0.9),
            Vec3::new(2.0, 1.0, -1.5),
        ] {
            let analytic = -cross_matrix(&(exp_map(&phi) * p)) * left_jacobian(&phi);
            let h = 1e-6;
            for j in 0..3 {
                let mut e = Vec3::zeros();
                e[j] = h;
                let fd = (exp_map(&(phi + e)) * p - exp_map(&(phi - e)) * p) / (2.0 * h);
                let col = analytic.column(j);
                assert!(
                    (fd - col).norm() < 1e-8,
                    "φ = {phi}, column {j}: {fd} vs {col}"
                );
            }
        }
    }
}
