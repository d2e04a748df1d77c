//! Assemblers (forces, contact matrix), contact-matrix modes and detector feedback.

mod feedback;
mod forces;
mod matrix;

pub use feedback::{Feedback, FeedbackDistance, NoFeedback};
pub use forces::AssembleForces;
pub use matrix::{AssembleContactMatrix, MatrixElement};
