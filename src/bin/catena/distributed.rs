//! `catena sweep … --emit slurm DIR` and `catena sweep --collect DIR`: a sweep laid out as a
//! Slurm job array of `catena run` cases, and its finished runs merged into the sweep's tables.

use crate::study::{StudyArgs, report, sweep_options};
use catena::study::{CaseStatus, Plan, StudyKind, collect as collect_runs, emit_slurm};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// `catena sweep SCENE --chain CHAIN --set … --emit slurm DIR`: writes the cases and the job
/// script into DIR (the plan of the same sweep already there is kept, with its runs).
pub fn emit(
    scene: PathBuf,
    chain: PathBuf,
    set: &str,
    emit: &[String],
    args: StudyArgs,
) -> ExitCode {
    let [kind, dir] = emit else {
        eprintln!("error: --emit takes KIND DIR (e.g. --emit slurm out/sweep)");
        return ExitCode::from(2);
    };
    if kind != "slurm" {
        eprintln!("error: --emit {kind}: the only kind is `slurm`");
        eprintln!("  help: --emit slurm DIR writes a Slurm job array (sbatch DIR/study.sbatch)");
        return ExitCode::from(2);
    }
    let dir = PathBuf::from(dir);
    let mut opts = match sweep_options(scene, chain, set, args) {
        Ok(o) => o,
        Err(code) => return code,
    };
    opts.out = dir.clone();
    let catena = std::env::current_exe().unwrap_or_else(|_| PathBuf::from("catena"));
    let result = Plan::sweep(&opts).and_then(|plan| {
        let script = emit_slurm(plan.dir(), &catena)?;
        Ok((plan.len(), script))
    });
    match result {
        Ok((n, script)) => {
            println!("{n} cases laid out in {}", dir.display());
            println!("submit with: sbatch {}", script.display());
            println!("then merge:  catena sweep --collect {}", dir.display());
            ExitCode::SUCCESS
        }
        Err(e) => report(e, &dir),
    }
}

/// `catena sweep --collect DIR`: merges the finished runs into DIR/sweep.csv and sweep.json
/// (or compare.csv and compare.json for a comparison laid out from Python), prints the table,
/// and lists the cases that are missing, unfinished or failed. Exit status 0 when every case
/// completed, 1 otherwise.
pub fn collect(dir: &Path) -> ExitCode {
    let collected = match collect_runs(dir) {
        Ok(c) => c,
        Err(e) => return report(e, dir),
    };
    let plan = match Plan::open(dir) {
        Ok(p) => p,
        Err(e) => return report(e, dir),
    };
    match &plan.record().kind {
        StudyKind::Sweep {
            parameter, values, ..
        } => print!(
            "{}",
            catena::study::sweep_table(
                parameter,
                &catena::study::sweep_rows(&collected.cases, values)
            )
        ),
        StudyKind::Compare { .. } => println!("compare.csv written"),
    }
    let done = collected
        .statuses
        .iter()
        .filter(|s| **s == CaseStatus::Completed)
        .count();
    println!(
        "{done} of {} cases completed; tables in {}",
        plan.len(),
        dir.display()
    );
    for (i, s) in collected.statuses.iter().enumerate() {
        let what = match s {
            CaseStatus::Completed => continue,
            CaseStatus::Missing => "missing (no output yet)".to_string(),
            CaseStatus::Unfinished(reason) => format!("unfinished ({reason})"),
            CaseStatus::Failed(m) => format!("failed: {m}"),
        };
        println!("  case {i:03} {}: {what}", plan.label(i));
    }
    if collected.all_completed() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}
