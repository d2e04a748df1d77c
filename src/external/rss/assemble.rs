//! Assembly of the dense RSS operator `A` of `U = A f` (Eq. A.6): the segment kernel summed
//! over every edge of every rod, in parallel over rows.

use super::RegularizedStokeslets;
use super::kernel::{Edge, EndPoint, coefficients, combine};
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
        let nodes: Vec<Vec3> = model
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
        // Per node, the ε² of its rod; per rod, its edges (first node, geometry).
        let mut eps2 = Vec::with_capacity(nodes.len());
        let mut rods: Vec<Vec<(usize, Edge)>> = Vec::with_capacity(model.rods.len());
        for (r, rod) in model.rods.iter().enumerate() {
            let eps = self.epsilon_of(model, r);
            eps2.extend(std::iter::repeat_n(eps * eps, rod.n_nodes));
            rods.push(
                (0..rod.n_nodes - 1)
                    .map(|i| {
                        let a = rod.first_node + i;
                        (a, Edge::new(&nodes[a], &nodes[a + 1], eps))
                    })
                    .collect(),
            );
        }
        let scale = 1.0 / (8.0 * std::f64::consts::PI * self.viscosity);
        // Every block of every row is written below: no need to clear what is there.
        buf.resize(n * n, 0.0);
        if n == 0 {
            return Ok(0);
        }
        // Row block j (node j's three velocity components) is independent of every other.
        // Column block k collects A₂ of edge k − 1 and A₁ of edge k of the same rod: the first is
        // carried over and the sum written once.
        buf.par_chunks_mut(3 * n)
            .zip(nodes.par_iter())
            .for_each_init(Vec::new, |ends: &mut Vec<EndPoint>, (rows, xhat)| {
                ends.clear();
                ends.extend(
                    nodes
                        .iter()
                        .zip(&eps2)
                        .map(|(x, e2)| EndPoint::new(x, xhat, *e2)),
                );
                for edges in &rods {
                    let mut carry = [0.0; 6];
                    for (a, edge) in edges {
                        let (p0, p1) = (&ends[*a], &ends[*a + 1]);
                        let c = coefficients(edge, p0, p1);
                        let b1 = combine(&c.a1, scale, &p0.r, edge);
                        write_block(rows, n, *a, &std::array::from_fn(|k| b1[k] + carry[k]));
                        carry = combine(&c.a2, scale, &p0.r, edge);
                    }
                    if let Some((a, _)) = edges.last() {
                        write_block(rows, n, a + 1, &carry);
                    }
                }
            });
        Ok(n)
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
