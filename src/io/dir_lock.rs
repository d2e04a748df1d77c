//! Ownership of an output directory: one process at a time writes into it, and a fresh run
//! starts from an empty directory, so every file in it belongs to that run.
//!
//! The directory holds a lock file, [`LOCK_FILE`], locked exclusively (an advisory `flock`)
//! for as long as the [`DirLock`] lives: a second `catena run`, `resume`, `compare` or `sweep`
//! into the same directory is refused while the first one runs, and the lock goes with the
//! process however it ends (even `kill -9`). The file stays behind as the mark of a directory
//! catena wrote; it names the last process that held it.
//!
//! A fresh run ([`DirLock::fresh`]) accepts a new or empty directory. A directory holding the
//! output of an earlier run is refused unless `force` is set, and then emptied first. A
//! directory holding anything catena did not write (no lock file, and a name catena never
//! writes) is refused even with `force`: catena deletes only its own output.

use std::fs::{File, OpenOptions, TryLockError};
use std::io::{Read, Seek, Write};
use std::path::{Path, PathBuf};

use super::OutputError;

/// File name of the lock (and ownership mark) inside an output directory.
pub const LOCK_FILE: &str = ".catena.lock";

/// Names catena writes into output directories (any command): a directory holding only these
/// is taken for catena output even without a lock file (directories written before there was
/// one).
const KNOWN: &[&str] = &[
    "steps.csv",
    "summary.json",
    "frames.pvd",
    "frames",
    "checkpoint.ron",
    "compare.csv",
    "compare.json",
    "sweep.csv",
    "sweep.json",
    "study.ron",
    "cases",
    "chains",
    "cumulative_iterations.svg",
    "cumulative_time.svg",
    "min_gap.svg",
    "e_bar.svg",
];

/// An output directory held exclusively by this process (released when dropped).
#[derive(Debug)]
pub struct DirLock {
    dir: PathBuf,
    _file: File,
}

impl DirLock {
    /// Takes `dir` for a new run or study: creates it if missing and locks it. It must be empty
    /// (but for its lock file); with `force`, earlier catena output in it is removed first.
    pub fn fresh(dir: &Path, force: bool) -> Result<Self, OutputError> {
        std::fs::create_dir_all(dir).map_err(|e| OutputError::io(dir, e))?;
        let lock_path = dir.join(LOCK_FILE);
        if !lock_path.exists() {
            // Not (yet) marked as catena's: look before creating anything in it.
            let entries = entries(dir)?;
            if !entries.is_empty() {
                let ours = entries.iter().all(|e| is_known(e));
                if !force || !ours {
                    return Err(OutputError::NotEmpty {
                        dir: dir.to_path_buf(),
                        entries,
                        ours,
                    });
                }
            }
        }
        let lock = Self::take(dir)?;
        let entries = entries(dir)?;
        if !entries.is_empty() {
            if !force {
                return Err(OutputError::NotEmpty {
                    dir: dir.to_path_buf(),
                    entries,
                    ours: true,
                });
            }
            for name in &entries {
                remove(&dir.join(name))?;
            }
        }
        Ok(lock)
    }

    /// Takes `dir`, an existing output directory, to continue what was written in it.
    pub fn existing(dir: &Path) -> Result<Self, OutputError> {
        if !dir.is_dir() {
            return Err(OutputError::read(
                dir,
                std::io::Error::new(std::io::ErrorKind::NotFound, "no such directory"),
            ));
        }
        Self::take(dir)
    }

    /// The directory.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Opens (creating) the lock file, locks it, and writes who holds it.
    fn take(dir: &Path) -> Result<Self, OutputError> {
        let path = dir.join(LOCK_FILE);
        let mut file = OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(&path)
            .map_err(|e| OutputError::io(&path, e))?;
        match file.try_lock() {
            Ok(()) => {}
            Err(TryLockError::WouldBlock) => {
                let mut holder = String::new();
                let _ = file.read_to_string(&mut holder);
                let holder = holder.trim();
                return Err(OutputError::Busy {
                    dir: dir.to_path_buf(),
                    holder: if holder.is_empty() {
                        "unknown process".into()
                    } else {
                        holder.to_string()
                    },
                });
            }
            // A file system without locks (some network mounts): go on unlocked.
            Err(TryLockError::Error(e)) if e.kind() == std::io::ErrorKind::Unsupported => {}
            Err(TryLockError::Error(e)) => return Err(OutputError::io(&path, e)),
        }
        let args: Vec<String> = std::env::args().collect();
        let who = format!("process {}: {}\n", std::process::id(), args.join(" "));
        file.set_len(0)
            .and_then(|()| file.rewind())
            .and_then(|()| file.write_all(who.as_bytes()))
            .and_then(|()| file.flush())
            .map_err(|e| OutputError::io(&path, e))?;
        Ok(Self {
            dir: dir.to_path_buf(),
            _file: file,
        })
    }
}

/// The names in `dir` but its lock file, sorted.
fn entries(dir: &Path) -> Result<Vec<String>, OutputError> {
    let mut v = Vec::new();
    for e in std::fs::read_dir(dir).map_err(|e| OutputError::read(dir, e))? {
        let e = e.map_err(|e| OutputError::read(dir, e))?;
        let name = e.file_name().to_string_lossy().into_owned();
        if name != LOCK_FILE {
            v.push(name);
        }
    }
    v.sort();
    Ok(v)
}

fn is_known(name: &str) -> bool {
    KNOWN.contains(&name.trim_end_matches(".tmp"))
}

/// Removes a file, a symbolic link (not its target) or a directory tree.
fn remove(path: &Path) -> Result<(), OutputError> {
    let meta = std::fs::symlink_metadata(path).map_err(|e| OutputError::read(path, e))?;
    let r = if meta.is_dir() {
        std::fs::remove_dir_all(path)
    } else {
        std::fs::remove_file(path)
    };
    r.map_err(|e| OutputError::io(path, e))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_second_holder_is_refused_until_the_first_is_dropped() {
        let tmp = tempfile::tempdir().expect("tempdir");
        let dir = tmp.path().join("run");
        let first = DirLock::fresh(&dir, false).expect("new directory");
        assert_eq!(first.dir(), dir.as_path());
        let busy = DirLock::existing(&dir).expect_err("held");
        assert!(matches!(busy, OutputError::Busy { .. }), "{busy}");
        assert!(busy.to_string().contains("process"), "{busy}");
        drop(first);
        DirLock::existing(&dir).expect("free again");
    }

    #[test]
    fn earlier_output_needs_force_and_foreign_files_are_never_removed() {
        let tmp = tempfile::tempdir().expect("tempdir");
        let dir = tmp.path();
        drop(DirLock::fresh(dir, false).expect("empty directory"));
        std::fs::create_dir(dir.join("frames")).expect("frames");
        std::fs::write(dir.join("frames/frame_000000.vtp"), "x").expect("frame");
        std::fs::write(dir.join("steps.csv"), "x").expect("steps");
        let e = DirLock::fresh(dir, false).expect_err("not empty");
        assert!(matches!(e, OutputError::NotEmpty { ours: true, .. }), "{e}");
        drop(DirLock::fresh(dir, true).expect("forced"));
        assert_eq!(entries(dir).expect("entries"), Vec::<String>::new());

        let foreign = tmp.path().join("mine");
        std::fs::create_dir(&foreign).expect("dir");
        std::fs::write(foreign.join("notes.txt"), "keep me").expect("notes");
        let e = DirLock::fresh(&foreign, true).expect_err("foreign");
        assert!(
            matches!(e, OutputError::NotEmpty { ours: false, .. }),
            "{e}"
        );
        assert!(foreign.join("notes.txt").is_file());
        assert!(
            !foreign.join(LOCK_FILE).exists(),
            "nothing is created there"
        );
        // Output of an older catena (no lock file) is recognised by its names.
        let old = tmp.path().join("old");
        std::fs::create_dir(&old).expect("dir");
        std::fs::write(old.join("summary.json"), "{}").expect("summary");
        drop(DirLock::fresh(&old, true).expect("old output is replaced"));
        assert!(!old.join("summary.json").exists());
    }
}
