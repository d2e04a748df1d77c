//! The `.pvd` collection index of the VTK frames, rewritten atomically after each frame.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use super::{OutputError, fmt_f64, write_atomic};

/// A ParaView collection (`.pvd`) listing `(time, file)` pairs.
///
/// The whole index is rewritten with [`write_atomic`] on every [`PvdIndex::push`], so the
/// file on disk is always a complete, valid document, even if the run is killed.
#[derive(Debug, Clone)]
pub struct PvdIndex {
    path: PathBuf,
    entries: Vec<(f64, String)>,
}

impl PvdIndex {
    /// An empty index that will be written to `path` (nothing is written yet).
    pub fn new(path: &Path) -> Self {
        PvdIndex {
            path: path.to_path_buf(),
            entries: Vec::new(),
        }
    }

    /// Appends a frame at simulated time `time` \[s\], stored in `relative_file`
    /// (relative to the `.pvd` file's directory, `/`-separated), then rewrites the index.
    pub fn push(&mut self, time: f64, relative_file: &str) -> Result<(), OutputError> {
        self.entries.push((time, relative_file.to_owned()));
        self.write()
    }

    /// Writes the index in its current state (an empty collection if no frame was pushed).
    pub fn write(&self) -> Result<(), OutputError> {
        write_atomic(&self.path, self.render().as_bytes())
    }

    /// Number of frames listed.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether no frame is listed yet.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The `(time, relative file)` entries, in push order.
    pub fn entries(&self) -> &[(f64, String)] {
        &self.entries
    }

    /// Path of the `.pvd` file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The XML document.
    pub fn render(&self) -> String {
        let mut s = String::with_capacity(160 + 80 * self.entries.len());
        s.push_str("<?xml version=\"1.0\"?>\n");
        s.push_str("<VTKFile type=\"Collection\" version=\"0.1\" byte_order=\"LittleEndian\">\n");
        s.push_str("  <Collection>\n");
        for (time, file) in &self.entries {
            // Writing to a String cannot fail.
            let _ = writeln!(
                s,
                "    <DataSet timestep=\"{}\" group=\"\" part=\"0\" file=\"{}\"/>",
                fmt_f64(*time),
                xml_escape_attr(file)
            );
        }
        s.push_str("  </Collection>\n");
        s.push_str("</VTKFile>\n");
        s
    }
}

/// Escapes `&`, `<`, `>`, `"` and `'` for use inside a double-quoted XML attribute.
fn xml_escape_attr(v: &str) -> String {
    let mut out = String::with_capacity(v.len());
    for c in v.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::super::vtk::xml_check::well_formed;
    use super::*;

    #[test]
    fn lists_frames_in_order_and_stays_valid() {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("frames.pvd");
        let mut pvd = PvdIndex::new(&path);
        assert!(pvd.is_empty());
        assert!(!path.exists());
        pvd.write().expect("empty index");
        well_formed(&std::fs::read_to_string(&path).expect("read")).expect("valid empty");

        for (i, t) in [0.0, 0.05, 0.1].into_iter().enumerate() {
            pvd.push(t, &format!("frames/frame_{i:06}.vtp"))
                .expect("push");
            let xml = std::fs::read_to_string(&path).expect("read");
            let elems = well_formed(&xml).unwrap_or_else(|e| panic!("{e}\n{xml}"));
            assert_eq!(elems.iter().filter(|e| *e == "DataSet").count(), i + 1);
        }
        assert_eq!(pvd.len(), 3);
        let xml = std::fs::read_to_string(&path).expect("read");
        let files: Vec<&str> = xml
            .match_indices("file=\"")
            .map(|(i, m)| {
                let rest = &xml[i + m.len()..];
                &rest[..rest.find('"').expect("quote")]
            })
            .collect();
        assert_eq!(
            files,
            [
                "frames/frame_000000.vtp",
                "frames/frame_000001.vtp",
                "frames/frame_000002.vtp"
            ]
        );
        let p0 = xml.find("timestep=\"0\"").expect("t0");
        let p1 = xml.find("timestep=\"0.05\"").expect("t1");
        let p2 = xml.find("timestep=\"0.1\"").expect("t2");
        assert!(p0 < p1 && p1 < p2);
        assert!(!dir.path().join("frames.pvd.tmp").exists());
    }

    #[test]
    fn file_names_are_escaped() {
        let mut pvd = PvdIndex::new(Path::new("unused.pvd"));
        pvd.entries.push((1.0, "a&b\"<c>.vtp".into()));
        let xml = pvd.render();
        assert!(xml.contains("file=\"a&amp;b&quot;&lt;c&gt;.vtp\""));
        well_formed(&xml).expect("valid");
    }
}
