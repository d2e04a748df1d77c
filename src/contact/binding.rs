//! Bindings of chains to pairs of body groups, and the contact set that detects candidates,
//! evaluates chains in parallel and hands local blocks to the global assembly.

use super::builtin::{Builtin, ElementSet};
use super::caps::PrimKind;
use super::chain::Chain;
use super::ctx::{ContactCtx, Mat12, NO_DOF, Vec12};
use super::detect::{Aabb, SpatialHash};
use super::element::{ContactLineSearch, Env, PairGeometry, StepInfo};
use super::history::{History, HistoryStore, Lagged, PairKey, Primitive};
use super::state::ContactState;
use super::step_cap::{pair_step, travel_step};
use crate::math::Vec3;
use crate::model::Model;
use crate::system::Coefficients;
use rayon::prelude::*;
use std::collections::HashMap;

/// A group of bodies one side of a binding draws its primitives from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BodyGroup {
    /// Rods by index (their edges for capsule data, their nodes for point data).
    Rods(Vec<usize>),
    /// Spheres by index.
    Spheres(Vec<usize>),
    /// Planes by index.
    Planes(Vec<usize>),
}

/// A chain applied to the pairs between two body groups.
#[derive(Debug, Clone)]
pub struct ContactBinding<E = Builtin> {
    /// The chain.
    pub chain: Chain<E>,
    /// Side-1 bodies.
    pub first: BodyGroup,
    /// Side-2 bodies.
    pub second: BodyGroup,
    /// Pairs whose gap is below this at the start of a step are candidates (m).
    pub keep_distance: f64,
    /// Body pairs never in contact (e.g. `(Rods([0]), Rods([1]))` as rod indices), by
    /// (group kind, index) of side 1 and side 2.
    pub excluded: Vec<(Primitive, Primitive)>,
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
    /// Gap (m).
    pub gap: f64,
    /// Whether the pair produced a contribution (not rejected).
    pub active: bool,
    /// Trial history.
    pub history: History,
    /// CCD step cap.
    pub max_step: f64,
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

/// The contact part of a model, as the system assembler sees it (one dynamic call per
/// evaluation; inside, each chain is dispatched statically).
pub trait ContactModel: Send + Sync + std::fmt::Debug {
    /// Rebuilds the candidate set at the start of a step; returns whether it changed.
    fn detect(&mut self, model: &Model, q: &[f64]) -> bool;
    /// Local-to-global DOF layout of every candidate (12 coordinates, `NO_DOF` where a point is
    /// static, constrained or absent), in candidate order.
    fn layouts(&self, model: &Model) -> Vec<[u32; 12]>;
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
    /// Commits the trial histories of the accepted iterate.
    fn commit(&mut self, accepted: &[LocalContact]);
    /// Lets elements update per-step state (e.g. adaptive stiffness), after [`ContactModel::detect`];
    /// `forces` are the non-contact forces at `q`.
    fn begin_step(&mut self, model: &Model, q: &[f64], v: &[f64], forces: &[f64]);
    /// Whether every element of every chain is conservative.
    fn is_conservative(&self) -> bool;
    /// Whether some element reads the non-contact forces at the start of a step.
    fn needs_step_forces(&self) -> bool;
    /// The line search the chains require (IMC: ‖r‖²; IPC: energy with a CCD cap), or a message
    /// naming the two chains whose requirements conflict.
    fn line_search(&self) -> Result<Option<ContactLineSearch>, String> {
        Ok(None)
    }
    /// Largest `t ∈ [0, 1]` such that the configuration `q + t·dir` (a Newton step, or the
    /// predictor) keeps every gap of the barrier chains positive; 1 when no chain needs CCD.
    fn max_step(&self, _model: &Model, _q: &[f64], _dir: &[f64]) -> f64 {
        1.0
    }
    /// Lagging updates per step wanted by the chains (IPC friction).
    fn lag_updates(&self) -> u32 {
        0
    }
    /// Moves the lagging point of lagged laws to the evaluated configuration (within the step).
    fn relag(&mut self, _evaluated: &[LocalContact]) {}
    /// Per-iterate parameter updates (IPC's κ) from an evaluation; returns whether any changed.
    fn end_iteration(&mut self, _evaluated: &[LocalContact]) -> bool {
        false
    }
    /// The state carried to the next step, for checkpoints.
    fn save_state(&self) -> ContactState {
        ContactState::default()
    }
    /// Restores a state returned by [`ContactModel::save_state`] (same scene), or says why it
    /// does not fit.
    fn restore_state(&mut self, _state: &ContactState) -> Result<(), String> {
        Ok(())
    }
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

/// All contact bindings of a model with their candidates and histories.
#[derive(Debug, Clone)]
pub struct ContactSet<E = Builtin> {
    /// The bindings.
    pub bindings: Vec<ContactBinding<E>>,
    /// Candidate pairs of the current step, sorted.
    pub candidates: Vec<PairKey>,
    /// Committed histories.
    pub histories: HistoryStore,
    /// Lagged quantities moved within the current step (they override the committed ones).
    lag: HashMap<PairKey, Lagged>,
    /// Configuration at the start of the step (kept for the travel bound of CCD chains).
    step_start: Vec<f64>,
}

impl<E: ElementSet> ContactSet<E> {
    /// A contact set over `bindings`.
    pub fn new(bindings: Vec<ContactBinding<E>>) -> Self {
        Self {
            bindings,
            candidates: Vec::new(),
            histories: HistoryStore::default(),
            lag: HashMap::new(),
            step_start: Vec::new(),
        }
    }

    /// Whether binding `b`'s chain needs the CCD-capped energy line search.
    fn needs_ccd(b: &ContactBinding<E>) -> bool {
        b.chain
            .elements
            .iter()
            .any(|e| e.line_search() == Some(ContactLineSearch::EnergyCcd))
    }

    /// The gap below which binding `b`'s chain acts (m).
    fn reach(b: &ContactBinding<E>) -> f64 {
        b.chain
            .elements
            .iter()
            .map(|e| e.reach())
            .fold(0.0, f64::max)
    }

    /// The history a pair starts an evaluation from: committed, with lagged quantities moved
    /// within this step.
    fn history_of(&self, key: &PairKey) -> History {
        let mut h = self.histories.get(key);
        // Skip hashing on the hot path: the map is empty unless a lagged law re-solved.
        if !self.lag.is_empty()
            && let Some(l) = self.lag.get(key)
        {
            h.lag = *l;
        }
        h
    }
}

/// The primitives of `group` seen as `kind`.
fn primitives(model: &Model, group: &BodyGroup, kind: PrimKind) -> Vec<Primitive> {
    match (group, kind) {
        (BodyGroup::Rods(rods), PrimKind::Capsule) => rods
            .iter()
            .flat_map(|&r| {
                (0..model.rods[r].n_edges()).map(move |e| Primitive::RodEdge {
                    rod: r as u32,
                    edge: e as u32,
                })
            })
            .collect(),
        (BodyGroup::Rods(rods), PrimKind::Point) => rods
            .iter()
            .flat_map(|&r| {
                (0..model.rods[r].n_nodes).map(move |n| Primitive::RodNode {
                    rod: r as u32,
                    node: n as u32,
                })
            })
            .collect(),
        (BodyGroup::Spheres(s), PrimKind::Sphere) => s
            .iter()
            .map(|&i| Primitive::Sphere { index: i as u32 })
            .collect(),
        (BodyGroup::Planes(p), PrimKind::Plane) => p
            .iter()
            .map(|&i| Primitive::Plane { index: i as u32 })
            .collect(),
        _ => Vec::new(),
    }
}

/// Points (up to two) and radius of a primitive.
pub(super) fn shape(model: &Model, q: &[f64], p: &Primitive) -> ([Vec3; 2], usize, f64) {
    match *p {
        Primitive::RodEdge { rod, edge } => {
            let r = &model.rods[rod as usize];
            let e = edge as usize;
            (
                [r.node(q, e), r.node(q, e + 1)],
                2,
                r.section.contact_radius(),
            )
        }
        Primitive::RodNode { rod, node } => {
            let r = &model.rods[rod as usize];
            let x = r.node(q, node as usize);
            ([x, x], 1, r.section.contact_radius())
        }
        Primitive::Sphere { index } => {
            let s = &model.spheres[index as usize];
            let x = s.center(q);
            ([x, x], 1, s.radius)
        }
        Primitive::Plane { .. } => ([Vec3::zeros(); 2], 0, 0.0),
    }
}

/// Global coordinates of a primitive's points (3 per point; `NO_DOF` where constrained).
pub(super) fn prim_dofs(model: &Model, p: &Primitive, out: &mut Vec<u32>) {
    let mut push = |d: usize| {
        for c in 0..3 {
            out.push(if model.dofs.is_constrained(d + c) {
                NO_DOF
            } else {
                (d + c) as u32
            });
        }
    };
    match *p {
        Primitive::RodEdge { rod, edge } => {
            let r = &model.rods[rod as usize];
            push(r.node_dof(edge as usize));
            push(r.node_dof(edge as usize + 1));
        }
        Primitive::RodNode { rod, node } => push(model.rods[rod as usize].node_dof(node as usize)),
        Primitive::Sphere { index } => push(model.spheres[index as usize].offset),
        Primitive::Plane { .. } => {}
    }
}

/// Whether two primitives of the same rod are too close along it to be a contact pair:
/// adjacent edges (|i − j| ≤ 1, seed 001 §3), a node and an edge touching it, neighbouring
/// nodes — and, for rods that are thick compared with their edges, every pair whose
/// arc-length separation in the rest shape is at most `r₁ + r₂` (they would overlap when the
/// rod is straight, so their "contact" is the rod's own material).
fn topologically_adjacent(model: &Model, a: &Primitive, b: &Primitive) -> bool {
    use Primitive::*;
    // Arc-length interval [s0, s1] of a primitive along its rod.
    let span = |p: &Primitive| -> Option<(u32, f64, f64)> {
        match *p {
            RodEdge { rod, edge } => {
                let s = &model.rods[rod as usize].arc_length;
                Some((rod, s[edge as usize], s[edge as usize + 1]))
            }
            RodNode { rod, node } => {
                let s = model.rods[rod as usize].arc_length[node as usize];
                Some((rod, s, s))
            }
            _ => None,
        }
    };
    match (span(a), span(b)) {
        (Some((ra, a0, a1)), Some((rb, b0, b1))) if ra == rb => {
            let topo = match (*a, *b) {
                (RodEdge { edge: i, .. }, RodEdge { edge: j, .. }) => i.abs_diff(j) <= 1,
                (RodNode { node: i, .. }, RodNode { node: j, .. }) => i.abs_diff(j) <= 1,
                (RodEdge { edge: e, .. }, RodNode { node: n, .. })
                | (RodNode { node: n, .. }, RodEdge { edge: e, .. }) => n == e || n == e + 1,
                _ => false,
            };
            let gap_along = (b0 - a1).max(a0 - b1).max(0.0);
            let thickness = 2.0 * model.rods[ra as usize].section.contact_radius();
            topo || gap_along <= thickness
        }
        _ => a == b,
    }
}

fn body_of(p: &Primitive) -> Primitive {
    match *p {
        Primitive::RodEdge { rod, .. } | Primitive::RodNode { rod, .. } => {
            Primitive::RodEdge { rod, edge: 0 }
        }
        other => other,
    }
}

impl<E: ElementSet> ContactModel for ContactSet<E> {
    fn detect(&mut self, model: &Model, q: &[f64]) -> bool {
        let mut cands = Vec::new();
        for (bi, b) in self.bindings.iter().enumerate() {
            let (k1, k2) = b.chain.kinds;
            let p1 = primitives(model, &b.first, k1);
            let p2 = primitives(model, &b.second, k2);
            let excluded = |a: &Primitive, c: &Primitive| {
                topologically_adjacent(model, a, c)
                    || b.excluded.iter().any(|(x, y)| {
                        (*x == body_of(a) && *y == body_of(c))
                            || (*x == body_of(c) && *y == body_of(a))
                    })
            };
            let key = |a: Primitive, c: Primitive| PairKey {
                binding: bi as u32,
                first: a,
                second: c,
            };
            let margin = 0.5 * b.keep_distance;
            if k2 == PrimKind::Plane {
                for a in &p1 {
                    let (pts, np, r) = shape(model, q, a);
                    for c in &p2 {
                        let Primitive::Plane { index } = *c else {
                            continue;
                        };
                        let pl = &model.planes[index as usize];
                        let d = pts[..np]
                            .iter()
                            .map(|x| (x - pl.origin).dot(&pl.normal))
                            .fold(f64::INFINITY, f64::min);
                        if d - r <= b.keep_distance {
                            cands.push(key(*a, *c));
                        }
                    }
                }
                continue;
            }
            let boxes = |ps: &[Primitive]| -> Vec<Aabb> {
                ps.iter()
                    .map(|p| {
                        let (pts, np, r) = shape(model, q, p);
                        Aabb::of_points(&pts[..np], r + margin)
                    })
                    .collect()
            };
            if b.first == b.second && k1 == k2 {
                let hash = SpatialHash::new(boxes(&p1));
                for (i, j) in hash.self_pairs() {
                    let (a, c) = (p1[i as usize], p1[j as usize]);
                    if !excluded(&a, &c) {
                        cands.push(key(a, c));
                    }
                }
            } else {
                let hash = SpatialHash::new(boxes(&p2));
                let mut hits = Vec::new();
                for (a, ba) in p1.iter().zip(boxes(&p1)) {
                    hits.clear();
                    hash.query(&ba, &mut hits);
                    hits.sort_unstable();
                    for &j in &hits {
                        let c = p2[j as usize];
                        if !excluded(a, &c) {
                            cands.push(key(*a, c));
                        }
                    }
                }
            }
        }
        cands.sort_unstable();
        cands.dedup();
        let changed = cands != self.candidates;
        self.candidates = cands;
        changed
    }

    fn layouts(&self, model: &Model) -> Vec<[u32; 12]> {
        let mut tmp = Vec::with_capacity(12);
        self.candidates
            .iter()
            .map(|k| {
                tmp.clear();
                prim_dofs(model, &k.first, &mut tmp);
                prim_dofs(model, &k.second, &mut tmp);
                let mut l = [NO_DOF; 12];
                l[..tmp.len()].copy_from_slice(&tmp);
                l
            })
            .collect()
    }

    fn evaluate(
        &self,
        model: &Model,
        q: &[f64],
        v: &[f64],
        step: &Coefficients,
        want_jacobian: bool,
    ) -> Vec<LocalContact> {
        let env = Env { model, q, v };
        self.candidates
            .par_iter()
            .with_min_len(16)
            .map(|key| {
                let chain = &self.bindings[key.binding as usize].chain;
                // `Chain::evaluate` with the step's coefficients in the record.
                let mut ctx = ContactCtx::new(
                    key.first,
                    key.second,
                    self.history_of(key),
                    step.dt,
                    want_jacobian,
                );
                ctx.step = *step;
                for e in &chain.elements {
                    e.evaluate(&env, &mut ctx);
                    if ctx.reject {
                        break;
                    }
                }
                local_of(key, &ctx)
            })
            .collect()
    }

    fn needs_step_forces(&self) -> bool {
        self.bindings
            .iter()
            .any(|b| b.chain.elements.iter().any(|e| e.needs_step_forces()))
    }

    fn is_conservative(&self) -> bool {
        self.bindings
            .iter()
            .all(|b| b.chain.elements.iter().all(|e| e.is_conservative()))
    }

    fn save_state(&self) -> ContactState {
        ContactState {
            histories: self.histories.sorted(),
            elements: self
                .bindings
                .iter()
                .map(|b| b.chain.elements.iter().map(|e| e.state()).collect())
                .collect(),
        }
    }

    fn restore_state(&mut self, state: &ContactState) -> Result<(), String> {
        let shape: Vec<usize> = self
            .bindings
            .iter()
            .map(|b| b.chain.elements.len())
            .collect();
        let saved: Vec<usize> = state.elements.iter().map(Vec::len).collect();
        if shape != saved {
            return Err(format!(
                "the checkpoint has chains of {saved:?} elements, the scene {shape:?}"
            ));
        }
        for (b, states) in self.bindings.iter_mut().zip(&state.elements) {
            for (e, s) in b.chain.elements.iter_mut().zip(states) {
                e.set_state(s);
            }
        }
        self.histories = HistoryStore::from_sorted(&state.histories);
        self.lag.clear();
        Ok(())
    }

    fn commit(&mut self, accepted: &[LocalContact]) {
        self.histories
            .commit(accepted.iter().map(|c| (c.key, c.history)));
        self.lag.clear();
    }

    fn line_search(&self) -> Result<Option<ContactLineSearch>, String> {
        let mut found: Option<(ContactLineSearch, &str)> = None;
        for b in &self.bindings {
            for e in &b.chain.elements {
                if let Some(ls) = e.line_search() {
                    match found {
                        Some((f, name)) if f != ls => {
                            return Err(format!(
                                "chain \"{name}\" needs {f}, but chain \"{}\" ({}) needs {ls}; \
                                 one scene cannot mix them",
                                b.chain.name,
                                e.doc().name
                            ));
                        }
                        _ => found = Some((ls, &b.chain.name)),
                    }
                }
            }
        }
        Ok(found.map(|f| f.0))
    }

    fn max_step(&self, model: &Model, q: &[f64], dir: &[f64]) -> f64 {
        let mut t = 1.0_f64;
        for (bi, b) in self.bindings.iter().enumerate() {
            if !Self::needs_ccd(b) {
                continue;
            }
            let pairs = self
                .candidates
                .par_iter()
                .with_min_len(64)
                .filter(|k| k.binding as usize == bi)
                .map(|k| pair_step(model, q, dir, k))
                .reduce(|| 1.0, f64::min);
            t = t.min(pairs);
            if self.step_start.len() == q.len() {
                let r = 0.5 * (b.keep_distance - Self::reach(b)).max(0.0);
                for g in [&b.first, &b.second] {
                    t = t.min(travel_step(model, g, q, &self.step_start, dir, r));
                }
            }
        }
        t
    }

    fn lag_updates(&self) -> u32 {
        self.bindings
            .iter()
            .flat_map(|b| b.chain.elements.iter().map(|e| e.lag_updates()))
            .max()
            .unwrap_or(0)
    }

    fn end_iteration(&mut self, evaluated: &[LocalContact]) -> bool {
        let mut gaps = vec![f64::INFINITY; self.bindings.len()];
        for c in evaluated {
            let g = &mut gaps[c.key.binding as usize];
            *g = g.min(c.gap);
        }
        let mut changed = false;
        for (b, g) in self.bindings.iter_mut().zip(gaps) {
            for e in &mut b.chain.elements {
                changed |= e.end_iteration(g);
            }
        }
        changed
    }

    fn relag(&mut self, evaluated: &[LocalContact]) {
        for c in evaluated {
            self.lag.insert(c.key, c.history.lag);
        }
    }

    fn begin_step(&mut self, model: &Model, q: &[f64], v: &[f64], forces: &[f64]) {
        self.lag.clear();
        self.step_start.clear();
        if self.bindings.iter().any(Self::needs_ccd) {
            self.step_start.extend_from_slice(q);
        }
        let env = Env { model, q, v };
        let dt_probe = 1.0;
        let mut points: Vec<Vec<u32>> = vec![Vec::new(); self.bindings.len()];
        let mut tmp = Vec::new();
        for k in &self.candidates {
            tmp.clear();
            prim_dofs(model, &k.first, &mut tmp);
            prim_dofs(model, &k.second, &mut tmp);
            let list = &mut points[k.binding as usize];
            list.extend(tmp.chunks(3).filter(|c| c[0] != NO_DOF).map(|c| c[0]));
        }
        let mut geometry: Vec<Vec<PairGeometry>> = vec![Vec::new(); self.bindings.len()];
        for (bi, b) in self.bindings.iter().enumerate() {
            if !b.chain.elements.iter().any(|e| e.needs_step_pairs()) {
                continue;
            }
            geometry[bi] = self
                .candidates
                .iter()
                .filter(|k| k.binding as usize == bi)
                .map(|k| {
                    let ctx = b.chain.evaluate(
                        &env,
                        k.first,
                        k.second,
                        self.histories.get(k),
                        dt_probe,
                        false,
                    );
                    PairGeometry {
                        dofs: local_of(k, &ctx).dofs,
                        gap: ctx.gap,
                        grad: ctx.grad,
                    }
                })
                .collect();
        }
        for ((b, mut pts), pairs) in self.bindings.iter_mut().zip(points).zip(geometry) {
            pts.sort_unstable();
            pts.dedup();
            let info = StepInfo {
                env,
                forces,
                contact_points: &pts,
                pairs: &pairs,
            };
            for e in &mut b.chain.elements {
                e.begin_step(&info);
            }
        }
    }
}

fn local_of(key: &PairKey, ctx: &ContactCtx) -> LocalContact {
    let mut dofs = [NO_DOF; 12];
    let mut rows = [false; 12];
    for k in 0..ctx.n_points() {
        let side = usize::from(k >= ctx.points[0]);
        for c in 0..3 {
            dofs[3 * k + c] = if ctx.dof[k] == NO_DOF {
                NO_DOF
            } else {
                ctx.dof[k] + c as u32
            };
            rows[3 * k + c] = ctx.assemble_forces[side] && ctx.dof[k] != NO_DOF;
        }
    }
    let active = !ctx.reject && (ctx.assemble_forces[0] || ctx.assemble_forces[1]);
    LocalContact {
        key: *key,
        dofs,
        rows,
        force: if active { ctx.force } else { Vec12::zeros() },
        block: (active && ctx.want_jacobian && ctx.assemble_matrix)
            .then(|| Box::new(ctx.system_block(&ctx.step))),
        energy: if ctx.reject { 0.0 } else { ctx.energy },
        gap: ctx.gap,
        active,
        history: ctx.history,
        max_step: ctx.max_step,
    }
}
