//! Test meshes for the shell kernels: flat lattice patches, their connectivity as the kernels
//! see it, and their isometric bend onto a cylinder.

use std::collections::HashMap;

use super::MidEdgeStencil;
use crate::math::Vec3;
use crate::verify::{Rng, gradient, jacobian, max_error_relative_to};
use nalgebra::{SMatrix, SVector};

/// The two regular lattices of the tests.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lattice {
    /// Equilateral triangles (three edge directions 60° apart).
    Equilateral,
    /// Unit squares split by one diagonal (right isosceles triangles).
    RightIsosceles,
}

/// A flat patch (z = 0, centred on the origin) with the connectivity of the shell kernels.
pub struct Mesh {
    /// Flat node positions (m).
    pub nodes: Vec<Vec3>,
    /// Triangles, counter-clockwise about +z.
    pub tris: Vec<[usize; 3]>,
    /// Patch side (m).
    pub extent: f64,
    /// Global edge id of each triangle's local edge `k` (opposite its vertex `k`).
    pub tri_edges: Vec<[usize; 3]>,
    /// `s_k`: +1 when the local orientation `x_{k+1} → x_{k+2}` runs from the lower to the
    /// higher node index (the global orientation).
    pub tri_signs: Vec<[f64; 3]>,
    /// The neighbour's vertex across each local edge.
    pub tri_opposite: Vec<[Option<usize>; 3]>,
    /// Number of edges.
    pub n_edges: usize,
    /// Interior edges as hinges `(x0, x1, x2, x3)` (triangles `(x0, x1, x2)`, `(x1, x0, x3)`).
    pub hinges: Vec<[usize; 4]>,
}

impl Mesh {
    /// An `n × n`-cell patch of edge `a`, rotated by `angle` about z.
    pub fn patch(kind: Lattice, n: usize, a: f64, angle: f64) -> Self {
        let idx = |i: usize, j: usize| j * (n + 1) + i;
        let mut nodes = Vec::new();
        for j in 0..=n {
            for i in 0..=n {
                let (u, v) = match kind {
                    Lattice::Equilateral => (i as f64 + 0.5 * j as f64, j as f64 * 0.75f64.sqrt()),
                    Lattice::RightIsosceles => (i as f64, j as f64),
                };
                nodes.push(Vec3::new(u * a, v * a, 0.0));
            }
        }
        let mut tris = Vec::new();
        for j in 0..n {
            for i in 0..n {
                match kind {
                    Lattice::Equilateral => {
                        tris.push([idx(i, j), idx(i + 1, j), idx(i, j + 1)]);
                        tris.push([idx(i + 1, j), idx(i + 1, j + 1), idx(i, j + 1)]);
                    }
                    Lattice::RightIsosceles => {
                        tris.push([idx(i, j), idx(i + 1, j), idx(i + 1, j + 1)]);
                        tris.push([idx(i, j), idx(i + 1, j + 1), idx(i, j + 1)]);
                    }
                }
            }
        }
        let centre = nodes.iter().sum::<Vec3>() / nodes.len() as f64;
        let (s, c) = angle.sin_cos();
        for p in &mut nodes {
            let d = *p - centre;
            *p = Vec3::new(c * d.x - s * d.y, s * d.x + c * d.y, 0.0);
        }
        let mut ids: HashMap<(usize, usize), usize> = HashMap::new();
        let mut sides: Vec<Vec<(usize, usize)>> = Vec::new();
        let mut tri_edges = Vec::new();
        let mut tri_signs = Vec::new();
        for (t, tri) in tris.iter().enumerate() {
            let mut e = [0; 3];
            let mut sg = [0.0; 3];
            for k in 0..3 {
                let (p, q) = (tri[(k + 1) % 3], tri[(k + 2) % 3]);
                let key = (p.min(q), p.max(q));
                let id = *ids.entry(key).or_insert_with(|| {
                    sides.push(Vec::new());
                    sides.len() - 1
                });
                sides[id].push((t, k));
                e[k] = id;
                sg[k] = if p < q { 1.0 } else { -1.0 };
            }
            tri_edges.push(e);
            tri_signs.push(sg);
        }
        let mut tri_opposite = vec![[None; 3]; tris.len()];
        let mut hinges = Vec::new();
        for side in &sides {
            if let [(t1, k1), (t2, k2)] = side[..] {
                tri_opposite[t1][k1] = Some(tris[t2][k2]);
                tri_opposite[t2][k2] = Some(tris[t1][k1]);
                let (t, k, o) = if tri_signs[t1][k1] > 0.0 {
                    (t1, k1, tris[t2][k2])
                } else {
                    (t2, k2, tris[t1][k1])
                };
                let tri = tris[t];
                hinges.push([tri[(k + 1) % 3], tri[(k + 2) % 3], tri[k], o]);
            }
        }
        Self {
            nodes,
            tris,
            extent: n as f64 * a,
            tri_edges,
            tri_signs,
            tri_opposite,
            n_edges: sides.len(),
            hinges,
        }
    }

    /// The same mesh with every node moved in the plane by up to `amount` times the edge
    /// length `a` in each direction (an irregular mesh of the same connectivity).
    pub fn jittered(mut self, rng: &mut Rng, a: f64, amount: f64) -> Self {
        for p in &mut self.nodes {
            *p += Vec3::new(rng.signed(), rng.signed(), 0.0) * (amount * a);
        }
        self
    }

    /// The mid-edge stencil of triangle `t` at the positions `pos` and the edge DOFs `xi`
    /// (global, one per edge).
    pub fn stencil(&self, t: usize, pos: &[Vec3], xi: &[f64]) -> MidEdgeStencil {
        let tri = self.tris[t];
        MidEdgeStencil {
            x: tri.map(|i| pos[i]),
            opposite: self.tri_opposite[t].map(|o| o.map(|i| pos[i])),
            xi: self.tri_edges[t].map(|e| xi[e]),
        }
    }

    /// Whether the flat point `p` lies in the central region (a quarter of the patch side
    /// from the centre), away from the boundary layer.
    pub fn central(&self, p: &Vec3) -> bool {
        p.norm() < 0.25 * self.extent
    }

    /// Flat centroid of triangle `t`.
    pub fn centroid(&self, t: usize) -> Vec3 {
        self.tris[t].iter().map(|&i| self.nodes[i]).sum::<Vec3>() / 3.0
    }

    /// Flat area of triangle `t`.
    pub fn area(&self, t: usize) -> f64 {
        let [a, b, c] = self.tris[t].map(|i| self.nodes[i]);
        0.5 * (b - a).cross(&(c - a)).norm()
    }
}

/// The isometric bend of flat points onto the cylinder of radius `radius` whose axis is
/// parallel to y through `(0, 0, radius)`: `(u, v, 0) → (R sin(u/R), v, R(1 − cos(u/R)))`.
/// The +z normal of the flat patch ends up pointing towards the axis.
pub fn bend(nodes: &[Vec3], radius: f64) -> Vec<Vec3> {
    nodes
        .iter()
        .map(|p| {
            let t = p.x / radius;
            Vec3::new(radius * t.sin(), p.y, radius * (1.0 - t.cos()))
        })
        .collect()
}

/// The three nodes of a triangle's 9 coordinates.
pub fn split(q: &SVector<f64, 9>) -> [Vec3; 3] {
    [0, 3, 6].map(|k| q.fixed_rows::<3>(k).into_owned())
}

/// A random non-degenerate triangle of size about `scale` (m).
pub fn random_triangle(rng: &mut Rng, scale: f64) -> [Vec3; 3] {
    loop {
        let x = [rng.vector(scale), rng.vector(scale), rng.vector(scale)];
        let area = 0.5 * (x[1] - x[0]).cross(&(x[2] - x[0])).norm();
        if area > 0.05 * scale * scale {
            return x;
        }
    }
}

/// The largest relative errors of a triangle kernel's gradient and Hessian at `x` against
/// central differences of step `step` (m) of `energy` and of the gradient; asserts the
/// Hessian symmetric.
pub fn triangle_fd_errors(
    energy: impl Fn(&[Vec3; 3]) -> f64,
    grad_hess: impl Fn(&[Vec3; 3]) -> (SVector<f64, 9>, SMatrix<f64, 9, 9>),
    x: &[Vec3; 3],
    step: f64,
) -> (f64, f64) {
    let (g, h) = grad_hess(x);
    let q = SVector::<f64, 9>::from_iterator(x.iter().flat_map(|v| v.iter().copied()));
    let gfd = gradient(|q| energy(&split(q)), &q, step);
    let hfd = jacobian(|q| grad_hess(&split(q)).0, &q, step);
    assert!(
        (h - h.transpose()).norm() <= 1e-12 * h.norm(),
        "Hessian not symmetric"
    );
    (
        max_error_relative_to(gfd.as_slice(), g.as_slice()),
        max_error_relative_to(hfd.as_slice(), h.as_slice()),
    )
}
