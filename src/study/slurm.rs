//! `catena sweep … --emit slurm DIR`: a planned study ([`Plan`]) as a Slurm job array, one
//! array task per case running `catena run` of the case's scene into its run directory, with
//! time and memory requests from the scene's estimate. `catena sweep --collect DIR` merges
//! the finished runs ([`super::collect()`]).

use super::StudyError;
use super::plan::{Plan, RUNS_DIR, SCENES_DIR};
use crate::io::{DirLock, OutputError, SUMMARY_FILE};
use crate::scene::{MemoryEstimate, load_scene};
use std::path::{Path, PathBuf};

/// File name of the job script inside the plan's directory.
pub const SBATCH_FILE: &str = "study.sbatch";
/// Sub-directory of the array tasks' logs.
pub const LOGS_DIR: &str = "logs";

/// Newton iterations assumed per step for the time request.
const ITERATIONS_PER_STEP: f64 = 6.0;
/// Seconds per structural Jacobian entry and Newton iteration (assembly, LU factorisation and
/// solve with fill-in; about 10 ns on the machines catena was measured on, taken ×10).
const SECONDS_PER_ENTRY: f64 = 1e-7;
/// Seconds per floating-point operation of the dense RSS factorisation (1 GFLOP/s).
const SECONDS_PER_FLOP: f64 = 1e-9;
/// Shortest time request (s).
const MIN_TIME_S: f64 = 600.0;
/// Memory a process needs besides the estimate (binary, allocator, buffers; bytes).
const BASE_MEMORY: f64 = 256.0 * 1024.0 * 1024.0;

/// The resources one array task requests.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SlurmRequest {
    /// Wall time (s).
    pub time_s: f64,
    /// Memory (MiB).
    pub mem_mib: u64,
}

impl SlurmRequest {
    /// The request for a run of `estimate` over `steps` time steps: twice the estimated wall
    /// time (at least 10 minutes) and 1.5 times the estimated memory plus 256 MiB, rounded up
    /// to 64 MiB. Both are rough, upper-bound style figures: edit the script when a
    /// first case shows the real ones (`summary.json` gives the wall time).
    pub fn of(estimate: &MemoryEstimate, steps: f64) -> Self {
        let entries = estimate.sparse / crate::scene::BYTES_PER_ENTRY;
        let rss_n = (estimate.dense_rss / 12.0).sqrt();
        let per_step = ITERATIONS_PER_STEP * entries * SECONDS_PER_ENTRY
            + rss_n.powi(3) / 3.0 * SECONDS_PER_FLOP;
        let time_s = (2.0 * per_step * steps).max(MIN_TIME_S).ceil();
        let bytes = 1.5 * estimate.total() + BASE_MEMORY;
        let mib = (bytes / (1024.0 * 1024.0) / 64.0).ceil() as u64 * 64;
        Self {
            time_s,
            mem_mib: mib,
        }
    }

    /// The time as Slurm's `D-HH:MM:SS`.
    pub fn time(&self) -> String {
        let s = self.time_s.ceil() as u64;
        format!(
            "{}-{:02}:{:02}:{:02}",
            s / 86400,
            s / 3600 % 24,
            s / 60 % 60,
            s % 60
        )
    }
}

/// `s` quoted for a POSIX shell.
fn quote(s: &Path) -> String {
    format!("'{}'", s.display().to_string().replace('\'', r"'\''"))
}

/// The request of the plan's largest case (by its memory estimate).
fn request(plan: &Plan) -> Result<SlurmRequest, StudyError> {
    let mut worst: Option<SlurmRequest> = None;
    for i in 0..plan.len() {
        let file = plan.scene_file(i);
        let (spec, _) = load_scene(&file)?;
        let horizon = plan.record().until.unwrap_or(spec.time.duration.0);
        let r = SlurmRequest::of(&MemoryEstimate::of(&spec, &file), horizon / spec.time.dt.0);
        if worst.is_none_or(|w| r.time_s > w.time_s || r.mem_mib > w.mem_mib) {
            worst = Some(SlurmRequest {
                time_s: worst.map_or(r.time_s, |w| w.time_s.max(r.time_s)),
                mem_mib: worst.map_or(r.mem_mib, |w| w.mem_mib.max(r.mem_mib)),
            });
        }
    }
    worst.ok_or_else(|| StudyError::Input("the study has no case".into()))
}

/// Writes `DIR/study.sbatch` for the plan in `dir`: a job array with one task per case, each
/// running `catena` (the binary at `catena`) on its scene into its run directory, skipping a
/// case that already completed; a case whose run could not start leaves its exit status in
/// its run directory's `error.txt`. Returns the script's path.
pub fn emit_slurm(dir: &Path, catena: &Path) -> Result<PathBuf, StudyError> {
    let plan = Plan::open(dir)?;
    let req = request(&plan)?;
    let dir = std::path::absolute(dir).map_err(|e| OutputError::io(dir, e))?;
    let lock = DirLock::existing(&dir)?;
    let logs = lock.create_dir(LOGS_DIR)?;
    let name = plan
        .record()
        .scene
        .file_stem()
        .map_or("study".into(), |s| s.to_string_lossy().into_owned());
    let until = plan
        .record()
        .until
        .map(|u| format!(" --until {u}"))
        .unwrap_or_default();
    let script = format!(
        "#!/bin/bash\n\
         # Slurm job array of the catena study planned in {dir}: one array task per case.\n\
         # Submit with `sbatch {script}`; when the tasks are done, merge their runs with\n\
         # `catena sweep --collect {dir}`. A case that already completed is skipped, so the\n\
         # array can be submitted again for the missing or failed ones. Time and memory are\n\
         # estimated from the largest case's scene; edit them here if needed.\n\
         #SBATCH --job-name=catena-{name}\n\
         #SBATCH --array=0-{last}\n\
         #SBATCH --time={time}\n\
         #SBATCH --mem={mem}M\n\
         #SBATCH --cpus-per-task=1\n\
         #SBATCH --output={logs}/case_%a.out\n\
         set -uo pipefail\n\
         CATENA=\"${{CATENA:-{catena}}}\"\n\
         DIR={qdir}\n\
         I=$(printf '%03d' \"$SLURM_ARRAY_TASK_ID\")\n\
         RUN=\"$DIR/{runs}/$I\"\n\
         if grep -qs '\"completed\": true' \"$RUN/{summary}\"; then\n\
         \x20   echo \"case $I already completed\"\n\
         \x20   exit 0\n\
         fi\n\
         status=0\n\
         \"$CATENA\" run \"$DIR/{scenes}/$I.ron\" --out \"$RUN\"{until} --quiet --force || status=$?\n\
         if [ \"$status\" -ne 0 ] && [ ! -f \"$RUN/{summary}\" ]; then\n\
         \x20   mkdir -p \"$RUN\"\n\
         \x20   echo 'f {error}' >> \"$RUN/{manifest}\"\n\
         \x20   echo \"catena run exited with status $status before writing its output; see \
         {logs}/case_$SLURM_ARRAY_TASK_ID.out\" > \"$RUN/{error}\"\n\
         fi\n\
         exit \"$status\"\n",
        dir = dir.display(),
        script = dir.join(SBATCH_FILE).display(),
        last = plan.len().saturating_sub(1),
        time = req.time(),
        mem = req.mem_mib,
        logs = logs.display(),
        catena = catena.display(),
        qdir = quote(&dir),
        runs = RUNS_DIR,
        scenes = SCENES_DIR,
        summary = SUMMARY_FILE,
        error = super::collect::ERROR_FILE,
        manifest = crate::io::MANIFEST_FILE,
    );
    lock.write_file(SBATCH_FILE, script.as_bytes())?;
    let path = dir.join(SBATCH_FILE);
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let _ = std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755));
    }
    Ok(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_is_slurm_days_hours_minutes_seconds() {
        let r = SlurmRequest {
            time_s: 2.0 * 86400.0 + 3.0 * 3600.0 + 4.0 * 60.0 + 5.0,
            mem_mib: 64,
        };
        assert_eq!(r.time(), "2-03:04:05");
    }

    #[test]
    fn requests_grow_with_the_scene_and_have_floors() {
        let small = MemoryEstimate::default();
        let r = SlurmRequest::of(&small, 10.0);
        assert_eq!(r.time_s, MIN_TIME_S);
        assert_eq!(r.mem_mib, 256);
        let big = MemoryEstimate {
            sparse: 1e9,
            dense_rss: 12.0 * 3000.0 * 3000.0,
            ..Default::default()
        };
        let r = SlurmRequest::of(&big, 1e5);
        assert!(r.time_s > 1e5 && r.mem_mib > 1500, "{r:?}");
    }

    #[test]
    fn paths_are_quoted_for_the_shell() {
        assert_eq!(quote(Path::new("/a b/it's")), r"'/a b/it'\''s'");
    }
}
