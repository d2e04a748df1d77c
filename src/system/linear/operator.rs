//! The Newton matrix of a Krylov solve applied without assembling the contact blocks:
//! `J x = J_base x + Σ_pairs Pᵀ_p B_p P_p x`, with `J_base` the assembled pattern (inertia,
//! elastic stencils, external forces) and `B_p` each evaluated pair's system block over its
//! local coordinates (the `w × w` corner up to its last free coordinate of the 12×12 record).
//!
//! A granular bed's candidate set changes at almost every step; keeping contact blocks out of
//! the pattern spares a pattern rebuild, its slot lookups and the zeroing and scanning of
//! 144 entries per candidate, while the products cost what the active pairs cost. The entries
//! applied are exactly those the assembly would add: rows the pair assembles, between free
//! DOFs.

use super::bicgstab::{CscRef, Operator};
use super::block_jacobi::{BlockJacobi, DofBlocks};
use super::ring_block::RingBlock;
use crate::contact::{LocalContact, Mat12, NO_DOF};
use crate::model::DofMap;
use crate::system::assembly::pattern::SparsityPattern;

/// Marks a local coordinate without a free DOF.
pub(super) const NOT_FREE: u32 = u32::MAX;

/// One evaluated pair's block with the free index of each local coordinate.
#[derive(Debug)]
struct PairBlock<'a> {
    /// Free index of each local coordinate ([`NOT_FREE`] when constrained or absent).
    cols: [u32; 12],
    /// Free index of each row the pair assembles ([`NOT_FREE`] otherwise).
    rows: [u32; 12],
    /// Local coordinates up to the last free one: the products visit only the `w × w` corner
    /// of the block (a sphere–plane pair has 3 or 6 local coordinates, not 12).
    w: usize,
    block: &'a Mat12,
}

/// `J_base` plus the pairs' blocks.
#[derive(Debug)]
pub struct SystemOperator<'a> {
    base: CscRef<'a>,
    pairs: Vec<PairBlock<'a>>,
    /// The pairs' terms beyond their twelve coordinates (node rings, two-triangle pairs),
    /// applied after the pairs, in pair order, on one thread.
    rings: Vec<RingBlock<'a>>,
    /// The row view of the product, for the parallel path (see [`RowGather`]); `None` when
    /// the system is too small to share out or one thread runs.
    gather: Option<RowGather>,
}

/// Systems with fewer pair blocks than this multiply on one thread (the row view costs more
/// than sharing the product saves).
const PARALLEL_MIN_PAIRS: usize = 2000;

/// Rows per parallel task of the product.
const ROWS_PER_TASK: usize = 4096;

/// The product `J x` row by row, so that rows can be shared out between threads with the
/// bits of the sequential product: row `r` of [`SystemOperator::mul`] is `base_r` — the base
/// matrix's entries of row `r` times `x`, added in increasing column order from +0 (the order
/// the column-by-column product adds them in) — then, pair by pair in pair order, the pair's
/// block row dotted with its local `x`. Those per-pair dots do not depend on the row's other
/// terms, so they are computed first (in parallel over pairs), and each row then adds its own
/// in pair order: every sum is the sequential one, term for term.
#[derive(Debug)]
struct RowGather {
    /// Start of each row's base entries in `base_entry` (n + 1).
    base_ptr: Vec<u32>,
    /// `(column, index into the base values)` of each base entry, rows in order, columns
    /// increasing.
    base_entry: Vec<(u32, u32)>,
    /// Start of each row's pair terms in `pair_term` (n + 1).
    pair_ptr: Vec<u32>,
    /// `(pair, local row)` of each pair term, rows in order, pairs increasing.
    pair_term: Vec<(u32, u8)>,
    /// The per-pair block-row dots of the last product.
    dots: parking_lot::Mutex<Vec<[f64; 12]>>,
}

impl RowGather {
    fn new(n: usize, base: &CscRef, pairs: &[PairBlock]) -> Self {
        // Counting sorts by row: stable, so columns (base) and pairs stay increasing.
        let mut base_ptr = vec![0u32; n + 1];
        for &r in base.row_idx {
            base_ptr[r as usize + 1] += 1;
        }
        for r in 0..n {
            base_ptr[r + 1] += base_ptr[r];
        }
        let mut next = base_ptr.clone();
        let mut base_entry = vec![(0u32, 0u32); base.row_idx.len()];
        for c in 0..n {
            for k in base.col_ptr[c] as usize..base.col_ptr[c + 1] as usize {
                let r = base.row_idx[k] as usize;
                base_entry[next[r] as usize] = (c as u32, k as u32);
                next[r] += 1;
            }
        }
        let mut pair_ptr = vec![0u32; n + 1];
        for p in pairs {
            for &r in p.rows[..p.w].iter().filter(|&&r| r != NOT_FREE) {
                pair_ptr[r as usize + 1] += 1;
            }
        }
        for r in 0..n {
            pair_ptr[r + 1] += pair_ptr[r];
        }
        let mut next = pair_ptr.clone();
        let mut pair_term = vec![(0u32, 0u8); pair_ptr[n] as usize];
        for (i, p) in pairs.iter().enumerate() {
            for (a, &r) in p.rows[..p.w].iter().enumerate() {
                if r != NOT_FREE {
                    pair_term[next[r as usize] as usize] = (i as u32, a as u8);
                    next[r as usize] += 1;
                }
            }
        }
        Self {
            base_ptr,
            base_entry,
            pair_ptr,
            pair_term,
            dots: parking_lot::Mutex::new(vec![[0.0; 12]; pairs.len()]),
        }
    }
}

/// The block rows of pair `p` dotted with its local `x` (the `acc` of the sequential
/// product).
fn pair_dots(p: &PairBlock, x: &[f64]) -> [f64; 12] {
    let mut xl = [0.0; 12];
    for (b, &c) in p.cols[..p.w].iter().enumerate() {
        if c != NOT_FREE {
            xl[b] = x[c as usize];
        }
    }
    // The common widths with their width fixed at compile time, so that the rows' sums run
    // side by side in vector registers (a sphere pair with spins has 12 local coordinates, a
    // sphere–plane pair 6 or 3); every row still adds its terms in the order b = 0, 1, …
    match p.w {
        12 => block_dots::<12>(p.block, &xl),
        6 => block_dots::<6>(p.block, &xl),
        3 => block_dots::<3>(p.block, &xl),
        w => {
            let mut acc = [0.0; 12];
            for (b, &xb) in xl[..w].iter().enumerate() {
                let col = p.block.column(b);
                for (acc_a, &m) in acc[..w].iter_mut().zip(col.iter()) {
                    *acc_a += m * xb;
                }
            }
            acc
        }
    }
}

/// The first `W` rows of `block` times the first `W` entries of `xl`, column by column (the
/// block is stored by columns): row `a`'s sum is `((0 + m_a0 x_0) + m_a1 x_1) + …`, the bits
/// of a row-wise sum in increasing column order.
#[inline(always)]
fn block_dots<const W: usize>(block: &Mat12, xl: &[f64; 12]) -> [f64; 12] {
    let m = block.as_slice();
    let mut acc = [0.0; W];
    for (b, &xb) in xl[..W].iter().enumerate() {
        let col: &[f64; W] = m[12 * b..12 * b + W].try_into().expect("a column");
        for a in 0..W {
            acc[a] += col[a] * xb;
        }
    }
    let mut out = [0.0; 12];
    out[..W].copy_from_slice(&acc);
    out
}

impl<'a> SystemOperator<'a> {
    /// The operator of the assembled `values` on `pattern` and the blocks of `contacts`.
    pub fn new(
        dofs: &DofMap,
        pattern: &'a SparsityPattern,
        values: &'a [f64],
        contacts: &'a [LocalContact],
    ) -> Self {
        let pairs = contacts
            .iter()
            .filter(|lc| lc.active)
            .filter_map(|lc| {
                let block = lc.block.as_deref()?;
                let free = |d: u32| {
                    if d == NO_DOF {
                        NOT_FREE
                    } else {
                        dofs.free_index(d as usize).map_or(NOT_FREE, |i| i as u32)
                    }
                };
                let cols = lc.dofs.map(free);
                let rows = std::array::from_fn(|a| if lc.rows[a] { cols[a] } else { NOT_FREE });
                let w = cols
                    .iter()
                    .rposition(|&c| c != NOT_FREE)
                    .map_or(0, |a| a + 1);
                Some(PairBlock {
                    cols,
                    rows,
                    w,
                    block,
                })
            })
            .collect();
        let base = CscRef::of(pattern, values);
        let rings = contacts
            .iter()
            .filter_map(|lc| RingBlock::of(dofs, lc))
            .collect();
        let mut op = Self {
            base,
            pairs,
            rings,
            gather: None,
        };
        if op.pairs.len() >= PARALLEL_MIN_PAIRS && rayon::current_num_threads() > 1 {
            op.share_rows(pattern.n());
        }
        op
    }

    /// Multiplies row by row from now on ([`RowGather`]), on the threads of the current pool.
    fn share_rows(&mut self, n: usize) {
        self.gather = Some(RowGather::new(n, &self.base, &self.pairs));
    }

    /// Adds the pairs' entries that fall in the preconditioner's diagonal blocks.
    pub fn precondition(&self, pc: &mut BlockJacobi, blocks: &DofBlocks) {
        for p in &self.pairs {
            // Each local coordinate's preconditioner block, located once per pair rather than
            // once per entry; only entries whose row and column share a block are kept, in the
            // order of the entry-by-entry sum (the bits do not change).
            let at: [Option<(usize, usize)>; 12] = std::array::from_fn(|b| {
                (b < p.w && p.cols[b] != NOT_FREE).then(|| blocks.locate(p.cols[b] as usize))
            });
            for (a, &r) in p.rows[..p.w].iter().enumerate() {
                if r == NOT_FREE {
                    continue;
                }
                let Some((bi, ai)) = at[a] else { continue };
                for (b, loc) in at[..p.w].iter().enumerate() {
                    if let Some((bj, cj)) = *loc
                        && bj == bi
                    {
                        pc.add_in_block(bi, ai, cj, p.block[(a, b)]);
                    }
                }
            }
        }
        for ring in &self.rings {
            ring.entries(|r, c, v| {
                let ((bi, ai), (bj, cj)) = (blocks.locate(r as usize), blocks.locate(c as usize));
                if bi == bj {
                    pc.add_in_block(bi, ai, cj, v);
                }
            });
        }
    }

    /// The assembled matrix in compressed columns (for the direct fallback): the base entries
    /// and every pair's, summed where they meet. `fingerprint` must differ from every pattern
    /// the direct solver saw before, so that it analyses this one anew.
    pub fn to_csc(&self, n: usize, fingerprint: u64) -> (SparsityPattern, Vec<f64>) {
        let mut entries: Vec<(u32, u32, f64)> = Vec::new();
        for c in 0..n {
            for k in self.base.col_ptr[c] as usize..self.base.col_ptr[c + 1] as usize {
                entries.push((c as u32, self.base.row_idx[k], self.base.values[k]));
            }
        }
        for p in &self.pairs {
            for (a, &r) in p.rows[..p.w].iter().enumerate() {
                for (b, &c) in p.cols[..p.w].iter().enumerate() {
                    if r != NOT_FREE && c != NOT_FREE {
                        entries.push((c, r, p.block[(a, b)]));
                    }
                }
            }
        }
        for ring in &self.rings {
            ring.entries(|r, c, v| entries.push((c, r, v)));
        }
        entries.sort_unstable_by_key(|&(c, r, _)| (c, r));
        let mut col_ptr = vec![0u32; n + 1];
        let mut row_idx: Vec<u32> = Vec::with_capacity(entries.len());
        let mut values: Vec<f64> = Vec::with_capacity(entries.len());
        let mut last = None;
        for (c, r, v) in entries {
            if last == Some((c, r)) {
                *values.last_mut().expect("an entry") += v;
            } else {
                row_idx.push(r);
                values.push(v);
                col_ptr[c as usize + 1] = row_idx.len() as u32;
                last = Some((c, r));
            }
        }
        for c in 0..n {
            col_ptr[c + 1] = col_ptr[c + 1].max(col_ptr[c]);
        }
        let pattern = SparsityPattern::from_csc(n, col_ptr, row_idx, fingerprint);
        (pattern, values)
    }
}

impl Operator for SystemOperator<'_> {
    fn mul(&self, x: &[f64], out: &mut [f64]) {
        if let Some(g) = &self.gather {
            self.mul_rows(g, x, out);
        } else {
            self.mul_pairs(x, out);
        }
        for ring in &self.rings {
            ring.mul_add(x, out);
        }
    }
}

impl SystemOperator<'_> {
    /// The base and the pairs' product on one thread.
    fn mul_pairs(&self, x: &[f64], out: &mut [f64]) {
        self.base.mul(x, out);
        // Past the last free coordinate `w`, `xl` is zero: the products there add ±0 to a sum
        // that started at +0 (never −0), so stopping at `w` leaves the bits unchanged.
        for p in &self.pairs {
            let acc = pair_dots(p, x);
            for (&r, &acc_a) in p.rows[..p.w].iter().zip(&acc) {
                if r != NOT_FREE {
                    out[r as usize] += acc_a;
                }
            }
        }
    }

    /// [`Operator::mul`] shared out between threads, with its bits (see [`RowGather`]). The
    /// column-by-column base product skips columns where `x` is 0; the row sum adds their
    /// `v·0 = ±0` instead, which leaves a sum started at +0 unchanged (for finite `v`).
    fn mul_rows(&self, g: &RowGather, x: &[f64], out: &mut [f64]) {
        use rayon::prelude::*;
        let mut dots = g.dots.lock();
        dots.par_iter_mut()
            .zip(self.pairs.par_iter())
            .for_each(|(d, p)| *d = pair_dots(p, x));
        let dots = &*dots;
        let values = self.base.values;
        out.par_chunks_mut(ROWS_PER_TASK)
            .enumerate()
            .for_each(|(task, rows)| {
                let first = task * ROWS_PER_TASK;
                for (i, o) in rows.iter_mut().enumerate() {
                    let r = first + i;
                    let mut sum = 0.0;
                    let entries = g.base_ptr[r] as usize..g.base_ptr[r + 1] as usize;
                    for &(c, k) in &g.base_entry[entries] {
                        sum += values[k as usize] * x[c as usize];
                    }
                    let terms = g.pair_ptr[r] as usize..g.pair_ptr[r + 1] as usize;
                    for &(p, a) in &g.pair_term[terms] {
                        sum += dots[p as usize][a as usize];
                    }
                    *o = sum;
                }
            });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::contact::{PairKey, PrimId, SpherePrim};
    use crate::verify::Rng;

    #[test]
    fn applies_exactly_the_entries_the_assembly_adds() {
        // 9 DOFs, DOF 4 constrained: free indices 0..8.
        let mut dofs = DofMap::new(9);
        dofs.constrain(4);
        let n = dofs.n_free();
        let pattern = SparsityPattern::build(&dofs, std::iter::empty(), 1);
        let values: Vec<f64> = (0..pattern.nnz()).map(|k| 2.0 + k as f64).collect();
        let mut rng = Rng::new(4);
        let mut block = Mat12::zeros();
        block.iter_mut().for_each(|v| *v = rng.signed());
        let sphere = PrimId::Sphere(SpherePrim { index: 0 });
        // Local coordinates 0..6 on DOFs 0..6 (4 constrained), 6..9 absent, 9..12 on DOFs 6..9
        // with rows not assembled.
        let d: [u32; 12] = std::array::from_fn(|a| match a {
            0..6 => a as u32,
            9..12 => (a - 3) as u32,
            _ => NO_DOF,
        });
        let rows = std::array::from_fn(|a| a < 9);
        let contact = LocalContact {
            key: PairKey {
                binding: 0,
                first: sphere,
                second: sphere,
            },
            dofs: d,
            rows,
            force: Default::default(),
            block: Some(Box::new(block)),
            energy: 0.0,
            nonconservative: None,
            gap: -1e-6,
            active: true,
            memory: Default::default(),
            rigid_loads: None,
            virial: None,
            spring_tension: None,
            contact_area: None,
            ring: None,
        };
        let contacts = [contact];
        let op = SystemOperator::new(&dofs, &pattern, &values, &contacts);
        let x: Vec<f64> = (0..n).map(|i| 1.0 + 0.5 * i as f64).collect();
        let mut y = vec![0.0; n];
        op.mul(&x, &mut y);
        // Reference: the diagonal plus block entries between free DOFs on assembled rows.
        let mut expect: Vec<f64> = (0..n)
            .map(|i| values[pattern.diag_slot(i) as usize] * x[i])
            .collect();
        for a in 0..12 {
            for b in 0..12 {
                let (Some(r), Some(c)) = (
                    (d[a] != NO_DOF && rows[a])
                        .then(|| dofs.free_index(d[a] as usize))
                        .flatten(),
                    (d[b] != NO_DOF)
                        .then(|| dofs.free_index(d[b] as usize))
                        .flatten(),
                ) else {
                    continue;
                };
                expect[r] += block[(a, b)] * x[c];
            }
        }
        for (a, b) in y.iter().zip(&expect) {
            assert!((a - b).abs() < 1e-12, "{a} vs {b}");
        }
        // The assembled fallback matrix is the same operator.
        let (full, full_values) = op.to_csc(n, u64::MAX);
        let mut z = vec![0.0; n];
        CscRef::of(&full, &full_values).mul(&x, &mut z);
        for (a, b) in z.iter().zip(&expect) {
            assert!((a - b).abs() < 1e-12, "{a} vs {b}");
        }
    }

    /// The row-parallel product gives the bits of the sequential one, on any thread count.
    #[test]
    fn the_row_parallel_product_has_the_sequential_bits() {
        let n_nodes = 300;
        let n = 3 * n_nodes;
        let dofs = DofMap::new(n);
        let mut rng = Rng::new(17);
        let groups: Vec<Vec<usize>> = (0..n_nodes)
            .map(|i| (0..3).map(|c| 3 * i + c).collect())
            .collect();
        let pattern = SparsityPattern::build(&dofs, groups.iter().map(|g| &g[..]), 3);
        let values: Vec<f64> = (0..pattern.nnz()).map(|_| rng.signed()).collect();
        let sphere = PrimId::Sphere(SpherePrim { index: 0 });
        let contacts: Vec<LocalContact> = (0..2500)
            .map(|k| {
                let (i, j) = (k % n_nodes, (7 * k + 3) % n_nodes);
                let mut block = Mat12::zeros();
                block.iter_mut().for_each(|v| *v = rng.signed() * 1e3);
                let d: [u32; 12] = std::array::from_fn(|a| match a {
                    0..3 => (3 * i + a) as u32,
                    3..6 => (3 * j + a - 3) as u32,
                    _ => NO_DOF,
                });
                LocalContact {
                    key: PairKey {
                        binding: 0,
                        first: sphere,
                        second: sphere,
                    },
                    dofs: d,
                    rows: std::array::from_fn(|a| a < 6 && (k % 5 != 0 || a < 3)),
                    force: Default::default(),
                    block: Some(Box::new(block)),
                    energy: 0.0,
                    nonconservative: None,
                    gap: -1e-6,
                    active: true,
                    memory: Default::default(),
                    rigid_loads: None,
                    virial: None,
                    spring_tension: None,
                    contact_area: None,
                    ring: None,
                }
            })
            .collect();
        let x: Vec<f64> = (0..n)
            .map(|i| if i % 11 == 0 { 0.0 } else { rng.signed() })
            .collect();
        let sequential = SystemOperator::new(&dofs, &pattern, &values, &contacts);
        let mut want = vec![0.0; n];
        sequential.base.mul(&x, &mut want);
        for p in &sequential.pairs {
            let acc = pair_dots(p, &x);
            for (&r, &a) in p.rows[..p.w].iter().zip(&acc) {
                if r != NOT_FREE {
                    want[r as usize] += a;
                }
            }
        }
        for threads in [1, 2, 3] {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .expect("pool");
            let got = pool.install(|| {
                let mut op = SystemOperator::new(&dofs, &pattern, &values, &contacts);
                op.share_rows(n);
                let mut y = vec![f64::NAN; n];
                op.mul(&x, &mut y);
                y
            });
            for (r, (a, b)) in got.iter().zip(&want).enumerate() {
                assert_eq!(
                    a.to_bits(),
                    b.to_bits(),
                    "row {r}, {threads} threads: {a} vs {b}"
                );
            }
        }
    }
}
