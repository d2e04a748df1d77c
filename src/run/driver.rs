//! The time loop of `catena run` and `catena resume`: step (with adaptive retries), record,
//! write (flushed), checkpoint, repeat; stop cleanly at a step boundary when asked.
//!
//! The output step is the scene's Δt: step `k` ends at the time the fixed-Δt loop reaches after
//! `k` steps, whatever sub-steps adaptive stepping needed (see [`crate::system::advance`]),
//! so rows of `steps.csv` and the frame cadence keep their meaning.

use super::RunError;
use super::checkpoint::{CHECKPOINT_FORMAT, Checkpoint};
use super::frame::{OutputPlan, write_frame};
use super::inputs::InputFile;
use super::observer::{Observation, Observer};
use super::rest::RestWatch;
use super::start::{RunScene, run_simulator};
use super::{Stop, signal_name};
use crate::io::{OutputDir, StepRecord, Summary};
use crate::scene::BuiltScene;
use crate::system::{AdaptiveSettings, AdaptiveState, Simulator, advance};
use indicatif::{ProgressBar, ProgressStyle};
use std::path::PathBuf;
use std::time::Instant;

/// Options of a run.
#[derive(Debug, Clone, Default)]
pub struct RunOptions {
    /// Output directory (nothing is written when `None`). It must be new or empty, or be a
    /// directory catena wrote and `force` be set (see [`crate::io::DirLock`]).
    pub out: Option<PathBuf>,
    /// Replace earlier catena output in `out` (only the files its manifest lists).
    pub force: bool,
    /// Stop at this simulated time instead of the scene's duration (s).
    pub until: Option<f64>,
    /// Show a progress bar on stderr.
    pub progress: bool,
    /// Write a checkpoint (`DIR/checkpoint.ron`) every this many steps, and at the start and
    /// the end of the run (needs `out`). A run that is interrupted or fails writes one anyway.
    pub checkpoint_every: Option<u64>,
    /// A stop request, checked after every step.
    pub stop: Option<Stop>,
}

/// A run in progress: the simulator, where it stands, and its output.
pub(super) struct Session {
    pub(super) name: String,
    pub(super) scene_file: PathBuf,
    pub(super) scene_source: Option<String>,
    pub(super) inputs: Vec<InputFile>,
    pub(super) until: Option<f64>,
    pub(super) checkpoint_every: Option<u64>,
    pub(super) frame_every: u64,
    pub(super) plan: OutputPlan,
    pub(super) settings: AdaptiveSettings,
    pub(super) adaptive: AdaptiveState,
    /// The `until_rest` test and its count of calm steps.
    pub(super) rest: RestWatch,
    pub(super) sim: Simulator,
    pub(super) out: Option<OutputDir>,
    /// The running totals of the accepted steps (for the summary) and the last one.
    pub(super) totals: crate::io::StepTotals,
    pub(super) step: u64,
    pub(super) n_steps: u64,
    pub(super) last_frame_step: u64,
    pub(super) wall_before: f64,
    pub(super) stop: Option<Stop>,
    /// Set when the run ended at rest (the summary's note).
    pub(super) at_rest: Option<String>,
}

/// Runs a built scene to its end (or `until`), writing `summary.json` (marked running),
/// `steps.csv`, frames and, at the end, the final summary as it goes, and checkpoints when
/// asked. A step that fails even at the smallest allowed Δt stops the run: the output so far, a
/// summary marked failed and a checkpoint of the last completed step are written before the
/// error is returned. A stop request does the same after the current step, with a checkpoint
/// of it ([`RunError::Interrupted`]).
pub fn run(scene: BuiltScene, opts: &RunOptions) -> Result<Summary, RunError> {
    let (info, sim) = RunScene::split(scene, None);
    run_simulator(sim, &info, opts).1
}

fn bar(progress: bool, len: u64, at: u64) -> ProgressBar {
    if !progress {
        return ProgressBar::hidden();
    }
    let b = ProgressBar::new(len);
    b.set_style(
        ProgressStyle::with_template(
            "{spinner} [{elapsed_precise}] {bar:30} {pos}/{len} steps  {per_sec}  {msg}",
        )
        .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    b.set_position(at);
    b
}

impl Session {
    /// The checkpoint of the current state (after step `self.step`).
    fn checkpoint(&self, wall: f64) -> Option<Checkpoint> {
        let out = self.out.as_ref()?;
        let m = &self.sim.model;
        Some(Checkpoint {
            format: CHECKPOINT_FORMAT,
            scene_file: self.scene_file.clone(),
            scene_source: self.scene_source.clone()?,
            inputs: self.inputs.clone(),
            until: self.until,
            checkpoint_every: self.checkpoint_every,
            step: self.step,
            n_steps: self.n_steps,
            last_frame_step: self.last_frame_step,
            frame_times: out.frame_times(),
            substeps: self.sim.steps,
            adaptive: self.adaptive,
            rest_calm: self.rest.calm,
            time: m.time,
            q: m.q.clone(),
            v: m.v.clone(),
            frames: m.frames.clone(),
            orientations: m.orientations(),
            body_states: m.extra_states(),
            contacts: self.sim.assembler().contact_state(),
            predictor: self.sim.predictor_state().clone(),
            linear_solver: self.sim.linear_solver_state(),
            integrator: self.sim.integrator_state(),
            externals: self.sim.assembler().external_states(),
            boundary: m.bc_states(),
            energy: self.sim.energy().state(),
            wall_time_s: wall,
        })
    }

    fn write_checkpoint(&self, ck: Option<Checkpoint>) -> Result<(), RunError> {
        if let (Some(ck), Some(out)) = (ck, self.out.as_ref()) {
            out.lock().claim(super::CHECKPOINT_FILE)?;
            ck.write(out.path())?;
        }
        Ok(())
    }

    /// Writes the summary (if there is an output) marked not completed, with `reason`.
    fn write_unfinished(
        &self,
        wall: f64,
        reason: &str,
        message: Option<String>,
    ) -> Result<(), RunError> {
        if let Some(o) = self.out.as_ref() {
            let mut s = self.summarize(wall);
            s.reason = Some(reason.into());
            s.message = message;
            o.write_summary(&s)?;
        }
        Ok(())
    }

    /// Runs the remaining steps and hands the simulator back with the result; `observer`, if
    /// any, sees every [`Observer::every`]-th step.
    pub(super) fn go(
        mut self,
        progress: bool,
        mut observer: Option<&mut dyn Observer>,
    ) -> (Simulator, Result<Summary, RunError>) {
        let started = Instant::now();
        let bar = bar(progress, self.n_steps, self.step);
        if let Err(e) = self.begin(started) {
            return (self.sim, Err(e));
        }
        for k in self.step + 1..=self.n_steps {
            if k > self.n_steps {
                // The run came to rest at the step before.
                break;
            }
            if let Err(e) = self.one_step(k, &bar, started) {
                bar.abandon();
                return (self.sim, Err(e));
            }

            let Some(o) = observer.as_deref_mut() else {
                continue;
            };
            if !k.is_multiple_of(o.every().max(1)) {
                continue;
            }
            let Some(row) = self.totals.last() else {
                continue;
            };
            let (sim, seen) = o.observe(self.sim, row);
            self.sim = sim;
            let wall = self.wall_before + started.elapsed().as_secs_f64();
            let result = match seen {
                // Asked to stop after the last step: the run is simply complete.
                Observation::Continue => continue,
                Observation::Stop if k == self.n_steps => continue,
                Observation::Stop => self.stop_here(wall, None),
                Observation::Abort(message) => self.stop_here(wall, Some(message)),
            };
            bar.abandon();
            return (self.sim, result);
        }
        bar.finish_and_clear();
        let result = self.finish(started);
        (self.sim, result)
    }

    /// Writes the summary marked running and, when checkpointing, the first checkpoint.
    fn begin(&self, started: Instant) -> Result<(), RunError> {
        self.write_unfinished(self.wall_before, "running", None)?;
        if self.checkpoint_every.is_some() {
            let wall = self.wall_before + started.elapsed().as_secs_f64();
            self.write_checkpoint(self.checkpoint(wall))?;
        }
        Ok(())
    }

    /// Step `k`: a stop request is honoured first; then the step, its row, frame and
    /// checkpoint. A failed step writes its frame, a summary marked failed and the checkpoint
    /// of the state before it, and is returned as [`RunError::Solve`].
    fn one_step(&mut self, k: u64, bar: &ProgressBar, started: Instant) -> Result<(), RunError> {
        let wall = |before: f64| before + started.elapsed().as_secs_f64();
        if let Some(signal) = self.stop.as_ref().and_then(Stop::requested) {
            return Err(self.interrupt(signal, wall(self.wall_before)));
        }
        let checkpointing = self.checkpoint_every.is_some();
        let t_start = self.sim.model.time;
        // The state before the step, written as the checkpoint if the step fails.
        let before = if checkpointing {
            self.checkpoint(wall(self.wall_before))
        } else {
            None
        };
        let st = match advance(&mut self.sim, &mut self.adaptive, &self.settings) {
            Ok(st) => st,
            Err(failure) => {
                if let Some(o) = self.out.as_mut() {
                    write_frame(o, &self.sim, &self.plan)?;
                }
                let error = RunError::Solve {
                    step: k,
                    t: t_start,
                    failure,
                };
                self.write_unfinished(wall(self.wall_before), "failed", Some(error.to_string()))?;
                self.write_checkpoint(before)?;
                return Err(error);
            }
        };
        let rep = &st.report;
        let rec = StepRecord {
            step: k,
            t: rep.t,
            dt: rep.dt,
            newton_iterations: rep.newton.iterations,
            line_search_steps: rep.newton.line_search_evaluations,
            candidates: rep.contacts.candidates,
            active_contacts: rep.contacts.active,
            min_gap: rep.contacts.min_gap,
            max_penetration: rep.contacts.max_penetration,
            residual: rep.newton.residuals.last().copied().unwrap_or(0.0),
            wall_ms: rep.wall.as_secs_f64() * 1e3,
            substeps: st.substeps,
            retries: st.retries,
            min_gap_iterates: rep.newton.min_gap,
            stages: rep.stages,
            energy: Some(rep.energy),
            granular: self.plan.record(&self.sim),
            rigid_loads: self.plan.rigid_loads(&self.sim),
            cells: self.plan.cell_measures(&self.sim),
            supports: self.plan.support_loads(&self.sim),
            stresses: self.plan.stresses(&self.sim),
        };
        self.step = k;
        if let Some(o) = self.out.as_mut() {
            o.write_step(&rec)?;
            if self.frame_every > 0 && k.is_multiple_of(self.frame_every) {
                write_frame(o, &self.sim, &self.plan)?;
                self.last_frame_step = k;
            }
        }
        bar.set_message(format!(
            "t = {:.4} s  newton {}{}",
            rep.t,
            rep.newton.iterations,
            if st.retries > 0 {
                format!("  Δt retries {}", st.retries)
            } else {
                String::new()
            }
        ));
        bar.inc(1);
        self.totals.add(&rec);
        if self.rest.observe_step(&mut self.sim, rec.dt) {
            // At rest: this step is the run's last, completed (before its checkpoint, which
            // then says so).
            self.n_steps = k;
            self.at_rest = Some(self.rest.note(k, self.sim.model.time));
        }
        if self.settings.grows() && self.sim.model.time >= self.settings.end {
            // Grown steps reached the horizon before the fixed-Δt count (`n_steps`, their bound).
            self.n_steps = k;
        }
        if let Some(n) = self.checkpoint_every
            && k.is_multiple_of(n)
        {
            self.write_checkpoint(self.checkpoint(wall(self.wall_before)))?;
        }
        Ok(())
    }

    /// The end of a run that reached its last step: the last frame, the summary marked
    /// completed and, when checkpointing (or after an earlier checkpoint), the final one.
    fn finish(&mut self, started: Instant) -> Result<Summary, RunError> {
        if let Some(o) = self.out.as_mut()
            && self.last_frame_step != self.n_steps
        {
            write_frame(o, &self.sim, &self.plan)?;
            self.last_frame_step = self.n_steps;
        }
        let mut s = self.summarize(self.wall_before + started.elapsed().as_secs_f64());
        s.completed = true;
        let rest = self.at_rest.clone().or_else(|| self.rest.not_reached());
        if let Some(note) = rest {
            s.message = Some(match s.message.take() {
                Some(m) => format!("{note}; {m}"),
                None => note,
            });
        }
        if let Some(o) = self.out.as_ref() {
            o.write_summary(&s)?;
            // An earlier checkpoint (an interrupt's, `--checkpoint-every`'s) is replaced by the
            // final state, so that nothing in the directory describes another moment of the run.
            if self.checkpoint_every.is_some() || o.path().join(super::CHECKPOINT_FILE).exists() {
                self.write_checkpoint(self.checkpoint(s.wall_time_s))?;
            }
        }
        Ok(s)
    }

    /// Stops after the current step at an observer's request, as [`Session::interrupt`] does
    /// (a checkpoint and a summary marked `stopped`): the summary when it simply asked to stop,
    /// [`RunError::Stopped`] with its message when it aborted.
    fn stop_here(&self, wall: f64, abort: Option<String>) -> Result<Summary, RunError> {
        let t = self.sim.model.time;
        let message = match &abort {
            Some(m) => format!("stopped after step {} (t = {t} s): {m}", self.step),
            None => format!(
                "stopped by the run's observer after step {} (t = {t} s)",
                self.step
            ),
        };
        self.write_checkpoint(self.checkpoint(wall))?;
        let mut s = self.summarize(wall);
        s.reason = Some("stopped".into());
        s.message = Some(message);
        if let Some(o) = self.out.as_ref() {
            o.write_summary(&s)?;
        }
        match abort {
            None => Ok(s),
            Some(message) => Err(RunError::Stopped {
                step: self.step,
                t,
                message,
            }),
        }
    }

    /// Stops after the current step: a checkpoint of it and a summary marked interrupted.
    fn interrupt(&self, signal: i32, wall: f64) -> RunError {
        let t = self.sim.model.time;
        let message = format!(
            "interrupted by {} after step {} (t = {t} s)",
            signal_name(signal),
            self.step
        );
        let written = self
            .write_checkpoint(self.checkpoint(wall))
            .and_then(|()| self.write_unfinished(wall, "interrupted", Some(message)));
        match written {
            Ok(()) => RunError::Interrupted {
                signal,
                step: self.step,
                t,
            },
            Err(e) => e,
        }
    }

    fn summarize(&self, wall_time_s: f64) -> Summary {
        let mut s = self.totals.summary(&self.name);
        s.energy_initial = self.sim.energy().initial().copied();
        s.wall_time_s = wall_time_s;
        s.frames = self.out.as_ref().map_or(0, |o| o.frames_written());
        s.krylov_iterations = self.sim.linear_solver().krylov_iterations;
        s.rss = self.sim.rss_stats();
        // Steps re-solved because detection at their start missed contacts (steps run by this
        // process: a resumed run counts from the resume).
        s.message = self.sim.coverage.note();
        s
    }
}
