//! Running a scene: time loop, output as it goes, progress, clean failure, interrupts and
//! resume.

mod checkpoint;
mod driver;
mod error;
mod fingerprint;
mod frame;
mod horizon;
mod inputs;
mod observer;
mod rest;
mod restore;
mod resume;
mod start;
mod stop;

pub use checkpoint::{CHECKPOINT_FILE, CHECKPOINT_FORMAT, Checkpoint};
pub use driver::{RunOptions, run};
pub use error::RunError;
pub use fingerprint::Fingerprint;
pub use frame::frame_of;
pub use horizon::{HorizonError, MAX_STEPS, check_steps};
pub use inputs::{InputChanged, InputFile, MAX_KEPT_TEXT, input_files, verify_inputs};
pub use observer::{Every, Observation, Observer};
pub use rest::RestWatch;
pub use resume::resume;
pub use start::{RunScene, run_simulator, run_simulator_observed};
pub use stop::{SIGINT, SIGTERM, Stop, signal_name};
