//! Running a scene: time loop, output as it goes, progress, clean failure.

mod checkpoint;
mod driver;
mod error;

pub use checkpoint::{CHECKPOINT_FILE, CHECKPOINT_FORMAT, Checkpoint};
pub use driver::{RunOptions, frame_of, resume, run};
pub use error::RunError;
