//! What is simulated: bodies ([`body`]: rods, shells, spheres, planes behind one [`Body`]
//! trait), their degrees of freedom and boundary conditions.

pub mod body;
mod boundary;
mod dof_map;
mod masks;
mod material;
pub mod mesh;
pub mod node_file;
mod staging;
mod support_load;
mod system_model;
mod window;

pub use body::{
    Bodies, Body, BodyKind, CellMeasures, CellMembrane, CellStencils, CurvatureRamp, EnergyInput,
    HingeActuation, HingeSignal, InternalEnergies, InternalEnergy, LoadedMotion, MaxwellMembrane,
    NO_SLOT, Plane, RankOne, RigidBody, RigidMotion, Rod, RodFrames, RodGeometryError, RodStencils,
    Shape, Shell, ShellBending, ShellMembrane, ShellStencils, SlotMap, Sphere, SpherePath,
    scatter_block,
};
pub use boundary::{BoundaryCondition, BoundaryReference, BoundaryState, Prescribed};
pub use dof_map::DofMap;
pub use masks::BodyMasks;
pub use material::{CrossSection, Material};
pub use mesh::{MeshError, MeshTopology, TriMesh};
pub use node_file::{NodeFile, Polyline};
pub use staging::Staged;
pub use system_model::Model;
pub use window::{Window, WindowError};
