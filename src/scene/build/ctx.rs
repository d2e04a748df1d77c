//! The context every builder shares: the scene file and its text, so that a semantic error
//! points at the name or field it is about.

use crate::diag::{SceneError, locate};
use std::path::Path;

/// The scene file being built and its source text.
pub(super) struct Ctx<'a> {
    /// The scene file: named in messages, and the base of relative paths.
    pub(super) file: &'a Path,
    /// Its text, searched to locate errors.
    pub(super) source: &'a str,
}

impl Ctx<'_> {
    /// An error located at the first occurrence of `needle` (a quoted name, a field) in the file.
    pub(super) fn err(&self, needle: &str, message: String) -> SceneError {
        SceneError::new(self.file, locate(self.source, needle, 0), message)
    }
}
