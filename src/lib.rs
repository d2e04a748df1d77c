//! # catena
//!
//! Implicit contact mechanics of elastic rods and particles.
#![warn(missing_docs)]

pub mod elastic;
pub mod io;
pub mod math;
