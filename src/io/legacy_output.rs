//! Output written before output directories had a manifest, recognised by its names only —
//! and only names that cannot be anything else: the fixed file names catena writes at the top
//! of a directory (`steps.csv`, `summary.json`, …), and inside `frames/`, `cases/` and
//! `scenes/` only files named as catena numbers them (`frame_000012.vtp`, `004.ron`). Anything
//! else is foreign and is never removed: a `frames/` holding a foreign file keeps it (and
//! stays), and a `chains/` directory is not recognised at all (it may be the user's own chain
//! files). A study's `runs/NNN` directories are nested output directories, cleaned by their
//! own manifest or by these rules.

use super::manifest::EntryKind;
use super::{LOCK_FILE, MANIFEST_FILE, OutputError};
use std::path::Path;

/// File names catena writes at the top of an output directory (any command).
const KNOWN_FILES: &[&str] = &[
    "steps.csv",
    "summary.json",
    "frames.pvd",
    "checkpoint.ron",
    "compare.csv",
    "compare.json",
    "sweep.csv",
    "sweep.json",
    "study.ron",
    "plan.ron",
    "study.sbatch",
    "error.txt",
    "cumulative_iterations.svg",
    "cumulative_time.svg",
    "min_gap.svg",
    "e_bar.svg",
];

/// What an earlier catena left in a directory, by the rules above.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct LegacyOutput {
    /// Files and directories catena wrote (relative paths), directories after their files.
    pub ours: Vec<(EntryKind, String)>,
    /// Entries that are not catena's (relative paths), kept.
    pub foreign: Vec<String>,
}

/// `name` without a temporary suffix `.tmp` (left by a write that was killed before its
/// rename).
fn base(name: &str) -> &str {
    name.strip_suffix(".tmp").unwrap_or(name)
}

/// `s` is `prefix`, then at least three digits, then `suffix`.
fn numbered(s: &str, prefix: &str, suffix: &str) -> bool {
    s.strip_prefix(prefix)
        .and_then(|r| r.strip_suffix(suffix))
        .is_some_and(|d| d.len() >= 3 && d.bytes().all(|b| b.is_ascii_digit()))
}

/// Whether `name` is a file catena writes inside the directory `parent`.
fn known_inside(parent: &str, name: &str) -> bool {
    let n = base(name);
    match parent {
        "frames" => {
            numbered(n, "frame_", ".vtp")
                || numbered(n, "contacts_", ".vtp")
                || numbered(n, "contacts_", ".csv")
        }
        "cases" | "scenes" => numbered(n, "", ".ron"),
        _ => false,
    }
}

/// The names in `dir`, sorted, but the lock file and the manifest.
fn names(dir: &Path) -> Result<Vec<(String, bool)>, OutputError> {
    let mut v = Vec::new();
    for e in std::fs::read_dir(dir).map_err(|e| OutputError::read(dir, e))? {
        let e = e.map_err(|e| OutputError::read(dir, e))?;
        let name = e.file_name().to_string_lossy().into_owned();
        if name == LOCK_FILE || base(&name) == MANIFEST_FILE {
            continue;
        }
        // Not following symbolic links: a link is a file here, never a directory to enter.
        let is_dir = e.file_type().is_ok_and(|t| t.is_dir());
        v.push((name, is_dir));
    }
    v.sort();
    Ok(v)
}

impl LegacyOutput {
    /// Sorts what `dir` holds into catena's output and foreign entries.
    pub fn scan(dir: &Path) -> Result<Self, OutputError> {
        let mut out = Self::default();
        for (name, is_dir) in names(dir)? {
            match (is_dir, name.as_str()) {
                (false, n) if KNOWN_FILES.contains(&base(n)) => {
                    out.ours.push((EntryKind::File, name));
                }
                (true, "frames" | "cases" | "scenes") => {
                    for (inner, inner_dir) in names(&dir.join(&name))? {
                        let rel = format!("{name}/{inner}");
                        if !inner_dir && known_inside(&name, &inner) {
                            out.ours.push((EntryKind::File, rel));
                        } else {
                            out.foreign.push(rel);
                        }
                    }
                    out.ours.push((EntryKind::Dir, name));
                }
                // A study's case runs: nested output directories, each cleaned on its own.
                (true, "runs") => out.ours.push((EntryKind::Dir, name)),
                _ => out.foreign.push(name),
            }
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_names_catena_writes_are_ours() {
        let tmp = tempfile::tempdir().expect("tempdir");
        let d = tmp.path();
        for f in ["steps.csv", "summary.json.tmp", "notes.md", LOCK_FILE] {
            std::fs::write(d.join(f), "x").expect("write");
        }
        for sub in ["frames", "chains", "data"] {
            std::fs::create_dir(d.join(sub)).expect("dir");
        }
        for f in [
            "frame_000000.vtp",
            "contacts_000001.csv",
            "frame_12.vtp",
            "notes.txt",
        ] {
            std::fs::write(d.join("frames").join(f), "x").expect("write");
        }
        std::fs::write(d.join("chains/imc_0.1.ron"), "x").expect("write");
        let l = LegacyOutput::scan(d).expect("scan");
        assert_eq!(
            l.ours,
            [
                (EntryKind::File, "frames/contacts_000001.csv".to_string()),
                (EntryKind::File, "frames/frame_000000.vtp".into()),
                (EntryKind::Dir, "frames".into()),
                (EntryKind::File, "steps.csv".into()),
                (EntryKind::File, "summary.json.tmp".into()),
            ]
        );
        assert_eq!(
            l.foreign,
            [
                "chains",
                "data",
                "frames/frame_12.vtp",
                "frames/notes.txt",
                "notes.md"
            ]
        );
    }
}
