//! The native half of `catena.compare` and `catena.sweep`: lay a study out as independent
//! cases ([`Plan`]), run one case (a Dask task), and collect the finished cases into the rows
//! of `compare.csv` / `sweep.csv`. The Python half (src/python/catena/studies.py) submits the
//! cases and makes the DataFrame.

use super::errors::study_error;
use super::interrupt::CtrlC;
use crate::study::{
    CaseStatus, CompareOptions, Plan, StudyError, StudyKind, Summary, SweepOptions, case_status,
    collect as collect_cases, compare_rows, run_planned_case, sweep_rows,
};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use std::path::PathBuf;

/// Lays out the sweep of ``parameter`` over ``values`` in ``out`` (see ``catena.sweep``) and
/// returns the number of cases. An existing plan of the same sweep is kept with its runs.
#[pyfunction]
#[pyo3(signature = (scene, chain, parameter, values, out, until = None, force = false))]
pub fn plan_sweep(
    scene: PathBuf,
    chain: PathBuf,
    parameter: String,
    values: Vec<String>,
    out: PathBuf,
    until: Option<f64>,
    force: bool,
) -> PyResult<usize> {
    let opts = SweepOptions {
        scene,
        chain,
        parameter,
        values,
        until,
        out,
        force,
        ..Default::default()
    };
    Ok(Plan::sweep(&opts).map_err(study_error)?.len())
}

/// Lays out the comparison of ``chains`` in ``out`` (see ``catena.compare``) and returns the
/// number of cases.
#[pyfunction]
#[pyo3(signature = (scene, chains, out, until = None, force = false))]
pub fn plan_compare(
    scene: PathBuf,
    chains: Vec<PathBuf>,
    out: PathBuf,
    until: Option<f64>,
    force: bool,
) -> PyResult<usize> {
    let opts = CompareOptions {
        scene,
        chains,
        until,
        out,
        force,
        ..Default::default()
    };
    Ok(Plan::compare(&opts).map_err(study_error)?.len())
}

/// `(status, message)` of a case: `missing`, `unfinished`, `completed` or `failed`.
fn status_pair(s: &CaseStatus) -> (String, Option<String>) {
    let message = match s {
        CaseStatus::Unfinished(m) | CaseStatus::Failed(m) => Some(m.clone()),
        CaseStatus::Missing | CaseStatus::Completed => None,
    };
    (s.name().to_string(), message)
}

/// Runs case ``index`` of the study in ``dir`` (``catena run`` of its scene into
/// ``dir/runs/NNN``) unless it is finished; returns ``(status, message)``. The GIL is released
/// while it runs; Ctrl-C stops it after the current step (the case stays unfinished, and runs
/// again next time) and raises ``KeyboardInterrupt``.
#[pyfunction]
#[pyo3(signature = (dir, index, progress = false))]
pub fn run_case(
    py: Python<'_>,
    dir: PathBuf,
    index: usize,
    progress: bool,
) -> PyResult<(String, Option<String>)> {
    let ctrl_c = CtrlC::install();
    let stop = ctrl_c.stop().clone();
    let result = py.detach(|| run_planned_case(&dir, index, progress, Some(stop)));
    drop(ctrl_c);
    let status = match result {
        Ok(s) => s,
        Err(e @ StudyError::Interrupted { .. }) => {
            return Err(CtrlC::interrupted(
                py,
                format!("case {index} of {}: {e}", dir.display()),
            ));
        }
        Err(e) => return Err(study_error(e)),
    };
    Ok(status_pair(&status))
}

/// Number of cases of the study laid out in ``dir``.
#[pyfunction]
pub fn cases(dir: PathBuf) -> PyResult<usize> {
    Ok(Plan::open(&dir).map_err(study_error)?.len())
}

/// ``(status, message)`` of case ``index`` of the study in ``dir``.
#[pyfunction]
pub fn status(dir: PathBuf, index: usize) -> PyResult<(String, Option<String>)> {
    let plan = Plan::open(&dir).map_err(study_error)?;
    Ok(status_pair(
        &case_status(&plan, index).map_err(study_error)?,
    ))
}

/// The metrics of `s` into `d` (the columns of the CSV tables).
fn put_summary(d: &Bound<'_, PyDict>, s: &Summary) -> PyResult<()> {
    d.set_item("aipts", s.aipts)?;
    d.set_item("atpts_ms", s.atpts_ms)?;
    d.set_item("contact_steps", s.contact_steps)?;
    d.set_item("total_iterations", s.total_iterations)?;
    d.set_item("total_time_s", s.total_time_s)?;
    d.set_item("min_gap", s.min_gap)?;
    d.set_item("min_gap_iterates", s.min_gap_iterates)?;
    d.set_item("max_penetration", s.max_penetration)?;
    d.set_item("sim_end", s.sim_end)?;
    Ok(())
}

/// Merges the finished cases of the study in ``dir`` into its tables (``sweep.csv``/``json``
/// or ``compare.csv``/``json`` and plots) and returns ``(columns, rows)``: the CSV header's
/// columns, then ``status`` and ``message``; one dict per case in plan order (a case that did
/// not finish has only its label, status and message).
#[pyfunction]
pub fn collect<'py>(
    py: Python<'py>,
    dir: PathBuf,
) -> PyResult<(Vec<String>, Vec<Bound<'py, PyDict>>)> {
    let collected = collect_cases(&dir).map_err(study_error)?;
    let plan = Plan::open(&dir).map_err(study_error)?;
    let (csv, label_column, labels): (&str, String, Vec<String>) = match &plan.record().kind {
        StudyKind::Sweep {
            parameter, values, ..
        } => ("sweep.csv", parameter.clone(), values.clone()),
        StudyKind::Compare { chains } => (
            "compare.csv",
            "chain".into(),
            chains.iter().map(|c| c.display().to_string()).collect(),
        ),
    };
    let rows: Vec<Bound<'py, PyDict>> = labels
        .iter()
        .zip(&collected.statuses)
        .map(|(label, s)| {
            let d = PyDict::new(py);
            d.set_item(&label_column, label)?;
            let (status, message) = status_pair(s);
            d.set_item("status", status)?;
            d.set_item("message", message)?;
            Ok(d)
        })
        .collect::<PyResult<_>>()?;
    match &plan.record().kind {
        StudyKind::Sweep { values, .. } => {
            for r in sweep_rows(&collected.cases, values) {
                let i = values.iter().position(|v| *v == r.value).unwrap_or(0);
                put_summary(&rows[i], &r.summary)?;
                rows[i].set_item("completed", r.completed)?;
            }
        }
        StudyKind::Compare { chains } => {
            let (done, done_chains): (Vec<_>, Vec<_>) = collected
                .cases
                .iter()
                .zip(chains)
                .filter_map(|(c, p)| c.clone().map(|c| (c, p.clone())))
                .unzip();
            for r in compare_rows(&done, &done_chains) {
                let i = labels.iter().position(|l| *l == r.chain).unwrap_or(0);
                put_summary(&rows[i], &r.summary)?;
                rows[i].set_item("rti", r.rti)?;
                rows[i].set_item("e_bar_mean", r.e_bar_mean)?;
                rows[i].set_item("e_bar_max", r.e_bar_max)?;
                rows[i].set_item("completed", r.completed)?;
            }
        }
    }
    let header = std::fs::read_to_string(dir.join(csv)).unwrap_or_default();
    let mut columns: Vec<String> = header
        .lines()
        .next()
        .unwrap_or_default()
        .split(',')
        .map(str::to_string)
        .collect();
    columns.extend(["status".to_string(), "message".to_string()]);
    Ok((columns, rows))
}
