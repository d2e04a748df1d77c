//! Starting a run: from a built scene (`catena run`), or from a simulator that may already have
//! been stepped and edited (the Python package's `Simulator.run`), which it hands back.

use super::RunError;
use super::driver::RunOptions;
use super::driver::{Session, write_frame};
use super::horizon::check_steps;
use super::inputs::input_files;
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
    let mut s = match session(sim, scene, opts) {
        Ok(s) => s,
        Err((sim, e)) => return (sim, Err(e)),
    };
    let result = s.go(opts.progress);
    (s.sim, result)
}

/// The session of a run of `sim`, its output directory created and first frame written.
fn session(
    sim: Simulator,
    scene: &RunScene,
    opts: &RunOptions,
) -> Result<Session, (Simulator, RunError)> {
    let end = opts.until.unwrap_or(scene.duration);
    let t0 = sim.model.time;
    let n_steps = match check_steps(end, end - t0, scene.dt) {
        Ok(n) => n.round() as u64,
        Err(e) => return Err((sim, e.into())),
    };
    let scene_file = std::path::absolute(&scene.file).unwrap_or_else(|_| scene.file.clone());
    // The checkpoint keeps the scene text and the text of its input files; read them now, as
    // the scene was built from them.
    let (scene_source, inputs) = match &opts.out {
        Some(_) => {
            let read = || -> Result<_, RunError> {
                let source = match &scene.source {
                    Some(s) => s.clone(),
                    None => read_text(&scene.file, "scene file")?,
                };
                let spec = parse_scene(&source, &scene.file)?;
                let inputs = input_files(&spec, &scene.file)?;
                Ok((Some(source), inputs))
            };
            match read() {
                Ok(r) => r,
                Err(e) => return Err((sim, e)),
            }
        }
        None => (None, Vec::new()),
    };
    let mut out = match &opts.out {
        Some(dir) => match OutputDir::create(dir, opts.force) {
            Ok(o) => Some(o),
            Err(e) => return Err((sim, e.into())),
        },
        None => None,
    };
    if let Some(o) = out.as_mut()
        && let Err(e) = write_frame(o, &sim.model)
    {
        return Err((sim, e));
    }
    Ok(Session {
        name: scene.name.clone(),
        scene_file,
        scene_source,
        inputs,
        until: opts.until,
        checkpoint_every: opts.checkpoint_every.filter(|&n| n > 0),
        frame_every: scene.frame_every,
        settings: scene.adaptive,
        adaptive: AdaptiveState::new(&scene.adaptive),
        sim,
        out,
        records: Vec::with_capacity(n_steps.min(1 << 16) as usize),
        step: 0,
        n_steps,
        last_frame_step: 0,
        wall_before: 0.0,
        stop: opts.stop.clone(),
    })
}
