//! Triangle meshes for shells: the mesh, its files (OBJ, STL, node files), generators,
//! validation and topology.
//!
//! * [`TriMesh`]: shared nodes (m) and triangles of 0-based node indices, built from inline
//!   arrays ([`TriMesh::from_arrays`], [`TriMesh::from_rows`]), files ([`TriMesh::load`],
//!   OBJ, binary/ASCII STL with welding, and `.txt` node files with `*Nodes` and `*Triangles`)
//!   or generators ([`plate`], [`hexagon`], [`disk`],
//!   [`icosphere`]); areas, normals and lumped masses at any configuration;
//! * validation ([`TriMesh::validate`]) with located errors ([`MeshError`]: file, line or
//!   binary record, what was expected, a suggestion; convertible into a scene error);
//! * [`MeshTopology`]: edges with their triangles and orientation signs, hinges, boundary
//!   edges and the triangles around each node.

mod cell_shapes;
mod disk;
mod edges;
mod error;
mod file;
mod hexagon;
mod icosphere;
mod node_mesh;
mod obj;
mod params;
mod plate;
mod stl;
mod topology;
mod trimesh;
mod validate;
mod weld;

pub use cell_shapes::{EVANS_FUNG, ellipsoid, red_cell};
pub use disk::disk;
pub use error::{MeshDefect, MeshError, MeshLocation};
pub use file::MeshFormat;
pub use hexagon::hexagon;
pub use icosphere::icosphere;
pub use plate::{DiagonalPattern, plate};
pub use stl::StlFormat;
pub use topology::{Edge, EdgeSide, Hinge, MeshTopology};
pub use trimesh::TriMesh;
pub use validate::DEGENERATE_AREA_RATIO;
pub use weld::{WELD_TOLERANCE, Welded, weld};
