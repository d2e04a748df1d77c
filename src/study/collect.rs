//! Reading the runs of a planned study ([`Plan`]) back into its tables: each case's
//! `runs/NNN/` as `catena run` left it (`summary.json`, `steps.csv`, `frames/`), or the
//! `error.txt` of a case that could not start. The tables are those of `catena sweep` and
//! `catena compare` (`sweep.csv/json`, `compare.csv/json` and its plots), over the cases that
//! finished; ē of a comparison is taken over the runs' frames.

use super::StudyError;
use super::case::{CaseResult, Sample, StepRecord};
use super::compare_report::write_outputs as write_compare;
use super::plan::Plan;
use super::store::StudyKind;
use super::sweep::write_outputs as write_sweep;
use crate::io::{DirLock, read_vtp};
use crate::io::{FRAMES_DIR, OutputError, STEPS_FILE, SUMMARY_FILE, read_steps_csv, read_summary};
use std::path::Path;

/// File a case's run directory holds when the case stopped before `catena run` wrote anything
/// (its scene could not be read or built): the error, as `catena run` prints it.
pub const ERROR_FILE: &str = "error.txt";

/// Where one case of a plan stands.
#[derive(Debug, Clone, PartialEq)]
pub enum CaseStatus {
    /// Nothing written yet.
    Missing,
    /// Started and not finished: still running, killed, or interrupted (the reason). Running
    /// the plan again runs it from its start.
    Unfinished(String),
    /// Reached its horizon.
    Completed,
    /// Stopped by an error (a step that failed at the smallest Δt, a scene that could not be
    /// built): finished, with the error.
    Failed(String),
}

impl CaseStatus {
    /// Whether the case is done (completed or failed): running the plan again skips it.
    pub fn is_finished(&self) -> bool {
        matches!(self, Self::Completed | Self::Failed(_))
    }

    /// A one-word name: `missing`, `unfinished`, `completed` or `failed`.
    pub fn name(&self) -> &'static str {
        match self {
            Self::Missing => "missing",
            Self::Unfinished(_) => "unfinished",
            Self::Completed => "completed",
            Self::Failed(_) => "failed",
        }
    }
}

/// Where case `i` of `plan` stands, from what its run directory holds.
pub fn case_status(plan: &Plan, i: usize) -> Result<CaseStatus, StudyError> {
    let run = plan.run_dir(i);
    let error = run.join(ERROR_FILE);
    if error.is_file() {
        let text = std::fs::read_to_string(&error).map_err(|e| OutputError::read(&error, e))?;
        return Ok(CaseStatus::Failed(text.trim_end().to_string()));
    }
    let summary = run.join(SUMMARY_FILE);
    if !summary.is_file() {
        return Ok(CaseStatus::Missing);
    }
    let s = read_summary(&summary)?;
    Ok(match s.reason.as_deref() {
        _ if s.completed => CaseStatus::Completed,
        Some("failed") => CaseStatus::Failed(s.message.unwrap_or_else(|| "failed".into())),
        r => CaseStatus::Unfinished(r.unwrap_or("unknown").to_string()),
    })
}

/// Records that case `i` of `plan` stopped before its run wrote anything, with `message`.
pub fn write_case_error(plan: &Plan, i: usize, message: &str) -> Result<(), StudyError> {
    let run = plan.run_dir(i);
    std::fs::create_dir_all(&run).map_err(|e| OutputError::io(&run, e))?;
    // The case's directory is an output directory of its own: the error is in its manifest.
    let lock = DirLock::existing(&run)?;
    lock.write_file(ERROR_FILE, format!("{message}\n").as_bytes())?;
    Ok(())
}

/// The node positions of every rod in each frame of the run in `run` (in file order).
fn frame_samples(run: &Path) -> Result<(Vec<Sample>, f64), StudyError> {
    let frames = run.join(FRAMES_DIR);
    let mut files: Vec<_> = match std::fs::read_dir(&frames) {
        Ok(d) => d
            .filter_map(Result::ok)
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|x| x == "vtp"))
            .collect(),
        Err(_) => Vec::new(),
    };
    files.sort();
    let mut samples = Vec::with_capacity(files.len());
    let mut radius = 0.0;
    for f in &files {
        let frame = read_vtp(f)?;
        if samples.is_empty() && !frame.rods.is_empty() {
            radius = frame.rods.iter().map(|r| r.radius).sum::<f64>() / frame.rods.len() as f64;
        }
        samples.push(Sample {
            t: frame.time,
            nodes: frame.rods.into_iter().flat_map(|r| r.points).collect(),
        });
    }
    Ok((samples, radius))
}

/// The record of case `i` of `plan` as a study case, when it is finished (see
/// [`CaseStatus::is_finished`]); a case that failed before writing anything has no steps.
pub fn read_case(plan: &Plan, i: usize) -> Result<Option<CaseResult>, StudyError> {
    let status = case_status(plan, i)?;
    let message = match &status {
        CaseStatus::Missing | CaseStatus::Unfinished(_) => return Ok(None),
        CaseStatus::Completed => None,
        CaseStatus::Failed(m) => Some(m.clone()),
    };
    let run = plan.run_dir(i);
    let mut case = CaseResult {
        label: plan.label(i),
        steps: Vec::new(),
        samples: Vec::new(),
        radius: 0.0,
        completed: status == CaseStatus::Completed,
        message,
        interrupted: None,
    };
    if run.join(ERROR_FILE).is_file() {
        return Ok(Some(case));
    }
    case.steps = read_steps_csv(&run.join(STEPS_FILE))?
        .iter()
        .map(|r| StepRecord {
            t: r.t,
            iterations: r.newton_iterations,
            wall: r.wall_ms * 1e-3,
            active: r.active_contacts,
            min_gap: r.min_gap,
            min_gap_iterates: r.min_gap_iterates,
            max_penetration: r.max_penetration,
        })
        .collect();
    (case.samples, case.radius) = frame_samples(&run)?;
    Ok(Some(case))
}

/// What [`collect`] found.
#[derive(Debug, Clone)]
pub struct Collected {
    /// Where each case stands, in plan order.
    pub statuses: Vec<CaseStatus>,
    /// The finished cases, in plan order (`None` for the others).
    pub cases: Vec<Option<CaseResult>>,
}

impl Collected {
    /// Whether every case completed.
    pub fn all_completed(&self) -> bool {
        self.statuses.iter().all(|s| *s == CaseStatus::Completed)
    }
}

/// Reads every case of the plan in `dir` and writes the study's tables over the finished ones
/// (`sweep.csv`/`sweep.json`, or `compare.csv`/`compare.json` and the plots); the tables are
/// marked incomplete while a case is missing or unfinished.
pub fn collect(dir: &Path) -> Result<Collected, StudyError> {
    let plan = Plan::open(dir)?;
    let lock = DirLock::existing(dir)?;
    let mut statuses = Vec::with_capacity(plan.len());
    let mut cases = Vec::with_capacity(plan.len());
    for i in 0..plan.len() {
        statuses.push(case_status(&plan, i)?);
        cases.push(read_case(&plan, i)?);
    }
    let reason = cases.iter().any(Option::is_none).then_some("incomplete");
    let record = plan.record();
    match &record.kind {
        StudyKind::Sweep { .. } => write_sweep(&lock, record, &cases, reason)?,
        StudyKind::Compare { chains } => {
            let (done, chains): (Vec<CaseResult>, Vec<_>) = cases
                .iter()
                .zip(chains)
                .filter_map(|(c, chain)| c.clone().map(|c| (c, chain.clone())))
                .unzip();
            write_compare(&lock, record, &done, &chains, reason)?;
        }
    }
    Ok(Collected { statuses, cases })
}
