//! One time step: the [`simulator::Simulator`] that plans it (predictor, integrator), Newton
//! with its line searches, the adaptive step size with its retries, and how a failed step is
//! reported.

pub(crate) mod adaptive_dt;
pub(crate) mod coverage_tally;
pub(crate) mod failure;
pub(crate) mod line_search;
pub(crate) mod newton;
pub(crate) mod predictor;
pub(crate) mod simulator;
