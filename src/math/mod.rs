//! Small fixed-size geometry shared by every module: frames, parallel transport, angles; and
//! the special functions the validation theories need (complete elliptic integrals).

mod elliptic;
mod frame;
mod scratch;

pub use elliptic::complete_elliptic;
pub use frame::{
    cross_matrix, parallel_transport, rotate_about_axis, signed_angle, unit_normal_to,
};
pub use scratch::Scratch;

/// 3-vector of `f64` (SI units wherever it carries a physical quantity).
pub type Vec3 = nalgebra::Vector3<f64>;
/// 3×3 matrix of `f64`.
pub type Mat3 = nalgebra::Matrix3<f64>;
