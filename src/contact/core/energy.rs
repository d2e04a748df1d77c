//! How each element's force enters the energy balance ([`EnergyRole`]; the rule that assigns
//! it is in `contact/energy_role.rs`) and the non-conservative part of a pair's force
//! ([`NonConservative`]).

use super::Vec12;

/// The role of an element's force in the energy balance (see the module notes).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EnergyRole {
    /// Its force derives from the energy it adds (or it adds neither).
    Conservative,
    /// A tangential (friction) law.
    Friction,
    /// A dissipative law that is not a tangential one (dashpots, damped normal laws).
    Damping,
}

/// The part of a pair's force (and energy) added by its friction and damping elements: the rest
/// of [`ContactCtx::force`](crate::contact::ContactCtx::force) is conservative, and the rest of its
/// energy is the pair's contact potential.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct NonConservative {
    /// Force of the friction laws on the local DOFs (N).
    pub friction: Vec12,
    /// Force of the damping laws on the local DOFs (N).
    pub damping: Vec12,
    /// Energy the friction and damping laws added (J): not part of the contact potential.
    pub energy: f64,
    /// Force of the friction laws on a two-triangle pair's coordinates beyond the twelve
    /// (side 2's last two nodes, [`crate::contact::WidePair`]): in the chain's context over
    /// the overflow coordinates 12..18; in a [`LocalContact`](crate::contact::LocalContact)
    /// in the order of its extra term's `coords` (N).
    pub friction_extra: [f64; 6],
    /// The same for the damping laws (N).
    pub damping_extra: [f64; 6],
}

impl NonConservative {
    /// Adds what an element of role `role` added: `force` (N) and `energy` (J).
    pub fn add(&mut self, role: EnergyRole, force: &Vec12, energy: f64) {
        match role {
            EnergyRole::Conservative => return,
            EnergyRole::Friction => self.friction += force,
            EnergyRole::Damping => self.damping += force,
        }
        self.energy += energy;
    }

    /// Adds what an element of role `role` added on the overflow coordinates: their force
    /// `after` it less `before` it (N; nothing unless both are given).
    pub fn add_extra(
        &mut self,
        role: EnergyRole,
        before: Option<[f64; 6]>,
        after: Option<[f64; 6]>,
    ) {
        let (Some(before), Some(after)) = (before, after) else {
            return;
        };
        let to = match role {
            EnergyRole::Conservative => return,
            EnergyRole::Friction => &mut self.friction_extra,
            EnergyRole::Damping => &mut self.damping_extra,
        };
        for (t, (a, b)) in to.iter_mut().zip(after.iter().zip(&before)) {
            *t += a - b;
        }
    }

    /// Whether nothing was added.
    pub fn is_zero(&self) -> bool {
        self.energy == 0.0
            && self.friction.iter().all(|&x| x == 0.0)
            && self.damping.iter().all(|&x| x == 0.0)
            && self.friction_extra.iter().all(|&x| x == 0.0)
            && self.damping_extra.iter().all(|&x| x == 0.0)
    }
}
