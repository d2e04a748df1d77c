//! What a validation case is and what it returns.

use super::check::Check;
use super::figure::Figure;
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
    /// Runs the case, writing its scene and chain files into the given directory.
    pub run: fn(&Path) -> Result<CaseReport, String>,
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
