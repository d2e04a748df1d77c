//! Tangential (friction) force laws.

mod imc_friction;
mod ipc_friction;

pub use imc_friction::ImcFriction;
pub use ipc_friction::IpcFriction;
