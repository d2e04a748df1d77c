//! Shell meshes in node files (`.txt`): the nodes and triangles of the MAT-DiSMech input layout
//! (`*Nodes`, `*Triangles`; seed 004 §2), read by [`crate::model::node_file`] and validated as
//! any mesh, every error located by line and column.

use super::error::{MeshError, MeshLocation};
use super::file::{SourceMap, write_bytes};
use super::trimesh::TriMesh;
use crate::diag::SceneError;
use crate::model::node_file::{NodeFile, Pos, Section};
use std::collections::HashSet;
use std::fmt::Write as _;
use std::path::Path;

const NOTE: &str = "node and triangle numbers are 0-based: node i is the file's node i + 1 (the \
                    (i + 1)-th row of `*Nodes`), triangle t the (t + 1)-th row of `*Triangles`";

impl TriMesh {
    /// Reads and validates a node file as a shell mesh: nodes (bare rows or `*Nodes`) and
    /// `*Triangles` (1-based node numbers). An `*Edges` section may list sides of the
    /// triangles (they are implied: a shell's edges come from its triangles); any other edge is
    /// a rod's, and refused. Errors name the file, line and column.
    pub fn read_node_file(path: impl AsRef<Path>) -> Result<Self, MeshError> {
        let path = path.as_ref();
        let file = NodeFile::read(path, "mesh file").map_err(|e| mesh_error(e, path))?;
        Self::from_node_file(&file)
    }

    /// Parses and validates node-file text as a shell mesh; `file` names it in errors.
    pub fn parse_node_file(text: &str, file: &Path) -> Result<Self, MeshError> {
        let nodes = NodeFile::parse(text, file).map_err(|e| mesh_error(e, file))?;
        Self::from_node_file(&nodes)
    }

    /// The shell mesh of a node file that was read (see [`TriMesh::read_node_file`]).
    pub fn from_node_file(file: &NodeFile) -> Result<Self, MeshError> {
        let path = file.file.as_path();
        let syntax = |at: Option<Pos>, message: String, help: &str| MeshError::Syntax {
            file: path.to_path_buf(),
            at: at.map_or(MeshLocation::Whole, located),
            message,
            help: help.into(),
        };
        if file.triangles.is_empty() {
            let at = file
                .section_at(Section::Triangles)
                .or(file.node_at.first().copied());
            return Err(syntax(
                at,
                "the mesh file has no triangles".into(),
                "a shell mesh file lists its nodes under `*Nodes` and its triangles under \
                 `*Triangles` (three 1-based node numbers per line)",
            ));
        }
        let mesh = TriMesh {
            nodes: file.nodes.clone(),
            triangles: file.triangles.iter().map(|t| t.map(|i| i as u32)).collect(),
        };
        let sides: HashSet<(usize, usize)> = file
            .triangles
            .iter()
            .flat_map(|&[a, b, c]| [(a, b), (b, c), (c, a)])
            .map(|(a, b)| (a.min(b), a.max(b)))
            .collect();
        if let Some((&[a, b], at)) = file
            .edges
            .iter()
            .zip(&file.edge_at)
            .find(|&(&[a, b], _)| !sides.contains(&(a.min(b), a.max(b))))
        {
            return Err(syntax(
                Some(at[0]),
                format!(
                    "the edge between nodes {} and {} is not a side of any triangle",
                    a + 1,
                    b + 1
                ),
                "a shell's edges are the sides of its triangles; a rod is a body of its own: give \
                 it its own node file (`PolylineFile`) and join it to the shell with \
                 `shared_nodes`",
            ));
        }
        let map = SourceMap {
            file: path.to_path_buf(),
            nodes: file.node_at.iter().map(|&p| located(p)).collect(),
            triangles: file.triangle_at.iter().map(|p| located(p[0])).collect(),
            note: NOTE,
        };
        map.validate(&mesh)?;
        Ok(mesh)
    }

    /// The mesh as a node file: a comment header, `*Nodes` rows `x, y, z` in shortest
    /// round-trip decimal (an exact `f64` round trip) and `*Triangles` rows of 1-based node
    /// numbers.
    pub fn to_node_file_string(&self) -> String {
        let mut s = format!(
            "# catena triangle mesh: {} nodes, {} triangles (coordinates in m)\n*Nodes\n",
            self.nodes.len(),
            self.triangles.len()
        );
        for p in &self.nodes {
            let _ = writeln!(s, "{:?}, {:?}, {:?}", p.x, p.y, p.z);
        }
        s.push_str("*Triangles\n");
        for t in &self.triangles {
            let _ = writeln!(s, "{}, {}, {}", t[0] + 1, t[1] + 1, t[2] + 1);
        }
        s
    }

    /// Writes the mesh as a node file.
    pub fn write_node_file(&self, path: impl AsRef<Path>) -> Result<(), MeshError> {
        write_bytes(path.as_ref(), self.to_node_file_string().as_bytes())
    }
}

fn located((line, column): Pos) -> MeshLocation {
    MeshLocation::LineColumn { line, column }
}

/// A node-file error as a mesh error: located ones are syntax errors, the others (the file
/// could not be read) I/O errors.
fn mesh_error(e: SceneError, path: &Path) -> MeshError {
    match e.position {
        Some(p) => MeshError::Syntax {
            file: e.file,
            at: located(p),
            message: e.message,
            help: e.help.unwrap_or_default(),
        },
        None => MeshError::Io {
            file: path.to_path_buf(),
            action: "read",
            reason: e
                .message
                .strip_prefix("cannot read mesh file: ")
                .unwrap_or(&e.message)
                .to_string(),
            help: e.help.unwrap_or_else(|| {
                "check the path (relative paths are relative to the working directory, or to \
                 the scene file when named in a scene)"
                    .into()
            }),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::mesh::{DiagonalPattern, MeshDefect, icosphere, plate};

    fn parse(text: &str) -> Result<TriMesh, MeshError> {
        TriMesh::parse_node_file(text, Path::new("m.txt"))
    }

    #[test]
    fn round_trip_is_exact() {
        for m in [
            plate(0.3, 0.1, 6, 2, DiagonalPattern::Crossed).unwrap(),
            icosphere(0.7, 2).unwrap(),
        ] {
            assert_eq!(parse(&m.to_node_file_string()).unwrap(), m);
        }
    }

    #[test]
    fn dismech_layout_with_sides_as_edges() {
        let text = "*Nodes\n0, 0, 0\n1, 0, 0\n0, 1, 0\n*Edges\n1, 2\n*Triangles\n1, 2, 3\n";
        let m = parse(text).unwrap();
        assert_eq!(m.triangles, vec![[0, 1, 2]]);
        let e = parse(
            &text
                .replace("1, 2\n", "1, 2\n3, 4\n")
                .replace("0, 1, 0\n", "0, 1, 0\n1, 1, 0\n"),
        )
        .unwrap_err();
        assert_eq!(
            e.location(),
            MeshLocation::LineColumn { line: 8, column: 1 }
        );
        assert!(
            e.to_string()
                .starts_with("m.txt:8:1: the edge between nodes 3 and 4"),
            "{e}"
        );
    }

    #[test]
    fn errors_carry_line_and_column() {
        let e = parse("*Nodes\n0 0 0\n*Triangles\n1 2 x\n").unwrap_err();
        let s: SceneError = e.into();
        assert_eq!((s.position, s.help.is_some()), (Some((4, 5)), true), "{s}");
        let e = parse("0 0 0\n1 0 0\n").unwrap_err();
        assert!(e.to_string().contains("no triangles"), "{e}");
        // A validation defect points at the row of the triangle at fault, with the numbering note.
        let e = parse("*Nodes\n0 0 0\n1 0 0\n0 1 0\n*Triangles\n1 2 3\n3 2 1\n").unwrap_err();
        assert!(
            matches!(e.defect(), Some(MeshDefect::DuplicateTriangle { .. })),
            "{e}"
        );
        assert_eq!(
            e.location(),
            MeshLocation::LineColumn { line: 7, column: 1 }
        );
        assert!(
            e.to_string()
                .contains("note: node and triangle numbers are 0-based"),
            "{e}"
        );
        let e = TriMesh::read_node_file("/no/such/mesh.txt").unwrap_err();
        assert!(matches!(e, MeshError::Io { .. }), "{e}");
        assert!(
            e.to_string()
                .starts_with("/no/such/mesh.txt: cannot read mesh file: "),
            "{e}"
        );
    }
}
