//! The one error type of the output layer.

use super::MANIFEST_FILE;
use crate::diag::Interface;
use std::path::{Path, PathBuf};

/// Errors of the output layer. Every variant names the file or directory it concerns.
#[derive(Debug, thiserror::Error)]
pub enum OutputError {
    /// Writing, creating, syncing, renaming or removing `path` failed.
    #[error("cannot write {}: {source}", path.display())]
    Io {
        /// The file or directory concerned.
        path: PathBuf,
        /// The underlying error.
        #[source]
        source: std::io::Error,
    },
    /// Reading `path` failed, or what was read is not in the expected format (then of kind
    /// [`std::io::ErrorKind::InvalidData`]).
    #[error("cannot read {}: {source}", path.display())]
    Read {
        /// The file concerned.
        path: PathBuf,
        /// The underlying error.
        #[source]
        source: std::io::Error,
    },
    /// Serialising or deserialising JSON for `path` failed.
    #[error("JSON error on {}: {source}", path.display())]
    Json {
        /// The file concerned.
        path: PathBuf,
        /// The underlying error.
        #[source]
        source: serde_json::Error,
    },
    /// Another process holds the output directory (see [`super::DirLock`]).
    #[error("{} is in use by another catena process ({holder})", dir.display())]
    Busy {
        /// The directory.
        dir: PathBuf,
        /// Who holds it, as its lock file says.
        holder: String,
    },
    /// A fresh run was given a directory that is not empty.
    #[error("{} is not empty: it holds {}", dir.display(), listing(entries))]
    NotEmpty {
        /// The directory.
        dir: PathBuf,
        /// What it holds (names at its top).
        entries: Vec<String>,
        /// Whether catena owns it (its lock file or manifest is there, or everything in it is
        /// catena's by name), so that `--force` may replace its output there.
        owned: bool,
        /// What is not catena's and stays (relative paths): beside the output with `--force`
        /// in a directory catena owns, or the reason a directory is refused.
        kept: Vec<String>,
    },
    /// A file catena was about to write exists and is not in the directory's manifest: catena
    /// did not write it, and does not overwrite it.
    #[error(
        "{} exists and catena did not write it (it is not listed in {}): catena does not \
         overwrite it",
        path.display(),
        manifest.display()
    )]
    Foreign {
        /// The file.
        path: PathBuf,
        /// The manifest of the output directory.
        manifest: PathBuf,
    },
}

fn listing(entries: &[String]) -> String {
    const SHOWN: usize = 5;
    let mut s = entries
        .iter()
        .take(SHOWN)
        .map(|e| format!("`{e}`"))
        .collect::<Vec<_>>()
        .join(", ");
    if entries.len() > SHOWN {
        s.push_str(&format!(" and {} more", entries.len() - SHOWN));
    }
    s
}

impl OutputError {
    /// Wraps an I/O error of writing (creating, renaming, removing) `path`.
    pub fn io(path: &Path, source: std::io::Error) -> Self {
        OutputError::Io {
            path: path.to_path_buf(),
            source,
        }
    }

    /// Wraps an I/O error of reading `path`.
    pub fn read(path: &Path, source: std::io::Error) -> Self {
        OutputError::Read {
            path: path.to_path_buf(),
            source,
        }
    }

    /// Wraps a JSON error for `path`.
    pub fn json(path: &Path, source: serde_json::Error) -> Self {
        OutputError::Json {
            path: path.to_path_buf(),
            source,
        }
    }

    /// An [`std::io::ErrorKind::InvalidData`] error for a malformed file that was read.
    pub(crate) fn invalid_data(path: &Path, message: String) -> Self {
        Self::read(
            path,
            std::io::Error::new(std::io::ErrorKind::InvalidData, message),
        )
    }

    /// The file or directory the error concerns.
    pub fn path(&self) -> &Path {
        match self {
            OutputError::Io { path, .. }
            | OutputError::Read { path, .. }
            | OutputError::Json { path, .. }
            | OutputError::Foreign { path, .. } => path,
            OutputError::Busy { dir, .. } | OutputError::NotEmpty { dir, .. } => dir,
        }
    }

    /// The kind of the underlying I/O error, if there is one.
    pub fn io_kind(&self) -> Option<std::io::ErrorKind> {
        match self {
            OutputError::Io { source, .. } | OutputError::Read { source, .. } => {
                Some(source.kind())
            }
            _ => None,
        }
    }

    /// What to do about it, when there is something to say, in the command line's words.
    pub fn help(&self) -> Option<String> {
        self.help_for(Interface::Cli)
    }

    /// What to do about it, in the words of `ui` (`--force` or `force=True`).
    pub fn help_for(&self, ui: Interface) -> Option<String> {
        let (force, out) = (ui.force(), ui.out_dir());
        match self {
            OutputError::Busy { .. } => Some(format!(
                "wait until that run ends, or choose another {out} (two runs cannot share one)"
            )),
            OutputError::NotEmpty {
                owned: true, kept, ..
            } if kept.is_empty() => Some(format!(
                "pass {force} to replace the earlier output, or choose another {out}"
            )),
            OutputError::NotEmpty {
                owned: true, kept, ..
            } => Some(format!(
                "pass {force} to replace the earlier output (catena removes only what it wrote, \
                 as listed in {MANIFEST_FILE}, and keeps {}), or choose another {out}",
                listing(kept)
            )),
            OutputError::NotEmpty {
                owned: false, kept, ..
            } => Some(format!(
                "choose a new or empty {out}: catena writes only into directories it owns, and \
                 {force} removes only output that catena wrote ({} is not catena's)",
                listing(kept)
            )),
            OutputError::Foreign { .. } => Some(format!(
                "move the file away (catena removes and replaces only what it wrote), or choose \
                 another {out}"
            )),
            OutputError::Io { source, .. } | OutputError::Read { source, .. }
                if source.kind() == std::io::ErrorKind::PermissionDenied =>
            {
                Some("check the permissions of the file and its directory".into())
            }
            OutputError::Io { source, .. } if source.kind() == std::io::ErrorKind::StorageFull => {
                Some("free disk space, then continue from the last checkpoint".into())
            }
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn display_names_the_path_and_the_cause() {
        let e = OutputError::io(
            Path::new("/x/steps.csv"),
            std::io::Error::new(std::io::ErrorKind::NotFound, "gone"),
        );
        let s = e.to_string();
        assert!(s.starts_with("cannot write /x/steps.csv"), "{s}");
        assert!(s.contains("gone"), "{s}");
        assert_eq!(e.path(), Path::new("/x/steps.csv"));
        assert!(std::error::Error::source(&e).is_some());
        let r = OutputError::read(
            Path::new("/x/checkpoint.ron"),
            std::io::Error::new(std::io::ErrorKind::NotFound, "gone"),
        );
        assert!(r.to_string().starts_with("cannot read /x/checkpoint.ron"));
        assert_eq!(r.io_kind(), Some(std::io::ErrorKind::NotFound));
    }

    #[test]
    fn not_empty_lists_a_few_entries_and_says_what_to_do() {
        let e = OutputError::NotEmpty {
            dir: PathBuf::from("out"),
            entries: (0..8).map(|i| format!("f{i}")).collect(),
            owned: true,
            kept: vec!["notes.md".into()],
        };
        let s = e.to_string();
        assert!(s.contains("`f0`") && s.contains("and 3 more"), "{s}");
        let cli = e.help().expect("help");
        assert!(
            cli.contains("pass --force") && cli.contains("keeps `notes.md`"),
            "{cli}"
        );
        let py = e.help_for(Interface::Python).expect("help");
        assert!(py.contains("pass force=True") && !py.contains("--"), "{py}");
    }
}
