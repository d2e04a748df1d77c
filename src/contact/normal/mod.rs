//! Normal force laws.

mod damped_hertz;
mod dmt;
mod effective;
mod hertz;
mod imc;
mod ipc;
mod jkr;
mod linear_damper;
mod linear_damper_overlap;
mod linear_force;
mod scalar_force;
mod spring;
mod spring_damper;

pub use damped_hertz::DampedHertz;
pub use dmt::Dmt;
pub use hertz::Hertz;
pub use imc::{Imc, ImcState, ImcStiffness};
pub use ipc::{Ipc, IpcStiffness, KappaState};
pub use jkr::Established;
pub use jkr::{Jkr, JkrCurve};
pub use linear_damper::LinearDamper;
pub use linear_damper_overlap::LinearDamperOverlap;
pub use linear_force::LinearForce;
pub use scalar_force::{ScalarForce, add_normal_force, overlap_and_rate};
pub use spring::{RestLength, Spring};
pub use spring_damper::SpringDamper;
