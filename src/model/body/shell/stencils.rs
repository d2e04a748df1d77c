//! The internal energy of all shells ([`InternalEnergy`]; seed 004 §3.2–3.3): per the shell's
//! membrane model a stretching spring per edge, or a constant-strain or hyperelastic triangle
//! per face, and per its bending model a hinge per interior edge or a mid-edge element per
//! triangle.
//!
//! As for rods ([`crate::model::body::rod`]), every stencil is evaluated in parallel into a
//! local energy, gradient and Hessian, and the results are added into the global vectors in
//! stencil order: the bits do not depend on the number of threads.

use crate::elastic::shell::{
    CstParams, HingeParams, HyperelasticParams, MID_EDGE_DOFS, MidEdgeParams, MidEdgeStencil,
    cst_energy, cst_energy_grad_hess, hinge_energy, hinge_energy_grad_hess, hinge_stiffness,
    hyperelastic_energy, hyperelastic_energy_grad_hess, mid_edge_energy, mid_edge_energy_grad_hess,
    mid_edge_stiffness, shell_stretch_params,
};
use crate::elastic::{stretch_energy, stretch_energy_grad_hess};
use crate::model::body::energy::{EnergyInput, InternalEnergies, InternalEnergy, NO_SLOT, SlotMap};
use crate::model::{DofMap, Shell, ShellBending, ShellMembrane};
use nalgebra::DMatrix;
use rayon::prelude::*;

/// One shell stencil: which kernel, and its global DOFs (in the kernel's local order, `None`
/// where the kernel's coordinate is absent — a boundary edge's missing neighbour).
#[derive(Debug, Clone)]
struct Stencil {
    kind: Kind,
    shell: usize,
    /// Global DOF of each local coordinate of the kernel.
    local: Vec<Option<usize>>,
    /// The present DOFs, for the sparsity pattern.
    dofs: Vec<usize>,
    /// Row-major slots over `local × local` (`NO_SLOT` for absent or constrained).
    slots: Vec<u32>,
}

#[derive(Debug, Clone)]
enum Kind {
    /// Stretching of edge `e`.
    Stretch(usize),
    /// Constant-strain-triangle membrane of triangle `t`, with its rest data.
    Cst(usize, Box<CstParams>),
    /// Hyperelastic membrane of triangle `t`, with its rest data and law.
    Hyperelastic(usize, Box<HyperelasticParams>),
    /// Hinge `h`.
    Hinge(usize),
    /// Mid-edge triangle `t`, with its parameters, its three neighbours' opposite nodes and its
    /// edges' ξ DOFs.
    MidEdge(usize, Box<MidEdgeParams>, [Option<u32>; 3]),
}

/// All shell stencils of a model.
#[derive(Debug, Clone, Default)]
pub struct ShellStencils {
    stencils: Vec<Stencil>,
}

/// `x_k`'s global DOFs.
fn node_dofs(shell: &Shell, node: u32) -> [Option<usize>; 3] {
    let d = shell.node_dof(node as usize);
    [Some(d), Some(d + 1), Some(d + 2)]
}

impl ShellStencils {
    /// Lists the stencils of every shell of `shells`.
    pub fn new(shells: &[Shell]) -> Self {
        let mut out = Vec::new();
        for (si, sh) in shells.iter().enumerate() {
            let topo = &sh.topology;
            match sh.membrane {
                ShellMembrane::Springs => {
                    for (e, edge) in topo.edges.iter().enumerate() {
                        let local: Vec<Option<usize>> =
                            edge.nodes.iter().flat_map(|&n| node_dofs(sh, n)).collect();
                        out.push(Stencil::new(Kind::Stretch(e), si, local));
                    }
                }
                ShellMembrane::Cst => {
                    let nu = sh.poisson_ratio();
                    for (t, tri) in sh.mesh.triangles.iter().enumerate() {
                        let [a, b, c] = tri.map(|n| sh.mesh.nodes[n as usize]);
                        let p = CstParams::from_rest(
                            sh.material.youngs_modulus,
                            nu,
                            sh.thickness,
                            &a,
                            &b,
                            &c,
                        );
                        let local = tri.iter().flat_map(|&n| node_dofs(sh, n)).collect();
                        out.push(Stencil::new(Kind::Cst(t, Box::new(p)), si, local));
                    }
                }
                ShellMembrane::Hyperelastic(law) => {
                    for (t, tri) in sh.mesh.triangles.iter().enumerate() {
                        let [a, b, c] = tri.map(|n| sh.mesh.nodes[n as usize]);
                        let p = HyperelasticParams::from_rest(law, &a, &b, &c);
                        let local = tri.iter().flat_map(|&n| node_dofs(sh, n)).collect();
                        out.push(Stencil::new(Kind::Hyperelastic(t, Box::new(p)), si, local));
                    }
                }
            }
            match sh.bending {
                ShellBending::Hinge => {
                    for (h, hinge) in topo.hinges.iter().enumerate() {
                        let local = hinge.nodes.iter().flat_map(|&n| node_dofs(sh, n)).collect();
                        out.push(Stencil::new(Kind::Hinge(h), si, local));
                    }
                }
                ShellBending::MidEdge => {
                    for t in 0..sh.mesh.n_triangles() {
                        let (params, opposite, xi) = mid_edge_setup(sh, t);
                        let mut local = Vec::with_capacity(MID_EDGE_DOFS);
                        for &n in &sh.mesh.triangles[t] {
                            local.extend(node_dofs(sh, n));
                        }
                        for o in opposite {
                            match o {
                                Some(n) => local.extend(node_dofs(sh, n)),
                                None => local.extend([None; 3]),
                            }
                        }
                        local.extend(xi.map(Some));
                        out.push(Stencil::new(
                            Kind::MidEdge(t, Box::new(params), opposite),
                            si,
                            local,
                        ));
                    }
                }
            }
        }
        Self { stencils: out }
    }

    /// Whether there is no stencil.
    pub fn is_empty(&self) -> bool {
        self.stencils.is_empty()
    }
}

impl InternalEnergy for ShellStencils {
    fn groups(&self) -> Box<dyn Iterator<Item = &[usize]> + '_> {
        Box::new(self.stencils.iter().map(|s| &s.dofs[..]))
    }

    fn bind(&mut self, dofs: &DofMap, slots: &dyn SlotMap) {
        for s in &mut self.stencils {
            let n = s.local.len();
            s.slots.clear();
            s.slots.resize(n * n, NO_SLOT);
            for a in 0..n {
                for b in 0..n {
                    if let (Some(r), Some(c)) = (s.local[a], s.local[b])
                        && let (Some(fr), Some(fc)) = (dofs.free_index(r), dofs.free_index(c))
                    {
                        s.slots[a * n + b] = slots.slot_free(fr, fc);
                    }
                }
            }
        }
    }

    fn evaluate(
        &self,
        at: &EnergyInput,
        grad: &mut [f64],
        jac: Option<&mut [f64]>,
        hessian_scale: f64,
    ) -> f64 {
        let shells = &at.bodies.shells;
        let locals: Vec<(f64, Vec<f64>, DMatrix<f64>)> = self
            .stencils
            .par_iter()
            .with_min_len(64)
            .map(|s| s.evaluate(&shells[s.shell], at.q))
            .collect();
        let mut energy = 0.0;
        let mut jac = jac;
        for (s, (e, g, h)) in self.stencils.iter().zip(&locals) {
            energy += e;
            let n = s.local.len();
            for (a, d) in s.local.iter().enumerate() {
                if let Some(d) = d {
                    grad[*d] += g[a];
                }
            }
            if let Some(j) = jac.as_deref_mut() {
                for a in 0..n {
                    for b in 0..n {
                        let slot = s.slots[a * n + b];
                        if slot != NO_SLOT {
                            j[slot as usize] += hessian_scale * h[(a, b)];
                        }
                    }
                }
            }
        }
        energy
    }

    /// `shell_stretch` (membrane) and `shell_bend`, summed in stencil order.
    fn energies(&self, at: &EnergyInput, out: &mut InternalEnergies) {
        let shells = &at.bodies.shells;
        let locals: Vec<(bool, f64)> = self
            .stencils
            .par_iter()
            .with_min_len(256)
            .map(|s| (s.is_membrane(), s.energy(&shells[s.shell], at.q)))
            .collect();
        let sum = |membrane: bool| -> f64 {
            locals
                .iter()
                .filter(|(m, _)| *m == membrane)
                .fold(0.0, |s, (_, e)| s + e)
        };
        (out.shell_stretch, out.shell_bend) = (sum(true), sum(false));
    }
}

impl Stencil {
    /// Whether the stencil is a membrane (stretching) one rather than a bending one.
    fn is_membrane(&self) -> bool {
        matches!(
            self.kind,
            Kind::Stretch(_) | Kind::Cst(..) | Kind::Hyperelastic(..)
        )
    }

    /// The stencil's energy at `q` (J), without derivatives.
    fn energy(&self, sh: &Shell, q: &[f64]) -> f64 {
        let x = |n: u32| sh.node(q, n as usize);
        let (e, y) = (sh.material.youngs_modulus, sh.thickness);
        match &self.kind {
            Kind::Stretch(k) => {
                let edge = &sh.topology.edges[*k];
                let sides = 1 + usize::from(edge.second.is_some());
                let p = shell_stretch_params(e, y, sh.rest_lengths[*k], sides);
                stretch_energy(&p, &x(edge.nodes[0]), &x(edge.nodes[1]))
            }
            Kind::Cst(t, p) => {
                let [a, b, c] = sh.mesh.triangles[*t].map(x);
                cst_energy(&cst_params(sh, *t, p), &a, &b, &c)
            }
            Kind::Hyperelastic(t, p) => {
                let [a, b, c] = sh.mesh.triangles[*t].map(x);
                hyperelastic_energy(p, &a, &b, &c)
            }
            Kind::Hinge(k) => {
                let hinge = &sh.topology.hinges[*k];
                let p = HingeParams {
                    kb: hinge_stiffness(e, y),
                    phi_bar: sh.natural_angles[*k],
                };
                let [a, b, c, d] = hinge.nodes.map(x);
                hinge_energy(&p, &a, &b, &c, &d)
            }
            Kind::MidEdge(t, params, opposite) => {
                mid_edge_energy(params, &self.mid_edge_stencil(sh, q, *t, opposite))
            }
        }
    }

    /// The mid-edge stencil of triangle `t` at `q`.
    fn mid_edge_stencil(
        &self,
        sh: &Shell,
        q: &[f64],
        t: usize,
        opposite: &[Option<u32>; 3],
    ) -> MidEdgeStencil {
        let x = |n: u32| sh.node(q, n as usize);
        let tri = sh.mesh.triangles[t];
        let xi_offset = sh.xi_offset.expect("a mid-edge shell has ξ DOFs");
        let edges = sh.topology.triangle_edges[t];
        MidEdgeStencil {
            x: tri.map(x),
            opposite: opposite.map(|o| o.map(x)),
            // Edge k is opposite corner k: the topology's local edge (k + 1) mod 3.
            xi: [0, 1, 2].map(|k| q[xi_offset + edges[(k + 1) % 3] as usize]),
        }
    }

    fn new(kind: Kind, shell: usize, local: Vec<Option<usize>>) -> Self {
        let dofs = local.iter().flatten().copied().collect();
        Self {
            kind,
            shell,
            local,
            dofs,
            slots: Vec::new(),
        }
    }

    /// Energy, gradient and Hessian over the kernel's local coordinates.
    fn evaluate(&self, sh: &Shell, q: &[f64]) -> (f64, Vec<f64>, DMatrix<f64>) {
        let x = |n: u32| sh.node(q, n as usize);
        let (e, y) = (sh.material.youngs_modulus, sh.thickness);
        match &self.kind {
            Kind::Stretch(k) => {
                let edge = &sh.topology.edges[*k];
                let sides = 1 + usize::from(edge.second.is_some());
                let p = shell_stretch_params(e, y, sh.rest_lengths[*k], sides);
                let (en, g, h) = stretch_energy_grad_hess(&p, &x(edge.nodes[0]), &x(edge.nodes[1]));
                (
                    en,
                    g.as_slice().to_vec(),
                    DMatrix::from_column_slice(6, 6, h.as_slice()),
                )
            }
            Kind::Cst(t, p) => {
                let [a, b, c] = sh.mesh.triangles[*t].map(x);
                let (en, g, h) = cst_energy_grad_hess(&cst_params(sh, *t, p), &a, &b, &c);
                (
                    en,
                    g.as_slice().to_vec(),
                    DMatrix::from_column_slice(9, 9, h.as_slice()),
                )
            }
            Kind::Hyperelastic(t, p) => {
                let [a, b, c] = sh.mesh.triangles[*t].map(x);
                let (en, g, h) = hyperelastic_energy_grad_hess(p, &a, &b, &c);
                (
                    en,
                    g.as_slice().to_vec(),
                    DMatrix::from_column_slice(9, 9, h.as_slice()),
                )
            }
            Kind::Hinge(k) => {
                let hinge = &sh.topology.hinges[*k];
                let p = HingeParams {
                    kb: hinge_stiffness(e, y),
                    phi_bar: sh.natural_angles[*k],
                };
                let [a, b, c, d] = hinge.nodes.map(x);
                let (en, g, h) = hinge_energy_grad_hess(&p, &a, &b, &c, &d);
                (
                    en,
                    g.as_slice().to_vec(),
                    DMatrix::from_column_slice(12, 12, h.as_slice()),
                )
            }
            Kind::MidEdge(t, params, opposite) => {
                let stencil = self.mid_edge_stencil(sh, q, *t, opposite);
                let (en, g, h) = mid_edge_energy_grad_hess(params, &stencil);
                (
                    en,
                    g.as_slice().to_vec(),
                    DMatrix::from_column_slice(MID_EDGE_DOFS, MID_EDGE_DOFS, h.as_slice()),
                )
            }
        }
    }
}

/// The CST parameters of triangle `t`: those built from the rest mesh, or, for a Maxwell
/// membrane, those of its relaxed rest metric.
fn cst_params(sh: &Shell, t: usize, rest: &CstParams) -> CstParams {
    match sh.maxwell_metric(t) {
        Some(g) => CstParams::from_metric(
            sh.material.youngs_modulus,
            sh.poisson_ratio(),
            sh.thickness,
            &g,
        ),
        None => *rest,
    }
}

/// The mid-edge element of triangle `t`: its parameters (rest edges, orientation signs,
/// natural coefficients), the opposite node across each of its edges, and its edges' ξ DOFs.
/// Edge `k` of the element is opposite corner `k`, i.e. the topology's local edge `(k + 1) mod 3`.
fn mid_edge_setup(sh: &Shell, t: usize) -> (MidEdgeParams, [Option<u32>; 3], [usize; 3]) {
    let topo = &sh.topology;
    let tri = sh.mesh.triangles[t];
    let xi_offset = sh.xi_offset.expect("a mid-edge shell has ξ DOFs");
    let mut opposite = [None; 3];
    let mut signs = [1.0; 3];
    let mut xi = [0; 3];
    for k in 0..3 {
        let local = (k + 1) % 3;
        let e = topo.triangle_edges[t][local] as usize;
        xi[k] = xi_offset + e;
        signs[k] = f64::from(topo.edge_sign(t, local));
        let edge = &topo.edges[e];
        let other = edge
            .sides()
            .find(|side| side.triangle as usize != t)
            .map(|side| side.triangle as usize);
        opposite[k] = other.map(|o| {
            *sh.mesh.triangles[o]
                .iter()
                .find(|n| !edge.nodes.contains(n))
                .expect("a triangle has a node off each of its edges")
        });
    }
    let rest = |n: u32| sh.mesh.nodes[n as usize];
    let stencil = MidEdgeStencil {
        x: tri.map(rest),
        opposite: opposite.map(|o| o.map(rest)),
        xi: [0.0; 3],
    };
    let (e, h, nu) = (sh.material.youngs_modulus, sh.thickness, sh.poisson_ratio());
    let params = MidEdgeParams::from_rest(mid_edge_stiffness(e, h, nu), nu, signs, &stencil);
    (params, opposite, xi)
}
