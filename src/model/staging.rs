//! Staged boundary conditions between steps: conditions that take hold of their DOFs at
//! `active_from` and let them go after `active_until` change the free set of the DOF map.
//!
//! Before each step from `tₙ` to `tₙ₊₁` the simulator calls [`Model::stage_bcs`]: a condition
//! waiting for `active_from ≤ tₙ` engages (it takes its nodes where they are at `tₙ` and holds
//! them, or moves them from there), and a condition whose `active_until < tₙ₊₁` lets its DOFs
//! go (they keep the velocity of the last prescribed step and move freely). Only the DOFs of
//! conditions that switched are touched: a DOF stays constrained while any condition in force
//! or [`Model::fixed`] holds it.

use super::{BoundaryCondition, BoundaryState, Model};
use std::collections::HashSet;

/// What [`Model::stage_bcs`] changed.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Staged {
    /// Conditions that engaged at the start of this step (undone by
    /// [`Model::unstage_bcs`] if the step fails).
    pub engaged: Vec<usize>,
    /// Whether the DOF map changed (the sparsity pattern must be rebuilt).
    pub dofs_changed: bool,
}

impl Model {
    /// Whether some boundary condition engages or lets go during the run.
    pub fn has_staged_bcs(&self) -> bool {
        self.bcs.iter().any(BoundaryCondition::is_staged)
    }

    /// Engages the conditions due at `t_n` and sets the DOF map for the step from `t_n` to
    /// `t_new` (see the module notes).
    pub fn stage_bcs(&mut self, t_n: f64, t_new: f64) -> Staged {
        let mut out = Staged::default();
        for (i, bc) in self.bcs.iter_mut().enumerate() {
            if !bc.is_engaged() && bc.is_due(t_n, t_new) {
                let r = bc.rod;
                bc.engage(&self.bodies.rods[r], &self.frames[r], &self.q, t_n);
                out.engaged.push(i);
            }
        }
        let wanted: Vec<bool> = self.bcs.iter().map(|b| b.in_force(t_n, t_new)).collect();
        if wanted != self.bc_held {
            self.bc_held.resize(wanted.len(), false);
            let held: HashSet<usize> = self
                .bcs
                .iter()
                .zip(&wanted)
                .filter(|(_, w)| **w)
                .flat_map(|(b, _)| b.dofs(&self.bodies.rods[b.rod]))
                .chain(self.fixed.iter().copied())
                .collect();
            let touched: Vec<usize> = self
                .bcs
                .iter()
                .zip(wanted.iter().zip(&self.bc_held))
                .filter(|(_, (w, h))| w != h)
                .flat_map(|(b, _)| b.dofs(&self.bodies.rods[b.rod]))
                .collect();
            out.dofs_changed = self
                .dofs
                .set_all(touched.into_iter().map(|k| (k, held.contains(&k))));
            self.bc_held = wanted;
        }
        out
    }

    /// Undoes the engagements of a step that failed (the DOF map is set again by the next
    /// [`Model::stage_bcs`]).
    pub fn unstage_bcs(&mut self, staged: &Staged) {
        for &i in &staged.engaged {
            self.bcs[i].disengage();
        }
    }

    /// Whether boundary condition `i` holds its DOFs now (in the last staged step).
    pub fn bc_holds(&self, i: usize) -> bool {
        self.bc_held.get(i).copied().unwrap_or(false)
    }

    /// The state of every condition that engages after the start, for checkpoints.
    pub fn bc_states(&self) -> Vec<BoundaryState> {
        self.bcs
            .iter()
            .enumerate()
            .filter(|(_, b)| b.active_from > 0.0)
            .map(|(i, b)| b.state(i))
            .collect()
    }

    /// Restores what [`Model::bc_states`] saved.
    pub fn restore_bc_states(&mut self, states: &[BoundaryState]) -> Result<(), String> {
        for s in states {
            let n = self.bcs.len();
            let bc = self.bcs.get_mut(s.index).ok_or_else(|| {
                format!(
                    "the checkpoint holds boundary condition {}, the scene has {n}",
                    s.index
                )
            })?;
            bc.restore(s)?;
        }
        Ok(())
    }
}
