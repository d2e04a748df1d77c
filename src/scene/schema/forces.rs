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
