//! `catena sweep`: one scene and chain, one run per value of a chain parameter (e.g. the
//! friction sweep of seed 001 Table 2: `--set T_IMC.mu=0.1,0.2,…,1.0`), run in parallel.

use super::case::run_case;
use super::compare::{bar, sample_every};
use super::edit::{set_chain_parameter, swap_chains};
use super::metrics::Summary;
use crate::io::write_atomic;
use crate::scene::load_scene;
use indicatif::MultiProgress;
use rayon::prelude::*;
use serde::Serialize;
use std::path::PathBuf;

/// What to sweep.
#[derive(Debug, Clone)]
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
    /// Output directory.
    pub out: PathBuf,
    /// No progress bars.
    pub quiet: bool,
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

/// Runs every case (in parallel), writes `sweep.csv` and `sweep.json` and the edited chain
/// files into `out`, and returns the rows in the order of `values`.
pub fn sweep(opts: &SweepOptions) -> Result<Vec<SweepRow>, String> {
    let text = std::fs::read_to_string(&opts.chain)
        .map_err(|e| format!("cannot read {}: {e}", opts.chain.display()))?;
    let (spec, source) = load_scene(&opts.scene).map_err(|e| e.to_string())?;
    let chains_dir = opts.out.join("chains");
    std::fs::create_dir_all(&chains_dir)
        .map_err(|e| format!("cannot create {}: {e}", chains_dir.display()))?;
    let stem = opts
        .chain
        .file_stem()
        .map_or("chain".into(), |s| s.to_string_lossy().into_owned());
    // Edit and validate every case's chain before running any.
    let mut cases = Vec::new();
    for v in &opts.values {
        let edited = set_chain_parameter(&text, &opts.parameter, v)
            .map_err(|e| format!("{}: {e}", opts.chain.display()))?;
        let file = chains_dir.join(format!(
            "{stem}_{}.ron",
            v.replace(
                |c: char| !c.is_ascii_alphanumeric() && c != '.' && c != '-',
                "_"
            )
        ));
        write_atomic(&file, edited.as_bytes())
            .map_err(|e| format!("cannot write {}: {e}", file.display()))?;
        let mut s = spec.clone();
        swap_chains(&mut s, &opts.scene, &file).map_err(|e| e.to_string())?;
        cases.push((v.clone(), s));
    }
    let horizon = opts.until.unwrap_or(spec.time.duration.0);
    let every = sample_every(spec.time.dt.0, horizon);
    let multi = MultiProgress::new();
    let rows: Result<Vec<SweepRow>, String> = cases
        .par_iter()
        .map(|(v, s)| {
            let label = format!("{}={v}", opts.parameter);
            let pb = multi.add(bar(opts.quiet, &label));
            let case = run_case(&label, s, &source, &opts.scene, opts.until, every, &pb)
                .map_err(|e| e.to_string())?;
            pb.finish();
            Ok(SweepRow {
                value: v.clone(),
                summary: Summary::of(&case),
                completed: case.completed,
                message: case.message,
            })
        })
        .collect();
    let rows = rows?;
    let mut csv = format!(
        "{},aipts,total_iterations,sim_end,atpts_ms,total_time_s,min_gap,max_penetration,completed\n",
        opts.parameter
    );
    for r in &rows {
        let s = &r.summary;
        csv.push_str(&format!(
            "{},{},{},{},{},{},{:e},{:e},{}\n",
            r.value,
            s.aipts,
            s.total_iterations,
            s.sim_end,
            s.atpts_ms,
            s.total_time_s,
            s.min_gap,
            s.max_penetration,
            r.completed
        ));
    }
    let io = |e: crate::io::OutputError| e.to_string();
    write_atomic(&opts.out.join("sweep.csv"), csv.as_bytes()).map_err(io)?;
    let json = serde_json::to_string_pretty(&serde_json::json!({
        "scene": opts.scene.display().to_string(),
        "chain": opts.chain.display().to_string(),
        "parameter": opts.parameter,
        "until": opts.until,
        "runs": rows,
    }))
    .map_err(|e| e.to_string())?;
    write_atomic(&opts.out.join("sweep.json"), json.as_bytes()).map_err(io)?;
    Ok(rows)
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
