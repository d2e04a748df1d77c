//! `catena run` and `catena resume`: run a scene, or continue a run from its checkpoint.

use catena::run::{RunError, RunOptions, resume, run};
use catena::scene::{BuiltScene, SceneError, build_scene, load_scene};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Loads and builds the scene file at `path`.
pub fn load(path: &Path) -> Result<BuiltScene, SceneError> {
    let (spec, source) = load_scene(path)?;
    build_scene(&spec, &source, path)
}

/// `catena run SCENE`: runs the scene into `out`.
pub fn run_scene(
    scene: &Path,
    out: PathBuf,
    until: Option<f64>,
    quiet: bool,
    checkpoint_every: Option<u64>,
) -> ExitCode {
    if checkpoint_every == Some(0) {
        eprintln!("error: --checkpoint-every must be at least 1");
        return ExitCode::from(2);
    }
    if let Some(u) = until
        && !(u.is_finite() && u > 0.0)
    {
        eprintln!("error: --until must be a positive number of seconds, got {u}");
        return ExitCode::from(2);
    }
    let built = match load(scene) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let opts = RunOptions {
        out: Some(out.clone()),
        until,
        progress: !quiet,
        checkpoint_every,
    };
    finish_run(run(built, &opts), &out)
}

/// `catena resume DIR`: continues the run whose output (and checkpoint) is in `dir`.
pub fn resume_run(dir: &Path, quiet: bool) -> ExitCode {
    finish_run(resume(dir, !quiet), dir)
}

/// Reports the end of a run (or resumed run) whose output is in `out`: exit 0 when it
/// completed, 1 when a step failed, 2 for bad input or output errors.
fn finish_run(result: Result<catena::io::Summary, RunError>, out: &std::path::Path) -> ExitCode {
    match result {
        Ok(s) => {
            println!(
                "{}: {} steps to t = {:.6} s, {} Newton iterations (AIPTS {:.2}), {:.2} s wall; output in {}",
                s.scene,
                s.steps,
                s.sim_time,
                s.total_newton_iterations,
                s.aipts,
                s.wall_time_s,
                out.display()
            );
            ExitCode::SUCCESS
        }
        Err(e @ RunError::Solve { .. }) => {
            eprintln!("error: {e}");
            eprintln!(
                "  the output up to the last accepted step is in {}",
                out.display()
            );
            if out.join(catena::run::CHECKPOINT_FILE).is_file() {
                eprintln!(
                    "  help: a checkpoint of the last completed step is in {}; lower `min_dt` or \
                     change the solver settings, or continue with `catena resume {}`",
                    out.join(catena::run::CHECKPOINT_FILE).display(),
                    out.display()
                );
            } else {
                eprintln!("  help: lower `min_dt` in `time`, or change the solver settings");
            }
            ExitCode::from(1)
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}
