//! Tangential (friction) force laws.

mod imc_friction;

pub use imc_friction::ImcFriction;
