//! Scaffolding for user crates: `catena new-element NAME --kind …` writes a documented,
//! compiling chain element with its Jacobian test ([`new_element`]).

mod new_element;

pub use new_element::{ElementKind, NewElement, ScaffoldError, new_element, render};
