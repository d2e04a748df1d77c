//! Linear solvers of the Newton system: the envelope LU in reverse Cuthill–McKee order (rods'
//! near-banded systems), faer's supernodal sparse LU, its symmetric-indefinite LBLᵀ (symmetric
//! systems on request), and BiCGSTAB with a block-Jacobi
//! preconditioner over the assembled matrix and the contact pairs' blocks (granular beds);
//! [`solver::LinearSolver`] picks and falls back between them.

pub(crate) mod amd_lu;
mod amd_lu_kernel;
pub(crate) mod amd_lu_state;
pub(crate) mod bicgstab;
pub(crate) mod block_jacobi;
pub(crate) mod bordered;
pub(crate) mod envelope_lu;
pub(crate) mod operator;
pub(crate) mod rcm;
mod ring_block;
pub(crate) mod solver;
pub(crate) mod sparse_lblt;
pub(crate) mod sparse_lu;
