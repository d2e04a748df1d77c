//! Adaptive time stepping around [`Simulator::step`]: a step whose Newton solve fails (iteration
//! limit, NaN/∞, a failed line search or factorisation) is retried with Δt halved, down to a
//! floor; after `grow_after` consecutive accepted sub-steps a reduced Δt is doubled again, never
//! above the scene's Δt.
//!
//! The unit of output stays the scene's step: [`advance`] moves the model from `t` to exactly
//! `t + Δt` (the end time is computed as the fixed-Δt loop computes it, and the last sub-step
//! lands on it), so `steps.csv` rows, frame cadence and `--until` keep their meaning. While no
//! step fails, one call is exactly one [`Simulator::step`] with the scene's Δt: the trajectory
//! is bit-identical to fixed stepping.
//!
//! **Growth above Δt** (`time.max_dt`, for relaxations toward rest): after `grow_after`
//! accepted steps in a row that each took at most [`EASY_ITERATIONS`] Newton iterations, the
//! step doubles, up to `max_dt`; a step that took more than [`HARD_ITERATIONS`] halves the
//! next one (not below Δt), a failed one is retried at half (below Δt, as above). One call
//! then is one step of the current size, ending at most at [`AdaptiveSettings::end`]; its
//! report's `dt` is its size. This is the step-size control of quasi-static solvers (an
//! implicit step has no stability limit; its size is limited by Newton's convergence).
//!
//! [`Simulator::step`] leaves the model unchanged when it fails, so a retry starts from the
//! accepted state of the last sub-step.

use crate::contact::PrimId;
use crate::model::Model;
use crate::system::Simulator;
use crate::system::{Attempt, SolveError, StepFailure, StepReport};
use serde::{Deserialize, Serialize};
use std::time::Instant;

/// Newton iterations at or below which an accepted step counts toward growth above Δt.
pub const EASY_ITERATIONS: u32 = 3;

/// Newton iterations above which a step above Δt halves the next one.
pub const HARD_ITERATIONS: u32 = 10;

/// Adaptive stepping settings.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct AdaptiveSettings {
    /// The scene's Δt: the output step and the largest sub-step (s), unless `max_dt` is larger.
    pub dt: f64,
    /// The smallest sub-step a retry may use (s).
    pub min_dt: f64,
    /// Accepted sub-steps in a row before a reduced sub-step is doubled (and, above Δt, easy
    /// steps in a row before a step is doubled).
    pub grow_after: u32,
    /// The largest step (s): `dt` for fixed output steps; above it, steps grow while Newton
    /// converges easily (see the module docs).
    pub max_dt: f64,
    /// The time no grown step passes (s): the run's horizon; `∞` when there is none.
    pub end: f64,
}

impl AdaptiveSettings {
    /// Settings with the default floor (`dt`/1024) and growth (after 4 successes), no growth
    /// above `dt`.
    pub fn new(dt: f64) -> Self {
        Self {
            dt,
            min_dt: dt / 1024.0,
            grow_after: 4,
            max_dt: dt,
            end: f64::INFINITY,
        }
    }

    /// Whether steps may grow above `dt`.
    pub fn grows(&self) -> bool {
        self.max_dt > self.dt
    }
}

/// What adaptive stepping carries from one step to the next (saved in checkpoints).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct AdaptiveState {
    /// Sub-step size to try next (s).
    pub dt: f64,
    /// Accepted sub-steps since the last failure or growth.
    pub successes: u32,
    /// Easy steps in a row (at most [`EASY_ITERATIONS`] Newton iterations) while steps may
    /// grow above Δt.
    #[serde(default)]
    pub easy: u32,
}

impl AdaptiveState {
    /// The state at the start of a run: full steps.
    pub fn new(settings: &AdaptiveSettings) -> Self {
        Self {
            dt: settings.dt,
            successes: 0,
            easy: 0,
        }
    }
}

/// One scene step made of one or more accepted sub-steps.
#[derive(Debug, Clone)]
pub struct AdaptiveStep {
    /// The last sub-step's report, with Newton iterations and line-search evaluations summed
    /// over all sub-steps and failed attempts, `dt` the smallest sub-step and `wall` the
    /// whole step including failed attempts.
    pub report: StepReport,
    /// Accepted sub-steps.
    pub substeps: u32,
    /// Failed attempts that were retried.
    pub retries: u32,
}

/// Advances `sim` by one scene step of `settings.dt`, retrying failed sub-steps with a halved
/// Δt. On failure the model holds the last accepted sub-step (possibly inside the step).
pub fn advance(
    sim: &mut Simulator,
    state: &mut AdaptiveState,
    settings: &AdaptiveSettings,
) -> Result<AdaptiveStep, StepFailure> {
    let start = Instant::now();
    let stages_before = sim.stage_totals;
    let t0 = sim.model.time;
    let mut t_end = t0 + settings.dt;
    let grows = settings.grows();
    let mut attempts = Vec::new();
    let mut substeps = 0u32;
    let mut smallest = f64::INFINITY;
    let mut iterations = 0;
    let mut line_search = 0;
    loop {
        let t = sim.model.time;
        // A step that may grow takes its size (or what is left to the end) in one sub-step;
        // its end follows that size while none of it is accepted.
        let mut span = settings.dt;
        if grows && t == t0 {
            span = state.dt.max(settings.dt);
            t_end = t0 + span;
            if t_end > settings.end {
                t_end = settings.end;
                span = t_end - t0;
            }
        }
        let full = t == t0 && state.dt >= settings.dt;
        let remaining = t_end - t;
        // The last sub-step takes what remains, also when a sliver of a sub-step would be
        // left: the clock's round-off over many sub-steps (an ulp of t is 1.4e-14 s at
        // t ≈ 100 s) can leave one far below 1e-9 of a sub-step, so a sliver is anything
        // below a millionth of the scene's Δt.
        let last = full || state.dt >= remaining - 1e-6 * settings.dt;
        let h = if full {
            span
        } else if last {
            remaining
        } else {
            state.dt
        };
        sim.dt = h;
        // A passed load stop may refuse the step only while half of it is above the floor.
        sim.locate_events = 0.5 * h >= settings.min_dt.max(1e-14 * t.abs()) * (1.0 - 1e-12);
        let result = sim.step();
        sim.locate_events = false;
        match result {
            Ok(mut rep) => {
                substeps += 1;
                smallest = smallest.min(h);
                iterations += rep.newton.iterations;
                line_search += rep.newton.line_search_evaluations;
                state.successes += 1;
                if grows && full {
                    grow_above_dt(state, settings, rep.newton.iterations);
                } else if state.dt < settings.dt && state.successes >= settings.grow_after {
                    state.dt = (2.0 * state.dt).min(settings.dt);
                    state.successes = 0;
                }
                if last {
                    sim.model.time = t_end;
                    sim.dt = settings.dt;
                    rep.t = t_end;
                    rep.dt = smallest;
                    rep.newton.iterations = iterations;
                    rep.newton.line_search_evaluations = line_search;
                    rep.wall = start.elapsed();
                    rep.stages = sim.stage_totals.since(&stages_before);
                    return Ok(AdaptiveStep {
                        report: rep,
                        substeps,
                        retries: attempts.len() as u32,
                    });
                }
            }
            Err(error) => {
                // The work of a failed attempt counts too (AIPTS is the cost of the step).
                iterations += error.iterations();
                let culprit = matches!(error, SolveError::NonFinite { .. })
                    .then(|| non_finite_source(sim))
                    .flatten();
                attempts.push(Attempt {
                    t,
                    dt: h,
                    error,
                    culprit,
                });
                state.successes = 0;
                state.easy = 0;
                let half = 0.5 * h;
                // Below ~10⁻¹⁴ t a sub-step would no longer advance the clock: a floor too.
                let floor = settings.min_dt.max(1e-14 * t.abs());
                if half < floor * (1.0 - 1e-12) {
                    sim.dt = settings.dt;
                    return Err(StepFailure {
                        t_start: t0,
                        t_end,
                        attempts,
                        min_dt: settings.min_dt,
                        static_load: sim.static_load(t0, t_end),
                        massless: !sim.integrator().kind().is_inertial(),
                    });
                }
                state.dt = half;
            }
        }
    }
}

/// After an accepted step of at least Δt that took `iterations` Newton iterations, while steps
/// may grow above Δt: double the next step after `grow_after` easy steps in a row (up to
/// `max_dt`), halve it after a hard one (not below Δt).
fn grow_above_dt(state: &mut AdaptiveState, settings: &AdaptiveSettings, iterations: u32) {
    if iterations > HARD_ITERATIONS {
        state.dt = (0.5 * state.dt).max(settings.dt);
        state.easy = 0;
    } else if iterations <= EASY_ITERATIONS {
        state.easy += 1;
        if state.easy >= settings.grow_after {
            state.dt = (2.0 * state.dt).min(settings.max_dt);
            state.easy = 0;
        }
    } else {
        state.easy = 0;
    }
    state.successes = 0;
}

/// The contact pair or rod node where the last (failed) evaluation first shows a non-finite
/// value, if any.
fn non_finite_source(sim: &Simulator) -> Option<String> {
    let model = &sim.model;
    if let Some(c) = sim
        .last_contacts()
        .iter()
        .find(|c| !c.gap.is_finite() || c.force.iter().any(|x| !x.is_finite()))
    {
        return Some(format!(
            "contact {} between {} and {} (gap {:e} m)",
            c.key.binding + 1,
            primitive_name(model, &c.key.first),
            primitive_name(model, &c.key.second),
            c.gap
        ));
    }
    let r = sim.last_residual();
    if let Some(k) = r.iter().position(|x| !x.is_finite()) {
        return Some(format!("residual of {}", dof_name(model, k)));
    }
    // Every entry finite, their norm not: the largest entry overflows it.
    let (k, x) = r
        .iter()
        .enumerate()
        .max_by(|a, b| a.1.abs().total_cmp(&b.1.abs()))?;
    Some(format!(
        "residual of {} = {x:e}, too large for its norm",
        dof_name(model, k)
    ))
}

fn primitive_name(model: &Model, p: &PrimId) -> String {
    p.label(model)
}

/// Names global DOF `k` by the body that owns it ([`crate::model::Body::dof_name`]): a rod
/// node coordinate or edge twist, a shell node coordinate or mid-edge `ξ`, a sphere
/// coordinate or rotation.
fn dof_name(model: &Model, k: usize) -> String {
    model
        .bodies
        .iter()
        .find_map(|b| b.dof_name(k))
        .unwrap_or_else(|| format!("DOF {k}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scene::{build_scene, parse_scene};
    use std::path::Path;

    /// A free-falling rod accepted only through the step-size test (one Newton iteration,
    /// `‖Δq‖∞ ≤ 0.5 Δl`): fast enough, a full step fails and halves pass.
    fn falling(min_dt: f64) -> (Simulator, AdaptiveSettings) {
        let src = format!(
            r#"Scene(
    time: (dt: 0.01, duration: 1.0, min_dt: {min_dt}, grow_after: 2),
    solver: (max_iterations: 1, abs_tol: 0, rel_tol: 0, step_tol: 0.5,
             line_search: None, initial_guess: Previous),
    materials: {{ "rubber": (youngs_modulus: 1e6, poisson_ratio: 0.5, density: 1000) }},
    rods: [(name: "rod", material: "rubber", radius: 1e-3,
            geometry: Straight(start: (0, 0, 0), end: (0.1, 0, 0), nodes: 11))],
    forces: [Gravity(g: (0, 0, -9.81))],
)"#
        );
        let file = Path::new("falling.ron");
        let spec = parse_scene(&src, file).expect("parse");
        let built = build_scene(&spec, &src, file).expect("build");
        let settings = AdaptiveSettings {
            min_dt,
            grow_after: 2,
            ..AdaptiveSettings::new(built.dt)
        };
        (built.into_simulator(), settings)
    }

    #[test]
    fn halves_lands_on_step_ends_and_fails_at_the_floor() {
        let (mut sim, settings) = falling(0.01 / 4.0);
        let mut state = AdaptiveState::new(&settings);
        let mut retried = 0;
        let mut failure = None;
        for k in 1..=100u32 {
            let t_end = sim.model.time + settings.dt;
            match advance(&mut sim, &mut state, &settings) {
                Ok(step) => {
                    assert_eq!(sim.model.time.to_bits(), t_end.to_bits(), "step {k}");
                    assert!(step.report.dt <= settings.dt && step.substeps >= 1);
                    retried += step.retries;
                }
                Err(f) => {
                    failure = Some((k, f));
                    break;
                }
            }
        }
        assert!(retried > 0, "the falling rod never needed a smaller step");
        let (k, f) = failure.expect("the fall eventually outruns the floor");
        assert!(k > 5, "failed too early, at step {k}");
        let last = f.attempts.last().expect("attempts");
        assert!(last.dt >= settings.min_dt && last.dt < 2.0 * settings.min_dt);
        assert!(f.to_string().contains("halved"), "{f}");
    }

    /// Late in a run (t ≈ 97 s, where one ulp of t is 1.4e-14 s) the clock's round-off over
    /// many small sub-steps must not leave a sliver of a sub-step before the step's end (the
    /// μ = 0.8 flagella run took sub-steps of 2.6e-13 s, Newton's step test accepting them at
    /// any residual).
    #[test]
    fn small_sub_steps_late_in_a_run_leave_no_sliver() {
        for (t0, k) in [(97.464, 64.0), (97.464, 1024.0), (1234.5678, 256.0)] {
            let (mut sim, mut settings) = falling(0.01 / 2048.0);
            settings.grow_after = u32::MAX;
            sim.model.time = t0;
            let mut state = AdaptiveState {
                dt: settings.dt / k,
                successes: 0,
                easy: 0,
            };
            for _ in 0..3 {
                let t_end = sim.model.time + settings.dt;
                let step = advance(&mut sim, &mut state, &settings).expect("small sub-steps");
                assert_eq!(sim.model.time.to_bits(), t_end.to_bits());
                assert!(
                    step.report.dt > 0.5 * settings.dt / k,
                    "t0 = {t0}, dt/{k}: a sub-step of {:e} s in {} sub-steps",
                    step.report.dt,
                    step.substeps
                );
            }
        }
    }

    #[test]
    fn without_failures_one_step_is_one_plain_step() {
        let (mut a, settings) = falling(0.01);
        let (mut b, _) = falling(0.01);
        let mut state = AdaptiveState::new(&settings);
        for _ in 0..4 {
            let s = advance(&mut a, &mut state, &settings).expect("adaptive step");
            let p = b.step().expect("plain step");
            assert_eq!((s.substeps, s.retries), (1, 0));
            assert_eq!(s.report.t.to_bits(), p.t.to_bits());
            assert_eq!(a.model.q, b.model.q);
        }
    }
}
