//! The RON schema of a scene file.
//!
//! ```ron
//! Scene(
//!     name: "cantilever",
//!     time: (dt: 0.01, duration: 0.5),
//!     materials: { "pdms": (youngs_modulus: 2e10, poisson_ratio: 0.5, density: 1200) },
//!     rods: [
//!         (name: "beam", material: "pdms", radius: 1e-3,
//!          geometry: Straight(start: (0, 0, 0), end: (0.1, 0, 0), nodes: 51)),
//!     ],
//!     boundary_conditions: [Clamp(rod: "beam", end: Start)],
//!     forces: [Gravity(g: (0, 0, -9.81))],
//! )
//! ```
//! Units are SI throughout. Unknown fields are errors.
//!
//! One file per part of the schema; this module only indexes them.

mod contacts;
mod forces;
mod rigid;
mod rigid_bodies;
mod rods;
mod scene;
mod shells;
mod sphere_sets;

pub use contacts::{ContactSpec, GroupSpec};
pub use forces::ForceSpec;
pub use rigid::{PlaneSpec, SphereSpec};
pub use rigid_bodies::{RigidBodySpec, RigidMeshSpec, RigidMotionSpec, RotateSpec, TranslateSpec};
pub use rods::{BoundarySpec, End, GeometrySpec, Handedness, RodSpec};
pub use scene::{MaterialSpec, OutputSpec, PackingRegionSpec, RestSpec, SceneSpec, TimeSpec};
pub use shells::{
    CellSpec, DiagonalsSpec, HingeActuationSpec, MaxwellSpec, MembraneSpec, MeshSpec, NodeRef,
    PointMassSpec, RegionSpec, ShellSpec, SignalSpec,
};
pub use sphere_sets::{SphereSetSpec, SphereSourceSpec};
