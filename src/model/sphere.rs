//! Rigid spheres: three translational DOFs each (rotation is not modelled yet).
//!
//! Mass `m = ρ 4/3 π r³` (kg) lumped on the three DOFs.

use super::Material;
use crate::math::Vec3;

/// A rigid sphere.
#[derive(Debug, Clone)]
pub struct Sphere {
    /// Name given in the scene.
    pub name: String,
    /// Index of its first DOF in the global vector.
    pub offset: usize,
    /// Global node number (spheres follow the rod nodes in the node numbering).
    pub node: usize,
    /// Radius (m).
    pub radius: f64,
    /// Material (E, G, ρ).
    pub material: Material,
}

impl Sphere {
    /// Mass (kg).
    pub fn mass(&self) -> f64 {
        self.material.density * 4.0 / 3.0 * std::f64::consts::PI * self.radius.powi(3)
    }
    /// Centre in configuration `q`.
    pub fn center(&self, q: &[f64]) -> Vec3 {
        Vec3::new(q[self.offset], q[self.offset + 1], q[self.offset + 2])
    }
}

/// A static half-space boundary: the plane through `origin` with unit `normal` pointing into the
/// free side.
#[derive(Debug, Clone, PartialEq)]
pub struct Plane {
    /// Name given in the scene.
    pub name: String,
    /// A point of the plane (m).
    pub origin: Vec3,
    /// Unit normal, pointing to the side where bodies live.
    pub normal: Vec3,
}
