//! Starting a run: from a built scene (`catena run`), or from a simulator that may already have
//! been stepped and edited (the Python package's `Simulator.run`), which it hands back.

use super::RunError;
use super::driver::RunOptions;
use super::driver::Session;
use super::frame::{OutputPlan, write_frame};
use super::horizon::check_steps;
use super::inputs::{InputFile, input_files};
use super::observer::Observer;
use super::rest::RestWatch;
use crate::diag::read_text;
use crate::io::{OutputDir, Summary};
use crate::scene::{BuiltScene, parse_scene};
use crate::system::{AdaptiveSettings, AdaptiveState, Simulator};
use std::path::PathBuf;

/// What a run keeps of its scene besides the simulator.
#[derive(Debug, Clone)]
pub struct RunScene {
    /// Scene name.
    pub name: String,
    /// Scene file (relative paths in the scene are read against its directory).
    pub file: PathBuf,
    /// The scene's text, when it is not (or no longer) the file's: kept in checkpoints. `None`
    /// reads the file when the run starts.
    pub source: Option<String>,
    /// The scene's duration (s): the horizon when [`RunOptions::until`] is not given.
    pub duration: f64,
    /// Time step (s).
    pub dt: f64,
    /// Steps between frames (0: first and last only).
    pub frame_every: u64,
    /// Adaptive stepping.
    pub adaptive: AdaptiveSettings,
    /// When the run ends early, at rest.
    pub rest: Option<crate::scene::RestSpec>,
    /// The optional outputs (granular columns, force chains, contact lists).
    pub(super) plan: OutputPlan,
}

impl RunScene {
    /// Splits a built scene into what the run keeps of it and its simulator; `source` as in
    /// [`RunScene::source`].
    pub fn split(scene: BuiltScene, source: Option<String>) -> (Self, Simulator) {
        let info = Self {
            name: scene.name.clone(),
            file: scene.file.clone(),
            source,
            duration: scene.duration,
            dt: scene.dt,
            frame_every: scene.output.frame_every,
            adaptive: scene.adaptive,
            rest: scene.rest,
            plan: OutputPlan::of(&scene),
        };
        (info, scene.into_simulator())
    }
}

/// Runs `sim` from its current state to `opts.until` (default: the scene's duration) as
/// [`super::run`] does, and hands the simulator back in the state the run left it in (with
/// the run's result). Steps are numbered from 1 in `steps.csv`, whatever the starting time.
pub fn run_simulator(
    sim: Simulator,
    scene: &RunScene,
    opts: &RunOptions,
) -> (Simulator, Result<Summary, RunError>) {
    run_simulator_observed(sim, scene, opts, None)
}

/// Like [`run_simulator`], with `observer` called after every [`Observer::every`]-th step (see
/// [`Observer`]): it may stop the run early ([`Observation::Stop`](super::Observation::Stop), [`Observation::Abort`](super::Observation::Abort)).
/// Without an observer this is [`run_simulator`], step for step and bit for bit.
pub fn run_simulator_observed(
    sim: Simulator,
    scene: &RunScene,
    opts: &RunOptions,
    observer: Option<&mut dyn Observer>,
) -> (Simulator, Result<Summary, RunError>) {
    let start = match Start::of(&sim, scene, opts) {
        Ok(s) => s,
        Err(e) => return (sim, Err(e)),
    };
    let s = Session {
        name: scene.name.clone(),
        scene_file: start.scene_file,
        scene_source: start.scene_source,
        inputs: start.inputs,
        until: opts.until,
        checkpoint_every: opts.checkpoint_every.filter(|&n| n > 0),
        frame_every: scene.frame_every,
        plan: scene.plan.clone(),
        settings: AdaptiveSettings {
            end: opts.until.unwrap_or(scene.duration),
            ..scene.adaptive
        },
        adaptive: AdaptiveState::new(&scene.adaptive),
        rest: RestWatch::of(scene.rest),
        sim,
        out: start.out,
        totals: Default::default(),
        step: 0,
        n_steps: start.n_steps,
        last_frame_step: 0,
        wall_before: 0.0,
        stop: opts.stop.clone(),
        at_rest: None,
    };
    s.go(opts.progress, observer)
}

/// What a run starts from besides the simulator.
struct Start {
    n_steps: u64,
    scene_file: PathBuf,
    scene_source: Option<String>,
    inputs: Vec<InputFile>,
    out: Option<OutputDir>,
}

impl Start {
    /// The run's steps, the scene text and input files its checkpoints keep, and its output
    /// directory (created, the first frame written).
    fn of(sim: &Simulator, scene: &RunScene, opts: &RunOptions) -> Result<Self, RunError> {
        let end = opts.until.unwrap_or(scene.duration);
        let n_steps = check_steps(end, end - sim.model.time, scene.dt)?.round() as u64;
        let scene_file = std::path::absolute(&scene.file).unwrap_or_else(|_| scene.file.clone());
        // The checkpoint keeps the scene text and the text of its input files; read them now,
        // as the scene was built from them.
        let (scene_source, inputs) = match &opts.out {
            Some(_) => {
                let source = match &scene.source {
                    Some(s) => s.clone(),
                    None => read_text(&scene.file, "scene file")?,
                };
                let spec = parse_scene(&source, &scene.file)?;
                let inputs = input_files(&spec, &scene.file)?;
                (Some(source), inputs)
            }
            None => (None, Vec::new()),
        };
        let mut out = match &opts.out {
            Some(dir) => Some(OutputDir::create_with(
                dir,
                opts.force,
                scene.plan.columns(&sim.model),
            )?),
            None => None,
        };
        if let Some(o) = out.as_mut() {
            write_frame(o, sim, &scene.plan)?;
        }
        Ok(Self {
            n_steps,
            scene_file,
            scene_source,
            inputs,
            out,
        })
    }
}
