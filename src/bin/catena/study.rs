//! `catena compare` and `catena sweep`: one scene run once per chain, or once per value of a
//! chain parameter; and `catena resume` of a study.

use crate::run::check_until;
use crate::signals;
use catena::run::Stop;
use catena::study::{StudyError, StudyOutcome};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Options shared by `compare` and `sweep`.
pub struct StudyArgs {
    /// `--until`.
    pub until: Option<f64>,
    /// `--out`.
    pub out: PathBuf,
    /// `--quiet`.
    pub quiet: bool,
    /// `--force`.
    pub force: bool,
}

const NOTE: &str = "RTI = total time of a chain / total time of the first; ē by seed 001 Eq. 22; \
                    min gap over accepted steps, iterates: over every Newton iterate.";

/// `catena compare SCENE --chain ...`: runs the scene once per chain and prints the comparison.
pub fn compare(scene: PathBuf, chains: Vec<PathBuf>, args: StudyArgs) -> ExitCode {
    if let Err(code) = check_until(args.until) {
        return code;
    }
    let stop = signals::install();
    crate::oom::set_out_dir(&args.out);
    let opts = catena::study::CompareOptions {
        scene,
        chains,
        until: args.until,
        out: args.out,
        force: args.force,
        quiet: args.quiet,
        stop: Some(stop),
    };
    match catena::study::compare(&opts) {
        Ok(rows) => {
            print!("{}", catena::study::compare_table(&rows));
            if let Ok((spec, _)) = catena::scene::load_scene(&opts.scene) {
                println!("{}", spec.solver.describe_tolerances());
            }
            println!("{NOTE}\ntables and plots in {}", opts.out.display());
            ExitCode::SUCCESS
        }
        Err(e) => report(e, &opts.out),
    }
}

/// `catena sweep SCENE --chain CHAIN --set ELEMENT.field=v1,v2,…`: runs the scene once per value.
pub fn sweep(scene: PathBuf, chain: PathBuf, set: &str, args: StudyArgs) -> ExitCode {
    let mut opts = match sweep_options(scene, chain, set, args) {
        Ok(o) => o,
        Err(code) => return code,
    };
    opts.stop = Some(signals::install());
    crate::oom::set_out_dir(&opts.out);
    match catena::study::sweep(&opts) {
        Ok(rows) => {
            print!("{}", catena::study::sweep_table(&opts.parameter, &rows));
            println!("tables in {}", opts.out.display());
            ExitCode::SUCCESS
        }
        Err(e) => report(e, &opts.out),
    }
}

/// The options of `catena sweep SCENE --chain CHAIN --set ELEMENT.field=v1,v2,…` (checked;
/// no stop request).
pub fn sweep_options(
    scene: PathBuf,
    chain: PathBuf,
    set: &str,
    args: StudyArgs,
) -> Result<catena::study::SweepOptions, ExitCode> {
    let Some((parameter, values)) = set.split_once('=') else {
        eprintln!("error: --set must be ELEMENT.field=v1,v2,… (e.g. T_IMC.mu=0.1,0.2)");
        eprintln!("  help: name the element and field as in the chain file");
        return Err(ExitCode::from(2));
    };
    check_until(args.until)?;
    Ok(catena::study::SweepOptions {
        scene,
        chain,
        parameter: parameter.trim().to_string(),
        values: values.split(',').map(|v| v.trim().to_string()).collect(),
        until: args.until,
        out: args.out,
        force: args.force,
        quiet: args.quiet,
        stop: None,
    })
}

/// `catena resume DIR` of a study.
pub fn resume(dir: &Path, quiet: bool, stop: &Stop) -> ExitCode {
    match catena::study::resume_study(dir, quiet, Some(stop)) {
        Ok(StudyOutcome::Compare(rows)) => {
            print!("{}", catena::study::compare_table(&rows));
            println!("{NOTE}\ntables and plots in {}", dir.display());
            ExitCode::SUCCESS
        }
        Ok(StudyOutcome::Sweep { parameter, rows }) => {
            print!("{}", catena::study::sweep_table(&parameter, &rows));
            println!("tables in {}", dir.display());
            ExitCode::SUCCESS
        }
        Err(e) => report(e, dir),
    }
}

/// Prints why a study did not finish and returns its exit status.
pub fn report(e: StudyError, out: &Path) -> ExitCode {
    match &e {
        StudyError::Interrupted { .. } => {
            eprintln!("{e}");
            eprintln!(
                "  the finished cases and their tables are in {}",
                out.display()
            );
            eprintln!(
                "  help: continue with `catena resume {}` (unfinished cases run again from \
                 their start)",
                out.display()
            );
        }
        _ => {
            eprintln!("error: {e}");
            if let Some(h) = e.help() {
                eprintln!("  help: {h}");
            }
        }
    }
    ExitCode::from(e.exit_code())
}
