//! Comparison studies: the same scene run once per chain (`catena compare`) or once per value
//! of a chain parameter (`catena sweep`), with the IMC paper's metrics (seed 001 §4.2–4.3,
//! Tables 1–2, Eq. 22) and plots.

mod case;
mod compare;
mod edit;
mod metrics;
mod plot;
pub(crate) use plot::COLOURS;
mod sweep;

pub use case::{CaseResult, Sample, StepRecord, run_case};
pub use compare::{CompareOptions, CompareRow, compare, table as compare_table};
pub use edit::{set_chain_parameter, swap_chains};
pub use metrics::{Summary, e_bar};
pub use sweep::{SweepOptions, SweepRow, sweep, table as sweep_table};
