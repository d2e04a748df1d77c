//! A pressure law weighted by the **current** area share of a shell (or cell) node, and the
//! terms that weight adds beyond the pair's twelve coordinates.
//!
//! A node `i` of a triangulated membrane owns `A_i(x) = Σ_{t∋i} A_t(x)/3` (m²), a third of the
//! current area of each triangle `t` it is a corner of. A law with the per-area potential
//! `φ(g)` (J/m²) on that share has the energy
//!
//! ```text
//! E = A_i(x) φ(g(x))
//! ```
//!
//! where `g` is the pair's gap (node `i` against the other surface's closest point: twelve
//! coordinates). `A_i` depends on node `i` and its **ring**, the other corners of its
//! triangles (`m` nodes, six on a regular mesh). So, with `∇g` over the pair's coordinates
//! and `∇A_i`, `∇²A_i` over `(i, ring)` (from [`triangle_area_grad_hess`]):
//!
//! ```text
//! −f = ∇E   = A_i φ′ ∇g + φ ∇A_i
//! −∂f/∂x = ∇²E = A_i (φ″ ∇g∇gᵀ + φ′ ∇²g) + φ ∇²A_i + φ′ (∇A_i ∇gᵀ + ∇g ∇A_iᵀ)
//! ```
//!
//! The first terms live on the pair; `φ ∇A_i` pulls the ring in the membrane's plane (a
//! tension `φ` on the node's share — with `φ = −W/2` at contact, adhesion lowers the
//! interface's tension by `W/2` per cell, which is what Young–Dupré's balance needs), and the
//! coupling `φ′ ∇A_i ∇gᵀ` links the ring to the other surface. [`add_current_area_terms`]
//! writes the pair's part into the context and the ring's rows into a [`RingTerm`]; the
//! assembly scatters those rows (and, by symmetry, their transpose in the pair's rows) into
//! the global Jacobian, whose pattern holds them (see `ContactModel::ring_layouts`). Under
//! the Krylov solve (`linear_solver: Iterative`, which applies the pairs' 12×12 blocks itself)
//! the ring's rows are left out of the operator: Newton is then inexact, its residual still
//! exact (tests/current_area_adhesion.rs checks the direct assembly against finite
//! differences).
//!
//! Source: catena; the area-weighted adhesion of the deformable cell model (Odenthal et al.
//! 2013, PLoS Comput. Biol. 9 e1003267) on the current rather than the rest area.

use crate::contact::core::{PrimId, ShellNode};
use crate::contact::ctx::ContactCtx;
use crate::elastic::cell::triangle_area_grad_hess;
use crate::math::Vec3;
use crate::model::Model;

/// What a pair adds beyond its twelve local coordinates: rows of the `m` ring nodes of side
/// 1's shell node.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct RingTerm {
    /// Global DOF of each ring coordinate (three per ring node, in the ring's order).
    pub coords: Vec<u32>,
    /// Generalised force on the ring coordinates (N).
    pub force: Vec<f64>,
    /// Row-major `3m × (12 + 3m)`: the ring rows' derivatives over the pair's twelve local
    /// coordinates, then the ring's. In a [`ContactCtx`] this is `∂f/∂x` (N/m); in a
    /// [`LocalContact`](crate::contact::LocalContact) the system block (`−c_x ∂f/∂x` in the
    /// chain's matrix mode; empty when no Jacobian was asked for).
    pub matrix: Vec<f64>,
    /// Row-major `12 × 3m`: the pair's twelve rows' derivatives over the ring's coordinates,
    /// in the same units as `matrix`; empty when the term is an energy's Hessian, whose
    /// transpose of the ring rows gives them (a node's area ring). A two-triangle pair, whose
    /// quadrature force is no gradient, fills it (see [`crate::contact::WidePair`]).
    pub cross: Vec<f64>,
}

impl RingTerm {
    /// Number of ring coordinates `3m`.
    pub fn len(&self) -> usize {
        self.coords.len()
    }
    /// Whether the ring is empty.
    pub fn is_empty(&self) -> bool {
        self.coords.is_empty()
    }
    /// Row width of [`RingTerm::matrix`]: `12 + 3m`.
    pub fn width(&self) -> usize {
        12 + self.coords.len()
    }
}

/// The shell node of a primitive, if it is one.
fn shell_node(prim: PrimId) -> Option<ShellNode> {
    match prim {
        PrimId::ShellNode(n) => Some(n),
        _ => None,
    }
}

/// The ring of `node`: the other corners of its triangles, ascending.
fn ring_nodes(model: &Model, node: ShellNode) -> Vec<u32> {
    let sh = &model.bodies.shells[node.shell as usize];
    let mut ring: Vec<u32> = sh.topology.node_triangles[node.node as usize]
        .iter()
        .flat_map(|&t| sh.mesh.triangles[t as usize])
        .filter(|&c| c != node.node)
        .collect();
    ring.sort_unstable();
    ring.dedup();
    ring
}

/// Global DOFs of the ring coordinates of `prim` when it is a shell node (three per ring node,
/// see [`RingTerm::coords`]); empty for other primitives.
pub fn ring_coordinates(model: &Model, prim: PrimId) -> Vec<u32> {
    let Some(node) = shell_node(prim) else {
        return Vec::new();
    };
    let sh = &model.bodies.shells[node.shell as usize];
    ring_nodes(model, node)
        .into_iter()
        .flat_map(|r| {
            let d = sh.node_dof(r as usize) as u32;
            [d, d + 1, d + 2]
        })
        .collect()
}

/// The current area share `A_i` of a shell node over `(i, ring)`: `A_i` (m²), its gradient
/// (m, `3(m+1)`) and Hessian (row-major `3(m+1)` square, dimensionless; empty unless asked
/// for), with the ring's global coordinates.
#[derive(Debug, Clone, PartialEq)]
pub struct NodeArea {
    /// `A_i` (m²).
    pub area: f64,
    /// `∇A_i` over node `i`'s coordinates then the ring's (m).
    pub grad: Vec<f64>,
    /// `∇²A_i`, row-major over the same coordinates (empty when not asked for).
    pub hess: Vec<f64>,
    /// Global DOF of each ring coordinate.
    pub coords: Vec<u32>,
}

/// [`NodeArea`] of side 1's shell node `prim` at the configuration `q`; `None` for other
/// primitives.
pub fn current_node_area(
    model: &Model,
    q: &[f64],
    prim: PrimId,
    hessian: bool,
) -> Option<NodeArea> {
    let node = shell_node(prim)?;
    let sh = &model.bodies.shells[node.shell as usize];
    let ring = ring_nodes(model, node);
    let n = 3 * (ring.len() + 1);
    // Local index of a mesh node in (i, ring…).
    let local = |c: u32| {
        if c == node.node {
            0
        } else {
            1 + ring
                .binary_search(&c)
                .expect("a corner of the node's triangles")
        }
    };
    let mut area = 0.0;
    let mut grad = vec![0.0; n];
    let mut hess = if hessian {
        vec![0.0; n * n]
    } else {
        Vec::new()
    };
    for &t in &sh.topology.node_triangles[node.node as usize] {
        let tri = sh.mesh.triangles[t as usize];
        let x: [Vec3; 3] = tri.map(|c| sh.node(q, c as usize));
        let (a, g, h) = triangle_area_grad_hess(&x[0], &x[1], &x[2]);
        area += a / 3.0;
        let at = tri.map(local);
        for (p, &lp) in at.iter().enumerate() {
            for c in 0..3 {
                grad[3 * lp + c] += g[3 * p + c] / 3.0;
            }
            if !hessian {
                continue;
            }
            for (r, &lr) in at.iter().enumerate() {
                for c in 0..3 {
                    for d in 0..3 {
                        hess[(3 * lp + c) * n + 3 * lr + d] += h[(3 * p + c, 3 * r + d)] / 3.0;
                    }
                }
            }
        }
    }
    let coords = ring
        .iter()
        .flat_map(|&r| {
            let d = sh.node_dof(r as usize) as u32;
            [d, d + 1, d + 2]
        })
        .collect();
    Some(NodeArea {
        area,
        grad,
        hess,
        coords,
    })
}

/// Adds the terms of the weight `A_i(x)` of a law `E = A_i φ(g)` that [`add_normal_force`]
/// with the scalar force `−A_i φ′` does not give (see the module doc): `−φ ∇A_i` on node `i`
/// (slot 0) and its ring, and, when Jacobians are wanted, `−φ ∇²A_i − φ′(∇A_i∇gᵀ + ∇g∇A_iᵀ)`
/// — the pair's rows into `ctx.dfdx`, the ring's into [`ContactCtx::ring`]. `phi` is `φ(g)`
/// (J/m²), `dphi` `φ′(g)` (Pa).
///
/// [`add_normal_force`]: super::add_normal_force
pub fn add_current_area_terms(ctx: &mut ContactCtx, area: NodeArea, phi: f64, dphi: f64) {
    let m3 = area.coords.len();
    let n = 3 + m3;
    let w = 12 + m3;
    for c in 0..3 {
        ctx.force[c] -= phi * area.grad[c];
    }
    let force: Vec<f64> = area.grad[3..].iter().map(|&g| -phi * g).collect();
    let mut matrix = Vec::new();
    if ctx.want_jacobian {
        let dg = ctx.grad;
        // Pair rows: node i's block of φ∇²A and the coupling φ′(∇_iA ∇gᵀ + ∇g ∇_iAᵀ).
        for a in 0..3 {
            for b in 0..3 {
                ctx.dfdx[(a, b)] -= phi * area.hess[a * n + b];
            }
            for b in 0..12 {
                let coupling = dphi * area.grad[a] * dg[b];
                ctx.dfdx[(a, b)] -= coupling;
                ctx.dfdx[(b, a)] -= coupling;
            }
        }
        // Ring rows over (pair, ring): φ∇²A against node i and the ring, φ′∇_rA ∇gᵀ.
        matrix = vec![0.0; m3 * w];
        for r in 0..m3 {
            let row = &mut matrix[r * w..(r + 1) * w];
            let (hr, gr) = (&area.hess[(3 + r) * n..(4 + r) * n], area.grad[3 + r]);
            for b in 0..12 {
                row[b] -= dphi * gr * dg[b];
            }
            for b in 0..3 {
                row[b] -= phi * hr[b];
            }
            for s in 0..m3 {
                row[12 + s] -= phi * hr[3 + s];
            }
        }
    }
    ctx.ring = Some(Box::new(RingTerm {
        coords: area.coords,
        force,
        matrix,
        cross: Vec::new(),
    }));
}
