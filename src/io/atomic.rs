//! Whole-file atomic replacement: readers see either the old file or the new one, never a torn one.

use std::ffi::OsString;
use std::fs::File;
use std::io::Write;
use std::path::{Path, PathBuf};

use super::OutputError;

/// The temporary sibling used by [`write_atomic`]: `path` with `.tmp` appended to its file name.
pub fn tmp_path(path: &Path) -> PathBuf {
    let mut name: OsString = path.file_name().map(OsString::from).unwrap_or_default();
    name.push(".tmp");
    path.with_file_name(name)
}

/// Writes `bytes` to `path` atomically.
///
/// Writes `path.tmp` in the same directory, fsyncs it, renames it over `path`
/// (atomic on POSIX file systems when both are in the same directory), then, on
/// Unix, fsyncs the directory on a best-effort basis so the rename itself is durable.
/// On failure the temporary file is removed (best effort) and `path` is untouched.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), OutputError> {
    let tmp = tmp_path(path);
    let result = write_and_sync(&tmp, bytes)
        .and_then(|()| std::fs::rename(&tmp, path).map_err(|e| OutputError::io(path, e)));
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
        return result;
    }
    sync_parent_dir(path);
    Ok(())
}

fn write_and_sync(tmp: &Path, bytes: &[u8]) -> Result<(), OutputError> {
    let mut f = File::create(tmp).map_err(|e| OutputError::io(tmp, e))?;
    f.write_all(bytes).map_err(|e| OutputError::io(tmp, e))?;
    f.sync_all().map_err(|e| OutputError::io(tmp, e))
}

/// Best-effort fsync of the directory holding `path` (Unix only; errors ignored).
fn sync_parent_dir(path: &Path) {
    #[cfg(unix)]
    {
        let dir = match path.parent() {
            Some(p) if !p.as_os_str().is_empty() => p,
            _ => Path::new("."),
        };
        if let Ok(d) = File::open(dir) {
            let _ = d.sync_all();
        }
    }
    #[cfg(not(unix))]
    let _ = path;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_replaces_and_leaves_no_tmp() {
        let dir = tempfile::tempdir().expect("tempdir");
        let p = dir.path().join("a.json");
        write_atomic(&p, b"first").expect("write 1");
        assert_eq!(std::fs::read(&p).expect("read"), b"first");
        write_atomic(&p, b"second, longer").expect("write 2");
        assert_eq!(std::fs::read(&p).expect("read"), b"second, longer");
        assert!(!tmp_path(&p).exists());
        let names: Vec<_> = std::fs::read_dir(dir.path())
            .expect("read_dir")
            .map(|e| e.expect("entry").file_name())
            .collect();
        assert_eq!(names, vec![OsString::from("a.json")]);
    }

    #[test]
    fn tmp_path_appends_suffix() {
        assert_eq!(
            tmp_path(Path::new("/d/frames.pvd")),
            PathBuf::from("/d/frames.pvd.tmp")
        );
    }

    #[test]
    fn missing_directory_is_an_error_naming_the_file() {
        let dir = tempfile::tempdir().expect("tempdir");
        let p = dir.path().join("no_such_dir").join("x.txt");
        let err = write_atomic(&p, b"x").expect_err("must fail");
        assert!(err.path().starts_with(dir.path()));
        assert!(!p.exists());
    }
}
