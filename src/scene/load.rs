//! Reading and parsing scene files, with RON errors turned into [`SceneError`]s
//! ([`crate::diag`]).

use super::schema::SceneSpec;
use crate::diag::{SceneError, read_text, ron_error, ron_options};
use std::path::Path;

/// Reads and parses a scene file.
pub fn load_scene(path: &Path) -> Result<(SceneSpec, String), SceneError> {
    let source = read_text(path, "scene file").map_err(|e| {
        if e.help.is_some() {
            e
        } else {
            e.with_help("check the path; scenes ship in examples/scenes/")
        }
    })?;
    let spec = parse_scene(&source, path)?;
    Ok((spec, source))
}

/// Parses scene text; `file` is used in messages.
pub fn parse_scene(source: &str, file: &Path) -> Result<SceneSpec, SceneError> {
    ron_options()
        .from_str::<SceneSpec>(source)
        .map_err(|e| ron_error(e, file))
}
