//! `steps.csv`: one row per accepted time step, flushed row by row.
//!
//! Format: a header line ([`STEPS_CSV_HEADER`]) then one comma-separated row per step,
//! each terminated by `'\n'`. Integers are written in decimal; floats with [`fmt_f64`]
//! (shortest round-trip representation; `inf`, `-inf`, `NaN` for non-finite values),
//! so [`read_steps_csv`] recovers every value bit for bit (NaN payloads aside). Scenes with
//! spheres have granular columns after the common ones ([`StepColumns`]). The columns ending
//! in `_ms` are wall-clock times (the step's, then each stage's, see [`StageTimes`]): they differ
//! from run to run, [`without_timings`] drops them for comparisons.

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::{GranularRecord, OutputError, StepColumns};
use crate::system::{N_STAGES, StageTimes};

/// Header line of `steps.csv` (without the trailing newline); the column order of [`StepRecord`].
pub const STEPS_CSV_HEADER: &str = "step,t,dt,newton_iterations,line_search_steps,candidates,\
active_contacts,min_gap,max_penetration,residual,wall_ms,substeps,retries,min_gap_iterates,\
detect_ms,elastic_ms,external_ms,contact_ms,assemble_ms,factor_ms,solve_ms,line_search_ms,commit_ms";

/// Columns before the stage times.
const N_LEADING: usize = 14;
const N_COLUMNS: usize = N_LEADING + N_STAGES;

/// Statistics of one accepted time step: one row of `steps.csv`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct StepRecord {
    /// Step index (0-based or 1-based as the driver counts; written as given).
    pub step: u64,
    /// Simulated time at the end of the step \[s\].
    pub t: f64,
    /// Time step size used \[s\]: the smallest sub-step when the step was split after a
    /// failed attempt (adaptive stepping), else the scene's Δt.
    pub dt: f64,
    /// Newton iterations taken to converge this step.
    pub newton_iterations: u32,
    /// Line-search backtracking steps, summed over the Newton iterations.
    pub line_search_steps: u32,
    /// Broad-phase contact candidate pairs.
    pub candidates: u64,
    /// Contact pairs with a non-zero contact force/energy at the accepted state.
    pub active_contacts: u64,
    /// Smallest surface gap over the candidate pairs at the accepted configuration \[m\];
    /// `NaN` or `+inf` when there is no pair.
    pub min_gap: f64,
    /// Largest penetration depth (positive = overlap) \[m\].
    pub max_penetration: f64,
    /// Final Newton residual norm (units of the solver's force residual).
    pub residual: f64,
    /// Wall-clock time spent on the step \[ms\].
    pub wall_ms: f64,
    /// Accepted implicit Euler sub-steps that made up this step (1 unless Δt was reduced).
    #[serde(default)]
    pub substeps: u32,
    /// Attempts that failed and were retried with a halved Δt during this step.
    #[serde(default)]
    pub retries: u32,
    /// Smallest surface gap over every configuration Newton evaluated in this step, trial
    /// iterates and line-search probes included \[m\] (`+inf` when there is no pair): below
    /// [`StepRecord::min_gap`] when an iterate went deeper than the accepted state. A barrier
    /// method (IPC) keeps it positive; IMC does not promise to.
    #[serde(default)]
    pub min_gap_iterates: f64,
    /// Wall-clock time of each stage of the step \[ms\] (see [`StageTimes`]).
    #[serde(default)]
    pub stages: StageTimes,
    /// The granular measures, in scenes with spheres.
    #[serde(default)]
    pub granular: Option<GranularRecord>,
}

/// Formats an `f64` so that `str::parse::<f64>` gives back the same value.
///
/// Plain decimal (`0.001`, `12.5`) for magnitudes in `[1e-5, 1e16)` and zero,
/// scientific (`1.5e-9`) otherwise; `inf`, `-inf`, `NaN` for non-finite values.
/// Both forms are Rust's shortest round-trip representations.
pub fn fmt_f64(x: f64) -> String {
    let a = x.abs();
    if !x.is_finite() || a == 0.0 || (1e-5..1e16).contains(&a) {
        format!("{x}")
    } else {
        format!("{x:e}")
    }
}

fn format_row(r: &StepRecord, columns: StepColumns) -> String {
    let stages: String = r
        .stages
        .values()
        .iter()
        // To the nanosecond: finer digits are the noise of subtracting clock readings.
        .map(|&ms| format!(",{}", fmt_f64((ms * 1e6).round() / 1e6)))
        .collect();
    format!(
        "{},{},{},{},{},{},{},{},{},{},{},{},{},{}{stages}{}\n",
        r.step,
        fmt_f64(r.t),
        fmt_f64(r.dt),
        r.newton_iterations,
        r.line_search_steps,
        r.candidates,
        r.active_contacts,
        fmt_f64(r.min_gap),
        fmt_f64(r.max_penetration),
        fmt_f64(r.residual),
        fmt_f64(r.wall_ms),
        r.substeps,
        r.retries,
        fmt_f64(r.min_gap_iterates),
        columns.format(r.granular.as_ref()),
    )
}

/// Writer of `steps.csv`. Every [`StepsCsv::write`] flushes, so a killed run keeps complete rows.
#[derive(Debug)]
pub struct StepsCsv {
    path: PathBuf,
    out: BufWriter<File>,
    columns: StepColumns,
}

impl StepsCsv {
    /// Creates (or truncates) `path` and writes the header line (the common columns only).
    pub fn create(path: &Path) -> Result<Self, OutputError> {
        Self::create_with(path, StepColumns::default())
    }

    /// Creates (or truncates) `path` and writes the header line, with the optional `columns`.
    pub fn create_with(path: &Path, columns: StepColumns) -> Result<Self, OutputError> {
        let file = File::create(path).map_err(|e| OutputError::io(path, e))?;
        let mut csv = StepsCsv {
            path: path.to_path_buf(),
            out: BufWriter::new(file),
            columns,
        };
        csv.write_line(&format!("{STEPS_CSV_HEADER}{}\n", columns.header_suffix()))?;
        Ok(csv)
    }

    /// Reopens an existing `path` for appending, keeping its header and first `rows` complete
    /// rows: a partial last line (a run killed mid-write) and rows past `rows` (written after
    /// the checkpoint being resumed) are cut off. Fails if the file has fewer rows.
    pub fn reopen(path: &Path, rows: u64) -> Result<Self, OutputError> {
        let bytes = std::fs::read(path).map_err(|e| OutputError::read(path, e))?;
        let mut keep = None;
        let mut newlines = 0u64;
        for (i, &b) in bytes.iter().enumerate() {
            if b == b'\n' {
                newlines += 1;
                if newlines == rows + 1 {
                    keep = Some(i + 1);
                    break;
                }
            }
        }
        let Some(keep) = keep else {
            return Err(OutputError::invalid_data(
                path,
                format!(
                    "holds {} complete row(s), fewer than the {rows} of the checkpoint",
                    newlines.saturating_sub(1)
                ),
            ));
        };
        let header = std::str::from_utf8(&bytes[..keep]).unwrap_or_default();
        let columns = header
            .lines()
            .next()
            .and_then(|h| h.strip_prefix(STEPS_CSV_HEADER))
            .and_then(StepColumns::from_header_suffix)
            .ok_or_else(|| {
                OutputError::invalid_data(
                    path,
                    format!("line 1: expected header `{STEPS_CSV_HEADER}`"),
                )
            })?;
        let file = std::fs::OpenOptions::new()
            .write(true)
            .open(path)
            .map_err(|e| OutputError::io(path, e))?;
        file.set_len(keep as u64)
            .map_err(|e| OutputError::io(path, e))?;
        drop(file);
        let file = std::fs::OpenOptions::new()
            .append(true)
            .open(path)
            .map_err(|e| OutputError::io(path, e))?;
        Ok(StepsCsv {
            path: path.to_path_buf(),
            out: BufWriter::new(file),
            columns,
        })
    }

    /// Appends one row and flushes it to the operating system.
    pub fn write(&mut self, r: &StepRecord) -> Result<(), OutputError> {
        self.write_line(&format_row(r, self.columns))
    }

    /// The file being written.
    pub fn path(&self) -> &Path {
        &self.path
    }

    fn write_line(&mut self, line: &str) -> Result<(), OutputError> {
        self.out
            .write_all(line.as_bytes())
            .and_then(|()| self.out.flush())
            .map_err(|e| OutputError::io(&self.path, e))
    }
}

/// Reads a `steps.csv` written by [`StepsCsv`].
///
/// A trailing partial line (bytes after the last `'\n'`, as left by a killed writer)
/// is silently dropped; an empty file, or one holding only part of the header,
/// gives no records. A wrong header or a malformed complete row is an
/// [`OutputError::Io`] of kind [`std::io::ErrorKind::InvalidData`] naming the line.
pub fn read_steps_csv(path: &Path) -> Result<Vec<StepRecord>, OutputError> {
    let bytes = std::fs::read(path).map_err(|e| OutputError::read(path, e))?;
    let complete = match bytes.iter().rposition(|&b| b == b'\n') {
        Some(i) => &bytes[..=i],
        None => return Ok(Vec::new()),
    };
    let text = std::str::from_utf8(complete)
        .map_err(|e| OutputError::invalid_data(path, format!("not UTF-8: {e}")))?;
    let mut lines = text.lines();
    let header = lines.next().unwrap_or_default().trim_end_matches('\r');
    let Some(columns) = header
        .strip_prefix(STEPS_CSV_HEADER)
        .and_then(StepColumns::from_header_suffix)
    else {
        return Err(OutputError::invalid_data(
            path,
            format!("line 1: expected header `{STEPS_CSV_HEADER}`, found `{header}`"),
        ));
    };
    let mut records = Vec::new();
    for (i, line) in lines.enumerate() {
        let line = line.trim_end_matches('\r');
        if line.is_empty() {
            continue;
        }
        let record = parse_row(line, columns)
            .map_err(|msg| OutputError::invalid_data(path, format!("line {}: {msg}", i + 2)))?;
        records.push(record);
    }
    Ok(records)
}

fn parse_row(line: &str, columns: StepColumns) -> Result<StepRecord, String> {
    let f: Vec<&str> = line.split(',').map(str::trim).collect();
    let n = N_COLUMNS + columns.count();
    if f.len() != n {
        return Err(format!("expected {n} fields, found {}", f.len()));
    }
    fn p<T: std::str::FromStr>(s: &str, name: &str) -> Result<T, String>
    where
        T::Err: std::fmt::Display,
    {
        s.parse::<T>()
            .map_err(|e| format!("column `{name}`: cannot parse `{s}`: {e}"))
    }
    Ok(StepRecord {
        step: p(f[0], "step")?,
        t: p(f[1], "t")?,
        dt: p(f[2], "dt")?,
        newton_iterations: p(f[3], "newton_iterations")?,
        line_search_steps: p(f[4], "line_search_steps")?,
        candidates: p(f[5], "candidates")?,
        active_contacts: p(f[6], "active_contacts")?,
        min_gap: p(f[7], "min_gap")?,
        max_penetration: p(f[8], "max_penetration")?,
        residual: p(f[9], "residual")?,
        wall_ms: p(f[10], "wall_ms")?,
        substeps: p(f[11], "substeps")?,
        retries: p(f[12], "retries")?,
        min_gap_iterates: p(f[13], "min_gap_iterates")?,
        stages: {
            let mut v = [0.0; N_STAGES];
            for (k, x) in v.iter_mut().enumerate() {
                *x = p(f[N_LEADING + k], StageTimes::NAMES[k])?;
            }
            StageTimes::from_values(v)
        },
        granular: columns.parse(&f[N_COLUMNS..])?,
    })
}

/// The text of a `steps.csv` without its wall-clock columns (every column whose name ends in
/// `_ms`), to compare runs that must give the same bits.
pub fn without_timings(text: &str) -> String {
    let mut lines = text.lines();
    let Some(header) = lines.next() else {
        return String::new();
    };
    let keep: Vec<bool> = header.split(',').map(|h| !h.ends_with("_ms")).collect();
    let mut out = String::with_capacity(text.len());
    for line in std::iter::once(header).chain(lines) {
        let fields: Vec<&str> = line
            .split(',')
            .enumerate()
            .filter(|(i, _)| keep.get(*i).copied().unwrap_or(true))
            .map(|(_, f)| f)
            .collect();
        out.push_str(&fields.join(","));
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rec(step: u64, min_gap: f64) -> StepRecord {
        StepRecord {
            step,
            t: step as f64 * 1e-3 + 0.1,
            dt: 1e-3,
            newton_iterations: 3 + step as u32,
            line_search_steps: 1,
            candidates: 10 * step,
            active_contacts: step % 2,
            min_gap,
            max_penetration: 1.234_567_890_123_456_7e-9,
            residual: 1e-300 * (step as f64 + 1.0),
            wall_ms: 12.345_678_901_234,
            substeps: 1 + step as u32 % 3,
            retries: step as u32 % 3,
            min_gap_iterates: min_gap - 1e-7,
            stages: StageTimes::from_values(std::array::from_fn(|k| 0.125 * k as f64 + 1e-6)),
            granular: None,
        }
    }

    /// Bitwise equality, NaN equal to NaN.
    fn same(a: &StepRecord, b: &StepRecord) -> bool {
        let f = |x: f64, y: f64| x.to_bits() == y.to_bits() || (x.is_nan() && y.is_nan());
        a.step == b.step
            && f(a.t, b.t)
            && f(a.dt, b.dt)
            && a.newton_iterations == b.newton_iterations
            && a.line_search_steps == b.line_search_steps
            && a.candidates == b.candidates
            && a.active_contacts == b.active_contacts
            && f(a.min_gap, b.min_gap)
            && f(a.max_penetration, b.max_penetration)
            && f(a.residual, b.residual)
            && f(a.wall_ms, b.wall_ms)
            && a.substeps == b.substeps
            && a.retries == b.retries
            && f(a.min_gap_iterates, b.min_gap_iterates)
            && a.stages == b.stages
    }

    #[test]
    fn without_timings_drops_every_ms_column() {
        let text = "step,wall_ms,t,detect_ms\n1,2.5,0.1,0.25\n2,3.5,0.2,0.5\n";
        assert_eq!(without_timings(text), "step,t\n1,0.1\n2,0.2\n");
        let header_only = without_timings(&format!("{STEPS_CSV_HEADER}\n"));
        assert!(!header_only.contains("_ms") && header_only.contains("min_gap_iterates"));
    }

    #[test]
    fn reopen_drops_partial_and_later_rows() {
        let dir = tempfile::tempdir().expect("tempdir");
        let p = dir.path().join("steps.csv");
        let mut w = StepsCsv::create(&p).expect("create");
        for k in 1..=4 {
            w.write(&rec(k, 0.5)).expect("row");
        }
        drop(w);
        // A torn fifth row, as a SIGKILL mid-write leaves it.
        let mut raw = std::fs::read(&p).expect("read");
        raw.extend_from_slice(b"5,0.10");
        std::fs::write(&p, &raw).expect("write");
        let mut w = StepsCsv::reopen(&p, 3).expect("reopen");
        w.write(&rec(9, 0.25)).expect("append");
        drop(w);
        let back = read_steps_csv(&p).expect("parse");
        assert_eq!(
            back.iter().map(|r| r.step).collect::<Vec<_>>(),
            [1, 2, 3, 9]
        );
        assert!(StepsCsv::reopen(&p, 10).is_err());
    }

    #[test]
    fn fmt_f64_round_trips() {
        for x in [
            0.0,
            -0.0,
            0.1,
            1.0 / 3.0,
            -2.5e-7,
            1e-5,
            1e16 - 2.0,
            1e16,
            f64::MAX,
            f64::MIN_POSITIVE,
            5e-324,
            f64::INFINITY,
            f64::NEG_INFINITY,
        ] {
            let s = fmt_f64(x);
            let y: f64 = s.parse().expect("parse");
            assert_eq!(x.to_bits(), y.to_bits(), "{x} -> {s}");
        }
        assert_eq!(fmt_f64(f64::INFINITY), "inf");
        assert_eq!(fmt_f64(f64::NAN), "NaN");
        assert!(fmt_f64(f64::NAN).parse::<f64>().expect("parse").is_nan());
        assert_eq!(fmt_f64(0.001), "0.001");
        assert_eq!(fmt_f64(1.5e-9), "1.5e-9");
    }

    #[test]
    fn round_trip_including_inf_and_nan() {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("steps.csv");
        let rows = vec![
            rec(0, f64::NAN),
            rec(1, f64::INFINITY),
            rec(2, -3.0e-6),
            rec(3, 0.5),
        ];
        let mut csv = StepsCsv::create(&path).expect("create");
        for r in &rows {
            csv.write(r).expect("write");
        }
        // Flushed after every row: readable without dropping the writer.
        let back = read_steps_csv(&path).expect("read");
        assert_eq!(back.len(), rows.len());
        for (a, b) in rows.iter().zip(&back) {
            assert!(same(a, b), "{a:?} != {b:?}");
        }
        let text = std::fs::read_to_string(&path).expect("read text");
        assert!(text.starts_with(&format!("{STEPS_CSV_HEADER}\n")));
        assert!(text.contains(",NaN,") && text.contains(",inf,"));
    }

    #[test]
    fn header_only_and_empty_files_give_no_rows() {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("steps.csv");
        drop(StepsCsv::create(&path).expect("create"));
        assert!(read_steps_csv(&path).expect("read").is_empty());
        std::fs::write(&path, "").expect("write");
        assert!(read_steps_csv(&path).expect("read").is_empty());
        std::fs::write(&path, "step,t,d").expect("write");
        assert!(read_steps_csv(&path).expect("read").is_empty());
    }

    #[test]
    fn partial_last_line_is_dropped() {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("steps.csv");
        let mut csv = StepsCsv::create(&path).expect("create");
        csv.write(&rec(0, 1.0)).expect("write");
        csv.write(&rec(1, 2.0)).expect("write");
        drop(csv);
        // Simulate a writer killed mid-row.
        let mut text = std::fs::read_to_string(&path).expect("read");
        let partial = format_row(&rec(2, 3.0), StepColumns::default());
        text.push_str(&partial[..partial.len() / 2]);
        std::fs::write(&path, text).expect("write");
        let back = read_steps_csv(&path).expect("read");
        assert_eq!(back.len(), 2);
        assert!(same(&back[1], &rec(1, 2.0)));
    }

    #[test]
    fn malformed_rows_and_headers_are_invalid_data() {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("steps.csv");
        std::fs::write(&path, format!("{STEPS_CSV_HEADER}\n1,2,3\n")).expect("write");
        let err = read_steps_csv(&path).expect_err("short row");
        assert!(err.to_string().contains("line 2"), "{err}");
        match err {
            OutputError::Read { source, .. } => {
                assert_eq!(source.kind(), std::io::ErrorKind::InvalidData)
            }
            other => panic!("unexpected {other:?}"),
        }
        std::fs::write(&path, "a,b\n").expect("write");
        assert!(read_steps_csv(&path).is_err());
        let bad = format_row(&rec(0, 1.0), StepColumns::default()).replacen("0.1", "x", 1);
        std::fs::write(&path, format!("{STEPS_CSV_HEADER}\n{bad}")).expect("write");
        let err = read_steps_csv(&path).expect_err("bad float");
        assert!(err.to_string().contains("column `t`"), "{err}");
    }
}
