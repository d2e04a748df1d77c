//! RON parsing shared by scene and chain files: the options every catena file is read with, and
//! RON errors turned into located [`SceneError`]s with a suggestion.

use super::located::{SceneError, closest};
use ron::error::{Error as RonError, SpannedError};
use ron::extensions::Extensions;
use std::path::Path;

/// RON options used for every catena file: `Some(x)` may be written `x`, and newtype variants
/// may be written with their inner fields directly.
pub fn ron_options() -> ron::Options {
    ron::Options::default()
        .with_default_extension(Extensions::IMPLICIT_SOME | Extensions::UNWRAP_VARIANT_NEWTYPES)
}

/// Turns a RON error into a [`SceneError`] with position and a suggestion.
pub fn ron_error(e: SpannedError, file: &Path) -> SceneError {
    let pos = Some((e.span.start.line, e.span.start.col));
    let (message, help) = match &e.code {
        RonError::NoSuchStructField {
            expected,
            found,
            outer,
            ..
        } => (
            format!(
                "unknown field `{found}`{}",
                outer
                    .as_ref()
                    .map(|o| format!(" in `{o}`"))
                    .unwrap_or_default()
            ),
            Some(match closest(found, expected.iter().copied()) {
                Some(s) => format!("did you mean `{s}`? expected one of {}", list(expected)),
                None => format!("expected one of {}", list(expected)),
            }),
        ),
        RonError::NoSuchEnumVariant {
            expected,
            found,
            outer,
            ..
        } => (
            format!(
                "unknown variant `{found}`{}",
                outer
                    .as_ref()
                    .map(|o| format!(" of `{o}`"))
                    .unwrap_or_default()
            ),
            Some(match closest(found, expected.iter().copied()) {
                Some(s) => format!("did you mean `{s}`? expected one of {}", list(expected)),
                None => format!("expected one of {}", list(expected)),
            }),
        ),
        RonError::MissingStructField { field, outer } => (
            format!(
                "missing field `{field}`{}",
                outer
                    .as_ref()
                    .map(|o| format!(" in `{o}`"))
                    .unwrap_or_default()
            ),
            Some(format!(
                "add `{field}: …` (see the scene schema in the README)"
            )),
        ),
        RonError::DuplicateStructField { field, .. } => (
            format!("field `{field}` is given twice"),
            Some("remove one of them".to_string()),
        ),
        RonError::Message(m) => (m.clone(), Some(value_help(m).to_string())),
        RonError::ExpectedFloat | RonError::ExpectedInteger => (
            e.code.to_string(),
            Some("this field takes a number, e.g. `1e-3` (SI units)".into()),
        ),
        other => (
            other.to_string(),
            Some("check the RON syntax near this position".into()),
        ),
    };
    let mut err = SceneError::new(file, pos, message);
    err.help = help;
    err
}

/// What to do about a value rejected while it was read (see `scene/values.rs`).
fn value_help(message: &str) -> &'static str {
    if message.contains("vector of finite numbers") {
        "NaN and inf are not allowed: write three finite coordinates, e.g. `(0, 0, 0.01)`"
    } else if message.contains("positive finite number") {
        "write a number greater than zero, in SI units (e.g. `1e-3`)"
    } else if message.contains("finite number ≥ 0") {
        "write a number ≥ 0, in SI units"
    } else if message.contains("finite number") {
        "NaN and inf are not allowed here: write a finite number"
    } else {
        "fix the value at this position (see the scene schema in the README)"
    }
}

fn list(xs: &[&str]) -> String {
    xs.iter()
        .map(|x| format!("`{x}`"))
        .collect::<Vec<_>>()
        .join(", ")
}
