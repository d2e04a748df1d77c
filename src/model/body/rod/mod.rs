//! Discrete Elastic Rods (seed 001 §2): a rod's nodes, twists, material and natural shape
//! ([`Rod`]), its reference frames ([`RodFrames`]), its elastic stencils ([`RodStencils`]),
//! and the rod as a [`super::Body`].

mod as_body;
mod definition;
mod frames;
mod stencils;

pub use definition::{CurvatureRamp, Rod, RodGeometryError};
pub use frames::RodFrames;
pub use stencils::RodStencils;
