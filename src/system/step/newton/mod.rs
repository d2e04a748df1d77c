//! Newton–Raphson on the residual of one time step (any [`crate::system::TimeIntegrator`]),
//! with line search: the solve in named steps ([`solve`]), its stopping tests ([`criteria`])
//! and its report ([`report`]).

mod criteria;
mod report;
mod solve;

pub(crate) use report::NewtonWork;
pub use report::{Convergence, NewtonReport};
pub(crate) use solve::solve;
