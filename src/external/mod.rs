//! External (body) forces with their Jacobians: an open list, one force per file.
//!
//! Every force implements [`ExternalForce`]; the system sums them with the elastic and contact
//! forces. Jacobians are restricted to per-node 3×3 blocks, which are always part of the
//! global sparsity pattern.

mod force;
mod gravity;
mod point_force;
mod viscous;

pub use force::{ExternalForce, ForceEval, NodeJacobian};
pub use gravity::Gravity;
pub use point_force::PointForce;
pub use viscous::ViscousDrag;
