//! The time loop of `catena run` and `catena resume`: step (with adaptive retries), record,
//! write (flushed), checkpoint, repeat.
//!
//! The output step is the scene's Δt: step `k` ends at the time the fixed-Δt loop reaches after
//! `k` steps, whatever sub-steps adaptive stepping needed (see [`crate::system::advance`]),
//! so rows of `steps.csv` and the frame cadence keep their meaning.

use super::RunError;
use super::checkpoint::{CHECKPOINT_FORMAT, Checkpoint};
use crate::io::{
    Frame, MeshBody, OutputDir, OutputError, PolylineBody, STEPS_FILE, SphereBody, StepRecord,
    Summary, read_steps_csv,
};
use crate::math::Vec3;
use crate::model::Model;
use crate::scene::{BuiltScene, build_scene, parse_scene};
use crate::system::{AdaptiveSettings, AdaptiveState, Simulator, advance};
use indicatif::{ProgressBar, ProgressStyle};
use std::path::{Path, PathBuf};
use std::time::Instant;

/// Options of a run.
#[derive(Debug, Clone, Default)]
pub struct RunOptions {
    /// Output directory (nothing is written when `None`).
    pub out: Option<PathBuf>,
    /// Stop at this simulated time instead of the scene's duration (s).
    pub until: Option<f64>,
    /// Show a progress bar on stderr.
    pub progress: bool,
    /// Write a checkpoint (`DIR/checkpoint.ron`) every this many steps, and at the start and
    /// the end of the run (needs `out`).
    pub checkpoint_every: Option<u64>,
}

/// Node positions of every rod, for a VTK frame.
pub fn frame_of(model: &Model) -> Vec<(String, Vec<Vec3>, f64)> {
    model
        .rods
        .iter()
        .enumerate()
        .map(|(r, rod)| {
            (
                rod.name.clone(),
                model.rod_nodes(r, &model.q),
                rod.section.contact_radius(),
            )
        })
        .collect()
}

fn write_frame(out: &mut OutputDir, model: &Model) -> Result<(), RunError> {
    let rods = frame_of(model);
    let bodies: Vec<PolylineBody> = rods
        .iter()
        .map(|(name, pts, r)| PolylineBody {
            name,
            points: pts,
            radius: *r,
        })
        .collect();
    let spheres: Vec<SphereBody> = model
        .spheres
        .iter()
        .map(|s| SphereBody {
            center: s.center(&model.q),
            radius: s.radius,
        })
        .collect();
    let shell_nodes: Vec<Vec<Vec3>> = model.shells.iter().map(|s| s.nodes(&model.q)).collect();
    let shells: Vec<MeshBody> = model
        .shells
        .iter()
        .zip(&shell_nodes)
        .map(|(s, pts)| MeshBody {
            name: &s.name,
            points: pts,
            triangles: &s.mesh.triangles,
            thickness: s.thickness,
        })
        .collect();
    out.write_frame(&Frame {
        time: model.time,
        rods: &bodies,
        spheres: &spheres,
        shells: &shells,
    })?;
    Ok(())
}

/// A run in progress: the simulator, where it stands, and its output.
struct Session {
    name: String,
    scene_file: PathBuf,
    scene_source: Option<String>,
    until: Option<f64>,
    checkpoint_every: Option<u64>,
    frame_every: u64,
    settings: AdaptiveSettings,
    adaptive: AdaptiveState,
    sim: Simulator,
    out: Option<OutputDir>,
    records: Vec<StepRecord>,
    step: u64,
    n_steps: u64,
    last_frame_step: u64,
    wall_before: f64,
}

/// Runs a built scene to its end (or `until`), writing `steps.csv`, frames and
/// `summary.json` as it goes, and checkpoints when asked. A step that fails even at the
/// smallest allowed Δt stops the run: the output so far, a summary marked incomplete and a
/// checkpoint of the last completed step are written before the error is returned.
pub fn run(scene: BuiltScene, opts: &RunOptions) -> Result<Summary, RunError> {
    let end = opts.until.unwrap_or(scene.duration);
    let scene_file = std::path::absolute(&scene.file).unwrap_or_else(|_| scene.file.clone());
    // The checkpoint keeps the scene text; read it now, as the scene was built from it.
    let scene_source = match &opts.out {
        Some(_) => std::fs::read_to_string(&scene.file).ok(),
        None => None,
    };
    let settings = scene.adaptive;
    let name = scene.name.clone();
    let frame_every = scene.output.frame_every;
    let sim = scene.into_simulator();
    let n_steps = ((end - sim.model.time) / sim.dt).round().max(0.0) as u64;
    let mut out = match &opts.out {
        Some(dir) => Some(OutputDir::create(dir)?),
        None => None,
    };
    if let Some(o) = out.as_mut() {
        // A checkpoint left by an earlier run in this directory no longer matches its files.
        let stale = o.path().join(super::CHECKPOINT_FILE);
        if stale.exists() {
            std::fs::remove_file(&stale).map_err(|e| OutputError::io(&stale, e))?;
        }
        write_frame(o, &sim.model)?;
    }
    let mut s = Session {
        name,
        scene_file,
        scene_source,
        until: opts.until,
        checkpoint_every: opts.checkpoint_every.filter(|&n| n > 0),
        frame_every,
        settings,
        adaptive: AdaptiveState::new(&settings),
        sim,
        out,
        records: Vec::with_capacity(n_steps.min(1 << 16) as usize),
        step: 0,
        n_steps,
        last_frame_step: 0,
        wall_before: 0.0,
    };
    s.go(opts.progress)
}

/// Continues the run whose output (and `checkpoint.ron`) is in `dir` from its last checkpoint:
/// rebuilds the scene from the text saved in the checkpoint, restores the state, drops the
/// rows and frames written after the checkpoint (and a partial last line), and runs on. The
/// result is bit-identical to a run that was never interrupted.
pub fn resume(dir: &Path, progress: bool) -> Result<Summary, RunError> {
    let ck = Checkpoint::read(dir)?;
    let spec = parse_scene(&ck.scene_source, &ck.scene_file)?;
    let scene = build_scene(&spec, &ck.scene_source, &ck.scene_file)?;
    let settings = scene.adaptive;
    let name = scene.name.clone();
    let frame_every = scene.output.frame_every;
    let mut sim = scene.into_simulator();
    restore(&mut sim, &ck).map_err(RunError::Resume)?;
    let out = OutputDir::reopen(dir, ck.step, &ck.frame_times)?;
    let mut records = read_steps_csv(&dir.join(STEPS_FILE))?;
    records.truncate(ck.step as usize);
    let mut s = Session {
        name,
        scene_file: ck.scene_file.clone(),
        scene_source: Some(ck.scene_source.clone()),
        until: ck.until,
        checkpoint_every: ck.checkpoint_every,
        frame_every,
        settings,
        adaptive: ck.adaptive,
        sim,
        out: Some(out),
        records,
        step: ck.step,
        n_steps: ck.n_steps,
        last_frame_step: ck.last_frame_step,
        wall_before: ck.wall_time_s,
    };
    s.go(progress)
}

/// Puts the state of `ck` into a simulator freshly built from the same scene.
fn restore(sim: &mut Simulator, ck: &Checkpoint) -> Result<(), String> {
    let m = &mut sim.model;
    if ck.q.len() != m.q.len() || ck.v.len() != m.v.len() || ck.frames.len() != m.frames.len() {
        return Err(format!(
            "the checkpoint has {} DOFs and {} rods, the scene {} and {}",
            ck.q.len(),
            ck.frames.len(),
            m.q.len(),
            m.frames.len()
        ));
    }
    m.q.clone_from(&ck.q);
    m.v.clone_from(&ck.v);
    m.frames.clone_from(&ck.frames);
    m.time = ck.time;
    m.actuate(ck.time);
    sim.steps = ck.substeps;
    if let Some(c) = &ck.contacts {
        sim.assembler_mut().restore_contact_state(c)?;
    }
    let p = &ck.predictor;
    if !(p.v_prev.is_empty() || p.v_prev.len() == ck.v.len()) {
        return Err(format!(
            "the predictor state has {} velocities, the scene {} DOFs",
            p.v_prev.len(),
            ck.v.len()
        ));
    }
    sim.restore_predictor_state(p.clone());
    sim.restore_integrator_state(&ck.integrator)?;
    sim.restore_external_states(&ck.externals)
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
            until: self.until,
            checkpoint_every: self.checkpoint_every,
            step: self.step,
            n_steps: self.n_steps,
            last_frame_step: self.last_frame_step,
            frame_times: out.frame_times(),
            substeps: self.sim.steps,
            adaptive: self.adaptive,
            time: m.time,
            q: m.q.clone(),
            v: m.v.clone(),
            frames: m.frames.clone(),
            contacts: self.sim.assembler().contact_state(),
            predictor: self.sim.predictor_state().clone(),
            integrator: self.sim.integrator_state(),
            externals: self.sim.assembler().external_states(),
            wall_time_s: wall,
        })
    }

    fn write_checkpoint(&self, ck: Option<Checkpoint>) -> Result<(), RunError> {
        if let (Some(ck), Some(out)) = (ck, self.out.as_ref()) {
            ck.write(out.path())?;
        }
        Ok(())
    }

    fn go(&mut self, progress: bool) -> Result<Summary, RunError> {
        let started = Instant::now();
        let wall = |before: f64| before + started.elapsed().as_secs_f64();
        let bar = if progress {
            let b = ProgressBar::new(self.n_steps);
            b.set_style(
                ProgressStyle::with_template(
                    "{spinner} [{elapsed_precise}] {bar:30} {pos}/{len} steps  {per_sec}  {msg}",
                )
                .unwrap_or_else(|_| ProgressStyle::default_bar()),
            );
            b.set_position(self.step);
            b
        } else {
            ProgressBar::hidden()
        };
        let checkpointing = self.checkpoint_every.is_some();
        if checkpointing {
            self.write_checkpoint(self.checkpoint(wall(self.wall_before)))?;
        }
        for k in self.step + 1..=self.n_steps {
            let t_start = self.sim.model.time;
            // The state before the step, written as the checkpoint if the step fails.
            let before = if checkpointing {
                self.checkpoint(wall(self.wall_before))
            } else {
                None
            };
            match advance(&mut self.sim, &mut self.adaptive, &self.settings) {
                Ok(st) => {
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
                    };
                    self.step = k;
                    if let Some(o) = self.out.as_mut() {
                        o.write_step(&rec)?;
                        if self.frame_every > 0 && k % self.frame_every == 0 {
                            write_frame(o, &self.sim.model)?;
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
                    self.records.push(rec);
                    if let Some(n) = self.checkpoint_every
                        && k % n == 0
                    {
                        self.write_checkpoint(self.checkpoint(wall(self.wall_before)))?;
                    }
                }
                Err(failure) => {
                    bar.abandon();
                    let mut s = self.summarize(wall(self.wall_before));
                    s.completed = false;
                    s.message = Some(failure.to_string());
                    if let Some(o) = self.out.as_mut() {
                        write_frame(o, &self.sim.model)?;
                        s.frames = o.frames_written();
                        o.write_summary(&s)?;
                    }
                    self.write_checkpoint(before)?;
                    return Err(RunError::Solve {
                        step: k,
                        t: t_start,
                        failure,
                    });
                }
            }
        }
        bar.finish_and_clear();
        if let Some(o) = self.out.as_mut()
            && self.last_frame_step != self.n_steps
        {
            write_frame(o, &self.sim.model)?;
            self.last_frame_step = self.n_steps;
        }
        let mut s = self.summarize(wall(self.wall_before));
        s.completed = true;
        if let Some(o) = self.out.as_ref() {
            o.write_summary(&s)?;
        }
        if checkpointing {
            self.write_checkpoint(self.checkpoint(s.wall_time_s))?;
        }
        Ok(s)
    }

    fn summarize(&self, wall_time_s: f64) -> Summary {
        let mut s = Summary::from_steps(&self.name, &self.records);
        s.wall_time_s = wall_time_s;
        s.frames = self.out.as_ref().map_or(0, |o| o.frames_written());
        s
    }
}
