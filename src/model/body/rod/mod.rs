//! Discrete Elastic Rods (seed 001 §2): a rod's nodes, twists, material and natural shape
//! ([`Rod`]), its reference frames ([`RodFrames`]), and the rod as a [`super::Body`].

mod as_body;
mod definition;
mod frames;

pub use definition::{CurvatureRamp, Rod, RodGeometryError};
pub use frames::RodFrames;
