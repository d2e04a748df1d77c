//! The report of `catena compare`: one row per finished case (Table 1 metrics, gaps, RTI and ē
//! against the first chain), written as `compare.csv`, `compare.json` and SVG plots, and
//! printed as a table.

use super::StudyError;
use super::case::CaseResult;
use super::compare::label_of;
use super::metrics::{Summary, e_bar};
use super::plot::{Series, line_plot};
use super::store::StudyRecord;
use crate::io::DirLock;
use serde::Serialize;
use std::path::{Path, PathBuf};

/// One row of the comparison.
#[derive(Debug, Clone, Serialize)]
pub struct CompareRow {
    /// Chain file.
    pub chain: String,
    /// Metrics of the run.
    #[serde(flatten)]
    pub summary: Summary,
    /// Run-time improvement of the first chain over this one (total time ratio, this / first).
    pub rti: f64,
    /// Mean ē against the first chain over the common horizon.
    pub e_bar_mean: f64,
    /// Largest ē against the first chain.
    pub e_bar_max: f64,
    /// Whether the horizon was reached.
    pub completed: bool,
    /// Why the run stopped early.
    pub message: Option<String>,
}

/// Cumulative series of a run: `(t, Σ f(step))`.
fn cumulative(c: &CaseResult, f: impl Fn(&super::StepRecord) -> f64) -> Vec<(f64, f64)> {
    let mut acc = 0.0;
    c.steps
        .iter()
        .map(|s| {
            acc += f(s);
            (s.t, acc)
        })
        .collect()
}

fn e_series(cases: &[CaseResult]) -> Vec<Vec<(f64, f64)>> {
    let Some(first) = cases.first() else {
        return Vec::new();
    };
    cases
        .iter()
        .map(|c| e_bar(&first.samples, &c.samples, first.radius))
        .collect()
}

/// The rows of the finished `cases` (the first `cases.len()` chains of `chains`).
pub fn rows(cases: &[CaseResult], chains: &[PathBuf]) -> Vec<CompareRow> {
    let Some(first) = cases.first() else {
        return Vec::new();
    };
    let t_first = Summary::of(first).total_time_s;
    cases
        .iter()
        .zip(chains)
        .zip(e_series(cases))
        .map(|((case, chain), e)| {
            let summary = Summary::of(case);
            let (mean, max) = if e.is_empty() {
                (0.0, 0.0)
            } else {
                (
                    e.iter().map(|p| p.1).sum::<f64>() / e.len() as f64,
                    e.iter().map(|p| p.1).fold(0.0, f64::max),
                )
            };
            CompareRow {
                chain: chain.display().to_string(),
                summary,
                rti: if t_first > 0.0 {
                    summary.total_time_s / t_first
                } else {
                    f64::NAN
                },
                e_bar_mean: mean,
                e_bar_max: max,
                completed: case.completed,
                message: case.message.clone(),
            }
        })
        .collect()
}

/// Writes the tables and plots of the finished `cases` into `dir`; `reason` is why the
/// comparison is not complete (`"running"`, `"interrupted"`), `None` when it is.
pub(super) fn write_outputs(
    dir: &DirLock,
    record: &StudyRecord,
    cases: &[CaseResult],
    chains: &[PathBuf],
    reason: Option<&str>,
) -> Result<(), StudyError> {
    let rows = rows(cases, chains);
    let mut csv = String::from(
        "chain,aipts,atpts_ms,contact_steps,total_iterations,total_time_s,rti,min_gap,\
         min_gap_iterates,max_penetration,e_bar_mean,e_bar_max,sim_end,completed\n",
    );
    for r in &rows {
        let s = &r.summary;
        csv.push_str(&format!(
            "{},{},{},{},{},{},{},{:e},{:e},{:e},{:e},{:e},{},{}\n",
            r.chain,
            s.aipts,
            s.atpts_ms,
            s.contact_steps,
            s.total_iterations,
            s.total_time_s,
            r.rti,
            s.min_gap,
            s.min_gap_iterates,
            s.max_penetration,
            r.e_bar_mean,
            r.e_bar_max,
            s.sim_end,
            r.completed
        ));
    }
    dir.write_file("compare.csv", csv.as_bytes())?;
    let tolerances = crate::scene::parse_scene(&record.scene_source, &record.scene)
        .map(|s| s.solver.describe_tolerances())
        .ok();
    let json = serde_json::to_string_pretty(&serde_json::json!({
        "scene": record.scene.display().to_string(),
        "until": record.until,
        "tolerances": tolerances,
        "completed": reason.is_none(),
        "reason": reason,
        "runs": rows,
    }))
    .map_err(|e| StudyError::Input(e.to_string()))?;
    dir.write_file("compare.json", json.as_bytes())?;
    write_plots(dir, cases)?;
    Ok(())
}

fn write_plots(dir: &DirLock, cases: &[CaseResult]) -> Result<(), StudyError> {
    let series = |f: &dyn Fn(&CaseResult) -> Vec<(f64, f64)>| -> Vec<Series> {
        cases
            .iter()
            .map(|c| Series {
                label: c.label.clone(),
                points: f(c),
                dashed: false,
            })
            .collect()
    };
    line_plot(
        &dir.claim("cumulative_iterations.svg")?,
        "Cumulative Newton iterations (seed 001 Fig. E.3)",
        "simulated time (s)",
        "Newton iterations",
        &series(&|c| cumulative(c, |s| f64::from(s.iterations))),
        false,
    )?;
    line_plot(
        &dir.claim("cumulative_time.svg")?,
        "Cumulative computation time (seed 001 Fig. E.3)",
        "simulated time (s)",
        "wall time (s)",
        &series(&|c| cumulative(c, |s| s.wall)),
        false,
    )?;
    // Accepted steps (solid) and every Newton iterate (dashed), on a linear axis through 0.
    let mut gaps = Vec::new();
    for c in cases {
        gaps.push(Series {
            label: format!("{} (accepted steps)", c.label),
            points: c.steps.iter().map(|s| (s.t, s.min_gap)).collect(),
            dashed: false,
        });
        gaps.push(Series {
            label: format!("{} (every iterate)", c.label),
            points: c.steps.iter().map(|s| (s.t, s.min_gap_iterates)).collect(),
            dashed: true,
        });
    }
    line_plot(
        &dir.claim("min_gap.svg")?,
        "Smallest contact gap per step",
        "simulated time (s)",
        "gap (m)",
        &gaps,
        false,
    )?;
    let e = e_series(cases);
    let e_plot: Vec<Series> = cases
        .iter()
        .zip(e)
        .skip(1)
        .map(|(c, e)| Series {
            label: c.label.clone(),
            points: e,
            dashed: false,
        })
        .collect();
    let reference = cases
        .first()
        .map_or("the first chain", |c| c.label.as_str());
    line_plot(
        &dir.claim("e_bar.svg")?,
        &format!("ē against {reference} (seed 001 Eq. 22, Fig. 4d)"),
        "simulated time (s)",
        "ē",
        &e_plot,
        false,
    )?;
    Ok(())
}

/// The comparison as a text table.
pub fn table(rows: &[CompareRow]) -> String {
    let mut s = format!(
        "{:<20} {:>7} {:>10} {:>11} {:>11} {:>7} {:>11} {:>13} {:>11} {:>10} {:>9}\n",
        "chain",
        "AIPTS",
        "ATPTS ms",
        "total iter",
        "total s",
        "RTI",
        "min gap m",
        "iterates m",
        "max pen m",
        "mean ē",
        "sim end"
    );
    for r in rows {
        let m = &r.summary;
        s.push_str(&format!(
            "{:<20} {:>7.3} {:>10.3} {:>11} {:>11.3} {:>7.3} {:>11.3e} {:>13.3e} {:>11.3e} {:>10.3e} {:>9.3}{}\n",
            label_of(Path::new(&r.chain)),
            m.aipts,
            m.atpts_ms,
            m.total_iterations,
            m.total_time_s,
            r.rti,
            m.min_gap,
            m.min_gap_iterates,
            m.max_penetration,
            r.e_bar_mean,
            m.sim_end,
            if r.completed { "" } else { "  (stopped early)" }
        ));
    }
    s
}
