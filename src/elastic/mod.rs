//! Internal elastic energies of Discrete Elastic Rods and, in [`shell`], of discrete elastic
//! shells (triangle meshes).

mod bend;
pub mod cell;
mod curvature;
mod edge_variables;
mod geometry;
mod maxwell;
pub mod shell;
mod stencil;
mod stretch;
mod twist;

pub use bend::{BendParams, bend_energy, bend_energy_grad, bend_energy_grad_hess};
pub use curvature::{material_curvature, material_curvature_grad_hess};
pub use maxwell::relax_rest_length;
pub use stencil::NodeStencil;
pub use stretch::{StretchParams, stretch_energy, stretch_energy_grad, stretch_energy_grad_hess};
pub use twist::{
    TwistParams, twist_energy, twist_energy_grad, twist_energy_grad_hess, twist_strain,
};
