//! Resistance laws (mpacts' `N_T_*Resistance` family): viscous forces `F = −Γ v_rel` between
//! the two sides of a pair, the "friction matrix" of overdamped contact dynamics
//! (`integrator: Overdamped`, where `Γ v = F`), usable under any integrator.

mod area_weighted;
mod constant;
mod dividing;
mod lubrication;
mod masked;
#[cfg(test)]
mod masked_tests;
mod material_specific;
mod material_specific_area;
mod matrix;
mod mesh_weighted;
#[cfg(test)]
mod mesh_weighted_tests;
mod shell_viscosity;

pub use area_weighted::AreaWeightedResistance;
pub use constant::ConstantResistance;
pub use dividing::DividingResistance;
pub use lubrication::LubricationResistance;
pub use masked::MaskedConstantResistance;
pub use material_specific::MaterialSpecificConstantResistance;
pub use material_specific_area::MaterialSpecificAreaWeightedResistance;
pub use matrix::{Resistance, add_resistance};
pub use mesh_weighted::{MeshWeightedResistance, node_weight};
pub use shell_viscosity::ShellViscosityResistance;
