//! The RON schema of a scene file.
//!
//! ```ron
//! Scene(
//!     name: "cantilever",
//!     time: (dt: 0.01, duration: 0.5),
//!     materials: { "pdms": (youngs_modulus: 2e10, poisson_ratio: 0.5, density: 1200) },
//!     rods: [
//!         (name: "beam", material: "pdms", radius: 1e-3,
//!          geometry: Straight(start: (0, 0, 0), end: (0.1, 0, 0), nodes: 51)),
//!     ],
//!     boundary_conditions: [Clamp(rod: "beam", end: Start)],
//!     forces: [Gravity(g: (0, 0, -9.81))],
//! )
//! ```
//! Units are SI throughout. Unknown fields are errors.

use super::values::{NonNegative, Positive, V3, finite};
use crate::system::{IntegratorKind, SolverSettings};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// A whole scene.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename = "Scene", deny_unknown_fields)]
pub struct SceneSpec {
    /// Name used in reports (defaults to the file stem).
    #[serde(default)]
    pub name: Option<String>,
    /// Time stepping.
    pub time: TimeSpec,
    /// Newton settings.
    #[serde(default)]
    pub solver: SolverSettings,
    /// Output cadence.
    #[serde(default)]
    pub output: OutputSpec,
    /// Named materials.
    pub materials: BTreeMap<String, MaterialSpec>,
    /// The rods (none when omitted).
    #[serde(default)]
    pub rods: Vec<RodSpec>,
    /// Boundary conditions.
    #[serde(default)]
    pub boundary_conditions: Vec<BoundarySpec>,
    /// External forces.
    #[serde(default)]
    pub forces: Vec<ForceSpec>,
    /// Shells (triangle meshes).
    #[serde(default)]
    pub shells: Vec<ShellSpec>,
    /// Groups of nodes that are one node (rod–shell and rod–rod junctions, seed 004 §7: the
    /// parachute's ropes on the canopy and on the payload).
    #[serde(default)]
    pub shared_nodes: Vec<Vec<NodeRef>>,
    /// Extra masses at nodes (e.g. a payload).
    #[serde(default)]
    pub point_masses: Vec<PointMassSpec>,
    /// Rigid spheres.
    #[serde(default)]
    pub spheres: Vec<SphereSpec>,
    /// Static planes (ground, walls).
    #[serde(default)]
    pub planes: Vec<PlaneSpec>,
    /// Contact bindings: which chain acts between which bodies.
    #[serde(default)]
    pub contacts: Vec<ContactSpec>,
}

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

/// A thin elastic shell on a triangle mesh (seed 004 §3.3).
///
/// ```ron
/// (name: "plate", material: "steel", thickness: 1e-3, bending: MidEdge,
///  mesh: Plate(lx: 0.1, ly: 0.02, nx: 20, ny: 4, diagonals: Alternating),
///  translate: (0, -0.01, 0), clamp: [Box(min: (-1, -1, -1), max: (0.01, 1, 1))])
/// ```
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ShellSpec {
    /// Unique name.
    pub name: String,
    /// Key into `materials`.
    pub material: String,
    /// Thickness h (m).
    pub thickness: Positive,
    /// Bending model: `Hinge` (Grinspun et al. 2003) or `MidEdge` (Grinspun et al. 2006).
    #[serde(default)]
    pub bending: crate::model::ShellBending,
    /// The mesh, in its rest (stress-free) shape.
    pub mesh: MeshSpec,
    /// Offset added to every node (m).
    #[serde(default)]
    pub translate: V3,
    /// Initial velocity of every node (m/s).
    #[serde(default)]
    pub velocity: V3,
    /// Regions whose nodes are held fixed, clamped: for mid-edge bending the rotation `ξ` of
    /// every edge between two held nodes is held too (no rotation about a clamped edge).
    #[serde(default)]
    pub clamp: Vec<RegionSpec>,
    /// Regions whose nodes are held in place but free to rotate (pinned, simply supported).
    #[serde(default)]
    pub pin: Vec<RegionSpec>,
    /// Time-varying natural hinge angles (hinge bending only; seed 004 §7, the manta ray).
    #[serde(default)]
    pub actuate: Vec<HingeActuationSpec>,
}

/// A shell's mesh: generated, read from a file, or given inline.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub enum MeshSpec {
    /// Rectangle `[0, lx] × [0, ly]` in the plane z = 0, `nx × ny` cells.
    Plate {
        /// Length along x (m).
        lx: f64,
        /// Width along y (m).
        ly: f64,
        /// Cells along x.
        nx: usize,
        /// Cells along y.
        ny: usize,
        /// How cells are split into triangles (default `Alternating`).
        #[serde(default)]
        diagonals: DiagonalsSpec,
    },
    /// Regular hexagon of side `side` (m) centred at the origin in z = 0, `rings` rings.
    Hexagon {
        /// Side (m).
        side: f64,
        /// Rings of triangles.
        rings: usize,
    },
    /// Disk of radius `radius` (m) centred at the origin in z = 0, `rings` rings.
    Disk {
        /// Radius (m).
        radius: f64,
        /// Rings of triangles.
        rings: usize,
    },
    /// Sphere surface of radius `radius` (m) at the origin, subdivided `level` times.
    Icosphere {
        /// Radius (m).
        radius: f64,
        /// Subdivision level.
        level: usize,
    },
    /// An OBJ or STL file, relative to the scene file.
    File(String),
    /// Node positions (N × 3, m) and triangles (T × 3, 0-based node indices).
    Inline {
        /// Nodes.
        nodes: Vec<Vec<f64>>,
        /// Triangles.
        triangles: Vec<Vec<i64>>,
    },
}

/// Diagonals of a generated plate (see `catena::model::mesh::DiagonalPattern`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum DiagonalsSpec {
    /// Every cell split along the same diagonal.
    OneWay,
    /// Diagonals alternating from cell to cell (union jack).
    #[default]
    Alternating,
    /// Both diagonals, with a node at each cell centre.
    Crossed,
}

/// A time-varying natural angle on the hinges of a shell whose two edge nodes lie in
/// `hinges`: `φ̄(t) = φ̄⁰ + s(t)`.
///
/// ```ron
/// (hinges: Box(min: (-0.6, -0.001, -1), max: (0.6, 0.001, 1)),
///  signal: Sine(amplitude: 2.094, frequency: 3.4, phase_gradient: (3.1416, 0, 0)))
/// ```
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HingeActuationSpec {
    /// Region holding both nodes of each actuated hinge's edge.
    pub hinges: RegionSpec,
    /// The signal `s(t)`.
    pub signal: SignalSpec,
}

/// A signal `s(t)` in radians.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub enum SignalSpec {
    /// `A min(t/T, 1) sin(2π f t + ψ)`, `ψ = phase + phase_gradient · x̄` with `x̄` the hinge
    /// edge's rest midpoint and `T = ramp` (no ramp when 0).
    Sine {
        /// Amplitude A (rad).
        amplitude: f64,
        /// Ramp time T (s): the amplitude grows linearly from 0 over T.
        #[serde(default)]
        ramp: NonNegative,
        /// Frequency f (Hz).
        frequency: NonNegative,
        /// Phase at the origin (rad).
        #[serde(default)]
        phase: f64,
        /// Phase change per metre along each axis (rad/m).
        #[serde(default)]
        phase_gradient: V3,
    },
    /// A text file of `t s` rows (s, rad; whitespace or commas; `#` comments), relative to the
    /// scene file: linear interpolation, held at the first and last rows.
    Table(String),
}

/// A node of a rod or a shell.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub enum NodeRef {
    /// Node `index` of the named rod (negative counts from the end).
    Rod(String, i64),
    /// Node `index` of the named shell's mesh.
    Shell(String, usize),
    /// The node of the named shell's mesh nearest to a point (m), after `translate`.
    ShellNear(String, V3),
}

/// A point mass at a node.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PointMassSpec {
    /// The node.
    pub node: NodeRef,
    /// Mass (kg).
    pub mass: Positive,
}

/// A region of space (to select nodes).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub enum RegionSpec {
    /// The axis-aligned box `[min, max]` (m), boundary included.
    Box {
        /// Lower corner.
        min: V3,
        /// Upper corner.
        max: V3,
    },
    /// Every node at distance ≥ `radius` (m) from `center` (e.g. the rim rings of a disk).
    Beyond {
        /// Centre (m).
        center: V3,
        /// Distance (m).
        radius: f64,
    },
    /// Every node on the boundary of the mesh (its edges with one triangle).
    Boundary,
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

/// A group of bodies for one side of a contact binding.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum GroupSpec {
    /// Every rod.
    AllRods,
    /// Every sphere.
    AllSpheres,
    /// Every plane.
    AllPlanes,
    /// The named rods.
    Rods(Vec<String>),
    /// The named spheres.
    Spheres(Vec<String>),
    /// The named planes.
    Planes(Vec<String>),
    /// Every shell (its nodes, edges or triangles, as the chain binds the side).
    AllShells,
    /// The named shells.
    Shells(Vec<String>),
}

/// A chain applied between two groups of bodies.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ContactSpec {
    /// Chain file, relative to the scene file.
    pub chain: String,
    /// Side-1 bodies.
    pub first: GroupSpec,
    /// Side-2 bodies.
    pub second: GroupSpec,
    /// Pairs closer than this (gap, m) at the start of a step are candidates; default: the
    /// largest radius among the bound bodies.
    #[serde(default)]
    pub keep_distance: Option<Positive>,
    /// Body pairs (by name) that never interact through this binding.
    #[serde(default)]
    pub exclude: Vec<(String, String)>,
}

/// Time step and duration.
#[derive(Debug, Clone, Copy, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TimeSpec {
    /// Time step Δt (s).
    pub dt: Positive,
    /// Simulated duration (s).
    pub duration: Positive,
    /// Smallest Δt (s) a failed step may be retried with: a step whose Newton solve fails is
    /// retried with Δt halved until it succeeds or would go below this floor. Default: `dt`/1024
    /// (ten halvings); set it to `dt` to disable retries.
    #[serde(default)]
    pub min_dt: Option<Positive>,
    /// After this many consecutive accepted sub-steps, a reduced Δt is doubled again (never
    /// above `dt`). Default 4.
    #[serde(default = "default_grow_after")]
    pub grow_after: u32,
    /// Time integrator: `ImplicitEuler` (default), `Bdf2` or `ImplicitMidpoint` (see
    /// [`crate::system::TimeIntegrator`] for their formulas).
    #[serde(default)]
    pub integrator: IntegratorKind,
}

fn default_grow_after() -> u32 {
    4
}

/// Output cadence.
#[derive(Debug, Clone, Copy, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct OutputSpec {
    /// Write a VTK frame every this many steps (0: only the first and last frame).
    pub frame_every: u64,
}

impl Default for OutputSpec {
    fn default() -> Self {
        Self { frame_every: 10 }
    }
}

/// An isotropic material: give `poisson_ratio` or `shear_modulus`.
#[derive(Debug, Clone, Copy, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MaterialSpec {
    /// Young's modulus E (Pa).
    pub youngs_modulus: Positive,
    /// Poisson's ratio ν (−1 < ν ≤ 0.5); sets G = E/(2(1+ν)).
    #[serde(default)]
    pub poisson_ratio: Option<f64>,
    /// Shear modulus G (Pa), instead of `poisson_ratio`.
    #[serde(default)]
    pub shear_modulus: Option<Positive>,
    /// Density ρ (kg/m³).
    pub density: Positive,
}

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
    /// Nodes read from a text file, one `x y z` per line (`#` comments); path relative to the scene.
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

/// An external force.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum ForceSpec {
    /// Gravity with buoyancy (seed 004 §5.1).
    Gravity {
        /// Acceleration (m/s²).
        g: V3,
        /// Density of the surrounding medium (kg/m³).
        #[serde(default)]
        medium_density: NonNegative,
    },
    /// Quadratic aerodynamic drag on shell triangles (seed 004 §5.4): each node of a triangle
    /// of rest area A feels `−(ρ_med C_D/2)(A/3) sgn(v·n̂)(v·n̂)² n̂`. Acts on shells only.
    AeroDrag {
        /// Density of the medium ρ_med (kg/m³).
        medium_density: Positive,
        /// Drag coefficient C_D (−).
        drag_coefficient: Positive,
    },
    /// Linear viscous drag per unit length on rod nodes (seed 004 §5.3).
    ViscousDrag {
        /// Drag coefficient η (Pa·s).
        viscosity: NonNegative,
    },
    /// Regularized Stokeslet Segments fluid (seed 001 App. A): the low-Reynolds-number drag of
    /// a fluid of viscosity η on every rod, with hydrodynamic interactions between all rods,
    /// computed once per step and held fixed through Newton (Alg. 2).
    Rss {
        /// Fluid viscosity η (Pa·s).
        viscosity: Positive,
        /// Regularisation ε (m); default 1.02 × the radius of each rod.
        #[serde(default)]
        epsilon: Option<Positive>,
    },
    /// Constant force on one node.
    PointForce {
        /// Rod name.
        rod: String,
        /// Node index (negative counts from the end).
        node: i64,
        /// Force (N).
        force: V3,
    },
}
