//! The global implicit system: residual and sparse Jacobian assembly, the sparse linear
//! solve, Newton–Raphson with line search, and the time integrators (implicit Euler, BDF2,
//! implicit midpoint). This is the only module that talks to faer.

mod adaptive_dt;
mod assembly;
mod assembly_pattern;
mod bicgstab;
mod block_jacobi;
mod contact_operator;
mod contact_slots;
mod coverage_tally;
mod energy;
mod energy_account;
mod energy_state;
mod energy_work;
mod envelope_lu;
mod error;
mod evaluate;
mod integrator;
mod line_search;
mod linear;
mod linear_solver;
mod newton;
mod pattern;
mod predictor;
mod rcm;
mod settings;
mod simulator;
mod stages;
mod stencils;
mod step_failure;

pub use adaptive_dt::{AdaptiveSettings, AdaptiveState, AdaptiveStep, advance};
pub use assembly::Assembler;
pub use bicgstab::{BiCgStab, CscRef, KrylovOutcome, Operator};
pub use block_jacobi::{BlockJacobi, DofBlocks};
pub use contact_operator::SystemOperator;
pub use coverage_tally::{CoverageTally, FREQUENT_RESOLVES};
pub use energy::{Energies, N_ENERGIES};
pub use energy_account::{EnergyAccount, EnergyState};
pub use energy_state::{contact_potential, kinetic_energy, prescribed_kinetic_energy};
pub use energy_work::StepWork;
pub use envelope_lu::{BACKWARD_TOL, EnvelopeFailure, EnvelopeLu, MAX_MEAN_WIDTH, PIVOT_TOL};
pub use error::SolveError;
pub use evaluate::{Evaluation, StepTargets};
pub use integrator::{
    Bdf2, Coefficients, ImplicitEuler, ImplicitMidpoint, IntegratorKind, IntegratorState, StepData,
    TimeIntegrator, build as build_integrator,
};
pub use line_search::{LineSearchOutcome, armijo, goldstein_price};
pub use linear::SparseLu;
pub use linear_solver::{AUTO_ITERATIVE_MIN_DOFS, KRYLOV_MAX_ITER, KRYLOV_RTOL, LinearSolver};
pub use newton::{Convergence, NewtonReport};
pub use pattern::SparsityPattern;
pub use predictor::PredictorState;
pub use settings::{InitialGuess, LineSearch, LinearSolverKind, SolverSettings};
pub use simulator::{Simulator, StepReport};
pub use stages::{N_STAGES, StageTimes};
pub use stencils::ElasticStencils;
pub use step_failure::{Attempt, StepFailure};
