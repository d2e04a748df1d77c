//! Reverse Cuthill–McKee ordering of a structurally symmetric sparse pattern, and the
//! envelope (profile) it gives.
//!
//! The rows of a DER Jacobian couple a node with its two neighbours on each side (the bending
//! stencil), so one rod numbered along its length is a band matrix of half-width about 11;
//! contact pairs add 12×12 blocks between distant nodes of the same or another rod. Cuthill &
//! McKee (1969) number the graph breadth-first from a peripheral vertex, visiting neighbours
//! by increasing degree; reversing that order (George 1971) gives the same bandwidth and a
//! smaller envelope `Σᵢ (i − fᵢ)`, with `fᵢ` the first column of row `i` inside the envelope
//! (George & Liu, *Computer Solution of Large Sparse Positive Definite Systems*, 1981, §4.3).
//! The start vertex of each connected component is a pseudo-peripheral vertex found by
//! repeated breadth-first searches (George & Liu 1979).
//!
//! The ordering is deterministic: ties in degree are broken by the vertex index.

/// A structurally symmetric adjacency in compressed form: the neighbours of vertex `i` are
/// `adj[ptr[i]..ptr[i + 1]]` (the diagonal excluded).
#[derive(Debug, Clone, Default)]
pub struct Adjacency {
    ptr: Vec<usize>,
    adj: Vec<u32>,
}

impl Adjacency {
    /// The symmetrised adjacency of a CSC pattern (`col_ptr`, `row_idx`) of order `n`, over
    /// the entries `e` (indices into `row_idx`) for which `keep(e)` holds.
    pub fn of_csc(
        n: usize,
        col_ptr: &[u32],
        row_idx: &[u32],
        keep: impl Fn(usize) -> bool,
    ) -> Self {
        let mut count = vec![0usize; n + 1];
        for c in 0..n {
            let range = col_ptr[c] as usize..col_ptr[c + 1] as usize;
            for (e, &r) in range.clone().zip(&row_idx[range]) {
                if r as usize != c && keep(e) {
                    count[c] += 1;
                    count[r as usize] += 1;
                }
            }
        }
        let mut ptr = vec![0usize; n + 1];
        for i in 0..n {
            ptr[i + 1] = ptr[i] + count[i];
        }
        let mut fill = ptr[..n].to_vec();
        let mut adj = vec![0u32; ptr[n]];
        for c in 0..n {
            let range = col_ptr[c] as usize..col_ptr[c + 1] as usize;
            for (e, &r) in range.clone().zip(&row_idx[range]) {
                let r = r as usize;
                if r != c && keep(e) {
                    adj[fill[c]] = r as u32;
                    fill[c] += 1;
                    adj[fill[r]] = c as u32;
                    fill[r] += 1;
                }
            }
        }
        // Sort and deduplicate each list (a structurally symmetric pattern lists every edge
        // twice), compacting in place.
        let mut out = 0usize;
        let mut new_ptr = vec![0usize; n + 1];
        for i in 0..n {
            let seg = &mut adj[ptr[i]..ptr[i + 1]];
            seg.sort_unstable();
            let mut last = u32::MAX;
            let begin = out;
            for k in ptr[i]..ptr[i + 1] {
                let v = adj[k];
                if v != last {
                    adj[out] = v;
                    out += 1;
                    last = v;
                }
            }
            new_ptr[i] = begin;
            new_ptr[i + 1] = out;
        }
        adj.truncate(out);
        Self { ptr: new_ptr, adj }
    }

    /// Number of vertices.
    pub fn n(&self) -> usize {
        self.ptr.len() - 1
    }

    /// Neighbours of vertex `i`, increasing.
    pub fn neighbours(&self, i: usize) -> &[u32] {
        &self.adj[self.ptr[i]..self.ptr[i + 1]]
    }

    fn degree(&self, i: usize) -> usize {
        self.ptr[i + 1] - self.ptr[i]
    }

    /// Breadth-first levels from `root` over unmarked vertices: the visit order (appended to
    /// `order`), and the number of levels. `level` is scratch (`usize::MAX` = unvisited).
    fn bfs(&self, root: usize, level: &mut [usize], order: &mut Vec<usize>) -> usize {
        let start = order.len();
        level[root] = 0;
        order.push(root);
        let mut head = start;
        let mut depth = 0;
        while head < order.len() {
            let v = order[head];
            head += 1;
            depth = depth.max(level[v]);
            for &w in self.neighbours(v) {
                let w = w as usize;
                if level[w] == usize::MAX {
                    level[w] = level[v] + 1;
                    order.push(w);
                }
            }
        }
        depth + 1
    }

    /// A pseudo-peripheral vertex of the component of `seed` (George & Liu 1979): repeat a
    /// breadth-first search from a vertex of least degree in the last level while the number
    /// of levels grows.
    fn pseudo_peripheral(&self, seed: usize, level: &mut [usize]) -> usize {
        let mut root = seed;
        let mut order = Vec::new();
        let mut depth = self.bfs(root, level, &mut order);
        loop {
            let last = order
                .iter()
                .copied()
                .filter(|&v| level[v] + 1 == depth)
                .min_by_key(|&v| (self.degree(v), v))
                .unwrap_or(root);
            for &v in &order {
                level[v] = usize::MAX;
            }
            order.clear();
            let d = self.bfs(last, level, &mut order);
            if d <= depth {
                for &v in &order {
                    level[v] = usize::MAX;
                }
                return root;
            }
            root = last;
            depth = d;
        }
    }

    /// The reverse Cuthill–McKee order: `perm[k]` is the vertex numbered `k`.
    pub fn reverse_cuthill_mckee(&self) -> Vec<usize> {
        let n = self.n();
        let mut level = vec![usize::MAX; n];
        let mut placed = vec![false; n];
        let mut order = Vec::with_capacity(n);
        let mut scratch: Vec<usize> = Vec::new();
        for seed in 0..n {
            if placed[seed] {
                continue;
            }
            let root = self.pseudo_peripheral(seed, &mut level);
            let begin = order.len();
            order.push(root);
            placed[root] = true;
            let mut head = begin;
            while head < order.len() {
                let v = order[head];
                head += 1;
                scratch.clear();
                scratch.extend(
                    self.neighbours(v)
                        .iter()
                        .map(|&w| w as usize)
                        .filter(|&w| !placed[w]),
                );
                scratch.sort_unstable_by_key(|&w| (self.degree(w), w));
                for &w in &scratch {
                    placed[w] = true;
                    order.push(w);
                }
            }
        }
        order.reverse();
        order
    }

    /// The envelope of the matrix reordered by `perm` (`perm[k]` = old index of new row `k`):
    /// `first[k]` is the smallest new index `j ≤ k` coupled with `k`.
    pub fn envelope(&self, perm: &[usize]) -> Vec<usize> {
        let n = self.n();
        let mut inverse = vec![0usize; n];
        for (k, &old) in perm.iter().enumerate() {
            inverse[old] = k;
        }
        (0..n)
            .map(|k| {
                self.neighbours(perm[k])
                    .iter()
                    .map(|&w| inverse[w as usize])
                    .fold(k, usize::min)
            })
            .collect()
    }
}

/// Size of an envelope: `Σₖ (k − first[k])`, the number of off-diagonal entries stored in
/// each triangle.
pub fn envelope_size(first: &[usize]) -> usize {
    first.iter().enumerate().map(|(k, &f)| k - f).sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// CSC pattern (full, structurally symmetric) of the given undirected edges.
    fn csc(n: usize, edges: &[(usize, usize)]) -> (Vec<u32>, Vec<u32>) {
        let mut cols = vec![vec![]; n];
        for (c, col) in cols.iter_mut().enumerate() {
            col.push(c as u32);
        }
        for &(a, b) in edges {
            cols[a].push(b as u32);
            cols[b].push(a as u32);
        }
        let mut ptr = vec![0u32];
        let mut rows = vec![];
        for mut col in cols {
            col.sort_unstable();
            rows.extend(col);
            ptr.push(rows.len() as u32);
        }
        (ptr, rows)
    }

    #[test]
    fn a_shuffled_path_is_renumbered_as_a_path() {
        // A path 0–1–…–9 numbered by a fixed shuffle: RCM gives bandwidth 1 (envelope n − 1).
        let label = [7usize, 2, 9, 0, 5, 3, 8, 1, 6, 4];
        let edges: Vec<_> = (0..9).map(|i| (label[i], label[i + 1])).collect();
        let (ptr, rows) = csc(10, &edges);
        let adj = Adjacency::of_csc(10, &ptr, &rows, |_| true);
        let perm = adj.reverse_cuthill_mckee();
        let mut sorted = perm.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, (0..10).collect::<Vec<_>>());
        let first = adj.envelope(&perm);
        assert_eq!(envelope_size(&first), 9);
        assert!(first.iter().enumerate().all(|(k, &f)| k - f <= 1));
        // The identity order of the shuffled labels is much wider.
        let identity: Vec<usize> = (0..10).collect();
        assert!(envelope_size(&adj.envelope(&identity)) > 20);
    }

    #[test]
    fn components_and_isolated_vertices_are_all_numbered() {
        // Two paths and an isolated vertex.
        let (ptr, rows) = csc(7, &[(0, 3), (3, 5), (1, 6), (6, 2)]);
        let adj = Adjacency::of_csc(7, &ptr, &rows, |_| true);
        let mut perm = adj.reverse_cuthill_mckee();
        let first = adj.envelope(&perm);
        assert_eq!(envelope_size(&first), 4);
        perm.sort_unstable();
        assert_eq!(perm, (0..7).collect::<Vec<_>>());
    }

    #[test]
    fn a_grid_gets_its_short_side_as_bandwidth() {
        // A 4 × 20 grid numbered along the long side first: bandwidth 20 in that order; RCM
        // numbers across the short side (bandwidth ≤ 5).
        let (w, h) = (20usize, 4usize);
        let id = |x: usize, y: usize| y * w + x;
        let mut edges = vec![];
        for y in 0..h {
            for x in 0..w {
                if x + 1 < w {
                    edges.push((id(x, y), id(x + 1, y)));
                }
                if y + 1 < h {
                    edges.push((id(x, y), id(x, y + 1)));
                }
            }
        }
        let (ptr, rows) = csc(w * h, &edges);
        let adj = Adjacency::of_csc(w * h, &ptr, &rows, |_| true);
        let perm = adj.reverse_cuthill_mckee();
        let band = adj
            .envelope(&perm)
            .iter()
            .enumerate()
            .map(|(k, &f)| k - f)
            .max()
            .unwrap();
        assert!(band <= 5, "bandwidth {band}");
    }
}
