//! Newton–Raphson on the residual of one time step (any [`crate::system::TimeIntegrator`]),
//! with line search: the solve in named steps ([`solve`]), its stopping tests ([`criteria`]),
//! the merits its line search lowers ([`merit`]) and its report ([`report`]).

mod criteria;
mod merit;
mod report;
mod solve;

pub(crate) use report::NewtonWork;
pub use report::{Convergence, NewtonReport};
pub(crate) use solve::solve;
