//! `N_T_ShellViscosity`: the in-plane viscosity of a thin shell as a friction matrix between
//! the two nodes of a mesh edge (mpacts `N_T_ShellViscosity`; seed 003):
//!
//! `Γ = (μ t₁₂/√3) [n̂n̂ᵀ + (I − n̂n̂ᵀ)] = (μ t₁₂/√3) I`,  `F = −Γ v_rel`,
//!
//! `μ` the membrane's viscosity (Pa·s), `t₁₂` the effective thickness of the pair (m), so `Γ`
//! is in N·s/m; `1/√3` is mpacts' prefactor for a regular triangulation. Here
//! `t₁₂ = ρ₁ + ρ₂`, the sum of the two nodes' contact radii, which for shell and cell nodes are
//! half their shell's thickness (`Point_1_Data`, `Point_2_Data`): `t₁₂ = t` between two nodes
//! of one shell, the mean thickness between two shells. mpacts takes `t₁₂` from its
//! `TriangleShellData`; the normal and tangential parts weigh the same, so `Γ` does not depend
//! on the direction between the nodes.
//!
//! Bind it with `detect: MeshEdges`: its pairs are then the nodes of every mesh edge, as
//! mpacts applies it between membrane neighbours (`chains/shell_viscosity.ron`). Every pair of
//! the binding gets it, in contact or not. Summed over a mesh's edges it is the shell force
//! `ShellViscosity(viscosity: μ)`: the same friction between the same node pairs
//! (`tests/shell_viscosity_chain.rs`).
//!
//! Derivatives (exact): `∂F/∂v₂ = −Γ`, `∂F/∂v₁ = Γ`, `∂F/∂x = 0` (`Γ` is constant and the
//! relative velocity of two points `v₂ − v₁` does not depend on where they are).
//! Power `F·v_rel = −Γ |v_rel|² ≤ 0`.

use super::matrix::{Resistance, add_resistance, check_coefficient};
use crate::contact::core::PrimKind;
use crate::contact::ctx::ContactCtx;
use crate::contact::element::{
    Caps, Category, ChainElement, ElementDoc, Env, Gives, Needs, SolverNeeds,
};
use serde::{Deserialize, Serialize};

/// Membrane viscosity between the two nodes of a mesh edge.
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ShellViscosityResistance {
    /// Viscosity `μ` of the membrane (Pa·s).
    pub viscosity: f64,
}

impl ShellViscosityResistance {
    /// `Γ = μ t₁₂/√3` (N·s/m) for the effective thickness `t12` (m).
    pub fn gamma(&self, t12: f64) -> f64 {
        self.viscosity * t12 / 3f64.sqrt()
    }
}

static DOC: ElementDoc = ElementDoc {
    name: "N_T_ShellViscosity",
    category: Category::Resistance,
    summary: "membrane viscosity between mesh neighbours, Γ = μ t₁₂/√3 [nnᵀ + (I − nnᵀ)], F = −Γ v_rel",
    details: "Parameter: viscosity μ (Pa·s, ≥ 0). t₁₂ = ρ₁ + ρ₂, the two nodes' radii (half their \
              shells' thickness: the thickness between two nodes of one shell). Γ = μ t₁₂/√3 I acts \
              on every pair of the binding, in contact or not: bind it with detect: MeshEdges, whose \
              pairs are the nodes of each mesh edge (chains/shell_viscosity.ron). F = −Γ v_rel on side \
              2, −F on side 1, exact ∂f/∂v (∂f/∂x = 0). Summed over a mesh it is the shell force \
              ShellViscosity(viscosity: μ). Sides: points (Point_1_Data, Point_2_Data, Point_Point). \
              Dissipative. Source: mpacts N_T_ShellViscosity (seed 003).",
};

impl ChainElement for ShellViscosityResistance {
    fn doc(&self) -> &'static ElementDoc {
        &DOC
    }
    fn needs(&self) -> Needs {
        Needs::caps(Caps::GEOMETRY)
            .with_kinds(PrimKind::Point, PrimKind::Point)
            .with_solver(SolverNeeds::BEYOND_REACH)
    }
    fn gives(&self) -> Gives {
        Gives::caps(Caps::NORMAL_FORCE.with(Caps::TANGENTIAL_FORCE)).dissipative()
    }
    fn validate(&self) -> Result<(), String> {
        check_coefficient("viscosity", "Pa·s", self.viscosity)
    }
    fn evaluate(&self, _env: &Env, ctx: &mut ContactCtx) {
        let g = self.gamma(ctx.radius[0] + ctx.radius[1]);
        if ctx.points != [1, 1] {
            // Not two points (the chain's kinds are checked at load; kept for completeness).
            add_resistance(ctx, &Resistance::constant(g, g));
            return;
        }
        // Two points: v_rel = v₂ − v₁ whatever the normal, so the force is written directly
        // and ∂F/∂x is exactly zero (the contact frame's would be round-off).
        let f = -(ctx.v[1] - ctx.v[0]) * g;
        for (k, sign) in [(0, -1.0), (1, 1.0)] {
            let mut b = ctx.force.fixed_rows_mut::<3>(3 * k);
            b += f * sign;
            if ctx.want_jacobian {
                for (j, dv) in [(0, g), (1, -g)] {
                    for c in 0..3 {
                        ctx.dfdv[(3 * k + c, 3 * j + c)] += sign * dv;
                    }
                }
            }
        }
    }
}
