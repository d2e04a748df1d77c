//! The internal energy of all rods ([`InternalEnergy`]): stretching per edge (seed 001 Eq. 2),
//! bending and twisting per interior node (Eqs. 4–5), all stretching stencils first.
//!
//! Each stencil is evaluated independently (in parallel with rayon) into a local energy,
//! gradient and Hessian; the results are then added into the global vectors in stencil order,
//! so the assembled bits do not depend on the number of threads.

use crate::elastic::{
    BendParams, NodeStencil, StretchParams, TwistParams, bend_energy, bend_energy_grad,
    bend_energy_grad_hess, stretch_energy, stretch_energy_grad, stretch_energy_grad_hess,
    twist_energy, twist_energy_grad, twist_energy_grad_hess,
};
use crate::math::Vec3;
use crate::model::body::energy::{
    EnergyInput, InternalEnergies, InternalEnergy, SlotMap, scatter_block,
};
use crate::model::{DofMap, Rod, RodFrames};
use nalgebra::{SMatrix, SVector};
use rayon::prelude::*;

/// Stretching stencil of one edge: DOFs of its two nodes.
#[derive(Debug, Clone)]
struct StretchStencil {
    rod: usize,
    edge: usize,
    dofs: [usize; 6],
    slots: [u32; 36],
}

/// Bending–twisting stencil of one interior node: `[x_{i−1}, θ^{i−1}, x_i, θ^i, x_{i+1}]`.
#[derive(Debug, Clone)]
struct NodeStencilDofs {
    rod: usize,
    node: usize,
    dofs: [usize; 11],
    slots: [u32; 121],
}

/// The elastic stencils of every rod, with their slots in the current sparsity pattern.
#[derive(Debug, Clone, Default)]
pub struct RodStencils {
    stretch: Vec<StretchStencil>,
    bend: Vec<NodeStencilDofs>,
    /// The local results of the last evaluation with Hessians, kept for the next.
    locals: crate::math::Scratch<Local>,
    /// The local results of the last evaluation without, kept for the next.
    gradients: crate::math::Scratch<LocalGradient>,
}

/// Local result of one stencil (one vector holds both kinds, in stencil order).
#[allow(clippy::large_enum_variant)]
enum Local {
    Stretch(f64, SVector<f64, 6>, SMatrix<f64, 6, 6>),
    Node(f64, SVector<f64, 11>, SMatrix<f64, 11, 11>),
}

/// Local energy and gradient of one stencil, without Hessian (line-search trials).
enum LocalGradient {
    Stretch(f64, SVector<f64, 6>),
    Node(f64, SVector<f64, 11>),
}

/// The node stencil of interior node `s.node` of its rod at `q` with frames `frames`.
fn node_stencil(rods: &[Rod], frames: &[RodFrames], q: &[f64], s: &NodeStencilDofs) -> NodeStencil {
    let rod = &rods[s.rod];
    let f = &frames[s.rod];
    let i = s.node;
    NodeStencil {
        x0: rod.node(q, i - 1),
        x1: rod.node(q, i),
        x2: rod.node(q, i + 1),
        theta_f: q[rod.twist_dof(i - 1)],
        theta_e: q[rod.twist_dof(i)],
        d1f: f.d1[i - 1],
        d2f: f.d2[i - 1],
        d1e: f.d1[i],
        d2e: f.d2[i],
        ref_twist: f.ref_twist[i],
    }
}

/// Stretching parameters and end nodes of edge stencil `s` at `q`.
fn edge_stencil(rods: &[Rod], q: &[f64], s: &StretchStencil) -> (StretchParams, Vec3, Vec3) {
    let rod = &rods[s.rod];
    let p = StretchParams {
        ea: rod.ea(),
        rest_length: rod.rest_lengths[s.edge],
    };
    (p, rod.node(q, s.edge), rod.node(q, s.edge + 1))
}

/// Bending and twisting parameters of interior node `i` of `rod`.
fn node_params(rod: &Rod, i: usize) -> (BendParams, TwistParams) {
    let (ei1, ei2) = rod.ei();
    let bp = BendParams {
        ei1,
        ei2,
        voronoi_length: rod.voronoi[i],
        kappa_bar: rod.kappa_bar[i],
    };
    let tp = TwistParams {
        gj: rod.gj(),
        voronoi_length: rod.voronoi[i],
        tau_bar: rod.tau_bar[i],
    };
    (bp, tp)
}

impl RodStencils {
    /// Lists the stencils of every rod of `rods`.
    pub fn new(rods: &[Rod]) -> Self {
        let mut s = Self::default();
        for (r, rod) in rods.iter().enumerate() {
            for e in 0..rod.n_edges() {
                let a = rod.node_dof(e);
                let b = rod.node_dof(e + 1);
                s.stretch.push(StretchStencil {
                    rod: r,
                    edge: e,
                    dofs: [a, a + 1, a + 2, b, b + 1, b + 2],
                    slots: [0; 36],
                });
            }
            for i in 1..rod.n_nodes.saturating_sub(1) {
                // [x_{i−1}, θ_{i−1}, x_i, θ_i, x_{i+1}]: contiguous unless a node is shared.
                let (a, b, c) = (rod.node_dof(i - 1), rod.node_dof(i), rod.node_dof(i + 1));
                let (f, e) = (rod.twist_dof(i - 1), rod.twist_dof(i));
                let dofs = [a, a + 1, a + 2, f, b, b + 1, b + 2, e, c, c + 1, c + 2];
                s.bend.push(NodeStencilDofs {
                    rod: r,
                    node: i,
                    dofs,
                    slots: [0; 121],
                });
            }
        }
        s
    }

    /// Number of stencils.
    pub fn len(&self) -> usize {
        self.stretch.len() + self.bend.len()
    }
    /// Whether there is no stencil.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Energy, gradient and scaled Hessian of every rod stencil (see
    /// [`InternalEnergy::evaluate`]); the elastic force is `f = −∂E/∂q` with
    /// `−∂f/∂x = ∂²E/∂q²`, so `hessian_scale` is the integrator's `c_x` (the Hessian is left
    /// untouched when it is 1).
    fn evaluate_hessian(
        &self,
        rods: &[Rod],
        frames: &[RodFrames],
        q: &[f64],
        grad: &mut [f64],
        jac: &mut [f64],
        hessian_scale: f64,
    ) -> f64 {
        let n_stretch = self.stretch.len();
        let mut locals = self.locals.lock();
        (0..self.len())
            .into_par_iter()
            .with_min_len(64)
            .map(|k| {
                if k < n_stretch {
                    let (p, x0, x1) = edge_stencil(rods, q, &self.stretch[k]);
                    let (e, g, h) = stretch_energy_grad_hess(&p, &x0, &x1);
                    Local::Stretch(e, g, h)
                } else {
                    let s = &self.bend[k - n_stretch];
                    let st = node_stencil(rods, frames, q, s);
                    let (bp, tp) = node_params(&rods[s.rod], s.node);
                    let (eb, gb, hb) = bend_energy_grad_hess(&bp, &st);
                    let (et, gt, ht) = twist_energy_grad_hess(&tp, &st);
                    Local::Node(eb + et, gb + gt, hb + ht)
                }
            })
            .collect_into_vec(&mut locals);
        let mut energy = 0.0;
        for (k, l) in locals.iter().enumerate() {
            match l {
                Local::Stretch(e, g, h) => {
                    let s = &self.stretch[k];
                    energy += e;
                    for (a, &d) in s.dofs.iter().enumerate() {
                        grad[d] += g[a];
                    }
                    // nalgebra is column-major; blocks are symmetric so the layout agrees.
                    if hessian_scale == 1.0 {
                        scatter_block(jac, &s.slots, h.as_slice());
                    } else {
                        scatter_block(jac, &s.slots, (h * hessian_scale).as_slice());
                    }
                }
                Local::Node(e, g, h) => {
                    let s = &self.bend[k - n_stretch];
                    energy += e;
                    for (a, &d) in s.dofs.iter().enumerate() {
                        grad[d] += g[a];
                    }
                    if hessian_scale == 1.0 {
                        scatter_block(jac, &s.slots, h.as_slice());
                    } else {
                        scatter_block(jac, &s.slots, (h * hessian_scale).as_slice());
                    }
                }
            }
        }
        energy
    }

    /// [`RodStencils::evaluate_hessian`] without Jacobian: the energy (J), with its gradient
    /// added into `grad`, no Hessian computed. The gradient functions repeat the operations of
    /// the Hessian ones, and the sums run in the same stencil order, so the energy and gradient
    /// have the same bits as with a Jacobian.
    fn gradient(&self, rods: &[Rod], frames: &[RodFrames], q: &[f64], grad: &mut [f64]) -> f64 {
        let n_stretch = self.stretch.len();
        let mut locals = self.gradients.lock();
        (0..self.len())
            .into_par_iter()
            .with_min_len(128)
            .map(|k| {
                if k < n_stretch {
                    let (p, x0, x1) = edge_stencil(rods, q, &self.stretch[k]);
                    let (e, g) = stretch_energy_grad(&p, &x0, &x1);
                    LocalGradient::Stretch(e, g)
                } else {
                    let s = &self.bend[k - n_stretch];
                    let st = node_stencil(rods, frames, q, s);
                    let (bp, tp) = node_params(&rods[s.rod], s.node);
                    let (eb, gb) = bend_energy_grad(&bp, &st);
                    let (et, gt) = twist_energy_grad(&tp, &st);
                    LocalGradient::Node(eb + et, gb + gt)
                }
            })
            .collect_into_vec(&mut locals);
        let mut energy = 0.0;
        for (k, l) in locals.iter().enumerate() {
            let (e, g, dofs) = match l {
                LocalGradient::Stretch(e, g) => (*e, g.as_slice(), &self.stretch[k].dofs[..]),
                LocalGradient::Node(e, g) => (*e, g.as_slice(), &self.bend[k - n_stretch].dofs[..]),
            };
            energy += e;
            for (a, &d) in dofs.iter().enumerate() {
                grad[d] += g[a];
            }
        }
        energy
    }
}

impl InternalEnergy for RodStencils {
    fn groups(&self) -> Box<dyn Iterator<Item = &[usize]> + '_> {
        let stretch = self.stretch.iter().map(|s| &s.dofs[..]);
        Box::new(stretch.chain(self.bend.iter().map(|s| &s.dofs[..])))
    }

    fn bind(&mut self, dofs: &DofMap, slots: &dyn SlotMap) {
        for s in &mut self.stretch {
            slots.block_slots(dofs, &s.dofs, &mut s.slots);
        }
        for s in &mut self.bend {
            slots.block_slots(dofs, &s.dofs, &mut s.slots);
        }
    }

    fn evaluate(
        &self,
        at: &EnergyInput,
        grad: &mut [f64],
        jac: Option<&mut [f64]>,
        hessian_scale: f64,
    ) -> f64 {
        let rods = &at.bodies.rods;
        match jac {
            None => self.gradient(rods, at.frames, at.q, grad),
            Some(jac) => self.evaluate_hessian(rods, at.frames, at.q, grad, jac, hessian_scale),
        }
    }

    /// `stretch`, `bend` and `twist` (seed 001 Eqs. 2–5): energies only (no derivatives), in
    /// parallel, summed in stencil order (the bits do not depend on the number of threads).
    fn energies(&self, at: &EnergyInput, out: &mut InternalEnergies) {
        let (rods, frames, q) = (&at.bodies.rods, at.frames, at.q);
        let n_stretch = self.stretch.len();
        let locals: Vec<[f64; 2]> = (0..self.len())
            .into_par_iter()
            .with_min_len(256)
            .map(|k| {
                if k < n_stretch {
                    let (p, x0, x1) = edge_stencil(rods, q, &self.stretch[k]);
                    [stretch_energy(&p, &x0, &x1), 0.0]
                } else {
                    let s = &self.bend[k - n_stretch];
                    let st = node_stencil(rods, frames, q, s);
                    let (bp, tp) = node_params(&rods[s.rod], s.node);
                    [bend_energy(&bp, &st), twist_energy(&tp, &st)]
                }
            })
            .collect();
        let (stretch, nodes) = locals.split_at(n_stretch);
        // Folded from +0 (an empty `sum` of floats is −0).
        out.stretch = stretch.iter().fold(0.0, |s, e| s + e[0]);
        out.bend = nodes.iter().fold(0.0, |s, e| s + e[0]);
        out.twist = nodes.iter().fold(0.0, |s, e| s + e[1]);
    }
}
