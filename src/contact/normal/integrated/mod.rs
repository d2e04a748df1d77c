//! Integrated pressure laws for rounded triangles (mpacts `N_*_Int`, seed 003; Smeets et al.
//! 2015): the pressure of a law is integrated over the intersection polygon that a
//! `RoundedTriangle_*` resolver found, to a total force and a moment about the contact point,
//! which `DistributeForcesAndMomentsToTriangle_1_Nodes` turns into nodal forces.

mod adhesion;
mod elements;
mod integrate;
mod kernel;
mod pair_kernel;
mod pressure;

pub use adhesion::{MaugisDugdaleGeoInt, MaugisDugdaleInt, MdPressure};
pub use elements::{DampedHertzInt, HertzInt, LinearPressureInt};
pub use integrate::{Integral, MAX_POLYGON, integrate_polygon};
pub use kernel::{
    MAX_LAWS, Outcome, RoundedRecord, Spec, add_jacobians, add_jacobians_with, evaluate,
};
pub use pair_kernel::{
    Mat18, PairOutcome, Vec18, evaluate_pair, evaluate_pair_with, pair_jacobians,
    pair_jacobians_of, pair_position_jacobian_of,
};
pub use pressure::{Dugdale, Field, PressureLaw};
