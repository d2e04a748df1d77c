//! Scenes in RON: schema, loading, validation and error reporting with file, line and column.

mod build;
mod flagella;
mod geometry;
mod input_paths;
mod load;
mod memory;
mod memory_limit;
mod schema;
pub mod sphere_data;
mod values;

pub use crate::diag::{SceneError, closest, locate, ron_error, ron_options};
pub use build::{BuiltScene, LateStart, build_scene, build_scene_with};
pub use flagella::{FlagellaError, FlagellaSetup, relative_path};
pub use geometry::helix_nodes;
pub use input_paths::{InputKind, input_paths, input_paths_mut};
pub use load::{load_scene, parse_scene};
pub use memory::{BYTES_PER_ENTRY, MemoryEstimate};
pub use memory_limit::{FALLBACK_LIMIT, memory_limit, memory_limit_with_source, set_memory_limit};
pub use schema::{
    BoundarySpec, CellSpec, DiagonalsSpec, End, ForceSpec, GeometrySpec, Handedness,
    HingeActuationSpec, MaterialSpec, MaxwellSpec, MembraneSpec, MeshSpec, NodeRef, OutputSpec,
    PackingRegionSpec, PointMassSpec, RegionSpec, RestSpec, RigidBodySpec, RigidMeshSpec,
    RigidMotionSpec, RodSpec, RotateSpec, SceneSpec, ShellSpec, SignalSpec, SphereSetSpec,
    SphereSourceSpec, SphereSpec, TimeSpec, TranslateSpec,
};
pub use values::{NonNegative, Positive, V3};
