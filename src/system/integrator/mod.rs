//! Time integrators: what turns the equations of motion into the nonlinear system one Newton
//! solve drives to zero. The trait and its coefficients are in [`time_integrator`] and
//! [`coefficients`]; each scheme is one file.

mod bdf2;
mod coefficients;
mod implicit_euler;
mod midpoint;
mod time_integrator;

pub use bdf2::Bdf2;
pub use coefficients::{Coefficients, IntegratorKind};
pub use implicit_euler::ImplicitEuler;
pub use midpoint::ImplicitMidpoint;
pub use time_integrator::{IntegratorState, StepData, TimeIntegrator};
