//! Rigid bodies: spheres and static planes.

use super::super::values::{Positive, V3};
use super::TranslateSpec;
use serde::{Deserialize, Serialize};

/// A rigid sphere: its centre moves and, unless `rotation: false`, it rotates (three rotational
/// DOFs, moment of inertia `2/5 m r²`), driven by the torques of its contacts.
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
    /// Initial angular velocity ω (rad/s, world frame).
    #[serde(default)]
    pub angular_velocity: V3,
    /// Whether the sphere rotates (default true, as in DEM codes); `false` locks its rotation
    /// (no rotational DOFs, no torque, friction acts as on a sliding point).
    #[serde(default = "rotates")]
    pub rotation: bool,
    /// Hold the sphere fixed: its centre does not move, and a rotating sphere keeps its initial
    /// angular velocity (a driven roller).
    #[serde(default)]
    pub fixed: bool,
    /// Contact mask (default 0): the row and column of `N_T_MaskedConstantResistance`'s
    /// matrices this sphere takes.
    #[serde(default, skip_serializing_if = "no_mask")]
    pub mask: u32,
    /// Drive the centre along a prescribed translation (an indenter, a pushed ball):
    /// `translate: (velocity: (0, 0, -1e-4), start: …, end: …, ramp: …)`, the velocity (m/s)
    /// scheduled as a rigid body's (`stop_load` is for rigid bodies). The centre's DOFs (and a
    /// rotating sphere's rotation, which keeps its initial angular velocity) are held on the
    /// path; the contact force on the sphere is its drive's reaction, the `NAME_fx … NAME_tz`
    /// columns of `steps.csv`. Under `integrator: Static` the time is the load parameter.
    #[serde(default)]
    pub translate: Option<TranslateSpec>,
}

/// Spheres rotate unless told not to.
pub(super) fn rotates() -> bool {
    true
}

/// Whether a body's `mask` is the default (left out when a scene is written).
pub(super) fn no_mask(mask: &u32) -> bool {
    *mask == 0
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
    /// Key into `materials`: the wall's elasticity as contact laws see it (Hertz's `Ê`,
    /// Mindlin's `G*`), as DEM decks give walls a material; default: rigid (`E = ∞`).
    #[serde(default)]
    pub material: Option<String>,
    /// Contact mask (default 0): the row and column of `N_T_MaskedConstantResistance`'s
    /// matrices this plane takes.
    #[serde(default, skip_serializing_if = "no_mask")]
    pub mask: u32,
}
