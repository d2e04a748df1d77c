//! `catena resume DIR` for a study: the finished cases are read back, the unfinished ones run
//! again from their start (a case is short next to a study; its numbers are the same bits).

use super::StudyError;
use super::compare::resume_compare;
use super::compare_report::CompareRow;
use super::store::{STUDY_FILE, StudyDir, StudyKind};
use super::sweep::{SweepRow, resume_sweep};
use crate::run::Stop;
use std::path::Path;

/// What a resumed study produced.
#[derive(Debug, Clone)]
pub enum StudyOutcome {
    /// The rows of a comparison.
    Compare(Vec<CompareRow>),
    /// The rows of a sweep of `parameter`.
    Sweep {
        /// `ELEMENT.field`.
        parameter: String,
        /// One row per value.
        rows: Vec<SweepRow>,
    },
}

/// Whether `dir` holds a study (`study.ron`) rather than a run.
pub fn is_study(dir: &Path) -> bool {
    dir.join(STUDY_FILE).is_file()
}

/// Continues the study in `dir`: checks that its input files did not change (refused with a
/// diff otherwise), keeps the finished cases and runs the others.
pub fn resume_study(
    dir: &Path,
    quiet: bool,
    stop: Option<&Stop>,
) -> Result<StudyOutcome, StudyError> {
    let (d, record) = StudyDir::open(dir)?;
    match &record.kind {
        StudyKind::Compare { .. } => {
            resume_compare(&d, &record, quiet, stop).map(StudyOutcome::Compare)
        }
        StudyKind::Sweep { parameter, .. } => Ok(StudyOutcome::Sweep {
            parameter: parameter.clone(),
            rows: resume_sweep(&d, &record, quiet, stop)?,
        }),
    }
}
