//! What a validation case is, what it is given when it runs ([`CaseRun`]) and what it returns.

use super::check::Check;
use super::figure::Figure;
use super::progress::Progress;
use super::report::write_checks_csv;
use std::path::Path;

/// A validation case: a named run against a published or analytic result.
#[derive(Debug, Clone, Copy)]
pub struct Case {
    /// Short name used on the command line (`catena validate NAME`).
    pub name: &'static str,
    /// One-line description.
    pub title: &'static str,
    /// Where the reference comes from (paper, section, equation).
    pub source: &'static str,
    /// Part of the fast subset run by CI (`--fast`).
    pub fast: bool,
    /// Parts that can be run alone (`catena validate NAME:PART`), e.g. the unknotting numbers
    /// of `overhand`; empty when the case runs as a whole only.
    pub parts: &'static [&'static str],
    /// Runs the case, writing its scene and chain files into its directory.
    pub run: fn(&CaseRun) -> Result<CaseReport, String>,
}

/// What a running case is given: its output directory, the parts asked for and where to show
/// progress.
#[derive(Debug)]
pub struct CaseRun<'a> {
    /// The case's name (fills [`Check::case`] in partial tables).
    pub name: &'a str,
    /// The case's output directory (scenes, chains, CSV and SVG files).
    pub dir: &'a Path,
    /// The parts to run; empty: all of them.
    pub parts: &'a [String],
    /// Progress bars of long runs.
    pub progress: &'a Progress,
}

impl CaseRun<'_> {
    /// Whether part `part` is to be run (every part is when none was named).
    pub fn wants(&self, part: &str) -> bool {
        self.parts.is_empty() || self.parts.iter().any(|p| p == part)
    }

    /// Writes `checks` as the case's `checks.csv` now, so that a run stopped before the case
    /// ends leaves the rows it has (the runner rewrites the file with every row at the end).
    pub fn write_partial(&self, checks: &[Check]) -> Result<(), String> {
        let rows: Vec<Check> = checks
            .iter()
            .cloned()
            .map(|mut c| {
                c.case = self.name.to_string();
                c
            })
            .collect();
        write_checks_csv(&self.dir.join("checks.csv"), &rows)
    }
}

/// What a case measured.
#[derive(Debug, Clone, Default)]
pub struct CaseReport {
    /// Table rows.
    pub checks: Vec<Check>,
    /// Simulation-against-theory figures.
    pub figures: Vec<Figure>,
    /// Setup and remarks shown under the case in `VALIDATION.md`.
    pub notes: Vec<String>,
}
