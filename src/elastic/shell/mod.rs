//! Internal elastic energies of discrete elastic shells (triangle meshes), after MAT-DiSMech
//! (seed 004 §3.1 and §3.3, Appendix A): edge stretching, hinge bending and mid-edge normal
//! bending, each as a pure function of its stencil returning the energy, its gradient and its
//! exact Hessian.

mod stretch;

pub use stretch::{shell_stretch_params, shell_stretch_stiffness};
