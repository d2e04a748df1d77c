//! Shells: meshes, held regions, hinge actuation, junctions with rods and point masses.

use super::super::values::{NonNegative, Positive, V3};
use serde::{Deserialize, Serialize};

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
    /// Membrane model: `Springs` (edge springs, seed 004 §3.1; the default), `Cst`
    /// (constant-strain triangles, St. Venant–Kirchhoff plane stress with the material's ν), or
    /// a red-cell law with its own moduli, `Skalak(…)` or `Yeoh(…)` (see [`MembraneSpec`]).
    #[serde(default, skip_serializing_if = "MembraneSpec::is_springs")]
    pub membrane: MembraneSpec,
    /// Makes the membrane (`Springs` or `Cst`) a Maxwell fluid: its rest lengths (or rest
    /// metrics) relax towards the current shape with this relaxation time after every step
    /// (mpacts' `MaxwellFluidShell` + `SerialDashpot`; see [`MaxwellSpec`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub maxwell: Option<MaxwellSpec>,
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
    /// Makes the shell a deformable cell (a closed mesh only): cortical tension, area and
    /// volume conservation, an imposed inner pressure.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cell: Option<CellSpec>,
    /// Contact mask (default 0): the row and column of `N_T_MaskedConstantResistance`'s
    /// matrices this shell (or cell) takes.
    #[serde(default, skip_serializing_if = "super::rigid::no_mask")]
    pub mask: u32,
}

/// The Maxwell relaxation of a shell's membrane: `dL̄/dt = (L − L̄)/τ` for every rest length
/// `L̄` of a `Springs` membrane (mpacts' serial dashpot with `c = k τ`), `dḠ/dt = (G − Ḡ)/τ` for
/// every rest metric of a `Cst` one, applied exactly after each step (see
/// `catena::model::MaxwellMembrane`).
///
/// ```ron
/// maxwell: (relaxation_time: 10.0)
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MaxwellSpec {
    /// Relaxation time `τ` (s).
    pub relaxation_time: Positive,
}

/// A shell's membrane (stretching) model.
///
/// ```ron
/// membrane: Skalak(shear_modulus: 2.5e-6, c: 10)      // or Yeoh(shear_modulus: 5.3e-6)
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum MembraneSpec {
    /// Edge springs (seed 004 §3.1), from the material's `E` and the thickness.
    #[default]
    Springs,
    /// Constant-strain triangles (St. Venant–Kirchhoff plane stress), the material's `E`, `ν`.
    Cst,
    /// Skalak et al. (1973): `W = (G_s/4)(I₁² + 2I₁ − 2I₂) + (C G_s/4) I₂²` per rest area,
    /// strain-hardening, small-strain area modulus `G_s(1 + 2C)`.
    Skalak {
        /// Shear modulus `G_s` (N/m; red cells 2.5–6 µN/m).
        shear_modulus: Positive,
        /// `C` (−): resistance to area change relative to shear (default 1; red-cell models
        /// use 10 or more to keep the local area).
        #[serde(default = "one")]
        c: Positive,
    },
    /// The incompressible Yeoh sheet of Dao et al. (2003) and Mills et al. (2004):
    /// `W = (μ/2)(I − 3) + C₃(I − 3)³`, `I = λ₁² + λ₂² + 1/(λ₁λ₂)²`.
    Yeoh {
        /// Initial shear modulus `μ₀` (N/m; Mills et al. fit 5.3 µN/m).
        shear_modulus: Positive,
        /// Hardening coefficient `C₃` (N/m; default `μ₀/30`, Mills et al.).
        #[serde(default)]
        c3: Option<NonNegative>,
    },
}

fn one() -> Positive {
    Positive(1.0)
}

impl MembraneSpec {
    /// Whether this is the default (`Springs`).
    pub fn is_springs(&self) -> bool {
        *self == Self::Springs
    }

    /// The model's membrane.
    pub fn model(&self) -> crate::model::ShellMembrane {
        use crate::elastic::shell::MembraneLaw;
        use crate::model::ShellMembrane;
        match *self {
            Self::Springs => ShellMembrane::Springs,
            Self::Cst => ShellMembrane::Cst,
            Self::Skalak { shear_modulus, c } => ShellMembrane::Hyperelastic(MembraneLaw::Skalak {
                shear_modulus: shear_modulus.0,
                c: c.0,
            }),
            Self::Yeoh { shear_modulus, c3 } => ShellMembrane::Hyperelastic(MembraneLaw::Yeoh {
                shear_modulus: shear_modulus.0,
                c3: c3.map_or(shear_modulus.0 / 30.0, |c| c.0),
            }),
        }
    }
}

/// The cell terms of a closed shell (mpacts' deformable cell model, seed 003): energy
/// `T A + ½ K_A (A − A₀)²/A₀ − P_ext V + ½ K_V (V − V₀)²/V₀`, `A` the membrane area and `V`
/// the enclosed volume (see `catena::elastic::cell`).
///
/// ```ron
/// cell: (tension: 1e-3, bulk_modulus: 1e6)
/// ```
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CellSpec {
    /// Cortical tension `T` (N/m; default 0).
    #[serde(default)]
    pub tension: NonNegative,
    /// Area modulus `K_A` (N/m; default 0: no area conservation).
    #[serde(default)]
    pub area_modulus: NonNegative,
    /// Target area `A₀` (m²; default the rest mesh's area).
    #[serde(default)]
    pub area: Option<Positive>,
    /// Bulk modulus `K_V` (Pa; default 0: no volume conservation).
    #[serde(default)]
    pub bulk_modulus: NonNegative,
    /// Target volume `V₀` (m³; default the rest mesh's enclosed volume).
    #[serde(default)]
    pub volume: Option<Positive>,
    /// Imposed inner pressure `P_ext` (Pa; default 0), inflating when positive.
    #[serde(default)]
    pub pressure: f64,
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
    /// Ellipsoid of semi-axes `radii` (m) at the origin: the icosphere of `level` scaled.
    Ellipsoid {
        /// Semi-axes along x, y, z (m).
        radii: V3,
        /// Subdivision level.
        level: usize,
    },
    /// The biconcave resting red blood cell of Evans & Fung (1972), radius `radius` (m; 3.91e-6
    /// for the mean human cell), axis along z, from the icosphere of `level`.
    RedCell {
        /// Radius (m).
        radius: f64,
        /// Subdivision level.
        level: usize,
    },
    /// Sphere surface of radius `radius` (m) at the origin, subdivided `level` times.
    Icosphere {
        /// Radius (m).
        radius: f64,
        /// Subdivision level.
        level: usize,
    },
    /// A mesh file, relative to the scene file, by extension: `.obj` (Wavefront OBJ), `.stl`
    /// (binary or ASCII) or `.txt` (a node file in the MAT-DiSMech layout: `*Nodes` rows
    /// `x, y, z` in m and `*Triangles` rows of three 1-based node numbers; see
    /// [`crate::model::node_file`]).
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
/// `hinges`: `φ̄(t) = φ̄⁰ + s(t)`, or, staged with `start`, `end` and `ramp`,
/// `φ̄(t) = φ̄⁰ + a(t) s(t)` with the C¹ smoothstep envelope `a` of `catena::model::Window`
/// (0 before `start` and after `end`, rising and falling over `ramp`).
///
/// ```ron
/// (hinges: Box(min: (-0.6, -0.001, -1), max: (0.6, 0.001, 1)),
///  signal: Sine(amplitude: 2.094, frequency: 3.4, phase_gradient: (3.1416, 0, 0)),
///  start: 0.5, ramp: 0.2)
/// ```
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HingeActuationSpec {
    /// Region holding both nodes of each actuated hinge's edge.
    pub hinges: RegionSpec,
    /// The signal `s(t)`.
    pub signal: SignalSpec,
    /// The actuation acts from this time (s; default 0).
    #[serde(default)]
    pub start: Option<NonNegative>,
    /// The actuation is over at this time (s; default never): the hinges are back at rest.
    #[serde(default)]
    pub end: Option<Positive>,
    /// Smoothstep ramp of the envelope after `start` and before `end` (s; default 0).
    #[serde(default)]
    pub ramp: Option<NonNegative>,
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
