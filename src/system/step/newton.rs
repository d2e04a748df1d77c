//! Newton–Raphson on the residual of one time step (any [`crate::system::TimeIntegrator`]), with line
//! search.

use super::line_search::{CREEP_RATIO, armijo, expand, goldstein_price};
use crate::contact::ContactLineSearch;
use crate::model::{Model, RodFrames};
use crate::system::assembly::assembler::Assembler;
use crate::system::assembly::evaluation::{Evaluation, StepTargets};
use crate::system::{LineSearch, LinearSolver, SolveError, SolverSettings};

/// Relative Newton step (to the shortest rest edge) below which a residual that no line search
/// can reduce is taken to be at its round-off floor.
///
/// Stiff stretching makes that floor high: with `EA/|ē|` much larger than the loads, the
/// stretching force `EA(|e|/|ē| − 1)` loses `ε_mach·|x|/|ē|` of relative precision (e.g.
/// ‖r‖ ≈ 1e-9 N for the 20 GPa cantilever, against nodal loads of 7e-5 N).
const FLOOR_STEP: f64 = 1e-6;

/// Longest step, in Newton steps, that the residual line search may expand a creeping full
/// step to (see [`expand`]).
const MAX_EXPANSION: f64 = 16.0;

/// Which test ended a converged Newton solve (see [`SolverSettings`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Convergence {
    /// `‖r‖ ≤ abs_tol`.
    Absolute,
    /// `‖r‖ ≤ rel_tol · ‖r₀‖`.
    Relative,
    /// `‖r‖ ≤ force_tol · F_ref`.
    Force,
    /// `‖Δq‖∞ ≤ step_tol · ℓ_min`.
    Step,
    /// The residual sits at its round-off floor (no line search can lower it and the step is
    /// below `10⁻⁶ ℓ_min`).
    Floor,
}

/// What one Newton solve did.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct NewtonReport {
    /// Newton iterations (linear solves).
    pub iterations: u32,
    /// Extra residual evaluations spent in line searches.
    pub line_search_evaluations: u32,
    /// ‖r‖ over free DOFs at every iterate, the last one at the solution.
    pub residuals: Vec<f64>,
    /// Accepted step length of every iteration (relative to the full Newton step, after the
    /// CCD cap).
    pub alphas: Vec<f64>,
    /// Smallest contact gap over every configuration evaluated, line-search trials included (m);
    /// +∞ without contact candidates.
    pub min_gap: f64,
    /// The test that ended the solve (`None` until it converges).
    pub converged_by: Option<Convergence>,
    /// The force scale `F_ref` at the last iterate (N; see `SolverSettings::force_tol`).
    pub force_scale: f64,
}

impl NewtonReport {
    /// Appends a further solve of the same step (a lagging update, or the re-solve after
    /// missed contacts were found): iterations and evaluations add up, the residual and step
    /// histories continue, and the smallest gap is over both.
    pub fn absorb(&mut self, again: NewtonReport) {
        self.iterations += again.iterations;
        self.line_search_evaluations += again.line_search_evaluations;
        self.residuals.extend(again.residuals);
        self.alphas.extend(again.alphas);
        self.min_gap = self.min_gap.min(again.min_gap);
        self.converged_by = again.converged_by;
        self.force_scale = again.force_scale;
    }
}

/// Scratch buffers reused between Newton solves.
#[derive(Debug, Default)]
pub(crate) struct NewtonWork {
    pub eval: Evaluation,
    pub trial: Evaluation,
    pub rhs: Vec<f64>,
    pub q_trial: Vec<f64>,
    pub source: Vec<RodFrames>,
    pub dir: Vec<f64>,
    /// Newton iterations of the last solve, and the residual reduction of its first step
    /// `‖r₁‖/‖r₀‖` (NaN when it had none): whether the next solve's first trial is worth a
    /// Jacobian.
    pub last_iterations: u32,
    pub last_first_ratio: f64,
}

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

/// Whether the line search's full-step trial should be evaluated with the Jacobian, so that
/// when it is accepted but not converged it serves as the next iterate without a second
/// evaluation. Worth it when another iteration is expected: the quadratic model
/// `‖r_{k+1}‖ ≈ ‖r_k‖³/‖r_{k−1}‖²` predicts a residual above the acceptance threshold `tau`.
/// At the first iteration, whose predecessor is unknown, the last solve's first reduction
/// `last_ratio` predicts `‖r₁‖ ≈ last_ratio ‖r₀‖` (steps of a run resemble their neighbours);
/// without one, whether the last solve needed more than one iteration decides. A wrong guess
/// costs one Jacobian evaluation, or one more residual evaluation.
fn worth_speculating(residuals: &[f64], last_iterations: u32, last_ratio: f64, tau: f64) -> bool {
    match residuals {
        [] => false,
        [r0] if last_ratio.is_finite() => r0 * last_ratio > tau,
        [_] => last_iterations > 1,
        [.., prev, now] => now * now * now > tau * prev * prev,
    }
}

/// [`solve`] itself.
fn solve_from(
    model: &Model,
    asm: &mut Assembler,
    lu: &mut LinearSolver,
    settings: &SolverSettings,
    step: &StepTargets,
    q: &mut [f64],
    work: &mut NewtonWork,
) -> Result<NewtonReport, SolveError> {
    let mut report = NewtonReport {
        min_gap: f64::INFINITY,
        ..NewtonReport::default()
    };
    // The contact chains pick the merit (IMC: ‖r‖²; IPC: energy) and whether steps are capped by
    // CCD; conflicting chains are rejected when the scene is built.
    let demand = asm.contact_line_search();
    let ccd = demand == Some(ContactLineSearch::EnergyCcd);
    let l_min = model
        .bodies
        .iter()
        .filter_map(|b| b.rest_length_scale())
        .fold(f64::INFINITY, f64::min);
    let l_scale = if l_min.is_finite() { l_min } else { 1.0 };
    let step_tol = settings.step_tol * l_scale;
    let mut r0 = None;
    // ‖Δq‖∞ of the last full Newton step (for the message when Newton does not converge).
    let mut last_step = None;
    let conservative = asm.is_conservative();
    // Once the energy merit fails to give sufficient decrease, bisect on ½‖r‖² for the rest of the solve.
    let mut energy_failed = false;
    work.source.clone_from(&model.frames);
    // A full-step trial evaluated with its Jacobian can become the next iterate as it is when
    // the iterate's own evaluation would give the same bits: without rods there are no
    // reference frames to rebase, and without CCD no barrier stiffness changes per iterate.
    let may_speculate = !ccd && !model.bodies.iter().any(|b| b.has_reference_frames());
    // The current iterate was evaluated (with its Jacobian) as the last line search's trial.
    let mut evaluated = false;
    loop {
        // Rebase the reference frames at the iterate's evaluation point: the assembled Jacobian
        // is then the exact energy Hessian there. (With a twisting moment, the residual map
        // q ↦ ∇E also has a small antisymmetric derivative from the frame transport, not
        // assembled: Newton converges superlinearly rather than quadratically on twisted rods.)
        if !std::mem::take(&mut evaluated) {
            asm.rebase(model, &mut work.source, q, step);
            asm.evaluate(model, &work.source, q, step, true, &mut work.eval);
            if ccd && asm.end_iteration(&work.eval) {
                // A barrier stiffness changed: the residual and merit at this iterate are stale.
                asm.evaluate(model, &work.source, q, step, true, &mut work.eval);
            }
        }
        report.min_gap = report.min_gap.min(asm.contact_stats(&work.eval).min_gap);
        let norm = Assembler::free_norm(model, &work.eval.residual);
        if !norm.is_finite() {
            return Err(SolveError::NonFinite {
                what: "residual".into(),
                iteration: report.iterations,
                time: step.t,
            });
        }
        report.residuals.push(norm);
        report.force_scale = work.eval.force_scale;
        let r0v = *r0.get_or_insert(norm);
        let test = if report.iterations > 0 {
            converged(settings, norm, r0v, work.eval.force_scale)
        } else {
            converged(settings, norm, f64::NAN, work.eval.force_scale)
        };
        if test.is_some() {
            report.converged_by = test;
            return Ok(report);
        }
        if report.iterations >= settings.max_iterations {
            let tolerance = if report.iterations > 0 {
                settings.abs_tol.max(settings.rel_tol * r0v)
            } else {
                settings.abs_tol
            };
            return Err(SolveError::NotConverged {
                iterations: report.iterations,
                max_iterations: settings.max_iterations,
                time: step.t,
                residuals: report.residuals,
                tolerance,
                last_step,
                step_limit: step_tol,
            });
        }
        // Solve J Δq = r over free DOFs.
        let tau = acceptance(settings, r0v, work.eval.force_scale);
        work.rhs.clear();
        work.rhs
            .extend(model.dofs.free_dofs().map(|k| work.eval.residual[k]));
        lu.solve(
            &model.dofs,
            asm.pattern(),
            &work.eval.jacobian,
            &work.eval.contacts,
            &mut work.rhs,
            step.t,
        )?;
        if work.rhs.iter().any(|x| !x.is_finite()) {
            return Err(SolveError::NonFinite {
                what: "Newton step (singular Jacobian?)".into(),
                iteration: report.iterations,
                time: step.t,
            });
        }
        report.iterations += 1;
        let dq_inf = work.rhs.iter().fold(0.0_f64, |m, x| m.max(x.abs()));
        last_step = Some(dq_inf);
        let mut at_floor = false;
        // CCD: shorten the direction to the largest step that keeps every barrier gap positive
        // (at the evaluation point, where contacts are evaluated).
        let mut alpha_max = 1.0;
        if ccd {
            work.dir.clear();
            work.dir.resize(q.len(), 0.0);
            for (k, g) in model.dofs.free_dofs().enumerate() {
                work.dir[g] = -work.rhs[k];
            }
            let mut clock = std::time::Instant::now();
            alpha_max = asm.max_step_of_unknown(model, step.integrator, q, &work.dir);
            asm.stages.line_search += crate::system::stages::lap(&mut clock);
            if alpha_max <= 0.0 {
                return Err(SolveError::Infeasible {
                    iteration: report.iterations,
                    time: step.t,
                    min_gap: report.min_gap,
                });
            }
            if alpha_max < 1.0 {
                work.rhs.iter_mut().for_each(|x| *x *= alpha_max);
            }
        }
        // A contact method's own line search wins over the solver setting (issue 4: the chain,
        // not a global flag, picks IMC's ‖r‖² or IPC's energy merit).
        let merit_energy = match (demand, settings.line_search) {
            (Some(ContactLineSearch::Residual), _) => false,
            (Some(ContactLineSearch::EnergyCcd), _) => true,
            (None, LineSearch::Energy | LineSearch::Auto) => true,
            (None, LineSearch::GoldsteinPrice | LineSearch::None) => false,
        };
        let use_energy = !energy_failed
            && merit_energy
            && conservative
            && work.eval.incremental_potential.is_some();
        let searching = settings.line_search != LineSearch::None && dq_inf > step_tol;
        // The step length and ‖r‖ of the last trial the line search evaluated (`work.trial`),
        // and whether it was evaluated with its Jacobian.
        let mut last_trial = (f64::NAN, f64::NAN, false);
        let speculate = may_speculate
            && searching
            && worth_speculating(
                &report.residuals,
                work.last_iterations,
                work.last_first_ratio,
                tau,
            );
        asm.in_line_search = true;
        let searched = if searching {
            let NewtonWork {
                trial,
                rhs,
                q_trial,
                source,
                ..
            } = work;
            let min_gap = &mut report.min_gap;
            let last_trial = &mut last_trial;
            let mut eval_at = |a: f64| {
                q_trial.clear();
                q_trial.extend_from_slice(q);
                for (k, g) in model.dofs.free_dofs().enumerate() {
                    q_trial[g] -= a * rhs[k];
                }
                // A speculative full step is the next iterate's evaluation: its time is not the
                // line search's.
                let jac = speculate && a == 1.0;
                asm.in_line_search = !jac;
                asm.evaluate(model, source, q_trial, step, jac, trial);
                asm.in_line_search = true;
                *min_gap = min_gap.min(asm.contact_stats(trial).min_gap);
                let norm = Assembler::free_norm(model, &trial.residual);
                *last_trial = (a, norm, jac);
                (trial.incremental_potential, norm)
            };
            let outcome = if use_energy {
                let pi0 = work.eval.incremental_potential.unwrap_or(0.0);
                // Π'(0) along −Δq is −rᵀΔq.
                let slope = -model
                    .dofs
                    .free_dofs()
                    .enumerate()
                    .map(|(k, g)| work.eval.residual[g] * rhs[k])
                    .sum::<f64>();
                armijo(pi0, slope, settings.line_search_max_iterations, |a| {
                    Ok::<_, SolveError>(eval_at(a).0)
                })
                .map(|out| (out, pi0))
            } else {
                let phi0 = 0.5 * norm * norm;
                let slope = -norm * norm * alpha_max;
                let mut merit = |a: f64| {
                    let n = eval_at(a).1;
                    Ok::<f64, SolveError>(0.5 * n * n)
                };
                goldstein_price(phi0, slope, settings.line_search_max_iterations, &mut merit)
                    .and_then(|out| {
                        // A creeping full step (exponential penalty tail) is lengthened; never
                        // past a CCD bound.
                        if !ccd && out.satisfied && out.alpha == 1.0 && out.phi > CREEP_RATIO * phi0
                        {
                            expand(out, MAX_EXPANSION, &mut merit)
                        } else {
                            Ok(out)
                        }
                    })
                    .map(|out| (out, phi0))
            };
            Some(outcome)
        } else {
            None
        };
        asm.in_line_search = false;
        let alpha = if let Some(outcome) = searched {
            let (out, merit0) = outcome?;
            if use_energy {
                energy_failed |= !out.satisfied;
            }
            // The first evaluation at α = 1 replaces the next iterate's residual; count the rest.
            report.line_search_evaluations += out.evaluations.saturating_sub(1);
            if !out.satisfied && out.phi >= merit0 && dq_inf <= FLOOR_STEP * l_scale {
                // The merit cannot be reduced any more although the full step is far below the
                // length scale: it sits at its round-off floor. Take the step, stop.
                at_floor = true;
                1.0
            } else {
                out.alpha
            }
        } else {
            1.0
        };
        report.alphas.push(alpha * alpha_max);
        for (k, g) in model.dofs.free_dofs().enumerate() {
            q[g] -= alpha * work.rhs[k];
        }
        // The line search's last trial is the new iterate when its step was the accepted one
        // (`q_trial` was formed with the same arithmetic as `q`, so they agree bit for bit). If
        // it passes the convergence tests, it is the solution: no evaluation with Jacobian is
        // spent there only to stop. Its reference frames were transported from the previous
        // iterate rather than rebased at `q` first, which changes the residual by round-off only
        // (the transport from frames already at `z(q)` to `z(q)` is the identity); the simulator
        // commits frames transported from the step's start in either case. A CCD chain first
        // updates its barrier stiffness there as the next iterate would; a change makes the
        // trial stale, and the loop evaluates the iterate again.
        let (trial_alpha, trial_norm, trial_jacobian) = last_trial;
        if !at_floor && trial_alpha == alpha {
            let test = converged(settings, trial_norm, r0v, work.trial.force_scale);
            if test.is_some() && !(ccd && asm.end_iteration(&work.trial)) {
                std::mem::swap(&mut work.eval, &mut work.trial);
                report.residuals.push(trial_norm);
                report.force_scale = work.eval.force_scale;
                report.converged_by = test;
                return Ok(report);
            }
            // Not converged: a trial with its Jacobian is the next iterate's evaluation (the
            // step test below needs none when it stops).
            if trial_jacobian && dq_inf > step_tol {
                std::mem::swap(&mut work.eval, &mut work.trial);
                evaluated = true;
            }
        }
        if dq_inf <= step_tol || at_floor {
            asm.evaluate(model, &work.source, q, step, false, &mut work.eval);
            report.min_gap = report.min_gap.min(asm.contact_stats(&work.eval).min_gap);
            report
                .residuals
                .push(Assembler::free_norm(model, &work.eval.residual));
            report.force_scale = work.eval.force_scale;
            report.converged_by = Some(if at_floor {
                Convergence::Floor
            } else {
                Convergence::Step
            });
            return Ok(report);
        }
    }
}

/// The residual norm τ below which the iterate after a Newton step is accepted: the largest
/// threshold of [`converged`]'s tests, with the force scale of the current iterate standing in
/// for the next one's.
fn acceptance(settings: &SolverSettings, r0: f64, force_scale: f64) -> f64 {
    settings
        .abs_tol
        .max(settings.rel_tol * r0)
        .max(settings.force_tol * force_scale)
}

/// The residual tests of a Newton iterate with `‖r‖ = norm`: `Absolute`, then `Relative` to
/// `‖r₀‖ = r0` (NaN at the starting point, where it cannot hold), then `Force` with the
/// iterate's force scale `F_ref` (see [`SolverSettings`]).
fn converged(
    settings: &SolverSettings,
    norm: f64,
    r0: f64,
    force_scale: f64,
) -> Option<Convergence> {
    if norm <= settings.abs_tol {
        Some(Convergence::Absolute)
    } else if norm <= settings.rel_tol * r0 {
        Some(Convergence::Relative)
    } else if norm <= settings.force_tol * force_scale {
        Some(Convergence::Force)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::worth_speculating;

    #[test]
    fn a_trial_gets_its_jacobian_when_another_iteration_is_expected() {
        let tau = 1e-9;
        // No residual yet: nothing to predict from.
        assert!(!worth_speculating(&[], 3, 0.1, tau));
        // First iteration: the last solve's first reduction predicts ‖r₁‖.
        assert!(worth_speculating(&[1e-2], 1, 1e-3, tau));
        assert!(!worth_speculating(&[1e-2], 5, 1e-8, tau));
        // … and without one, the last solve's iteration count decides.
        assert!(worth_speculating(&[1e-2], 2, f64::NAN, tau));
        assert!(!worth_speculating(&[1e-2], 1, f64::NAN, tau));
        // Later: the quadratic model ‖r₂‖ ≈ ‖r₁‖³/‖r₀‖².
        assert!(worth_speculating(&[1e-2, 1e-4], 1, f64::NAN, tau)); // predicts 1e-8
        assert!(!worth_speculating(&[1e-2, 1e-6], 9, 0.5, tau)); // predicts 1e-14
    }
}
