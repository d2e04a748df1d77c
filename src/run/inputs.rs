//! The input files a scene reads besides its own text — every file it names (see
//! [`crate::scene::input_paths`]: chain files, polyline node files, shell meshes in OBJ, STL
//! or node-file form, actuation signal tables, sphere files) — kept with a checkpoint or a
//! study so that a resumed run is checked against what the run started from: a file that
//! changed since is refused, never silently used (the scene is rebuilt from the checkpoint's
//! scene text, but these files are read again from disk).
//!
//! A text file of at most [`MAX_KEPT_TEXT`] bytes is kept whole, and a change is shown as a
//! line diff; any other file (a binary STL, a long sphere file) is kept as its size and hash
//! ([`Fingerprint`]), and a change is reported with both.

use super::fingerprint::Fingerprint;
use crate::diag::{SceneError, line_diff, read_input};
use crate::scene::{SceneSpec, input_paths};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// Text files up to this many bytes are kept whole in checkpoints and study records (a change
/// is then shown as a diff); longer or binary files are kept by [`Fingerprint`].
pub const MAX_KEPT_TEXT: usize = 4 << 20;

/// The UTF-8 byte-order mark, which a text comparison ignores (as the readers do).
const BOM: &str = "\u{feff}";

/// One input file and what the run read from it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct InputFile {
    /// Absolute path (the scene names it relative to the scene file's directory).
    pub path: PathBuf,
    /// Its text when the run started (without a byte-order mark); empty when the file is kept
    /// by [`InputFile::fingerprint`].
    pub text: String,
    /// Size and hash of a file whose text is not kept (binary, or longer than
    /// [`MAX_KEPT_TEXT`]); absent in checkpoints of catena before fingerprints.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fingerprint: Option<Fingerprint>,
    /// What the file is to the scene ("mesh file", …), for messages; empty in checkpoints of
    /// catena before it was kept.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub what: String,
}

impl InputFile {
    /// The record of `bytes`, read from `path`, a `what` of the scene.
    pub fn of(path: PathBuf, bytes: Vec<u8>, what: &str) -> Self {
        let fingerprint = Fingerprint::of(&bytes);
        let text = (bytes.len() <= MAX_KEPT_TEXT)
            .then(|| String::from_utf8(bytes).ok())
            .flatten();
        match text {
            Some(t) => Self {
                path,
                text: without_bom(t),
                fingerprint: None,
                what: what.to_string(),
            },
            None => Self {
                path,
                text: String::new(),
                fingerprint: Some(fingerprint),
                what: what.to_string(),
            },
        }
    }

    /// Why the file no longer holds what was read, given what it holds now (`None` when it
    /// holds the same).
    fn changed(&self, now: Vec<u8>) -> Option<String> {
        if let Some(was) = self.fingerprint {
            let is = Fingerprint::of(&now);
            return (is != was).then(|| {
                format!(
                    "    it held {was} when the run started, and holds {is} now (a binary or \
                     long file is compared by its size and hash, not shown line by line)"
                )
            });
        }
        let now = match String::from_utf8(now) {
            Ok(t) => without_bom(t),
            Err(_) => return Some("    it is no longer UTF-8 text".into()),
        };
        if now == self.text {
            return None;
        }
        let diff = line_diff(&self.text, &now, 24);
        Some(if diff.is_empty() {
            "    only its line endings changed".into()
        } else {
            diff.lines()
                .map(|l| format!("    {l}"))
                .collect::<Vec<_>>()
                .join("\n")
        })
    }
}

fn without_bom(t: String) -> String {
    match t.strip_prefix(BOM) {
        Some(rest) => rest.to_string(),
        None => t,
    }
}

/// Why a stored input no longer matches its file.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("{}{} changed since the run started:\n{diff}", what_prefix(what), path.display())]
pub struct InputChanged {
    /// The file.
    pub path: PathBuf,
    /// What the file is to the scene ("mesh file", …; may be empty).
    pub what: String,
    /// `-started with` / `+now` lines, the sizes and hashes of a binary file, or why it cannot
    /// be read.
    pub diff: String,
}

fn what_prefix(what: &str) -> String {
    if what.is_empty() {
        String::new()
    } else {
        format!("{what} ")
    }
}

/// Every file `spec` (read from `scene_file`) names, with what it holds now, in the order the
/// scene names them (each once; see [`crate::scene::input_paths`]).
pub fn input_files(spec: &SceneSpec, scene_file: &Path) -> Result<Vec<InputFile>, SceneError> {
    let dir = scene_file.parent().unwrap_or(Path::new("."));
    let mut out: Vec<InputFile> = Vec::new();
    for (kind, p) in input_paths(spec) {
        let joined = dir.join(p);
        let path = std::path::absolute(&joined).unwrap_or(joined);
        if out.iter().any(|f| f.path == path) {
            continue;
        }
        let bytes = read_input(&path).map_err(|e| e.into_scene_error(&path, kind.what()))?;
        out.push(InputFile::of(path, bytes, kind.what()));
    }
    Ok(out)
}

/// Checks that every file of `inputs` still holds what was read.
pub fn verify_inputs(inputs: &[InputFile]) -> Result<(), InputChanged> {
    for f in inputs {
        let changed = |diff: String| InputChanged {
            path: f.path.clone(),
            what: f.what.clone(),
            diff,
        };
        let now = read_input(&f.path)
            .map_err(|e| changed(format!("    it can no longer be read: {e}")))?;
        if let Some(diff) = f.changed(now) {
            return Err(changed(diff));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_changed_file_is_named_with_its_diff() {
        let dir = tempfile::tempdir().expect("tempdir");
        let chain = dir.path().join("c.ron");
        std::fs::write(&chain, "Chain(\n  k: 1,\n)\n").expect("write");
        let stored = vec![InputFile::of(
            chain.clone(),
            std::fs::read(&chain).expect("read"),
            "chain file",
        )];
        assert!(stored[0].fingerprint.is_none() && stored[0].text.contains("k: 1"));
        verify_inputs(&stored).expect("unchanged");
        std::fs::write(&chain, "Chain(\n  k: 2,\n)\n").expect("write");
        let e = verify_inputs(&stored).expect_err("changed");
        let s = e.to_string();
        assert!(
            s.starts_with("chain file ") && s.contains("c.ron changed"),
            "{s}"
        );
        assert!(s.contains("-  k: 1,") && s.contains("+  k: 2,"), "{s}");
        std::fs::write(&chain, "Chain(\r\n  k: 1,\r\n)\r\n").expect("write");
        let e = verify_inputs(&stored).expect_err("line endings");
        assert!(e.to_string().contains("line endings"), "{e}");
        std::fs::remove_file(&chain).expect("remove");
        let e = verify_inputs(&stored).expect_err("gone");
        assert!(e.to_string().contains("can no longer be read"), "{e}");
    }

    #[test]
    fn a_binary_file_is_kept_by_size_and_hash() {
        let dir = tempfile::tempdir().expect("tempdir");
        let stl = dir.path().join("m.stl");
        let mut bytes = vec![0u8; 84];
        bytes[80] = 0xff;
        std::fs::write(&stl, &bytes).expect("write");
        let stored = vec![InputFile::of(stl.clone(), bytes.clone(), "mesh file")];
        assert!(stored[0].text.is_empty() && stored[0].fingerprint.is_some());
        verify_inputs(&stored).expect("unchanged");
        bytes[10] = 1;
        std::fs::write(&stl, &bytes).expect("write");
        let s = verify_inputs(&stored).expect_err("changed").to_string();
        assert!(
            s.starts_with("mesh file ") && s.contains("m.stl changed"),
            "{s}"
        );
        assert!(
            s.contains("84 bytes, FNV-1a") && s.contains("not shown line by line"),
            "{s}"
        );
    }

    #[test]
    fn records_without_the_new_fields_still_read() {
        let old: InputFile =
            ron::from_str("(path: \"/x/c.ron\", text: \"Chain()\")").expect("format 4 record");
        assert_eq!((old.fingerprint, old.what.as_str()), (None, ""));
    }
}
