//! The conservative energies of one state `(q, v)` (see [`Energies`] for what each one is):
//! kinetic, elastic by kind, the potential of the external forces that have one, and the
//! contact potential of evaluated pairs.

use super::energies::Energies;
use crate::contact::LocalContact;
use crate::external::ForceEval;
use crate::model::{Model, RodFrames};
use crate::system::assembly::assembler::Assembler;
use crate::time::Coefficients;

/// Kinetic energy `½ Σₖ mₖ vₖ²` (J) over every DOF: translations, twist of rod edges and
/// rotation of spheres, whose inertia is the diagonal mass `mₖ`.
pub fn kinetic_energy(mass: &[f64], v: &[f64]) -> f64 {
    0.5 * mass.iter().zip(v).fold(0.0, |s, (m, w)| s + m * w * w)
}

/// Kinetic energy of the constrained DOFs of `model` at velocity `v` (J).
pub fn prescribed_kinetic_energy(model: &Model, v: &[f64]) -> f64 {
    let m = &model.mass;
    0.5 * (0..v.len())
        .filter(|&k| model.dofs.is_constrained(k))
        .fold(0.0, |s, k| s + m[k] * v[k] * v[k])
}

/// Contact potential of evaluated pairs (J): the energy of every active pair less what its
/// friction and damping laws added ([`crate::contact::NonConservative::energy`]).
pub fn contact_potential(contacts: &[LocalContact]) -> f64 {
    contacts
        .iter()
        .filter(|c| c.active)
        .map(|c| c.energy - c.nonconservative.as_ref().map_or(0.0, |n| n.energy))
        .fold(0.0, |s, e| s + e)
}

impl Assembler {
    /// The energies of the state `(q, v)` at time `t` with rod frames `frames` (transported to
    /// `q`): kinetic, elastic by kind and the external potentials; the contact potential is
    /// left at zero (see [`contact_potential`], [`Assembler::contact_potential_at`]) and so are
    /// the cumulative columns.
    pub fn state_energies(
        &self,
        model: &Model,
        frames: &[RodFrames],
        q: &[f64],
        v: &[f64],
        t: f64,
    ) -> Energies {
        let mut e = Energies::default();
        self.stencils.energies(model, frames, q, &mut e);
        e.kinetic = kinetic_energy(&model.mass, v);
        if !self.inertia.is_empty() || !model.bodies.rigid.is_empty() {
            e.kinetic += model
                .bodies
                .iter()
                .map(|b| b.extra_kinetic_energy(v))
                .fold(0.0, |s, k| s + k);
        }
        e.gravity = self.external_potential(model, q, v, t);
        e
    }

    /// The elastic energies by kind at `q` with frames `frames` (J), other columns zero.
    pub fn elastic_energies(&self, model: &Model, frames: &[RodFrames], q: &[f64]) -> Energies {
        let mut e = Energies::default();
        self.stencils.energies(model, frames, q, &mut e);
        e
    }

    /// Sum of the potentials `U(q)` of the external forces of role [`ForceRole::Potential`] (J).
    fn external_potential(&self, model: &Model, q: &[f64], v: &[f64], t: f64) -> f64 {
        // A potential does not depend on the step: any coefficients do.
        let e = ForceEval {
            model,
            q,
            v,
            q_origin: q,
            dt: 1.0,
            t,
            step: Coefficients::implicit_euler(1.0),
        };
        self.external.potential(&e)
    }

    /// The contact potential at `q` (velocity `v`, the step's coefficients `c`) of the current
    /// candidates with their committed memory (J): one evaluation of every pair, without
    /// Jacobians. Zero without contacts, and without evaluating anything when no chain has a
    /// potential (dissipative and friction laws only, as the granular chains).
    pub fn contact_potential_at(
        &self,
        model: &Model,
        q: &[f64],
        v: &[f64],
        c: &Coefficients,
    ) -> f64 {
        self.contact
            .model
            .as_ref()
            .filter(|m| m.has_potential())
            .map_or(0.0, |m| {
                contact_potential(&m.evaluate(model, q, v, c, false))
            })
    }
}
