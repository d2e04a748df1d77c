//! Located errors of scene and chain files: file, line:column, what was expected, and a
//! suggestion.

use std::fmt;
use std::path::PathBuf;

/// A scene (or chain) file that could not be read, parsed or validated.
#[derive(Debug, Clone, PartialEq)]
pub struct SceneError {
    /// The file at fault.
    pub file: PathBuf,
    /// 1-based line and column, when known.
    pub position: Option<(usize, usize)>,
    /// What is wrong.
    pub message: String,
    /// What to do about it.
    pub help: Option<String>,
}

impl SceneError {
    /// An error at an optional position.
    pub fn new(
        file: impl Into<PathBuf>,
        position: Option<(usize, usize)>,
        message: impl Into<String>,
    ) -> Self {
        Self {
            file: file.into(),
            position,
            message: message.into(),
            help: None,
        }
    }
    /// Adds a suggestion.
    pub fn with_help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }
}

impl fmt::Display for SceneError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.file.display())?;
        if let Some((l, c)) = self.position {
            write!(f, ":{l}:{c}")?;
        }
        write!(f, ": {}", self.message)?;
        if let Some(h) = &self.help {
            write!(f, "\n  help: {h}")?;
        }
        Ok(())
    }
}

impl std::error::Error for SceneError {}

/// The closest of `candidates` to `found` by edit distance, if it is close enough to be a typo.
pub fn closest<'a>(found: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    candidates
        .into_iter()
        .map(|c| {
            (
                strsim::damerau_levenshtein(&found.to_lowercase(), &c.to_lowercase()),
                c,
            )
        })
        .filter(|(d, c)| *d <= 2.max(c.len() / 3))
        .min_by_key(|(d, _)| *d)
        .map(|(_, c)| c)
}

/// 1-based line and column of the first occurrence of `needle` in `source` at or after byte
/// `from` that is not inside a `//` comment.
pub fn locate(source: &str, needle: &str, from: usize) -> Option<(usize, usize)> {
    let at = locate_byte(source, needle, from)?;
    let before = &source[..at];
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let line = before.matches('\n').count() + 1;
    let col = source[line_start..at].chars().count() + 1;
    Some((line, col))
}

/// Byte offset of the first occurrence of `needle` in `source` at or after byte `from` that is
/// not inside a `//` comment.
pub fn locate_byte(source: &str, needle: &str, from: usize) -> Option<usize> {
    let mut start = from;
    loop {
        let at = source.get(start..)?.find(needle)? + start;
        let line_start = source[..at].rfind('\n').map_or(0, |i| i + 1);
        if !in_comment(&source[line_start..at]) {
            return Some(at);
        }
        start = at + needle.len();
    }
}

/// Whether the end of `line_prefix` lies inside a `//` comment (quotes are respected).
fn in_comment(line_prefix: &str) -> bool {
    let mut in_string = false;
    let mut prev = ' ';
    for c in line_prefix.chars() {
        match c {
            '"' if prev != '\\' => in_string = !in_string,
            '/' if prev == '/' && !in_string => return true,
            _ => {}
        }
        prev = c;
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn closest_finds_typos_only() {
        let c = ["youngs_modulus", "density", "poisson_ratio"];
        assert_eq!(closest("densty", c), Some("density"));
        assert_eq!(closest("young_modulus", c), Some("youngs_modulus"));
        assert_eq!(closest("banana", c), None);
    }

    #[test]
    fn locate_gives_line_and_column() {
        let s = "a\nbc \"x\"\n";
        assert_eq!(locate(s, "\"x\"", 0), Some((2, 4)));
        assert_eq!(locate(s, "zz", 0), None);
    }

    #[test]
    fn locate_skips_comments() {
        let s = "// the \"rod\" here\nrods: [(name: \"rod\")] // \"rod\"\n";
        assert_eq!(locate(s, "\"rod\"", 0), Some((2, 15)));
        let url = "x: \"a//b\", y: \"rod\"";
        assert_eq!(locate(url, "\"rod\"", 0), Some((1, 15)));
    }

    #[test]
    fn display_has_file_line_col_and_help() {
        let e = SceneError::new("a.ron", Some((3, 7)), "bad").with_help("fix it");
        assert_eq!(e.to_string(), "a.ron:3:7: bad\n  help: fix it");
    }
}
