//! The contact stage of the assembly: the scene's [`ContactModel`] (detection, chains,
//! per-pair memory), each candidate's DOF layout and its slots in the sparsity pattern, and the
//! per-iterate step of adding the pairs' forces into the residual and their blocks into the
//! Jacobian.

use crate::contact::{
    ContactLineSearch, ContactModel, ContactState, ContactStats, Coverage, LocalContact, NO_DOF,
};
use crate::model::Model;
use crate::system::assembly::contact_slots::ContactSlots;
use crate::system::assembly::pattern::SparsityPattern;
use crate::time::Coefficients;

/// The contacts of a scene, when it has any, and their place in the pattern.
#[derive(Debug)]
pub(crate) struct ContactStage {
    /// The contact model (`None`: the scene has no contacts).
    pub(crate) model: Option<Box<dyn ContactModel>>,
    /// Global DOF of each local coordinate of every candidate ([`NO_DOF`] where absent).
    layouts: Vec<[u32; 12]>,
    /// Per candidate, the ring coordinates its chain acts on beyond the pair (empty for most;
    /// see [`ContactModel::ring_layouts`]).
    rings: Vec<Vec<u32>>,
    /// Each candidate's slots in the pattern.
    slots: ContactSlots,
    /// Whether contact blocks are assembled into the pattern (for the direct solve); when not,
    /// the Krylov solve applies them from the evaluated pairs and a change of candidates costs
    /// no pattern rebuild.
    pub(crate) in_pattern: bool,
}

impl ContactStage {
    /// The stage of `model` (candidates it may already hold, e.g. from a check at scene build,
    /// are laid out).
    pub(crate) fn new(bodies: &Model, model: Option<Box<dyn ContactModel>>) -> Self {
        let layouts = model.as_ref().map_or_else(Vec::new, |c| c.layouts(bodies));
        let rings = model
            .as_ref()
            .map_or_else(Vec::new, |c| c.ring_layouts(bodies));
        Self {
            model,
            layouts,
            rings,
            slots: ContactSlots::default(),
            in_pattern: true,
        }
    }

    /// The candidates' DOF groups for the sparsity pattern (none when not in the pattern).
    pub(crate) fn groups(&self) -> Vec<Vec<usize>> {
        if !self.in_pattern {
            return Vec::new();
        }
        self.layouts
            .iter()
            .enumerate()
            .map(|(k, l)| {
                let ring = self.rings.get(k).map_or(&[][..], |r| &r[..]);
                l.iter()
                    .filter(|&&d| d != NO_DOF)
                    .chain(ring)
                    .map(|&d| d as usize)
                    .collect()
            })
            .collect()
    }

    /// Lays out the current candidates again (after they changed) when they are in the pattern;
    /// returns whether the pattern must be rebuilt.
    pub(crate) fn relayout(&mut self, model: &Model) -> bool {
        if !self.in_pattern {
            return false;
        }
        if let Some(c) = &self.model {
            self.layouts = c.layouts(model);
            self.rings = c.ring_layouts(model);
        }
        true
    }

    /// Turns the assembly of contact blocks into the pattern on or off; returns whether the
    /// pattern must be rebuilt.
    pub(crate) fn set_in_pattern(&mut self, model: &Model, on: bool) -> bool {
        if self.in_pattern == on {
            return false;
        }
        self.in_pattern = on;
        if on && let Some(c) = &self.model {
            self.layouts = c.layouts(model);
            self.rings = c.ring_layouts(model);
        }
        if !on {
            self.layouts.clear();
            self.rings.clear();
        }
        true
    }

    /// Recomputes the candidates' slots in `pattern`.
    pub(crate) fn bind(&mut self, model: &Model, pattern: &SparsityPattern) {
        // Slot lookups (binary searches) for thousands of candidates: in parallel, in order,
        // over each pair's own local coordinates.
        self.slots = ContactSlots::build(model, pattern, &self.layouts);
    }

    /// Detects the step's candidates at `q`; returns whether the pattern must be rebuilt.
    pub(crate) fn detect(&mut self, model: &Model, q: &[f64]) -> bool {
        let changed = self.model.as_mut().is_some_and(|c| c.detect(model, q));
        changed && self.relayout(model)
    }

    /// Whether a chain wants the elastic and external forces at the start of a step.
    pub(crate) fn wants_step_forces(&self) -> bool {
        self.model.as_ref().is_some_and(|c| c.method().step_forces)
    }

    /// Evaluates every candidate at the evaluation point `z` with velocity `v` into `out`
    /// (cleared when the scene has no contacts).
    pub(crate) fn evaluate(
        &self,
        model: &Model,
        z: &[f64],
        v: &[f64],
        c: &Coefficients,
        with_jacobian: bool,
        out: &mut Vec<LocalContact>,
    ) {
        match &self.model {
            Some(contacts) => contacts.evaluate_into(model, z, v, c, with_jacobian, out),
            None => out.clear(),
        }
    }

    /// Adds the pairs evaluated by [`ContactStage::evaluate`] into the residual and the
    /// Jacobian (on `pattern`); returns `(Σ energy, Σ ‖f_pair‖²)`.
    pub(crate) fn assemble(
        &self,
        model: &Model,
        pattern: &SparsityPattern,
        pairs: &[LocalContact],
        with_jacobian: bool,
        residual: &mut [f64],
        jacobian: &mut [f64],
    ) -> (f64, f64) {
        let (mut energy, mut norm2) = (0.0, 0.0);
        for (k, lc) in pairs.iter().enumerate() {
            if !lc.active {
                continue;
            }
            energy += lc.energy;
            for a in 0..12 {
                if lc.rows[a] {
                    residual[lc.dofs[a] as usize] -= lc.force[a];
                    norm2 += lc.force[a] * lc.force[a];
                }
            }
            if let Some(ring) = &lc.ring {
                for (&d, &f) in ring.coords.iter().zip(&ring.force) {
                    residual[d as usize] -= f;
                    norm2 += f * f;
                }
            }
            if with_jacobian && self.in_pattern {
                self.slots.scatter(k, lc, jacobian);
                if let Some(ring) = &lc.ring {
                    scatter_ring(&model.dofs, pattern, lc, ring, jacobian);
                }
            }
        }
        (energy, norm2)
    }

    /// Whether the incremental potential is a valid merit: every contact chain is conservative.
    pub(crate) fn is_conservative(&self) -> bool {
        self.model.as_ref().is_none_or(|c| c.method().conservative)
    }

    /// The line search the chains require (they agree: checked when the contact set was built).
    pub(crate) fn line_search(&self) -> Option<ContactLineSearch> {
        self.model.as_ref().and_then(|c| c.method().line_search)
    }

    /// Whether some chain needs its steps capped by continuous collision detection.
    pub(crate) fn needs_ccd(&self) -> bool {
        self.model.as_ref().is_some_and(|c| c.method().needs_ccd())
    }

    /// Largest `t ∈ [0, 1]` keeping every barrier gap positive along `q + t·dir`.
    pub(crate) fn max_step(&self, model: &Model, q: &[f64], dir: &[f64]) -> f64 {
        self.model
            .as_ref()
            .map_or(1.0, |c| c.max_step(model, q, dir))
    }

    /// Statistics of evaluated pairs.
    pub(crate) fn stats(&self, pairs: &[LocalContact]) -> ContactStats {
        match &self.model {
            Some(c) => c.stats(pairs),
            None => ContactStats {
                min_gap: f64::INFINITY,
                ..ContactStats::default()
            },
        }
    }

    /// The contact state carried between steps (checkpoints).
    pub(crate) fn state(&self) -> Option<ContactState> {
        self.model.as_ref().map(|c| c.save_state())
    }

    /// Restores what [`ContactStage::state`] saved.
    pub(crate) fn restore_state(&mut self, state: &ContactState) -> Result<(), String> {
        match self.model.as_mut() {
            Some(c) => c.restore_state(state),
            None => Ok(()),
        }
    }

    /// Completes the candidate set at `z` (see [`ContactModel::cover`]); the pattern must be
    /// rebuilt when pairs were added and contacts are in it.
    pub(crate) fn cover(&mut self, model: &Model, z: &[f64]) -> (Coverage, bool) {
        let Some(c) = self.model.as_mut() else {
            return (Coverage::default(), false);
        };
        let cov = c.cover(model, z);
        let rebuild = cov.added > 0 && self.relayout(model);
        (cov, rebuild)
    }
}

/// Adds a pair's ring block (see [`crate::contact::RingTerm`]) into `values` on `pattern`:
/// the ring's rows over the pair's and the ring's columns, and in the pair's assembled rows
/// the ring's columns: the term's `cross` block, or when it has none the transpose of the ring
/// rows (the term is then the Hessian of an energy, so symmetric). Each entry's slot is
/// looked up (the pattern holds them: the ring is in the candidate's group).
pub(crate) fn scatter_ring(
    dofs: &crate::model::DofMap,
    pattern: &SparsityPattern,
    lc: &LocalContact,
    ring: &crate::contact::RingTerm,
    values: &mut [f64],
) {
    if ring.matrix.is_empty() {
        return;
    }
    let free = |d: u32| (d != NO_DOF).then(|| dofs.free_index(d as usize)).flatten();
    let pair: [Option<usize>; 12] = lc.dofs.map(free);
    let own: Vec<Option<usize>> = ring.coords.iter().map(|&d| free(d)).collect();
    let w = ring.width();
    let mut add = |r: Option<usize>, c: Option<usize>, v: f64| {
        if let (Some(r), Some(c)) = (r, c) {
            let s = pattern.slot_free(r, c);
            debug_assert!(
                s != crate::system::assembly::pattern::NO_SLOT,
                "ring entry off the pattern"
            );
            if s != crate::system::assembly::pattern::NO_SLOT {
                values[s as usize] += v;
            }
        }
    };
    let symmetric = ring.cross.is_empty();
    for (r, &fr) in own.iter().enumerate() {
        let row = &ring.matrix[r * w..(r + 1) * w];
        for (b, &fc) in pair.iter().enumerate() {
            add(fr, fc, row[b]);
            if symmetric && lc.rows[b] {
                add(fc, fr, row[b]);
            }
        }
        for (s, &fc) in own.iter().enumerate() {
            add(fr, fc, row[12 + s]);
        }
    }
    if !symmetric {
        let m = own.len();
        for (b, &fr) in pair.iter().enumerate().filter(|&(b, _)| lc.rows[b]) {
            for (s, &fc) in own.iter().enumerate() {
                add(fr, fc, ring.cross[b * m + s]);
            }
        }
    }
}
