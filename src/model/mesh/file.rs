//! Mesh files: loading and saving by extension, and the map from nodes and triangles back to
//! where they were read, so that validation errors name a line (text formats) or a record and
//! byte offset (binary STL).

use super::error::{MeshDefect, MeshError, MeshLocation, io_error};
use super::stl::StlFormat;
use super::trimesh::TriMesh;
use crate::diag::{InputReadError, read_input};
use std::path::{Path, PathBuf};

/// Mesh file formats catena reads and writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MeshFormat {
    /// Wavefront OBJ (`.obj`), text.
    Obj,
    /// STL (`.stl`), binary or ASCII (detected when reading; binary when writing).
    Stl,
    /// Node file (`.txt`): `*Nodes` and `*Triangles` sections, the MAT-DiSMech input layout
    /// (see [`crate::model::node_file`]).
    NodeFile,
}

impl MeshFormat {
    /// The format named by `path`'s extension (case-insensitive), or a located error.
    pub fn from_path(path: &Path) -> Result<Self, MeshError> {
        let ext = path
            .extension()
            .map(|e| e.to_string_lossy().to_lowercase())
            .unwrap_or_default();
        match ext.as_str() {
            "obj" => Ok(Self::Obj),
            "stl" => Ok(Self::Stl),
            "txt" => Ok(Self::NodeFile),
            _ => Err(MeshError::UnknownFormat {
                file: path.to_path_buf(),
                extension: ext,
            }),
        }
    }
}

impl TriMesh {
    /// Reads and validates the mesh file at `path`: `.obj` (Wavefront OBJ), `.stl` (binary or
    /// ASCII STL, duplicated vertices welded) or `.txt` (a node file with `*Nodes` and
    /// `*Triangles`, the MAT-DiSMech layout). Errors name the file and the line (and column),
    /// or the binary record and byte offset, at fault.
    pub fn load(path: impl AsRef<Path>) -> Result<Self, MeshError> {
        let path = path.as_ref();
        match MeshFormat::from_path(path)? {
            MeshFormat::Obj => Self::read_obj(path),
            MeshFormat::Stl => Self::read_stl(path),
            MeshFormat::NodeFile => Self::read_node_file(path),
        }
    }

    /// Writes the mesh to `path` in the format named by its extension (binary for `.stl`).
    pub fn save(&self, path: impl AsRef<Path>) -> Result<(), MeshError> {
        let path = path.as_ref();
        match MeshFormat::from_path(path)? {
            MeshFormat::Obj => self.write_obj(path),
            MeshFormat::Stl => self.write_stl(path, StlFormat::Binary),
            MeshFormat::NodeFile => self.write_node_file(path),
        }
    }
}

/// Reads a whole mesh file, with a located error; a FIFO, a device or a file larger than
/// [`crate::diag::MAX_INPUT_BYTES`] is refused without blocking (see [`read_input`]).
pub(super) fn read_bytes(path: &Path) -> Result<Vec<u8>, MeshError> {
    read_input(path).map_err(|e| match e {
        InputReadError::Io(e) => io_error(path, "read", &e),
        other => MeshError::Io {
            file: path.to_path_buf(),
            action: "read",
            help: other.help("mesh file"),
            reason: other.to_string(),
        },
    })
}

/// Writes a whole file, with a located error.
pub(super) fn write_bytes(path: &Path, bytes: &[u8]) -> Result<(), MeshError> {
    std::fs::write(path, bytes).map_err(|e| io_error(path, "write", &e))
}

/// Where each node and triangle of a mesh was read from.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct SourceMap {
    /// The file.
    pub file: PathBuf,
    /// Per node, where it was (first) given.
    pub nodes: Vec<MeshLocation>,
    /// Per triangle, where it was given.
    pub triangles: Vec<MeshLocation>,
    /// How node and triangle numbers relate to the file.
    pub note: &'static str,
}

impl SourceMap {
    /// Validates `mesh`, locating a defect in the file.
    pub fn validate(&self, mesh: &TriMesh) -> Result<(), MeshError> {
        mesh.find_defect().map_err(|defect| self.locate(defect))
    }

    /// The defect located in the file.
    pub fn locate(&self, defect: MeshDefect) -> MeshError {
        let at = match defect.location() {
            MeshLocation::Node(i) => self.nodes.get(i).copied(),
            MeshLocation::Triangle(t) => self.triangles.get(t).copied(),
            other => Some(other),
        };
        MeshError::Invalid {
            file: Some(self.file.clone()),
            at: at.unwrap_or(MeshLocation::Whole),
            defect,
            note: Some(self.note),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::mesh::{DiagonalPattern, plate};

    #[test]
    fn format_by_extension() {
        assert_eq!(
            MeshFormat::from_path(Path::new("a.OBJ")),
            Ok(MeshFormat::Obj)
        );
        assert_eq!(
            MeshFormat::from_path(Path::new("a.stl")),
            Ok(MeshFormat::Stl)
        );
        let e = MeshFormat::from_path(Path::new("dir/a.ply")).unwrap_err();
        assert_eq!(
            e.to_string(),
            "dir/a.ply: unknown mesh format `ply`\n  help: use a `.obj`, `.stl` (ASCII or binary) or \
             `.txt` (node file: `*Nodes` and `*Triangles`) file"
        );
    }

    #[test]
    fn save_and_load_by_extension() {
        let dir = tempfile::tempdir().unwrap();
        let m = plate(1.0, 0.5, 4, 2, DiagonalPattern::Alternating).unwrap();
        for name in ["p.obj", "p.stl", "p.txt"] {
            let path = dir.path().join(name);
            m.save(&path).unwrap();
            let back = TriMesh::load(&path).unwrap();
            // Same triangles, corner by corner (STL renumbers nodes by first use).
            assert_eq!(back.n_nodes(), m.n_nodes(), "{name}");
            assert_eq!(back.n_triangles(), m.n_triangles(), "{name}");
            for t in 0..m.n_triangles() {
                let (a, b) = (back.corners(&back.nodes, t), m.corners(&m.nodes, t));
                assert!((0..3).all(|c| (a[c] - b[c]).norm() < 1e-6), "{name}");
            }
        }
        let e = TriMesh::load(dir.path().join("missing.obj")).unwrap_err();
        assert!(matches!(e, MeshError::Io { .. }));
        assert!(
            e.to_string()
                .contains("missing.obj: cannot read mesh file: "),
            "{e}"
        );
    }
}
