//! `catena compare`: one scene, one run per chain, the IMC paper's Table 1 metrics (AIPTS,
//! ATPTS, total iterations and time, RTI), gaps, and ē of Eq. 22 against the first chain,
//! with CSV/JSON tables and SVG plots (Fig. E.3, Fig. 4d), rewritten as each case finishes.

use super::StudyError;
use super::case::{CaseResult, run_case};
use super::compare_report::{CompareRow, rows, write_outputs};
use super::edit::swap_chains;
use super::store::{StudyDir, StudyKind, StudyRecord};
use crate::run::{Stop, input_files};
use crate::scene::{SceneSpec, load_scene, parse_scene};
use indicatif::{ProgressBar, ProgressStyle};
use std::path::{Path, PathBuf};

/// What to compare.
#[derive(Debug, Clone, Default)]
pub struct CompareOptions {
    /// Scene file.
    pub scene: PathBuf,
    /// Chain files; the first is the reference for RTI and ē.
    pub chains: Vec<PathBuf>,
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

pub(super) fn bar(quiet: bool, label: &str) -> ProgressBar {
    if quiet {
        return ProgressBar::hidden();
    }
    let pb = ProgressBar::new(0);
    pb.set_style(
        ProgressStyle::with_template(
            "{prefix:>24} [{bar:40}] {pos}/{len} steps, {elapsed} ({eta} left)",
        )
        .unwrap_or_else(|_| ProgressStyle::default_bar())
        .progress_chars("=> "),
    );
    pb.set_prefix(label.to_string());
    pb
}

pub(super) fn label_of(p: &Path) -> String {
    p.file_stem().map_or_else(
        || p.display().to_string(),
        |s| s.to_string_lossy().into_owned(),
    )
}

/// Sampling interval (steps) giving at most ~1000 samples of a run.
pub(super) fn sample_every(dt: f64, horizon: f64) -> u64 {
    ((horizon / dt) / 1000.0).ceil().max(1.0) as u64
}

/// The scene with each chain swapped in, in order.
fn swapped(
    spec: &SceneSpec,
    scene: &Path,
    chains: &[PathBuf],
) -> Result<Vec<SceneSpec>, StudyError> {
    chains
        .iter()
        .map(|chain| {
            let mut s = spec.clone();
            swap_chains(&mut s, scene, chain)?;
            Ok(s)
        })
        .collect()
}

/// The study's record and the scene of every case of `opts`, each chain swapped in.
pub(super) fn compare_cases(
    opts: &CompareOptions,
) -> Result<(StudyRecord, Vec<SceneSpec>), StudyError> {
    if opts.chains.is_empty() {
        return Err(StudyError::Input(
            "compare needs at least one --chain".into(),
        ));
    }
    let (spec, source) = load_scene(&opts.scene)?;
    let scene = std::path::absolute(&opts.scene).unwrap_or_else(|_| opts.scene.clone());
    let specs = swapped(&spec, &scene, &opts.chains)?;
    let mut inputs = Vec::new();
    for s in &specs {
        for f in input_files(s, &scene)? {
            if !inputs.contains(&f) {
                inputs.push(f);
            }
        }
    }
    let chains = opts
        .chains
        .iter()
        .map(|c| std::fs::canonicalize(c).unwrap_or_else(|_| c.clone()))
        .collect();
    let record = StudyRecord {
        format: super::store::STUDY_FORMAT,
        kind: StudyKind::Compare { chains },
        scene,
        scene_source: source,
        until: opts.until,
        inputs,
    };
    Ok((record, specs))
}

/// Runs the comparison into `opts.out` (which it takes: new, empty, or `force`), writing
/// `compare.csv`, `compare.json` and the plots each time a case finishes, and returns the rows.
pub fn compare(opts: &CompareOptions) -> Result<Vec<CompareRow>, StudyError> {
    let (record, specs) = compare_cases(opts)?;
    let dir = StudyDir::start(crate::io::DirLock::fresh(&opts.out, opts.force)?, &record)?;
    let cases = vec![None; specs.len()];
    run_compare(&dir, &record, &specs, cases, opts.quiet, opts.stop.as_ref())
}

/// Continues the comparison in `dir` (already opened, its inputs checked): the finished cases
/// are read back, the others run.
pub(super) fn resume_compare(
    dir: &StudyDir,
    record: &StudyRecord,
    quiet: bool,
    stop: Option<&Stop>,
) -> Result<Vec<CompareRow>, StudyError> {
    let StudyKind::Compare { chains } = &record.kind else {
        return Err(StudyError::Input(
            "the study in this directory is not a comparison".into(),
        ));
    };
    let spec = parse_scene(&record.scene_source, &record.scene)?;
    let specs = swapped(&spec, &record.scene, chains)?;
    let cases = dir.finished(specs.len())?;
    run_compare(dir, record, &specs, cases, quiet, stop)
}

fn run_compare(
    dir: &StudyDir,
    record: &StudyRecord,
    specs: &[SceneSpec],
    mut cases: Vec<Option<CaseResult>>,
    quiet: bool,
    stop: Option<&Stop>,
) -> Result<Vec<CompareRow>, StudyError> {
    let StudyKind::Compare { chains } = &record.kind else {
        return Err(StudyError::Input("not a comparison".into()));
    };
    let first = specs
        .first()
        .ok_or_else(|| StudyError::Input("compare needs at least one --chain".into()))?;
    let horizon = record.until.unwrap_or(first.time.duration.0);
    let every = sample_every(first.time.dt.0, horizon);
    for (i, s) in specs.iter().enumerate() {
        if cases[i].is_some() {
            continue;
        }
        let label = label_of(&chains[i]);
        let pb = bar(quiet, &label);
        let case = run_case(
            &label,
            s,
            &record.scene_source,
            &record.scene,
            record.until,
            every,
            &pb,
            stop,
        )?;
        pb.finish_and_clear();
        if let Some(signal) = case.interrupted {
            let done: Vec<CaseResult> = cases.iter().flatten().cloned().collect();
            write_outputs(dir.lock(), record, &done, chains, Some("interrupted"))?;
            return Err(StudyError::Interrupted {
                signal,
                finished: done.len(),
                total: specs.len(),
            });
        }
        dir.save_case(i, &case)?;
        cases[i] = Some(case);
        let done: Vec<CaseResult> = cases.iter().flatten().cloned().collect();
        let reason = (done.len() < specs.len()).then_some("running");
        write_outputs(dir.lock(), record, &done, chains, reason)?;
    }
    let done: Vec<CaseResult> = cases.into_iter().flatten().collect();
    Ok(rows(&done, chains))
}
