//! The chain-element contract: [`ChainElement`] is the per-pair kernel of a contact law —
//! documentation, what it needs and gives (checked when a chain is loaded), parameter
//! validation, and `evaluate`. Everything an element asks of the solver is *declared* in its
//! [`Needs`] and [`Gives`] and turned into the chain's
//! [`ContactMethod`](super::ContactMethod) once, when the chain is built; per-step adaptation
//! is the opt-in [`Adaptive`](super::Adaptive) trait; per-pair memory is a typed
//! [`Memory`](super::Memory) slot.

use super::caps::{Gives, Needs};
use crate::contact::core::{BodyId, ElementDoc, Env};
use crate::contact::ctx::ContactCtx;
use crate::model::Model;

/// A chain element: a small, stateless-per-call step of a contact law.
///
/// `evaluate` reads what earlier elements wrote into the [`ContactCtx`] and adds its own part.
/// Forces are generalised forces on the pair's local DOFs; laws must also add `∂f/∂x` and
/// `∂f/∂v` when `ctx.want_jacobian` is set (verify them with finite differences), and their
/// energy when they derive from one. When it is not set (line-search trials: energy and
/// gradient only), an element writes neither `∂f/∂x`, `∂f/∂v` nor `∇²Δ`: the record is
/// reused from pair to pair, and those matrices are not cleared after such an evaluation. A normal law written as a scalar `F(δ, δ̇)` hands it to
/// [`add_normal_force`](crate::contact::add_normal_force), which applies the chain rule.
///
/// The step-by-step guide is [`crate::guide`]; `catena new-element` writes a skeleton.
///
/// ```
/// use catena::contact::{
///     Caps, Category, Chain, ChainElement, ContactCtx, ElementDoc, Env, Gives, Needs,
///     ScalarForce, add_normal_force,
/// };
/// use catena::verify::{Options, jacobians};
///
/// /// `N_Push`: a constant repulsion `F = f₀` (N) while the bodies overlap, `∂F/∂δ = 0`.
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
///         // No energy is reported, so the energy line search may not use it.
///         Gives::caps(Caps::NORMAL_FORCE).dissipative()
///     }
///     fn evaluate(&self, _env: &Env, ctx: &mut ContactCtx) {
///         if ctx.gap >= 0.0 {
///             ctx.reject = true;
///             return;
///         }
///         let f = ScalarForce { force: self.force, ..ScalarForce::default() };
///         add_normal_force(ctx, f);
///     }
/// }
///
/// catena::element_set! {
///     /// The built-ins and `N_Push`.
///     enum Elements {
///         /// Every built-in element.
///         Builtin(catena::contact::Builtin): set,
///         /// Constant repulsion.
///         Push(Push),
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
pub trait ChainElement: Send + Sync {
    /// Name, role and documentation.
    fn doc(&self) -> &'static ElementDoc;
    /// What must be available before this element runs, the per-pair memory it keeps, and
    /// what it requires of the solver.
    fn needs(&self) -> Needs;
    /// What this element makes available (and whether its forces derive from its energy).
    fn gives(&self) -> Gives;
    /// Checks the element's own parameters; an `Err` names the parameter and what is wrong.
    fn validate(&self) -> Result<(), String> {
        Ok(())
    }
    /// Evaluates the element for one pair.
    fn evaluate(&self, env: &Env, ctx: &mut ContactCtx);
    /// Checks the element against the bodies a scene binds its chain to (`sides[0]`: side 1's,
    /// `sides[1]`: side 2's), once, when the scene is built: what its parameters alone cannot
    /// say (a body's mask beyond a matrix, a side that is not a mesh). Optional: by default every
    /// body is accepted.
    fn check_bodies(&self, _model: &Model, _sides: [&[BodyId]; 2]) -> Result<(), BodyRefusal> {
        Ok(())
    }
}

/// Why an element refuses the bodies a scene binds it to ([`ChainElement::check_bodies`]): the
/// scene builder reports it at the body's declaration, naming the contact and the element.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BodyRefusal {
    /// The body refused, when one is to blame (the error then points at its declaration).
    pub body: Option<BodyId>,
    /// What is wrong, naming the body (e.g. `sphere "a" has mask 3, but …`).
    pub message: String,
    /// What would fix it.
    pub help: String,
}
