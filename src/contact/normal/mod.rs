//! Normal force laws.

mod imc;
mod ipc;
mod linear_force;

pub use imc::{Imc, ImcStiffness};
pub use ipc::{Ipc, IpcStiffness};
pub use linear_force::LinearForce;
