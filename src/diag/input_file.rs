//! Reading an input file (scene, chain, node file, mesh, signal table, sphere file), refusing
//! what is not one: a FIFO (which would block forever), a device (`/dev/zero` never ends), a
//! socket, a directory, or a file too large to be an input. [`read_input`] is the one place
//! every input file is opened: the file type is checked before it is opened (opening a FIFO
//! for reading blocks until a writer comes), again on the opened file, and the read itself is
//! capped at [`MAX_INPUT_BYTES`] so that a file growing meanwhile cannot exhaust memory.
//!
//! [`read_text`] reads an input as UTF-8 text (bytes that are not UTF-8 are located; a UTF-8
//! byte-order mark, as some editors write, is dropped).

use super::located::SceneError;
use std::io::Read;
use std::path::Path;

/// Input files larger than this are refused (bytes): a scene, chain or node list is text of
/// at most a few megabytes, a mesh at most a few hundred; anything near this size is the
/// wrong file.
pub const MAX_INPUT_BYTES: u64 = 1 << 30;

/// The UTF-8 byte-order mark.
const BOM: &str = "\u{feff}";

/// Why an input file could not be read, before its content is looked at.
#[derive(Debug, thiserror::Error)]
pub enum InputReadError {
    /// The file could not be opened or read (the operating system's reason).
    #[error("{0}")]
    Io(#[from] std::io::Error),
    /// The path names something that is not a regular file ("a FIFO (named pipe)", …).
    #[error("it is {0}, not a regular file")]
    NotAFile(&'static str),
    /// The file is longer than [`MAX_INPUT_BYTES`] (its length, or at least that many bytes
    /// were there to read).
    #[error("it is {0} bytes long, more than the {MAX_INPUT_BYTES} an input file may have")]
    TooLarge(u64),
}

impl InputReadError {
    /// What to do about it, for a file that the scene calls `what` ("mesh file", …).
    pub fn help(&self, what: &str) -> String {
        match self {
            Self::Io(e) if e.kind() == std::io::ErrorKind::NotFound => {
                "check the path (a path in a scene is relative to the scene file)".into()
            }
            Self::Io(e) if e.kind() == std::io::ErrorKind::PermissionDenied => {
                "check the file's permissions".into()
            }
            Self::Io(_) => format!("check that the path names a readable {what}"),
            Self::NotAFile(_) => format!("give the path of a {what} (a regular file)"),
            Self::TooLarge(_) => format!("check the path: this is not a {what}"),
        }
    }

    /// As a located error (no line: it concerns the whole file): `cannot read WHAT: reason`,
    /// with a help line except for a file that cannot be opened (the caller may add one).
    pub fn into_scene_error(self, path: &Path, what: &str) -> SceneError {
        let e = SceneError::new(path, None, format!("cannot read {what}: {self}"));
        match self {
            Self::Io(_) => e,
            _ => {
                let help = self.help(what);
                e.with_help(help)
            }
        }
    }
}

/// Reads the whole of the input file at `path` (following symbolic links): a regular file of
/// at most [`MAX_INPUT_BYTES`] bytes, refused otherwise without blocking.
pub fn read_input(path: &Path) -> Result<Vec<u8>, InputReadError> {
    let meta = std::fs::metadata(path)?;
    check_kind(&meta)?;
    let file = std::fs::File::open(path)?;
    // The path may have been replaced between the two looks: check what was opened.
    let meta = file.metadata()?;
    check_kind(&meta)?;
    let mut bytes = Vec::with_capacity(meta.len().min(MAX_INPUT_BYTES) as usize);
    file.take(MAX_INPUT_BYTES + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > MAX_INPUT_BYTES {
        return Err(InputReadError::TooLarge(bytes.len() as u64));
    }
    Ok(bytes)
}

/// A regular file not longer than [`MAX_INPUT_BYTES`].
fn check_kind(meta: &std::fs::Metadata) -> Result<(), InputReadError> {
    if let Some(kind) = not_a_file(meta) {
        return Err(InputReadError::NotAFile(kind));
    }
    if meta.len() > MAX_INPUT_BYTES {
        return Err(InputReadError::TooLarge(meta.len()));
    }
    Ok(())
}

/// Reads `path` as UTF-8 text (without a leading byte-order mark). `what` names the file in
/// messages ("scene file", "chain file", …); the error of a file that cannot be opened has no
/// help line, for the caller to add one.
pub fn read_text(path: &Path, what: &str) -> Result<String, SceneError> {
    let bytes = read_input(path).map_err(|e| e.into_scene_error(path, what))?;
    text_of(bytes, path, what)
}

/// `bytes` read from `path` as UTF-8 text (without a leading byte-order mark), or an error
/// locating the first byte that is not UTF-8.
pub fn text_of(bytes: Vec<u8>, path: &Path, what: &str) -> Result<String, SceneError> {
    let text = String::from_utf8(bytes).map_err(|e| {
        let good = e.utf8_error().valid_up_to();
        let bytes = e.as_bytes();
        let before = String::from_utf8_lossy(&bytes[..good]);
        let line = before.matches('\n').count() + 1;
        let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
        SceneError::new(
            path,
            Some((line, col)),
            format!(
                "the {what} is not UTF-8 text: byte 0x{:02x} cannot start a character",
                bytes[good]
            ),
        )
        .with_help("save the file as UTF-8 (catena reads RON and node lists as UTF-8 text)")
    })?;
    Ok(match text.strip_prefix(BOM) {
        Some(rest) => rest.to_string(),
        None => text,
    })
}

/// What `meta` is when it is not a regular file ("a directory", "a FIFO (named pipe)", …).
fn not_a_file(meta: &std::fs::Metadata) -> Option<&'static str> {
    let t = meta.file_type();
    if t.is_file() {
        return None;
    }
    if t.is_dir() {
        return Some("a directory");
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if t.is_fifo() {
            return Some("a FIFO (named pipe)");
        }
        if t.is_char_device() {
            return Some("a character device");
        }
        if t.is_block_device() {
            return Some("a block device");
        }
        if t.is_socket() {
            return Some("a socket");
        }
    }
    Some("not a regular file")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bom_is_dropped_and_bad_bytes_are_located() {
        let dir = tempfile::tempdir().expect("tempdir");
        let p = dir.path().join("a.ron");
        std::fs::write(&p, "\u{feff}Scene()").expect("write");
        assert_eq!(read_text(&p, "scene file").expect("read"), "Scene()");
        std::fs::write(&p, b"Scene(\n  name: \"\xff\")").expect("write");
        let e = read_text(&p, "scene file").expect_err("not UTF-8");
        assert_eq!(e.position, Some((2, 10)), "{e}");
        assert!(e.message.contains("not UTF-8") && e.help.is_some(), "{e}");
    }

    #[test]
    fn devices_and_directories_are_refused_at_once() {
        let e = read_text(Path::new("/dev/zero"), "polyline file").expect_err("device");
        assert!(e.message.contains("character device"), "{e}");
        let dir = tempfile::tempdir().expect("tempdir");
        let e = read_text(dir.path(), "chain file").expect_err("directory");
        assert!(e.message.contains("a directory") && e.help.is_some(), "{e}");
    }

    #[cfg(unix)]
    #[test]
    fn a_fifo_is_refused_without_blocking() {
        let dir = tempfile::tempdir().expect("tempdir");
        let p = dir.path().join("pipe.stl");
        let c = std::ffi::CString::new(p.to_str().expect("utf-8")).expect("path");
        // SAFETY: `c` is a valid NUL-terminated path.
        assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0, "mkfifo");
        let e = read_input(&p).expect_err("FIFO");
        assert!(
            matches!(e, InputReadError::NotAFile(k) if k.contains("FIFO")),
            "{e}"
        );
        let e = e.into_scene_error(&p, "mesh file");
        assert!(
            e.to_string().contains("pipe.stl") && e.help.is_some(),
            "{e}"
        );
    }

    #[test]
    fn a_file_longer_than_the_cap_is_refused_before_it_is_read() {
        let dir = tempfile::tempdir().expect("tempdir");
        let p = dir.path().join("huge.obj");
        // Sparse: no disk space is used, and nothing is read.
        std::fs::File::create(&p)
            .and_then(|f| f.set_len(MAX_INPUT_BYTES + 1))
            .expect("sparse file");
        let e = read_input(&p).expect_err("too large");
        assert!(
            matches!(e, InputReadError::TooLarge(n) if n == MAX_INPUT_BYTES + 1),
            "{e}"
        );
    }
}
