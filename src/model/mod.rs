//! What is simulated: bodies, their degrees of freedom and boundary conditions.

mod boundary;
mod dof_map;
mod hinge_actuation;
mod material;
pub mod mesh;
pub mod node_file;
mod rod;
mod rod_frames;
mod shell;
mod sphere;
mod staging;
mod system_model;
mod window;

pub use boundary::{BoundaryCondition, BoundaryReference, BoundaryState, Prescribed};
pub use dof_map::DofMap;
pub use hinge_actuation::{HingeActuation, HingeSignal};
pub use material::{CrossSection, Material};
pub use mesh::{MeshError, MeshTopology, TriMesh};
pub use node_file::{NodeFile, Polyline};
pub use rod::{CurvatureRamp, Rod, RodGeometryError};
pub use rod_frames::RodFrames;
pub use shell::{Shell, ShellBending, ShellMembrane};
pub use sphere::{Plane, Sphere};
pub use staging::Staged;
pub use system_model::Model;
pub use window::{Window, WindowError};
