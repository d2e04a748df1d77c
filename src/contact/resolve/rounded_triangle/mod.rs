//! Rounded triangles (Smeets et al. 2015; mpacts `RoundedTriangle_*`, seed 003): a shell's or
//! cell's triangle stands for the cap of its encompassing sphere, so that a meshed body meets
//! others with the curvature of the body rather than with flat faces, and the pressure of a
//! curved contact is integrated over the part of the contact plane the triangle covers.

mod elements;
pub mod encompassing;
mod geometry;
mod pair;
mod pair_element;
pub mod polygon;
pub mod quadrature;

pub use elements::{RoundedTrianglePlane, RoundedTriangleSphere};
pub use geometry::{Counterpart, RoundedGeometry, resolve};
pub use pair::{MAX_PAIR_POLYGON, PairGeometry, intersect, resolve_pair};
pub use pair_element::RoundedTriangleRoundedTriangle;
pub use polygon::V2;
