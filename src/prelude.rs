//! What a user needs to load and run a scene, and to write a chain element, in one import.
//!
//! ```
//! use catena::prelude::*;
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! let path = std::path::Path::new("examples/scenes/cantilever.ron");
//! let (spec, source) = load_scene(path)?;
//! let mut sim: Simulator = build_scene(&spec, &source, path)?.into_simulator();
//! for _ in 0..20 {
//!     let step: StepReport = sim.step()?;
//!     assert!(step.newton.iterations <= 10);
//! }
//! // The tip of the cantilever has started to sag under gravity.
//! let model: &Model = &sim.model;
//! let rod = &model.bodies.rods[0];
//! let tip: Vec3 = rod.node(&model.q, rod.n_nodes - 1);
//! assert!(tip.z < 0.0);
//! # Ok(())
//! # }
//! ```
//!
//! A chain element implements [`ChainElement`] (its [`ElementDoc`], [`Needs`], [`Gives`] and
//! `evaluate` on a [`ContactCtx`]); [`element_set!`] registers it beside the [`Builtin`]
//! elements, and [`build_scene_with`] reads chains with that set (see
//! `examples/custom_element.rs` and [`crate::guide`]).

pub use crate::contact::{
    Builtin, Caps, Category, Chain, ChainElement, ContactCtx, ElementDoc, ElementSet, Env, Gives,
    Needs,
};
pub use crate::element_set;
pub use crate::math::Vec3;
pub use crate::model::Model;
pub use crate::scene::{SceneError, build_scene, build_scene_with, load_scene};
pub use crate::system::{Simulator, SolverSettings, StepReport};
