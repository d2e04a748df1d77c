//! Reading an input file (scene, chain, polyline) as text, refusing what is not one: a FIFO
//! (which would block forever), a device (`/dev/zero` never ends), a directory, a file too
//! large to be an input, or bytes that are not UTF-8 (located). A UTF-8 byte-order mark, as some
//! editors write, is dropped.

use super::located::SceneError;
use std::path::Path;

/// Input files larger than this are refused (bytes): a scene, chain or node list is text of
/// at most a few megabytes; anything near this size is the wrong file.
pub const MAX_INPUT_BYTES: u64 = 1 << 30;

/// The UTF-8 byte-order mark.
const BOM: &str = "\u{feff}";

/// Reads `path` as UTF-8 text (without a leading byte-order mark). `what` names the file in
/// messages ("scene file", "chain file", …); the error of a file that cannot be opened has no
/// help line, for the caller to add one.
pub fn read_text(path: &Path, what: &str) -> Result<String, SceneError> {
    let meta = std::fs::metadata(path)
        .map_err(|e| SceneError::new(path, None, format!("cannot read {what}: {e}")))?;
    if let Some(kind) = not_a_file(&meta) {
        return Err(SceneError::new(
            path,
            None,
            format!("cannot read {what}: it is {kind}, not a regular file"),
        )
        .with_help(format!("give the path of a {what} (a text file)")));
    }
    if meta.len() > MAX_INPUT_BYTES {
        return Err(SceneError::new(
            path,
            None,
            format!(
                "cannot read {what}: it is {} bytes long, more than the {MAX_INPUT_BYTES} an \
                 input file may have",
                meta.len()
            ),
        )
        .with_help(format!("check the path: a {what} is a text file")));
    }
    let bytes = std::fs::read(path)
        .map_err(|e| SceneError::new(path, None, format!("cannot read {what}: {e}")))?;
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
}
