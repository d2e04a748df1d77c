//! Reading `steps.csv` back ([`read_steps_csv`]), whichever catena wrote it (with or without
//! the energy columns), and comparing runs without their wall-clock columns ([`without_timings`]).

use std::path::Path;

use super::steps_csv::{N_BASE, N_LEADING, STEPS_CSV_HEADER, STEPS_CSV_HEADER_WITHOUT_ENERGIES};
use super::{OutputError, StepColumns, StepRecord};
use crate::system::{Energies, N_ENERGIES, N_STAGES, StageTimes};

/// Whether a file has the energy columns, and its optional columns, from its header line.
pub(super) fn columns_of(header: &str) -> Option<(bool, StepColumns)> {
    let (energies, rest) = match header.strip_prefix(STEPS_CSV_HEADER) {
        Some(rest) => (true, rest),
        None => (
            false,
            header.strip_prefix(STEPS_CSV_HEADER_WITHOUT_ENERGIES)?,
        ),
    };
    StepColumns::from_header_suffix(rest).map(|c| (energies, c))
}
/// Reads a `steps.csv` written by [`StepsCsv`](super::StepsCsv).
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
    let Some((energies, columns)) = columns_of(header) else {
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
        let record = parse_row(line, energies, &columns)
            .map_err(|msg| OutputError::invalid_data(path, format!("line {}: {msg}", i + 2)))?;
        records.push(record);
    }
    Ok(records)
}

fn parse_row(line: &str, energies: bool, columns: &StepColumns) -> Result<StepRecord, String> {
    let f: Vec<&str> = line.split(',').map(str::trim).collect();
    let n_common = N_BASE + if energies { N_ENERGIES } else { 0 };
    let n = n_common + columns.count();
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
        energy: if energies {
            let mut v = [0.0; N_ENERGIES];
            for (k, x) in v.iter_mut().enumerate() {
                *x = p(f[N_BASE + k], Energies::NAMES[k])?;
            }
            Some(Energies::from_values(v))
        } else {
            None
        },
        granular: columns.parse(&f[n_common..])?,
        rigid_loads: columns.parse_loads(&f[n_common..])?,
        cells: columns.parse_cells(&f[n_common..])?,
        stresses: columns.parse_stresses(&f[n_common..])?,
        supports: columns.parse_supports(&f[n_common..])?,
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
    use super::super::steps_csv::format_row;
    use super::super::steps_csv::tests::{rec, same};
    use super::*;
    use crate::io::StepsCsv;

    #[test]
    fn files_without_energy_columns_read_and_resume_without_them() {
        let dir = tempfile::tempdir().expect("tempdir");
        let p = dir.path().join("steps.csv");
        let mut old = rec(1, 0.5);
        old.energy = None;
        let row = format_row(&old, false, &StepColumns::default());
        std::fs::write(&p, format!("{STEPS_CSV_HEADER_WITHOUT_ENERGIES}\n{row}")).expect("write");
        let back = read_steps_csv(&p).expect("read");
        assert!(same(&back[0], &old), "{:?}", back[0]);
        let mut w = StepsCsv::reopen(&p, 1).expect("reopen");
        w.write(&rec(2, 0.25)).expect("append");
        drop(w);
        let back = read_steps_csv(&p).expect("read");
        assert_eq!(back.len(), 2);
        assert_eq!(back[1].energy, None);
        assert_eq!(back[1].min_gap, 0.25);
    }

    #[test]
    fn without_timings_drops_every_ms_column() {
        let text = "step,wall_ms,t,detect_ms\n1,2.5,0.1,0.25\n2,3.5,0.2,0.5\n";
        assert_eq!(without_timings(text), "step,t\n1,0.1\n2,0.2\n");
        let header_only = without_timings(&format!("{STEPS_CSV_HEADER}\n"));
        assert!(!header_only.contains("_ms") && header_only.contains("min_gap_iterates"));
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
        let partial = format_row(&rec(2, 3.0), true, &StepColumns::default());
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
        let bad = format_row(&rec(0, 1.0), true, &StepColumns::default()).replacen("0.1", "x", 1);
        std::fs::write(&path, format!("{STEPS_CSV_HEADER}\n{bad}")).expect("write");
        let err = read_steps_csv(&path).expect_err("bad float");
        assert!(err.to_string().contains("column `t`"), "{err}");
    }
}
