//! Assembly of the dense RSS operator `A` of `U = A f` (Eq. A.6): the segment kernel summed
//! over every edge of every rod, in parallel over rows.

use super::RegularizedStokeslets;
use super::far_field::{far_threshold2, midpoint, select, simpson_coefficients};
use super::kernel::{Edge, EndPoint, SegmentCoefficients, coefficients, combine};
use super::lanes::{F4, Real};
use super::solver::dot;
use crate::external::ExternalError;
use crate::math::Vec3;
use crate::model::Model;
use rayon::prelude::*;

/// Dense matrices larger than this (bytes) are refused with an error.
pub const MAX_MATRIX_BYTES: f64 = 16e9;

impl RegularizedStokeslets {
    /// Assembles `A` (as in [`RegularizedStokeslets::matrix`]) row-major into `buf`; returns its
    /// order `3N`.
    pub fn assemble(
        &self,
        model: &Model,
        q: &[f64],
        buf: &mut Vec<f64>,
    ) -> Result<usize, ExternalError> {
        self.assemble_with_residual(model, q, buf, None)
    }

    /// [`Self::assemble`], and with `first` = `(U, f, r)` the residual `rᵢ = Uᵢ − Aᵢ·f` of
    /// every row as soon as the row is written, while it is in cache (the refinement's first
    /// residual, computed by the same dot product as
    /// [`DenseSolver`](super::solver::DenseSolver)'s: the same bits, one pass over `A` fewer).
    pub(super) fn assemble_with_residual(
        &self,
        model: &Model,
        q: &[f64],
        buf: &mut Vec<f64>,
        first: Option<(&[f64], &[f64], &mut Vec<f64>)>,
    ) -> Result<usize, ExternalError> {
        let nodes: Vec<Vec3> = model
            .bodies
            .rods
            .iter()
            .flat_map(|rod| (0..rod.n_nodes).map(|i| rod.node(q, i)))
            .collect();
        let n = 3 * nodes.len();
        let bytes = (n as f64) * (n as f64) * 8.0;
        if bytes > MAX_MATRIX_BYTES {
            return Err(ExternalError::new(
                "RSS fluid",
                format!(
                    "the dense RSS matrix of {} rod nodes needs {:.1} GB (limit {:.0} GB)",
                    nodes.len(),
                    bytes / 1e9,
                    MAX_MATRIX_BYTES / 1e9
                ),
            ));
        }
        let geometry = Geometry::new(self, model, &nodes);
        let scale = 1.0 / (8.0 * std::f64::consts::PI * self.viscosity);
        // Every block of every row is written below: no need to clear what is there.
        buf.resize(n * n, 0.0);
        if n == 0 {
            return Ok(0);
        }
        let avx2 = has_avx2();
        let mut unused = Vec::new();
        let (uf, residual) = match first {
            Some((u, f, r)) => (Some((u, f)), r),
            None => (None, &mut unused),
        };
        residual.resize(n, 0.0);
        // Row block j (node j's three velocity components) is independent of every other.
        buf.par_chunks_mut(3 * n)
            .zip(nodes.par_iter())
            .zip(residual.par_chunks_mut(3))
            .enumerate()
            .for_each_init(Scratch::default, |scratch, (j, ((rows, xhat), r))| {
                let xhat = [xhat.x, xhat.y, xhat.z];
                if avx2 {
                    #[cfg(target_arch = "x86_64")]
                    // SAFETY: the CPU has AVX2 (checked at run time).
                    unsafe {
                        row_avx2(&geometry, xhat, scale, rows, scratch)
                    }
                } else {
                    row_base(&geometry, xhat, scale, rows, scratch)
                }
                if let Some((u, f)) = uf {
                    for (c, r) in r.iter_mut().enumerate() {
                        *r = u[3 * j + c] - dot(&rows[c * n..(c + 1) * n], f);
                    }
                }
            });
        Ok(n)
    }
}

/// Whether the CPU runs AVX2 (the same code in wider lanes: the same bits).
fn has_avx2() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        is_x86_feature_detected!("avx2")
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

/// The rods' nodes and edges as structures of arrays, shared by every row, padded with copies
/// of the last node and of each rod's last edge to whole [`F4`]s (the padded lanes are computed
/// and dropped).
struct Geometry {
    /// Number of nodes `N`.
    nodes: usize,
    /// Whether distant edges take Simpson's rule ([`super::far_field`]).
    far: bool,
    /// Node coordinates (m), by global node, padded.
    x: [Vec<f64>; 3],
    /// `ε²` of each node's rod (m²), padded.
    eps2: Vec<f64>,
    rods: Vec<RodEdges>,
}

/// The edges of one rod (see [`Edge`]), edge `k` from node `first + k` to `first + k + 1`.
#[derive(Default)]
struct RodEdges {
    first: usize,
    /// Number of edges (the arrays are padded beyond).
    count: usize,
    e: [Vec<f64>; 3],
    len: Vec<f64>,
    len2: Vec<f64>,
    inv_len: Vec<f64>,
    inv_len2: Vec<f64>,
    eps2: Vec<f64>,
    /// Far-field threshold `((κ + ½)|e|)²` of each edge (m², empty without a far field).
    far2: Vec<f64>,
}

/// `n` rounded up to whole lanes.
fn lanes(n: usize) -> usize {
    n.div_ceil(4) * 4
}

impl Geometry {
    fn new(rss: &RegularizedStokeslets, model: &Model, nodes: &[Vec3]) -> Self {
        // Edge lanes reach 4 nodes beyond their padded count, node lanes 4 beyond the last.
        let padded = lanes(nodes.len()) + 8;
        let pad = |v: &mut Vec<f64>, n: usize| {
            let last = v.last().copied().unwrap_or(1.0);
            v.resize(n, last);
        };
        let mut g = Geometry {
            far: rss.far_field.is_some(),
            nodes: nodes.len(),
            x: std::array::from_fn(|c| nodes.iter().map(|p| p[c]).collect()),
            eps2: Vec::with_capacity(padded),
            rods: Vec::with_capacity(model.bodies.rods.len()),
        };
        for (r, rod) in model.bodies.rods.iter().enumerate() {
            let eps = rss.epsilon_of(model, r);
            g.eps2.extend(std::iter::repeat_n(eps * eps, rod.n_nodes));
            let count = rod.n_nodes - 1;
            let mut edges = RodEdges {
                first: rod.first_node,
                count,
                ..Default::default()
            };
            for i in 0..count {
                let a = rod.first_node + i;
                let edge = Edge::new(&nodes[a].into(), &nodes[a + 1].into(), eps);
                for c in 0..3 {
                    edges.e[c].push(edge.e[c]);
                }
                edges.len.push(edge.len);
                edges.len2.push(edge.len2);
                edges.inv_len.push(edge.inv_len);
                edges.inv_len2.push(edge.inv_len2);
                edges.eps2.push(edge.eps2);
                if let Some(kappa) = rss.far_field {
                    edges.far2.push(far_threshold2(kappa, edge.len));
                }
            }
            let n = lanes(count);
            for v in edges.e.iter_mut().chain([
                &mut edges.len,
                &mut edges.len2,
                &mut edges.inv_len,
                &mut edges.inv_len2,
                &mut edges.eps2,
            ]) {
                pad(v, n);
            }
            if g.far {
                pad(&mut edges.far2, n);
            }
            g.rods.push(edges);
        }
        for v in g.x.iter_mut().chain([&mut g.eps2]) {
            pad(v, padded);
        }
        g
    }
}

/// Per-row work arrays: the ends seen from the row's node, and the blocks of every edge.
#[derive(Default)]
struct Scratch {
    r: [Vec<f64>; 3],
    big_r: Vec<f64>,
    inv_r: Vec<f64>,
    /// Blocks `A₁`, `A₂` (scaled) of each edge of the current rod: `xx, yy, zz, xy, xz, yz`.
    b1: [Vec<f64>; 6],
    b2: [Vec<f64>; 6],
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn row_avx2(g: &Geometry, xhat: [f64; 3], scale: f64, rows: &mut [f64], s: &mut Scratch) {
    if g.far {
        row::<true>(g, xhat, scale, rows, s)
    } else {
        row::<false>(g, xhat, scale, rows, s)
    }
}

fn row_base(g: &Geometry, xhat: [f64; 3], scale: f64, rows: &mut [f64], s: &mut Scratch) {
    if g.far {
        row::<true>(g, xhat, scale, rows, s)
    } else {
        row::<false>(g, xhat, scale, rows, s)
    }
}

/// The three rows of `A` of the node at `xhat` into `rows` (row-major, `3N` columns), four
/// nodes or four edges at a time ([`F4`]: each lane gets the bits of the scalar kernel);
/// with `FAR`, distant edges by Simpson's rule ([`far_or_near`]).
#[inline(always)]
fn row<const FAR: bool>(
    g: &Geometry,
    xhat: [f64; 3],
    scale: f64,
    rows: &mut [f64],
    s: &mut Scratch,
) {
    let padded = g.eps2.len();
    let n = 3 * g.nodes;
    for v in s.r.iter_mut().chain([&mut s.big_r, &mut s.inv_r]) {
        v.resize(padded, 0.0);
    }
    let xh = xhat.map(F4::splat);
    for i in (0..padded).step_by(4) {
        let x = [
            F4::load(&g.x[0], i),
            F4::load(&g.x[1], i),
            F4::load(&g.x[2], i),
        ];
        let p = EndPoint::new(x, xh, F4::load(&g.eps2, i));
        for c in 0..3 {
            p.r[c].store(&mut s.r[c], i);
        }
        p.big_r.store(&mut s.big_r, i);
        p.inv_r.store(&mut s.inv_r, i);
    }
    let scale = F4::splat(scale);
    for rod in &g.rods {
        let a = rod.first;
        let ne = rod.len.len();
        for v in s.b1.iter_mut().chain(s.b2.iter_mut()) {
            v.resize(ne, 0.0);
        }
        for k in (0..ne).step_by(4) {
            let edge = Edge {
                e: [
                    F4::load(&rod.e[0], k),
                    F4::load(&rod.e[1], k),
                    F4::load(&rod.e[2], k),
                ],
                len: F4::load(&rod.len, k),
                len2: F4::load(&rod.len2, k),
                inv_len: F4::load(&rod.inv_len, k),
                inv_len2: F4::load(&rod.inv_len2, k),
                eps2: F4::load(&rod.eps2, k),
            };
            let end = |i: usize| EndPoint {
                r: [
                    F4::load(&s.r[0], i),
                    F4::load(&s.r[1], i),
                    F4::load(&s.r[2], i),
                ],
                big_r: F4::load(&s.big_r, i),
                inv_r: F4::load(&s.inv_r, i),
            };
            let (p0, p1) = (end(a + k), end(a + k + 1));
            let c = if FAR {
                far_or_near(&edge, &p0, &p1, F4::load(&rod.far2, k))
            } else {
                coefficients(&edge, &p0, &p1)
            };
            let b1 = combine(&c.a1, scale, &p0.r, &edge.e);
            let b2 = combine(&c.a2, scale, &p0.r, &edge.e);
            for j in 0..6 {
                b1[j].store(&mut s.b1[j], k);
                b2[j].store(&mut s.b2[j], k);
            }
        }
        // Column block of node a + k: A₁ of edge k plus A₂ of edge k − 1 (same rod).
        let ne = rod.count;
        for k in 0..=ne {
            let b: [f64; 6] = std::array::from_fn(|j| {
                let first = if k < ne { s.b1[j][k] } else { 0.0 };
                if k > 0 { first + s.b2[j][k - 1] } else { first }
            });
            write_block(rows, n, a + k, &b);
        }
    }
}

/// The coefficients of four edges, each by Simpson's rule if it is in the far field of the
/// row's node (`|r_h|² ≥ threshold2`) and exactly otherwise: lane by lane the bits of the
/// scalar choice, computing only the rule(s) some lane needs.
#[inline(always)]
fn far_or_near(
    edge: &Edge<F4>,
    p0: &EndPoint<F4>,
    p1: &EndPoint<F4>,
    threshold2: F4,
) -> SegmentCoefficients<F4> {
    let (_, rh2) = midpoint(edge, p0);
    let far = (0..4).filter(|&l| rh2.0[l] >= threshold2.0[l]).count();
    match far {
        0 => coefficients(edge, p0, p1),
        4 => simpson_coefficients(edge, p0, p1, rh2),
        _ => select(
            rh2,
            threshold2,
            &simpson_coefficients(edge, p0, p1, rh2),
            &coefficients(edge, p0, p1),
        ),
    }
}

/// Writes the symmetric block `b` (`xx, yy, zz, xy, xz, yz`) into column block `col` of the
/// three rows `rows` (row-major, row length `n`).
#[inline]
fn write_block(rows: &mut [f64], n: usize, col: usize, b: &[f64; 6]) {
    let k = 3 * col;
    rows[k..k + 3].copy_from_slice(&[b[0], b[3], b[4]]);
    rows[n + k..n + k + 3].copy_from_slice(&[b[3], b[1], b[5]]);
    rows[2 * n + k..2 * n + k + 3].copy_from_slice(&[b[4], b[5], b[2]]);
}
