//! Located errors and RON parsing shared by scene and chain files.
//!
//! A low-level module: it depends on nothing in catena (only std, ron, strsim and thiserror), so that
//! `scene` (scene files) and `contact` (chain files) can both report errors with file, line and
//! column without depending on each other. `scene` re-exports everything here under its
//! historical paths (`catena::scene::SceneError`, …).

mod input_file;
mod interface;
mod located;
mod ron_parse;
mod text_diff;

pub use input_file::{InputReadError, MAX_INPUT_BYTES, read_input, read_text, text_of};
pub use interface::Interface;
pub use located::{SceneError, closest, locate, locate_byte};
pub use ron_parse::{ron_error, ron_options};
pub use text_diff::line_diff;
