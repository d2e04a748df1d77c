//! The types every part of contact shares, as a leaf (it imports nothing else of `contact`):
//! the local algebra of a pair ([`Vec12`], [`Mat12`], [`NO_DOF`]), the names of primitives and
//! bodies ([`PrimId`], [`BodyId`]) and their kinds ([`PrimKind`]), what an element reads
//! besides its record ([`Env`]) and documents itself with ([`ElementDoc`], [`Category`]), the
//! material of a side ([`ContactMaterial`]), typed per-pair [`Memory`], and the energy role
//! of a force ([`EnergyRole`], [`NonConservative`]). `ctx`, `element` and `primitive` build
//! on it and no longer import each other in circles.

mod algebra;
mod doc;
mod energy;
mod env;
mod ids;
mod kind;
mod material;
mod memory;

pub use algebra::{Mat3x12, Mat12, Mat18, NO_DOF, Vec12, Vec18};
pub use doc::{Category, ElementDoc};
pub use energy::{EnergyRole, NonConservative};
pub use env::Env;
pub use ids::{
    BodyId, PlanePrim, PrimId, RigidEdge, RigidFace, RigidVertex, RodEdge, RodNode, ShellEdge,
    ShellFace, ShellNode, SpherePrim,
};
pub use kind::PrimKind;
pub use material::ContactMaterial;
pub use memory::{
    MEMORY_WORDS, Memory, MemoryLayout, MemorySlot, MemorySpec, PairMemory, flag_word,
};
