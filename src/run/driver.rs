//! The time loop of `catena run`: step, record, write (flushed), repeat.

use super::RunError;
use crate::io::{Frame, OutputDir, PolylineBody, SphereBody, StepRecord, Summary};
use crate::math::Vec3;
use crate::model::Model;
use crate::scene::BuiltScene;
use indicatif::{ProgressBar, ProgressStyle};
use std::path::PathBuf;
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
    out.write_frame(&Frame {
        time: model.time,
        rods: &bodies,
        spheres: &spheres,
    })?;
    Ok(())
}

/// Runs a built scene to its end (or `until`), writing `steps.csv`, frames and
/// `summary.json` as it goes. On a failed step the output so far and a summary marked
/// incomplete are written before the error is returned.
pub fn run(scene: BuiltScene, opts: &RunOptions) -> Result<Summary, RunError> {
    let name = scene.name.clone();
    let end = opts.until.unwrap_or(scene.duration);
    let frame_every = scene.output.frame_every;
    let mut sim = scene.into_simulator();
    let n_steps = ((end - sim.model.time) / sim.dt).round().max(0.0) as u64;
    let mut out = match &opts.out {
        Some(dir) => Some(OutputDir::create(dir)?),
        None => None,
    };
    if let Some(o) = out.as_mut() {
        write_frame(o, &sim.model)?;
    }
    let bar = if opts.progress {
        let b = ProgressBar::new(n_steps);
        b.set_style(
            ProgressStyle::with_template(
                "{spinner} [{elapsed_precise}] {bar:30} {pos}/{len} steps  {per_sec}  {msg}",
            )
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
        );
        b
    } else {
        ProgressBar::hidden()
    };
    let started = Instant::now();
    let mut records: Vec<StepRecord> = Vec::with_capacity(n_steps as usize);
    let mut last_frame_step = 0;
    for k in 1..=n_steps {
        let t_start = sim.model.time;
        match sim.step() {
            Ok(rep) => {
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
                };
                if let Some(o) = out.as_mut() {
                    o.write_step(&rec)?;
                    if frame_every > 0 && k % frame_every == 0 {
                        write_frame(o, &sim.model)?;
                        last_frame_step = k;
                    }
                }
                bar.set_message(format!(
                    "t = {:.4} s  newton {}",
                    rep.t, rep.newton.iterations
                ));
                bar.inc(1);
                records.push(rec);
            }
            Err(error) => {
                bar.abandon();
                let mut s = summarize(
                    &name,
                    &records,
                    started,
                    out.as_ref().map_or(0, |o| o.frames_written()),
                );
                s.completed = false;
                s.message = Some(error.to_string());
                if let Some(o) = out.as_mut() {
                    write_frame(o, &sim.model)?;
                    s.frames = o.frames_written();
                    o.write_summary(&s)?;
                }
                return Err(RunError::Solve {
                    step: k,
                    t: t_start,
                    error,
                });
            }
        }
    }
    bar.finish_and_clear();
    if let Some(o) = out.as_mut()
        && last_frame_step != n_steps
    {
        write_frame(o, &sim.model)?;
    }
    let mut s = summarize(
        &name,
        &records,
        started,
        out.as_ref().map_or(0, |o| o.frames_written()),
    );
    s.completed = true;
    if let Some(o) = out.as_ref() {
        o.write_summary(&s)?;
    }
    Ok(s)
}

fn summarize(name: &str, records: &[StepRecord], started: Instant, frames: u64) -> Summary {
    let mut s = Summary::from_steps(name, records);
    s.wall_time_s = started.elapsed().as_secs_f64();
    s.frames = frames;
    s
}
