//! The one error type of the output layer.

use std::path::{Path, PathBuf};

/// Errors of the output layer. Every variant names the file it concerns.
#[derive(Debug, thiserror::Error)]
pub enum OutputError {
    /// Reading, writing, creating, syncing or renaming `path` failed.
    ///
    /// Also used, with [`std::io::ErrorKind::InvalidData`], when a file read back
    /// (e.g. `steps.csv`) is not in the expected format.
    #[error("I/O error on {}: {source}", path.display())]
    Io {
        /// The file or directory concerned.
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
}

impl OutputError {
    /// Wraps an I/O error for `path`.
    pub fn io(path: &Path, source: std::io::Error) -> Self {
        OutputError::Io {
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

    /// An [`std::io::ErrorKind::InvalidData`] error for a malformed file.
    pub(crate) fn invalid_data(path: &Path, message: String) -> Self {
        Self::io(
            path,
            std::io::Error::new(std::io::ErrorKind::InvalidData, message),
        )
    }

    /// The file or directory the error concerns.
    pub fn path(&self) -> &Path {
        match self {
            OutputError::Io { path, .. } | OutputError::Json { path, .. } => path,
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
        assert!(s.contains("/x/steps.csv"), "{s}");
        assert!(s.contains("gone"), "{s}");
        assert_eq!(e.path(), Path::new("/x/steps.csv"));
        assert!(std::error::Error::source(&e).is_some());
    }
}
