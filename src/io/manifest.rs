//! The manifest of an output directory, [`MANIFEST_FILE`]: every file and directory catena
//! created in it, recorded *before* it is created, so that `--force` removes what catena wrote
//! and nothing else (see [`super::DirLock`]).
//!
//! The manifest is a text file of one entry per line, `f PATH` for a file and `d PATH` for a
//! directory, `PATH` relative to the output directory with `/` between its parts; lines
//! starting with `#` are comments. It only grows while the directory is used: an entry is one
//! append (a single `write` to a file opened for appending, then `fsync`), so a process killed
//! at any moment leaves every earlier entry whole, and at worst a torn last line, which is
//! ignored. A file is recorded before it is created, so no file catena wrote is missing from
//! it; a recorded file that was never created is harmless. The `catena sweep --emit slurm`
//! job script appends to the manifests of its cases the same way.
//!
//! Only plain relative paths are entries: an absolute path, a `..` or `.` component, an empty
//! component or a backslash makes a line invalid, and an invalid line is ignored, never acted
//! on — a manifest cannot name a file outside its directory.
//!
//! Claiming a file that exists but is not in the manifest is refused
//! ([`OutputError::Foreign`]): catena never overwrites a file it did not write.

use super::OutputError;
use rustc_hash::FxHashSet;
use std::fs::{File, OpenOptions};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};

/// File name of the manifest inside an output directory.
pub const MANIFEST_FILE: &str = ".catena.manifest";

/// The first line of a manifest: what it is, for a reader who opens it.
const HEADER: &str = "# catena: files (f) and directories (d) catena created in this directory, \
                      relative to it; `--force` removes only these\n";

/// What an entry is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum EntryKind {
    /// A file (removed with its temporary sibling `NAME.tmp`, if a write left one).
    File,
    /// A directory (removed only if it is empty once catena's files in it are gone).
    Dir,
}

impl EntryKind {
    fn letter(self) -> char {
        match self {
            Self::File => 'f',
            Self::Dir => 'd',
        }
    }
}

/// The manifest of one output directory, open for appending.
#[derive(Debug)]
pub struct Manifest {
    dir: PathBuf,
    entries: FxHashSet<String>,
    file: File,
}

impl Manifest {
    /// Opens the manifest of `dir` for appending, reading its entries; creates it (empty but
    /// for its header) when there is none.
    pub fn open(dir: &Path) -> Result<Self, OutputError> {
        let path = dir.join(MANIFEST_FILE);
        let entries = read_entries(dir)?
            .unwrap_or_default()
            .into_iter()
            .map(|(_, p)| p)
            .collect();
        let mut file = OpenOptions::new()
            .create(true)
            .append(true)
            .open(&path)
            .map_err(|e| OutputError::io(&path, e))?;
        if file
            .metadata()
            .map_err(|e| OutputError::io(&path, e))?
            .len()
            == 0
        {
            file.write_all(HEADER.as_bytes())
                .map_err(|e| OutputError::io(&path, e))?;
        }
        Ok(Self {
            dir: dir.to_path_buf(),
            entries,
            file,
        })
    }

    /// Starts a new manifest in `dir` listing `entries` (replacing any there was, atomically).
    pub fn create(dir: &Path, entries: &[(EntryKind, String)]) -> Result<Self, OutputError> {
        let mut text = String::from(HEADER);
        for (k, p) in entries {
            if valid_entry(p) {
                text.push_str(&format!("{} {p}\n", k.letter()));
            }
        }
        super::write_atomic(&dir.join(MANIFEST_FILE), text.as_bytes())?;
        Self::open(dir)
    }

    /// Whether `rel` is recorded.
    pub fn contains(&self, rel: &str) -> bool {
        self.entries.contains(rel)
    }

    /// Records `rel` as a file catena is about to write and returns its path. A file at `rel`
    /// that is not recorded was not written by catena: it is refused
    /// ([`OutputError::Foreign`]), not overwritten. Its directory must exist.
    pub fn claim_file(&mut self, rel: &str) -> Result<PathBuf, OutputError> {
        let path = self.path_of(rel)?;
        if self.entries.contains(rel) {
            return Ok(path);
        }
        if std::fs::symlink_metadata(&path).is_ok() {
            return Err(OutputError::Foreign {
                path,
                manifest: self.dir.join(MANIFEST_FILE),
            });
        }
        self.append(EntryKind::File, rel)?;
        Ok(path)
    }

    /// Creates the directory `rel` and those above it inside the output directory, recording
    /// the ones catena creates (one that exists already is used as it is, and not recorded:
    /// catena did not create it). Returns its path.
    pub fn create_dir(&mut self, rel: &str) -> Result<PathBuf, OutputError> {
        let path = self.path_of(rel)?;
        let mut prefix = String::new();
        for part in rel.split('/') {
            if !prefix.is_empty() {
                prefix.push('/');
            }
            prefix.push_str(part);
            let p = self.dir.join(&prefix);
            if p.is_dir() {
                continue;
            }
            if !self.entries.contains(&prefix) {
                self.append(EntryKind::Dir, &prefix.clone())?;
            }
            std::fs::create_dir(&p).map_err(|e| OutputError::io(&p, e))?;
        }
        Ok(path)
    }

    /// `dir/rel`, for a valid entry.
    fn path_of(&self, rel: &str) -> Result<PathBuf, OutputError> {
        if !valid_entry(rel) {
            return Err(OutputError::invalid_data(
                &self.dir.join(MANIFEST_FILE),
                format!("`{rel}` is not a plain relative path inside the directory"),
            ));
        }
        Ok(self.dir.join(rel))
    }

    /// Appends one entry (one write, then fsync) and remembers it.
    fn append(&mut self, kind: EntryKind, rel: &str) -> Result<(), OutputError> {
        let path = self.dir.join(MANIFEST_FILE);
        let line = format!("{} {rel}\n", kind.letter());
        self.file
            .write_all(line.as_bytes())
            .and_then(|()| self.file.sync_data())
            .map_err(|e| OutputError::io(&path, e))?;
        self.entries.insert(rel.to_string());
        Ok(())
    }
}

/// The entries of the manifest in `dir`, in file order (`None` when there is no manifest).
/// Comments, invalid lines and a torn last line (no newline) are left out.
pub fn read_entries(dir: &Path) -> Result<Option<Vec<(EntryKind, String)>>, OutputError> {
    let path = dir.join(MANIFEST_FILE);
    let text = match File::open(&path) {
        Ok(mut f) => {
            let mut bytes = Vec::new();
            f.read_to_end(&mut bytes)
                .map_err(|e| OutputError::read(&path, e))?;
            String::from_utf8_lossy(&bytes).into_owned()
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(OutputError::read(&path, e)),
    };
    let complete = match text.rfind('\n') {
        Some(i) => &text[..=i],
        None => "",
    };
    let mut out = Vec::new();
    for line in complete.lines() {
        let (kind, rel) = match line.split_once(' ') {
            Some(("f", rel)) => (EntryKind::File, rel),
            Some(("d", rel)) => (EntryKind::Dir, rel),
            _ => continue,
        };
        if valid_entry(rel) {
            out.push((kind, rel.to_string()));
        }
    }
    Ok(Some(out))
}

/// Whether `rel` is a plain relative path: parts separated by `/`, none empty, `.` or `..`,
/// no backslash, no NUL, not absolute.
pub fn valid_entry(rel: &str) -> bool {
    !rel.is_empty()
        && !rel.contains(['\\', '\0', '\n', '\r'])
        && rel
            .split('/')
            .all(|part| !part.is_empty() && part != "." && part != "..")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_are_appended_and_read_back_and_bad_lines_ignored() {
        let tmp = tempfile::tempdir().expect("tempdir");
        let dir = tmp.path();
        let mut m = Manifest::create(dir, &[]).expect("create");
        m.create_dir("frames").expect("frames");
        let p = m.claim_file("frames/frame_000000.vtp").expect("claim");
        std::fs::write(&p, "x").expect("write");
        m.claim_file("frames/frame_000000.vtp")
            .expect("claimed twice");
        m.claim_file("steps.csv").expect("steps");
        drop(m);
        // Hostile or damaged lines: never entries.
        let path = dir.join(MANIFEST_FILE);
        let mut text = std::fs::read_to_string(&path).expect("manifest");
        text.push_str("f ../outside.txt\nf /etc/passwd\nd a//b\nx steps.csv\nf frames/./x\nf torn");
        std::fs::write(&path, text).expect("write");
        let e = read_entries(dir).expect("read").expect("present");
        assert_eq!(
            e,
            [
                (EntryKind::Dir, "frames".to_string()),
                (EntryKind::File, "frames/frame_000000.vtp".into()),
                (EntryKind::File, "steps.csv".into()),
            ]
        );
        assert_eq!(read_entries(&dir.join("frames")).expect("read"), None);
        let m = Manifest::open(dir).expect("reopen");
        assert!(m.contains("steps.csv") && !m.contains("torn"));
    }

    #[test]
    fn a_file_catena_did_not_write_is_not_claimed() {
        let tmp = tempfile::tempdir().expect("tempdir");
        let dir = tmp.path();
        std::fs::write(dir.join("steps.csv"), "mine").expect("write");
        let mut m = Manifest::create(dir, &[]).expect("create");
        let e = m.claim_file("steps.csv").expect_err("foreign");
        assert!(matches!(e, OutputError::Foreign { .. }), "{e}");
        assert!(e.to_string().contains("steps.csv"), "{e}");
        assert_eq!(
            std::fs::read_to_string(dir.join("steps.csv")).expect("kept"),
            "mine"
        );
        assert!(m.claim_file("../x").is_err() && m.create_dir("/abs").is_err());
        // An existing directory is used, not recorded.
        std::fs::create_dir(dir.join("frames")).expect("dir");
        m.create_dir("frames/sub").expect("create");
        let e = read_entries(dir).expect("read").expect("present");
        assert_eq!(e, [(EntryKind::Dir, "frames/sub".to_string())]);
    }

    #[test]
    fn valid_entries_are_plain_relative_paths() {
        for ok in [
            "steps.csv",
            "frames/frame_000001.vtp",
            "runs/000/.catena.lock",
        ] {
            assert!(valid_entry(ok), "{ok}");
        }
        for bad in [
            "", "/x", "../x", "a/../b", "a/./b", "a//b", "a/", "a\\b", "a\nb",
        ] {
            assert!(!valid_entry(bad), "{bad:?}");
        }
    }
}
