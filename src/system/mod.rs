//! The global implicit system, in stages as a time step runs through them:
//! * `assembly/`: the residual and sparse Jacobian of an iterate — the [`Assembler`] with its
//!   elastic (every body kind's [`crate::model::InternalEnergy`]), external-force and contact
//!   stages, the sparsity pattern and its slot maps;
//! * `linear/`: the linear solvers (envelope LU, faer's sparse LU, block-Jacobi BiCGSTAB) and
//!   the choice between them ([`LinearSolver`]);
//! * `step/`: the [`Simulator`] that plans a step, Newton in named steps with its line
//!   searches, the adaptive step size and how failures are reported;
//! * `energy/`: the energy account of a run ([`Energies`]);
//! * `integrator/`: the time integrators (implicit Euler, BDF2, implicit midpoint).
//!
//! The sparse factorisations use faer (the RSS fluid's dense solves in
//! [`crate::external`] do too).

mod assembly;
mod energy;
mod error;
mod integrator;
mod linear;
mod settings;
mod stages;
mod step;

pub use assembly::assembler::Assembler;
pub use assembly::evaluation::{Evaluation, StepTargets};
pub use assembly::pattern::SparsityPattern;
pub use assembly::stencils::ElasticStencils;
pub use energy::account::{EnergyAccount, EnergyState};
pub use energy::energies::{Energies, N_ENERGIES};
pub use energy::state::{contact_potential, kinetic_energy, prescribed_kinetic_energy};
pub use energy::work::StepWork;
pub use error::SolveError;
pub use integrator::{
    Bdf2, Coefficients, ImplicitEuler, ImplicitMidpoint, IntegratorKind, IntegratorState,
    Overdamped, StaticLoad, StepData, TimeIntegrator, build as build_integrator,
};
pub use linear::amd_lu::{AMD_LU_PIVOT_TOLERANCE, AMD_LU_RESIDUAL_TOLERANCE, AmdLu, AmdLuFailure};
pub use linear::amd_lu_state::AmdLuState;
pub use linear::bicgstab::{BiCgStab, CscRef, KrylovOutcome, Operator};
pub use linear::block_jacobi::{BlockGrouping, BlockJacobi, DofBlocks};
pub use linear::envelope_lu::{
    BACKWARD_TOL, EnvelopeFailure, EnvelopeLu, MAX_MEAN_WIDTH, PIVOT_TOL,
};
pub use linear::operator::SystemOperator;
pub use linear::solver::{AUTO_ITERATIVE_MIN_DOFS, KRYLOV_MAX_ITER, KRYLOV_RTOL, LinearSolver};
pub use linear::sparse_lblt::{
    LBLT_RESIDUAL_TOLERANCE, LbltFailure, SYMMETRY_TOLERANCE, SparseLblt,
};
pub use linear::sparse_lu::SparseLu;
pub use settings::{InitialGuess, KrylovTolerance, LineSearch, LinearSolverKind, SolverSettings};
pub use stages::{N_STAGES, StageTimes};
pub use step::adaptive_dt::{
    AdaptiveSettings, AdaptiveState, AdaptiveStep, EASY_ITERATIONS, HARD_ITERATIONS, advance,
};
pub use step::coverage_tally::{CoverageTally, FREQUENT_RESOLVES};
pub use step::failure::{Attempt, FailedLoadStep, StepFailure};
pub use step::line_search::{LineSearchOutcome, armijo, goldstein_price};
pub use step::newton::{Convergence, NewtonReport};
pub use step::predictor::PredictorState;
pub use step::simulator::{Simulator, StepReport};
