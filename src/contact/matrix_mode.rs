//! [`MatrixMode`]: how a contact's force derivatives enter the global Jacobian (mpacts'
//! `ComputeContactMatrixElement*`, seed 003).

use serde::{Deserialize, Serialize};

/// How the contact's force derivatives enter the global Jacobian (mpacts'
/// `ComputeContactMatrixElement*`), with the integrator's coefficients `c_x = ∂z/∂q` and
/// `1/v_div = ∂v/∂q` (implicit Euler: 1 and 1/Δt).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub enum MatrixMode {
    /// `J_c = −c_x ∂f/∂x` (static spring network: velocity terms dropped).
    Static,
    /// `J_c = −λ(c_x ∂f/∂x + ∂f/∂v / v_div)`: underdamped (inertial) dynamics; `λ = 1` is exact.
    Underdamped {
        /// Implicitness λ ∈ [0, 1].
        implicitness: f64,
    },
    /// `J_c = −(λ c_x ∂f/∂x + ∂f/∂v / v_div)`: overdamped dynamics (`Γ v = F`), stiffness terms
    /// scaled by λ.
    Overdamped {
        /// Implicitness λ ∈ [0, 1].
        implicitness: f64,
    },
}

impl Default for MatrixMode {
    fn default() -> Self {
        Self::Underdamped { implicitness: 1.0 }
    }
}
