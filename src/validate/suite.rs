//! Running a selection of cases and writing their outputs: per case `DIR/<case>/checks.csv`,
//! one SVG and CSV per figure, the scene and chain files used; for the whole run
//! `DIR/validation.csv` and the Markdown report (`VALIDATION.md`). A case is named alone
//! (`overhand`) or with some of its parts (`overhand:3`, `overhand:2,4`).

use super::case::{Case, CaseReport, CaseRun};
use super::catalogue::cases;
use super::check::Check;
use super::progress::Progress;
use super::report::{markdown, write_checks_csv};
use crate::io::write_atomic;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// Which cases to run and where to write.
#[derive(Debug, Clone)]
pub struct ValidateOptions {
    /// Case names, each alone or as `NAME:PART[,PART…]` to run some of the case's parts;
    /// empty: the fast subset, or every case with `all`.
    pub cases: Vec<String>,
    /// Run every case (the knots included).
    pub all: bool,
    /// Output directory.
    pub out: PathBuf,
    /// Markdown report; default `out/VALIDATION.md`. Figure links are relative to its folder.
    pub report: Option<PathBuf>,
    /// Draw progress bars of the long cases on standard error (when it is a terminal).
    pub progress: bool,
}

/// One case's outcome.
#[derive(Debug, Clone)]
pub struct Outcome {
    /// The case.
    pub case: Case,
    /// What it measured, or why it could not run.
    pub result: Result<CaseReport, String>,
    /// Wall time (s).
    pub wall: f64,
}

impl Outcome {
    /// The case ran and every judged check passed.
    pub fn passed(&self) -> bool {
        self.result
            .as_ref()
            .is_ok_and(|r| r.checks.iter().all(|c| c.pass != Some(false)))
    }
}

/// `NAME` or `NAME:PART[,PART…]` split into the case name and its parts.
fn split_spec(spec: &str) -> (&str, Vec<String>) {
    match spec.split_once(':') {
        Some((name, parts)) => (
            name,
            parts
                .split(',')
                .map(str::trim)
                .filter(|p| !p.is_empty())
                .map(String::from)
                .collect(),
        ),
        None => (spec, Vec::new()),
    }
}

/// The parts of case `name` that `opts` asks for (empty: all of them).
pub fn parts_of(opts: &ValidateOptions, name: &str) -> Vec<String> {
    let mut parts = Vec::new();
    for spec in &opts.cases {
        let (n, p) = split_spec(spec);
        if n == name {
            if p.is_empty() {
                return Vec::new();
            }
            parts.extend(p);
        }
    }
    parts.sort();
    parts.dedup();
    parts
}

/// The cases `opts` selects, in catalogue order; an unknown name is an error naming the
/// closest case, an unknown part one listing the case's parts.
pub fn select(opts: &ValidateOptions) -> Result<Vec<Case>, String> {
    let all = cases();
    for spec in &opts.cases {
        let (name, parts) = split_spec(spec);
        let Some(case) = all.iter().find(|c| c.name == name) else {
            let hint = crate::scene::closest(name, all.iter().map(|c| c.name))
                .map_or_else(String::new, |s| format!(" (did you mean `{s}`?)"));
            return Err(format!(
                "no validation case is named `{name}`{hint}; `catena validate --list` lists them"
            ));
        };
        if spec.contains(':') && parts.is_empty() {
            return Err(format!("`{spec}` names no part of case `{name}`"));
        }
        for p in &parts {
            if !case.parts.contains(&p.as_str()) {
                return Err(if case.parts.is_empty() {
                    format!("case `{name}` has no parts; run it as `{name}`")
                } else {
                    format!(
                        "case `{name}` has no part `{p}`; its parts are {}",
                        case.parts.join(", ")
                    )
                });
            }
        }
    }
    Ok(all
        .into_iter()
        .filter(|c| {
            if opts.cases.is_empty() {
                opts.all || c.fast
            } else {
                opts.cases.iter().any(|s| split_spec(s).0 == c.name)
            }
        })
        .collect())
}

/// Runs `selected`, calling `done` after each case, and writes every output. Returns the
/// outcomes; a case that fails to run is an outcome, not an error (the others still run).
pub fn run_cases(
    opts: &ValidateOptions,
    selected: &[Case],
    mut done: impl FnMut(&Outcome),
) -> Result<Vec<Outcome>, String> {
    std::fs::create_dir_all(&opts.out)
        .map_err(|e| format!("cannot create {}: {e}", opts.out.display()))?;
    let mut outcomes = Vec::new();
    let progress = if opts.progress {
        Progress::stderr()
    } else {
        Progress::hidden()
    };
    for case in selected {
        let dir = opts.out.join(case.name);
        std::fs::create_dir_all(&dir)
            .map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
        let start = Instant::now();
        let parts = parts_of(opts, case.name);
        let ctx = CaseRun {
            name: case.name,
            dir: &dir,
            parts: &parts,
            progress: &progress,
        };
        let result = (case.run)(&ctx).map(|mut r| {
            for c in &mut r.checks {
                c.case = case.name.to_string();
            }
            r
        });
        let outcome = Outcome {
            case: *case,
            result,
            wall: start.elapsed().as_secs_f64(),
        };
        if let Ok(r) = &outcome.result {
            write_checks_csv(&dir.join("checks.csv"), &r.checks)?;
            for f in &r.figures {
                f.write(&dir)?;
            }
        }
        done(&outcome);
        outcomes.push(outcome);
    }
    let rows: Vec<Check> = outcomes
        .iter()
        .filter_map(|o| o.result.as_ref().ok())
        .flat_map(|r| r.checks.iter().cloned())
        .collect();
    write_checks_csv(&opts.out.join("validation.csv"), &rows)?;
    let report = opts
        .report
        .clone()
        .unwrap_or_else(|| opts.out.join("VALIDATION.md"));
    let base = match report.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    std::fs::create_dir_all(base).map_err(|e| format!("cannot create {}: {e}", base.display()))?;
    let text = markdown(&outcomes, &opts.out, base);
    write_atomic(&report, text.as_bytes()).map_err(|e| e.to_string())?;
    Ok(outcomes)
}
