//! One sphere as data.

use crate::math::Vec3;

/// A sphere's initial state as a file or a generator gives it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SphereRow {
    /// Centre (m).
    pub center: Vec3,
    /// Radius (m).
    pub radius: f64,
    /// Velocity (m/s).
    pub velocity: Vec3,
    /// Angular velocity ω (rad/s, world frame).
    pub omega: Vec3,
}

impl SphereRow {
    /// A sphere at rest.
    pub fn at_rest(center: Vec3, radius: f64) -> Self {
        Self {
            center,
            radius,
            velocity: Vec3::zeros(),
            omega: Vec3::zeros(),
        }
    }

    /// Volume `4/3 π r³` (m³).
    pub fn volume(&self) -> f64 {
        4.0 / 3.0 * std::f64::consts::PI * self.radius.powi(3)
    }
}
