//! Time integrators: what turns the equations of motion into the nonlinear system one Newton
//! solve drives to zero. The trait is in [`time_integrator`], the coefficients in
//! [`crate::time`]; each scheme is one file.

mod bdf2;
mod implicit_euler;
mod massless;
mod midpoint;
mod overdamped;
mod static_load;
mod time_integrator;

pub use crate::time::{Coefficients, IntegratorKind};
pub use bdf2::Bdf2;
pub use implicit_euler::ImplicitEuler;
pub use midpoint::ImplicitMidpoint;
pub use overdamped::Overdamped;
pub use static_load::StaticLoad;
pub use time_integrator::{IntegratorState, StepData, TimeIntegrator};

/// A fresh integrator of kind `kind` (no memory of earlier steps).
pub fn build(kind: IntegratorKind) -> Box<dyn TimeIntegrator> {
    match kind {
        IntegratorKind::ImplicitEuler => Box::new(ImplicitEuler::default()),
        IntegratorKind::Bdf2 => Box::new(Bdf2::default()),
        IntegratorKind::ImplicitMidpoint => Box::new(ImplicitMidpoint::default()),
        IntegratorKind::Overdamped => Box::new(Overdamped::default()),
        IntegratorKind::Static => Box::new(StaticLoad::default()),
    }
}
