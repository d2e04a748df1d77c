//! Time stepping (seed 001 Alg. 2; seed 004 §2) with any [`TimeIntegrator`] (implicit Euler by
//! default).
//!
//! One step: the integrator plans the step (`q̃`, coefficients), prescribed DOFs are set at
//! `tₙ₊₁`, Newton solves `r(q) = 0` from the initial guess (Alg. 2, line 2: `q⁽⁰⁾ = qₙ`), then
//! the integrator updates `vₙ₊₁` and its memory, and the reference frames are committed
//! (time-parallel transport to the accepted configuration). A step that fails leaves the model
//! and the integrator's memory exactly as they were, so nothing already computed is lost.

mod access;

use super::newton::{self, NewtonWork};
use super::predictor;
use super::predictor::PredictorState;
use crate::contact::{ContactModel, ContactStats, Coverage};
use crate::external::ExternalForce;
use crate::model::{Model, RodFrames};
use crate::system::assembly::assembler::Assembler;
use crate::system::assembly::evaluation::StepTargets;
use crate::system::energy::account::{StartEnergies, close_step};
use crate::system::integrator::{IntegratorKind, TimeIntegrator};
use crate::system::stages::{StageTimes, lap};
use crate::system::{
    CoverageTally, InitialGuess, LinearSolver, NewtonReport, SolveError, SolverSettings,
};
use crate::system::{Energies, EnergyAccount, contact_potential, prescribed_kinetic_energy};
use std::time::{Duration, Instant};

/// What one accepted time step did.
#[derive(Debug, Clone, PartialEq)]
pub struct StepReport {
    /// Newton statistics.
    pub newton: NewtonReport,
    /// Time step used (s).
    pub dt: f64,
    /// Time at the end of the step (s).
    pub t: f64,
    /// Wall-clock time of the step.
    pub wall: Duration,
    /// Contact statistics at the accepted configuration.
    pub contacts: ContactStats,
    /// Times the step was solved again because pairs within reach were found missing from
    /// the candidates after Newton (see [`crate::contact::ContactModel::cover`]).
    pub resolves: u32,
    /// Where the step's wall-clock time went (ms per stage; the rest of `wall` is bookkeeping
    /// outside the timed stages).
    pub stages: StageTimes,
    /// The energies at the accepted state, and the work and dissipation since the start of the
    /// run (J; see [`Energies`]).
    pub energy: Energies,
}

/// Drives a model through time with a [`TimeIntegrator`] and Newton.
#[derive(Debug)]
pub struct Simulator {
    /// The model, holding the state at the last accepted step.
    pub model: Model,
    /// Newton settings.
    pub settings: SolverSettings,
    /// Time step Δt (s).
    pub dt: f64,
    /// Number of accepted steps.
    pub steps: u64,
    assembler: Assembler,
    lu: LinearSolver,
    work: NewtonWork,
    integrator: Box<dyn TimeIntegrator>,
    frames: Vec<RodFrames>,
    /// What the extrapolated predictor remembers of earlier steps.
    predictor: PredictorState,
    /// Steps whose Newton solve failed from the predictor and was redone from `qₙ`.
    pub predictor_fallbacks: u64,
    /// Steps whose candidate set had to be completed after Newton, and how.
    pub coverage: CoverageTally,
    /// The evaluation point of the accepted iterate (scratch of the coverage check).
    z: Vec<f64>,
    /// Time spent in each stage over every step attempted so far, failed attempts included
    /// (ms; see [`StageTimes`]).
    pub stage_totals: StageTimes,
    /// The energies after the last accepted step.
    energy: EnergyAccount,
    /// Whether the step being solved may be refused for passing a load stop by more than its
    /// tolerance (set by the adaptive step when half the step is still above `time.min_dt`).
    pub(crate) locate_events: bool,
}

impl Simulator {
    /// A simulator for a finalized `model` with the given external forces.
    pub fn new(
        model: Model,
        externals: Vec<Box<dyn ExternalForce>>,
        settings: SolverSettings,
        dt: f64,
    ) -> Self {
        Self::with_contacts(model, externals, None, settings, dt)
    }

    /// A simulator with a contact model (chains bound to body groups).
    pub fn with_contacts(
        model: Model,
        externals: Vec<Box<dyn ExternalForce>>,
        contacts: Option<Box<dyn ContactModel>>,
        settings: SolverSettings,
        dt: f64,
    ) -> Self {
        let mut assembler = Assembler::with_contacts(&model, externals, contacts);
        let lu = LinearSolver::for_settings(&model, &settings);
        assembler.set_contacts_in_pattern(&model, !lu.is_iterative());
        Self {
            model,
            settings,
            dt,
            steps: 0,
            assembler,
            lu,
            work: NewtonWork::default(),
            integrator: crate::system::integrator::build(IntegratorKind::default()),
            frames: Vec::new(),
            predictor: PredictorState::default(),
            predictor_fallbacks: 0,
            coverage: CoverageTally::default(),
            z: Vec::new(),
            stage_totals: StageTimes::default(),
            energy: EnergyAccount::default(),
            locate_events: false,
        }
    }

    /// Advances one step of size `self.dt`. On error the model is unchanged.
    pub fn step(&mut self) -> Result<StepReport, SolveError> {
        // On a worker of the current rayon pool: called from outside the pool (a program's main
        // thread), the step moves to a worker once, rather than every parallel loop of the step
        // being handed to the pool and waited for; on a worker it runs in place.
        rayon::scope(|_| self.step_on_worker())
    }

    fn step_on_worker(&mut self) -> Result<StepReport, SolveError> {
        let start = Instant::now();
        let dt = self.dt;
        let t_new = self.model.time + dt;
        let actuated = self.model.is_actuated();
        // The start state's elastic energies under the natural shape of tₙ, before actuation
        // moves it (when the account does not know them already).
        let mut clock = Instant::now();
        let energies =
            StartEnergies::before_actuation(&self.model, &self.assembler, &self.energy, actuated);
        self.assembler.stages.commit += lap(&mut clock);
        if actuated {
            self.model.actuate(t_new);
        }
        let staged = self.model.stage_bcs(self.model.time, t_new);
        if staged.dofs_changed {
            self.refresh_dofs();
        }
        let mut result = self.solve_step(t_new, start, energies);
        let mut spent = std::mem::take(&mut self.assembler.stages);
        spent.add(&self.lu.take_stages());
        self.stage_totals.add(&spent);
        if let Ok(rep) = &mut result {
            rep.stages = spent;
        }
        if result.is_err() {
            // Leave the model exactly as it was.
            self.model.unstage_bcs(&staged);
            if actuated {
                let t_old = self.model.time;
                self.model.actuate(t_old);
            }
        }
        result
    }

    /// Rebuilds what depends on the free DOFs (the sparsity pattern and its slot maps, the
    /// Krylov solve's blocks) after [`Model::dofs`] changed: a staged boundary condition
    /// engaged or let go, or the DOF map was edited by hand.
    pub fn refresh_dofs(&mut self) {
        self.assembler.rebuild_pattern(&self.model);
        self.lu.refresh_dofs(&self.model);
    }

    /// Newton on the step to `t_new` from `q` (in place), with the planned integrator.
    fn newton(&mut self, t_new: f64, q: &mut [f64]) -> Result<NewtonReport, SolveError> {
        let targets = StepTargets {
            integrator: &*self.integrator,
            t: t_new,
        };
        newton::solve(
            &self.model,
            &mut self.assembler,
            &mut self.lu,
            &self.settings,
            &targets,
            q,
            &mut self.work,
        )
    }

    /// Lagged laws (IPC friction): moves the lagging point to the solution `q` and solves
    /// again, until a re-solve needs no iteration or the configured number of updates is spent.
    fn lag_updates(
        &mut self,
        t_new: f64,
        q: &mut [f64],
        report: &mut NewtonReport,
    ) -> Result<(), SolveError> {
        for _ in 0..self.assembler.lag_updates() {
            self.assembler.relag(&self.work.eval);
            let again = self.newton(t_new, q)?;
            let done = again.iterations == 0;
            report.absorb(again);
            if done {
                break;
            }
        }
        Ok(())
    }

    /// One step, in named stages: plan it (the linear solver, detection, the integrator's
    /// step, the energies at its start, the predictor), solve it by Newton (again from `qₙ`
    /// when the predictor started outside Newton's basin), complete the candidates at the
    /// solution (solving again when contacts were missed), and accept it.
    fn solve_step(
        &mut self,
        t_new: f64,
        start: Instant,
        energies: StartEnergies,
    ) -> Result<StepReport, SolveError> {
        let (found, e_start, mut q) = self.plan_step(t_new, energies)?;
        let mut report = self.newton_from_predictor(t_new, &mut q)?;
        let checks = self.cover_missed(t_new, &mut q, &mut report)?;
        if self.locate_events {
            load_stop_passed(&self.model, &self.work.eval.contacts, t_new, &report)?;
        }
        let (energy, contacts) = self.accept(t_new, q, &found, &e_start);
        Ok(StepReport {
            newton: report,
            dt: self.dt,
            t: t_new,
            wall: start.elapsed(),
            contacts,
            resolves: checks.iter().filter(|c| c.added > 0).count() as u32,
            stages: StageTimes::default(),
            energy,
        })
    }

    /// Plans the step to `t_new`: the linear solver the settings ask for, the contacts'
    /// detection at `qₙ`, the integrator's step, the energies at its start and the predictor's
    /// start of Newton.
    fn plan_step(
        &mut self,
        t_new: f64,
        energies: StartEnergies,
    ) -> Result<(Energies, Energies, Vec<f64>), SolveError> {
        let dt = self.dt;
        if self.lu.kind() != self.settings.linear_solver {
            self.choose_linear_solver();
        }
        self.assembler
            .begin_step(&self.model, &self.model.q, &self.model.v, self.dt)?;
        let mut clock = Instant::now();
        self.integrator.begin_step(&self.model.q, &self.model.v, dt);
        let (found, e_start) = energies.resolve(
            &self.model,
            &self.assembler,
            &*self.integrator,
            &self.energy,
        );
        let q = self.predict(t_new, self.settings.initial_guess);
        self.assembler.stages.commit += lap(&mut clock);
        Ok((found, e_start, q))
    }

    /// The predictor's start of Newton for the step to `t_new` by `guess`.
    fn predict(&mut self, t_new: f64, guess: InitialGuess) -> Vec<f64> {
        predictor::start(
            &self.model,
            &mut self.assembler,
            &*self.integrator,
            &self.predictor,
            &mut self.frames,
            self.dt,
            guess,
            t_new,
        )
    }

    /// Newton from the predictor; a predictor can start Newton outside its basin (an
    /// extrapolated contact deep in a penalty): then once more from `qₙ`, which is the last
    /// accepted state and, for barriers, feasible. The iterations of both attempts count.
    fn newton_from_predictor(
        &mut self,
        t_new: f64,
        q: &mut Vec<f64>,
    ) -> Result<NewtonReport, SolveError> {
        let guess = self.settings.initial_guess;
        match self.newton(t_new, q) {
            Ok(report) => Ok(report),
            Err(e) if guess != InitialGuess::Previous && e.retry_from_previous() => {
                let spent = e.iterations();
                let mut q0 = self.predict(t_new, InitialGuess::Previous);
                let mut again = self.newton(t_new, &mut q0)?;
                *q = q0;
                again.iterations += spent;
                self.predictor_fallbacks += 1;
                Ok(again)
            }
            Err(e) => Err(e),
        }
    }

    /// The candidates were detected at `qₙ`; if bodies moved farther than the keep distance
    /// covers, detect again at the solution and, when pairs within reach were missed, solve
    /// the step again from where Newton stopped with them, until none is missing (the set only
    /// grows, so this ends). Steps within the margin pay one pass over the points.
    fn cover_missed(
        &mut self,
        t_new: f64,
        q: &mut [f64],
        report: &mut NewtonReport,
    ) -> Result<Vec<Coverage>, SolveError> {
        let mut checks = Vec::new();
        loop {
            self.lag_updates(t_new, q, report)?;
            self.integrator.evaluation_point(q, &mut self.z);
            let cov = self.assembler.cover(&self.model, &self.z);
            checks.push(cov);
            if cov.added == 0 {
                break;
            }
            let again = self.newton(t_new, q)?;
            report.absorb(again);
        }
        self.coverage.record(&checks);
        Ok(checks)
    }

    /// Accepts the solution `q` of the step to `t_new`: the work of the step and the contact
    /// potential at `qₙ₊₁` before anything is committed (the evaluation's contacts are at
    /// `z(qₙ₊₁)`, which is `qₙ₊₁` unless midpoint), then the contacts' memory, the
    /// integrator's velocities, the frames, the bodies' orientations, the state and the
    /// energy account; returns the step's energies and contact statistics.
    fn accept(
        &mut self,
        t_new: f64,
        q: Vec<f64>,
        found: &Energies,
        e_start: &Energies,
    ) -> (Energies, ContactStats) {
        let mut clock = Instant::now();
        let dt = self.dt;
        let work =
            self.assembler
                .step_work(&self.model, &*self.integrator, &q, t_new, &self.work.eval);
        let contact_end = if self.z == q {
            contact_potential(&self.work.eval.contacts)
        } else {
            let mut v = Vec::new();
            self.integrator.velocity(&q, &mut v);
            let c = self.integrator.coefficients();
            self.assembler.contact_potential_at(&self.model, &q, &v, &c)
        };
        let prescribed_before = prescribed_kinetic_energy(&self.model, &self.model.v);
        // Accept: the last evaluation of Newton is at the accepted configuration.
        self.assembler.commit_contacts(&self.work.eval);
        let contacts = self.assembler.contact_stats(&self.work.eval);
        let model = &mut self.model;
        let p = &mut self.predictor;
        p.v_prev.clone_from(&model.v);
        p.dt_v_prev = p.dt_v;
        p.dt_v = dt;
        let dofs = &model.dofs;
        self.integrator
            .finish_step(&q, &mut model.v, &|k| dofs.is_constrained(k));
        model.transport_frames(&q, &mut self.frames);
        std::mem::swap(&mut model.frames, &mut self.frames);
        model.commit_bodies(&q, &self.integrator.coefficients());
        model.q = q;
        model.time = t_new;
        stop_on_loads(model, &self.work.eval.contacts);
        self.steps += 1;
        let m = &self.model;
        let mut end = self
            .assembler
            .state_energies(m, &m.frames, &m.q, &m.v, t_new);
        end.contact = contact_end;
        // Overdamped and static steps have no inertia, hence no kinetic energy.
        let inertial = self.integrator.kind().is_inertial();
        if !inertial {
            end.kinetic = 0.0;
        }
        let gained = if inertial {
            prescribed_kinetic_energy(m, &m.v) - prescribed_before
        } else {
            0.0
        };
        let energy = close_step(e_start, end, &work, gained);
        self.energy.record(energy, found, m);
        self.assembler.stages.commit += lap(&mut clock);
        (energy, contacts)
    }
}

/// Refuses a step that ends at `t` with a running load-stopped translation's load past its
/// stop by more than its tolerance ([`crate::model::body::rigid::PrescribedMotion::overshoot`]),
/// so that the adaptive step retries it shorter and locates the stop.
fn load_stop_passed(
    model: &Model,
    contacts: &[crate::contact::LocalContact],
    t: f64,
    report: &NewtonReport,
) -> Result<(), SolveError> {
    let tolerant = |b: &crate::model::RigidBody| matches!(&b.motion, crate::model::RigidMotion::Prescribed(m) if m.stop_tolerance.is_some());
    if !model.bodies.rigid.iter().any(tolerant) {
        return Ok(());
    }
    let loads = crate::contact::rigid_body_loads(contacts, model.bodies.rigid.len());
    for (b, l) in model.bodies.rigid.iter().zip(loads) {
        let crate::model::RigidMotion::Prescribed(m) = &b.motion else {
            continue;
        };
        if let Some(load) = m.overshoot(t, &crate::math::Vec3::new(l[0], l[1], l[2])) {
            return Err(SolveError::LoadStopPassed {
                body: b.name.clone(),
                load,
                stop_load: m.stop_load.unwrap_or(0.0),
                tolerance: m.stop_tolerance.unwrap_or(0.0),
                time: t,
                iterations: report.iterations,
            });
        }
    }
    Ok(())
}

/// Stops every load-stopped prescribed translation whose body's contact force at the accepted
/// step reached its load ([`crate::model::body::rigid::PrescribedMotion::stop_on_load`]).
fn stop_on_loads(model: &mut Model, contacts: &[crate::contact::LocalContact]) {
    let stops = |b: &crate::model::RigidBody| matches!(&b.motion, crate::model::RigidMotion::Prescribed(m) if m.stop_load.is_some());
    if !model.bodies.rigid.iter().any(stops) {
        return;
    }
    let loads = crate::contact::rigid_body_loads(contacts, model.bodies.rigid.len());
    let t = model.time;
    for (b, l) in model.bodies.rigid.iter_mut().zip(loads) {
        if let crate::model::RigidMotion::Prescribed(m) = &mut b.motion {
            m.stop_on_load(t, &crate::math::Vec3::new(l[0], l[1], l[2]));
        }
    }
}
