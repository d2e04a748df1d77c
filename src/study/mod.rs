//! Comparison studies: the same scene run once per chain (`catena compare`) or once per value
//! of a chain parameter (`catena sweep`), with the IMC paper's metrics (seed 001 §4.2–4.3,
//! Tables 1–2, Eq. 22) and plots. A study owns its output directory ([`crate::io::DirLock`]),
//! writes each case as soon as it finishes, stops cleanly when asked ([`crate::run::Stop`]) and
//! is continued by [`resume_study`].
//!
//! A study can also be laid out as independent cases ([`Plan`]: one scene file and one
//! `catena run` output directory per case) for other processes to run: Dask tasks (the Python
//! package) or a Slurm job array ([`emit_slurm`]); [`collect()`] merges their runs into the same
//! tables.

mod case;
mod collect;
mod compare;
mod compare_report;
mod edit;
mod error;
mod metrics;
mod plan;
mod plan_run;
mod plot;
pub(crate) use plot::COLOURS;
mod resume;
mod slurm;
mod store;
mod sweep;

pub use case::{CaseResult, Sample, StepRecord, run_case};
pub use collect::{
    CaseStatus, Collected, ERROR_FILE, case_status, collect, read_case, write_case_error,
};
pub use compare::{CompareOptions, compare};
pub use compare_report::{CompareRow, rows as compare_rows, table as compare_table};
pub use edit::{set_chain_parameter, swap_chains};
pub use error::StudyError;
pub use metrics::{Summary, e_bar};
pub use plan::{PLAN_FILE, Plan, RUNS_DIR, SCENES_DIR, portable_scene_text};
pub use plan_run::run_planned_case;
pub use resume::{StudyOutcome, is_study, resume_study};
pub use slurm::{LOGS_DIR, SBATCH_FILE, SlurmRequest, emit_slurm};
pub use store::{CASES_DIR, STUDY_FILE, STUDY_FORMAT, StudyDir, StudyKind, StudyRecord};
pub use sweep::rows as sweep_rows;
pub use sweep::{SweepOptions, SweepRow, sweep, table as sweep_table};
