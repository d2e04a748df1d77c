//! The input files a scene reads besides its own text (chain files, polyline node lists, sphere
//! files), kept
//! with a checkpoint or a study so that a resumed run is checked against what the run started
//! from: a file that changed since is refused with a diff, never silently used.

use crate::diag::{SceneError, line_diff, read_text};
use crate::scene::{GeometrySpec, SceneSpec, SphereSourceSpec};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// One input file and the text the run read from it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct InputFile {
    /// Path as the scene resolves it (relative paths against the scene file's directory).
    pub path: PathBuf,
    /// Its text when the run started.
    pub text: String,
}

/// Why a stored input no longer matches its file.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("{} changed since the run started:\n{diff}", path.display())]
pub struct InputChanged {
    /// The file.
    pub path: PathBuf,
    /// `-started with` / `+now` lines, or why it cannot be read.
    pub diff: String,
}

/// The chain, polyline and sphere files `spec` (read from `scene_file`) names, with their text, in
/// the order the scene names them (each once).
pub fn input_files(spec: &SceneSpec, scene_file: &Path) -> Result<Vec<InputFile>, SceneError> {
    let dir = scene_file.parent().unwrap_or(Path::new("."));
    let mut paths: Vec<(PathBuf, &str)> = spec
        .contacts
        .iter()
        .map(|c| (dir.join(&c.chain), "chain file"))
        .collect();
    for r in &spec.rods {
        if let GeometrySpec::PolylineFile(p) = &r.geometry {
            paths.push((dir.join(p), "polyline file"));
        }
    }
    for set in &spec.sphere_sets {
        if let SphereSourceSpec::File(p) = &set.from {
            paths.push((dir.join(p), "sphere file"));
        }
    }
    let mut out: Vec<InputFile> = Vec::new();
    for (path, what) in paths {
        if out.iter().any(|f| f.path == path) {
            continue;
        }
        let text = read_text(&path, what)?;
        out.push(InputFile { path, text });
    }
    Ok(out)
}

/// Checks that every file of `inputs` still holds its stored text.
pub fn verify_inputs(inputs: &[InputFile]) -> Result<(), InputChanged> {
    for f in inputs {
        let now = read_text(&f.path, "input file").map_err(|e| InputChanged {
            path: f.path.clone(),
            diff: format!("it can no longer be read: {}", e.message),
        })?;
        if now != f.text {
            return Err(InputChanged {
                path: f.path.clone(),
                diff: line_diff(&f.text, &now, 24)
                    .lines()
                    .map(|l| format!("    {l}"))
                    .collect::<Vec<_>>()
                    .join("\n"),
            });
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
        let stored = vec![InputFile {
            path: chain.clone(),
            text: std::fs::read_to_string(&chain).expect("read"),
        }];
        verify_inputs(&stored).expect("unchanged");
        std::fs::write(&chain, "Chain(\n  k: 2,\n)\n").expect("write");
        let e = verify_inputs(&stored).expect_err("changed");
        let s = e.to_string();
        assert!(s.contains("c.ron changed") && s.contains("-  k: 1,") && s.contains("+  k: 2,"));
        std::fs::remove_file(&chain).expect("remove");
        assert!(verify_inputs(&stored).is_err());
    }
}
