//! Measures of granular matter, computed from a model and the contacts of its last evaluation:
//! kinetic energies of the spheres, translational and rotational ([`sphere_kinetic_energies`]),
//! the contacts as lines between the primitives with their normal and tangential forces
//! ([`contact_lines`], drawn as force chains and listed per frame), the coordination number and
//! the largest overlap ([`contact_counts`]), and the packing fraction in a box
//! ([`packing_fraction`], with the exact-to-quadrature sphere–box volume
//! [`sphere_box_volume`]). `catena run` writes them to `steps.csv` (as
//! [`crate::io::GranularRecord`]) and beside its frames.

mod contact_lines;
mod energy;
mod packing;
mod quadrature;

pub use contact_lines::{ContactCounts, contact_counts, contact_lines, sphere_contacts};
pub use energy::sphere_kinetic_energies;
pub use packing::{packing_fraction, sphere_box_volume};
