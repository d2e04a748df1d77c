//! Node and mesh text files: the nodes of a rod (`PolylineFile`) or the nodes and triangles of
//! a shell (`mesh: File("….txt")`), read with every error located (file, line:column, what was
//! expected, a `help:` line).
//!
//! Two layouts are read, by the same reader:
//!
//! * **bare rows**: one node per line, `x y z` in m;
//! * **sections** (the MAT-DiSMech input layout, seed 004 §2): a line `*Nodes` starts the node
//!   rows (`x, y, z` in m), `*Edges` the edges (two 1-based node numbers per line) and
//!   `*Triangles` the triangles (three 1-based node numbers per line). Section names are
//!   case-insensitive; each section is given at most once, in any order. Rows before the
//!   first section are nodes.
//!
//! In both, numbers are separated by whitespace or commas (one comma at most between two
//! numbers; a trailing comma is allowed); `#`, `%` and `//` start comments; blank lines are
//! skipped; and a line of column names (fields that all start with a letter or a quote, such
//! as `x y z` or `x,y,z`) may precede the first row of a section.
//!
//! ```text
//! # a DiSMech-style input file
//! *Nodes
//! 0.00, 0, 0
//! 0.01, 0, 0
//! 0.02, 0, 0
//! *Edges
//! 1, 2
//! 2, 3
//! ```
//!
//! [`NodeFile::read`] reads a file, [`NodeFile::polyline`] orders the nodes of a rod along its
//! edges, and [`TriMesh::read_node_file`](crate::model::TriMesh::read_node_file) builds a
//! shell mesh from the nodes and triangles.

mod chain;
mod fields;
mod parse;

pub use chain::Polyline;
pub use parse::{NodeFile, Pos, Section};
