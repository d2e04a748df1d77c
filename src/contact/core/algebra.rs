//! The local algebra of a pair: 12-vectors and 12×12 matrices over its local DOFs (four
//! 3-slots), and the marker of a static slot.

use nalgebra::{SMatrix, SVector};

/// 12-vector over the local DOFs of a pair.
pub type Vec12 = SVector<f64, 12>;
/// 12×12 matrix over the local DOFs of a pair.
pub type Mat12 = SMatrix<f64, 12, 12>;

/// 18-vector over the local coordinates of a two-triangle pair (six nodes; see
/// [`WidePair`](crate::contact::WidePair)).
pub type Vec18 = SVector<f64, 18>;
/// 18×18 matrix over the local coordinates of a two-triangle pair.
pub type Mat18 = SMatrix<f64, 18, 18>;

/// 3×12 matrix: derivative of a 3-vector over the pair's local coordinates.
pub type Mat3x12 = SMatrix<f64, 3, 12>;

/// Marker for a static point (no DOFs).
pub const NO_DOF: u32 = u32::MAX;
