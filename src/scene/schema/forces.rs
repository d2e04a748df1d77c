//! External forces.

use super::super::values::{NonNegative, Positive, V3};
use serde::{Deserialize, Serialize};

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
        /// Ramp time (s): gravity grows linearly from 0 at t = 0 to full at t = ramp (load
        /// stepping under `integrator: Static`, DiSMech's `static_sim`); default: full at once.
        #[serde(default)]
        ramp: Option<Positive>,
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
    /// Friction of every shell's (and cell's) surface with the medium: `−γ Āᵢ vᵢ` on each node,
    /// `Āᵢ` its share of the rest area (mpacts' cell–medium friction; the resistance that moves
    /// cells in the overdamped mode).
    SurfaceDrag {
        /// Friction per unit area γ (N·s/m³).
        friction: Positive,
    },
    /// `N_T_ShellViscosity` (mpacts): the in-plane viscosity of every shell (a cell's cortex),
    /// a friction `Γ = μ t/√3` (N·s/m) between the two nodes of each mesh edge, `t` the
    /// shell's thickness.
    ShellViscosity {
        /// Viscosity μ of the membrane material (Pa·s).
        viscosity: Positive,
    },
    /// Tangential smoothing of every cell's mesh (`catena::external::TangentialSmoothing`): each
    /// node pulled within its tangent plane towards its neighbours' centroid,
    /// `Fᵢ = −k Pᵢ (xᵢ − cᵢ)` (`Pᵢ`, `cᵢ` at the step's start), which keeps a liquid-like
    /// cortex's triangles regular without changing its shape. For cells with `E h ≪ T` only;
    /// `k` well below a penalty contact's stiffness per node (see the type's documentation).
    TangentialSmoothing {
        /// Stiffness `k` (N/m), from the cortical tension up to about 100 times it.
        stiffness: Positive,
    },
    /// Micropipette suction on a cell (`catena::external::Suction`): the pipette's medium is
    /// `pressure` ΔP below the outside, which does the work `ΔP V_in` on the cell's volume
    /// beyond the mouth plane (through `mouth`, normal `axis` pointing into the pipette) and
    /// within the bore `radius` of the axis, each triangle entering smoothly over `width`. The force is ΔP on the aspirated membrane's area; exact Jacobian.
    Suction {
        /// Name of the cell (a shell with `cell:`).
        body: String,
        /// Pressure difference ΔP (Pa, > 0 pulls the membrane into the pipette).
        pressure: Positive,
        /// Centre of the mouth plane (m).
        mouth: V3,
        /// Normal of the mouth plane, into the pipette (normalised on load).
        axis: V3,
        /// Bore radius (m) of the pipette's medium: membrane outside it (on the lip or the
        /// face) is not sucked.
        radius: Positive,
        /// Ramps (m) over which a triangle enters the suction past the plane and inside the
        /// bore (about one edge of the cell mesh).
        width: Positive,
    },
    /// Stokes drag of a viscous medium on every sphere: `F = −6πηr v` on its centre and, on a
    /// rotating sphere, the torque `τ = −8πηr³ ω` (Stokes 1851; Happel & Brenner 1983
    /// §2-11): the resistance of an overdamped particle.
    StokesDrag {
        /// Viscosity η of the medium (Pa·s).
        viscosity: Positive,
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
        /// Far-field ratio κ (≥ 2): edges at least κ edge lengths from a node take Simpson's
        /// rule, within `(1 + 1/κ)/(30 κ³)` of the exact kernel per block; default none (the
        /// exact kernel everywhere).
        #[serde(default)]
        far_field: Option<Positive>,
    },
    /// Force on one node: constant, or switched on at `start` and off at `end` with C¹
    /// smoothstep ramps of `ramp` (the force is `force · a(t)` with the envelope `a` of
    /// `catena::model::Window`; its impulse is `force (end − start − ramp)`).
    PointForce {
        /// Name of the body: a rod, a shell or a sphere (`rod:` or `body:`).
        #[serde(alias = "body")]
        rod: String,
        /// Node index (negative counts from the end; default 0, a sphere's centre).
        #[serde(default)]
        node: i64,
        /// Force (N).
        force: V3,
        /// The force acts from this time (s; default 0).
        #[serde(default)]
        start: Option<NonNegative>,
        /// The force is gone from this time (s; default never).
        #[serde(default)]
        end: Option<Positive>,
        /// Smoothstep ramp of the force after `start` and before `end` (s; default 0).
        #[serde(default)]
        ramp: Option<NonNegative>,
    },
    /// A force spread over a patch of a shell's (or cell's) surface — a bead held in optical
    /// tweezers, a micropipette tip: the total `force` shared equally among the shell's nodes
    /// within `radius` of `center` (after `translate`), staged in time as `PointForce`.
    ///
    /// ```ron
    /// PatchForce(body: "rbc", center: (3.9e-6, 0, 0), radius: 0.5e-6, force: (1e-10, 0, 0),
    ///            ramp: 1.0)
    /// ```
    PatchForce {
        /// Name of the shell or cell.
        body: String,
        /// Centre of the patch (m).
        center: V3,
        /// Radius of the patch (m): every node within it takes its share.
        radius: Positive,
        /// Total force on the patch (N).
        force: V3,
        /// The force acts from this time (s; default 0).
        #[serde(default)]
        start: Option<NonNegative>,
        /// The force is gone from this time (s; default never).
        #[serde(default)]
        end: Option<Positive>,
        /// Smoothstep ramp of the force after `start` and before `end` (s; default 0).
        #[serde(default)]
        ramp: Option<NonNegative>,
    },
}
