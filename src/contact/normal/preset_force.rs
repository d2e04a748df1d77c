//! `PresetForce` (mpacts, seed 003): a fixed normal force `F_applied` (N, positive =
//! repulsive, negative = attractive) that acts while the pair's contact is *established*:
//! established the first time the pair overlaps (`δ > 0`), released the first time its
//! separation exceeds `release_distance` (`gap > d_r`, m), after which it acts again only once
//! the pair overlaps anew. An attractive preset force on a repulsive law holds two bodies
//! together with that load until they are pulled `d_r` apart.
//!
//! While established the law is [`super::ConstantForce`]'s: `F = F_applied` along the normal,
//! `E = F_applied δ` (`dE/dδ = F`, conservative for the line search), `∂f/∂x = F_applied ∇²Δ`.
//! The established state is the pair's memory ([`Established`]), committed with each accepted
//! step and dropped on release (and when the pair leaves the candidates: give the binding a
//! `keep_distance` above `d_r`).

use super::constant_force::constant;
use super::effective::check_positive;
use super::jkr::Established;
use super::scalar_force::{add_normal_force, overlap_and_rate};
use crate::contact::ctx::ContactCtx;
use crate::contact::element::{
    Caps, Category, ChainElement, ElementDoc, Env, Gives, MemorySpec, Needs, SolverNeeds,
};
use serde::{Deserialize, Serialize};

/// A fixed force between bodies whose contact is established, released at a separation.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PresetForce {
    /// The applied force `F_applied` (N), positive = repulsive.
    pub force: f64,
    /// Separation `d_r` (m) beyond which the contact is released.
    pub release_distance: f64,
}

impl Default for PresetForce {
    /// A pull of 1 mN, released at 10 µm.
    fn default() -> Self {
        Self {
            force: -1e-3,
            release_distance: 1e-5,
        }
    }
}

static DOC: ElementDoc = ElementDoc {
    name: "PresetForce",
    category: Category::Normal,
    summary: "fixed force F_applied while the contact is established (from first overlap until the separation exceeds release_distance)",
    details: "Parameters: force F_applied (N, finite; positive = repulsive, negative = attractive), \
              release_distance d_r (m, > 0). Established the first time δ > 0, released the first time \
              gap > d_r (memory dropped; established again by the next overlap). While established: F = \
              F_applied along the normal, E = F_applied δ, ∂f/∂x = F_applied ∇²Δ. Give the binding a \
              keep_distance above d_r. Source: mpacts PresetForce (seed 003).",
};

impl ChainElement for PresetForce {
    fn doc(&self) -> &'static ElementDoc {
        &DOC
    }
    fn needs(&self) -> Needs {
        Needs::caps(Caps::GEOMETRY)
            .with_solver(SolverNeeds::BEYOND_REACH)
            .with_memory(MemorySpec::of::<Established>())
    }
    fn gives(&self) -> Gives {
        Gives::caps(Caps::NORMAL_FORCE)
    }
    fn validate(&self) -> Result<(), String> {
        if !self.force.is_finite() {
            return Err(format!(
                "force must be a finite force (N), got {}",
                self.force
            ));
        }
        check_positive("release_distance", "m", self.release_distance)
    }
    fn evaluate(&self, _env: &Env, ctx: &mut ContactCtx) {
        let (delta, _) = overlap_and_rate(ctx);
        if delta.is_nan() || ctx.distance <= 0.0 {
            ctx.reject = true;
            return;
        }
        // Not established yet, or released beyond d_r: rejected, the state forgotten.
        if Established::hold(ctx, delta, -delta > self.release_distance) {
            add_normal_force(ctx, constant(self.force, delta));
        }
    }
}
