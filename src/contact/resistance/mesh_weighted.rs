//! `N_T_MeshWeightedResistance`: a constant friction matrix between two mesh nodes, weighted by
//! how many triangles meet at each (mpacts `N_T_MeshWeightedResistance`; seed 003):
//! `F = −Γ v_rel`, `Γ = w₁₂ [γ_n nnᵀ + γ_t (I − nnᵀ)]` ([`super::matrix`]), `γ_n`, `γ_t` in
//! N·s/m, with
//!
//! `w₁₂ = (w₁ + w₂)/2`, `wᵢ = sin(π/Nᵢ)/sin(2π/Nᵢ) = 1/(2 cos(π/Nᵢ))`,
//!
//! `Nᵢ` the valence of node `i`: the number of triangles attached to it (and, inside a closed
//! mesh, of its neighbours), read from the mesh topology built with the model
//! ([`Primitive::mesh_valence`](crate::contact::Primitive::mesh_valence)). A 6-valent node of a
//! regular triangulation has `w = 1/√3`, a 5-valent one `(√5 − 1)/2`, a 4-valent one `1/√2`, a
//! 3-valent one 1; `wᵢ` is the circumradius of the node's (regular) triangles over their edge
//! length. Since `w₁₂` does not depend on the configuration, the exact derivatives are
//! [`super::ConstantResistance`]'s scaled by it; it acts on the same pairs (in contact).
//!
//! `n` is the direction from one node to the other, so — as mpacts warns — `γ_n` is the damping
//! *along the line between the nodes*, `γ_t` across it. (mpacts uses the law between the
//! neighbouring nodes of a membrane, where `γ_n` is in-plane; a catena shell's neighbouring
//! nodes are excluded from its self-contact, so here it acts between nodes of different shells
//! — two cells' membranes — or of distant parts of one.)
//!
//! Sides: both sides are shell (or cell) nodes — the chain binds points (`Point_1_Data`,
//! `Point_2_Data`, `Point_Point`, checked when it is loaded) and a scene may bind it between
//! shells only, whose every node has at least three triangles (checked when the scene is
//! built: the weight diverges at `N = 2` and is negative at `N = 1`, the corners of open
//! meshes). Evaluated on another point outside a scene (a rod node of `catena check
//! --jacobian`'s probe model), a side weighs 1.

use super::matrix::{Resistance, add_resistance, check_coefficient, in_contact};
use crate::contact::core::{BodyId, PrimId, PrimKind};
use crate::contact::ctx::ContactCtx;
use crate::contact::element::{
    BodyRefusal, Caps, Category, ChainElement, ElementDoc, Env, Gives, Needs,
};
use crate::model::Model;
use serde::{Deserialize, Serialize};
use std::f64::consts::PI;

/// Constant normal and tangential resistance between mesh nodes, weighted by their valences.
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MeshWeightedResistance {
    /// Resistance `γ_n` along the line between the nodes (N·s/m).
    pub gamma_normal: f64,
    /// Resistance `γ_t` across it (N·s/m).
    pub gamma_tangential: f64,
}

/// The weight `w = sin(π/N)/sin(2π/N)` of a mesh node with `N` triangles (mpacts), `None` for
/// `N < 3`, where the formula does not give a positive weight.
///
/// ```
/// use catena::contact::node_weight;
/// assert!((node_weight(6).unwrap() - 1.0 / 3f64.sqrt()).abs() < 1e-15);
/// assert_eq!(node_weight(2), None);
/// ```
pub fn node_weight(valence: usize) -> Option<f64> {
    (valence >= 3).then(|| {
        let n = valence as f64;
        (PI / n).sin() / (2.0 * PI / n).sin()
    })
}

/// The weight of one side: its node's, or 1 off meshes (outside scenes only, see the module
/// docs).
fn side_weight(model: &Model, prim: PrimId) -> f64 {
    prim.mesh_valence(model)
        .and_then(node_weight)
        .unwrap_or(1.0)
}

static DOC: ElementDoc = ElementDoc {
    name: "N_T_MeshWeightedResistance",
    category: Category::Resistance,
    summary: "friction matrix w₁₂[γ_n nnᵀ + γ_t(I − nnᵀ)] between mesh nodes, wᵢ = sin(π/Nᵢ)/sin(2π/Nᵢ)",
    details: "Parameters: gamma_normal γ_n and gamma_tangential γ_t (N·s/m, ≥ 0). w₁₂ = (w₁ + w₂)/2 with \
              wᵢ = sin(π/Nᵢ)/sin(2π/Nᵢ), Nᵢ the number of triangles attached to node i (1/√3 for 6, \
              (√5 − 1)/2 for 5, 1/√2 for 4, 1 for 3). n is the direction between the two nodes: γ_n \
              damps along it, γ_t across it. \
              F = −w₁₂[γ_n nnᵀ + γ_t(I − nnᵀ)] v_rel on side 2, −F on side 1, exact ∂f/∂x and ∂f/∂v, \
              on pairs in contact as N_T_ConstantResistance. Sides: shell or cell nodes (Point_1_Data, \
              Point_2_Data, Point_Point; a scene binds it between shells whose nodes all have ≥ 3 \
              triangles). Dissipative. Source: mpacts N_T_MeshWeightedResistance (seed 003).",
};

impl ChainElement for MeshWeightedResistance {
    fn doc(&self) -> &'static ElementDoc {
        &DOC
    }
    fn needs(&self) -> Needs {
        Needs::caps(Caps::GEOMETRY).with_kinds(PrimKind::Point, PrimKind::Point)
    }
    fn gives(&self) -> Gives {
        Gives::caps(Caps::NORMAL_FORCE.with(Caps::TANGENTIAL_FORCE)).dissipative()
    }
    fn validate(&self) -> Result<(), String> {
        check_coefficient("gamma_normal", "N·s/m", self.gamma_normal)?;
        check_coefficient("gamma_tangential", "N·s/m", self.gamma_tangential)
    }
    fn evaluate(&self, env: &Env, ctx: &mut ContactCtx) {
        if in_contact(ctx) {
            let w =
                0.5 * (side_weight(env.model, ctx.prim[0]) + side_weight(env.model, ctx.prim[1]));
            let g = Resistance::constant(w * self.gamma_normal, w * self.gamma_tangential);
            add_resistance(ctx, &g);
        }
    }
    /// Every body is a shell whose nodes all have three triangles or more.
    fn check_bodies(&self, model: &Model, sides: [&[BodyId]; 2]) -> Result<(), BodyRefusal> {
        for &body in sides.iter().flat_map(|s| s.iter()) {
            let BodyId::Shell(s) = body else {
                return Err(BodyRefusal {
                    body: Some(body),
                    message: format!(
                        "{} is not a mesh: this law weighs each side by the triangles at its node",
                        body.label(model)
                    ),
                    help: "bind it between shells or cells (AllShells, Shells([...])); between \
                           rods, spheres or rigid bodies use N_T_ConstantResistance"
                        .into(),
                });
            };
            let n_nodes = model.bodies.shells[s as usize].n_nodes() as u32;
            let low = (0..n_nodes)
                .map(|n| (n, PrimId::shell_node(s, n).mesh_valence(model).unwrap_or(0)))
                .find(|&(_, valence)| valence < 3);
            if let Some((node, valence)) = low {
                return Err(BodyRefusal {
                    body: Some(body),
                    message: format!(
                        "{} node {node} has {valence} triangle(s), but the weight \
                         sin(π/N)/sin(2π/N) needs N ≥ 3 at every node (the corners and edges of \
                         open meshes have fewer)",
                        body.label(model)
                    ),
                    help: "bind it to closed meshes (cells); for open shells use \
                           N_T_ConstantResistance"
                        .into(),
                });
            }
        }
        Ok(())
    }
}
