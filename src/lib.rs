//! # catena
//!
//! Implicit contact mechanics of elastic rods, shells and rigid bodies.
//!
//! A [`model::Model`] holds its bodies in one DOF map: Discrete Elastic Rods (node positions
//! and edge twist angles), shells (triangle meshes, hinge or mid-edge bending), rigid spheres
//! and static planes — every kind behind one [`model::Body`] trait, kept in
//! [`model::Bodies`]. Each time step solves the equations of a
//! [`system::TimeIntegrator`] (implicit Euler by default, BDF2 or the implicit midpoint rule),
//! e.g. for implicit Euler `r(q) = M(q − q̃)/Δt² − F(q, v(q)) = 0`, by Newton with a line search
//! ([`system`]). `F` gathers the elastic forces ([`elastic`]), the external forces
//! ([`external`]) and the contact forces. Every contact pair found by the broad phase is
//! evaluated by a **chain** of elements ([`contact`]): data binding → geometry resolver → force
//! laws → assemblers. The chain returns a local force (≤ 12 DOFs), its exact Jacobians
//! `∂f/∂x`, `∂f/∂v` and a trial per-pair memory. These blocks are assembled deterministically,
//! in parallel, into one sparse Jacobian, which faer factorises with the symbolic analysis
//! reused for as long as the pattern holds. Scenes and chains are RON files ([`scene`]); runs
//! write CSV, JSON and VTK as they go ([`run`], [`io`]).
//!
//! ## The pipeline of one time step
//!
//! ```text
//!  scene (RON) ──► Model: bodies + DOF map          TimeIntegrator (time::IntegratorKind)
//!                   │                                 predictor q̃, v(q), z(q), coefficients
//!                   ▼                                 c_x = ∂z/∂q, 1/v_div = ∂v/∂q, 1/m_div
//!  ┌─ begin step ───────────────────────────────────────────────────────────────────────────┐
//!  │ detect (contact::ContactSet, once per step): candidates within each keep distance,     │
//!  │   primitives from contact::Primitive, self-contact and exclusions removed;             │
//!  │   sparsity pattern rebuilt only when the candidate set changed                         │
//!  │ adaptive elements' begin_step (IMC k, IPC κ); external forces' begin_step (RSS)        │
//!  └────────────────────────────────────────────────────────────────────────────────────────┘
//!  ┌─ Newton (system::newton), per iterate q, evaluated at z(q) with v(q) ──────────────────┐
//!  │ elastic stencils ─┐                                                                    │
//!  │ external forces ──┼─► local blocks (dofs, f, ∂f/∂x, ∂f/∂v, energy)                     │
//!  │ contact chains ───┘    data ► resolve ► normal ► tangential ► assemble (in parallel)   │
//!  │       │                                                                                │
//!  │       ▼  J = M/m_div − c_x ∂F/∂x − ∂F/∂v / v_div,  r = M(q − q̃)/m_div − F             │
//!  │ sparse LU (faer) ► Δq ► CCD cap (barrier chains) ► line search (chain's ContactMethod) │
//!  │ end_iteration of adaptive elements (IPC κ) ► converged?                                │
//!  └────────────────────────────────────────────────────────────────────────────────────────┘
//!  ┌─ commit ───────────────────────────────────────────────────────────────────────────────┐
//!  │ lagged re-solves (IPC friction); per-pair memory trials committed; integrator's        │
//!  │ end-of-step update (vₙ₊₁, its history); frames transported; output written             │
//!  └────────────────────────────────────────────────────────────────────────────────────────┘
//! ```
//!
//! ## Where each concept lives
//!
//! | concept | module | seam for an extender |
//! |---|---|---|
//! | bodies (rods, shells, spheres, planes), DOFs, materials, boundary conditions | [`model`] | [`model::Body`] per kind (one folder under `model/body/`), [`model::InternalEnergy`] for its stencils |
//! | elastic energies (stretch, bend, twist; shell membranes and bending) | [`elastic`] | a stencil with energy, gradient, Hessian |
//! | body forces (gravity, drag, RSS fluid) | [`external`] | [`external::ExternalForce`]: force, ∂f/∂x, ∂f/∂v apart |
//! | contact primitives (rod edge and node, sphere, plane, shell node, edge and triangle) | [`contact`] | [`contact::Primitive`]: one file per kind, named by [`contact::PrimId`]; shared types in [`contact::core`] |
//! | chain elements and their contract | [`contact`] | [`contact::ChainElement`] (per pair), [`contact::Adaptive`] (per step), [`contact::Memory`] (per-pair state), [`element_set!`] |
//! | a chain's contact method (line search, CCD, reach) | [`contact::ContactMethod`] | declared by elements in `Needs`/`Gives`, computed once per chain |
//! | detection, evaluation, CCD cap, commit | [`contact::ContactSet`] behind [`contact::ContactModel`] | — |
//! | time integrators | [`system::TimeIntegrator`], coefficients in [`time`] | one file per scheme |
//! | global assembly (elastic, external and contact stages), Newton in named steps, line searches, linear solvers, energy account | [`system`] (`assembly/`, `step/`, `linear/`, `energy/`) | talks to faer, with the RSS fluid's dense solves in [`external`] |
//! | scene and chain files, located errors | [`scene`], [`diag`] | — |
//! | granular measures (kinetic energies, coordination, packing fraction, force chains) | [`granular`] | — |
//!
//! ## What is the library and what is the application
//!
//! The **stable library API**, what a user crate and an extender (a new chain element, force
//! or body) depend on, is [`math`], [`model`], [`elastic`], [`external`], [`contact`],
//! [`system`], [`scene`] and [`io`], with [`diag`] (located errors and RON parsing, re-exported
//! by [`scene`]) below them and [`prelude`] (`use catena::prelude::*;`) over them.
//!
//! The **application layers** sit on top of that API and drive the `catena` command line:
//! [`run`] (the time loop with output and checkpoints), [`study`] (`compare`, `sweep`),
//! [`validate`] (physics against theory), [`scaffold`] (`new-element`) and the command-line
//! report parts of [`verify`] (its report and table types; its finite-difference probes and
//! [`verify::jacobians`] are what element tests use). They are not part of what extenders
//! depend on and may change with the command line. [`guide`] is documentation only.
//!
//! ```
//! use catena::scene::{build_scene, load_scene};
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! let path = std::path::Path::new("examples/scenes/cantilever.ron");
//! let (spec, source) = load_scene(path)?;
//! let mut sim = build_scene(&spec, &source, path)?.into_simulator();
//! for _ in 0..20 {
//!     let step = sim.step()?;
//!     assert!(step.newton.iterations <= 10);
//! }
//! // The tip has started to sag under gravity.
//! let rod = &sim.model.bodies.rods[0];
//! assert!(rod.node(&sim.model.q, rod.n_nodes - 1).z < 0.0);
//! # Ok(())
//! # }
//! ```
#![warn(missing_docs)]

pub mod contact;
pub mod diag;
pub mod elastic;
pub mod external;
pub mod granular;
pub mod guide;
pub mod io;
pub mod math;
pub mod model;
pub mod prelude;
#[cfg(feature = "python")]
mod python;
pub mod run;
pub mod scaffold;
pub mod scene;
pub mod study;
pub mod system;
pub mod time;
pub mod validate;
pub mod verify;

/// serde, re-exported for user elements and the [`element_set!`] macro, so a crate that
/// defines elements needs no serde dependency of its own: derive with
/// `#[derive(catena::serde::Deserialize)]` and `#[serde(crate = "catena::serde")]`.
pub use serde;
