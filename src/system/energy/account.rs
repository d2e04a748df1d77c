//! The running energy account of a simulator: the [`Energies`] after the last accepted step,
//! the state they describe, and those of the start of the run.
//!
//! A step starts from the energies the account holds when the model is still in the state they
//! describe; when it is not (the first step, or positions or velocities set from outside since),
//! the state's energies are computed afresh and the cumulative columns carry on.

use super::energies::Energies;
use super::work::StepWork;
use crate::model::Model;
use crate::system::assembly::assembler::Assembler;
use crate::system::integrator::TimeIntegrator;
use serde::{Deserialize, Serialize};

/// What a checkpoint keeps of the account: the energies after the checkpointed step and at the
/// start of the run.
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize, Deserialize)]
pub struct EnergyState {
    /// The energies after the last accepted step.
    pub last: Energies,
    /// The energies of the state the run started from (cumulative columns zero).
    pub initial: Energies,
}

/// The energies after the last accepted step, with the state they describe.
#[derive(Debug, Clone, Default)]
pub struct EnergyAccount {
    last: Option<Energies>,
    initial: Option<Energies>,
    /// `q` and `v` of the state `last` describes.
    q: Vec<f64>,
    v: Vec<f64>,
}

impl EnergyAccount {
    /// The energies after the last accepted step (`None` before the first).
    pub fn last(&self) -> Option<&Energies> {
        self.last.as_ref()
    }

    /// The energies of the state the run started from (`None` before the first step).
    pub fn initial(&self) -> Option<&Energies> {
        self.initial.as_ref()
    }

    /// The energies of the state `model` is in, when the account describes it.
    pub fn of_current(&self, model: &Model) -> Option<Energies> {
        self.last.filter(|_| model.q == self.q && model.v == self.v)
    }

    /// The cumulative columns so far (zero before the first step).
    pub fn totals(&self) -> Energies {
        self.last.unwrap_or_default()
    }

    /// Records the energies `e` of the accepted state of `model`; `start` are those the step
    /// started from (the run's initial energies if none were recorded yet).
    pub fn record(&mut self, e: Energies, start: &Energies, model: &Model) {
        if self.initial.is_none() {
            self.initial = Some(start.with_totals_of(&Energies::default()));
        }
        self.last = Some(e);
        self.q.clone_from(&model.q);
        self.v.clone_from(&model.v);
    }

    /// What a checkpoint keeps (`None` before the first step).
    pub fn state(&self) -> Option<EnergyState> {
        Some(EnergyState {
            last: self.last?,
            initial: self.initial?,
        })
    }

    /// Restores a checkpoint's account, with `model` in the checkpointed state.
    pub fn restore(&mut self, state: &EnergyState, model: &Model) {
        self.last = Some(state.last);
        self.initial = Some(state.initial);
        self.q.clone_from(&model.q);
        self.v.clone_from(&model.v);
    }
}

/// The energies a step starts from, gathered in two stages: before actuation moves the natural
/// shape ([`StartEnergies::before_actuation`]) and after detection at `qₙ`
/// ([`StartEnergies::resolve`]).
#[derive(Debug, Clone, Copy)]
pub(in crate::system) struct StartEnergies {
    /// Those the account holds for the start state, if it describes it.
    known: Option<Energies>,
    /// The elastic energies of the start state under the natural shape of `tₙ`, when the step
    /// actuates or the account does not describe the start state.
    rest_before: Option<Energies>,
    /// Whether the step moves the natural shape.
    actuated: bool,
}

impl StartEnergies {
    /// What the account knows of `model`'s state and, when needed, its elastic energies under
    /// the natural shape of `tₙ`, before a step that `actuated` or not moves it.
    pub(in crate::system) fn before_actuation(
        model: &Model,
        assembler: &Assembler,
        account: &EnergyAccount,
        actuated: bool,
    ) -> Self {
        let known = account.of_current(model);
        let rest_before = (actuated || known.is_none()).then(|| {
            known.unwrap_or_else(|| assembler.elastic_energies(model, &model.frames, &model.q))
        });
        Self {
            known,
            rest_before,
            actuated,
        }
    }

    /// The energies of the start state `(qₙ, vₙ)` of `model` (after detection at `qₙ` and the
    /// integrator's planning): as the step found them (the run's initial energies if it is the
    /// first), and with the step's actuation in them (its work, and the elastic energies under
    /// the natural shape of `tₙ₊₁`).
    pub(in crate::system) fn resolve(
        self,
        model: &Model,
        assembler: &Assembler,
        integrator: &dyn TimeIntegrator,
        account: &EnergyAccount,
    ) -> (Energies, Energies) {
        let m = model;
        let found = self.known.unwrap_or_else(|| {
            let mut e = assembler.state_energies(m, &m.frames, &m.q, &m.v, m.time);
            if !integrator.kind().is_inertial() {
                e.kinetic = 0.0;
            }
            let c = integrator.coefficients();
            e.contact = assembler.contact_potential_at(m, &m.q, &m.v, &c);
            let before = self.rest_before.unwrap_or(e);
            e.with_elastic_of(&before).with_totals_of(&account.totals())
        });
        let mut start = found;
        if self.actuated {
            let after = assembler.elastic_energies(m, &m.frames, &m.q);
            start.actuation_work += after.elastic() - found.elastic();
            start = start.with_elastic_of(&after);
        }
        (found, start)
    }
}

/// The energies after a step that started from `start` (with the actuation of the step already
/// in it), given the end state's energies `end` (cumulative columns ignored), the step's `work`
/// and the prescribed DOFs' gain of kinetic energy `prescribed_kinetic` (J): the cumulative
/// columns move on, and the integrator's column takes the balance residual
/// `W_f + W_b − D_t − D_d − D_n − ΔK − ΔU` of the step.
pub(in crate::system) fn close_step(
    start: &Energies,
    end: Energies,
    work: &StepWork,
    prescribed_kinetic: f64,
) -> Energies {
    let boundary = work.boundary_forces + prescribed_kinetic;
    let residual = work.external + boundary
        - work.friction
        - work.drag
        - work.damping
        - (end.kinetic - start.kinetic)
        - (end.potential() - start.potential());
    Energies {
        external_work: start.external_work + work.external,
        boundary_work: start.boundary_work + boundary,
        actuation_work: start.actuation_work,
        friction_dissipated: start.friction_dissipated + work.friction,
        drag_dissipated: start.drag_dissipated + work.drag,
        damping_dissipated: start.damping_dissipated + work.damping,
        integrator_dissipated: start.integrator_dissipated + residual,
        ..end
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_step_closes_the_balance() {
        let start = Energies {
            kinetic: 1.0,
            stretch: 2.0,
            gravity: -1.0,
            external_work: 0.5,
            integrator_dissipated: 0.25,
            ..Energies::default()
        };
        let end = Energies {
            kinetic: 1.5,
            stretch: 1.0,
            gravity: -1.25,
            contact: 0.125,
            ..Energies::default()
        };
        let work = StepWork {
            external: 1.0,
            boundary_forces: 0.25,
            friction: 0.125,
            drag: 0.0625,
            damping: 0.03125,
        };
        let e = close_step(&start, end, &work, 0.5);
        assert_eq!(e.kinetic, 1.5);
        assert_eq!(e.external_work, 1.5);
        assert_eq!(e.boundary_work, 0.75);
        // Every step conserves K + U + dissipated − work in.
        let total = |e: &Energies| e.kinetic + e.potential() + e.dissipated() - e.work_in();
        assert!((total(&e) - total(&start)).abs() < 1e-15);
    }
}
