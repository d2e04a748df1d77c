//! The chain-element contract.

use super::caps::{Gives, Needs};
use super::ctx::ContactCtx;
use crate::model::Model;
use enum_dispatch::enum_dispatch;
// enum_dispatch writes the `impl ChainElement for Builtin` here, where the trait is defined,
// so every built-in element type must be in scope.
#[allow(unused_imports)]
use super::{
    assemble::{
        AssembleContactMatrix, AssembleForces, Feedback, FeedbackDistance, MatrixElement,
        NoFeedback,
    },
    builtin::Builtin,
    data::{CapsuleData, PlaneData, PointData, SphereData},
    normal::{
        DampedHertz, Dmt, Hertz, Imc, Jkr, LinearDamper, LinearDamperOverlap, LinearForce, Spring,
        SpringDamper,
    },
    resolve::{
        CapsuleCapsule, CapsulePlane, CapsuleSphere, PointPlane, PointPoint, SpherePlane,
        SpherePoint, SphereSphere,
    },
    tangential::{CoulombFriction, CundallStrack, ImcFriction},
};

/// What an element may read besides its [`ContactCtx`]: the model and the current iterate.
#[derive(Debug, Clone, Copy)]
pub struct Env<'a> {
    /// The model (bodies, materials, planes).
    pub model: &'a Model,
    /// Configuration at the iterate.
    pub q: &'a [f64],
    /// Velocity at the iterate (`(q − qₙ)/Δt` under implicit Euler).
    pub v: &'a [f64],
}

/// What an element sees at the start of a time step (see [`ChainElement::begin_step`]).
#[derive(Debug, Clone, Copy)]
pub struct StepInfo<'a> {
    /// The model and the state at the start of the step.
    pub env: Env<'a>,
    /// Non-contact forces at the start of the step (elastic + external, N), per global DOF;
    /// empty unless some element of the model returns true from `needs_step_forces`.
    pub forces: &'a [f64],
    /// First global DOF of every free point in this binding's candidate pairs.
    pub contact_points: &'a [u32],
}

/// Role of an element in a chain.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Category {
    /// Binds a side of the pair to body data.
    Data,
    /// Resolves the contact geometry.
    Resolver,
    /// Normal force law.
    Normal,
    /// Tangential (friction) force law.
    Tangential,
    /// Chooses how derivatives enter the implicit system.
    Matrix,
    /// Feeds forces and Jacobians into the global system.
    Assembler,
    /// Feedback to the contact detector.
    Feedback,
}

impl std::fmt::Display for Category {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Self::Data => "data",
            Self::Resolver => "resolver",
            Self::Normal => "normal law",
            Self::Tangential => "tangential law",
            Self::Matrix => "contact matrix",
            Self::Assembler => "assembler",
            Self::Feedback => "feedback",
        })
    }
}

/// Documentation of an element, for `catena elements`.
#[derive(Debug, Clone, Copy)]
pub struct ElementDoc {
    /// Name as written in chain files.
    pub name: &'static str,
    /// Role.
    pub category: Category,
    /// One line.
    pub summary: &'static str,
    /// Formula, parameters with units and defaults, source.
    pub details: &'static str,
}

/// A chain element: a small, stateless-per-call step of a contact law.
///
/// `evaluate` reads what earlier elements wrote into the [`ContactCtx`] and adds its own part.
/// Forces are generalised forces on the pair's local DOFs; laws must also add `∂f/∂x` and
/// `∂f/∂v` when `ctx.want_jacobian` is set (verify them with finite differences), and their
/// energy when they derive from one.
#[enum_dispatch]
pub trait ChainElement: Send + Sync {
    /// Name, role and documentation.
    fn doc(&self) -> &'static ElementDoc;
    /// What must be available before this element runs.
    fn needs(&self) -> Needs;
    /// What this element makes available.
    fn gives(&self) -> Gives;
    /// Checks the element's own parameters; an `Err` names the parameter and what is wrong.
    fn validate(&self) -> Result<(), String> {
        Ok(())
    }
    /// Whether the forces this element adds derive from the energy it adds (so an energy line
    /// search may use the incremental potential as its merit). Damping and friction are not.
    fn is_conservative(&self) -> bool {
        true
    }
    /// Evaluates the element for one pair.
    fn evaluate(&self, env: &Env, ctx: &mut ContactCtx);
    /// Whether [`ChainElement::begin_step`] reads `StepInfo::forces` (computing them costs one
    /// elastic evaluation per step, so the system only does it when some element asks).
    fn needs_step_forces(&self) -> bool {
        false
    }
    /// Called once at the start of each time step, after detection and before any evaluation
    /// (e.g. adaptive stiffness).
    fn begin_step(&mut self, _step: &StepInfo) {}
}
