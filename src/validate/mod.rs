//! `catena validate`: physics against theory and published results (knots, cantilever, drops,
//! impacts, friction, the IPC guarantee), with a table, CSV files, SVG figures and the
//! generated `VALIDATION.md`. One case per file; each cites its source.

pub mod braid_knot;
pub mod cantilever;
mod case;
mod catalogue;
pub mod cell;
mod check;
pub mod doublet;
pub mod drop;
pub mod drum;
mod figure;
pub mod heap_profile;
pub mod hertz;
pub mod incline;
pub mod integrators;
pub mod ipc_guarantee;
pub mod ipc_shells;
pub mod knot_loop;
pub mod knot_pull;
pub mod knot_settle;
mod knot_step;
pub mod maugis_dugdale;
pub mod micropipette;
pub mod micropipette_theory;
pub mod open_knot;
pub mod overdamped;
pub mod overhand;
pub mod overhand_qs;
pub mod overhand_theory;
pub mod plate_indentation;
mod plate_indentation_figures;
pub mod plate_point_load;
mod plate_scene;
mod progress;
pub mod rbc_stretch;
mod report;
pub mod repose;
pub mod repose_pour;
pub mod restitution;
pub mod rigid_body;
pub mod rolling;
pub mod shell_cantilever;
mod sphere_fit;
pub mod static_load;
mod suite;
pub mod support;
pub mod trefoil;

pub use case::{Case, CaseReport, CaseRun};
pub use catalogue::{NOT_COVERED, cases};
pub use check::{Check, Criterion};
pub use figure::{Curve, Figure, Style};
pub use progress::Progress;
pub use report::{markdown, table, write_checks_csv};
pub use suite::{Outcome, ValidateOptions, parts_of, run_cases, select};
