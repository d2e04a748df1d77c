//! `steps.csv`: one row per accepted time step, flushed row by row.
//!
//! Format: a header line ([`STEPS_CSV_HEADER`]) then one comma-separated row per step,
//! each terminated by `'\n'`. Integers are written in decimal; floats with [`fmt_f64`]
//! (shortest round-trip representation; `inf`, `-inf`, `NaN` for non-finite values),
//! so [`read_steps_csv`] recovers every value bit for bit (NaN payloads aside). Scenes with
//! spheres have granular columns after the common ones ([`StepColumns`]). The columns ending
//! in `_ms` are wall-clock times (the step's, then each stage's, see [`StageTimes`]): they differ
//! from run to run, [`without_timings`] drops them for comparisons. The energy columns
//! ([`Energies::NAMES`], J) follow the stage times; files written by a catena without them
//! ([`STEPS_CSV_HEADER_WITHOUT_ENERGIES`]) are still read (their records have no energies) and
//! resumed (rows go on without them).

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::steps_csv_read::columns_of;
use super::{GranularRecord, OutputError, StepColumns};
use crate::system::{Energies, N_ENERGIES, N_STAGES, StageTimes};

/// The columns up to the stage times (a macro, so that both headers are literals).
macro_rules! base_header {
    () => {
        "step,t,dt,newton_iterations,line_search_steps,candidates,active_contacts,min_gap,\
max_penetration,residual,wall_ms,substeps,retries,min_gap_iterates,detect_ms,elastic_ms,\
external_ms,contact_ms,assemble_ms,factor_ms,solve_ms,line_search_ms,commit_ms"
    };
}

/// Header line of `steps.csv` (without the trailing newline) for a scene without spheres; the
/// column order of [`StepRecord`]. Scenes with spheres add [`StepColumns`] after it.
pub const STEPS_CSV_HEADER: &str = concat!(
    base_header!(),
    ",kinetic_energy,stretch_energy,bend_energy,twist_energy,shell_stretch_energy,\
shell_bend_energy,gravity_energy,contact_energy,external_work,boundary_work,actuation_work,\
friction_dissipated,drag_dissipated,damping_dissipated,integrator_dissipated"
);

/// The common columns of files written before the energy columns: [`STEPS_CSV_HEADER`] up to
/// `commit_ms`.
pub const STEPS_CSV_HEADER_WITHOUT_ENERGIES: &str = base_header!();

/// Columns before the stage times.
pub(super) const N_LEADING: usize = 14;
/// Columns up to the stage times.
pub(super) const N_BASE: usize = N_LEADING + N_STAGES;

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
    /// The energies at the accepted state and the work and dissipation so far \[J\] (see
    /// [`Energies`]); `None` in files written without the energy columns.
    #[serde(default)]
    pub energy: Option<Energies>,
    /// The granular measures, in scenes with spheres.
    #[serde(default)]
    pub granular: Option<GranularRecord>,
    /// The contact force (N) and torque (N·m) on each rigid body, then on each driven sphere,
    /// `[fx, fy, fz, tx, ty, tz]`, in scenes with them.
    #[serde(default)]
    pub rigid_loads: Vec<[f64; 6]>,
    /// Each cell's volume (m³), area (m²), inner pressure (Pa) and centroid (m),
    /// `[V, A, P, cx, cy, cz]`, in scenes with cells.
    #[serde(default)]
    pub cells: Vec<[f64; 6]>,
    /// The force (N) and moment (N·m) each rod boundary condition's support applies on its
    /// rod, `[fx, fy, fz, mx, my, mz]`, in scenes with such conditions (see
    /// [`crate::model::Model::support_loads`]).
    #[serde(default)]
    pub supports: Vec<[f64; 6]>,
    /// The virial stresses `[σxx, σyy, σzz, σxy, σyz, σxz]` (Pa) of the spheres' mean and of
    /// each cell, in scenes whose chains have `Assemble_VirialStress` (see
    /// [`crate::contact::virial_stresses`]).
    #[serde(default)]
    pub stresses: Vec<[f64; 6]>,
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

pub(super) fn format_row(r: &StepRecord, energies: bool, columns: &StepColumns) -> String {
    let mut stages: String = r
        .stages
        .values()
        .iter()
        // To the nanosecond: finer digits are the noise of subtracting clock readings.
        .map(|&ms| format!(",{}", fmt_f64((ms * 1e6).round() / 1e6)))
        .collect();
    if energies {
        let e = r.energy.map_or([f64::NAN; N_ENERGIES], |e| e.values());
        for x in e {
            stages.push(',');
            stages.push_str(&fmt_f64(x));
        }
    }
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
        columns.format(
            r.granular.as_ref(),
            &r.rigid_loads,
            &r.cells,
            &r.supports,
            &r.stresses,
        ),
    )
}

/// Writer of `steps.csv`. Every [`StepsCsv::write`] flushes, so a killed run keeps complete rows.
#[derive(Debug)]
pub struct StepsCsv {
    path: PathBuf,
    out: BufWriter<File>,
    /// Whether rows have the energy columns (not in files written before them).
    energies: bool,
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
            energies: true,
            columns,
        };
        let header = format!("{STEPS_CSV_HEADER}{}\n", csv.columns.header_suffix());
        csv.write_line(&header)?;
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
        let (energies, columns) = header.lines().next().and_then(columns_of).ok_or_else(|| {
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
            energies,
            columns,
        })
    }

    /// Appends one row and flushes it to the operating system.
    pub fn write(&mut self, r: &StepRecord) -> Result<(), OutputError> {
        self.write_line(&format_row(r, self.energies, &self.columns))
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

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::io::read_steps_csv;

    pub(crate) fn rec(step: u64, min_gap: f64) -> StepRecord {
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
            energy: Some(Energies::from_values(std::array::from_fn(|k| {
                (k as f64 - 3.0) / 7.0 * 10f64.powi(step as i32 - 4)
            }))),
            granular: None,
            rigid_loads: Vec::new(),
            cells: Vec::new(),
            supports: Vec::new(),
            stresses: Vec::new(),
        }
    }

    /// Bitwise equality, NaN equal to NaN.
    pub(crate) fn same(a: &StepRecord, b: &StepRecord) -> bool {
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
            && a.energy.map(|e| e.values().map(f64::to_bits))
                == b.energy.map(|e| e.values().map(f64::to_bits))
    }

    #[test]
    fn the_header_names_the_energy_columns_after_the_stages() {
        let names: Vec<&str> = STEPS_CSV_HEADER.split(',').collect();
        assert_eq!(names.len(), N_BASE + N_ENERGIES);
        assert_eq!(&names[N_BASE..], Energies::NAMES);
        for (k, stage) in StageTimes::NAMES.iter().enumerate() {
            assert_eq!(names[N_LEADING + k], format!("{stage}_ms"));
        }
        assert_eq!(STEPS_CSV_HEADER_WITHOUT_ENERGIES, names[..N_BASE].join(","));
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
}
