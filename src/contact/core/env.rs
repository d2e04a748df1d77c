//! [`Env`]: what an element (and a primitive binding a pair) reads besides the pair's record —
//! the model and the iterate.

use crate::model::Model;

/// What an element may read besides its [`ContactCtx`](crate::contact::ContactCtx): the model and the current iterate.
#[derive(Debug, Clone, Copy)]
pub struct Env<'a> {
    /// The model (bodies, materials, planes).
    pub model: &'a Model,
    /// Configuration at the iterate.
    pub q: &'a [f64],
    /// Velocity at the iterate (`(q − qₙ)/Δt` under implicit Euler).
    pub v: &'a [f64],
}
