//! The surface and volume integrals of a closed cell membrane (the deformable cell model of
//! mpacts, seed 003; Odenthal, Smeets & Van Liedekerke et al., PLoS Comput. Biol. 9 (2013)
//! e1003267): each triangle's area and the signed volume of its cone to a reference point, with
//! their exact gradients and Hessians, and the laws that turn a cell's total area and volume
//! into an energy (cortical tension, area and volume conservation).

mod area;
mod integral_law;
mod volume;

pub use area::{triangle_area, triangle_area_grad_hess};
pub use integral_law::{IntegralLaw, IntegralLaws};
pub use volume::{cone_volume, cone_volume_grad_hess};
