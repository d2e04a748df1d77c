//! Shells (seed 004 §3): a triangle mesh with membrane and bending ([`Shell`]), its hinge
//! actuation ([`HingeActuation`]), its elastic stencils ([`ShellStencils`]), and the shell as a
//! [`super::Body`].

mod actuation;
mod as_body;
mod cell;
mod cell_stencils;
mod definition;
mod maxwell;
mod stencils;

pub use actuation::{HingeActuation, HingeSignal};
pub use cell::{CellMeasures, CellMembrane};
pub use cell_stencils::CellStencils;
pub use definition::{Shell, ShellBending, ShellMembrane};
pub use maxwell::MaxwellMembrane;
pub use stencils::ShellStencils;
