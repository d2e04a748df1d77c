//! Assemblers (forces, contact matrix), contact-matrix modes and detector feedback.

mod contact_area;
pub mod distribute;
mod distribute_pair;
mod feedback;
mod forces;
mod matrix;
mod spring_tension;
mod virial;

pub use contact_area::{AssembleContactArea1, AssembleContactArea2, ContactAreaRecord};
pub use distribute::DistributeToTriangle;
pub use distribute_pair::DistributeToTriangle2;
pub use feedback::{Feedback, FeedbackDistance, FeedbackDividing, NoFeedback};
pub use forces::{AssembleForces, AssembleForces1, AssembleForces2};
pub use matrix::{AssembleContactMatrix, MatrixOverdamped, MatrixStatic, MatrixUnderdamped};
pub use spring_tension::{AssembleSpringTension, AssembleSpringTension1D, SpringTensionRecord};
pub use virial::{AssembleVirialStress, AssembleVirialStress2, VirialRecord};
