//! # catena
//!
//! Implicit contact mechanics of elastic rods and particles.
#![warn(missing_docs)]

pub mod contact;
pub mod elastic;
pub mod external;
pub mod io;
pub mod math;
pub mod model;
pub mod run;
pub mod scene;
pub mod system;

// Re-exported for the `element_set!` macro, so user crates need no direct serde dependency.
#[doc(hidden)]
pub use serde;
