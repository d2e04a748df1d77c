//! Output writers.
//!
//! The run's output directory (see [`OutputDir`] and DESIGN.md, "Output contract"), owned by
//! one process at a time ([`DirLock`]), every file catena creates in it listed in its
//! [`Manifest`] (what `--force` removes):
//! `steps.csv` ([`StepsCsv`]), `summary.json` ([`Summary`]), VTK frames
//! ([`write_vtp`]) and their `.pvd` index ([`PvdIndex`]), force chains and contact lists
//! ([`write_force_chains`], [`render_contact_list`]). Whole files are replaced
//! atomically ([`write_atomic`]); `steps.csv` is flushed row by row. Frames are read back by
//! [`read_vtp`] and drawn by [`render_frame`].

mod atomic;
mod contact_line;
mod dir_lock;
mod error;
mod force_chains;
mod granular_columns;
mod legacy_output;
mod manifest;
mod output_dir;
mod profile;
mod pvd;
mod render;
mod steps_csv;
mod steps_csv_read;
mod summary;
mod vtk;
mod vtp_read;

pub use atomic::{tmp_path, write_atomic};
pub use contact_line::ContactLine;
pub use dir_lock::{DirLock, LOCK_FILE};
pub use error::OutputError;
pub use force_chains::{
    CELL_CONTACTS_HEADER, CONTACT_LIST_HEADER, CellContactRow, render_cell_contacts,
    render_contact_list, render_force_chains, write_force_chains,
};
pub use granular_columns::{
    GRANULAR_HEADER, GranularRecord, PACKING_HEADER, StepColumns, support_name,
};
pub use legacy_output::LegacyOutput;
pub use manifest::{EntryKind, MANIFEST_FILE, Manifest, read_entries, valid_entry};
pub use output_dir::{FRAMES_DIR, OutputDir, PVD_FILE, STEPS_FILE, SUMMARY_FILE};
pub use profile::profile_table;
pub use pvd::PvdIndex;
pub use render::{RenderOptions, frame_file, render_frame};
pub use steps_csv::{
    STEPS_CSV_HEADER, STEPS_CSV_HEADER_WITHOUT_ENERGIES, StepRecord, StepsCsv, fmt_f64,
};
pub use steps_csv_read::{read_steps_csv, without_timings};
pub use summary::{StepTotals, Summary, finite_or_null, read_summary, write_summary};
pub use vtk::{Frame, MeshBody, PolylineBody, SphereBody, render_vtp, write_vtp};
pub use vtp_read::{FrameData, FrameRod, FrameShell, FrameSphere, parse_vtp, read_vtp};
