//! Running a scene: time loop, output as it goes, progress, clean failure.

mod driver;
mod error;

pub use driver::{RunOptions, frame_of, run};
pub use error::RunError;
