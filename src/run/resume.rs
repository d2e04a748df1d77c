//! `catena resume`: a run continued from its last checkpoint.

use super::RunError;
use super::Stop;
use super::checkpoint::Checkpoint;
use super::driver::Session;
use super::frame::OutputPlan;
use super::inputs::verify_inputs;
use super::rest::RestWatch;
use super::restore::restore;
use crate::io::DirLock;
use crate::io::{OutputDir, STEPS_FILE, Summary, read_steps_csv};
use crate::scene::{build_scene, parse_scene};
use crate::system::AdaptiveSettings;
use std::path::Path;

/// Continues the run whose output (and `checkpoint.ron`) is in `dir` from its last checkpoint:
/// checks that every file the scene names still holds what the run read (refused, naming the
/// file, otherwise: see [`super::verify_inputs`]), rebuilds the scene from the text saved in the checkpoint, restores the state,
/// drops the rows and frames written after the checkpoint (and a partial last line), and runs
/// on. The result is bit-identical to a run that was never interrupted (under
/// `linear_solver: AmdLu` the checkpoint carries the entries its kept analysis holds, whose
/// elimination order is history; a checkpoint older than format 6 lacks them, and that resumed
/// run differs at round-off).
pub fn resume(dir: &Path, progress: bool, stop: Option<Stop>) -> Result<Summary, RunError> {
    let lock = DirLock::existing(dir)?;
    let ck = Checkpoint::read(dir)?;
    verify_inputs(&ck.inputs)?;
    let spec = parse_scene(&ck.scene_source, &ck.scene_file)?;
    let scene = build_scene(&spec, &ck.scene_source, &ck.scene_file)?;
    let settings = AdaptiveSettings {
        end: ck.until.unwrap_or(scene.duration),
        ..scene.adaptive
    };
    let rest = RestWatch {
        calm: ck.rest_calm,
        ..RestWatch::of(scene.rest)
    };
    let name = scene.name.clone();
    let frame_every = scene.output.frame_every;
    let plan = OutputPlan::of(&scene);
    let mut sim = scene.into_simulator();
    restore(&mut sim, &ck).map_err(RunError::Resume)?;
    let mut totals = crate::io::StepTotals::default();
    for r in read_steps_csv(&dir.join(STEPS_FILE))?
        .iter()
        .take(ck.step as usize)
    {
        totals.add(r);
    }
    let out = OutputDir::reopen(lock, ck.step, &ck.frame_times)?;
    let s = Session {
        name,
        scene_file: ck.scene_file.clone(),
        scene_source: Some(ck.scene_source.clone()),
        inputs: ck.inputs.clone(),
        until: ck.until,
        checkpoint_every: ck.checkpoint_every,
        frame_every,
        plan,
        settings,
        adaptive: ck.adaptive,
        rest,
        sim,
        out: Some(out),
        totals,
        step: ck.step,
        n_steps: ck.n_steps,
        last_frame_step: ck.last_frame_step,
        wall_before: ck.wall_time_s,
        stop,
        at_rest: None,
    };
    s.go(progress, None).1
}
