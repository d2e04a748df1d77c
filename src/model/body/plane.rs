//! [`Plane`]: a static half-space boundary (a ground, a wall); it has no DOFs and is not drawn.

use super::{Body, BodyKind, Shape};
use crate::math::Vec3;
use crate::model::Material;

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
    /// The wall's material as contact laws see it (`None`: rigid, `E = ∞`). It never moves.
    pub material: Option<Material>,
}

impl Body for Plane {
    fn kind(&self) -> BodyKind {
        BodyKind::Plane
    }
    fn name(&self) -> &str {
        &self.name
    }
    fn n_nodes(&self) -> usize {
        0
    }
    fn node_dof(&self, i: usize) -> usize {
        unreachable!("plane \"{}\" has no node {i}", self.name)
    }
    fn node_mass(&self, _i: usize) -> f64 {
        0.0
    }
    fn density(&self) -> f64 {
        self.material.map_or(f64::INFINITY, |m| m.density)
    }
    fn is_rigid(&self) -> bool {
        true
    }
    fn dof_name(&self, _k: usize) -> Option<String> {
        None
    }
    fn shape(&self, _q: &[f64], _v: &[f64]) -> Option<Shape<'_>> {
        None
    }
}
