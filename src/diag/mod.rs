//! Located errors and RON parsing shared by scene and chain files.
//!
//! A low-level module: it depends on nothing in catena (only std, ron and strsim), so that
//! `scene` (scene files) and `contact` (chain files) can both report errors with file, line and
//! column without depending on each other. `scene` re-exports everything here under its
//! historical paths (`catena::scene::SceneError`, …).

mod located;
mod ron_parse;

pub use located::{SceneError, closest, locate};
pub use ron_parse::{ron_error, ron_options};
