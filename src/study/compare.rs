//! `catena compare`: one scene, one run per chain, the IMC paper's Table 1 metrics (AIPTS,
//! ATPTS, total iterations and time, RTI), gaps, and ē of Eq. 22 against the first chain,
//! with CSV/JSON tables and SVG plots (Fig. E.3, Fig. 4d).

use super::case::{CaseResult, run_case};
use super::edit::swap_chains;
use super::metrics::{Summary, e_bar};
use super::plot::{Series, line_plot};
use crate::io::write_atomic;
use crate::scene::load_scene;
use indicatif::{ProgressBar, ProgressStyle};
use serde::Serialize;
use std::path::{Path, PathBuf};

/// What to compare.
#[derive(Debug, Clone)]
pub struct CompareOptions {
    /// Scene file.
    pub scene: PathBuf,
    /// Chain files; the first is the reference for RTI and ē.
    pub chains: Vec<PathBuf>,
    /// Horizon (s); the scene's duration when `None`.
    pub until: Option<f64>,
    /// Output directory.
    pub out: PathBuf,
    /// No progress bars.
    pub quiet: bool,
}

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

fn label_of(p: &Path) -> String {
    p.file_stem().map_or_else(
        || p.display().to_string(),
        |s| s.to_string_lossy().into_owned(),
    )
}

/// Sampling interval (steps) giving at most ~1000 samples of a run.
pub(super) fn sample_every(dt: f64, horizon: f64) -> u64 {
    ((horizon / dt) / 1000.0).ceil().max(1.0) as u64
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

/// Runs the comparison, writes `compare.csv`, `compare.json` and the plots into `out`, and
/// returns the rows.
pub fn compare(opts: &CompareOptions) -> Result<Vec<CompareRow>, String> {
    if opts.chains.is_empty() {
        return Err("compare needs at least one --chain".into());
    }
    let (spec, source) = load_scene(&opts.scene).map_err(|e| e.to_string())?;
    std::fs::create_dir_all(&opts.out)
        .map_err(|e| format!("cannot create {}: {e}", opts.out.display()))?;
    let horizon = opts.until.unwrap_or(spec.time.duration.0);
    let every = sample_every(spec.time.dt.0, horizon);
    let mut cases = Vec::new();
    for chain in &opts.chains {
        let mut s = spec.clone();
        swap_chains(&mut s, &opts.scene, chain).map_err(|e| e.to_string())?;
        let label = label_of(chain);
        let pb = bar(opts.quiet, &label);
        let case = run_case(&label, &s, &source, &opts.scene, opts.until, every, &pb)
            .map_err(|e| e.to_string())?;
        pb.finish_and_clear();
        cases.push(case);
    }
    let first = &cases[0];
    let t_first = Summary::of(first).total_time_s;
    let mut rows = Vec::new();
    let mut e_series = Vec::new();
    for (case, chain) in cases.iter().zip(&opts.chains) {
        let summary = Summary::of(case);
        let e = e_bar(&first.samples, &case.samples, first.radius);
        let (mean, max) = if e.is_empty() {
            (0.0, 0.0)
        } else {
            (
                e.iter().map(|p| p.1).sum::<f64>() / e.len() as f64,
                e.iter().map(|p| p.1).fold(0.0, f64::max),
            )
        };
        e_series.push(e);
        rows.push(CompareRow {
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
        });
    }
    write_outputs(opts, &cases, &rows, &e_series)?;
    Ok(rows)
}

fn write_outputs(
    opts: &CompareOptions,
    cases: &[CaseResult],
    rows: &[CompareRow],
    e_series: &[Vec<(f64, f64)>],
) -> Result<(), String> {
    let io = |e: crate::io::OutputError| e.to_string();
    let mut csv = String::from(
        "chain,aipts,atpts_ms,contact_steps,total_iterations,total_time_s,rti,min_gap,max_penetration,e_bar_mean,e_bar_max,sim_end,completed\n",
    );
    for r in rows {
        let s = &r.summary;
        csv.push_str(&format!(
            "{},{},{},{},{},{},{},{:e},{:e},{:e},{:e},{},{}\n",
            r.chain,
            s.aipts,
            s.atpts_ms,
            s.contact_steps,
            s.total_iterations,
            s.total_time_s,
            r.rti,
            s.min_gap,
            s.max_penetration,
            r.e_bar_mean,
            r.e_bar_max,
            s.sim_end,
            r.completed
        ));
    }
    write_atomic(&opts.out.join("compare.csv"), csv.as_bytes()).map_err(io)?;
    let json = serde_json::to_string_pretty(&serde_json::json!({
        "scene": opts.scene.display().to_string(),
        "until": opts.until,
        "runs": rows,
    }))
    .map_err(|e| e.to_string())?;
    write_atomic(&opts.out.join("compare.json"), json.as_bytes()).map_err(io)?;
    let series = |f: &dyn Fn(&CaseResult) -> Vec<(f64, f64)>| -> Vec<Series> {
        cases
            .iter()
            .map(|c| Series {
                label: &c.label,
                points: f(c),
            })
            .collect()
    };
    line_plot(
        &opts.out.join("cumulative_iterations.svg"),
        "Cumulative Newton iterations (seed 001 Fig. E.3)",
        "simulated time (s)",
        "Newton iterations",
        &series(&|c| cumulative(c, |s| f64::from(s.iterations))),
        false,
    )?;
    line_plot(
        &opts.out.join("cumulative_time.svg"),
        "Cumulative computation time (seed 001 Fig. E.3)",
        "simulated time (s)",
        "wall time (s)",
        &series(&|c| cumulative(c, |s| s.wall)),
        false,
    )?;
    line_plot(
        &opts.out.join("min_gap.svg"),
        "Smallest contact gap per step",
        "simulated time (s)",
        "gap (m)",
        &series(&|c| c.steps.iter().map(|s| (s.t, s.min_gap)).collect()),
        true,
    )?;
    let e_plot: Vec<Series> = cases
        .iter()
        .zip(e_series)
        .skip(1)
        .map(|(c, e)| Series {
            label: &c.label,
            points: e.clone(),
        })
        .collect();
    line_plot(
        &opts.out.join("e_bar.svg"),
        &format!("ē against {} (seed 001 Eq. 22, Fig. 4d)", cases[0].label),
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
        "{:<20} {:>7} {:>10} {:>11} {:>11} {:>7} {:>11} {:>11} {:>10} {:>9}\n",
        "chain",
        "AIPTS",
        "ATPTS ms",
        "total iter",
        "total s",
        "RTI",
        "min gap m",
        "max pen m",
        "mean ē",
        "sim end"
    );
    for r in rows {
        let m = &r.summary;
        s.push_str(&format!(
            "{:<20} {:>7.3} {:>10.3} {:>11} {:>11.3} {:>7.3} {:>11.3e} {:>11.3e} {:>10.3e} {:>9.3}{}\n",
            label_of(Path::new(&r.chain)),
            m.aipts,
            m.atpts_ms,
            m.total_iterations,
            m.total_time_s,
            r.rti,
            m.min_gap,
            m.max_penetration,
            r.e_bar_mean,
            m.sim_end,
            if r.completed { "" } else { "  (stopped early)" }
        ));
    }
    s
}
