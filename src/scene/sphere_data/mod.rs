//! Spheres as data: the rows a sphere set is made of ([`SphereRow`]), read from CSV
//! ([`read_csv`]) or from a catena `.vtp` frame ([`read_frame_spheres`]), or generated on a
//! jittered lattice ([`lattice`]) or by random sequential addition ([`random_packing`]), with a
//! small seeded generator ([`SplitMix64`]) so that generated scenes are reproducible.

mod csv;
mod frame;
mod lattice;
mod random_pack;
mod rng;
mod row;

pub use csv::{CSV_COLUMNS, read_csv};
pub use frame::read_frame_spheres;
pub use lattice::{LatticeSpec, lattice};
pub use random_pack::{PackingError, RandomPackSpec, random_packing};
pub use rng::SplitMix64;
pub use row::SphereRow;
