//! Output writers.
//!
//! The run's output directory (see [`OutputDir`] and DESIGN.md, "Output contract"), owned by
//! one process at a time ([`DirLock`]):
//! `steps.csv` ([`StepsCsv`]), `summary.json` ([`Summary`]), VTK frames
//! ([`write_vtp`]) and their `.pvd` index ([`PvdIndex`]). Whole files are replaced
//! atomically ([`write_atomic`]); `steps.csv` is flushed row by row. Frames are read back by
//! [`read_vtp`] and drawn by [`render_frame`].

mod atomic;
mod dir_lock;
mod error;
mod output_dir;
mod pvd;
mod render;
mod steps_csv;
mod summary;
mod vtk;
mod vtp_read;

pub use atomic::{tmp_path, write_atomic};
pub use dir_lock::{DirLock, LOCK_FILE};
pub use error::OutputError;
pub use output_dir::{FRAMES_DIR, OutputDir, PVD_FILE, STEPS_FILE, SUMMARY_FILE};
pub use pvd::PvdIndex;
pub use render::{RenderOptions, frame_file, render_frame};
pub use steps_csv::{STEPS_CSV_HEADER, StepRecord, StepsCsv, fmt_f64, read_steps_csv};
pub use summary::{Summary, finite_or_null, read_summary, write_summary};
pub use vtk::{Frame, MeshBody, PolylineBody, SphereBody, render_vtp, write_vtp};
pub use vtp_read::{FrameData, FrameRod, FrameShell, FrameSphere, parse_vtp, read_vtp};
