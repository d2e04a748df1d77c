//! Bodies: the [`Body`] trait every kind implements once, the [`Bodies`] of a model, the
//! [`InternalEnergy`] each deformable kind gives the global system, and the kinds — rods
//! ([`rod`]), shells ([`shell`]), spheres, planes.

mod bodies;
pub mod energy;
mod plane;
pub mod rigid;
pub mod rod;
mod shape;
pub mod shell;
mod sphere;
pub(crate) mod traits;

pub use bodies::Bodies;
pub use energy::{
    EnergyInput, InternalEnergies, InternalEnergy, NO_SLOT, RankOne, SlotMap, scatter_block,
};
pub use plane::Plane;
pub use rigid::{LoadedMotion, RigidBody, RigidMotion};
pub use rod::{CurvatureRamp, Rod, RodFrames, RodGeometryError, RodStencils};
pub use shape::Shape;
pub use shell::{
    CellMeasures, CellMembrane, CellStencils, HingeActuation, HingeSignal, MaxwellMembrane, Shell,
    ShellBending, ShellMembrane, ShellStencils,
};
pub use sphere::{Sphere, SpherePath, rotate};
pub use traits::{Body, BodyKind};
