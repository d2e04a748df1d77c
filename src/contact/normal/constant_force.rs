//! `N_ConstantForce` (mpacts, seed 003): a normal force of constant magnitude `f` (N, positive =
//! repulsive, negative = attractive), on overlapping pairs only (`check_overlap: true`, the
//! default) or on every candidate pair within the binding's keep distance. Energy `E = f δ`
//! (`dE/dδ = F`), so the line search sees it as conservative; `∂f/∂x = f ∇²Δ` (the direction
//! turns with the pair). mpacts scales the force by a mesh primitive's contact fraction; catena's
//! primitives are whole, so there is no such fraction.

use super::scalar_force::{ScalarForce, add_normal_force, overlap_and_rate};
use crate::contact::ctx::ContactCtx;
use crate::contact::element::{
    Caps, Category, ChainElement, ElementDoc, Env, Gives, Needs, SolverNeeds,
};
use serde::{Deserialize, Serialize};

/// Constant normal force `f`.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ConstantForce {
    /// Magnitude `f` (N), positive = repulsive.
    pub f: f64,
    /// Whether it acts only on overlap (`δ ≥ 0`; default true) or on every candidate pair.
    #[serde(default = "yes")]
    pub check_overlap: bool,
}

fn yes() -> bool {
    true
}

impl Default for ConstantForce {
    /// f = 1 mN on overlap.
    fn default() -> Self {
        Self {
            f: 1e-3,
            check_overlap: true,
        }
    }
}

static DOC: ElementDoc = ElementDoc {
    name: "N_ConstantForce",
    category: Category::Normal,
    summary: "normal force of constant magnitude f, on overlap or on every candidate",
    details: "Parameters: f (N, finite; positive = repulsive), check_overlap (default true: only pairs with \
              δ ≥ 0; false: every candidate pair within keep_distance). F = f along the normal, E = fδ, \
              ∂f/∂x = f∇²Δ. Source: mpacts N_ConstantForce (seed 003).",
};

impl ChainElement for ConstantForce {
    fn doc(&self) -> &'static ElementDoc {
        &DOC
    }
    fn needs(&self) -> Needs {
        let n = Needs::caps(Caps::GEOMETRY);
        if self.check_overlap {
            n
        } else {
            n.with_solver(SolverNeeds::BEYOND_REACH)
        }
    }
    fn gives(&self) -> Gives {
        Gives::caps(Caps::NORMAL_FORCE)
    }
    fn validate(&self) -> Result<(), String> {
        if !self.f.is_finite() {
            return Err(format!("f must be a finite force (N), got {}", self.f));
        }
        Ok(())
    }
    fn evaluate(&self, _env: &Env, ctx: &mut ContactCtx) {
        let (delta, _) = overlap_and_rate(ctx);
        if delta.is_nan() || ctx.distance <= 0.0 || (self.check_overlap && delta < 0.0) {
            ctx.reject = true;
            return;
        }
        add_normal_force(ctx, constant(self.f, delta));
    }
}

/// The scalar law: `F = f`, `E = f δ`.
pub(super) fn constant(f: f64, delta: f64) -> ScalarForce {
    ScalarForce {
        force: f,
        d_overlap: 0.0,
        d_rate: 0.0,
        energy: f * delta,
    }
}

#[cfg(test)]
mod tests {
    use super::super::scalar_force::check_partials;
    use super::*;

    #[test]
    fn partials_and_energy() {
        for d in [-1e-3, 1e-6, 2e-3] {
            check_partials(|d, _| constant(0.5, d), d, 0.0, 1e-9);
        }
        assert!(
            ConstantForce {
                f: f64::NAN,
                check_overlap: true
            }
            .validate()
            .is_err()
        );
    }
}
