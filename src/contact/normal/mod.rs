//! Normal force laws.

mod constant_force;
mod contractile;
mod current_area;
mod damped_hertz;
mod delile;
mod disc_lens;
mod dividing;
mod dmt;
pub(crate) mod effective;
mod hertz;
mod hertz_restitution;
mod imc;
pub mod integrated;
mod ipc;
mod jkr;
mod linear_adhesion;
mod linear_damper;
mod linear_damper_overlap;
mod linear_force;
mod maugis_dugdale;
mod maugis_dugdale_shape;
mod maxwell_fluid_shell;
mod preset_force;
mod pressure;
mod restitution;
mod scalar_force;
mod serial_dashpot;
mod spring;
mod spring_damper;

pub use constant_force::ConstantForce;
pub use contractile::Contractile;
pub use current_area::{
    NodeArea, RingTerm, add_current_area_terms, current_node_area, ring_coordinates,
};
pub use damped_hertz::DampedHertz;
pub use delile::Delile;
pub use dividing::{Budding, Dividing, Division, DivisionState};
pub use dmt::Dmt;
pub(crate) use effective::{
    check_non_negative, check_optional_positive, check_positive, effective_radius,
};
pub use hertz::Hertz;
pub use hertz_restitution::HertzRestitution;
pub use imc::{Imc, ImcState, ImcStiffness};
pub use ipc::{Ipc, IpcStiffness, KappaState};
pub use jkr::Established;
pub use jkr::{Jkr, JkrCurve};
pub use linear_adhesion::LinearAdhesionForce;
pub use linear_damper::LinearDamper;
pub use linear_damper_overlap::LinearDamperOverlap;
pub use linear_force::LinearForce;
pub use maugis_dugdale::{MaugisDugdale, MaugisDugdaleCurve};
pub use maxwell_fluid_shell::MaxwellFluidShell;
pub use preset_force::PresetForce;
pub use pressure::{AdhesivePressure, AreaShare, LinearPressure, node_area};
pub use restitution::{damping_ratio, restitution, restitution_with_onset};
pub use scalar_force::{ScalarForce, add_normal_force, overlap_and_rate};
pub use serial_dashpot::SerialDashpot;
pub use spring::{RestLength, Spring, SpringRecord};
pub use spring_damper::SpringDamper;
