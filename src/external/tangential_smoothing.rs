//! Tangential mesh smoothing of cells: an arbitrary Lagrangian–Eulerian regularisation that
//! keeps a liquid-like membrane's triangles regular without changing its shape.
//!
//! **Why.** A cell whose cortex is liquid-like (cortical tension `T`, in-plane elasticity
//! `E h ≪ T`) has no physical reason to keep its nodes in place along the surface: `T·A` and
//! the enclosed volume do not depend on how the nodes are spread over a given shape. Nodes then
//! drift wherever the discretisation's own errors push them. Where the membrane's tension is
//! uneven — an adhering interface pulls with `T − W/2`, its free caps with `T` — the caps draw
//! the nodes out of the interface until it is spanned by a few stretched triangles, and the
//! discrete shape no longer converges to the continuum one (issue 35's cell doublet: with
//! `E h = 1 %` of `T` its contact angle at `W/T = 1` is 76° after 20 s and 83° after 30 s,
//! still rising, past Young–Dupré's 60°).
//!
//! **What.** Each node `i` of every cell is pulled, within its own tangent plane, towards the
//! centroid of its edge neighbours (Laplacian "umbrella" smoothing, as in the tangential
//! mesh corrections of vesicle and red-cell boundary-integral codes, e.g. Zhao, Isfahani,
//! Olson & Freund 2010, J. Comput. Phys. 229:3726, §3.3, and Surface Evolver's vertex averaging):
//!
//! `Fᵢ = −k Pᵢ (xᵢ − cᵢ)`,  `Pᵢ = I − n̂ᵢ n̂ᵢᵀ`,  `cᵢ = (1/|𝒩ᵢ|) Σ_{j∈𝒩ᵢ} xⱼ`,
//!
//! with `k` a stiffness (N/m; see "Choosing `k`"), `n̂ᵢ` the node's area-weighted
//! normal. `Pᵢ` and `cᵢ` are taken at the start of the step (`qₙ`) and held through its
//! Newton iterations: within a step the force is that of the potential
//! `U = ½ k Σᵢ (xᵢ − cᵢ)ᵀ Pᵢ (xᵢ − cᵢ)`, with the node-diagonal Jacobian `∂Fᵢ/∂xᵢ = −k Pᵢ`,
//! so energy line searches stay valid. Over steps it is a Jacobi smoothing iteration,
//! unconditionally stable (a node moves a fraction `kΔt/(γ + kΔt)` of the way to its target
//! under a drag `γ`).
//!
//! **What it does not change.** The force has no component along the node's normal at `qₙ`,
//! so the normal force balance — Laplace's pressure jump, the shape — holds as without it;
//! at rest (`q = qₙ`) it is exactly tangential. At a crease (the rim of an adhering
//! interface) the area-weighted normal bisects the two sheets, and the pull of the two
//! sheets' neighbours, of equal size, adds up along that normal, which the projection removes.
//! The tangential balance of each node does change: use it on liquid-like membranes, where
//! in-plane forces are discretisation artefacts, not on membranes whose in-plane elasticity
//! is the physics (a red cell's spectrin network, a shell).
//!
//! **Choosing `k`.** Two limits bound it. (1) `Pᵢ` is frozen over the step, so once the
//! surface turns within a step the force leaks along the new normal by `k |xᵢ − cᵢ|` times
//! the turn: `k` far above the tension `T` lets that leak outweigh the tension's own normal
//! forces. (2) A penalty contact gives way under any force: `k` must stay well below the
//! contact's stiffness per node (`N_AdhesivePressure`: `k_c Aᵢ`), or smoothing pushes nodes
//! through the other surface. Low-frequency unevenness (a density gradient over the whole
//! cell) relaxes slowly: its restoring force is about `k (h/R)²` per unit displacement, close
//! to the tension's own tendency to bunch nodes (an inscribed polyhedron's area is largest on
//! an even mesh). Smoothing evens out node-scale jitter in a few steps (tested) and moves a
//! regular icosphere to its own fixed point, where edge lengths, not areas, are even.
//!
//! **Measured on the cell doublet** (`validate::doublet`, level 2, `W/T` = 0.5–1.5, not used
//! by the shipped case): at `k = 100 T` the interface keeps its nodes (their rest area 0.4–1.05
//! of the contact disc's, against 0.03–0.2 without smoothing) and `W/T` = 1 reaches 60.7°
//! after 20 s (Young–Dupré 60°, 67.5° with the range's correction) in 25 s of wall instead of
//! 350 s; `W/T` = 0.5 reaches 44.6° after 30 s (41.4°, 48.0°), still rising slowly; but
//! at `W/T` = 1.5 it pushes nodes through the other cell (`k` above `k_c Aᵢ` = 0.2 N/m), and
//! with a stiffer contact the interface wrinkles after about 30 s (limit 1). A doublet that
//! holds its mesh at every `W/T` needs an area-integrated adhesion (the `_Int` laws on
//! rounded triangles) or remeshing; see issue 35.
//!
//! **Energy.** Its work `F·Δq` counts in `external_work` (it is not a physical force; at
//! rest it does none).

use super::force::add_node_force;
use super::{ExternalError, ExternalForce, ForceEval, NodeDerivatives, StepStart};
use crate::math::{Mat3, Vec3};
use crate::model::Model;

/// Tangential smoothing of every cell's mesh with stiffness `k` (N/m).
#[derive(Debug, Clone, PartialEq)]
pub struct TangentialSmoothing {
    /// Stiffness `k` of the pull towards the neighbours' centroid (N/m).
    pub stiffness: f64,
    /// Per smoothed node (first DOF, global node): its projector `Pᵢ` and target `cᵢ` at the
    /// start of the step.
    targets: Vec<Target>,
}

/// One node's frozen projector and target.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Target {
    dof: usize,
    node: usize,
    projector: Mat3,
    centroid: Vec3,
}

impl TangentialSmoothing {
    /// Smoothing with stiffness `stiffness` (N/m); its targets are set at each step's start.
    pub fn new(stiffness: f64) -> Self {
        Self {
            stiffness,
            targets: Vec::new(),
        }
    }

    /// The projectors and targets of every cell node at configuration `q`.
    fn targets_at(model: &Model, q: &[f64]) -> Vec<Target> {
        let mut out = Vec::new();
        for sh in model.bodies.shells.iter().filter(|s| s.cell.is_some()) {
            let n = sh.n_nodes();
            let x: Vec<Vec3> = (0..n).map(|i| sh.node(q, i)).collect();
            // Area-weighted normals: Σ of the adjacent triangles' (x₁ − x₀) × (x₂ − x₀).
            let mut normal = vec![Vec3::zeros(); n];
            for t in &sh.mesh.triangles {
                let [a, b, c] = t.map(|k| k as usize);
                let area2 = (x[b] - x[a]).cross(&(x[c] - x[a]));
                for k in [a, b, c] {
                    normal[k] += area2;
                }
            }
            let mut sum = vec![Vec3::zeros(); n];
            let mut count = vec![0usize; n];
            for e in &sh.topology.edges {
                let [a, b] = e.nodes.map(|k| k as usize);
                sum[a] += x[b];
                sum[b] += x[a];
                count[a] += 1;
                count[b] += 1;
            }
            for i in 0..n {
                let nn = normal[i].norm();
                if count[i] == 0 || nn == 0.0 {
                    continue;
                }
                let u = normal[i] / nn;
                out.push(Target {
                    dof: sh.node_dof(i),
                    node: sh.first_node + i,
                    projector: Mat3::identity() - u * u.transpose(),
                    centroid: sum[i] / count[i] as f64,
                });
            }
        }
        out
    }
}

/// A node's three coordinates in `q` from its first DOF.
fn at(q: &[f64], dof: usize) -> Vec3 {
    Vec3::new(q[dof], q[dof + 1], q[dof + 2])
}

impl ExternalForce for TangentialSmoothing {
    fn name(&self) -> &'static str {
        "tangential smoothing"
    }
    fn begin_step(&mut self, start: &StepStart) -> Result<(), ExternalError> {
        self.targets = Self::targets_at(start.model, start.q);
        Ok(())
    }
    fn add(&self, e: &ForceEval, force: &mut [f64], jac: &mut NodeDerivatives) {
        let k = self.stiffness;
        for t in &self.targets {
            let f = -k * (t.projector * (at(e.q, t.dof) - t.centroid));
            add_node_force(force, t.dof, &f);
            jac.add(t.node, &(-k * t.projector), &Mat3::zeros());
        }
    }
    fn incremental_potential(&self, e: &ForceEval) -> Option<f64> {
        let k = self.stiffness;
        Some(
            self.targets
                .iter()
                .map(|t| {
                    let d = at(e.q, t.dof) - t.centroid;
                    0.5 * k * d.dot(&(t.projector * d))
                })
                .sum(),
        )
    }
}
