//! Wavefront OBJ files: `v x y z` nodes and `f i j k` triangles.
//!
//! Read in-house rather than through an OBJ crate: the maintained loaders (`tobj`,
//! `obj-rs`, `wavefront_obj`) renumber vertices per object or group (`tobj` keeps only the
//! vertices faces use, in order of first use), report errors without a line number, read
//! `f32` (`obj-rs`), or triangulate polygons silently. A shell's node numbers must be the
//! file's (boundary conditions refer to them), every error must name its line, and the
//! diagonals of a quad change a shell's bending response, so they are the user's choice.

use super::error::{MeshError, MeshLocation};
use super::file::{SourceMap, read_bytes, write_bytes};
use super::trimesh::TriMesh;
use crate::math::Vec3;
use std::fmt::Write as _;
use std::path::Path;

const NOTE: &str = "node and triangle numbers are 0-based: node i is the file's vertex i + 1 \
                    (its (i + 1)-th `v` line), triangle t its (t + 1)-th `f` line";

impl TriMesh {
    /// Reads and validates a Wavefront OBJ file; errors name the file and line.
    ///
    /// What is read:
    ///
    /// * `v x y z` (m): a node, numbered in file order; an optional fourth value `w` or three
    ///   colour values `r g b` after the coordinates are ignored;
    /// * `f a b c`: a triangle of 1-based vertex numbers; negative numbers count back from the
    ///   last `v` read (`-1` is the last one); `a/t/n`, `a//n` and `a/t` forms are accepted and
    ///   their texture and normal indices ignored. Faces of other than three vertices are errors;
    /// * `#` comments, blank lines and a trailing `\` (line continuation);
    /// * every other statement (`vt`, `vn`, `o`, `g`, `s`, `usemtl`, `mtllib`, `l`, `p`, …) is
    ///   ignored.
    pub fn read_obj(path: impl AsRef<Path>) -> Result<Self, MeshError> {
        let path = path.as_ref();
        let bytes = read_bytes(path)?;
        let text = String::from_utf8(bytes).map_err(|e| {
            let valid = &e.as_bytes()[..e.utf8_error().valid_up_to()];
            MeshError::Syntax {
                file: path.to_path_buf(),
                at: MeshLocation::Line(valid.iter().filter(|&&b| b == b'\n').count() + 1),
                message: "expected UTF-8 text, found an invalid byte".into(),
                help: "an OBJ file is text: save it as UTF-8 (or ASCII)".into(),
            }
        })?;
        Self::parse_obj(&text, path)
    }

    /// Parses and validates OBJ text; `file` names it in errors.
    pub fn parse_obj(text: &str, file: &Path) -> Result<Self, MeshError> {
        let (mesh, map) = parse(text, file)?;
        map.validate(&mesh)?;
        Ok(mesh)
    }

    /// The mesh as OBJ text: a comment header, `v` lines in shortest round-trip decimal (an
    /// exact `f64` round trip) and `f` lines (1-based).
    pub fn to_obj_string(&self) -> String {
        let mut s = format!(
            "# catena triangle mesh: {} nodes, {} triangles (coordinates in m)\n",
            self.nodes.len(),
            self.triangles.len()
        );
        for p in &self.nodes {
            let _ = writeln!(s, "v {:?} {:?} {:?}", p.x, p.y, p.z);
        }
        for t in &self.triangles {
            let _ = writeln!(s, "f {} {} {}", t[0] + 1, t[1] + 1, t[2] + 1);
        }
        s
    }

    /// Writes the mesh as an OBJ file.
    pub fn write_obj(&self, path: impl AsRef<Path>) -> Result<(), MeshError> {
        write_bytes(path.as_ref(), self.to_obj_string().as_bytes())
    }
}

/// A face corner before forward references are resolved: the 0-based vertex it names, and
/// the 1-based number as written (for errors).
struct Corner {
    index: i64,
    written: String,
}

fn parse(text: &str, file: &Path) -> Result<(TriMesh, SourceMap), MeshError> {
    let syntax = |line: usize, message: String, help: &str| MeshError::Syntax {
        file: file.to_path_buf(),
        at: MeshLocation::Line(line),
        message,
        help: help.into(),
    };
    let mut mesh = TriMesh::default();
    let mut map = SourceMap {
        file: file.to_path_buf(),
        nodes: Vec::new(),
        triangles: Vec::new(),
        note: NOTE,
    };
    let mut faces: Vec<(usize, [Corner; 3])> = Vec::new();
    let mut pending = String::new();
    let mut start = 0;
    for (i, raw) in text.lines().enumerate() {
        let line_no = i + 1;
        if pending.is_empty() {
            start = line_no;
        }
        let content = raw.split('#').next().unwrap_or("");
        if let Some(cont) = content.trim_end().strip_suffix('\\') {
            pending.push_str(cont);
            pending.push(' ');
            continue;
        }
        pending.push_str(content);
        let statement = std::mem::take(&mut pending);
        let tokens: Vec<&str> = statement.split_whitespace().collect();
        match tokens.first().copied() {
            Some("v") => {
                let values = &tokens[1..];
                if ![3, 4, 6, 7].contains(&values.len()) {
                    return Err(syntax(
                        start,
                        format!(
                            "expected `v x y z` (3 coordinates), found {} value{}",
                            values.len(),
                            if values.len() == 1 { "" } else { "s" }
                        ),
                        "write a node as `v x y z` in m (an optional `w` or `r g b` may follow)",
                    ));
                }
                let mut xyz = [0.0; 3];
                for (k, name) in ["x", "y", "z"].iter().enumerate() {
                    xyz[k] = values[k].parse::<f64>().map_err(|_| {
                        syntax(
                            start,
                            format!(
                                "expected a number for the {name} coordinate, found `{}`",
                                values[k]
                            ),
                            "write decimal numbers, e.g. `v 0 1.5 -2e-3`",
                        )
                    })?;
                }
                mesh.nodes.push(Vec3::from(xyz));
                map.nodes.push(MeshLocation::Line(start));
            }
            Some("f") => {
                let refs = &tokens[1..];
                if refs.len() != 3 {
                    return Err(syntax(
                        start,
                        format!(
                            "expected a triangle `f a b c`, found a face of {} vertices",
                            refs.len()
                        ),
                        "catena reads triangles only: triangulate the mesh in your modeller \
                         (choosing the diagonals deliberately: they change a shell's bending)",
                    ));
                }
                let mut corners = Vec::with_capacity(3);
                for r in refs {
                    let v = r.split('/').next().unwrap_or("");
                    let n: i64 = v.parse().map_err(|_| {
                        syntax(
                            start,
                            format!("expected a vertex number, found `{r}`"),
                            "write `f a b c` with 1-based vertex numbers (`a/t/n` and `a//n` are accepted)",
                        )
                    })?;
                    let index = match n {
                        0 => {
                            return Err(syntax(
                                start,
                                "vertex number 0 in a face: OBJ numbers vertices from 1".into(),
                                "add 1 to every vertex number of the faces (0-based indices are for inline arrays)",
                            ));
                        }
                        n if n > 0 => n - 1,
                        n => {
                            let index = mesh.nodes.len() as i64 + n;
                            if index < 0 {
                                return Err(syntax(
                                    start,
                                    format!(
                                        "relative vertex number {n} reaches before the first vertex ({} `v` lines so far)",
                                        mesh.nodes.len()
                                    ),
                                    "a negative number counts back from the last `v` line read: -1 is the last one",
                                ));
                            }
                            index
                        }
                    };
                    corners.push(Corner {
                        index,
                        written: v.to_string(),
                    });
                }
                let corners: [Corner; 3] = corners.try_into().unwrap_or_else(|_| unreachable!());
                faces.push((start, corners));
            }
            _ => {}
        }
    }
    let n = mesh.nodes.len();
    for (line, corners) in faces {
        let mut t = [0u32; 3];
        for (k, c) in corners.iter().enumerate() {
            if c.index >= n as i64 || c.index > u32::MAX as i64 {
                return Err(syntax(
                    line,
                    format!(
                        "the face refers to vertex {}, but the file has {n} vertices (`v` lines)",
                        c.written
                    ),
                    "OBJ vertex numbers run from 1 to the number of `v` lines",
                ));
            }
            t[k] = c.index as u32;
        }
        mesh.triangles.push(t);
        map.triangles.push(MeshLocation::Line(line));
    }
    Ok((mesh, map))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::mesh::{DiagonalPattern, MeshDefect, icosphere, plate};
    use std::path::PathBuf;

    fn err(text: &str) -> MeshError {
        TriMesh::parse_obj(text, Path::new("m.obj")).unwrap_err()
    }

    const SQUARE: &str = "v 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\n";

    #[test]
    fn reads_the_usual_forms() {
        let text = "# a square\nmtllib x.mtl\no sq\nv 0 0 0\nv 1 0 0 1.0\nv 1 1 0 0.5 0.5 0.5\n\
                    v 0 1 \\\n 0\nvt 0 0\nvn 0 0 1\ns off\nf 1/1/1 2/1/1 3/1/1\nf -4//1 -2//1 -1//1 # tail\n";
        let m = TriMesh::parse_obj(text, Path::new("sq.obj")).unwrap();
        assert_eq!(m.nodes.len(), 4);
        assert_eq!(m.nodes[3], Vec3::new(0.0, 1.0, 0.0));
        assert_eq!(m.triangles, vec![[0, 1, 2], [0, 2, 3]]);
    }

    #[test]
    fn round_trip_is_exact() {
        for m in [
            plate(0.3, 0.1, 6, 2, DiagonalPattern::Crossed).unwrap(),
            icosphere(0.7, 2).unwrap(),
        ] {
            let back = TriMesh::parse_obj(&m.to_obj_string(), Path::new("x.obj")).unwrap();
            assert_eq!(back, m);
        }
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("ico.obj");
        let m = icosphere(1.0, 1).unwrap();
        m.write_obj(&path).unwrap();
        assert_eq!(TriMesh::read_obj(&path).unwrap(), m);
    }

    #[test]
    fn syntax_errors_name_the_line() {
        let e = err(&format!("{SQUARE}f 1 2 3 4\n"));
        assert_eq!(e.location(), MeshLocation::Line(5));
        assert!(e.message().contains("face of 4 vertices"), "{e}");
        let e = err("v 0 0\n");
        assert_eq!(
            e.to_string(),
            "m.obj:1: expected `v x y z` (3 coordinates), found 2 values\n  \
             help: write a node as `v x y z` in m (an optional `w` or `r g b` may follow)"
        );
        let e = err("v 0 0 zero\n");
        assert!(e.message().contains("z coordinate, found `zero`"), "{e}");
        let e = err(&format!("{SQUARE}\nf 1 2 0\n"));
        assert_eq!(e.location(), MeshLocation::Line(6));
        assert!(e.message().contains("OBJ numbers vertices from 1"));
        let e = err(&format!("{SQUARE}f 1 2 x\n"));
        assert!(e.message().contains("expected a vertex number, found `x`"));
        let e = err("v 0 0 0\nf -1 -2 -3\n");
        assert!(
            e.message().contains("reaches before the first vertex"),
            "{e}"
        );
        let e = err(&format!("{SQUARE}f 1 2 3\nf 1 3 9\n"));
        assert_eq!(
            e.to_string(),
            "m.obj:6: the face refers to vertex 9, but the file has 4 vertices (`v` lines)\n  \
             help: OBJ vertex numbers run from 1 to the number of `v` lines"
        );
    }

    #[test]
    fn forward_references_are_allowed() {
        let m =
            TriMesh::parse_obj("f 1 2 3\nv 0 0 0\nv 1 0 0\nv 0 1 0\n", Path::new("a.obj")).unwrap();
        assert_eq!(m.triangles, vec![[0, 1, 2]]);
    }

    /// Each validation error, from a small file, located at the line of the `v` or `f` at
    /// fault.
    #[test]
    fn validation_errors_from_files_name_the_line() {
        let dir = tempfile::tempdir().unwrap();
        let cases: [(&str, String, usize, &str); 7] = [
            (
                "nan",
                "v 0 0 0\nv nan 0 0\nv 1 1 0\nv 0 1 0\nf 1 2 3\nf 1 3 4\n".to_string(),
                2,
                "non-finite",
            ),
            (
                "repeated",
                format!("{SQUARE}f 1 2 3\nf 1 3 3\nf 1 3 4\n"),
                6,
                "twice",
            ),
            (
                "degenerate",
                format!("{SQUARE}v 1 0.5 0\nf 1 2 5\nf 1 5 3\nf 1 3 4\nf 2 3 5\n"),
                9,
                "degenerate",
            ),
            (
                "duplicate",
                format!("{SQUARE}f 1 2 3\nf 1 3 4\nf 2 3 1\n"),
                7,
                "same nodes as triangle 0",
            ),
            (
                "nonmanifold",
                format!("{SQUARE}v 0.5 0.5 1\nf 1 2 3\nf 1 3 4\nf 3 1 5\n"),
                8,
                "shared by 3 triangles",
            ),
            (
                "orientation",
                format!("{SQUARE}f 1 2 3\nf 1 4 3\n"),
                6,
                "orientations (normals) disagree",
            ),
            (
                "unreferenced",
                format!("{SQUARE}v 9 9 9\nf 1 2 3\nf 1 3 4\n"),
                5,
                "used by no triangle",
            ),
        ];
        for (name, text, line, words) in cases {
            let path: PathBuf = dir.path().join(format!("{name}.obj"));
            std::fs::write(&path, text).unwrap();
            let e = TriMesh::load(&path).unwrap_err();
            assert!(matches!(e, MeshError::Invalid { .. }), "{name}: {e}");
            assert_eq!(e.location(), MeshLocation::Line(line), "{name}: {e}");
            assert!(e.to_string().contains(words), "{name}: {e}");
            assert!(
                e.to_string()
                    .starts_with(&format!("{}:{line}: ", path.display())),
                "{e}"
            );
            assert!(
                e.to_string()
                    .contains("note: node and triangle numbers are 0-based")
            );
        }
        let e = TriMesh::parse_obj("# nothing\n", Path::new("empty.obj")).unwrap_err();
        assert_eq!(e.defect(), Some(&MeshDefect::NoTriangles));
        assert!(
            e.to_string()
                .starts_with("empty.obj: the mesh has no triangles"),
            "{e}"
        );
    }

    #[test]
    fn validation_message_in_full() {
        let e = err(&format!("{SQUARE}f 1 2 3\nf 1 4 3\n"));
        assert_eq!(
            e.to_string(),
            "m.obj:6: triangles 0 and 1 both traverse their common edge 2 → 0: their \
             orientations (normals) disagree\n  help: reverse the order of the nodes of \
             triangle 1 (or of its neighbour), so that all normals point to the same side\n  \
             note: node and triangle numbers are 0-based: node i is the file's vertex i + 1 \
             (its (i + 1)-th `v` line), triangle t its (t + 1)-th `f` line"
        );
    }

    #[test]
    fn invalid_utf8_names_the_line() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("bin.obj");
        std::fs::write(&path, b"v 0 0 0\nv \xff 0 0\n").unwrap();
        let e = TriMesh::read_obj(&path).unwrap_err();
        assert_eq!(e.location(), MeshLocation::Line(2));
    }
}
