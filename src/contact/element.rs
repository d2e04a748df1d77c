//! The chain-element contract.

use super::caps::{Gives, Needs};
use super::ctx::{ContactCtx, Vec12};
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
        DampedHertz, Dmt, Hertz, Imc, Ipc, Jkr, LinearDamper, LinearDamperOverlap, LinearForce,
        Spring, SpringDamper,
    },
    resolve::{
        CapsuleCapsule, CapsulePlane, CapsuleSphere, PointPlane, PointPoint, SpherePlane,
        SpherePoint, SphereSphere,
    },
    tangential::{CoulombFriction, CundallStrack, ImcFriction, IpcFriction},
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
    /// Geometry of every candidate pair of this binding at the start of the step; empty unless
    /// some element returns true from `needs_step_pairs`.
    pub pairs: &'a [PairGeometry],
}

/// The resolved geometry of one candidate pair at the start of a step (for per-step updates
/// that need the contact configuration, e.g. IPC's barrier stiffness).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PairGeometry {
    /// Global DOF of each local coordinate (`NO_DOF` where static or absent).
    pub dofs: [u32; 12],
    /// Gap `Δ − r₁ − r₂` (m).
    pub gap: f64,
    /// ∇Δ over the local coordinates.
    pub grad: Vec12,
}

/// The line search a contact method requires of the Newton solver (seed 001 App. B.4 for IMC;
/// Li et al. 2020 §4 for IPC).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ContactLineSearch {
    /// Goldstein–Price on `½‖r‖²` (IMC, seed 001 Alg. 1).
    Residual,
    /// Backtracking on the incremental potential, every step capped by continuous collision
    /// detection so that no iterate has a gap ≤ 0 (IPC).
    EnergyCcd,
}

impl std::fmt::Display for ContactLineSearch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Self::Residual => "Goldstein–Price on ‖r‖² (IMC)",
            Self::EnergyCcd => "energy backtracking with a CCD step cap (IPC)",
        })
    }
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
///
/// The step-by-step guide is [`crate::guide`]; `catena new-element` writes a skeleton.
///
/// ```
/// use catena::contact::{
///     Caps, Category, Chain, ChainElement, ContactCtx, ElementDoc, Env, Gives, Needs,
/// };
/// use catena::verify::{Options, jacobians};
///
/// /// `N_Push`: a constant repulsion `F = f₀` (N) while the bodies overlap; `f = F ∇Δ`,
/// /// `∂f/∂x = F ∇²Δ`, `∂f/∂v = 0`.
/// #[derive(Debug, Clone, Copy, Default, catena::serde::Deserialize)]
/// #[serde(crate = "catena::serde", deny_unknown_fields)]
/// struct Push {
///     /// Force magnitude f₀ (N).
///     force: f64,
/// }
///
/// static DOC: ElementDoc = ElementDoc {
///     name: "N_Push",
///     category: Category::Normal,
///     summary: "constant repulsion while overlapping",
///     details: "F = f₀ (N) for gap < 0. Parameters: force f₀ (N).",
/// };
///
/// impl ChainElement for Push {
///     fn doc(&self) -> &'static ElementDoc {
///         &DOC
///     }
///     fn needs(&self) -> Needs {
///         Needs::caps(Caps::GEOMETRY)
///     }
///     fn gives(&self) -> Gives {
///         Gives::caps(Caps::NORMAL_FORCE)
///     }
///     fn is_conservative(&self) -> bool {
///         false // no energy is reported
///     }
///     fn evaluate(&self, _env: &Env, ctx: &mut ContactCtx) {
///         if ctx.gap >= 0.0 {
///             ctx.reject = true;
///             return;
///         }
///         ctx.normal_force += self.force;
///         ctx.force += ctx.grad * self.force;
///         if ctx.want_jacobian {
///             ctx.dfdx += ctx.hess * self.force;
///         }
///     }
/// }
///
/// catena::element_set! {
///     /// The built-ins and `N_Push`.
///     enum Elements {
///         /// Constant repulsion.
///         "N_Push" => Push(Push),
///     }
/// }
///
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// let chain = Chain::<Elements>::parse(
///     "Chain(name: \"push\", elements: [Sphere_1_Data, Sphere_2_Data, Sphere_Sphere,
///         N_Push(force: 0.5), AssembleForces])",
///     std::path::Path::new("push.ron"),
/// )?;
/// let report = jacobians(&chain, &Options { samples: 30, ..Options::default() })?;
/// assert!(report.passed(), "{report}");
/// # Ok(())
/// # }
/// ```
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
    /// Whether [`ChainElement::begin_step`] reads `StepInfo::pairs` (one geometry evaluation
    /// of every candidate per step).
    fn needs_step_pairs(&self) -> bool {
        false
    }
    /// The line search the element's contact method requires, if any. The system rejects a
    /// scene whose chains require different ones.
    fn line_search(&self) -> Option<ContactLineSearch> {
        None
    }
    /// The gap (m) below which the element acts (IMC's δ, IPC's d̂); a binding's keep distance
    /// must exceed it, or contacts would start unseen by detection.
    fn reach(&self) -> f64 {
        0.0
    }
    /// Called after every Newton iterate's evaluation with the smallest gap over this binding's
    /// candidates (m); returns whether the element changed a parameter (IPC's κ), in which case
    /// the iterate is evaluated again.
    fn end_iteration(&mut self, _min_gap: f64) -> bool {
        false
    }
    /// How many times per step lagged quantities (IPC friction) are refreshed at the converged
    /// configuration and the step solved again.
    fn lag_updates(&self) -> u32 {
        0
    }
    /// State the element carries from one time step to the next (an adaptive stiffness), as
    /// numbers, for checkpoints; empty for elements without such state.
    fn state(&self) -> Vec<f64> {
        Vec::new()
    }
    /// Restores a state returned by [`ChainElement::state`].
    fn set_state(&mut self, _state: &[f64]) {}
}
