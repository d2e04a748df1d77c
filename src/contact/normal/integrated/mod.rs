//! Integrated pressure laws for rounded triangles (mpacts `N_*_Int`, seed 003; Smeets et al.
//! 2015): the pressure of a law is integrated over the intersection polygon that a
//! `RoundedTriangle_*` resolver found, to a total force and a moment about the contact point,
//! which `DistributeForcesAndMomentsToTriangle_1_Nodes` turns into nodal forces.

mod elements;
mod integrate;
mod kernel;
mod pressure;

pub use elements::{DampedHertzInt, HertzInt, LinearPressureInt};
pub use integrate::Integral;
pub use kernel::{MAX_LAWS, Outcome, RoundedRecord, Spec, add_jacobians, evaluate};
pub use pressure::PressureLaw;
