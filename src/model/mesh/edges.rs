//! The undirected edges of a triangle list and the triangles that use each (shared by
//! validation and topology).

use std::collections::HashMap;

/// One use of an edge by a triangle: the triangle, its local edge `k` (from corner `k` to
/// corner `k + 1 mod 3`) and whether it runs along the edge's stored direction.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct EdgeUse {
    pub triangle: u32,
    pub local: u8,
    pub forward: bool,
}

/// Unique undirected edges in order of first appearance (triangles in order, local edges
/// 0, 1, 2), each stored in the direction its first triangle traverses it, with all its uses.
#[derive(Debug, Clone, Default)]
pub(super) struct EdgeUses {
    pub edges: Vec<[u32; 2]>,
    pub uses: Vec<Vec<EdgeUse>>,
    /// Per triangle, its edges by local index.
    pub triangle_edges: Vec<[u32; 3]>,
}

impl EdgeUses {
    /// Builds the edge list; all indices must be in range.
    pub fn new(triangles: &[[u32; 3]]) -> Self {
        let mut index: HashMap<(u32, u32), u32> = HashMap::with_capacity(triangles.len() * 3 / 2);
        let mut out = Self {
            triangle_edges: Vec::with_capacity(triangles.len()),
            ..Self::default()
        };
        for (t, tri) in triangles.iter().enumerate() {
            let mut te = [0u32; 3];
            for k in 0..3 {
                let (a, b) = (tri[k], tri[(k + 1) % 3]);
                let key = (a.min(b), a.max(b));
                let e = *index.entry(key).or_insert_with(|| {
                    out.edges.push([a, b]);
                    out.uses.push(Vec::with_capacity(2));
                    (out.edges.len() - 1) as u32
                });
                out.uses[e as usize].push(EdgeUse {
                    triangle: t as u32,
                    local: k as u8,
                    forward: out.edges[e as usize] == [a, b],
                });
                te[k] = e;
            }
            out.triangle_edges.push(te);
        }
        out
    }
}
