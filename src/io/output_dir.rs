//! [`OutputDir`]: the whole output directory of a run (`steps.csv`, `summary.json`, frames).

use std::path::{Path, PathBuf};

use super::{
    CellContactRow, ContactLine, DirLock, Frame, OutputError, PvdIndex, StepColumns, StepRecord,
    StepsCsv, Summary, render_cell_contacts, render_contact_list, write_force_chains,
    write_summary, write_vtp,
};

/// File name of the per-step table inside the output directory.
pub const STEPS_FILE: &str = "steps.csv";
/// File name of the run summary inside the output directory.
pub const SUMMARY_FILE: &str = "summary.json";
/// File name of the frame collection index inside the output directory.
pub const PVD_FILE: &str = "frames.pvd";
/// Sub-directory holding the `.vtp` frames.
pub const FRAMES_DIR: &str = "frames";

/// The output directory of one run:
///
/// ```text
/// DIR/steps.csv                 one row per accepted step, flushed per row
/// DIR/summary.json              written by `write_summary` (atomic)
/// DIR/frames.pvd                collection index, rewritten atomically per frame
/// DIR/frames/frame_000000.vtp   one VTK PolyData file per frame (atomic)
/// DIR/frames/contacts_000000.vtp  its force chains, when written (atomic)
/// DIR/frames/contacts_000000.csv  its contact list, when asked for (atomic)
/// DIR/.catena.lock              held for the life of the run (see [`DirLock`])
/// DIR/.catena.manifest          every file and directory above, recorded before it is made
/// ```
///
/// It holds the directory's [`DirLock`]: no other catena process writes into it meanwhile,
/// a fresh one starts without earlier output, and every file it writes is claimed in the
/// directory's manifest first (so `--force` removes exactly these, and a file catena did not
/// write is never overwritten).
#[derive(Debug)]
pub struct OutputDir {
    lock: DirLock,
    dir: PathBuf,
    steps: StepsCsv,
    pvd: PvdIndex,
    frames: u64,
}

impl OutputDir {
    /// Takes `dir` for a fresh run ([`DirLock::fresh`]: created if missing, locked, empty or,
    /// with `force`, emptied of earlier output), then creates `dir/frames`, `dir/steps.csv`
    /// with its header, and an empty `dir/frames.pvd`.
    pub fn create(dir: &Path, force: bool) -> Result<Self, OutputError> {
        Self::create_with(dir, force, StepColumns::default())
    }

    /// Like [`OutputDir::create`], with the optional `columns` of `steps.csv`.
    pub fn create_with(dir: &Path, force: bool, columns: StepColumns) -> Result<Self, OutputError> {
        let lock = DirLock::fresh(dir, force)?;
        lock.create_dir(FRAMES_DIR)?;
        let steps = StepsCsv::create_with(&lock.claim(STEPS_FILE)?, columns)?;
        let pvd = PvdIndex::new(&lock.claim(PVD_FILE)?);
        pvd.write()?;
        Ok(OutputDir {
            lock,
            dir: dir.to_path_buf(),
            steps,
            pvd,
            frames: 0,
        })
    }

    /// Reopens the output of an interrupted run to continue it: `steps.csv` keeps its first
    /// `rows` rows (a partial last line is dropped), `frames.pvd` is rewritten to index the
    /// frames of `frame_times` (frame `i` at `frame_times[i]`), and frame files past them (and
    /// their contact files) that the manifest lists are removed. Every kept frame file must exist. `lock` holds the directory.
    pub fn reopen(lock: DirLock, rows: u64, frame_times: &[f64]) -> Result<Self, OutputError> {
        let dir = lock.dir().to_path_buf();
        let dir = dir.as_path();
        let frames_dir = dir.join(FRAMES_DIR);
        let steps = StepsCsv::reopen(&lock.claim(STEPS_FILE)?, rows)?;
        let mut pvd = PvdIndex::new(&lock.claim(PVD_FILE)?);
        for (i, &t) in frame_times.iter().enumerate() {
            let name = format!("frame_{i:06}.vtp");
            let path = frames_dir.join(&name);
            if !path.is_file() {
                return Err(OutputError::invalid_data(
                    &path,
                    "frame listed in the checkpoint is missing".to_string(),
                ));
            }
            pvd.push(t, &format!("{FRAMES_DIR}/{name}"))?;
        }
        pvd.write()?;
        // Frames written after the checkpoint go (only files catena wrote: the manifest's).
        let mut extra = frame_times.len();
        loop {
            for ext in ["vtp", "csv"] {
                // Contact files exist only when the scene writes them.
                let name = format!("{FRAMES_DIR}/contacts_{extra:06}.{ext}");
                if lock.owns(&name) {
                    let _ = std::fs::remove_file(dir.join(name));
                }
            }
            let name = format!("{FRAMES_DIR}/frame_{extra:06}.vtp");
            if !lock.owns(&name) || std::fs::remove_file(dir.join(name)).is_err() {
                break;
            }
            extra += 1;
        }
        Ok(OutputDir {
            lock,
            dir: dir.to_path_buf(),
            steps,
            pvd,
            frames: frame_times.len() as u64,
        })
    }

    /// Times of the frames written so far, in order.
    pub fn frame_times(&self) -> Vec<f64> {
        self.pvd.entries().iter().map(|(t, _)| *t).collect()
    }

    /// The output directory.
    pub fn path(&self) -> &Path {
        &self.dir
    }

    /// The directory's lock, through which every file written into it is claimed in its
    /// manifest ([`DirLock::claim`]).
    pub fn lock(&self) -> &DirLock {
        &self.lock
    }

    /// Appends one row to `steps.csv` (flushed).
    pub fn write_step(&mut self, r: &StepRecord) -> Result<(), OutputError> {
        self.steps.write(r)
    }

    /// Writes `frames/frame_{n:06}.vtp` (n = frames written so far) and adds it to `frames.pvd`.
    pub fn write_frame(&mut self, frame: &Frame) -> Result<(), OutputError> {
        let name = format!("frame_{:06}.vtp", self.frames);
        write_vtp(&self.lock.claim(&format!("{FRAMES_DIR}/{name}"))?, frame)?;
        self.pvd.push(frame.time, &format!("{FRAMES_DIR}/{name}"))?;
        self.frames += 1;
        Ok(())
    }

    /// Writes the contacts of the last frame written: with `chains`, its force chains
    /// (`frames/contacts_{n:06}.vtp`), with `list`, its contact list
    /// (`frames/contacts_{n:06}.csv`).
    pub fn write_contacts(
        &self,
        time: f64,
        lines: &[ContactLine],
        chains: bool,
        list: bool,
    ) -> Result<(), OutputError> {
        let n = self.frames.saturating_sub(1);
        let base = format!("{FRAMES_DIR}/contacts_{n:06}");
        if chains {
            write_force_chains(&self.lock.claim(&format!("{base}.vtp"))?, time, lines)?;
        }
        if list {
            self.lock.write_file(
                &format!("{base}.csv"),
                render_contact_list(lines).as_bytes(),
            )?;
        }
        Ok(())
    }

    /// Writes the cell-contact CSV of the last frame, `frames/cell_contacts_NNNNNN.csv` (see
    /// [`render_cell_contacts`]).
    pub fn write_cell_contacts(&self, rows: &[CellContactRow]) -> Result<(), OutputError> {
        let n = self.frames.saturating_sub(1);
        self.lock.write_file(
            &format!("{FRAMES_DIR}/cell_contacts_{n:06}.csv"),
            render_cell_contacts(rows).as_bytes(),
        )
    }

    /// Number of frames written so far.
    pub fn frames_written(&self) -> u64 {
        self.frames
    }

    /// Writes `dir/summary.json` (pretty JSON, atomic). May be called repeatedly, e.g. as a checkpoint.
    pub fn write_summary(&self, s: &Summary) -> Result<(), OutputError> {
        write_summary(&self.lock.claim(SUMMARY_FILE)?, s)
    }
}

#[cfg(test)]
mod tests {
    use super::super::{read_steps_csv, read_summary};
    use super::*;
    use crate::math::Vec3;

    #[test]
    fn creates_layout_and_writes_everything() {
        let tmp = tempfile::tempdir().expect("tempdir");
        let dir = tmp.path().join("a").join("run");
        let mut out = OutputDir::create(&dir, false).expect("create");
        assert_eq!(out.path(), dir.as_path());
        assert!(dir.join(FRAMES_DIR).is_dir());
        assert!(dir.join(STEPS_FILE).is_file());
        assert!(dir.join(PVD_FILE).is_file());

        let mut rows = Vec::new();
        for step in 0..3u64 {
            let r = StepRecord {
                step,
                t: (step + 1) as f64 * 0.1,
                newton_iterations: 2,
                active_contacts: step,
                wall_ms: 1.0,
                min_gap: f64::NAN,
                ..StepRecord::default()
            };
            out.write_step(&r).expect("step");
            rows.push(r);
            let pts = [Vec3::zeros(), Vec3::new(0.0, 0.0, step as f64 + 1.0)];
            let rods = [super::super::PolylineBody {
                name: "r",
                points: &pts,
                radius: 0.1,
                velocities: &[],
            }];
            out.write_frame(&Frame {
                shells: &[],
                time: rows[step as usize].t,
                rods: &rods,
                spheres: &[],
            })
            .expect("frame");
        }
        assert_eq!(out.frames_written(), 3);
        assert_eq!(read_steps_csv(&dir.join(STEPS_FILE)).expect("csv").len(), 3);
        for i in 0..3 {
            assert!(
                dir.join(FRAMES_DIR)
                    .join(format!("frame_{i:06}.vtp"))
                    .is_file()
            );
        }
        let pvd = std::fs::read_to_string(dir.join(PVD_FILE)).expect("pvd");
        assert!(pvd.contains("file=\"frames/frame_000002.vtp\""));

        let mut s = Summary::from_steps("test", &rows);
        s.frames = out.frames_written();
        s.completed = true;
        out.write_summary(&s).expect("summary");
        let back = read_summary(&dir.join(SUMMARY_FILE)).expect("read summary");
        assert_eq!(
            (back.frames, back.steps_with_contact, back.aipts),
            (3, 2, 2.0)
        );

        let leftovers: Vec<_> = walk(&dir)
            .into_iter()
            .filter(|p| p.ends_with(".tmp"))
            .collect();
        assert!(leftovers.is_empty(), "{leftovers:?}");
    }

    #[test]
    fn reopening_drops_later_frames_catena_wrote_and_nothing_else() {
        let tmp = tempfile::tempdir().expect("tempdir");
        let dir = tmp.path();
        let mut out = OutputDir::create(dir, false).expect("create");
        let pts = [Vec3::zeros(), Vec3::x()];
        let rods = [super::super::PolylineBody {
            name: "r",
            points: &pts,
            radius: 0.1,
            velocities: &[],
        }];
        for k in 0..3 {
            out.write_frame(&Frame {
                shells: &[],
                time: f64::from(k),
                rods: &rods,
                spheres: &[],
            })
            .expect("frame");
        }
        drop(out);
        let frame = |i: usize| dir.join(FRAMES_DIR).join(format!("frame_{i:06}.vtp"));
        std::fs::write(frame(3), "mine").expect("foreign frame");
        let lock = DirLock::existing(dir).expect("lock");
        let out = OutputDir::reopen(lock, 0, &[0.0]).expect("reopen");
        assert_eq!(out.frames_written(), 1);
        assert!(frame(0).is_file() && !frame(1).exists() && !frame(2).exists());
        assert_eq!(std::fs::read_to_string(frame(3)).expect("kept"), "mine");
    }

    fn walk(dir: &Path) -> Vec<String> {
        let mut out = Vec::new();
        for e in std::fs::read_dir(dir).expect("read_dir") {
            let p = e.expect("entry").path();
            if p.is_dir() {
                out.extend(walk(&p));
            } else {
                out.push(p.display().to_string());
            }
        }
        out
    }
}
