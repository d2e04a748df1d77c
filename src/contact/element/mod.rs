//! The chain-element contract: the per-pair kernel ([`ChainElement`]), what elements need and
//! give ([`Needs`], [`Gives`]), typed per-pair [`Memory`], opt-in [`Adaptive`] parameters, the
//! [`ContactMethod`] a chain's elements imply, and element sets ([`ElementSet`],
//! [`crate::element_set!`]).

mod adaptive;
mod caps;
mod contract;
mod method;
mod registry;

pub use crate::contact::core::{Category, ElementDoc, Env};
pub use crate::contact::core::{
    MEMORY_WORDS, Memory, MemoryLayout, MemorySlot, MemorySpec, PairMemory, flag_word,
};
pub use adaptive::{Adaptive, AdaptiveHooks, ElementState, PairGeometry, StepInfo, StepNeeds};
pub use caps::{Caps, Gives, Needs};
pub use contract::{BodyRefusal, ChainElement};
pub use method::{CcdKernel, ContactLineSearch, ContactMethod, SolverNeeds};
pub use registry::{ElementSet, deserialize_element, read_element};
