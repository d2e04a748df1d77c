//! Measures of granular matter, computed from a model and the contacts of its last evaluation:
//! kinetic energies of the spheres, translational and rotational ([`sphere_kinetic_energies`]),
//! the contacts as lines between the primitives with their normal and tangential forces
//! ([`contact_lines`], drawn as force chains and listed per frame), the coordination number and
//! the largest overlap ([`contact_counts`]), and the packing fraction in a box
//! ([`packing_fraction`], with the exact-to-quadrature sphere–box volume
//! [`sphere_box_volume`]), and the unbalanced-force ratio of explicit DEM codes
//! ([`unbalanced_force_ratio`], a rest test of `until_rest`). `catena run` writes them to `steps.csv` (as
//! [`crate::io::GranularRecord`]) and beside its frames.

mod contact_lines;
mod energy;
mod packing;
mod quadrature;
mod unbalanced;

pub use contact_lines::{ContactCounts, contact_counts, contact_lines, sphere_contacts};
pub use energy::sphere_kinetic_energies;
pub use packing::{packing_fraction, sphere_box_volume};
pub use unbalanced::unbalanced_force_ratio;
