//! Running one case of a planned study ([`Plan`]) in this process: what one Dask task does,
//! and what the `catena run` line of a Slurm array task does.

use super::StudyError;
use super::collect::{CaseStatus, case_status, write_case_error};
use super::plan::Plan;
use crate::run::{RunError, RunOptions, Stop, run};
use crate::scene::{build_scene, load_scene};
use std::path::Path;

/// Runs case `i` of the plan in `dir` into its run directory, as `catena run` of its scene
/// with the plan's horizon does, unless it is already finished (completed or failed); an
/// unfinished earlier attempt is replaced. A scene that cannot be built or a step that fails
/// is the case's result ([`CaseStatus::Failed`], its error kept with the case), not an error
/// of this function, which fails only when the plan or the output cannot be read or written,
/// or when a stop was requested.
pub fn run_planned_case(
    dir: &Path,
    i: usize,
    progress: bool,
    stop: Option<Stop>,
) -> Result<CaseStatus, StudyError> {
    let plan = Plan::open(dir)?;
    if i >= plan.len() {
        return Err(StudyError::Input(format!(
            "the study in {} has {} cases, there is no case {i}",
            dir.display(),
            plan.len()
        )));
    }
    let status = case_status(&plan, i)?;
    if status.is_finished() {
        return Ok(status);
    }
    let scene = plan.scene_file(i);
    let built = match load_scene(&scene).and_then(|(spec, src)| build_scene(&spec, &src, &scene)) {
        Ok(b) => b,
        Err(e) => {
            write_case_error(&plan, i, &format!("error: {e}"))?;
            return case_status(&plan, i);
        }
    };
    let opts = RunOptions {
        out: Some(plan.run_dir(i)),
        force: true,
        until: plan.record().until,
        progress,
        checkpoint_every: None,
        stop,
    };
    match run(built, &opts) {
        Ok(_) | Err(RunError::Solve { .. }) => case_status(&plan, i),
        Err(RunError::Interrupted { signal, .. }) => Err(StudyError::Interrupted {
            signal,
            finished: 0,
            total: 1,
        }),
        Err(e @ (RunError::Scene(_) | RunError::Horizon(_))) => {
            write_case_error(&plan, i, &format!("error: {e}"))?;
            case_status(&plan, i)
        }
        Err(e) => Err(StudyError::Input(e.to_string())),
    }
}
