//! A study laid out as independent cases, for other processes to run: the tasks of a Dask
//! cluster (the Python package) or the array tasks of a Slurm job (`catena sweep --emit
//! slurm`). Each case is a plain `catena run` of its own scene file into its own directory, so
//! a case needs nothing but the catena binary and the files the plan names:
//!
//! ```text
//! DIR/plan.ron          the study's record (scene text, chains, horizon, input files)
//! DIR/chains/*.ron      a sweep's edited chains
//! DIR/scenes/NNN.ron    case NNN's scene: its chain swapped in, every file path absolute
//! DIR/runs/NNN/         case NNN's output, as `catena run` writes it (steps.csv, frames, …)
//! ```
//!
//! [`super::collect`] reads the finished runs back into the study's tables.

use super::StudyError;
use super::compare::{CompareOptions, compare_cases, label_of};
use super::store::{StudyKind, StudyRecord};
use super::sweep::{SweepOptions, edit_chains, write_chains};
use crate::io::{DirLock, OutputError, write_atomic};
use crate::run::verify_inputs;
use crate::scene::{SceneSpec, input_paths_mut, load_scene, parse_scene};
use ron::extensions::Extensions;
use std::path::{Path, PathBuf};

/// File name of the plan inside its directory.
pub const PLAN_FILE: &str = "plan.ron";
/// Sub-directory of the cases' scene files.
pub const SCENES_DIR: &str = "scenes";
/// Sub-directory of the cases' run directories.
pub const RUNS_DIR: &str = "runs";

/// A study laid out in a directory, one scene and one run directory per case.
#[derive(Debug, Clone)]
pub struct Plan {
    dir: PathBuf,
    record: StudyRecord,
}

impl Plan {
    /// Lays out the sweep of `opts` in `opts.out` (`until`, `scene`, `chain`, `parameter`,
    /// `values` and `force` are used). A directory that already holds the plan of the same
    /// sweep, from unchanged input files, is kept as it is, with its finished runs: running the
    /// plan again runs only the others.
    pub fn sweep(opts: &SweepOptions) -> Result<Self, StudyError> {
        let edited = edit_chains(opts)?;
        let (spec, source) = load_scene(&opts.scene)?;
        let chain = std::fs::canonicalize(&opts.chain).unwrap_or_else(|_| opts.chain.clone());
        let kind = StudyKind::Sweep {
            chain,
            parameter: opts.parameter.clone(),
            values: opts.values.clone(),
        };
        if let Some(p) = Self::reuse(&opts.out, opts.force, &kind, &source, opts.until)? {
            return Ok(p);
        }
        let lock = DirLock::fresh(&opts.out, opts.force)?;
        let (record, specs) = write_chains(opts, &lock, &edited, spec, source)?;
        Self::write(lock, record, &specs)
    }

    /// Lays out the comparison of `opts` in `opts.out` (`until`, `scene`, `chains` and `force`
    /// are used); an existing plan of the same comparison is kept, as for [`Plan::sweep`].
    pub fn compare(opts: &CompareOptions) -> Result<Self, StudyError> {
        let (record, specs) = compare_cases(opts)?;
        if let Some(p) = Self::reuse(
            &opts.out,
            opts.force,
            &record.kind,
            &record.scene_source,
            opts.until,
        )? {
            return Ok(p);
        }
        let lock = DirLock::fresh(&opts.out, opts.force)?;
        Self::write(lock, record, &specs)
    }

    /// Reads the plan in `dir`.
    pub fn open(dir: &Path) -> Result<Self, StudyError> {
        let path = dir.join(PLAN_FILE);
        let text = std::fs::read_to_string(&path).map_err(|e| {
            StudyError::Input(format!(
                "{}: no study plan here ({e})\n  help: lay one out with `catena sweep … --emit \
                 slurm {}` or from Python (catena.sweep, catena.compare)",
                path.display(),
                dir.display()
            ))
        })?;
        let record: StudyRecord = ron::from_str(&text)
            .map_err(|e| OutputError::invalid_data(&path, format!("not a study plan: {e}")))?;
        Ok(Self {
            dir: dir.to_path_buf(),
            record,
        })
    }

    /// The plan already in `dir`, when it is the same study and `force` is not set.
    fn reuse(
        dir: &Path,
        force: bool,
        kind: &StudyKind,
        source: &str,
        until: Option<f64>,
    ) -> Result<Option<Self>, StudyError> {
        if force || !dir.join(PLAN_FILE).is_file() {
            return Ok(None);
        }
        let old = Self::open(dir)?;
        let r = &old.record;
        if &r.kind != kind || r.scene_source != source || r.until != until {
            return Err(StudyError::Input(format!(
                "{} holds the plan of another study\n  help: choose another output directory, \
                 or replace it with force",
                dir.display()
            )));
        }
        verify_inputs(&r.inputs)?;
        Ok(Some(old))
    }

    /// Writes the record and one scene file per case into the directory held by `lock`.
    fn write(lock: DirLock, record: StudyRecord, specs: &[SceneSpec]) -> Result<Self, StudyError> {
        let dir = lock.dir().to_path_buf();
        lock.create_dir(SCENES_DIR)?;
        // The cases' run directories go here, each an output directory of its own (a forced
        // plan cleans them with the plan).
        lock.create_dir(RUNS_DIR)?;
        let plan = Self { dir, record };
        for (i, spec) in specs.iter().enumerate() {
            let path = lock.claim(&format!("{SCENES_DIR}/{i:03}.ron"))?;
            let text = portable_scene_text(spec, &plan.record.scene)
                .map_err(|e| OutputError::invalid_data(&path, e))?;
            let header = format!(
                "// Case {i} ({}) of the study planned in {}, from {}.\n",
                plan.label(i),
                plan.dir.display(),
                plan.record.scene.display()
            );
            write_atomic(&path, (header + &text).as_bytes())?;
        }
        let text = ron::ser::to_string_pretty(&plan.record, ron::ser::PrettyConfig::default())
            .map_err(|e| OutputError::invalid_data(&plan.dir.join(PLAN_FILE), e.to_string()))?;
        lock.write_file(PLAN_FILE, text.as_bytes())?;
        drop(lock);
        Ok(plan)
    }

    /// The directory.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// What the study was laid out with.
    pub fn record(&self) -> &StudyRecord {
        &self.record
    }

    /// Number of cases.
    pub fn len(&self) -> usize {
        self.record.cases()
    }

    /// Whether the plan has no case.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Scene file of case `i`.
    pub fn scene_file(&self, i: usize) -> PathBuf {
        self.dir.join(SCENES_DIR).join(format!("{i:03}.ron"))
    }

    /// Output directory of case `i`.
    pub fn run_dir(&self, i: usize) -> PathBuf {
        self.dir.join(RUNS_DIR).join(format!("{i:03}"))
    }

    /// Label of case `i`: its chain's file stem (compare) or `parameter=value` (sweep).
    pub fn label(&self, i: usize) -> String {
        match &self.record.kind {
            StudyKind::Compare { chains } => chains.get(i).map(|c| label_of(c)).unwrap_or_default(),
            StudyKind::Sweep {
                parameter, values, ..
            } => format!(
                "{parameter}={}",
                values.get(i).map(String::as_str).unwrap_or("?")
            ),
        }
    }
}

/// `path` read relative to `dir` when it is relative.
fn absolute(dir: &Path, path: &mut String) {
    if Path::new(path.as_str()).is_relative() {
        *path = dir.join(path.as_str()).to_string_lossy().into_owned();
    }
}

/// The text of `spec` (read from `scene_file`) as a scene file that can live anywhere: every
/// file it names (chains, polyline and mesh files, signal tables, sphere files; see
/// [`crate::scene::input_paths`]) made absolute.
pub fn portable_scene_text(spec: &SceneSpec, scene_file: &Path) -> Result<String, String> {
    let dir = std::path::absolute(scene_file.parent().unwrap_or(Path::new(".")))
        .map_err(|e| e.to_string())?;
    let mut s = spec.clone();
    for (_, p) in input_paths_mut(&mut s) {
        absolute(&dir, p);
    }
    let config = ron::ser::PrettyConfig::default()
        .struct_names(false)
        .extensions(Extensions::UNWRAP_NEWTYPES | Extensions::UNWRAP_VARIANT_NEWTYPES);
    let text = ron::ser::to_string_pretty(&s, config).map_err(|e| e.to_string())?;
    // The text must read back as the same scene.
    let back = parse_scene(&text, scene_file).map_err(|e| e.to_string())?;
    let again = ron::ser::to_string_pretty(&back, ron::ser::PrettyConfig::default())
        .map_err(|e| e.to_string())?;
    let first = ron::ser::to_string_pretty(&s, ron::ser::PrettyConfig::default())
        .map_err(|e| e.to_string())?;
    if again != first {
        return Err("the scene does not read back as written".into());
    }
    Ok(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_shipped_scene_reads_back_from_its_portable_text() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/scenes");
        let mut n = 0;
        for entry in std::fs::read_dir(&dir).expect("examples/scenes") {
            let path = entry.expect("entry").path();
            if path.extension().is_none_or(|x| x != "ron") {
                continue;
            }
            let (spec, _) = load_scene(&path).expect("shipped scene");
            let text = portable_scene_text(&spec, &path).expect("portable");
            // Written elsewhere, it still names every chain by an absolute path.
            let back = parse_scene(&text, Path::new("/elsewhere/scene.ron")).expect("reads back");
            assert!(
                back.contacts
                    .iter()
                    .all(|c| Path::new(&c.chain).is_absolute())
            );
            n += 1;
        }
        assert!(n >= 10, "{n} scenes");
    }
}
