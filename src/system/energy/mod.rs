//! The energy account of a run: the state's energies by kind, the work and dissipation of each
//! force over an accepted step, and the balance that closes it (issue 19).

pub(crate) mod account;
pub(crate) mod energies;
pub(crate) mod state;
pub(crate) mod work;
