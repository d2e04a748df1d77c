//! Ownership of an output directory: one process at a time writes into it, every file and
//! directory catena creates in it is recorded in its manifest ([`MANIFEST_FILE`], see
//! [`super::Manifest`]), and `--force` removes what the manifest lists — never anything else.
//!
//! The directory holds a lock file, [`LOCK_FILE`], locked exclusively (an advisory `flock`)
//! for as long as the [`DirLock`] lives: a second `catena run`, `resume`, `compare` or `sweep`
//! into the same directory is refused while the first one runs, and the lock goes with the
//! process however it ends (even `kill -9`). The lock file and the manifest stay behind as the
//! mark of a directory catena wrote; the lock file names the last process that held it.
//!
//! A fresh run ([`DirLock::fresh`]) accepts a new or empty directory. A directory holding the
//! output of an earlier run is refused unless `force` is set; then the files the manifest
//! lists are removed (each with the `NAME.tmp` an interrupted write may have left), and the
//! directories it lists once they are empty, so that files catena did not write — beside the
//! output, in `frames/`, in a sub-directory — stay where they are, with the directories that
//! hold them. A sub-directory catena created that holds an output directory of its own (a
//! study's `runs/NNN`) is cleaned by that directory's manifest, under its lock. Paths in a
//! manifest are plain relative paths, and a path whose directories are not real directories
//! inside this one (a symbolic link) is not followed: nothing outside the directory is ever
//! removed. A file that is not catena's and has the name of one catena is about to write is
//! refused then ([`OutputError::Foreign`]), not overwritten.
//!
//! Directories written before manifests existed are recognised by their names only (see
//! [`LegacyOutput`]): without a lock file, a directory holding anything else is refused even
//! with `force`; with one, `force` removes only what is recognised.

use super::legacy_output::LegacyOutput;
use super::manifest::{EntryKind, MANIFEST_FILE, Manifest, read_entries, valid_entry};
use super::{OutputError, tmp_path};
use parking_lot::Mutex;
use std::fs::{File, OpenOptions, TryLockError};
use std::io::{Read, Seek, Write};
use std::path::{Path, PathBuf};

/// File name of the lock (and ownership mark) inside an output directory.
pub const LOCK_FILE: &str = ".catena.lock";

/// An output directory held exclusively by this process (released when dropped), with the
/// manifest of what catena created in it.
#[derive(Debug)]
pub struct DirLock {
    dir: PathBuf,
    _file: File,
    manifest: Mutex<Manifest>,
}

impl DirLock {
    /// Takes `dir` for a new run or study: creates it if missing and locks it. It must be empty
    /// (but for its lock file and manifest); with `force`, the earlier output in it is removed
    /// first (only what catena wrote; see the module docs), and the manifest starts afresh.
    pub fn fresh(dir: &Path, force: bool) -> Result<Self, OutputError> {
        std::fs::create_dir_all(dir).map_err(|e| OutputError::io(dir, e))?;
        if !owned(dir) {
            // Not (yet) marked as catena's: look before creating anything in it.
            let present = entries(dir)?;
            if !present.is_empty() {
                let legacy = LegacyOutput::scan(dir)?;
                if !legacy.foreign.is_empty() || !force {
                    return Err(OutputError::NotEmpty {
                        dir: dir.to_path_buf(),
                        entries: present,
                        owned: legacy.foreign.is_empty(),
                        kept: legacy.foreign,
                    });
                }
            }
        }
        let file = take(dir)?;
        let present = entries(dir)?;
        if !present.is_empty() {
            let ours = earlier_output(dir)?;
            if !force {
                let kept = present
                    .iter()
                    .filter(|p| !ours.iter().any(|(_, o)| o == *p))
                    .cloned()
                    .collect();
                return Err(OutputError::NotEmpty {
                    dir: dir.to_path_buf(),
                    entries: present,
                    owned: true,
                    kept,
                });
            }
            remove_output(dir, &ours)?;
        }
        let manifest = Manifest::create(dir, &[])?;
        Ok(Self {
            dir: dir.to_path_buf(),
            _file: file,
            manifest: Mutex::new(manifest),
        })
    }

    /// Takes `dir`, an existing output directory, to continue what was written in it. A
    /// directory written before manifests gets one listing the output recognised in it.
    pub fn existing(dir: &Path) -> Result<Self, OutputError> {
        if !dir.is_dir() {
            return Err(OutputError::read(
                dir,
                std::io::Error::new(std::io::ErrorKind::NotFound, "no such directory"),
            ));
        }
        let file = take(dir)?;
        let manifest = if dir.join(MANIFEST_FILE).is_file() {
            Manifest::open(dir)?
        } else {
            Manifest::create(dir, &LegacyOutput::scan(dir)?.ours)?
        };
        Ok(Self {
            dir: dir.to_path_buf(),
            _file: file,
            manifest: Mutex::new(manifest),
        })
    }

    /// The directory.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Records `rel` (a relative path, `/` between its parts) as a file catena is about to
    /// write and returns its path; refuses a file there that catena did not write
    /// ([`OutputError::Foreign`]). Its directory must exist (see [`DirLock::create_dir`]).
    pub fn claim(&self, rel: &str) -> Result<PathBuf, OutputError> {
        self.manifest.lock().claim_file(rel)
    }

    /// Creates the directory `rel` (and those above it), recording the ones catena creates,
    /// and returns its path.
    pub fn create_dir(&self, rel: &str) -> Result<PathBuf, OutputError> {
        self.manifest.lock().create_dir(rel)
    }

    /// Whether the manifest lists `rel` (catena wrote it, or is writing it).
    pub fn owns(&self, rel: &str) -> bool {
        self.manifest.lock().contains(rel)
    }

    /// Writes `bytes` to the file `rel` atomically ([`super::write_atomic`]), after
    /// [`DirLock::claim`].
    pub fn write_file(&self, rel: &str, bytes: &[u8]) -> Result<(), OutputError> {
        let path = self.claim(rel)?;
        super::write_atomic(&path, bytes)
    }
}

/// Whether `dir` is marked as catena's (its lock file or manifest is there).
fn owned(dir: &Path) -> bool {
    dir.join(LOCK_FILE).exists() || dir.join(MANIFEST_FILE).exists()
}

/// What catena wrote in `dir`: its manifest's entries, or, without one, what
/// [`LegacyOutput`] recognises.
fn earlier_output(dir: &Path) -> Result<Vec<(EntryKind, String)>, OutputError> {
    match read_entries(dir)? {
        Some(e) => Ok(e),
        None => Ok(LegacyOutput::scan(dir)?.ours),
    }
}

/// Opens (creating) the lock file of `dir`, locks it, and writes who holds it.
fn take(dir: &Path) -> Result<File, OutputError> {
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
    Ok(file)
}

/// The names in `dir` but its lock file and manifest, sorted.
fn entries(dir: &Path) -> Result<Vec<String>, OutputError> {
    let mut v = Vec::new();
    for e in std::fs::read_dir(dir).map_err(|e| OutputError::read(dir, e))? {
        let e = e.map_err(|e| OutputError::read(dir, e))?;
        let name = e.file_name().to_string_lossy().into_owned();
        if name != LOCK_FILE && name.strip_suffix(".tmp").unwrap_or(&name) != MANIFEST_FILE {
            v.push(name);
        }
    }
    v.sort();
    Ok(v)
}

/// `dir/rel` when every directory on the way is a real directory inside `dir` (not a
/// symbolic link) and `rel` is a plain relative path; `None` otherwise (nothing to remove
/// there: it is gone, or it leads elsewhere).
fn inside(dir: &Path, rel: &str) -> Option<PathBuf> {
    if !valid_entry(rel) {
        return None;
    }
    let mut p = dir.to_path_buf();
    let parts: Vec<&str> = rel.split('/').collect();
    for part in &parts[..parts.len() - 1] {
        p.push(part);
        let meta = std::fs::symlink_metadata(&p).ok()?;
        if !meta.is_dir() {
            return None;
        }
    }
    p.push(parts[parts.len() - 1]);
    Some(p)
}

/// Removes the file (or symbolic link, not its target) at `path` if there is one; a
/// directory there is not a file catena wrote and stays.
fn remove_file(path: &Path) -> Result<(), OutputError> {
    match std::fs::symlink_metadata(path) {
        Ok(meta) if meta.is_dir() => Ok(()),
        Ok(_) => match std::fs::remove_file(path) {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(OutputError::io(path, e)),
            _ => Ok(()),
        },
        Err(_) => Ok(()),
    }
}

/// Removes the output `ours` (entries of `dir`'s manifest, or recognised by name) from `dir`:
/// every file (and its `NAME.tmp`), then every directory, deepest first, once it is empty —
/// after cleaning, in each, the output directories of their own it holds.
fn remove_output(dir: &Path, ours: &[(EntryKind, String)]) -> Result<(), OutputError> {
    for (kind, rel) in ours {
        if *kind == EntryKind::File
            && let Some(p) = inside(dir, rel)
        {
            remove_file(&p)?;
            remove_file(&tmp_path(&p))?;
        }
    }
    let mut dirs: Vec<&str> = ours
        .iter()
        .filter(|(k, _)| *k == EntryKind::Dir)
        .map(|(_, r)| r.as_str())
        .collect();
    dirs.sort_by_key(|r| std::cmp::Reverse(r.matches('/').count()));
    for rel in dirs {
        let Some(p) = inside(dir, rel) else { continue };
        if !std::fs::symlink_metadata(&p).is_ok_and(|m| m.is_dir()) {
            continue;
        }
        if owned(&p) {
            remove_nested(&p)?;
            continue;
        }
        for e in std::fs::read_dir(&p).map_err(|e| OutputError::read(&p, e))? {
            let child = e.map_err(|e| OutputError::read(&p, e))?;
            if child.file_type().is_ok_and(|t| t.is_dir()) && owned(&child.path()) {
                remove_nested(&child.path())?;
            }
        }
        remove_if_empty(&p)?;
    }
    Ok(())
}

/// Cleans `dir`, an output directory of its own inside one being replaced (a study's
/// `runs/NNN`), under its lock, and removes it with its lock file and manifest once nothing
/// else is left in it.
fn remove_nested(dir: &Path) -> Result<(), OutputError> {
    let lock = take(dir)?;
    remove_output(dir, &earlier_output(dir)?)?;
    drop(lock);
    if entries(dir)?.is_empty() {
        for name in [MANIFEST_FILE, LOCK_FILE] {
            remove_file(&dir.join(name))?;
        }
        remove_if_empty(dir)?;
    }
    Ok(())
}

/// Removes the directory `p` if it is empty.
fn remove_if_empty(p: &Path) -> Result<(), OutputError> {
    let empty = std::fs::read_dir(p)
        .map_err(|e| OutputError::read(p, e))?
        .next()
        .is_none();
    if empty {
        std::fs::remove_dir(p).map_err(|e| OutputError::io(p, e))?;
    }
    Ok(())
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
    fn force_removes_what_the_manifest_lists_and_nothing_else() {
        let tmp = tempfile::tempdir().expect("tempdir");
        let dir = tmp.path();
        let lock = DirLock::fresh(dir, false).expect("empty directory");
        lock.create_dir("frames").expect("frames");
        lock.write_file("frames/frame_000000.vtp", b"x")
            .expect("frame");
        lock.write_file("steps.csv", b"x").expect("steps");
        lock.create_dir("runs/000").expect("runs");
        drop(lock);
        // A case run of its own inside `runs/`, and foreign files everywhere.
        let nested = DirLock::fresh(&dir.join("runs/000"), false).expect("nested");
        nested.write_file("summary.json", b"{}").expect("summary");
        drop(nested);
        for f in ["notes.md", "frames/mine.txt", "runs/notes.txt"] {
            std::fs::write(dir.join(f), "keep me").expect("foreign");
        }
        std::fs::create_dir(dir.join("data")).expect("data");
        std::fs::write(dir.join("data/x.csv"), "keep me").expect("data");
        let e = DirLock::fresh(dir, false).expect_err("not empty");
        assert!(
            matches!(e, OutputError::NotEmpty { owned: true, .. }),
            "{e}"
        );
        let help = e.help().expect("help");
        assert!(
            help.contains("`data`") && help.contains("`notes.md`"),
            "{help}"
        );
        let lock = DirLock::fresh(dir, true).expect("forced");
        let mut left: Vec<String> = walk(dir);
        left.sort();
        assert_eq!(
            left,
            [
                ".catena.lock",
                ".catena.manifest",
                "data/x.csv",
                "frames/mine.txt",
                "notes.md",
                "runs/notes.txt"
            ]
        );
        // A foreign file with the name of one catena writes is refused, not overwritten.
        std::fs::write(dir.join("steps.csv"), "mine").expect("foreign steps");
        let e = lock.claim("steps.csv").expect_err("foreign");
        assert!(matches!(e, OutputError::Foreign { .. }), "{e}");
        assert_eq!(
            std::fs::read_to_string(dir.join("steps.csv")).expect("kept"),
            "mine"
        );
    }

    #[test]
    fn a_manifest_never_reaches_outside_its_directory() {
        let tmp = tempfile::tempdir().expect("tempdir");
        let outside = tmp.path().join("outside");
        std::fs::create_dir(&outside).expect("outside");
        std::fs::write(outside.join("precious.txt"), "keep me").expect("precious");
        let dir = tmp.path().join("out");
        drop(DirLock::fresh(&dir, false).expect("fresh"));
        // A hand-edited manifest, and `frames` replaced by a link to another directory.
        std::fs::write(
            dir.join(MANIFEST_FILE),
            "f ../outside/precious.txt\nf frames/precious.txt\nd frames\nd ../outside\n",
        )
        .expect("manifest");
        #[cfg(unix)]
        std::os::unix::fs::symlink(&outside, dir.join("frames")).expect("symlink");
        drop(DirLock::fresh(&dir, true).expect("forced"));
        assert!(outside.join("precious.txt").is_file());
    }

    #[test]
    fn legacy_output_is_recognised_by_name_only() {
        let tmp = tempfile::tempdir().expect("tempdir");
        // Output of an older catena (no lock file, no manifest), recognised by its names.
        let old = tmp.path().join("old");
        std::fs::create_dir_all(old.join("frames")).expect("dir");
        std::fs::write(old.join("summary.json"), "{}").expect("summary");
        std::fs::write(old.join("frames/frame_000000.vtp"), "x").expect("frame");
        drop(DirLock::fresh(&old, true).expect("old output is replaced"));
        assert_eq!(entries(&old).expect("entries"), Vec::<String>::new());
        // A foreign file among it, even in `frames/`: refused, nothing touched or created.
        std::fs::create_dir_all(old.join("frames")).expect("dir");
        std::fs::write(old.join("frames/notes.txt"), "keep me").expect("notes");
        std::fs::remove_file(old.join(LOCK_FILE)).expect("unlock");
        std::fs::remove_file(old.join(MANIFEST_FILE)).expect("unmark");
        let e = DirLock::fresh(&old, true).expect_err("foreign");
        assert!(
            matches!(e, OutputError::NotEmpty { owned: false, .. }),
            "{e}"
        );
        assert!(old.join("frames/notes.txt").is_file());
        assert!(!old.join(LOCK_FILE).exists(), "nothing is created there");
        // A locked directory of a catena before manifests: what is recognised goes, the rest
        // stays; resuming in one adopts its output into a new manifest.
        std::fs::write(old.join(LOCK_FILE), "").expect("lock");
        std::fs::write(old.join("steps.csv"), "x").expect("steps");
        drop(DirLock::fresh(&old, true).expect("forced"));
        assert_eq!(entries(&old).expect("entries"), ["frames"]);
        std::fs::remove_file(old.join(MANIFEST_FILE)).expect("unmark");
        std::fs::write(old.join("steps.csv"), "x").expect("steps");
        let lock = DirLock::existing(&old).expect("adopted");
        lock.claim("steps.csv").expect("recognised as catena's");
    }

    /// Every file under `dir`, relative to it.
    fn walk(dir: &Path) -> Vec<String> {
        let mut out = Vec::new();
        for e in std::fs::read_dir(dir).expect("read_dir") {
            let p = e.expect("entry").path();
            let name = p.file_name().expect("name").to_string_lossy().into_owned();
            if p.is_dir() {
                out.extend(walk(&p).into_iter().map(|c| format!("{name}/{c}")));
            } else {
                out.push(name);
            }
        }
        out
    }
}
