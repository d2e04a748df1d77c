//! Rigid bodies with a triangle-mesh surface ([`RigidBody`]): mass properties of a closed
//! mesh ([`mass_properties`]), simple solids ([`shapes`]), rotations by rotation vectors
//! ([`rotation`]), the rotational equation under each integrator ([`momentum`]) and free,
//! fixed or prescribed motion ([`motion`]).

mod as_body;
mod definition;
pub mod mass_properties;
pub mod momentum;
pub mod motion;
pub mod rotation;
pub mod shapes;

pub use definition::RigidBody;
pub use mass_properties::MassProperties;
pub use momentum::RotationState;
pub use motion::{LoadedMotion, PrescribedMotion, RigidMotion};
