//! [`ContactModel`]: the contact part of a model as the system assembly sees it (one dynamic
//! call per stage; inside, each chain is dispatched statically), with the per-pair result it
//! hands over ([`LocalContact`]) and step statistics ([`ContactStats`]).

use super::ContactState;
use crate::contact::core::NonConservative;
use crate::contact::core::{Mat12, Vec12};
use crate::contact::element::{ContactMethod, PairMemory};
use crate::contact::primitive::PrimId;
use crate::model::Model;
use crate::time::Coefficients;
use serde::{Deserialize, Serialize};

/// Key of a pair: the binding it belongs to and its two primitives. Candidates are sorted by
/// key, which fixes the order contact blocks are assembled in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct PairKey {
    /// Index of the contact binding (scene `contacts` entry).
    pub binding: u32,
    /// Side-1 primitive.
    pub first: PrimId,
    /// Side-2 primitive.
    pub second: PrimId,
}

/// One candidate pair's evaluated contribution.
#[derive(Debug, Clone)]
pub struct LocalContact {
    /// Pair identity.
    pub key: PairKey,
    /// Global DOF of each local coordinate (`NO_DOF` for static or absent).
    pub dofs: [u32; 12],
    /// Whether each local coordinate's row receives force/matrix (assembled side).
    pub rows: [bool; 12],
    /// Generalised contact force on the local DOFs (N).
    pub force: Vec12,
    /// Jacobian block for the global system, when requested and assembled.
    pub block: Option<Box<Mat12>>,
    /// Contact energy (J).
    pub energy: f64,
    /// The part of `force` and `energy` of the pair's friction and damping laws, when they
    /// added any (see [`EnergyRole`](crate::contact::EnergyRole)).
    pub nonconservative: Option<Box<NonConservative>>,
    /// Gap (m).
    pub gap: f64,
    /// Whether the pair produced a contribution (not rejected).
    pub active: bool,
    /// Trial memory of the pair's elements.
    pub memory: PairMemory,
    /// The force (N) and torque about its centre of mass (N·m) the pair exerts on each side
    /// that is a rigid body, with the body's index (`None` for pairs without one).
    pub rigid_loads: Option<Box<[Option<RigidLoad>; 2]>>,
    /// What `Assemble_VirialStress` recorded of an active pair (`None` without the element).
    pub virial: Option<Box<crate::contact::VirialRecord>>,
    /// What `Assemble_SpringTension(1D)` recorded of an active pair (`None` without it).
    pub spring_tension: Option<Box<crate::contact::SpringTensionRecord>>,
    /// What `Assemble_ContactArea_1`/`_2` recorded of an active pair (`None` without them).
    pub contact_area: Option<Box<crate::contact::ContactAreaRecord>>,
    /// What a law weighted by side 1's current area share adds on the node's ring: forces on
    /// the ring's coordinates and, with a Jacobian, the system block of the ring's rows over
    /// the pair's and the ring's coordinates (see [`crate::contact::RingTerm`]); `None` for
    /// every other pair.
    pub ring: Option<Box<crate::contact::RingTerm>>,
}

impl LocalContact {
    /// The force (N) on the pair's point number `k` (side 1's points first, then side 2's),
    /// whose first global DOF is `dof`: from the twelve local coordinates for the first four
    /// points, from the extra coordinates beyond them (a two-triangle pair's, see
    /// [`crate::contact::WidePair`]) for the others; zero for a point that receives none.
    pub fn point_force(&self, k: usize, dof: usize) -> crate::math::Vec3 {
        let at = |f: &[f64], i: usize| crate::math::Vec3::new(f[i], f[i + 1], f[i + 2]);
        if k < 4 {
            return at(self.force.as_slice(), 3 * k);
        }
        self.ring
            .as_ref()
            .and_then(|r| {
                let i = r.coords.iter().position(|&d| d as usize == dof)?;
                (i + 3 <= r.force.len()).then(|| at(&r.force, i))
            })
            .unwrap_or_default()
    }
}

/// What a contact exerts on a rigid body: its index, the force (N) and the torque about its
/// centre of mass (N·m).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RigidLoad {
    /// The rigid body's index.
    pub body: u32,
    /// Force (N).
    pub force: crate::math::Vec3,
    /// Torque about the centre of mass (N·m).
    pub torque: crate::math::Vec3,
}

/// The summed contact force and torque on each of `n_rigid` rigid bodies over `contacts`
/// (`[fx, fy, fz, tx, ty, tz]`, N and N·m about each centre of mass), in body order.
pub fn rigid_body_loads(contacts: &[LocalContact], n_rigid: usize) -> Vec<[f64; 6]> {
    let mut out = vec![[0.0; 6]; n_rigid];
    for load in contacts
        .iter()
        .flat_map(|lc| lc.rigid_loads.iter().flat_map(|l| l.iter().flatten()))
    {
        let o = &mut out[load.body as usize];
        for i in 0..3 {
            o[i] += load.force[i];
            o[3 + i] += load.torque[i];
        }
    }
    out
}

/// The summed contact force and torque on each sphere of `spheres` (indices into the model's
/// spheres) over `contacts` evaluated at `q`: `[fx, fy, fz, tx, ty, tz]` (N, and N·m about its
/// centre), in the order of `spheres`. A pair's force on a sphere is its local force in the
/// sphere's point slot (computed whether or not the centre is held: a driven sphere's is the
/// reaction of its drive), its torque the force in the sphere's rotation slot when the pair
/// binds one (see [`crate::contact::spin_slots`]; a rotating sphere against a triangle binds
/// none: zero torque).
pub fn sphere_loads(
    model: &Model,
    q: &[f64],
    contacts: &[LocalContact],
    spheres: &[usize],
) -> Vec<[f64; 6]> {
    let mut out = vec![[0.0; 6]; spheres.len()];
    let slot = |lc: &LocalContact, k: usize| [0, 1, 2].map(|c| lc.force[3 * k + c]);
    for lc in contacts.iter().filter(|c| c.active) {
        let prims = [lc.key.first, lc.key.second];
        let which = prims.map(|p| match p.body() {
            crate::contact::BodyId::Sphere(i) => spheres.iter().position(|&s| s == i as usize),
            _ => None,
        });
        if which == [None, None] {
            continue;
        }
        let first_points = prims[0].points(model, q).n;
        let n_points = first_points + prims[1].points(model, q).n;
        let spins = crate::contact::spin_slots(model, prims, n_points);
        for side in 0..2 {
            let Some(j) = which[side] else { continue };
            let point = if side == 0 { 0 } else { first_points };
            let f = slot(lc, point);
            let t = spins[side].map_or([0.0; 3], |(k, _)| slot(lc, k));
            for c in 0..3 {
                out[j][c] += f[c];
                out[j][3 + c] += t[c];
            }
        }
    }
    out
}

/// Per-step contact statistics.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct ContactStats {
    /// Candidate pairs.
    pub candidates: u64,
    /// Pairs that produced a force.
    pub active: u64,
    /// Smallest gap over candidates (m), +∞ without candidates.
    pub min_gap: f64,
    /// Largest penetration `max(−gap, 0)` over active pairs (m).
    pub max_penetration: f64,
}

/// What [`ContactModel::cover`] found at the end of a Newton solve.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Coverage {
    /// Bindings whose motion in the step exceeded their keep distance's margin and were
    /// detected again.
    pub redetected: u32,
    /// Pairs within reach that the candidate set missed, now added to it.
    pub added: u64,
    /// The largest keep distance that would have covered the step's motion, over the
    /// re-detected bindings (m); 0 when none was.
    pub needed_keep: f64,
}

/// The contact part of a model, as the system assembler sees it.
pub trait ContactModel: Send + Sync + std::fmt::Debug {
    /// Rebuilds the candidate set at the start of a step; returns whether it changed.
    fn detect(&mut self, model: &Model, q: &[f64]) -> bool;
    /// Local-to-global DOF layout of every candidate (12 coordinates, `NO_DOF` where a point is
    /// static, constrained or absent), in candidate order.
    fn layouts(&self, model: &Model) -> Vec<[u32; 12]>;
    /// Per candidate, in the order of [`ContactModel::layouts`], the global DOFs of the ring
    /// coordinates its chain acts on beyond the pair (a law weighted by a node's current area
    /// share, [`crate::contact::RingTerm`]); empty entries, or an empty list, when none does.
    fn ring_layouts(&self, _model: &Model) -> Vec<Vec<u32>> {
        Vec::new()
    }
    /// Evaluates every candidate at the evaluation point `q` of the iterate, with velocity `v`
    /// and the step's integrator coefficients.
    fn evaluate(
        &self,
        model: &Model,
        q: &[f64],
        v: &[f64],
        step: &Coefficients,
        want_jacobian: bool,
    ) -> Vec<LocalContact>;
    /// Like [`ContactModel::evaluate`], into `out` (its previous content is dropped and its
    /// allocation may be reused from iterate to iterate).
    fn evaluate_into(
        &self,
        model: &Model,
        q: &[f64],
        v: &[f64],
        step: &Coefficients,
        want_jacobian: bool,
        out: &mut Vec<LocalContact>,
    ) {
        *out = self.evaluate(model, q, v, step, want_jacobian);
    }
    /// Commits the trial memory of the accepted iterate.
    fn commit(&mut self, accepted: &[LocalContact]);
    /// Makes the candidate set complete at the evaluation point `z` of a converged step: every
    /// binding whose bodies moved, since the step start, farther than its keep distance
    /// guarantees is detected again at `z`, and the pairs within reach that were missing are
    /// added (continuing pairs keep their memory). When [`Coverage::added`] is non-zero, the
    /// step must be solved again with the enlarged set.
    fn cover(&mut self, model: &Model, z: &[f64]) -> Coverage;
    /// Per-step updates of adaptive elements, after [`ContactModel::detect`]; `forces` are the
    /// non-contact forces at `q` (empty unless [`ContactMethod::step_forces`]).
    fn begin_step(&mut self, model: &Model, q: &[f64], v: &[f64], forces: &[f64]);
    /// The contact method of all chains together: the line search they require (checked to
    /// agree when the set is built), the largest reach and lagging count, whether all are
    /// conservative and whether some adaptive element reads the step's forces. Its `ccd`
    /// field is unset: CCD kernels are per chain.
    fn method(&self) -> &ContactMethod;

    /// Whether some pair can store a contact potential (false: the potential is zero in any
    /// configuration, and need not be evaluated).
    fn has_potential(&self) -> bool {
        true
    }
    /// Whether some chain has the element called `name` (its RON name).
    fn has_element(&self, _name: &str) -> bool {
        false
    }
    /// Largest `t ∈ [0, 1]` such that the configuration `q + t·dir` (a Newton step, or the
    /// predictor) keeps every gap of the barrier chains positive; 1 when no chain needs CCD.
    fn max_step(&self, model: &Model, q: &[f64], dir: &[f64]) -> f64;
    /// Moves the lagging point of lagged laws to the evaluated configuration (within the step).
    fn relag(&mut self, evaluated: &[LocalContact]);
    /// Per-iterate parameter updates (IPC's κ) from an evaluation; returns whether any changed.
    fn end_iteration(&mut self, evaluated: &[LocalContact]) -> bool;
    /// The state carried to the next step, for checkpoints.
    fn save_state(&self) -> ContactState;
    /// Restores a state returned by [`ContactModel::save_state`] (same scene), or says why it
    /// does not fit.
    fn restore_state(&mut self, state: &ContactState) -> Result<(), String>;
    /// Statistics of an evaluation.
    fn stats(&self, evaluated: &[LocalContact]) -> ContactStats {
        let mut s = ContactStats {
            candidates: evaluated.len() as u64,
            min_gap: f64::INFINITY,
            ..Default::default()
        };
        for c in evaluated {
            s.min_gap = s.min_gap.min(c.gap);
            if c.active {
                s.active += 1;
                s.max_penetration = s.max_penetration.max(-c.gap);
            }
        }
        s
    }
}
