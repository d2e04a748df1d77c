//! Assembly: the global residual and sparse Jacobian of one iterate — the [`assembler::Assembler`]
//! and its stages (elastic stencils of every body kind, external forces, contact chains), each
//! in its own file, the sparsity pattern their blocks share and the slot maps that scatter
//! each block into it.

pub(crate) mod assembler;
pub(crate) mod contact_slots;
pub(crate) mod contact_stage;
pub(crate) mod evaluate;
pub(crate) mod evaluation;
pub(crate) mod external_stage;
pub(crate) mod inertia_stage;
pub(crate) mod pattern;
pub(crate) mod stencils;
