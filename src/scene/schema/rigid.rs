//! Rigid bodies: spheres and static planes.

use super::super::values::{Positive, V3};
use serde::{Deserialize, Serialize};

/// A rigid sphere (translational DOFs).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SphereSpec {
    /// Unique name.
    pub name: String,
    /// Key into `materials`.
    pub material: String,
    /// Radius (m).
    pub radius: Positive,
    /// Initial centre (m).
    pub center: V3,
    /// Initial velocity (m/s).
    #[serde(default)]
    pub velocity: V3,
    /// Hold the sphere fixed.
    #[serde(default)]
    pub fixed: bool,
}

/// A static plane.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlaneSpec {
    /// Unique name.
    pub name: String,
    /// A point of the plane (m).
    pub origin: V3,
    /// Normal pointing to the side where bodies are (normalised on load).
    pub normal: V3,
}
