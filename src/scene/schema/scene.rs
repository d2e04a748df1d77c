//! A whole scene file: its time, solver, output and materials sections, and the lists of bodies, contacts and forces.

use super::super::values::{Positive, V3};
use super::{
    BoundarySpec, ContactSpec, ForceSpec, NodeRef, PlaneSpec, PointMassSpec, RigidBodySpec,
    RodSpec, ShellSpec, SphereSetSpec, SphereSpec,
};
use crate::system::{IntegratorKind, SolverSettings};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// A whole scene.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename = "Scene", deny_unknown_fields)]
pub struct SceneSpec {
    /// Name used in reports (defaults to the file stem).
    #[serde(default)]
    pub name: Option<String>,
    /// Time stepping.
    pub time: TimeSpec,
    /// Newton settings.
    #[serde(default)]
    pub solver: SolverSettings,
    /// Output cadence.
    #[serde(default)]
    pub output: OutputSpec,
    /// Named materials.
    pub materials: BTreeMap<String, MaterialSpec>,
    /// The rods (none when omitted).
    #[serde(default)]
    pub rods: Vec<RodSpec>,
    /// Boundary conditions.
    #[serde(default)]
    pub boundary_conditions: Vec<BoundarySpec>,
    /// External forces.
    #[serde(default)]
    pub forces: Vec<ForceSpec>,
    /// Shells (triangle meshes).
    #[serde(default)]
    pub shells: Vec<ShellSpec>,
    /// Groups of nodes that are one node (rod–shell and rod–rod junctions, seed 004 §7: the
    /// parachute's ropes on the canopy and on the payload).
    #[serde(default)]
    pub shared_nodes: Vec<Vec<NodeRef>>,
    /// Extra masses at nodes (e.g. a payload).
    #[serde(default)]
    pub point_masses: Vec<PointMassSpec>,
    /// Rigid spheres.
    #[serde(default)]
    pub spheres: Vec<SphereSpec>,
    /// Spheres read from files or generated, after `spheres`.
    #[serde(default)]
    pub sphere_sets: Vec<SphereSetSpec>,
    /// Static planes (ground, walls).
    #[serde(default)]
    pub planes: Vec<PlaneSpec>,
    /// Rigid bodies with a triangle-mesh surface (free, fixed or prescribed).
    #[serde(default)]
    pub rigid_bodies: Vec<RigidBodySpec>,
    /// Contact bindings: which chain acts between which bodies.
    #[serde(default)]
    pub contacts: Vec<ContactSpec>,
}

/// Time step and duration.
#[derive(Debug, Clone, Copy, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TimeSpec {
    /// Time step Δt (s).
    pub dt: Positive,
    /// Simulated duration (s).
    pub duration: Positive,
    /// Smallest Δt (s) a failed step may be retried with: a step whose Newton solve fails is
    /// retried with Δt halved until it succeeds or would go below this floor. Default: `dt`/1024
    /// (ten halvings); set it to `dt` to disable retries.
    #[serde(default)]
    pub min_dt: Option<Positive>,
    /// After this many consecutive accepted sub-steps, a reduced Δt is doubled again (never
    /// above `dt`). Default 4.
    #[serde(default = "default_grow_after")]
    pub grow_after: u32,
    /// Largest step (s) for relaxations toward rest: above `dt`, a step doubles after
    /// `grow_after` accepted steps in a row that each took at most 3 Newton iterations (up to
    /// `max_dt`), the step after one that took more than 10 is halved (not below `dt`), and a
    /// failed step is retried at half. Every step is then a row of `steps.csv` (its `dt`
    /// column) and the run ends at `duration`. Default: `dt` (fixed output steps).
    #[serde(default)]
    pub max_dt: Option<Positive>,
    /// Time integrator: `ImplicitEuler` (default), `Bdf2` or `ImplicitMidpoint` (inertial),
    /// `Overdamped` (`Γ v = F`, no inertia) or `Static` (equilibrium at each load step; see
    /// [`crate::system::TimeIntegrator`] for their formulas).
    #[serde(default)]
    pub integrator: IntegratorKind,
    /// End the run early once the model is at rest (see [`RestSpec`]): `until_rest: (speed:
    /// 1e-6)`. Without it a run goes to `duration`.
    #[serde(default)]
    pub until_rest: Option<RestSpec>,
}

/// When a run counts as at rest: the largest speed of any node or body centre over its free
/// coordinates has stayed below `speed` for `steps` steps in a row (an inertial model's
/// velocities, an overdamped model's `(q − qₙ)/Δt`), and/or the unbalanced-force ratio of the
/// spheres has stayed below `unbalanced` (see below; with both, both must hold). The run then
/// ends as completed, its summary saying when; a run that reaches its duration first says that
/// it did not come to rest.
///
/// `min_contacts: k` leaves out the spheres with fewer than `k` active contacts at the step
/// (the rattlers of a granular packing, which carry no load; walls count): in a viscous
/// medium a grain without contact sinks through its cage at its terminal speed `m g/6πηr`
/// until it lands, which takes minutes across a millimetre of void, and a grain with one
/// contact is in equilibrium under gravity only where that contact is directly beneath it —
/// elsewhere it slides and rolls down its one neighbour at up to that speed — while the packing
/// around them is at rest. DEM practice leaves rattlers out of a jammed packing's measures the
/// same way. `k = 2` for a frictional packing under gravity; 0 (the default) counts every
/// sphere.
///
/// `mean: true` compares the *mean* speed of the counted nodes instead of the largest. In an
/// overdamped granular run `Γ v` is each grain's unbalanced force, so this is DEM's mean
/// unbalanced-force test (the force ratio of explicit codes, mean unbalanced force over mean
/// contact force) in units of speed: a packing creeping under load rearranges a few grains at
/// a time long after the packing as a whole has stopped, and the largest speed then measures
/// those few.
///
/// `unbalanced: R` is the test of explicit DEM codes, in both the inertial and the overdamped
/// modes: the mean net force on the counted spheres (contacts and every load but the drags of
/// the medium) over the mean force their contacts transmit stays below `R`
/// ([`crate::granular::unbalanced_force_ratio`]). Unlike a speed it does not depend on the
/// medium's viscosity or on the load: `R = 10⁻³` says the typical grain is out of balance by a
/// thousandth of a typical contact force.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RestSpec {
    /// Speed below which a node counts as at rest (m/s).
    #[serde(default)]
    pub speed: Option<Positive>,
    /// Unbalanced-force ratio below which the spheres count as at rest.
    #[serde(default)]
    pub unbalanced: Option<Positive>,
    /// Consecutive steps that must all be below it. Default 10.
    #[serde(default = "default_rest_steps")]
    pub steps: u32,
    /// Leave out spheres with fewer active contacts than this (rattlers). Default 0.
    #[serde(default)]
    pub min_contacts: u32,
    /// Compare the mean speed of the counted nodes with `speed` instead of the largest.
    /// Default false.
    #[serde(default)]
    pub mean: bool,
}

fn default_rest_steps() -> u32 {
    10
}

fn default_grow_after() -> u32 {
    4
}

/// Output cadence and the optional granular outputs.
#[derive(Debug, Clone, Copy, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct OutputSpec {
    /// Write a VTK frame every this many steps (0: only the first and last frame).
    pub frame_every: u64,
    /// A box in which `steps.csv` reports the packing fraction of the spheres
    /// (`packing_fraction` column; scenes with spheres only).
    pub packing_region: Option<PackingRegionSpec>,
    /// Write each frame's force chains (`frames/contacts_N.vtp`); default: when the scene has
    /// spheres and contacts.
    pub force_chains: Option<bool>,
    /// Write each frame's contact list (`frames/contacts_N.csv`).
    pub contact_list: bool,
}

impl Default for OutputSpec {
    fn default() -> Self {
        Self {
            frame_every: 10,
            packing_region: None,
            force_chains: None,
            contact_list: false,
        }
    }
}

/// The region of the packing fraction.
#[derive(Debug, Clone, Copy, Serialize, Deserialize)]
pub enum PackingRegionSpec {
    /// The axis-aligned box `[min, max]` (m).
    Box {
        /// Lower corner.
        min: V3,
        /// Upper corner.
        max: V3,
    },
}

/// An isotropic material: give `poisson_ratio` or `shear_modulus`.
#[derive(Debug, Clone, Copy, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MaterialSpec {
    /// Young's modulus E (Pa).
    pub youngs_modulus: Positive,
    /// Poisson's ratio ν (−1 < ν ≤ 0.5); sets G = E/(2(1+ν)).
    #[serde(default)]
    pub poisson_ratio: Option<f64>,
    /// Shear modulus G (Pa), instead of `poisson_ratio`.
    #[serde(default)]
    pub shear_modulus: Option<Positive>,
    /// Density ρ (kg/m³).
    pub density: Positive,
}
