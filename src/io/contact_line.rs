//! One contact as output writes it: a line between the two primitives, with its forces.

use crate::math::Vec3;

/// An active contact: where its two primitives are, who they are, and its forces (see
/// `catena::granular::contact_lines` for how they are made).
#[derive(Debug, Clone, PartialEq)]
pub struct ContactLine {
    /// Centre of the first primitive (m).
    pub a: Vec3,
    /// Centre of the second primitive, or the foot of the perpendicular on a plane (m).
    pub b: Vec3,
    /// Label of the first primitive (e.g. `sphere "p3"`).
    pub first: String,
    /// Label of the second primitive.
    pub second: String,
    /// Index of the scene's `contacts` entry that made the pair.
    pub binding: u32,
    /// Gap (m); negative when the primitives overlap.
    pub gap: f64,
    /// Normal force (N), positive when the contact pushes the primitives apart.
    pub normal_force: f64,
    /// Magnitude of the tangential force (N).
    pub tangential_force: f64,
}

impl ContactLine {
    /// Overlap `max(−gap, 0)` (m).
    pub fn overlap(&self) -> f64 {
        (-self.gap).max(0.0)
    }
}
