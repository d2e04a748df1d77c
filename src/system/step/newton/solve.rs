//! One Newton solve of a time step's residual, as a loop of named steps: evaluate the iterate,
//! test it, solve for the Newton direction, cap it by CCD, search along it, take the step,
//! and stop at an accepted trial or on the step-size test.

use super::criteria::worth_speculating;
use super::criteria::{FLOOR_STEP, acceptance, converged, krylov_floor, length_scales};
use super::merit::{search_energy, search_residual};
use super::report::{Convergence, NewtonReport, NewtonWork};
use crate::contact::ContactLineSearch;
use crate::model::Model;
use crate::system::{Assembler, LineSearch, LinearSolver, SolveError, SolverSettings, StepTargets};

/// Solves `r(q) = 0` starting from `q` (constrained DOFs already set), in place.
pub(crate) fn solve(
    model: &Model,
    asm: &mut Assembler,
    lu: &mut LinearSolver,
    settings: &SolverSettings,
    step: &StepTargets,
    q: &mut [f64],
    work: &mut NewtonWork,
) -> Result<NewtonReport, SolveError> {
    let out = solve_from(model, asm, lu, settings, step, q, work);
    work.last_iterations = out.as_ref().map_or(u32::MAX, |r| r.iterations);
    work.last_first_ratio = match out.as_ref().map(|r| &r.residuals[..]) {
        Ok([r0, r1, ..]) => r1 / r0,
        _ => f64::NAN,
    };
    out
}

/// The loop of [`solve`], one named step per line.
fn solve_from(
    model: &Model,
    asm: &mut Assembler,
    lu: &mut LinearSolver,
    settings: &SolverSettings,
    step: &StepTargets,
    q: &mut [f64],
    work: &mut NewtonWork,
) -> Result<NewtonReport, SolveError> {
    let mut s = Solve::new(model, asm, settings, step);
    work.source.clone_from(&model.frames);
    loop {
        s.evaluate_iterate(asm, q, work);
        let norm = s.record_residual(asm, work)?;
        if let Some(report) = s.stop_at_iterate(norm, work)? {
            return Ok(report);
        }
        let tau = acceptance(settings, s.r0, work.eval.force_scale);
        lu.set_krylov_floor(krylov_floor(settings, tau));
        let direction = s.newton_direction(asm, lu, work);
        lu.set_krylov_floor(0.0);
        let dq_inf = direction?;
        let alpha_max = s.ccd_cap(asm, q, work)?;
        let searched = s.line_search(asm, q, work, norm, alpha_max, dq_inf, tau)?;
        s.take_step(q, work, searched.alpha, alpha_max);
        if let Some(report) = s.stop_at_trial(asm, work, &searched, dq_inf) {
            return Ok(report);
        }
        if dq_inf <= s.step_tol || searched.at_floor {
            return Ok(s.stop_by_step(asm, q, work, searched.at_floor));
        }
    }
}

/// One Newton solve in progress: what it was set up with and what it carries from iterate to
/// iterate.
struct Solve<'a> {
    model: &'a Model,
    settings: &'a SolverSettings,
    step: &'a StepTargets<'a>,
    /// The merit the contact chains pick (IMC: ‖r‖²; IPC: energy).
    demand: Option<ContactLineSearch>,
    /// Whether steps are capped by continuous collision detection.
    ccd: bool,
    /// The length scale of the round-off floor test (m): the rods' shortest rest edge, or 1 m
    /// in scenes without rods (see [`FLOOR_STEP`]).
    floor_scale: f64,
    /// `step_tol · ℓ_min` (m), `ℓ_min` the bodies' shortest rest length.
    step_tol: f64,
    /// Whether the incremental potential is a valid merit.
    conservative: bool,
    /// Whether a full-step trial evaluated with its Jacobian may become the next iterate.
    may_speculate: bool,
    report: NewtonReport,
    /// ‖r₀‖ (NaN before the first evaluation).
    r0: f64,
    /// ‖Δq‖∞ of the last full Newton step (for the message when Newton does not converge).
    last_step: Option<f64>,
    /// Once the energy merit fails to give sufficient decrease, bisect on ½‖r‖² for the rest
    /// of the solve.
    energy_failed: bool,
    /// The current iterate was evaluated (with its Jacobian) as the last line search's trial.
    evaluated: bool,
}

/// What a line search decided.
struct Searched {
    /// The accepted step length (relative to the capped Newton step).
    alpha: f64,
    /// The residual sits at its round-off floor: take the step and stop.
    at_floor: bool,
    /// Step length, ‖r‖ and whether with Jacobian of the last trial evaluated (`work.trial`).
    last_trial: (f64, f64, bool),
}

impl<'a> Solve<'a> {
    fn new(
        model: &'a Model,
        asm: &Assembler,
        settings: &'a SolverSettings,
        step: &'a StepTargets<'a>,
    ) -> Self {
        // The contact chains pick the merit and whether steps are capped by CCD; conflicting
        // chains are rejected when the scene is built.
        let demand = asm.contact_line_search();
        let ccd = demand == Some(ContactLineSearch::EnergyCcd);
        let (floor_scale, step_scale) = length_scales(model);
        Self {
            model,
            settings,
            step,
            demand,
            ccd,
            floor_scale,
            step_tol: settings.step_tol * step_scale,
            conservative: asm.is_conservative(),
            // A full-step trial evaluated with its Jacobian can become the next iterate as it
            // is when the iterate's own evaluation would give the same bits: without reference
            // frames to rebase, and without CCD no barrier stiffness changes per iterate.
            may_speculate: !ccd && !model.bodies.iter().any(|b| b.has_reference_frames()),
            report: NewtonReport {
                min_gap: f64::INFINITY,
                ..NewtonReport::default()
            },
            r0: f64::NAN,
            last_step: None,
            energy_failed: false,
            evaluated: false,
        }
    }

    /// Evaluates the iterate with its Jacobian, unless the last line search did. The reference
    /// frames are rebased at the iterate's evaluation point first: the assembled Jacobian is
    /// then the exact energy Hessian there. (With a twisting moment, the residual map q ↦ ∇E
    /// also has a small antisymmetric derivative from the frame transport, not assembled:
    /// Newton converges superlinearly rather than quadratically on twisted rods.)
    fn evaluate_iterate(&mut self, asm: &mut Assembler, q: &[f64], work: &mut NewtonWork) {
        if std::mem::take(&mut self.evaluated) {
            return;
        }
        let (model, step) = (self.model, self.step);
        asm.rebase(model, &mut work.source, q, step);
        asm.evaluate(model, &work.source, q, step, true, &mut work.eval);
        if self.ccd && asm.end_iteration(&work.eval) {
            // A barrier stiffness changed: the residual and merit at this iterate are stale.
            asm.evaluate(model, &work.source, q, step, true, &mut work.eval);
        }
    }

    /// Records the iterate's ‖r‖ (an error when it is not finite) and its smallest gap.
    fn record_residual(&mut self, asm: &Assembler, work: &NewtonWork) -> Result<f64, SolveError> {
        let r = &mut self.report;
        r.min_gap = r.min_gap.min(asm.contact_stats(&work.eval).min_gap);
        let norm = Assembler::free_norm(self.model, &work.eval.residual);
        if !norm.is_finite() {
            return Err(SolveError::NonFinite {
                what: "residual".into(),
                iteration: r.iterations,
                time: self.step.t,
            });
        }
        r.residuals.push(norm);
        r.force_scale = work.eval.force_scale;
        if r.iterations == 0 && self.r0.is_nan() {
            self.r0 = norm;
        }
        Ok(norm)
    }

    /// Stops at a converged iterate (the report), or fails after the last allowed iteration.
    fn stop_at_iterate(
        &mut self,
        norm: f64,
        work: &NewtonWork,
    ) -> Result<Option<NewtonReport>, SolveError> {
        let (settings, iterations) = (self.settings, self.report.iterations);
        let r0 = if iterations > 0 { self.r0 } else { f64::NAN };
        if let Some(test) = converged(settings, norm, r0, work.eval.force_scale) {
            self.report.converged_by = Some(test);
            return Ok(Some(std::mem::take(&mut self.report)));
        }
        if iterations < settings.max_iterations {
            return Ok(None);
        }
        let tolerance = if iterations > 0 {
            settings.abs_tol.max(settings.rel_tol * self.r0)
        } else {
            settings.abs_tol
        };
        Err(SolveError::NotConverged {
            iterations,
            max_iterations: settings.max_iterations,
            time: self.step.t,
            residuals: std::mem::take(&mut self.report.residuals),
            tolerance,
            last_step: self.last_step,
            step_limit: self.step_tol,
        })
    }

    /// Solves `J Δq = r` over the free DOFs into `work.rhs`; returns ‖Δq‖∞.
    fn newton_direction(
        &mut self,
        asm: &Assembler,
        lu: &mut LinearSolver,
        work: &mut NewtonWork,
    ) -> Result<f64, SolveError> {
        let model = self.model;
        work.rhs.clear();
        work.rhs
            .extend(model.dofs.free_dofs().map(|k| work.eval.residual[k]));
        lu.solve_with_rank_one(
            &model.dofs,
            asm.pattern(),
            &work.eval.jacobian,
            &work.eval.contacts,
            &work.eval.rank_one,
            &mut work.rhs,
            self.step.t,
        )?;
        if work.rhs.iter().any(|x| !x.is_finite()) {
            return Err(SolveError::NonFinite {
                what: "Newton step (singular Jacobian?)".into(),
                iteration: self.report.iterations,
                time: self.step.t,
            });
        }
        self.report.iterations += 1;
        let dq_inf = work.rhs.iter().fold(0.0_f64, |m, x| m.max(x.abs()));
        self.last_step = Some(dq_inf);
        Ok(dq_inf)
    }

    /// CCD: shortens the direction to the largest step that keeps every barrier gap positive
    /// (at the evaluation point, where contacts are evaluated); returns that fraction α_max.
    fn ccd_cap(
        &mut self,
        asm: &mut Assembler,
        q: &[f64],
        work: &mut NewtonWork,
    ) -> Result<f64, SolveError> {
        if !self.ccd {
            return Ok(1.0);
        }
        let model = self.model;
        work.dir.clear();
        work.dir.resize(q.len(), 0.0);
        for (k, g) in model.dofs.free_dofs().enumerate() {
            work.dir[g] = -work.rhs[k];
        }
        let mut clock = std::time::Instant::now();
        let alpha_max = asm.max_step_of_unknown(model, self.step.integrator, q, &work.dir);
        asm.stages.line_search += crate::system::stages::lap(&mut clock);
        if alpha_max <= 0.0 {
            return Err(SolveError::Infeasible {
                iteration: self.report.iterations,
                time: self.step.t,
                min_gap: self.report.min_gap,
            });
        }
        if alpha_max < 1.0 {
            work.rhs.iter_mut().for_each(|x| *x *= alpha_max);
        }
        Ok(alpha_max)
    }

    /// Searches along `−Δq` (`work.rhs`) for a step length: Armijo on the incremental potential
    /// when the merit is the energy, Goldstein–Price on ½‖r‖² otherwise (a creeping full step
    /// lengthened); none when the step is below the step tolerance or the search is off.
    #[allow(clippy::too_many_arguments)]
    fn line_search(
        &mut self,
        asm: &mut Assembler,
        q: &[f64],
        work: &mut NewtonWork,
        norm: f64,
        alpha_max: f64,
        dq_inf: f64,
        tau: f64,
    ) -> Result<Searched, SolveError> {
        let (model, settings, step) = (self.model, self.settings, self.step);
        // A contact method's own line search wins over the solver setting (issue 4: the chain,
        // not a global flag, picks IMC's ‖r‖² or IPC's energy merit).
        let merit_energy = match (self.demand, settings.line_search) {
            (Some(ContactLineSearch::Residual), _) => false,
            (Some(ContactLineSearch::EnergyCcd), _) => true,
            (None, LineSearch::Energy | LineSearch::Auto) => true,
            (None, LineSearch::GoldsteinPrice | LineSearch::None) => false,
        };
        let use_energy = !self.energy_failed
            && merit_energy
            && self.conservative
            && work.eval.incremental_potential.is_some();
        let searching = settings.line_search != LineSearch::None && dq_inf > self.step_tol;
        let mut last_trial = (f64::NAN, f64::NAN, false);
        let speculate = self.may_speculate
            && searching
            && worth_speculating(
                &self.report.residuals,
                work.last_iterations,
                work.last_first_ratio,
                tau,
            );
        if !searching {
            return Ok(Searched {
                alpha: 1.0,
                at_floor: false,
                last_trial,
            });
        }
        asm.in_line_search = true;
        let NewtonWork {
            eval,
            trial,
            rhs,
            q_trial,
            source,
            ..
        } = work;
        let min_gap = &mut self.report.min_gap;
        let last = &mut last_trial;
        let mut eval_at = |a: f64| {
            q_trial.clear();
            q_trial.extend_from_slice(q);
            for (k, g) in model.dofs.free_dofs().enumerate() {
                q_trial[g] -= a * rhs[k];
            }
            // A speculative full step is the next iterate's evaluation: its time is not the line
            // search's.
            let jac = speculate && a == 1.0;
            asm.in_line_search = !jac;
            asm.evaluate(model, source, q_trial, step, jac, trial);
            asm.in_line_search = true;
            *min_gap = min_gap.min(asm.contact_stats(trial).min_gap);
            let norm = Assembler::free_norm(model, &trial.residual);
            *last = (a, norm, jac);
            (trial.incremental_potential, norm)
        };
        let outcome = if use_energy {
            search_energy(model, settings, eval, rhs, &mut eval_at)
        } else {
            search_residual(settings, norm, alpha_max, self.ccd, &mut eval_at)
        };
        asm.in_line_search = false;
        let (out, merit0) = outcome?;
        if use_energy {
            self.energy_failed |= !out.satisfied;
        }
        // The first evaluation at α = 1 replaces the next iterate's residual; count the rest.
        self.report.line_search_evaluations += out.evaluations.saturating_sub(1);
        // The merit cannot be reduced any more although the full step is far below the length
        // scale: it sits at its round-off floor. Take the step, stop.
        let at_floor =
            !out.satisfied && out.phi >= merit0 && dq_inf <= FLOOR_STEP * self.floor_scale;
        Ok(Searched {
            alpha: if at_floor { 1.0 } else { out.alpha },
            at_floor,
            last_trial,
        })
    }

    /// `q ← q − α Δq` over the free DOFs.
    fn take_step(&mut self, q: &mut [f64], work: &NewtonWork, alpha: f64, alpha_max: f64) {
        self.report.alphas.push(alpha * alpha_max);
        for (k, g) in self.model.dofs.free_dofs().enumerate() {
            q[g] -= alpha * work.rhs[k];
        }
    }

    /// The line search's last trial is the new iterate when its step was the accepted one
    /// (`q_trial` was formed with the same arithmetic as `q`, so they agree bit for bit). If it
    /// passes the convergence tests, it is the solution: no evaluation with Jacobian is spent
    /// there only to stop. Its reference frames were transported from the previous iterate
    /// rather than rebased at `q` first, which changes the residual by round-off only (the
    /// transport from frames already at `z(q)` to `z(q)` is the identity); the simulator
    /// commits frames transported from the step's start in either case. A CCD chain first
    /// updates its barrier stiffness there as the next iterate would; a change makes the trial
    /// stale, and the loop evaluates the iterate again. A trial with its Jacobian that does not
    /// converge is the next iterate's evaluation.
    fn stop_at_trial(
        &mut self,
        asm: &mut Assembler,
        work: &mut NewtonWork,
        searched: &Searched,
        dq_inf: f64,
    ) -> Option<NewtonReport> {
        let (trial_alpha, trial_norm, trial_jacobian) = searched.last_trial;
        if searched.at_floor || trial_alpha != searched.alpha {
            return None;
        }
        let test = converged(self.settings, trial_norm, self.r0, work.trial.force_scale);
        if test.is_some() && !(self.ccd && asm.end_iteration(&work.trial)) {
            std::mem::swap(&mut work.eval, &mut work.trial);
            let r = &mut self.report;
            r.residuals.push(trial_norm);
            r.force_scale = work.eval.force_scale;
            r.converged_by = test;
            return Some(std::mem::take(r));
        }
        // Not converged: a trial with its Jacobian is the next iterate's evaluation (the step
        // test needs none when it stops).
        if trial_jacobian && dq_inf > self.step_tol {
            std::mem::swap(&mut work.eval, &mut work.trial);
            self.evaluated = true;
        }
        None
    }

    /// Stops after a step below the step tolerance (or at the residual's round-off floor): the
    /// final iterate is evaluated without Jacobian for its residual.
    fn stop_by_step(
        &mut self,
        asm: &mut Assembler,
        q: &[f64],
        work: &mut NewtonWork,
        at_floor: bool,
    ) -> NewtonReport {
        let model = self.model;
        asm.evaluate(model, &work.source, q, self.step, false, &mut work.eval);
        let r = &mut self.report;
        r.min_gap = r.min_gap.min(asm.contact_stats(&work.eval).min_gap);
        r.residuals
            .push(Assembler::free_norm(model, &work.eval.residual));
        r.force_scale = work.eval.force_scale;
        r.converged_by = Some(if at_floor {
            Convergence::Floor
        } else {
            Convergence::Step
        });
        std::mem::take(r)
    }
}
