//! How each element's force enters the energy balance of a run ([`crate::system::Energies`]):
//! a chain splits a pair's force by the role of the element that added it, so that friction
//! and contact damping can be told from the conservative contact force.
//!
//! | role | elements | force | energy |
//! |---|---|---|---|
//! | [`EnergyRole::Conservative`] | normal laws that derive from their energy (IMC, IPC, Hertz, JKR, DMT, springs), and every element that adds no force | `−∇U_c` | contact potential `U_c` |
//! | [`EnergyRole::Friction`] | tangential laws (Coulomb, IMC and IPC friction, Cundall–Strack, rolling and torsional resistance) | its work is `friction_dissipated` | not a potential (IPC friction's is a per-step potential) |
//! | [`EnergyRole::Damping`] | normal laws marked dissipative ([`Gives::dissipative`]: dashpots, damped Hertz, restitution, spring–dampers), and other dissipative elements | its work is `damping_dissipated` | not a potential |
//!
//! A dissipative normal law's whole force counts as damping, its elastic part included (the
//! law reports one force): per step its column may go negative while the contact gives back
//! what it stored; over a closed impact it is the energy the impact lost.

use super::core::{Category, ElementDoc, EnergyRole};
use super::element::Gives;

impl EnergyRole {
    /// The role of an element documented by `doc` that gives `gives`.
    pub fn of(doc: &ElementDoc, gives: &Gives) -> Self {
        match doc.category {
            Category::Tangential => Self::Friction,
            _ if gives.dissipative => Self::Damping,
            _ => Self::Conservative,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::contact::{ChainElement, CoulombFriction, Hertz, LinearDamper};

    #[test]
    fn roles_follow_category_and_dissipation() {
        let role = |e: &dyn ChainElement| EnergyRole::of(e.doc(), &e.gives());
        let hertz = Hertz {
            effective_modulus: None,
            effective_radius: None,
        };
        assert_eq!(role(&hertz), EnergyRole::Conservative);
        assert_eq!(role(&LinearDamper { damping: 1.0 }), EnergyRole::Damping);
        let coulomb = CoulombFriction {
            mu: 0.3,
            ..CoulombFriction::default()
        };
        assert_eq!(role(&coulomb), EnergyRole::Friction);
        // A frictionless tangential law is still one (its force is zero).
        let free = CoulombFriction {
            mu: 0.0,
            ..CoulombFriction::default()
        };
        assert_eq!(role(&free), EnergyRole::Friction);
    }

    #[test]
    fn split_adds_by_role() {
        use crate::contact::core::{NonConservative, Vec12};
        let mut s = NonConservative::default();
        assert!(s.is_zero());
        let f = Vec12::from_fn(|i, _| i as f64);
        s.add(EnergyRole::Conservative, &f, 3.0);
        assert!(s.is_zero());
        s.add(EnergyRole::Friction, &f, 0.5);
        s.add(EnergyRole::Damping, &(2.0 * f), 0.25);
        assert_eq!(s.friction, f);
        assert_eq!(s.damping, 2.0 * f);
        assert_eq!(s.energy, 0.75);
    }
}
