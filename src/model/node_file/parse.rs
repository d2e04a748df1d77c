//! Reading a node file into nodes, edges and triangles, each row remembering where it was
//! written (see the module docs for the layouts).

use super::fields::{comment_start, is_name, split};
use crate::diag::{SceneError, closest, read_text};
use crate::math::Vec3;
use std::path::{Path, PathBuf};

/// A 1-based line and column.
pub type Pos = (usize, usize);

/// A section of a node file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Section {
    /// `*Nodes`: `x, y, z` per line (m).
    Nodes,
    /// `*Edges`: two 1-based node numbers per line.
    Edges,
    /// `*Triangles`: three 1-based node numbers per line.
    Triangles,
}

impl Section {
    const ALL: [Section; 3] = [Section::Nodes, Section::Edges, Section::Triangles];

    /// The header as written, e.g. `*Nodes`.
    pub fn header(self) -> &'static str {
        match self {
            Self::Nodes => "*Nodes",
            Self::Edges => "*Edges",
            Self::Triangles => "*Triangles",
        }
    }

    /// Values per row.
    fn width(self) -> usize {
        match self {
            Self::Edges => 2,
            Self::Nodes | Self::Triangles => 3,
        }
    }

    /// What one row holds, for messages.
    fn row(self) -> &'static str {
        match self {
            Self::Nodes => "3 coordinates `x y z` (m)",
            Self::Edges => "2 node numbers for an edge",
            Self::Triangles => "3 node numbers for a triangle",
        }
    }

    /// How to write one row.
    fn help(self) -> &'static str {
        match self {
            Self::Nodes => {
                "write one node per line as three numbers `x y z` (m), separated by spaces or \
                 commas, e.g. `0.01, 0, 0`"
            }
            Self::Edges => "write one edge per line as two 1-based node numbers, e.g. `1, 2`",
            Self::Triangles => {
                "write one triangle per line as three 1-based node numbers, e.g. `1, 2, 3`"
            }
        }
    }
}

/// The contents of a node file, every row with the position of each of its fields.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct NodeFile {
    /// The file.
    pub file: PathBuf,
    /// Node positions (m), in file order.
    pub nodes: Vec<Vec3>,
    /// Where each node's row starts.
    pub node_at: Vec<Pos>,
    /// Edges as 0-based node indices (the file's numbers minus 1), in file order.
    pub edges: Vec<[usize; 2]>,
    /// Where each edge's two numbers are.
    pub edge_at: Vec<[Pos; 2]>,
    /// Triangles as 0-based node indices, in file order.
    pub triangles: Vec<[usize; 3]>,
    /// Where each triangle's three numbers are.
    pub triangle_at: Vec<[Pos; 3]>,
    /// The section headers given, with their positions, in file order.
    pub sections: Vec<(Section, Pos)>,
}

impl NodeFile {
    /// Reads the node file at `path`; `what` names it in messages ("polyline file", …).
    pub fn read(path: &Path, what: &str) -> Result<Self, SceneError> {
        let text = read_text(path, what)?;
        Self::parse(&text, path)
    }

    /// Parses node-file text; `file` names it in errors.
    pub fn parse(text: &str, file: &Path) -> Result<Self, SceneError> {
        let mut out = Self {
            file: file.to_path_buf(),
            ..Self::default()
        };
        let mut section = Section::Nodes;
        // The next row of the section may be a line of column names.
        let mut names_allowed = true;
        for (i, raw) in text.lines().enumerate() {
            let line = i + 1;
            let raw = raw.trim_end_matches('\r');
            let body = &raw[..comment_start(raw).unwrap_or(raw.len())];
            let trimmed = body.trim_start();
            if trimmed.is_empty() {
                continue;
            }
            let indent = body[..body.len() - trimmed.len()].chars().count();
            if let Some(name) = trimmed.strip_prefix('*') {
                section = out.section_header(name, (line, indent + 1))?;
                names_allowed = true;
                continue;
            }
            let fields = split(body).map_err(|col| {
                out.err(
                    (line, col),
                    "expected a number before this comma, found an empty field",
                )
                .with_help("separate numbers by one comma or by spaces; remove the extra comma")
            })?;
            if std::mem::take(&mut names_allowed) && fields.iter().all(|(f, _)| is_name(f)) {
                continue;
            }
            let width = section.width();
            if fields.len() != width {
                let col = fields.get(width).map_or(fields[0].1, |f| f.1);
                return Err(out
                    .err(
                        (line, col),
                        format!(
                            "expected {}, found {} value{}",
                            section.row(),
                            fields.len(),
                            if fields.len() == 1 { "" } else { "s" }
                        ),
                    )
                    .with_help(section.help()));
            }
            match section {
                Section::Nodes => {
                    let mut x = [0.0; 3];
                    for (k, (f, col)) in fields.iter().enumerate() {
                        x[k] = out.coordinate(f, (line, *col), k)?;
                    }
                    out.nodes.push(Vec3::from(x));
                    out.node_at.push((line, fields[0].1));
                }
                Section::Edges => {
                    let a = out.index(fields[0], line)?;
                    let b = out.index(fields[1], line)?;
                    out.edges.push([a, b]);
                    out.edge_at.push([(line, fields[0].1), (line, fields[1].1)]);
                }
                Section::Triangles => {
                    let mut t = [0; 3];
                    for (k, f) in fields.iter().enumerate() {
                        t[k] = out.index(*f, line)?;
                    }
                    out.triangles.push(t);
                    out.triangle_at.push([0, 1, 2].map(|k| (line, fields[k].1)));
                }
            }
        }
        out.check_indices()?;
        Ok(out)
    }

    /// Where section `s`'s header is, if it was given.
    pub fn section_at(&self, s: Section) -> Option<Pos> {
        self.sections.iter().find(|(x, _)| *x == s).map(|(_, p)| *p)
    }

    /// An error at `at` in this file.
    pub fn err(&self, at: Pos, message: impl Into<String>) -> SceneError {
        SceneError::new(&self.file, Some(at), message)
    }

    /// Reads the section header `*name` at `at`.
    fn section_header(&mut self, name: &str, at: Pos) -> Result<Section, SceneError> {
        let name = name.trim().trim_end_matches(',').trim_end();
        let Some(s) = Section::ALL
            .into_iter()
            .find(|s| s.header()[1..].eq_ignore_ascii_case(name))
        else {
            let names = Section::ALL.map(|s| &s.header()[1..]);
            let list = "sections are `*Nodes`, `*Edges` and `*Triangles`";
            let e = self.err(at, format!("unknown section `*{name}`"));
            return Err(match closest(name, names) {
                Some(c) => e.with_help(format!("did you mean `*{c}`? {list}")),
                None => e.with_help(list),
            });
        };
        if let Some(first) = self.section_at(s) {
            return Err(self
                .err(
                    at,
                    format!(
                        "section `{}` is given twice (first at line {})",
                        s.header(),
                        first.0
                    ),
                )
                .with_help("give each section once: merge the two lists"));
        }
        if s == Section::Nodes && !self.nodes.is_empty() {
            return Err(self
                .err(
                    at,
                    "`*Nodes` comes after node rows: the nodes would be given twice",
                )
                .with_help(
                    "rows before the first section are nodes: move `*Nodes` to the top, above \
                     them",
                ));
        }
        self.sections.push((s, at));
        Ok(s)
    }

    /// Coordinate `k` (x, y, z) of a node row.
    fn coordinate(&self, field: &str, at: Pos, k: usize) -> Result<f64, SceneError> {
        let axis = ["x", "y", "z"][k];
        let x: f64 = field.parse().map_err(|_| {
            let e = self.err(
                at,
                format!("expected a number for the {axis} coordinate, found `{field}`"),
            );
            if is_name(field) {
                e.with_help(
                    "a line of column names (e.g. `x y z`) may only come first in the file or \
                     in a section; comments start with `#`, `%` or `//`",
                )
            } else {
                e.with_help("write decimal numbers in m, e.g. `0.5`, `-2e-3`")
            }
        })?;
        if !x.is_finite() {
            return Err(self
                .err(at, format!("the {axis} coordinate `{field}` is not finite"))
                .with_help("NaN and inf are not allowed: write three finite coordinates (m)"));
        }
        Ok(x)
    }

    /// A 1-based node number, as a 0-based index (the range is checked once all nodes are read).
    fn index(&self, (field, col): (&str, usize), line: usize) -> Result<usize, SceneError> {
        let n = field
            .parse::<u64>()
            .ok()
            .or_else(|| {
                // `3.0` or `3.000e+00`, as numeric tools write integer columns of a float array.
                let x: f64 = field.parse().ok()?;
                (x.fract() == 0.0 && x >= 0.0 && x < 2f64.powi(53)).then_some(x as u64)
            })
            .ok_or_else(|| {
                self.err(
                    (line, col),
                    format!("expected a node number (a positive integer), found `{field}`"),
                )
                .with_help("node numbers are 1-based: the first row of `*Nodes` is node 1")
            })?;
        if n == 0 {
            return Err(self
                .err((line, col), "node numbers are 1-based: `0` is not a node")
                .with_help(
                    "the first row of `*Nodes` is node 1; add 1 to every number of a 0-based list",
                ));
        }
        usize::try_from(n - 1).map_err(|_| self.err((line, col), "node number too large"))
    }

    /// Every edge and triangle names an existing node.
    fn check_indices(&self) -> Result<(), SceneError> {
        let n = self.nodes.len();
        let rows = self
            .edges
            .iter()
            .zip(&self.edge_at)
            .flat_map(|(e, at)| e.iter().zip(at.iter()).collect::<Vec<_>>());
        let rows = rows.chain(
            self.triangles
                .iter()
                .zip(&self.triangle_at)
                .flat_map(|(t, at)| t.iter().zip(at.iter()).collect::<Vec<_>>()),
        );
        for (&k, &at) in rows {
            if k >= n {
                let has = match n {
                    0 => "the file has no nodes".to_string(),
                    1 => "the file has 1 node".to_string(),
                    n => format!("the file has {n} nodes"),
                };
                return Err(self
                    .err(at, format!("node {} does not exist: {has}", k + 1))
                    .with_help(format!(
                        "node numbers run from 1 to {n}, the rows of `*Nodes` in order"
                    )));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<NodeFile, SceneError> {
        NodeFile::parse(text, Path::new("n.txt"))
    }

    #[test]
    fn bare_rows_with_names_comments_and_commas() {
        let f = parse("x,y,z\n0 0 0 # first\n\n% matlab\n1, 2 ,3,\n// c\n  4\t5 6\n").unwrap();
        assert_eq!(
            f.nodes,
            vec![
                Vec3::zeros(),
                Vec3::new(1.0, 2.0, 3.0),
                Vec3::new(4.0, 5.0, 6.0)
            ]
        );
        assert_eq!(f.node_at, vec![(2, 1), (5, 1), (7, 3)]);
        assert!(f.edges.is_empty() && f.sections.is_empty());
    }

    #[test]
    fn sections_give_nodes_edges_and_triangles() {
        let text = "*nodes\n0,0,0\n1,0,0\n0,1,0\n*Edges\n1, 2\n2,3\n*TRIANGLES\n1 2 3.0\n";
        let f = parse(text).unwrap();
        assert_eq!(f.nodes.len(), 3);
        assert_eq!(f.edges, vec![[0, 1], [1, 2]]);
        assert_eq!(f.edge_at[0], [(6, 1), (6, 4)]);
        assert_eq!(f.triangles, vec![[0, 1, 2]]);
        assert_eq!(f.section_at(Section::Triangles), Some((8, 1)));
    }

    #[test]
    fn errors_are_located_and_say_what_to_do() {
        let cases: [(&str, Pos, &str); 10] = [
            (
                "0 0 0\n1 0 x\n",
                (2, 5),
                "expected a number for the z coordinate",
            ),
            (
                "0 0 0\n1 0\n",
                (2, 1),
                "expected 3 coordinates `x y z` (m), found 2 values",
            ),
            ("0 0 0\n1 0 0 7\n", (2, 7), "found 4 values"),
            ("0 0 0\n1,,0\n", (2, 3), "empty field"),
            ("0 0 nan\n", (1, 5), "the z coordinate `nan` is not finite"),
            ("*Nodes\n0 0 0\n*Edge\n", (3, 1), "unknown section `*Edge`"),
            (
                "*Nodes\n0 0 0\n1 0 0\n*Edges\n1 0\n",
                (5, 3),
                "1-based: `0` is not a node",
            ),
            (
                "*Nodes\n0 0 0\n*Edges\n1 2\n",
                (4, 3),
                "node 2 does not exist: the file has 1 node",
            ),
            (
                "*Edges\n1 2.5\n",
                (2, 3),
                "expected a node number (a positive integer), found `2.5`",
            ),
            (
                "*Nodes\n0 0 0\n*Nodes\n",
                (3, 1),
                "section `*Nodes` is given twice (first at line 1)",
            ),
        ];
        for (text, at, msg) in cases {
            let e = parse(text).expect_err(text);
            assert_eq!(e.position, Some(at), "{text:?}: {e}");
            assert!(e.message.contains(msg), "{text:?}: {e}");
            assert!(e.help.is_some(), "{text:?}: {e}");
        }
        let e = parse("*Edge\n").unwrap_err();
        assert!(e.help.unwrap().contains("did you mean `*Edges`?"));
        let e = parse("0 0 0\n*Nodes\n").unwrap_err();
        assert!(e.message.contains("`*Nodes` comes after node rows"), "{e}");
    }

    #[test]
    fn a_name_line_only_opens_a_section() {
        let e = parse("0 0 0\nx y z\n").unwrap_err();
        assert_eq!(e.position, Some((2, 1)));
        assert!(e.help.unwrap().contains("column names"));
        let f = parse("*Nodes\nx, y, z\n0 0 0\n*Edges\nfrom to\n").unwrap();
        assert_eq!(f.nodes.len(), 1);
    }
}
