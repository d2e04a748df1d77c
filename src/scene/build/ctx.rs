//! The context every builder shares: the scene file and its text, so that a semantic error
//! points at the name or field it is about; the scene's time step and duration, against which
//! staged windows are checked; and the windows noted as starting late.

use super::built::LateStart;
use crate::diag::{SceneError, locate, locate_byte};
use std::cell::RefCell;
use std::path::Path;

/// The scene file being built and its source text.
pub(super) struct Ctx<'a> {
    /// The scene file: named in messages, and the base of relative paths.
    pub(super) file: &'a Path,
    /// Its text, searched to locate errors.
    pub(super) source: &'a str,
    /// The scene's time step (s).
    pub(super) dt: f64,
    /// The scene's duration (s).
    pub(super) duration: f64,
    /// Staged windows that start at or after the duration (warned about by the commands).
    pub(super) late: RefCell<Vec<LateStart>>,
}

impl Ctx<'_> {
    /// An error located at the first occurrence of `needle` (a quoted name, a field) in the file.
    pub(super) fn err(&self, needle: &str, message: String) -> SceneError {
        SceneError::new(self.file, locate(self.source, needle, 0), message)
    }

    /// An error located at the first `needle` after the `nth` (0-based) occurrence of `anchor`
    /// (e.g. the `axis` of the second `Rotate(`), or at that anchor if `needle` is not found
    /// after it.
    pub(super) fn err_in(
        &self,
        anchor: &str,
        nth: usize,
        needle: &str,
        message: String,
    ) -> SceneError {
        let mut at = None;
        let mut from = 0;
        for _ in 0..=nth {
            match locate_byte(self.source, anchor, from) {
                Some(b) => {
                    at = Some(b);
                    from = b + anchor.len();
                }
                None => break,
            }
        }
        let position = at.and_then(|a| {
            locate(self.source, needle, a).or_else(|| locate(self.source, anchor, a))
        });
        SceneError::new(
            self.file,
            position.or_else(|| locate(self.source, needle, 0)),
            message,
        )
    }
}
