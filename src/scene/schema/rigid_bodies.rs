//! Rigid bodies with a triangle-mesh surface: a box, a cylinder, an icosphere, a mesh file or
//! inline arrays; free, fixed or moved along a prescribed path (a piston, a rotating drum).

use super::super::values::{NonNegative, Positive, V3};
use serde::{Deserialize, Serialize};

/// A rigid body.
///
/// The mesh as given, turned by `rotate` about its origin and moved by `translate`, is the
/// body's pose at `t = 0`. A closed mesh is a solid: its mass and inertia tensor follow from
/// the material's density and the divergence theorem (or `mass`, which scales them). An open
/// mesh is a wall: it must be `Fixed` or `Prescribed`.
///
/// ```ron
/// (name: "drum", material: "steel", mesh: Cylinder(radius: 0.05, length: 0.03, segments: 64),
///  rotate: (1.5708, 0, 0),
///  motion: Prescribed(rotate: (axis: (0, 1, 0), point: (0, 0, 0), rate: 3.0))),
/// ```
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RigidBodySpec {
    /// Unique name.
    pub name: String,
    /// Key into `materials`: density (mass), E and ν (contact laws).
    pub material: String,
    /// The surface.
    pub mesh: RigidMeshSpec,
    /// Rotation vector (rad) applied to the mesh about its origin, before `translate`.
    #[serde(default)]
    pub rotate: V3,
    /// Offset added to the mesh (m).
    #[serde(default)]
    pub translate: V3,
    /// Mass (kg), instead of density × volume (the inertia tensor is scaled with it).
    #[serde(default)]
    pub mass: Option<Positive>,
    /// Initial velocity of the centre of mass (m/s).
    #[serde(default)]
    pub velocity: V3,
    /// Initial angular velocity (rad/s, world frame).
    #[serde(default)]
    pub angular_velocity: V3,
    /// How it moves (default `Free`).
    #[serde(default)]
    pub motion: RigidMotionSpec,
    /// Contact radius of the surface (m): its triangles, edges and vertices are swept by it.
    #[serde(default)]
    pub skin: NonNegative,
    /// Contact mask (default 0): the row and column of `N_T_MaskedConstantResistance`'s
    /// matrices this body takes.
    #[serde(default, skip_serializing_if = "super::rigid::no_mask")]
    pub mask: u32,
}

/// A rigid body's surface.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub enum RigidMeshSpec {
    /// The box of edge lengths `size` (m) centred at the origin.
    Box {
        /// Edge lengths along x, y, z (m).
        size: V3,
    },
    /// The cylinder about z through the origin, of `radius` and `length` (m), its circles as
    /// regular polygons of `segments` sides (default 32).
    Cylinder {
        /// Radius (m).
        radius: Positive,
        /// Length (m).
        length: Positive,
        /// Sides of the circles.
        #[serde(default = "default_segments")]
        segments: usize,
    },
    /// A sphere's surface of `radius` (m), subdivided `level` times (an icosphere).
    Icosphere {
        /// Radius (m).
        radius: Positive,
        /// Subdivision level (0–9).
        level: usize,
    },
    /// A mesh file relative to the scene file: `.obj`, `.stl` or a `.txt` node file.
    File(String),
    /// Node positions (N × 3, m) and triangles (T × 3, 0-based node indices).
    Inline {
        /// Nodes.
        nodes: Vec<Vec<f64>>,
        /// Triangles.
        triangles: Vec<Vec<i64>>,
    },
}

fn default_segments() -> usize {
    32
}

/// How a rigid body moves.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub enum RigidMotionSpec {
    /// Six free DOFs under its forces and torques.
    #[default]
    Free,
    /// Held at its initial pose.
    Fixed,
    /// Along a prescribed path: a translation and a rotation, each optional and staged.
    Prescribed {
        /// Translation at constant velocity.
        #[serde(default)]
        translate: Option<TranslateSpec>,
        /// Rotation at a constant rate about an axis.
        #[serde(default)]
        rotate: Option<RotateSpec>,
    },
    /// Load-controlled along a coordinate axis (a servo-controlled piston, as DEM codes' servo
    /// walls): free to translate along `direction` (±x, ±y or ±z) only, pushed along it by
    /// `load` (N, staged by `start`, `end` and `ramp` as a `PointForce`) and resisted by a
    /// dashpot of `resistance` (N·s/m) besides its contacts and its weight. It approaches at
    /// most at `load/resistance` and comes to rest where its contacts carry the load (plus its
    /// weight along the direction): compress a bed to a stress and hold it, in the inertial
    /// and the overdamped modes. Needs a closed mesh or a `mass`.
    ///
    /// ```ron
    /// motion: Loaded(direction: (0, 0, -1), load: 4.0, resistance: 400.0)
    /// ```
    Loaded {
        /// The direction of the load: a coordinate axis, either sense.
        direction: V3,
        /// The load (N).
        load: Positive,
        /// Resistance of the dashpot to the ground (N·s/m).
        resistance: Positive,
        /// The load acts from this time (s; default 0).
        #[serde(default)]
        start: Option<NonNegative>,
        /// The load is gone from this time (s; default never).
        #[serde(default)]
        end: Option<Positive>,
        /// Smoothstep ramp of the load after `start` and before `end` (s; default 0).
        #[serde(default)]
        ramp: Option<NonNegative>,
    },
}

/// A prescribed translation at `velocity` (m/s), scheduled by `start`, `end` and `ramp` (s) as
/// a rod's staged `Translate`.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TranslateSpec {
    /// Velocity (m/s).
    pub velocity: V3,
    /// Start of the motion (s).
    #[serde(default)]
    pub start: Option<NonNegative>,
    /// End of the motion (s).
    #[serde(default)]
    pub end: Option<Positive>,
    /// Ramp time at each end (s).
    #[serde(default)]
    pub ramp: Option<NonNegative>,
    /// Load stop (N): once the contact force against the motion reaches it (at the end of a
    /// step), the translation stops, decelerating over `ramp`, and the body holds there (a
    /// load-controlled piston); default: no stop.
    #[serde(default)]
    pub stop_load: Option<Positive>,
    /// Tolerance of the load stop, relative to `stop_load` (e.g. 0.01): a step that passes
    /// the load by more is retried at half Δt (down to `time.min_dt`), so that the stop is
    /// located within the tolerance however fast the body approaches (event location); default:
    /// the first step past the load stops it, whatever its overshoot. Needs `stop_load`.
    #[serde(default)]
    pub stop_tolerance: Option<Positive>,
}

/// A prescribed rotation at `rate` (rad/s, counter-clockwise about `axis`) about the axis
/// through `point` (m, where it is at `t = 0`), scheduled as [`TranslateSpec`].
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RotateSpec {
    /// Axis (normalised on load).
    pub axis: V3,
    /// A point of the axis (m).
    #[serde(default)]
    pub point: V3,
    /// Rate (rad/s).
    pub rate: f64,
    /// Start of the motion (s).
    #[serde(default)]
    pub start: Option<NonNegative>,
    /// End of the motion (s).
    #[serde(default)]
    pub end: Option<Positive>,
    /// Ramp time at each end (s).
    #[serde(default)]
    pub ramp: Option<NonNegative>,
}
