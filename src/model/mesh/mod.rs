//! Triangle meshes for shells: the mesh, generators, validation and topology.
//!
//! * [`TriMesh`]: shared nodes (m) and triangles of 0-based node indices, built from inline
//!   arrays ([`TriMesh::from_arrays`], [`TriMesh::from_rows`]) or generators ([`plate`],
//!   [`hexagon`], [`disk`], [`icosphere`]); areas, normals and lumped masses at any
//!   configuration;
//! * validation ([`TriMesh::validate`]) with located errors ([`MeshError`]: file, line or
//!   binary record, what was expected, a suggestion; convertible into a scene error);
//! * [`MeshTopology`]: edges with their triangles and orientation signs, hinges, boundary
//!   edges and the triangles around each node.

mod disk;
mod edges;
mod error;
mod hexagon;
mod icosphere;
mod params;
mod plate;
mod topology;
mod trimesh;
mod validate;

pub use disk::disk;
pub use error::{MeshDefect, MeshError, MeshLocation};
pub use hexagon::hexagon;
pub use icosphere::icosphere;
pub use plate::{DiagonalPattern, plate};
pub use topology::{Edge, EdgeSide, Hinge, MeshTopology};
pub use trimesh::TriMesh;
pub use validate::DEGENERATE_AREA_RATIO;
