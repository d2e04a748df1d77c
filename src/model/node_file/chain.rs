//! A rod's nodes from a node file: in file order, or ordered along the file's edges, which must
//! form one open chain through every node.

use super::parse::{NodeFile, Pos, Section};
use crate::diag::SceneError;
use crate::math::Vec3;
use crate::model::RodGeometryError;
use std::collections::HashMap;
use std::path::PathBuf;

/// A rod's centreline read from a node file: its nodes in rod order, and where each was written.
#[derive(Debug, Clone, PartialEq)]
pub struct Polyline {
    /// The file.
    pub file: PathBuf,
    /// Node positions (m), rod node 0 first.
    pub nodes: Vec<Vec3>,
    /// The file's (1-based) number of each rod node.
    pub numbers: Vec<usize>,
    /// Where each rod node's row is.
    pub at: Vec<Pos>,
}

impl NodeFile {
    /// The nodes of a rod. Without edges, the rod follows the nodes in file order. With edges
    /// (`*Edges`), they must join all nodes into one open chain — no node on three edges, no
    /// loop, no edge repeated, no node left out — and the rod starts at the chain's end with the
    /// lower node number and follows the edges: rod node `i` is the `i`-th node along the chain.
    /// Triangles are refused (a rod's file has none; give a mesh file to a shell).
    pub fn polyline(&self) -> Result<Polyline, SceneError> {
        if let Some(at) = self.triangle_at.first() {
            return Err(self
                .err(at[0], "a rod's node file has no triangles")
                .with_help(
                    "triangles make a shell: name this file in a shell's `mesh: File(\"…\")`, or \
                     remove the `*Triangles` section",
                ));
        }
        let n = self.nodes.len();
        if n < 2 {
            let message = match n {
                0 => "the file has no nodes; a rod needs at least 2",
                _ => "the file has 1 node; a rod needs at least 2",
            };
            let at = self
                .node_at
                .first()
                .copied()
                .or_else(|| self.section_at(Section::Nodes));
            return Err(SceneError::new(&self.file, at, message).with_help(
                "write one node per line as three numbers `x y z` (m), separated by spaces or \
                 commas",
            ));
        }
        let order: Vec<usize> = if self.edges.is_empty() {
            (0..n).collect()
        } else {
            self.chain_order()?
        };
        Ok(Polyline {
            file: self.file.clone(),
            nodes: order.iter().map(|&i| self.nodes[i]).collect(),
            numbers: order.iter().map(|&i| i + 1).collect(),
            at: order.iter().map(|&i| self.node_at[i]).collect(),
        })
    }

    /// The 0-based file nodes in chain order, or a located error at the first edge (or node)
    /// that keeps the edges from being one open chain.
    fn chain_order(&self) -> Result<Vec<usize>, SceneError> {
        let n = self.nodes.len();
        let mut parent: Vec<usize> = (0..n).collect();
        let mut on: Vec<Vec<usize>> = vec![Vec::new(); n];
        let mut seen: HashMap<(usize, usize), usize> = HashMap::new();
        for (e, (&[a, b], at)) in self.edges.iter().zip(&self.edge_at).enumerate() {
            let line = |k: usize| self.edge_at[k][0].0;
            if a == b {
                return Err(self
                    .err(at[0], format!("this edge joins node {} to itself", a + 1))
                    .with_help("an edge joins two different nodes"));
            }
            if let Some(first) = seen.insert((a.min(b), a.max(b)), e) {
                return Err(self
                    .err(
                        at[0],
                        format!(
                            "the edge between nodes {} and {} is given twice (first at line {})",
                            a + 1,
                            b + 1,
                            line(first)
                        ),
                    )
                    .with_help("remove one of the two edges"));
            }
            for (k, node) in [a, b].into_iter().enumerate() {
                if let [e1, e2] = on[node][..] {
                    return Err(self
                        .err(
                            at[k],
                            format!(
                                "node {} is on a third edge (the others are at lines {} and {}): \
                                 a rod is one chain, without branches",
                                node + 1,
                                line(e1),
                                line(e2)
                            ),
                        )
                        .with_help(
                            "split a branched structure into one rod (one file) per branch",
                        ));
                }
                on[node].push(e);
            }
            let (ra, rb) = (root(&mut parent, a), root(&mut parent, b));
            if ra == rb {
                return Err(self
                    .err(
                        at[0],
                        format!(
                            "this edge closes a loop: nodes {} and {} are already joined by the \
                             edges above it",
                            a + 1,
                            b + 1
                        ),
                    )
                    .with_help(
                        "a rod is an open chain: remove one edge of the loop (closed rods are not \
                         supported)",
                    ));
            }
            parent[ra] = rb;
        }
        // A forest of paths now: one path when the first node's tree holds them all.
        let r0 = root(&mut parent, 0);
        if let Some(k) = (0..n).find(|&k| root(&mut parent, k) != r0) {
            let chains = n - self.edges.len();
            let e = if on[k].is_empty() {
                self.err(self.node_at[k], format!("node {} is on no edge", k + 1))
                    .with_help(
                        "every node of a rod lies on its chain: add an edge to this node, or \
                         remove it",
                    )
            } else {
                self.err(
                    self.node_at[k],
                    format!(
                        "node {} is not joined to node 1: the edges form {chains} separate chains",
                        k + 1
                    ),
                )
                .with_help(
                    "a rod is one chain: add the edge that joins the chains, or give each chain \
                     its own file (one rod each)",
                )
            };
            return Err(e);
        }
        let start = (0..n).find(|&k| on[k].len() == 1).unwrap_or(0);
        let mut order = Vec::with_capacity(n);
        let (mut prev, mut here) = (usize::MAX, start);
        loop {
            order.push(here);
            let next = on[here].iter().map(|&e| self.edges[e]).find_map(|[a, b]| {
                let other = if a == here { b } else { a };
                (other != prev).then_some(other)
            });
            match next {
                Some(k) => (prev, here) = (here, k),
                None => break,
            }
        }
        debug_assert_eq!(order.len(), n);
        Ok(order)
    }
}

/// The root of `k`'s tree (union–find, with path halving).
fn root(parent: &mut [usize], mut k: usize) -> usize {
    while parent[k] != k {
        parent[k] = parent[parent[k]];
        k = parent[k];
    }
    k
}

impl Polyline {
    /// A rod geometry error ([`crate::model::Rod::new`]) located at the file row of the node at
    /// fault, in the file's node numbers.
    pub fn rod_error(&self, e: &RodGeometryError) -> SceneError {
        let at = |i: usize| Some(self.at[i.min(self.at.len() - 1)]);
        let num = |i: usize| self.numbers[i];
        let (pos, message, help) = match *e {
            RodGeometryError::TooFewNodes(n) => (
                None,
                format!("a rod needs at least 2 nodes, the file has {n}"),
                "write one node per line as three numbers `x y z` (m)",
            ),
            RodGeometryError::NonFinite(i) => (
                at(i),
                format!("node {} has a non-finite coordinate", num(i)),
                "NaN and inf are not allowed: write three finite coordinates (m)",
            ),
            RodGeometryError::ZeroLengthEdge(i) => (
                at(i + 1),
                format!(
                    "node {} is at the same place as node {}, the node before it on the rod \
                     (a zero-length edge)",
                    num(i + 1),
                    num(i)
                ),
                "consecutive nodes of a rod must be distinct: remove the repeated node",
            ),
            RodGeometryError::FoldBack(i) => (
                at(i),
                format!(
                    "the rod folds back on itself at node {} (turning angle of 180°)",
                    num(i)
                ),
                "two consecutive edges may not point in opposite directions: move or remove \
                 this node",
            ),
        };
        SceneError::new(&self.file, pos, message).with_help(help)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    fn polyline(text: &str) -> Result<Polyline, SceneError> {
        NodeFile::parse(text, Path::new("rod.txt"))?.polyline()
    }

    const NODES: &str = "*Nodes\n0 0 0\n1 0 0\n2 0 0\n3 0 0\n";

    #[test]
    fn edges_order_the_nodes() {
        let p = polyline(&format!("{NODES}*Edges\n1,2\n2,3\n3,4\n")).unwrap();
        assert_eq!(p.numbers, vec![1, 2, 3, 4]);
        // Edges in any order and direction: the rod starts at the lower-numbered end.
        let p = polyline(&format!("{NODES}*Edges\n4 2\n3 1\n2 1\n")).unwrap();
        assert_eq!(p.numbers, vec![3, 1, 2, 4]);
        assert_eq!(p.nodes[0], Vec3::new(2.0, 0.0, 0.0));
        assert_eq!(p.at[0], (4, 1));
        let p = polyline("0 0 0\n1 0 0\n").unwrap();
        assert_eq!(p.numbers, vec![1, 2]);
    }

    #[test]
    fn branches_loops_and_gaps_are_refused_where_they_are() {
        let cases: [(&str, Pos, &str); 6] = [
            (
                "1 2\n2 3\n2 4\n",
                (9, 1),
                "node 2 is on a third edge (the others are at lines 7 and 8)",
            ),
            (
                "1 2\n2 3\n3 1\n",
                (9, 1),
                "this edge closes a loop: nodes 3 and 1",
            ),
            (
                "1 2\n2 1\n",
                (8, 1),
                "the edge between nodes 2 and 1 is given twice (first at line 7)",
            ),
            ("1 2\n3 3\n", (8, 1), "this edge joins node 3 to itself"),
            ("1 2\n2 3\n", (5, 1), "node 4 is on no edge"),
            (
                "1 2\n3 4\n",
                (4, 1),
                "node 3 is not joined to node 1: the edges form 2 separate chains",
            ),
        ];
        for (edges, at, msg) in cases {
            let e = polyline(&format!("{NODES}*Edges\n{edges}")).expect_err(edges);
            assert_eq!(e.position, Some(at), "{edges:?}: {e}");
            assert!(e.message.contains(msg), "{edges:?}: {e}");
            assert!(e.help.is_some(), "{edges:?}");
        }
    }

    #[test]
    fn a_rod_file_has_nodes_and_no_triangles() {
        let e = polyline(&format!("{NODES}*Triangles\n1 2 3\n")).unwrap_err();
        assert_eq!(e.position, Some((7, 1)));
        let e = polyline("# nothing\n").unwrap_err();
        assert_eq!(e.position, None);
        assert!(e.message.contains("no nodes"), "{e}");
        let e = polyline("*Nodes\n1 2 3\n").unwrap_err();
        assert_eq!(e.position, Some((2, 1)));
    }

    #[test]
    fn rod_errors_name_the_file_row() {
        let p = polyline(&format!("{NODES}*Edges\n4 2\n3 1\n2 1\n")).unwrap();
        let e = p.rod_error(&RodGeometryError::ZeroLengthEdge(1));
        assert_eq!(e.position, Some((3, 1)));
        assert!(
            e.message
                .starts_with("node 2 is at the same place as node 1"),
            "{e}"
        );
    }
}
