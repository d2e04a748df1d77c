//! Normal force laws.

mod imc;
mod linear_force;

pub use imc::{Imc, ImcStiffness};
pub use linear_force::LinearForce;
