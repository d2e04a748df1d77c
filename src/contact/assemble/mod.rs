//! Assemblers (forces, contact matrix), contact-matrix modes and detector feedback.

mod feedback;
mod forces;
mod matrix;

pub use feedback::{Feedback, FeedbackDistance, NoFeedback};
pub use forces::{AssembleForces, AssembleForces1, AssembleForces2};
pub use matrix::{AssembleContactMatrix, MatrixOverdamped, MatrixStatic, MatrixUnderdamped};
