//! STL files, binary and ASCII, read through the `stl_io` crate and welded into shared nodes.

use super::error::{MeshError, MeshLocation};
use super::file::{SourceMap, read_bytes, write_bytes};
use super::trimesh::TriMesh;
use super::weld::{WELD_TOLERANCE, weld};
use crate::math::Vec3;
use std::borrow::Cow;
use std::fmt::Write as _;
use std::io::Cursor;
use std::path::Path;

/// STL flavour to write.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StlFormat {
    /// Binary STL (80-byte header, `u32` count, 50 bytes per triangle), written by `stl_io`.
    Binary,
    /// ASCII STL (`solid … facet normal … vertex … endsolid`).
    Ascii,
}

const HEADER: usize = 84;
const RECORD: usize = 50;
const NOTE_BINARY: &str = "triangle t is the file's triangle record t (0-based); nodes are \
                           numbered by first appearance after welding";
const NOTE_ASCII: &str = "triangle t is the file's (t + 1)-th facet; nodes are numbered by \
                          first appearance after welding";

impl TriMesh {
    /// Reads an STL file (binary or ASCII), welds its vertices and validates the mesh.
    ///
    /// **Format detection** (by content, not by name): a file whose size is exactly
    /// `84 + 50 n` bytes, `n` being the triangle count stored at byte 80, is binary, even if its
    /// 80-byte header starts with `solid` (as some exporters write); otherwise a file starting
    /// with `solid` is ASCII. `stl_io` is then given the content in the form it expects (a header
    /// that does not start with `solid ` for binary, a first line `solid <name>` for ASCII), so
    /// that both `solid` alone on the first line and binary headers starting with `solid` read.
    ///
    /// **Precision**: STL stores `f32` coordinates (`stl_io` reads ASCII as `f32` too), i.e. about
    /// 7 significant digits; use OBJ for an exact `f64` round trip.
    ///
    /// **Welding**: STL repeats each vertex in every triangle that uses it. The corners are welded
    /// into shared nodes with [`weld`](super::weld()) at [`WELD_TOLERANCE`] (relative to the
    /// bounding-box diagonal); nodes are numbered in order of first appearance.
    ///
    /// **Errors** name the file and, for ASCII, the line (with what was expected there); for
    /// binary, the triangle record and its byte offset. Validation errors name the line of the
    /// facet (or of the vertex, for node defects) or the record (and the vertex's byte offset).
    ///
    /// Only the first `solid … endsolid` of an ASCII file is read; a second one is an error.
    /// Facet normals are ignored (the node order defines the orientation).
    pub fn read_stl(path: impl AsRef<Path>) -> Result<Self, MeshError> {
        let path = path.as_ref();
        Self::parse_stl(&read_bytes(path)?, path)
    }

    /// Parses STL content (binary or ASCII), welds and validates; `file` names it in errors.
    pub fn parse_stl(bytes: &[u8], file: &Path) -> Result<Self, MeshError> {
        let (soup, locate) = if is_binary(bytes) {
            read_binary(bytes, file)?
        } else if starts_with_solid(bytes) {
            read_ascii(bytes, file)?
        } else {
            return Err(not_binary(bytes, file));
        };
        let welded = weld(&soup, WELD_TOLERANCE);
        let map = SourceMap {
            file: file.to_path_buf(),
            nodes: welded
                .first_use
                .iter()
                .map(|&(t, c)| locate.corner(t, c))
                .collect(),
            triangles: (0..soup.len()).map(|t| locate.triangle(t)).collect(),
            note: locate.note(),
        };
        map.validate(&welded.mesh)?;
        Ok(welded.mesh)
    }

    /// The mesh as STL bytes. Coordinates are rounded to `f32`; each facet normal is the unit
    /// normal of the triangle (zero if degenerate).
    pub fn to_stl_bytes(&self, format: StlFormat) -> Vec<u8> {
        let normals = self.normals();
        let f32s = |v: &Vec3| [v.x as f32, v.y as f32, v.z as f32];
        match format {
            StlFormat::Binary => {
                let triangles: Vec<stl_io::Triangle> = (0..self.triangles.len())
                    .map(|t| stl_io::Triangle {
                        normal: stl_io::Normal::new(f32s(&normals[t])),
                        vertices: self
                            .corners(&self.nodes, t)
                            .map(|p| stl_io::Vertex::new(f32s(&p))),
                    })
                    .collect();
                let mut out = Vec::with_capacity(HEADER + RECORD * triangles.len());
                stl_io::write_stl(&mut out, triangles.iter())
                    .expect("writing to a Vec<u8> cannot fail");
                out
            }
            StlFormat::Ascii => {
                let mut s = String::from("solid catena\n");
                for (t, normal) in normals.iter().enumerate() {
                    let [nx, ny, nz] = f32s(normal);
                    let _ = writeln!(s, "  facet normal {nx:?} {ny:?} {nz:?}\n    outer loop");
                    for p in self.corners(&self.nodes, t) {
                        let [x, y, z] = f32s(&p);
                        let _ = writeln!(s, "      vertex {x:?} {y:?} {z:?}");
                    }
                    s.push_str("    endloop\n  endfacet\n");
                }
                s.push_str("endsolid catena\n");
                s.into_bytes()
            }
        }
    }

    /// Writes the mesh as an STL file (see [`TriMesh::to_stl_bytes`]).
    pub fn write_stl(&self, path: impl AsRef<Path>, format: StlFormat) -> Result<(), MeshError> {
        write_bytes(path.as_ref(), &self.to_stl_bytes(format))
    }
}

/// The triangle count stored in a binary header, if the file is long enough to have one.
fn binary_count(bytes: &[u8]) -> Option<u64> {
    let c: [u8; 4] = bytes.get(80..84)?.try_into().ok()?;
    Some(u32::from_le_bytes(c) as u64)
}

fn is_binary(bytes: &[u8]) -> bool {
    binary_count(bytes).is_some_and(|n| HEADER as u64 + RECORD as u64 * n == bytes.len() as u64)
}

fn starts_with_solid(bytes: &[u8]) -> bool {
    bytes.trim_ascii_start().starts_with(b"solid")
}

/// The error for a file that is neither a well-sized binary STL nor an ASCII one.
fn not_binary(bytes: &[u8], file: &Path) -> MeshError {
    let syntax = |at, message: String, help: &str| MeshError::Syntax {
        file: file.to_path_buf(),
        at,
        message,
        help: help.into(),
    };
    let len = bytes.len() as u64;
    let Some(n) = binary_count(bytes) else {
        return syntax(
            MeshLocation::Byte(len),
            format!(
                "expected a binary STL (84-byte header and triangle count) or an ASCII STL \
                 (starting with `solid`), found {len} bytes"
            ),
            "the file is truncated or is not an STL file",
        );
    };
    let expected = HEADER as u64 + RECORD as u64 * n;
    let records = (len - HEADER as u64) / RECORD as u64;
    if len < expected {
        syntax(
            MeshLocation::Record {
                triangle: records as usize,
                byte: HEADER as u64 + RECORD as u64 * records,
            },
            format!(
                "binary STL truncated: the header (byte 80) announces {n} triangles \
                 ({expected} bytes), the file ends after {records} complete records ({len} bytes)"
            ),
            "the file is incomplete: export or copy it again",
        )
    } else {
        syntax(
            MeshLocation::Byte(80),
            format!(
                "binary STL size mismatch: the header announces {n} triangles ({expected} \
                 bytes), the file has {len} bytes"
            ),
            "the triangle count at byte 80 does not match the records that follow: the file \
             is corrupt, or is not an STL file",
        )
    }
}

/// Where triangles and their corners were read.
enum Locator {
    /// Binary: record offsets follow from the index.
    Binary,
    /// ASCII: per facet, the line of `facet` and of its three `vertex` lines.
    Ascii(Vec<[usize; 4]>),
}

impl Locator {
    fn triangle(&self, t: usize) -> MeshLocation {
        match self {
            Self::Binary => MeshLocation::Record {
                triangle: t,
                byte: (HEADER + RECORD * t) as u64,
            },
            Self::Ascii(lines) => MeshLocation::Line(lines[t][0]),
        }
    }

    fn corner(&self, t: usize, c: u8) -> MeshLocation {
        match self {
            Self::Binary => MeshLocation::Record {
                triangle: t,
                byte: (HEADER + RECORD * t + 12 + 12 * c as usize) as u64,
            },
            Self::Ascii(lines) => MeshLocation::Line(lines[t][1 + c as usize]),
        }
    }

    fn note(&self) -> &'static str {
        match self {
            Self::Binary => NOTE_BINARY,
            Self::Ascii(_) => NOTE_ASCII,
        }
    }
}

fn to_vec3(v: &stl_io::Vertex) -> Vec3 {
    Vec3::new(v[0] as f64, v[1] as f64, v[2] as f64)
}

fn read_binary(bytes: &[u8], file: &Path) -> Result<(Vec<[Vec3; 3]>, Locator), MeshError> {
    // stl_io takes a header starting with "solid " for ASCII: hide it (the header is free text).
    let bytes: Cow<[u8]> = if bytes.starts_with(b"solid") {
        let mut b = bytes.to_vec();
        b[..5].copy_from_slice(b"SOLID");
        Cow::Owned(b)
    } else {
        Cow::Borrowed(bytes)
    };
    let mut cursor = Cursor::new(bytes.as_ref());
    let reader = stl_io::create_stl_reader(&mut cursor).map_err(|e| MeshError::Syntax {
        file: file.to_path_buf(),
        at: MeshLocation::Byte(0),
        message: format!("cannot read the binary STL header: {e}"),
        help: "the file is truncated or is not an STL file".into(),
    })?;
    let mut soup = Vec::new();
    for (t, tri) in reader.enumerate() {
        let tri = tri.map_err(|e| MeshError::Syntax {
            file: file.to_path_buf(),
            at: MeshLocation::Record {
                triangle: t,
                byte: (HEADER + RECORD * t) as u64,
            },
            message: format!("cannot read the triangle record: {e}"),
            help: "the file is truncated or corrupt: export or copy it again".into(),
        })?;
        soup.push(tri.vertices.each_ref().map(to_vec3));
    }
    Ok((soup, Locator::Binary))
}

/// The lines of an ASCII STL after its `solid` line: 1-based number and tokens, blank lines
/// skipped (as `stl_io` skips them).
fn ascii_lines(text: &str) -> (usize, Vec<(usize, Vec<&str>)>) {
    let mut lines = text
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.split_whitespace().collect::<Vec<_>>()))
        .filter(|(_, t)| !t.is_empty());
    let solid_line = lines.next().map_or(1, |(l, _)| l);
    (solid_line, lines.collect())
}

/// The seven lines of a facet: keywords, then how many numbers follow.
const FACET: [(&[&str], usize, &str); 7] = [
    (&["facet", "normal"], 3, "`facet normal nx ny nz`"),
    (&["outer", "loop"], 0, "`outer loop`"),
    (&["vertex"], 3, "`vertex x y z`"),
    (&["vertex"], 3, "`vertex x y z`"),
    (&["vertex"], 3, "`vertex x y z`"),
    (&["endloop"], 0, "`endloop`"),
    (&["endfacet"], 0, "`endfacet`"),
];

/// The first line of facet `t` that does not have the expected form: its number, what was
/// expected and what was found.
fn ascii_fault(
    solid_line: usize,
    lines: &[(usize, Vec<&str>)],
    t: usize,
) -> Option<(usize, String, String)> {
    for (j, (keywords, numbers, expected)) in FACET.iter().enumerate() {
        let Some((line, tokens)) = lines.get(7 * t + j) else {
            let last = lines.last().map_or(solid_line, |(l, _)| *l);
            let expected = if j == 0 {
                "`facet normal nx ny nz` or `endsolid`"
            } else {
                expected
            };
            return Some((
                last,
                format!("expected {expected}"),
                "the end of the file".into(),
            ));
        };
        if j == 0 && tokens[0] == "endsolid" {
            return None;
        }
        let found = format!("`{}`", tokens.join(" "));
        let k = keywords.len();
        if tokens.len() != k + numbers || tokens[..k] != **keywords {
            return Some((*line, format!("expected {expected}"), found));
        }
        if let Some(bad) = tokens[k..]
            .iter()
            .find(|s| !s.parse::<f32>().is_ok_and(f32::is_finite))
        {
            return Some((
                *line,
                format!("expected a finite number in {expected}"),
                format!("`{bad}`"),
            ));
        }
    }
    None
}

fn read_ascii(bytes: &[u8], file: &Path) -> Result<(Vec<[Vec3; 3]>, Locator), MeshError> {
    let syntax = |line: usize, message: String, help: &str| MeshError::Syntax {
        file: file.to_path_buf(),
        at: MeshLocation::Line(line),
        message,
        help: help.into(),
    };
    let text = std::str::from_utf8(bytes).map_err(|e| {
        let valid = &bytes[..e.valid_up_to()];
        syntax(
            valid.iter().filter(|&&b| b == b'\n').count() + 1,
            "expected ASCII text, found an invalid byte".into(),
            "an ASCII STL is plain text; a binary STL must be exactly 84 + 50 × (count at \
             byte 80) bytes long",
        )
    })?;
    let (solid_line, lines) = ascii_lines(text);
    // stl_io wants the first line to be "solid <name>".
    let body = text
        .trim_start()
        .split_once('\n')
        .map_or("", |(_, rest)| rest);
    let patched = format!("solid catena\n{body}");
    let mut cursor = Cursor::new(patched.as_bytes());
    let reader = stl_io::create_stl_reader(&mut cursor)
        .map_err(|e| syntax(solid_line, format!("cannot read the ASCII STL: {e}"), ""))?;
    let mut soup = Vec::new();
    for (t, tri) in reader.enumerate() {
        let tri = tri.map_err(|e| match ascii_fault(solid_line, &lines, t) {
            Some((line, expected, found)) => syntax(
                line,
                format!("{expected}, found {found} (in facet {t})"),
                "each facet is `facet normal nx ny nz`, `outer loop`, three `vertex x y z`, \
                 `endloop`, `endfacet`, and the file ends with `endsolid`",
            ),
            None => syntax(
                lines.get(7 * t).map_or(solid_line, |(l, _)| *l),
                format!("facet {t}: {e}"),
                "check the facet's syntax",
            ),
        })?;
        soup.push(tri.vertices.each_ref().map(to_vec3));
    }
    let facet_lines: Vec<[usize; 4]> = (0..soup.len())
        .map(|t| {
            let l = |j: usize| lines[7 * t + j].0;
            [l(0), l(2), l(3), l(4)]
        })
        .collect();
    if let Some((line, _)) = lines
        .iter()
        .skip(7 * soup.len() + 1)
        .find(|(_, tokens)| tokens[0] == "solid")
    {
        return Err(syntax(
            *line,
            "a second `solid`: catena reads one solid per STL file".into(),
            "merge the solids into one, or save each as its own mesh",
        ));
    }
    Ok((soup, Locator::Ascii(facet_lines)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::mesh::{DiagonalPattern, MeshDefect, hexagon, icosphere, plate};

    /// Same triangles, corner by corner, within `tol` (m), and as many nodes.
    fn assert_same(a: &TriMesh, b: &TriMesh, tol: f64) {
        assert_eq!(a.n_nodes(), b.n_nodes());
        assert_eq!(a.n_triangles(), b.n_triangles());
        for t in 0..a.n_triangles() {
            let (p, q) = (a.corners(&a.nodes, t), b.corners(&b.nodes, t));
            for c in 0..3 {
                assert!((p[c] - q[c]).norm() <= tol, "triangle {t} corner {c}");
            }
        }
    }

    #[test]
    fn round_trips_binary_and_ascii() {
        let dir = tempfile::tempdir().unwrap();
        for m in [
            plate(2.0, 1.0, 8, 4, DiagonalPattern::OneWay).unwrap(),
            hexagon(1.0, 3).unwrap(),
            icosphere(0.5, 2).unwrap(),
        ] {
            for format in [StlFormat::Binary, StlFormat::Ascii] {
                let path = dir.path().join(format!("m-{format:?}.stl"));
                m.write_stl(&path, format).unwrap();
                let back = TriMesh::read_stl(&path).unwrap();
                assert_same(&back, &m, 1e-6);
                // Once rounded to f32, the mesh round-trips exactly.
                let again = TriMesh::parse_stl(&back.to_stl_bytes(format), &path).unwrap();
                assert_eq!(again, back);
            }
        }
    }

    #[test]
    fn detects_binary_headers_starting_with_solid_and_bare_solid_lines() {
        let m = plate(1.0, 1.0, 2, 2, DiagonalPattern::Alternating).unwrap();
        let mut b = m.to_stl_bytes(StlFormat::Binary);
        b[..12].copy_from_slice(b"solid banana");
        assert_same(
            &TriMesh::parse_stl(&b, Path::new("b.stl")).unwrap(),
            &m,
            1e-6,
        );
        let a = String::from_utf8(m.to_stl_bytes(StlFormat::Ascii)).unwrap();
        let a = format!(
            "\n  {}",
            a.replacen("solid catena", "solid", 1).replace('\n', "\r\n")
        );
        assert_same(
            &TriMesh::parse_stl(a.as_bytes(), Path::new("a.stl")).unwrap(),
            &m,
            1e-6,
        );
    }

    const ASCII_SQUARE: &str = "solid sq
facet normal 0 0 1
  outer loop
    vertex 0 0 0
    vertex 1 0 0
    vertex 1 1 0
  endloop
endfacet

facet normal 0 0 1
  outer loop
    vertex 0 0 0
    vertex 1 1 0
    vertex 0 1 0
  endloop
endfacet
endsolid sq
";

    fn ascii_err(text: &str) -> MeshError {
        TriMesh::parse_stl(text.as_bytes(), Path::new("s.stl")).unwrap_err()
    }

    #[test]
    fn ascii_welds_to_shared_nodes() {
        let m = TriMesh::parse_stl(ASCII_SQUARE.as_bytes(), Path::new("s.stl")).unwrap();
        assert_eq!(m.n_nodes(), 4);
        assert_eq!(m.triangles, vec![[0, 1, 2], [0, 2, 3]]);
    }

    #[test]
    fn ascii_syntax_errors_name_line_and_expectation() {
        let e = ascii_err(&ASCII_SQUARE.replace(
            "    vertex 1 1 0\n    vertex 0 1 0",
            "    vertex 1 1 0\n    vertx 0 1 0",
        ));
        assert_eq!(
            e.to_string(),
            "s.stl:14: expected `vertex x y z`, found `vertx 0 1 0` (in facet 1)\n  help: each \
             facet is `facet normal nx ny nz`, `outer loop`, three `vertex x y z`, `endloop`, \
             `endfacet`, and the file ends with `endsolid`"
        );
        let e = ascii_err(&ASCII_SQUARE.replace("vertex 1 0 0", "vertex 1 zero 0"));
        assert_eq!(e.location(), MeshLocation::Line(5));
        assert!(
            e.message()
                .contains("finite number in `vertex x y z`, found `zero`"),
            "{e}"
        );
        let e = ascii_err(&ASCII_SQUARE.replace("vertex 1 0 0", "vertex 1 nan 0"));
        assert_eq!(e.location(), MeshLocation::Line(5));
        let e = ascii_err(&ASCII_SQUARE.replace("endsolid sq\n", ""));
        assert_eq!(e.location(), MeshLocation::Line(16));
        assert!(
            e.message()
                .contains("`facet normal nx ny nz` or `endsolid`, found the end of the file"),
            "{e}"
        );
        let e = ascii_err(&format!("{ASCII_SQUARE}solid second\nendsolid second\n"));
        assert_eq!(e.location(), MeshLocation::Line(18));
        assert!(e.message().contains("a second `solid`"));
    }

    #[test]
    fn ascii_validation_errors_name_the_facet_line() {
        // Second facet reversed: inconsistent orientation, at its `facet` line (10).
        let flipped = ASCII_SQUARE.replacen(
            "    vertex 1 1 0\n    vertex 0 1 0",
            "    vertex 0 1 0\n    vertex 1 1 0",
            1,
        );
        let e = ascii_err(&flipped);
        assert!(matches!(
            e.defect(),
            Some(MeshDefect::InconsistentOrientation { .. })
        ));
        assert_eq!(e.location(), MeshLocation::Line(10));
        // Second facet collapsed onto a line: welded corners repeat a node.
        let e = ascii_err(&ASCII_SQUARE.replace("vertex 0 1 0", "vertex 1 1 0"));
        assert!(
            matches!(e.defect(), Some(MeshDefect::RepeatedNode { .. })),
            "{e}"
        );
        assert_eq!(e.location(), MeshLocation::Line(10));
    }

    #[test]
    fn binary_errors_name_record_and_byte() {
        let m = plate(1.0, 1.0, 1, 1, DiagonalPattern::OneWay).unwrap();
        let good = m.to_stl_bytes(StlFormat::Binary);
        // Truncated inside the second record.
        let e = TriMesh::parse_stl(&good[..good.len() - 10], Path::new("t.stl")).unwrap_err();
        assert_eq!(
            e.to_string(),
            "t.stl: triangle 1 (byte 134): binary STL truncated: the header (byte 80) announces \
             2 triangles (184 bytes), the file ends after 1 complete records (174 bytes)\n  \
             help: the file is incomplete: export or copy it again"
        );
        // Trailing bytes after the announced records.
        let mut junk = good.clone();
        junk.extend_from_slice(&[0u8; 7]);
        let e = TriMesh::parse_stl(&junk, Path::new("j.stl")).unwrap_err();
        assert_eq!(e.location(), MeshLocation::Byte(80));
        // Too short for anything.
        let e = TriMesh::parse_stl(b"abc", Path::new("s.stl")).unwrap_err();
        assert!(e.message().contains("found 3 bytes"), "{e}");
        // A NaN coordinate: validation names the vertex's byte offset.
        let mut nan = good.clone();
        let at = HEADER + RECORD + 12 + 12 * 2 + 4; // record 1, corner 2, y
        nan[at..at + 4].copy_from_slice(&f32::NAN.to_le_bytes());
        let e = TriMesh::parse_stl(&nan, Path::new("n.stl")).unwrap_err();
        assert!(
            matches!(e.defect(), Some(MeshDefect::NonFiniteNode { .. })),
            "{e}"
        );
        assert_eq!(
            e.location(),
            MeshLocation::Record {
                triangle: 1,
                byte: (HEADER + RECORD + 36) as u64
            }
        );
        // A duplicated record: duplicate triangle at record 2.
        let mut dup = good.clone();
        dup[80..84].copy_from_slice(&3u32.to_le_bytes());
        dup.extend_from_slice(&good[HEADER..HEADER + RECORD]);
        let e = TriMesh::parse_stl(&dup, Path::new("d.stl")).unwrap_err();
        assert!(
            e.to_string().starts_with(
                "d.stl: triangle 2 (byte 184): triangle 2 has the same nodes as triangle 0"
            ),
            "{e}"
        );
    }
}
