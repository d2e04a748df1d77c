//! `catena sweep`: one scene and chain, one run per value of a chain parameter (e.g. the
//! friction sweep of seed 001 Table 2: `--set T_IMC.mu=0.1,0.2,…,1.0`), run in parallel, the
//! tables rewritten as each case finishes.

use super::StudyError;
use super::case::{CaseResult, run_case};
use super::compare::{bar, sample_every};
use super::edit::{set_chain_parameter, swap_chains};
use super::metrics::Summary;
use super::store::{STUDY_FORMAT, StudyDir, StudyKind, StudyRecord};
use crate::contact::{Builtin, Chain};
use crate::diag::read_text;
use crate::io::DirLock;
use crate::run::{Stop, input_files};
use crate::scene::{SceneSpec, load_scene, parse_scene};
use indicatif::MultiProgress;
use parking_lot::Mutex;
use rayon::prelude::*;
use serde::Serialize;
use std::path::{Path, PathBuf};

/// What to sweep.
#[derive(Debug, Clone, Default)]
pub struct SweepOptions {
    /// Scene file.
    pub scene: PathBuf,
    /// Chain file whose parameter is swept.
    pub chain: PathBuf,
    /// `ELEMENT.field`, e.g. `T_IMC.mu`.
    pub parameter: String,
    /// Values, as RON literals.
    pub values: Vec<String>,
    /// Horizon (s); the scene's duration when `None`.
    pub until: Option<f64>,
    /// Output directory: new or empty (see [`crate::io::DirLock`]).
    pub out: PathBuf,
    /// Replace earlier catena output in `out`.
    pub force: bool,
    /// No progress bars.
    pub quiet: bool,
    /// A stop request, checked after every step.
    pub stop: Option<Stop>,
}

/// One case of the sweep.
#[derive(Debug, Clone, Serialize)]
pub struct SweepRow {
    /// Parameter value.
    pub value: String,
    /// Metrics of the run.
    #[serde(flatten)]
    pub summary: Summary,
    /// Whether the horizon was reached.
    pub completed: bool,
    /// Why the run stopped early.
    pub message: Option<String>,
}

/// Sub-directory of a sweep's edited chains.
const CHAINS_DIR: &str = "chains";

/// The edited chain file of value `v`, relative to the study directory.
fn chain_name(chain: &Path, v: &str) -> String {
    let stem = chain
        .file_stem()
        .map_or("chain".into(), |s| s.to_string_lossy().into_owned());
    let v = v.replace(
        |c: char| !c.is_ascii_alphanumeric() && c != '.' && c != '-',
        "_",
    );
    format!("{CHAINS_DIR}/{stem}_{v}.ron")
}

/// The edited chain file of value `v` inside the study directory `dir`.
fn chain_file(dir: &Path, chain: &Path, v: &str) -> PathBuf {
    dir.join(chain_name(chain, v))
}

/// The edited chain text of every value of `opts`, each parsed as a chain (nothing is written).
pub(super) fn edit_chains(opts: &SweepOptions) -> Result<Vec<String>, StudyError> {
    let text = read_text(&opts.chain, "chain file")?;
    let mut edited = Vec::new();
    for v in &opts.values {
        let e = set_chain_parameter(&text, &opts.parameter, v).map_err(|e| {
            format!(
                "{}: {e}\n  help: --set ELEMENT.field=v1,v2,… names an element of the chain \
                     file and one of its fields (`catena elements ELEMENT` lists them)",
                opts.chain.display()
            )
        })?;
        Chain::<Builtin>::parse(&e, &chain_file(&opts.out, &opts.chain, v))?;
        edited.push(e);
    }
    Ok(edited)
}

/// Writes the `edited` chains (of [`edit_chains`]) into `chains/` of the directory held by
/// `lock` and returns the study's record and the scene of every case (`spec`, read from
/// `opts.scene` as `source`), its chain swapped in.
pub(super) fn write_chains(
    opts: &SweepOptions,
    lock: &DirLock,
    edited: &[String],
    spec: SceneSpec,
    source: String,
) -> Result<(StudyRecord, Vec<SceneSpec>), StudyError> {
    let scene = std::path::absolute(&opts.scene).unwrap_or_else(|_| opts.scene.clone());
    lock.create_dir(CHAINS_DIR)?;
    let mut specs = Vec::new();
    let mut inputs = Vec::new();
    for (v, e) in opts.values.iter().zip(edited) {
        let name = chain_name(&opts.chain, v);
        lock.write_file(&name, e.as_bytes())?;
        let file = lock.dir().join(name);
        let file = std::fs::canonicalize(&file).unwrap_or(file);
        let mut s = spec.clone();
        swap_chains(&mut s, &scene, &file)?;
        for f in input_files(&s, &scene)? {
            if !inputs.contains(&f) {
                inputs.push(f);
            }
        }
        specs.push(s);
    }
    let record = StudyRecord {
        format: STUDY_FORMAT,
        kind: StudyKind::Sweep {
            chain: std::fs::canonicalize(&opts.chain).unwrap_or_else(|_| opts.chain.clone()),
            parameter: opts.parameter.clone(),
            values: opts.values.clone(),
        },
        scene,
        scene_source: source,
        until: opts.until,
        inputs,
    };
    Ok((record, specs))
}

/// Runs every case (in parallel) into `opts.out` (which it takes: new, empty, or `force`):
/// the edited chain files, and `sweep.csv` and `sweep.json` rewritten as each case finishes.
/// Returns the rows in the order of `values`.
pub fn sweep(opts: &SweepOptions) -> Result<Vec<SweepRow>, StudyError> {
    // Edit and validate every case's chain before taking the directory.
    let edited = edit_chains(opts)?;
    let (spec, source) = load_scene(&opts.scene)?;
    let lock = DirLock::fresh(&opts.out, opts.force)?;
    let (record, specs) = write_chains(opts, &lock, &edited, spec, source)?;
    let dir = StudyDir::start(lock, &record)?;
    let cases = vec![None; specs.len()];
    run_sweep(&dir, &record, &specs, cases, opts.quiet, opts.stop.as_ref())
}

/// Continues the sweep in `dir` (already opened, its inputs checked).
pub(super) fn resume_sweep(
    dir: &StudyDir,
    record: &StudyRecord,
    quiet: bool,
    stop: Option<&Stop>,
) -> Result<Vec<SweepRow>, StudyError> {
    let StudyKind::Sweep { chain, values, .. } = &record.kind else {
        return Err(StudyError::Input(
            "the study in this directory is not a sweep".into(),
        ));
    };
    let spec = parse_scene(&record.scene_source, &record.scene)?;
    let mut specs = Vec::new();
    for v in values {
        let file = chain_file(dir.path(), chain, v);
        let file = std::fs::canonicalize(&file).unwrap_or(file);
        let mut s = spec.clone();
        swap_chains(&mut s, &record.scene, &file)?;
        specs.push(s);
    }
    let cases = dir.finished(specs.len())?;
    run_sweep(dir, record, &specs, cases, quiet, stop)
}

fn run_sweep(
    dir: &StudyDir,
    record: &StudyRecord,
    specs: &[SceneSpec],
    cases: Vec<Option<CaseResult>>,
    quiet: bool,
    stop: Option<&Stop>,
) -> Result<Vec<SweepRow>, StudyError> {
    let StudyKind::Sweep {
        parameter, values, ..
    } = &record.kind
    else {
        return Err(StudyError::Input("not a sweep".into()));
    };
    let first = specs
        .first()
        .ok_or_else(|| StudyError::Input("sweep needs at least one value".into()))?;
    let horizon = record.until.unwrap_or(first.time.duration.0);
    let every = sample_every(first.time.dt.0, horizon);
    let multi = MultiProgress::new();
    let done = Mutex::new(cases);
    let todo: Vec<usize> = (0..specs.len())
        .filter(|&i| done.lock()[i].is_none())
        .collect();
    let results: Vec<Result<Option<i32>, StudyError>> = todo
        .par_iter()
        .map(|&i| {
            let label = format!("{parameter}={}", values[i]);
            let pb = multi.add(bar(quiet, &label));
            let case = run_case(
                &label,
                &specs[i],
                &record.scene_source,
                &record.scene,
                record.until,
                every,
                &pb,
                stop,
            )?;
            pb.finish();
            if let Some(signal) = case.interrupted {
                return Ok(Some(signal));
            }
            dir.save_case(i, &case)?;
            let mut d = done.lock();
            d[i] = Some(case);
            let reason = d.iter().any(Option::is_none).then_some("running");
            write_outputs(dir.lock(), record, &d, reason)?;
            Ok(None)
        })
        .collect();
    let mut interrupted = None;
    for r in results {
        if let Some(s) = r? {
            interrupted = Some(s);
        }
    }
    let d = done.into_inner();
    if let Some(signal) = interrupted {
        write_outputs(dir.lock(), record, &d, Some("interrupted"))?;
        return Err(StudyError::Interrupted {
            signal,
            finished: d.iter().flatten().count(),
            total: d.len(),
        });
    }
    write_outputs(dir.lock(), record, &d, None)?;
    Ok(rows(&d, values))
}

/// The rows of the finished `cases` (`None` for the others), in the order of `values`.
pub fn rows(cases: &[Option<CaseResult>], values: &[String]) -> Vec<SweepRow> {
    cases
        .iter()
        .zip(values)
        .filter_map(|(c, v)| {
            c.as_ref().map(|case| SweepRow {
                value: v.clone(),
                summary: Summary::of(case),
                completed: case.completed,
                message: case.message.clone(),
            })
        })
        .collect()
}

/// Writes `sweep.csv` and `sweep.json` with a row per finished case, in the order of the
/// values; `reason` says why the sweep is not complete (`None` when it is).
pub(super) fn write_outputs(
    dir: &DirLock,
    record: &StudyRecord,
    cases: &[Option<CaseResult>],
    reason: Option<&str>,
) -> Result<(), StudyError> {
    let StudyKind::Sweep {
        chain,
        parameter,
        values,
    } = &record.kind
    else {
        return Ok(());
    };
    let rows = rows(cases, values);
    let mut csv = format!(
        "{parameter},aipts,total_iterations,sim_end,atpts_ms,total_time_s,min_gap,\
         min_gap_iterates,max_penetration,completed\n"
    );
    for r in &rows {
        let s = &r.summary;
        csv.push_str(&format!(
            "{},{},{},{},{},{},{:e},{:e},{:e},{}\n",
            r.value,
            s.aipts,
            s.total_iterations,
            s.sim_end,
            s.atpts_ms,
            s.total_time_s,
            s.min_gap,
            s.min_gap_iterates,
            s.max_penetration,
            r.completed
        ));
    }
    dir.write_file("sweep.csv", csv.as_bytes())?;
    let json = serde_json::to_string_pretty(&serde_json::json!({
        "scene": record.scene.display().to_string(),
        "chain": chain.display().to_string(),
        "parameter": parameter,
        "until": record.until,
        "completed": reason.is_none(),
        "reason": reason,
        "runs": rows,
    }))
    .map_err(|e| StudyError::Input(e.to_string()))?;
    dir.write_file("sweep.json", json.as_bytes())?;
    Ok(())
}

/// The sweep as a text table (seed 001 Table 2's columns first).
pub fn table(parameter: &str, rows: &[SweepRow]) -> String {
    let mut s = format!(
        "{:<16} {:>7} {:>11} {:>9} {:>10}\n",
        parameter, "AIPTS", "total iter", "sim end", "ATPTS ms"
    );
    for r in rows {
        let m = &r.summary;
        s.push_str(&format!(
            "{:<16} {:>7.3} {:>11} {:>9.3} {:>10.3}{}\n",
            r.value,
            m.aipts,
            m.total_iterations,
            m.sim_end,
            m.atpts_ms,
            if r.completed { "" } else { "  (stopped early)" }
        ));
    }
    s
}
