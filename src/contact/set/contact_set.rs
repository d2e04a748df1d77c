//! [`ContactSet`]: every contact binding of a model with its candidates and per-pair memory,
//! implementing [`ContactModel`] by delegating each stage to its module.

use super::fused_plan::CapsulePlan;
use super::store::MemoryStore;
use super::{ContactBinding, ContactModel, ContactState, Coverage, LocalContact, PairKey};
use super::{Redetect, ccd_cap, coverage, detection, evaluate, hooks, redetect};
use crate::contact::builtin::Builtin;
use crate::contact::element::{ContactMethod, ElementSet, Env};
use crate::model::Model;
use crate::time::Coefficients;
use rayon::prelude::*;

/// All contact bindings of a model with their candidates and per-pair memory.
#[derive(Debug, Clone)]
pub struct ContactSet<E = Builtin> {
    bindings: Vec<ContactBinding<E>>,
    candidates: Vec<PairKey>,
    store: MemoryStore,
    /// Configuration at the start of the step: the travel bound of CCD chains and the coverage
    /// check of every chain measure motion from it.
    step_start: Vec<f64>,
    /// Per binding, the configuration of its last detection (empty before the first): where
    /// an `OnMotion` binding measures travel from (see [`Redetect`]).
    detected_at: Vec<Vec<f64>>,
    /// The candidates were restored from a checkpoint: the next detection reports a change,
    /// so that the sparsity pattern is built for them.
    restored: bool,
    method: ContactMethod,
    /// Per binding, its fused capsule plan, decided when the set is built (see
    /// [`ContactSet::set_fused`]).
    plans: Vec<Option<CapsulePlan>>,
    /// Whether pairs of plain IMC and IPC rod chains take the fused capsule path.
    fused: bool,
}

impl<E: ElementSet> ContactSet<E> {
    /// A contact set over `bindings`; an error names two chains whose methods require
    /// different line searches (one Newton solve cannot serve both).
    pub fn new(bindings: Vec<ContactBinding<E>>) -> Result<Self, String> {
        let mut method = ContactMethod {
            conservative: true,
            ..ContactMethod::default()
        };
        let mut first: Option<&str> = None;
        for b in &bindings {
            let m = b.chain.method();
            if let Some(ls) = m.line_search {
                match (method.line_search, first) {
                    (Some(prev), Some(name)) if prev != ls => {
                        return Err(format!(
                            "chain \"{name}\" needs {prev}, but chain \"{}\" needs {ls}; one \
                             scene cannot mix them",
                            b.chain.name()
                        ));
                    }
                    _ => {
                        method.line_search = Some(ls);
                        first = Some(b.chain.name());
                    }
                }
            }
            method.reach = method.reach.max(m.reach);
            method.lag_updates = method.lag_updates.max(m.lag_updates);
            method.conservative &= m.conservative;
            method.step_forces |= m.step_forces;
            method.step_pairs |= m.step_pairs;
            method.node_ring |= m.node_ring;
            method.wide_pair |= m.wide_pair;
        }
        let plans = bindings.iter().map(|b| CapsulePlan::of(&b.chain)).collect();
        Ok(Self {
            plans,
            fused: true,
            bindings,
            candidates: Vec::new(),
            store: MemoryStore::default(),
            step_start: Vec::new(),
            detected_at: Vec::new(),
            restored: false,
            method,
        })
    }

    /// The bindings.
    pub fn bindings(&self) -> &[ContactBinding<E>] {
        &self.bindings
    }
    /// Candidate pairs of the current step, sorted.
    pub fn candidates(&self) -> &[PairKey] {
        &self.candidates
    }
    /// Committed per-pair memory.
    pub fn memories(&self) -> &MemoryStore {
        &self.store
    }
    /// Chooses whether pairs of the plain IMC and IPC rod chains (data, `Capsule_Capsule`,
    /// `N_IMC` or `N_IPC`, optionally `T_IMC` or `T_IPC`, `AssembleForces`,
    /// `AssembleContactMatrix`) take the fused capsule path, on by default: it evaluates them
    /// with the chain's own functions in the same order, so results are the same bits either
    /// way, only faster. Off, every pair runs its chain element by element (for comparisons
    /// and tests).
    pub fn set_fused(&mut self, on: bool) {
        self.fused = on;
    }
    /// Whether the fused capsule path is on (see [`ContactSet::set_fused`]).
    pub fn fused(&self) -> bool {
        self.fused
    }
    /// How many bindings take the fused capsule path when it is on.
    pub fn fused_bindings(&self) -> usize {
        self.plans.iter().flatten().count()
    }

    /// Whether some binding keeps its candidates across steps ([`Redetect::OnMotion`]).
    fn reuses(&self) -> bool {
        self.bindings
            .iter()
            .any(|b| b.redetect == Redetect::OnMotion)
    }
}

impl<E: ElementSet> ContactModel for ContactSet<E> {
    fn detect(&mut self, model: &Model, q: &[f64]) -> bool {
        self.detected_at.resize(self.bindings.len(), Vec::new());
        let due: Vec<bool> = self
            .bindings
            .iter()
            .zip(&self.detected_at)
            .map(|(b, at)| {
                let travel = if b.redetect == Redetect::OnMotion && at.len() == q.len() {
                    coverage::pair_travel(model, b, at, q)
                } else {
                    0.0
                };
                let at = if at.len() == q.len() { &at[..] } else { &[] };
                redetect::due(
                    b.redetect,
                    at,
                    travel,
                    b.keep_distance,
                    b.chain.method().reach,
                )
            })
            .collect();
        let restored = std::mem::take(&mut self.restored);
        if !due.iter().any(|&d| d) {
            return restored;
        }
        let cands = if due.iter().all(|&d| d) {
            detection::candidates(model, q, &self.bindings)
        } else {
            // Keep the pairs of the bindings that need no detection.
            let fresh = detection::candidates_where(model, q, &self.bindings, |bi| due[bi]);
            let kept: Vec<PairKey> = self
                .candidates
                .iter()
                .filter(|k| !due[k.binding as usize])
                .copied()
                .collect();
            coverage::union(&kept, &fresh)
        };
        for (bi, at) in self.detected_at.iter_mut().enumerate() {
            if due[bi] && self.bindings[bi].redetect == Redetect::OnMotion {
                at.clear();
                at.extend_from_slice(q);
            }
        }
        let changed = cands != self.candidates;
        self.candidates = cands;
        changed || restored
    }

    fn layouts(&self, model: &Model) -> Vec<[u32; 12]> {
        self.candidates
            .iter()
            .map(|k| detection::layout(model, k))
            .collect()
    }

    fn ring_layouts(&self, model: &Model) -> Vec<Vec<u32>> {
        if !(self.method.node_ring || self.method.wide_pair) {
            return Vec::new();
        }
        self.candidates
            .iter()
            .map(|k| {
                let m = self.bindings[k.binding as usize].chain.method();
                if m.node_ring {
                    crate::contact::ring_coordinates(model, k.first)
                } else if m.wide_pair {
                    crate::contact::overflow_coordinates(model, k.first, k.second)
                } else {
                    Vec::new()
                }
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
        let mut out = Vec::new();
        self.evaluate_into(model, q, v, step, want_jacobian, &mut out);
        out
    }

    fn evaluate_into(
        &self,
        model: &Model,
        q: &[f64],
        v: &[f64],
        step: &Coefficients,
        want_jacobian: bool,
        out: &mut Vec<LocalContact>,
    ) {
        let env = Env { model, q, v };
        evaluate::evaluate_all(
            &env,
            &self.bindings,
            if self.fused { &self.plans } else { &[] },
            &self.candidates,
            &self.store,
            step,
            want_jacobian,
            out,
        );
    }

    fn commit(&mut self, accepted: &[LocalContact]) {
        let bindings = &self.bindings;
        self.store
            .commit(accepted.iter().map(|c| (c.key, c.memory)), |k| {
                bindings[k.binding as usize].chain.memory_layout()
            });
    }

    fn begin_step(&mut self, model: &Model, q: &[f64], v: &[f64], forces: &[f64]) {
        self.store.clear_lag();
        self.step_start.clear();
        self.step_start.extend_from_slice(q);
        let env = Env { model, q, v };
        hooks::begin_step(
            &env,
            &mut self.bindings,
            &self.candidates,
            &self.store,
            forces,
        );
    }

    fn cover(&mut self, model: &Model, z: &[f64]) -> Coverage {
        // Before any step (a check at scene build) there is no motion to cover.
        if self.step_start.len() != z.len() {
            return Coverage::default();
        }
        // Motion is measured from where each binding last detected (the step start unless it
        // reuses candidates, see `Redetect`).
        let starts: Vec<&[f64]> = self
            .bindings
            .iter()
            .enumerate()
            .map(|(bi, b)| match self.detected_at.get(bi) {
                Some(at) if b.redetect == Redetect::OnMotion && at.len() == z.len() => &at[..],
                _ => &self.step_start[..],
            })
            .collect();
        let needed = coverage::uncovered(model, &self.bindings, &starts, z);
        let redetect: Vec<bool> = needed.iter().map(Option::is_some).collect();
        let mut cov = Coverage {
            redetected: redetect.iter().filter(|&&r| r).count() as u32,
            needed_keep: needed.iter().flatten().copied().fold(0.0, f64::max),
            ..Coverage::default()
        };
        if cov.redetected == 0 {
            return cov;
        }
        // Velocities do not enter the gap; the step-start ones complete the environment.
        let env = Env {
            model,
            q: z,
            v: &model.v,
        };
        let missed = coverage::missed(
            &env,
            &self.bindings,
            &redetect,
            &self.candidates,
            &self.store,
        );
        cov.added = missed.len() as u64;
        if !missed.is_empty() {
            self.candidates = coverage::union(&self.candidates, &missed);
        }
        cov
    }

    fn method(&self) -> &ContactMethod {
        &self.method
    }

    fn has_potential(&self) -> bool {
        self.bindings.iter().any(|b| b.chain.has_potential())
    }

    fn has_element(&self, name: &str) -> bool {
        (self.bindings.iter()).any(|b| b.chain.elements().iter().any(|e| e.doc().name == name))
    }

    fn max_step(&self, model: &Model, q: &[f64], dir: &[f64]) -> f64 {
        let mut t = 1.0_f64;
        for (bi, b) in self.bindings.iter().enumerate() {
            let m = b.chain.method();
            let Some(kernel) = m.ccd.filter(|_| m.needs_ccd()) else {
                continue;
            };
            let pairs = self
                .candidates
                .par_iter()
                .with_min_len(64)
                .filter(|k| k.binding as usize == bi)
                .map(|k| ccd_cap::pair_step(model, q, dir, k, kernel))
                .reduce(|| 1.0, f64::min);
            t = t.min(pairs);
            if self.step_start.len() == q.len() {
                let r = 0.5 * (b.keep_distance - m.reach).max(0.0);
                for g in [&b.first, &b.second] {
                    t = t.min(ccd_cap::travel_step(model, g, q, &self.step_start, dir, r));
                }
            }
        }
        t
    }

    fn relag(&mut self, evaluated: &[LocalContact]) {
        for c in evaluated {
            if self.bindings[c.key.binding as usize]
                .chain
                .memory_layout()
                .has_lagged()
            {
                self.store.relag(c.key, c.memory);
            }
        }
    }

    fn end_iteration(&mut self, evaluated: &[LocalContact]) -> bool {
        hooks::end_iteration(&mut self.bindings, evaluated)
    }

    fn save_state(&self) -> ContactState {
        ContactState {
            memories: self.store.sorted(),
            elements: self
                .bindings
                .iter()
                .map(|b| {
                    b.chain
                        .elements()
                        .iter()
                        .map(|e| e.adaptive().map(|a| a.save()))
                        .collect()
                })
                .collect(),
            // A binding that reuses candidates carries them and where they were detected, so
            // that a resumed run keeps using the same set.
            candidates: if self.reuses() {
                self.candidates.clone()
            } else {
                Vec::new()
            },
            detected_at: if self.reuses() {
                self.detected_at.clone()
            } else {
                Vec::new()
            },
        }
    }

    fn restore_state(&mut self, state: &ContactState) -> Result<(), String> {
        let shape: Vec<usize> = self
            .bindings
            .iter()
            .map(|b| b.chain.elements().len())
            .collect();
        let saved: Vec<usize> = state.elements.iter().map(Vec::len).collect();
        if shape != saved {
            return Err(format!(
                "the checkpoint has chains of {saved:?} elements, the scene {shape:?}"
            ));
        }
        for (b, states) in self.bindings.iter_mut().zip(&state.elements) {
            let chain = b.chain.name().to_string();
            for (e, s) in b.chain.elements_mut().iter_mut().zip(states) {
                let name = e.doc().name;
                match (e.adaptive_mut(), s) {
                    (Some(a), Some(s)) => a.restore(s)?,
                    (None, None) => {}
                    (Some(_), None) | (None, Some(_)) => {
                        return Err(format!(
                            "the checkpoint and the scene disagree on whether `{name}` in chain \
                             \"{chain}\" is adaptive"
                        ));
                    }
                }
            }
        }
        self.store = MemoryStore::from_sorted(&state.memories);
        if self.reuses() && !state.detected_at.is_empty() {
            if state.detected_at.len() != self.bindings.len() {
                return Err(format!(
                    "the checkpoint has detection states of {} bindings, the scene {}",
                    state.detected_at.len(),
                    self.bindings.len()
                ));
            }
            self.candidates.clone_from(&state.candidates);
            self.detected_at.clone_from(&state.detected_at);
            self.restored = true;
        }
        Ok(())
    }
}
