//! Normal force laws.

mod linear_force;

pub use linear_force::LinearForce;
