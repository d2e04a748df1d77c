//! `N_T_MaskedConstantResistance`: a constant friction matrix whose coefficients depend on
//! the types of the two bodies, given by their masks (mpacts `N_T_MaskedConstantResistance`;
//! seed 003): every body has an integer mask (the scene's `mask:` field of a rod, shell,
//! cell, sphere, sphere set, plane or rigid body, default 0; [`crate::model::BodyMasks`]), and
//! the pair of masks `(m₁, m₂)` picks the entries `γ_n[m₁][m₂]`, `γ_t[m₁][m₂]` (N·s/m) of two
//! symmetric matrices. Then `F = −Γ v_rel`, `Γ = γ_n nnᵀ + γ_t(I − nnᵀ)` ([`super::matrix`]),
//! on pairs in contact as [`super::ConstantResistance`], with its exact derivatives.
//!
//! The matrices are checked when the chain is loaded (square, of one size, symmetric, every
//! entry ≥ 0) and every mask against their size when a scene binds the chain (the error names
//! the body, or the sphere set that made it, and its mask). A pair whose masks fall outside the
//! matrices — possible only outside scenes — gets no force.

use super::matrix::{Resistance, add_resistance, check_coefficient, in_contact};
use crate::contact::core::BodyId;
use crate::contact::ctx::ContactCtx;
use crate::contact::element::{
    BodyRefusal, Caps, Category, ChainElement, ElementDoc, Env, Gives, Needs,
};
use crate::model::Model;
use serde::{Deserialize, Serialize};

/// Normal and tangential resistances between bodies, by their masks.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MaskedConstantResistance {
    /// `γ_n[i][j]`: normal resistance between masks `i` and `j` (N·s/m); square, symmetric.
    pub gamma_normal: Vec<Vec<f64>>,
    /// `γ_t[i][j]`: tangential resistance between masks `i` and `j` (N·s/m); square,
    /// symmetric, of `gamma_normal`'s size.
    pub gamma_tangential: Vec<Vec<f64>>,
}

/// A typical instance: one mask (0), no resistance.
impl Default for MaskedConstantResistance {
    fn default() -> Self {
        Self {
            gamma_normal: vec![vec![0.0]],
            gamma_tangential: vec![vec![0.0]],
        }
    }
}

impl MaskedConstantResistance {
    /// Number of masks the matrices cover (their size).
    pub fn masks(&self) -> usize {
        self.gamma_normal.len()
    }

    /// `(γ_n, γ_t)` (N·s/m) between masks `m1` and `m2`, `None` outside the matrices.
    pub fn coefficients(&self, m1: u32, m2: u32) -> Option<(f64, f64)> {
        let at = |m: &[Vec<f64>]| m.get(m1 as usize)?.get(m2 as usize).copied();
        Some((at(&self.gamma_normal)?, at(&self.gamma_tangential)?))
    }
}

/// Checks that `m` (named `name`) is a non-empty, square, symmetric matrix of coefficients.
fn check_matrix(name: &str, m: &[Vec<f64>]) -> Result<(), String> {
    let n = m.len();
    if n == 0 {
        return Err(format!(
            "{name} is empty: give a row and a column per mask, e.g. {name}: [[0.1]] for mask 0"
        ));
    }
    for (i, row) in m.iter().enumerate() {
        if row.len() != n {
            return Err(format!(
                "{name} must be square: it has {n} rows, but row {i} has {} entries",
                row.len()
            ));
        }
        for (j, &x) in row.iter().enumerate() {
            check_coefficient(&format!("{name}[{i}][{j}]"), "N·s/m", x)?;
            if j < i && x != m[j][i] {
                return Err(format!(
                    "{name} must be symmetric (the pair of masks ({j}, {i}) is the pair ({i}, {j})), \
                     but {name}[{j}][{i}] = {} and {name}[{i}][{j}] = {x}",
                    m[j][i]
                ));
            }
        }
    }
    Ok(())
}

static DOC: ElementDoc = ElementDoc {
    name: "N_T_MaskedConstantResistance",
    category: Category::Resistance,
    summary: "friction matrix γ_n nnᵀ + γ_t(I − nnᵀ) with γ's picked by the sides' masks, γ[m₁][m₂]",
    details: "Parameters: gamma_normal and gamma_tangential, symmetric matrices of one size (N·s/m, \
              entries ≥ 0), e.g. gamma_normal: [[0.1, 0.5], [0.5, 2.0]]: entry [i][j] acts between bodies \
              of masks i and j. A body's mask is the `mask:` field of its rod, shell, cell, sphere, \
              sphere set, plane or rigid body in the scene (default 0); every mask of the bodies a scene \
              binds must be below the matrices' size. F = −[γ_n nnᵀ + γ_t(I − nnᵀ)] v_rel on side 2, \
              −F on side 1, exact ∂f/∂x and ∂f/∂v, on pairs in contact as N_T_ConstantResistance. \
              Dissipative. Source: mpacts N_T_MaskedConstantResistance (seed 003).",
};

impl ChainElement for MaskedConstantResistance {
    fn doc(&self) -> &'static ElementDoc {
        &DOC
    }
    fn needs(&self) -> Needs {
        Needs::caps(Caps::GEOMETRY)
    }
    fn gives(&self) -> Gives {
        Gives::caps(Caps::NORMAL_FORCE.with(Caps::TANGENTIAL_FORCE)).dissipative()
    }
    fn validate(&self) -> Result<(), String> {
        check_matrix("gamma_normal", &self.gamma_normal)?;
        check_matrix("gamma_tangential", &self.gamma_tangential)?;
        let (n, t) = (self.gamma_normal.len(), self.gamma_tangential.len());
        if n != t {
            return Err(format!(
                "gamma_normal is {n} × {n} but gamma_tangential is {t} × {t}: both need a row and \
                 a column per mask"
            ));
        }
        Ok(())
    }
    fn evaluate(&self, env: &Env, ctx: &mut ContactCtx) {
        if !in_contact(ctx) {
            return;
        }
        let [m1, m2] = ctx.prim.map(|p| p.body().mask(env.model));
        if let Some((normal, tangential)) = self.coefficients(m1, m2) {
            add_resistance(ctx, &Resistance::constant(normal, tangential));
        }
    }
    /// Every body's mask is below the matrices' size.
    fn check_bodies(&self, model: &Model, sides: [&[BodyId]; 2]) -> Result<(), BodyRefusal> {
        let n = self.masks();
        for &body in sides.iter().flat_map(|s| s.iter()) {
            let mask = body.mask(model);
            if mask as usize >= n {
                return Err(BodyRefusal {
                    body: Some(body),
                    message: format!(
                        "{} has mask {mask}, but gamma_normal and gamma_tangential are {n} × {n} \
                         (masks 0 to {})",
                        body.label(model),
                        n - 1
                    ),
                    help: format!(
                        "give both matrices a row and a column for mask {mask} ({m} × {m}), or \
                         set `mask:` of the body (or of its sphere set) to one of 0 to {}",
                        n - 1,
                        m = mask as usize + 1
                    ),
                });
            }
        }
        Ok(())
    }
}
