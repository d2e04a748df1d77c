//! Rods: their geometry and boundary conditions.

use super::super::values::{NonNegative, Positive, V3, finite};
use serde::{Deserialize, Serialize};

/// One rod.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RodSpec {
    /// Unique name.
    pub name: String,
    /// Key into `materials`.
    pub material: String,
    /// Radius of a circular cross-section (m).
    #[serde(default)]
    pub radius: Option<Positive>,
    /// Semi-axes `(a, b)` of an elliptic cross-section (m), instead of `radius`.
    #[serde(default)]
    pub ellipse: Option<(Positive, Positive)>,
    /// Centreline.
    pub geometry: GeometrySpec,
    /// First reference director of edge 0 (projected on the normal plane); arbitrary if absent.
    #[serde(default)]
    pub first_director: Option<V3>,
    /// Uniform natural curvature `(κ₁, κ₂)` in 1/m, replacing the curvature of the given shape.
    #[serde(default)]
    pub natural_curvature: Option<(f64, f64)>,
    /// Ramp the natural curvature linearly from the given shape's to `natural_curvature` over
    /// this many seconds from `t = 0` (actuation, seed 004 §7.1); at once when absent.
    #[serde(default)]
    pub actuation_time: Option<NonNegative>,
    /// Staged actuation (instead of `actuation_time`): the natural curvature leaves the given
    /// shape's at this time (s; default 0) and reaches `natural_curvature` after
    /// `actuation_ramp`, along a C¹ smoothstep.
    #[serde(default)]
    pub actuation_start: Option<NonNegative>,
    /// Staged actuation: the natural curvature is back to the given shape's at this time (s;
    /// default never), after a smoothstep of `actuation_ramp`.
    #[serde(default)]
    pub actuation_end: Option<Positive>,
    /// Staged actuation: the length of its smoothstep ramps (s; default 0, at once).
    #[serde(default)]
    pub actuation_ramp: Option<NonNegative>,
    /// Uniform natural twist rate in rad/m.
    #[serde(default)]
    pub natural_twist: Option<f64>,
    /// Contact mask (default 0): the row and column of `N_T_MaskedConstantResistance`'s
    /// matrices this rod takes.
    #[serde(default, skip_serializing_if = "super::rigid::no_mask")]
    pub mask: u32,
}

/// Handedness of a helix.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
pub enum Handedness {
    /// Right-handed.
    #[default]
    Right,
    /// Left-handed.
    Left,
}

/// How the centreline of a rod is given.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum GeometrySpec {
    /// Explicit node positions (m).
    Nodes(Vec<V3>),
    /// A straight rod from `start` to `end` with `nodes` equally spaced nodes.
    Straight {
        /// First node (m).
        start: V3,
        /// Last node (m).
        end: V3,
        /// Number of nodes (≥ 2).
        nodes: usize,
    },
    /// A helix about `axis` through `origin`, with nodes equally spaced in axial coordinate.
    Helix {
        /// Helix radius (m).
        radius: Positive,
        /// Pitch: axial advance per turn (m).
        pitch: Positive,
        /// Axial length (m).
        axial_length: Positive,
        /// Number of nodes (≥ 2).
        nodes: usize,
        /// A point on the axis where the helix starts (m).
        #[serde(default)]
        origin: V3,
        /// Axis direction (default +z).
        #[serde(default)]
        axis: Option<V3>,
        /// Handedness (default right).
        #[serde(default)]
        handedness: Handedness,
        /// Phase angle of the first node (rad).
        #[serde(default, deserialize_with = "finite")]
        phase: f64,
    },
    /// Nodes read from a node file, path relative to the scene: one node `x y z` (m) per line,
    /// or the MAT-DiSMech layout (`*Nodes` rows `x, y, z`, `*Edges` rows of two 1-based node
    /// numbers, which must form one open chain: the rod follows them from the lower-numbered
    /// end). Numbers are separated by whitespace or commas; `#`, `%` and `//` start comments; a
    /// first line of column names (`x y z`) is skipped. See [`crate::model::node_file`].
    PolylineFile(String),
}

/// Which end of a rod.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum End {
    /// Node 0 side.
    Start,
    /// Last node side.
    End,
}

/// A boundary condition. Node and edge indices may be negative to count from the end (−1 is the last).
///
/// Every condition may be staged in time with `active_from` and `active_until` (s): it holds
/// its DOFs only between them (taking the nodes where they are at `active_from`) and leaves
/// them free before and after. A `Rotate` or `Translate` may also schedule its motion with
/// `start`, `end` and `ramp` (s): the DOFs stay held throughout, still before `start` and
/// after `end`, and move in between with the speed scaled by a C¹ smoothstep envelope
/// (`catena::model::Window`) that rises over `ramp` after `start` and falls over `ramp` before
/// `end`; the prescribed position is the exact integral of that speed. For "settle, then pull":
///
/// ```ron
/// Clamp(rod: "knot", end: Start),
/// Translate(rod: "knot", nodes: [-2, -1], edges: [-1], velocity: (0.01, 0, 0),
///           start: 2.0, ramp: 0.2),
/// ```
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum BoundarySpec {
    /// Clamp an end: its two nodes and the edge between them are fixed.
    Clamp {
        /// Rod name.
        rod: String,
        /// Which end.
        end: End,
        /// Hold from this time on (s; default 0), where the nodes are then.
        #[serde(default)]
        active_from: Option<NonNegative>,
        /// Let go after this time (s): the nodes are free from the first step ending later.
        #[serde(default)]
        active_until: Option<Positive>,
    },
    /// Fix the given nodes (positions) and edges (twist angles).
    Fix {
        /// Rod name.
        rod: String,
        /// Node indices.
        #[serde(default)]
        nodes: Vec<i64>,
        /// Edge indices.
        #[serde(default)]
        edges: Vec<i64>,
        /// Hold from this time on (s; default 0), where the nodes are then.
        #[serde(default)]
        active_from: Option<NonNegative>,
        /// Let go after this time (s).
        #[serde(default)]
        active_until: Option<Positive>,
    },
    /// Rotate the given nodes and edges rigidly at `omega` (rad/s) about `axis` through `center`.
    Rotate {
        /// Rod name.
        rod: String,
        /// Node indices.
        #[serde(default)]
        nodes: Vec<i64>,
        /// Edge indices.
        #[serde(default)]
        edges: Vec<i64>,
        /// Axis direction.
        axis: V3,
        /// A point on the axis (m).
        center: V3,
        /// Angular velocity (rad/s).
        #[serde(deserialize_with = "finite")]
        omega: f64,
        /// The rotation starts at this time (s; default 0); held before.
        #[serde(default)]
        start: Option<NonNegative>,
        /// The rotation stops at this time (s; default never); held after.
        #[serde(default)]
        end: Option<Positive>,
        /// Smoothstep ramp of the angular velocity after `start` and before `end` (s; default
        /// 0: switched at once).
        #[serde(default)]
        ramp: Option<NonNegative>,
        /// Hold from this time on (s; default 0), where the nodes are then.
        #[serde(default)]
        active_from: Option<NonNegative>,
        /// Let go after this time (s).
        #[serde(default)]
        active_until: Option<Positive>,
    },
    /// Translate the given nodes and edges at constant `velocity` (m/s).
    Translate {
        /// Rod name.
        rod: String,
        /// Node indices.
        #[serde(default)]
        nodes: Vec<i64>,
        /// Edge indices.
        #[serde(default)]
        edges: Vec<i64>,
        /// Velocity (m/s).
        velocity: V3,
        /// The translation starts at this time (s; default 0); held before.
        #[serde(default)]
        start: Option<NonNegative>,
        /// The translation stops at this time (s; default never); held after.
        #[serde(default)]
        end: Option<Positive>,
        /// Smoothstep ramp of the velocity after `start` and before `end` (s; default 0).
        #[serde(default)]
        ramp: Option<NonNegative>,
        /// Hold from this time on (s; default 0), where the nodes are then.
        #[serde(default)]
        active_from: Option<NonNegative>,
        /// Let go after this time (s).
        #[serde(default)]
        active_until: Option<Positive>,
    },
}
