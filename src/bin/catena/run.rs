//! `catena run` and `catena resume`: run a scene, or continue a run (or a study) from what its
//! output directory holds.

use crate::{oom, signals, study};
use catena::run::{RunError, RunOptions, resume, run};
use catena::scene::{BuiltScene, SceneError, build_scene, load_scene};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Loads and builds the scene file at `path`, printing its warnings for a run to `until`
/// (the scene's duration when `None`) on stderr.
pub fn load(path: &Path, until: Option<f64>) -> Result<BuiltScene, SceneError> {
    let (spec, source) = load_scene(path)?;
    let built = build_scene(&spec, &source, path)?;
    for w in built.warnings_until(until) {
        eprintln!("warning: {}: {w}", path.display());
    }
    Ok(built)
}

/// The output directory of `catena run SCENE` without `--out`: `out/<scene file stem>`.
pub fn default_out(scene: &Path) -> PathBuf {
    let stem = scene
        .file_stem()
        .map_or_else(|| "run".into(), |s| s.to_string_lossy().into_owned());
    Path::new("out").join(stem)
}

/// Checks `--until`: a positive, finite number of seconds.
pub fn check_until(until: Option<f64>) -> Result<(), ExitCode> {
    if let Some(u) = until
        && !(u.is_finite() && u > 0.0)
    {
        eprintln!("error: --until must be a positive number of seconds, got {u}");
        eprintln!("  help: e.g. --until 2.5 (simulated seconds)");
        return Err(ExitCode::from(2));
    }
    Ok(())
}

/// Options of `catena run` besides the scene.
pub struct RunArgs {
    /// `--out` (default: [`default_out`]).
    pub out: Option<PathBuf>,
    /// `--until`.
    pub until: Option<f64>,
    /// `--quiet`.
    pub quiet: bool,
    /// `--checkpoint-every`.
    pub checkpoint_every: Option<u64>,
    /// `--force`.
    pub force: bool,
    /// `--profile`.
    pub profile: bool,
}

/// `catena run SCENE`: runs the scene into its output directory.
pub fn run_scene(scene: &Path, args: RunArgs) -> ExitCode {
    if args.checkpoint_every == Some(0) {
        eprintln!("error: --checkpoint-every must be at least 1");
        eprintln!("  help: e.g. --checkpoint-every 100 (steps)");
        return ExitCode::from(2);
    }
    if let Err(code) = check_until(args.until) {
        return code;
    }
    let built = match load(scene, args.until) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let out = args.out.unwrap_or_else(|| default_out(scene));
    let stop = signals::install();
    oom::set_out_dir(&out);
    let opts = RunOptions {
        out: Some(out.clone()),
        force: args.force,
        until: args.until,
        progress: !args.quiet,
        checkpoint_every: args.checkpoint_every,
        stop: Some(stop),
    };
    let result = run(built, &opts);
    if args.profile
        && let Ok(s) = &result
    {
        print!("{}", catena::io::profile_table(s));
    }
    finish_run(result, &out)
}

/// `catena resume DIR`: continues the run, or the study, whose output is in `dir`.
pub fn resume_run(dir: &Path, quiet: bool) -> ExitCode {
    let stop = signals::install();
    oom::set_out_dir(dir);
    if catena::study::is_study(dir) {
        return study::resume(dir, quiet, &stop);
    }
    finish_run(resume(dir, !quiet, Some(stop)), dir)
}

/// Reports the end of a run (or resumed run) whose output is in `out`: exit 0 when it
/// completed, 1 when a step failed, 130/143 when interrupted, 2 for bad input or output errors.
fn finish_run(result: Result<catena::io::Summary, RunError>, out: &Path) -> ExitCode {
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
            if let Some(note) = &s.message {
                eprintln!("note: {note}");
            }
            ExitCode::SUCCESS
        }
        Err(e @ RunError::Interrupted { .. }) => {
            eprintln!("{e}");
            eprintln!(
                "  the rows, frames and a checkpoint of that step are in {}",
                out.display()
            );
            eprintln!("  help: continue with `catena resume {}`", out.display());
            ExitCode::from(e.exit_code())
        }
        Err(e @ RunError::Solve { .. }) => {
            eprintln!("error: {e}");
            eprintln!(
                "  the output up to the last accepted step is in {}",
                out.display()
            );
            if let Some(h) = e.help() {
                eprintln!("  help: {h}");
            }
            if out.join(catena::run::CHECKPOINT_FILE).is_file() {
                eprintln!(
                    "  note: a checkpoint of the last completed step is in {}: after changing \
                     the settings, continue from it with `catena resume {}`",
                    out.join(catena::run::CHECKPOINT_FILE).display(),
                    out.display()
                );
            }
            ExitCode::from(1)
        }
        Err(e) => {
            eprintln!("error: {e}");
            // A scene error carries its help line in its message.
            if !matches!(e, RunError::Scene(_))
                && let Some(h) = e.help()
            {
                eprintln!("  help: {h}");
            }
            ExitCode::from(e.exit_code())
        }
    }
}
