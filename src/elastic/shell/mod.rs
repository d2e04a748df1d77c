//! Internal elastic energies of discrete elastic shells (triangle meshes), after MAT-DiSMech
//! (seed 004 §3.1 and §3.3, Appendix A): edge stretching (springs, the constant-strain-triangle
//! membrane, or a hyperelastic membrane law such as Skalak's for red cells), hinge bending and
//! mid-edge normal bending, each as a pure function of its stencil returning the energy, its
//! gradient and its exact Hessian.

mod cst;
mod hinge;
mod hyperelastic;
mod membrane_law;
mod metric;
mod mid_edge;
mod stretch;
#[cfg(test)]
mod test_mesh;

pub use cst::{CstParams, cst_energy, cst_energy_grad_hess, cst_green_strain};
pub use hinge::{
    HingeParams, hinge_angle, hinge_angle_grad_hess, hinge_energy, hinge_energy_grad_hess,
    hinge_stiffness,
};
pub use hyperelastic::{
    HyperelasticParams, hyperelastic_energy, hyperelastic_energy_grad_hess, membrane_invariants,
};
pub use membrane_law::{LawValue, MembraneLaw};
pub use mid_edge::{
    MID_EDGE_DOFS, MidEdgeGrad, MidEdgeHess, MidEdgeParams, MidEdgeStencil, mid_edge_coefficients,
    mid_edge_energy, mid_edge_energy_grad_hess, mid_edge_shape_operator, mid_edge_stiffness,
};
pub use stretch::{shell_stretch_params, shell_stretch_stiffness};
