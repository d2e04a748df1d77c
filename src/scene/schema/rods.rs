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
    /// Ramp the natural curvature from the given shape's to `natural_curvature` over this many
    /// seconds (actuation, seed 004 §7.1); at once when absent.
    #[serde(default)]
    pub actuation_time: Option<NonNegative>,
    /// Uniform natural twist rate in rad/m.
    #[serde(default)]
    pub natural_twist: Option<f64>,
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
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum BoundarySpec {
    /// Clamp an end: its two nodes and the edge between them are fixed.
    Clamp {
        /// Rod name.
        rod: String,
        /// Which end.
        end: End,
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
    },
}
