//! The second stage of a knot pull ([`super::knot_pull::tighten`]): once the knot has
//! formed, the rod drops its inertia — lighter lumped masses under implicit Euler, or the
//! overdamped regime — and the step grows ([`Settle`], [`Regime`]).

use super::knot_step::GUARD_DENSITY;
use crate::system::Simulator;
use crate::time::IntegratorKind;

/// The second stage of a pull: once the shortening has fallen to `e`, the rod becomes what
/// `regime` says and the step grows to `dt`. The knot forms with the inertia of the first
/// stage (a light rod released from the initial shape finds other, looser arrangements of the
/// braid); the rest of the pull is quasi-static.
#[derive(Debug, Clone, Copy)]
pub struct Settle {
    /// Shortening at which the stage begins (m).
    pub e: f64,
    /// What the rod becomes.
    pub regime: Regime,
    /// Time step from then on (s).
    pub dt: f64,
}

/// How the second stage of a pull ([`Settle`]) drops the rod's inertia.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Regime {
    /// Implicit Euler on, the lumped masses scaled to this density (kg/m³).
    Light {
        /// Density from then on (kg/m³).
        density: f64,
    },
    /// `integrator: Overdamped` from then on (`Γ(q)(q − qₙ)/Δt = F(q)`, positions only): the
    /// viscous drag of the pull ([`super::knot_pull::Tightening::drag`]) is the resistance `Γ = η Δl̄ᵢ` of each
    /// node, and the IMC friction sees the step's rate `(q − qₙ)/Δt`. The twist of the rod's
    /// first edge is held from the switch on: without inertia nothing resists a uniform twist
    /// of the rod (an isotropic rod straight at rest has no energy in it, and the drag acts on
    /// nodes only), so the system would be singular; holding one edge at the pulled end lets
    /// twist leave through the other end, as before.
    Overdamped,
}

impl Regime {
    /// Whether steps are guarded (`knot_step::guarded_step`) in this regime: a light rod's, and an
    /// overdamped one's (no inertia bounds its motion within a step).
    pub(super) fn guarded(self) -> bool {
        match self {
            Regime::Light { density } => density < GUARD_DENSITY,
            Regime::Overdamped => true,
        }
    }
    /// Makes the rod of `sim`, of density `density` (kg/m³) so far, what this regime says,
    /// from its next step on.
    pub(super) fn enter(self, sim: &mut Simulator, density: f64) {
        match self {
            Regime::Light { density: light } => {
                let scale = light / density;
                sim.model.mass.iter_mut().for_each(|m| *m *= scale);
            }
            Regime::Overdamped => go_overdamped(sim),
        }
    }
}

impl Settle {
    /// The stage as the scene's header comment says it.
    pub(super) fn describe(&self) -> String {
        match self.regime {
            Regime::Light { density } => format!(
                ", then from e = {:.4} m on scales the density to {density} kg/m³ and steps at {} s",
                self.e, self.dt
            ),
            Regime::Overdamped => format!(
                ", then from e = {:.4} m on steps overdamped (the drag as resistance, edge 0's \
                 twist held) at {} s",
                self.e, self.dt
            ),
        }
    }
}

/// Switches `sim` to `integrator: Overdamped` from its next step on, holding the twist of
/// every rod's first edge where it is ([`Regime::Overdamped`]).
fn go_overdamped(sim: &mut Simulator) {
    let held: Vec<usize> = (sim.model.bodies.rods.iter())
        .map(|rod| rod.twist_dof(0))
        .collect();
    sim.model.fixed.extend(&held);
    sim.model.dofs.constrain_all(held);
    sim.refresh_dofs();
    sim.set_integrator(IntegratorKind::Overdamped);
}
