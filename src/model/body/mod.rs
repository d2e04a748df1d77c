//! Bodies: the [`Body`] trait every kind implements once, the [`Bodies`] of a model, and the
//! kinds — rods ([`rod`]), shells ([`shell`]), spheres, planes.

mod bodies;
mod plane;
pub mod rod;
mod shape;
pub mod shell;
mod sphere;
pub(crate) mod traits;

pub use bodies::Bodies;
pub use plane::Plane;
pub use rod::{CurvatureRamp, Rod, RodFrames, RodGeometryError};
pub use shape::Shape;
pub use shell::{HingeActuation, HingeSignal, Shell, ShellBending, ShellMembrane};
pub use sphere::{Sphere, rotate};
pub use traits::{Body, BodyKind};
