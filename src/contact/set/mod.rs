//! The contact set: chains bound to body groups, their candidate pairs and per-pair memory, and
//! the stages of a step that involve contact — detection at the start of a step or once bodies
//! moved far enough ([`Redetect`]), again at its end when they moved farther than the keep
//! distance covers, parallel evaluation
//! per Newton iterate, the per-step and per-iterate hooks of adaptive elements, the CCD step
//! cap of barrier chains, and commit with the accepted step.

mod band_neighbours;
mod binding;
mod ccd_cap;
mod cell_contacts;
mod cell_once;
mod cell_traction;
mod contact_areas;
mod contact_set;
mod coverage;
mod detection;
mod evaluate;
mod fused_pair;
mod fused_plan;
#[cfg(test)]
mod fused_tests;
mod hooks;
mod model;
mod redetect;
mod spring_tension;
mod state;
mod store;
mod virial_stress;

pub use band_neighbours::{BandNeighbours, band_neighbours};
pub use binding::ContactBinding;
pub use cell_contacts::{CellContact, cell_contacts};
pub use cell_traction::cell_tractions;
pub use contact_areas::{ContactAreas, contact_areas};
pub use contact_set::ContactSet;
pub use model::{
    ContactModel, ContactStats, Coverage, LocalContact, PairKey, RigidLoad, rigid_body_loads,
    sphere_loads,
};
pub use redetect::{REUSE_FRACTION, Redetect};
pub use spring_tension::{SpringTensions, spring_tensions};
pub use state::ContactState;
pub use store::MemoryStore;
pub use virial_stress::{VirialStresses, virial_stresses};
