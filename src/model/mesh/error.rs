//! Located errors of triangle meshes: the file (if any), where in it (line, binary record, or
//! node/triangle of an in-memory mesh), what is wrong and what to do about it.
//!
//! Rendered like [`SceneError`] (`file:line: message` and an indented `help:` line), and
//! convertible into one (`SceneError::from(mesh_error)`) so that scene loading can wrap mesh
//! errors without re-wording them.

use crate::diag::SceneError;
use std::fmt;
use std::path::{Path, PathBuf};

/// Where in a mesh source a problem lies.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MeshLocation {
    /// The whole file or mesh: no finer position.
    Whole,
    /// A 1-based line of a text file (OBJ, ASCII STL).
    Line(usize),
    /// A 1-based line and column of a text file (node files).
    LineColumn {
        /// 1-based line.
        line: usize,
        /// 1-based column (in characters).
        column: usize,
    },
    /// A byte offset into a binary file (binary STL header or triangle count).
    Byte(u64),
    /// Binary STL: a triangle record (0-based) and the byte offset, from the start of the file,
    /// of the field at fault.
    Record {
        /// 0-based triangle record.
        triangle: usize,
        /// Byte offset from the start of the file.
        byte: u64,
    },
    /// A node (0-based) of a mesh given in memory (inline arrays, a generator).
    Node(usize),
    /// A triangle (0-based) of a mesh given in memory.
    Triangle(usize),
}

impl fmt::Display for MeshLocation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Whole => Ok(()),
            Self::Line(l) => write!(f, "line {l}"),
            Self::LineColumn { line, column } => write!(f, "line {line}, column {column}"),
            Self::Byte(b) => write!(f, "byte {b}"),
            Self::Record { triangle, byte } => write!(f, "triangle {triangle} (byte {byte})"),
            Self::Node(i) => write!(f, "node {i}"),
            Self::Triangle(t) => write!(f, "triangle {t}"),
        }
    }
}

/// What is wrong with a mesh that was read (or given) without syntax errors.
///
/// Node and triangle numbers are 0-based indices into [`TriMesh::nodes`] and
/// [`TriMesh::triangles`](super::TriMesh::triangles).
///
/// [`TriMesh::nodes`]: super::TriMesh::nodes
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum MeshDefect {
    /// The mesh has no triangle.
    #[error("the mesh has no triangles")]
    NoTriangles,
    /// An inline node row does not have three coordinates.
    #[error("node {node} has {len} coordinates, expected 3 (x, y, z in m)")]
    NodeRow {
        /// 0-based node.
        node: usize,
        /// Number of values given.
        len: usize,
    },
    /// An inline triangle row does not have three node indices.
    #[error("triangle {triangle} has {len} node indices, expected 3")]
    TriangleRow {
        /// 0-based triangle.
        triangle: usize,
        /// Number of values given.
        len: usize,
    },
    /// A coordinate is NaN or infinite.
    #[error("node {node} has a non-finite coordinate ({x}, {y}, {z})", x = .position[0], y = .position[1], z = .position[2])]
    NonFiniteNode {
        /// 0-based node.
        node: usize,
        /// Its coordinates (m).
        position: [f64; 3],
    },
    /// A triangle refers to a node that does not exist.
    #[error("triangle {triangle} refers to node {index}, but the mesh has {n_nodes} nodes ({})", valid_range(*.n_nodes))]
    IndexOutOfRange {
        /// 0-based triangle.
        triangle: usize,
        /// The index given (0-based; may be negative in inline arrays).
        index: i64,
        /// Number of nodes of the mesh.
        n_nodes: usize,
    },
    /// A triangle uses one node twice.
    #[error("triangle {triangle} ({a}, {b}, {c}) uses node {node} twice", a = .nodes[0], b = .nodes[1], c = .nodes[2])]
    RepeatedNode {
        /// 0-based triangle.
        triangle: usize,
        /// Its nodes.
        nodes: [u32; 3],
        /// The repeated node.
        node: u32,
    },
    /// A triangle has (nearly) zero area: its nodes are collinear.
    #[error(
        "triangle {triangle} is degenerate: area {area:.3e} m² is below {threshold:.3e} m² (its nodes are collinear)"
    )]
    DegenerateTriangle {
        /// 0-based triangle.
        triangle: usize,
        /// Its area (m²).
        area: f64,
        /// The threshold `DEGENERATE_AREA_RATIO × ℓ̄²`, with `ℓ̄` the mean edge length (m²).
        threshold: f64,
    },
    /// Two triangles have the same three nodes (in any order).
    #[error("triangle {triangle} has the same nodes as triangle {first}")]
    DuplicateTriangle {
        /// 0-based triangle (the later one).
        triangle: usize,
        /// The earlier triangle with the same nodes.
        first: usize,
    },
    /// An edge is shared by more than two triangles.
    #[error("edge ({a}, {b}) is shared by {n} triangles ({list}); a shell edge borders at most 2", a = .edge[0], b = .edge[1], n = .triangles.len(), list = list(.triangles))]
    NonManifoldEdge {
        /// The edge's nodes.
        edge: [u32; 2],
        /// The triangles sharing it, in order.
        triangles: Vec<usize>,
    },
    /// Two neighbouring triangles traverse their common edge in the same direction: their
    /// normals point to opposite sides.
    #[error("triangles {first} and {triangle} both traverse their common edge {a} → {b}: their orientations (normals) disagree", a = .edge[0], b = .edge[1])]
    InconsistentOrientation {
        /// The common edge, in the direction both triangles traverse it.
        edge: [u32; 2],
        /// The earlier triangle.
        first: usize,
        /// The later triangle.
        triangle: usize,
    },
    /// A node is used by no triangle.
    #[error("node {node} is used by no triangle")]
    UnreferencedNode {
        /// 0-based node.
        node: usize,
    },
}

fn valid_range(n: usize) -> String {
    match n {
        0 => "no valid index".into(),
        n => format!("valid: 0 to {}", n - 1),
    }
}

fn list(xs: &[usize]) -> String {
    xs.iter()
        .map(|x| x.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

impl MeshDefect {
    /// Where the defect is, as a node or triangle of the mesh.
    pub fn location(&self) -> MeshLocation {
        match self {
            Self::NoTriangles => MeshLocation::Whole,
            Self::NodeRow { node, .. }
            | Self::NonFiniteNode { node, .. }
            | Self::UnreferencedNode { node } => MeshLocation::Node(*node),
            Self::TriangleRow { triangle, .. }
            | Self::IndexOutOfRange { triangle, .. }
            | Self::RepeatedNode { triangle, .. }
            | Self::DegenerateTriangle { triangle, .. }
            | Self::DuplicateTriangle { triangle, .. }
            | Self::InconsistentOrientation { triangle, .. } => MeshLocation::Triangle(*triangle),
            Self::NonManifoldEdge { triangles, .. } => {
                MeshLocation::Triangle(triangles.last().copied().unwrap_or(0))
            }
        }
    }

    /// What to do about it.
    pub fn help(&self) -> String {
        match self {
            Self::NoTriangles => "give at least one triangle (three 0-based node indices)".into(),
            Self::NodeRow { .. } => "write each node as three coordinates `[x, y, z]` (m)".into(),
            Self::TriangleRow { .. } => {
                "write each triangle as three node indices `[i, j, k]`; split polygons into triangles"
                    .into()
            }
            Self::NonFiniteNode { .. } => {
                "NaN and inf are not allowed: give three finite coordinates (m)".into()
            }
            Self::IndexOutOfRange { .. } => {
                "node indices are 0-based in inline arrays (OBJ files are 1-based); check the node count"
                    .into()
            }
            Self::RepeatedNode { .. } => {
                "a triangle needs three distinct nodes; remove it or fix its indices (welding can merge nodes closer than the weld tolerance)"
                    .into()
            }
            Self::DegenerateTriangle { .. } => {
                "remove the sliver or re-mesh: a zero-area triangle has no normal and an infinite stiffness ratio"
                    .into()
            }
            Self::DuplicateTriangle { .. } => "remove one of the two triangles".into(),
            Self::NonManifoldEdge { .. } => {
                "shells must be manifold: split the surfaces along this edge into separate meshes"
                    .into()
            }
            Self::InconsistentOrientation { triangle, .. } => format!(
                "reverse the order of the nodes of triangle {triangle} (or of its neighbour), so that all normals point to the same side"
            ),
            Self::UnreferencedNode { .. } => {
                "remove the node or use it in a triangle: it would have no mass and no stiffness"
                    .into()
            }
        }
    }
}

/// A mesh that could not be read, written, generated or validated.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum MeshError {
    /// The file could not be opened, read or written.
    #[error("{}", render(Some(.file.as_path()), &MeshLocation::Whole, &format!("cannot {} mesh file: {}", .action, .reason), .help.as_str()))]
    Io {
        /// The file.
        file: PathBuf,
        /// `read` or `write`.
        action: &'static str,
        /// The operating system's reason.
        reason: String,
        /// What to do about it.
        help: String,
    },
    /// The file name's extension names no mesh format that catena reads.
    #[error("{}", render(Some(.file.as_path()), &MeshLocation::Whole, &format!("unknown mesh format `{}`", .extension), FORMATS_HELP))]
    UnknownFormat {
        /// The file.
        file: PathBuf,
        /// Its extension (may be empty).
        extension: String,
    },
    /// The file is not well-formed.
    #[error("{}", render(Some(.file.as_path()), .at, .message, .help.as_str()))]
    Syntax {
        /// The file.
        file: PathBuf,
        /// Where.
        at: MeshLocation,
        /// What was expected and what was found.
        message: String,
        /// What to do about it.
        help: String,
    },
    /// The mesh was read, but is not a valid shell mesh.
    #[error("{}", render(.file.as_deref(), .at, .defect, &invalid_help(.defect, *.note)))]
    Invalid {
        /// The file it was read from (`None` for meshes given in memory).
        file: Option<PathBuf>,
        /// Where: a line or record of the file, or a node/triangle of an in-memory mesh.
        at: MeshLocation,
        /// What is wrong.
        defect: MeshDefect,
        /// How the defect's node and triangle numbers relate to the file, if it was read
        /// from one.
        note: Option<&'static str>,
    },
    /// A generator was given an invalid parameter.
    #[error("{}", render(None, &MeshLocation::Whole, &format!("{}: {}", .generator, .message), .help.as_str()))]
    Parameter {
        /// The generator (`plate`, `hexagon`, `disk`, `icosphere`).
        generator: &'static str,
        /// What is wrong.
        message: String,
        /// What to do about it.
        help: String,
    },
}

/// The mesh file formats catena reads, for messages.
const FORMATS_HELP: &str = "use a `.obj`, `.stl` (ASCII or binary) or `.txt` (node file: `*Nodes` and \
                            `*Triangles`) file";

fn invalid_help(defect: &MeshDefect, note: Option<&str>) -> String {
    match note {
        Some(n) => format!("{}\n  note: {n}", defect.help()),
        None => defect.help(),
    }
}

/// `file:line: message` (or `file: triangle 3 (byte 234): message`, or `message` alone
/// for in-memory meshes), then `\n  help: …`, as [`SceneError`] renders.
fn render(
    file: Option<&Path>,
    at: &MeshLocation,
    message: &dyn fmt::Display,
    help: &str,
) -> String {
    let mut s = String::new();
    match (file, at) {
        (Some(f), MeshLocation::Line(l)) => s.push_str(&format!("{}:{l}: ", f.display())),
        (Some(f), MeshLocation::LineColumn { line, column }) => {
            s.push_str(&format!("{}:{line}:{column}: ", f.display()))
        }
        (Some(f), MeshLocation::Whole) => s.push_str(&format!("{}: ", f.display())),
        (Some(f), at) => s.push_str(&format!("{}: {at}: ", f.display())),
        // In-memory meshes: the message names its node or triangle already.
        (None, MeshLocation::Byte(b)) => s.push_str(&format!("byte {b}: ")),
        (None, MeshLocation::Line(l)) => s.push_str(&format!("line {l}: ")),
        (None, at @ MeshLocation::LineColumn { .. }) => s.push_str(&format!("{at}: ")),
        (None, _) => {}
    }
    s.push_str(&message.to_string());
    if !help.is_empty() {
        s.push_str("\n  help: ");
        s.push_str(help);
    }
    s
}

impl MeshError {
    /// An in-memory mesh's defect, located at its node or triangle.
    pub fn invalid(defect: MeshDefect) -> Self {
        Self::Invalid {
            file: None,
            at: defect.location(),
            defect,
            note: None,
        }
    }

    /// The file at fault, if any.
    pub fn file(&self) -> Option<&Path> {
        match self {
            Self::Io { file, .. }
            | Self::UnknownFormat { file, .. }
            | Self::Syntax { file, .. } => Some(file),
            Self::Invalid { file, .. } => file.as_deref(),
            Self::Parameter { .. } => None,
        }
    }

    /// Where in the file or mesh.
    pub fn location(&self) -> MeshLocation {
        match self {
            Self::Syntax { at, .. } | Self::Invalid { at, .. } => *at,
            _ => MeshLocation::Whole,
        }
    }

    /// What is wrong, without file, location or help.
    pub fn message(&self) -> String {
        match self {
            Self::Io { action, reason, .. } => format!("cannot {action} mesh file: {reason}"),
            Self::UnknownFormat { extension, .. } => format!("unknown mesh format `{extension}`"),
            Self::Syntax { message, .. } => message.clone(),
            Self::Invalid { defect, .. } => defect.to_string(),
            Self::Parameter {
                generator, message, ..
            } => format!("{generator}: {message}"),
        }
    }

    /// What to do about it.
    pub fn help(&self) -> String {
        match self {
            Self::Io { help, .. } | Self::Syntax { help, .. } | Self::Parameter { help, .. } => {
                help.clone()
            }
            Self::UnknownFormat { .. } => FORMATS_HELP.into(),
            Self::Invalid { defect, note, .. } => invalid_help(defect, *note),
        }
    }

    /// The defect, if the mesh was read but is invalid.
    pub fn defect(&self) -> Option<&MeshDefect> {
        match self {
            Self::Invalid { defect, .. } => Some(defect),
            _ => None,
        }
    }

    /// Converts into a [`SceneError`] about `fallback` (the scene file) when the mesh came from
    /// no file of its own (inline arrays, generators): the mesh location is then kept in the
    /// message. A mesh file's line (and column, for node files) becomes the scene error's
    /// position (column 1 when the format locates lines only).
    pub fn into_scene_error(self, fallback: &Path) -> SceneError {
        let (file, position, message) = match (self.file(), self.location()) {
            (Some(f), MeshLocation::Line(l)) => (f.to_path_buf(), Some((l, 1)), self.message()),
            (Some(f), MeshLocation::LineColumn { line, column }) => {
                (f.to_path_buf(), Some((line, column)), self.message())
            }
            (Some(f), MeshLocation::Whole) => (f.to_path_buf(), None, self.message()),
            (Some(f), at) => (f.to_path_buf(), None, format!("{at}: {}", self.message())),
            (None, _) => (fallback.to_path_buf(), None, self.message()),
        };
        SceneError::new(file, position, message).with_help(self.help())
    }
}

impl From<MeshError> for SceneError {
    /// As [`MeshError::into_scene_error`], with `<mesh>` as the file of in-memory meshes.
    fn from(e: MeshError) -> Self {
        e.into_scene_error(Path::new("<mesh>"))
    }
}

/// IO error about `file`, with a suggestion by error kind.
pub(super) fn io_error(file: &Path, action: &'static str, e: &std::io::Error) -> MeshError {
    use std::io::ErrorKind;
    let help = match e.kind() {
        ErrorKind::NotFound => {
            "check the path (relative paths are relative to the working directory, or to the scene file when named in a scene)"
        }
        ErrorKind::PermissionDenied => "check the file's permissions",
        _ => "check that the path names a readable (or writable) file",
    };
    MeshError::Io {
        file: file.to_path_buf(),
        action,
        reason: e.to_string(),
        help: help.into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_like_scene_errors() {
        let e = MeshError::Syntax {
            file: "a.obj".into(),
            at: MeshLocation::Line(3),
            message: "bad".into(),
            help: "fix it".into(),
        };
        assert_eq!(e.to_string(), "a.obj:3: bad\n  help: fix it");
        let s: SceneError = e.into();
        assert_eq!(s.to_string(), "a.obj:3:1: bad\n  help: fix it");
    }

    #[test]
    fn in_memory_defects_name_node_or_triangle() {
        let e = MeshError::invalid(MeshDefect::UnreferencedNode { node: 4 });
        assert!(
            e.to_string()
                .starts_with("node 4 is used by no triangle\n  help: ")
        );
        let s = e.into_scene_error(Path::new("scene.ron"));
        assert_eq!(s.file, PathBuf::from("scene.ron"));
        assert_eq!(s.message, "node 4 is used by no triangle");
        let b = MeshError::Syntax {
            file: "b.stl".into(),
            at: MeshLocation::Record {
                triangle: 2,
                byte: 184,
            },
            message: "m".into(),
            help: "h".into(),
        };
        assert_eq!(b.to_string(), "b.stl: triangle 2 (byte 184): m\n  help: h");
    }
}
