//! One run of a study: a scene stepped to a horizon, recording every step and sampling node
//! positions for configuration differences.

use crate::math::Vec3;
use crate::run::{Stop, check_steps};
use crate::scene::{SceneError, SceneSpec, build_scene};
use crate::system::{AdaptiveSettings, AdaptiveState, advance};
use indicatif::ProgressBar;
use serde::{Deserialize, Serialize};
use std::path::Path;
use std::time::Instant;

/// What one accepted step did.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct StepRecord {
    /// Time at the end of the step (s).
    pub t: f64,
    /// Newton iterations.
    pub iterations: u32,
    /// Wall time of the step (s).
    pub wall: f64,
    /// Active contacts.
    pub active: u64,
    /// Smallest gap at the accepted configuration (m; +∞ without contact candidates).
    pub min_gap: f64,
    /// Smallest gap over every configuration Newton evaluated in the step, trial iterates and
    /// line-search probes included (m; +∞ without contact candidates).
    pub min_gap_iterates: f64,
    /// Largest penetration at the accepted configuration (m).
    pub max_penetration: f64,
}

/// Node positions of every rod at one time.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Sample {
    /// Time (s).
    pub t: f64,
    /// Positions, rods in order, nodes in order (m).
    pub nodes: Vec<Vec3>,
}

/// The record of one run.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CaseResult {
    /// Label (chain file or parameter value).
    pub label: String,
    /// Every accepted step.
    pub steps: Vec<StepRecord>,
    /// Sampled configurations (every `sample_every` steps, and the first).
    pub samples: Vec<Sample>,
    /// Mean rod radius h (m), for Eq. 22.
    pub radius: f64,
    /// Whether the horizon was reached.
    pub completed: bool,
    /// Why the run stopped early.
    pub message: Option<String>,
    /// The signal that stopped the run (see [`Stop`]), if one did: the case is unfinished.
    #[serde(default)]
    pub interrupted: Option<i32>,
}

fn sample(sim: &crate::system::Simulator) -> Sample {
    let m = &sim.model;
    Sample {
        t: m.time,
        nodes: m
            .bodies
            .rods
            .iter()
            .flat_map(|r| (0..r.n_nodes).map(|i| r.node(&m.q, i)))
            .collect(),
    }
}

/// Builds `spec` (read from `file`) and steps it to `until` (default: the scene's duration),
/// sampling configurations every `sample_every` steps. A step that fails ends the run; what was
/// computed is kept and the reason recorded. A stop request ends it after the current step,
/// marked [`CaseResult::interrupted`].
#[allow(clippy::too_many_arguments)]
pub fn run_case(
    label: &str,
    spec: &SceneSpec,
    source: &str,
    file: &Path,
    until: Option<f64>,
    sample_every: u64,
    progress: &ProgressBar,
    stop: Option<&Stop>,
) -> Result<CaseResult, SceneError> {
    let built = build_scene(spec, source, file)?;
    let horizon = until.unwrap_or(built.duration);
    let dt = built.dt;
    check_steps(horizon, horizon, dt).map_err(|e| {
        SceneError::new(file, None, e.to_string())
            .with_help("check --until (simulated seconds) and the scene's `time.dt`")
    })?;
    let n_steps = (horizon / dt - 1e-9).ceil().max(0.0) as u64;
    let radius = if built.model.bodies.rods.is_empty() {
        0.0
    } else {
        built
            .model
            .bodies
            .rods
            .iter()
            .map(|r| r.section.contact_radius())
            .sum::<f64>()
            / built.model.bodies.rods.len() as f64
    };
    let adaptive = AdaptiveSettings {
        end: horizon,
        ..built.adaptive
    };
    let mut state = AdaptiveState::new(&adaptive);
    let mut sim = built.into_simulator();
    progress.set_length(n_steps);
    let mut out = CaseResult {
        label: label.to_string(),
        steps: Vec::with_capacity(n_steps.min(1 << 16) as usize),
        samples: vec![sample(&sim)],
        radius,
        completed: true,
        message: None,
        interrupted: None,
    };
    for k in 1..=n_steps {
        if let Some(signal) = stop.and_then(Stop::requested) {
            out.completed = false;
            out.interrupted = Some(signal);
            out.message = Some(format!(
                "interrupted by {} at t = {:.6} s",
                crate::run::signal_name(signal),
                sim.model.time
            ));
            break;
        }
        let start = Instant::now();
        // A failed step is retried with a smaller Δt, as `catena run` does.
        match advance(&mut sim, &mut state, &adaptive) {
            Ok(step) => {
                let r = step.report;
                out.steps.push(StepRecord {
                    t: r.t,
                    iterations: r.newton.iterations,
                    wall: start.elapsed().as_secs_f64(),
                    active: r.contacts.active,
                    min_gap: r.contacts.min_gap,
                    min_gap_iterates: r.newton.min_gap,
                    max_penetration: r.contacts.max_penetration,
                });
                if k % sample_every.max(1) == 0 {
                    out.samples.push(sample(&sim));
                }
                if adaptive.grows() && sim.model.time >= horizon {
                    // Grown steps reached the horizon before the fixed-Δt count.
                    progress.inc(1);
                    break;
                }
            }
            Err(e) => {
                out.completed = false;
                out.message = Some(format!("stopped at t = {:.6} s: {e}", sim.model.time));
                break;
            }
        }
        progress.inc(1);
    }
    Ok(out)
}
