//! The directory of a study, held under its [`DirLock`]: what the study was started with
//! (`study.ron`: the scene text, the chains, the horizon, and the text of every input file) and
//! one file per finished case (`cases/NNN.ron`: its steps and sampled configurations, written
//! atomically as soon as the case finishes). `catena resume DIR` reads them back, checks that
//! the input files did not change, and runs only the cases that have no file.
//!
//! Floating-point values are written by RON as shortest round-trip decimals, so a case read
//! back gives the same bits (the tables of a resumed study equal those of an uninterrupted one,
//! wall times aside).

use super::StudyError;
use super::case::CaseResult;
use crate::io::{DirLock, OutputError};
use crate::run::{InputFile, verify_inputs};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// File name of the study record inside its directory.
pub const STUDY_FILE: &str = "study.ron";
/// Sub-directory of the finished cases.
pub const CASES_DIR: &str = "cases";
/// Format version of `study.ron`.
pub const STUDY_FORMAT: u32 = 1;

/// Which study, with its own options.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum StudyKind {
    /// `catena compare`: one case per chain file (absolute paths).
    Compare {
        /// Chain files, in order (the first is the reference).
        chains: Vec<PathBuf>,
    },
    /// `catena sweep`: one case per value of a chain parameter.
    Sweep {
        /// Chain file whose parameter is swept (absolute).
        chain: PathBuf,
        /// `ELEMENT.field`.
        parameter: String,
        /// Values, as RON literals.
        values: Vec<String>,
    },
}

/// What a study was started with.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct StudyRecord {
    /// [`STUDY_FORMAT`] of the writer.
    pub format: u32,
    /// Which study.
    pub kind: StudyKind,
    /// The scene file (absolute).
    pub scene: PathBuf,
    /// Its text.
    pub scene_source: String,
    /// Horizon (s), when given.
    pub until: Option<f64>,
    /// Every file the cases' scenes name, with what it held (see [`InputFile`]).
    pub inputs: Vec<InputFile>,
}

impl StudyRecord {
    /// Number of cases.
    pub fn cases(&self) -> usize {
        match &self.kind {
            StudyKind::Compare { chains } => chains.len(),
            StudyKind::Sweep { values, .. } => values.len(),
        }
    }
}

/// A study's directory, held by this process.
#[derive(Debug)]
pub struct StudyDir {
    lock: DirLock,
}

impl StudyDir {
    /// Starts a study in the directory held by `lock` (taken with [`DirLock::fresh`]): writes
    /// its record.
    pub fn start(lock: DirLock, record: &StudyRecord) -> Result<Self, StudyError> {
        lock.create_dir(CASES_DIR)?;
        let text = ron::ser::to_string_pretty(record, ron::ser::PrettyConfig::default())
            .map_err(|e| OutputError::invalid_data(&lock.dir().join(STUDY_FILE), e.to_string()))?;
        lock.write_file(STUDY_FILE, text.as_bytes())?;
        Ok(Self { lock })
    }

    /// Takes `dir`, the directory of an earlier study, and reads its record; the input files
    /// must hold what they held when it started.
    pub fn open(dir: &Path) -> Result<(Self, StudyRecord), StudyError> {
        let lock = DirLock::existing(dir)?;
        let path = dir.join(STUDY_FILE);
        let text = std::fs::read_to_string(&path).map_err(|e| OutputError::read(&path, e))?;
        let record: StudyRecord = ron::from_str(&text)
            .map_err(|e| OutputError::invalid_data(&path, format!("not a study record: {e}")))?;
        if record.format != STUDY_FORMAT {
            return Err(OutputError::invalid_data(
                &path,
                format!(
                    "study format {} (this catena reads {STUDY_FORMAT})",
                    record.format
                ),
            )
            .into());
        }
        verify_inputs(&record.inputs)?;
        Ok((Self { lock }, record))
    }

    /// The directory.
    pub fn path(&self) -> &Path {
        self.lock.dir()
    }

    /// The directory's lock, through which every file written into it is claimed in its
    /// manifest.
    pub fn lock(&self) -> &DirLock {
        &self.lock
    }

    /// The file of finished case `index`, relative to the directory.
    fn case_name(index: usize) -> String {
        format!("{CASES_DIR}/{index:03}.ron")
    }

    fn case_file(&self, index: usize) -> PathBuf {
        self.path().join(Self::case_name(index))
    }

    /// Writes finished case `index` (atomically).
    pub fn save_case(&self, index: usize, case: &CaseResult) -> Result<(), StudyError> {
        let text = ron::ser::to_string(case)
            .map_err(|e| OutputError::invalid_data(&self.case_file(index), e.to_string()))?;
        self.lock
            .write_file(&Self::case_name(index), text.as_bytes())?;
        Ok(())
    }

    /// The finished cases among the first `n` (`None` for those without a file).
    pub fn finished(&self, n: usize) -> Result<Vec<Option<CaseResult>>, StudyError> {
        (0..n)
            .map(|i| {
                let path = self.case_file(i);
                if !path.is_file() {
                    return Ok(None);
                }
                let text =
                    std::fs::read_to_string(&path).map_err(|e| OutputError::read(&path, e))?;
                let case = ron::from_str(&text).map_err(|e| {
                    OutputError::invalid_data(&path, format!("not a finished case: {e}"))
                })?;
                Ok(Some(case))
            })
            .collect()
    }
}
