//! Tangential (friction) force laws.

mod contact_frame;
pub(crate) mod contact_weights;
mod coulomb;
mod coulomb_cap;
mod coulomb_int;
mod cundall_strack;
mod frame_jacobian;
mod imc_friction;
mod ipc_friction;
mod relative_spin;
mod rolling_resistance;
mod torsional;

pub use contact_frame::{ContactFrame, Mat3x12};
pub use coulomb::CoulombFriction;
pub use coulomb_cap::{Capped, cap, saturation};
pub use coulomb_int::{CoulombInt, friction_weights};
pub use cundall_strack::{CundallStrack, SpringElongation};
pub use imc_friction::ImcFriction;
pub use ipc_friction::{IpcFriction, Lagged};
pub use rolling_resistance::RollingResistance;
pub use torsional::TorsionalCoulombFriction;
