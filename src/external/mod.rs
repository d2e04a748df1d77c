//! External (body) forces with their Jacobians: an open list, one force per file.
//!
//! Every force implements [`ExternalForce`]; the system sums them with the elastic and contact
//! forces. Force derivatives (∂F/∂x and ∂F/∂v, kept apart) are per-node 3×3 blocks, which are
//! always part of the global sparsity pattern, or 9×9 blocks over a shell triangle's nodes.

mod aero_drag;
mod aero_face;
mod force;
mod gravity;
mod node_drag;
mod point_force;
mod rss;
mod shell_viscosity;
mod stokes_drag;
mod suction;
mod surface_drag;
mod tangential_smoothing;
mod viscous;

pub use aero_drag::AeroDrag;
pub use aero_face::{FaceDrag, Mat9, face_drag};
pub use force::{
    ExternalError, ExternalForce, ExternalState, FaceBlock, ForceEval, ForceRole, NodeBlock,
    NodeDerivatives, SpinBlock, StepStart,
};
pub use gravity::Gravity;
pub use node_drag::NodeDrag;
pub use point_force::PointForce;
pub use rss::{DEFAULT_EPSILON_FACTOR, RegularizedStokeslets, RssStats, SOLVE_TOLERANCE};
pub use shell_viscosity::ShellViscosity;
pub use stokes_drag::StokesDrag;
pub use suction::Suction;
pub use surface_drag::SurfaceDrag;
pub use tangential_smoothing::TangentialSmoothing;
pub use viscous::ViscousDrag;
