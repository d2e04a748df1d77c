//! The Python package `catena` (cargo feature `python`): the native module `catena._catena`,
//! built by maturin from `pyproject.toml` into an abi3 wheel (one wheel for every Python ≥ 3.9).
//! The pure-Python part of the package (studies on Dask, DataFrames, typed stubs) is in
//! `src/python/catena/`.
//!
//! Every function here forwards to the library, so the package computes what the command
//! line does: [`crate::scene::load_scene`] and [`crate::scene::build_scene`],
//! [`crate::system::advance`] for a step (with the run's Δt retries), [`crate::run::run_simulator`]
//! for a run with output, [`crate::study::Plan`] and [`crate::study::collect()`] for studies.

mod callback;
mod chains;
mod contact_outputs;
mod convert;
mod errors;
mod interrupt;
mod module;
mod run_helpers;
mod scene;
mod simulator;
mod state;
mod step_report;
mod studies;
