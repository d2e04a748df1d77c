//! `LinearDamper`: a normal dashpot acting at any distance (mpacts LinearDamper), meant for
//! spring networks and bonded pairs.
//!
//! With the normal relative velocity `v_n = Δ̇ = ∇Δ·v` (m/s, positive while separating):
//! * `F = −c v_n` (N) along the normal, i.e. `F = c δ̇` in the overlap rate;
//! * `∂F/∂δ̇ = c`, so `∂f/∂v = −c ∇Δ∇Δᵀ` and `∂f/∂x = −c ∇Δ (∇²Δ v)ᵀ − c v_n ∇²Δ`.
//!
//! No energy (dissipative); never rejects a pair.

use super::effective::check_positive;
use super::scalar_force::{ScalarForce, add_normal_force, overlap_and_rate};
use crate::contact::ctx::ContactCtx;
use crate::contact::element::{Caps, Gives, Needs, SolverNeeds};
use crate::contact::element::{Category, ChainElement, ElementDoc, Env};
use serde::{Deserialize, Serialize};

/// Normal dashpot at any distance.
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LinearDamper {
    /// Damping coefficient `c` (N·s/m).
    pub damping: f64,
}

static DOC: ElementDoc = ElementDoc {
    name: "LinearDamper",
    category: Category::Normal,
    summary: "normal dashpot at any distance, F = −c v_n",
    details: "Parameter: damping c (N·s/m, > 0). v_n = ∇Δ·v is the normal relative velocity (positive while \
              separating); F = −c v_n along the normal for every candidate pair (within the keep \
              distance), exact ∂f/∂x and ∂f/∂v. Dissipative. Source: mpacts LinearDamper.",
};

impl ChainElement for LinearDamper {
    fn doc(&self) -> &'static ElementDoc {
        &DOC
    }
    fn needs(&self) -> Needs {
        // A damper acts at any gap.
        Needs::caps(Caps::GEOMETRY).with_solver(SolverNeeds::BEYOND_REACH)
    }
    fn gives(&self) -> Gives {
        Gives::caps(Caps::NORMAL_FORCE).dissipative()
    }
    fn validate(&self) -> Result<(), String> {
        check_positive("damping", "N·s/m", self.damping)
    }
    fn evaluate(&self, _env: &Env, ctx: &mut ContactCtx) {
        if ctx.distance.is_nan() || ctx.distance <= 0.0 {
            ctx.reject = true;
            return;
        }
        let (_, rate) = overlap_and_rate(ctx);
        add_normal_force(
            ctx,
            ScalarForce {
                force: self.damping * rate,
                d_overlap: 0.0,
                d_rate: self.damping,
                energy: 0.0,
            },
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zero_damping_is_named() {
        let d = LinearDamper { damping: 0.0 };
        assert!(d.validate().unwrap_err().contains("damping"));
    }
}
