//! The inertia stage of the assembly for bodies that write their own inertial rows
//! ([`crate::model::Body::inertia_rows`]: a free rigid body's rotation, with its full inertia
//! tensor and the gyroscopic term in the angular momentum), next to the diagonal mass the
//! integrator applies to every other DOF: their rows added into the residual and their 3×3
//! blocks into the Jacobian.

use crate::model::Model;
use crate::system::assembly::pattern::{NO_SLOT, SparsityPattern, scatter_block};
use crate::time::Coefficients;

/// The bodies with their own inertial rows: first DOF of each one's three rows, and the slots
/// of its 3×3 block.
#[derive(Debug, Default)]
pub(crate) struct InertiaStage {
    rows: Vec<([usize; 3], [u32; 9])>,
}

impl InertiaStage {
    /// The stage of `model`'s bodies.
    pub(crate) fn new(model: &Model) -> Self {
        let rows = model
            .bodies
            .iter()
            .filter_map(|b| b.own_inertia_dof())
            .map(|d| ([d, d + 1, d + 2], [NO_SLOT; 9]))
            .collect();
        Self { rows }
    }

    /// Whether no body writes its own rows (the usual case: nothing to do).
    pub(crate) fn is_empty(&self) -> bool {
        self.rows.is_empty()
    }

    /// The DOF groups of the blocks, for the sparsity pattern.
    pub(crate) fn groups(&self) -> impl Iterator<Item = &[usize]> {
        self.rows.iter().map(|(d, _)| &d[..])
    }

    /// Recomputes the blocks' slots in `pattern`.
    pub(crate) fn bind(&mut self, model: &Model, pattern: &SparsityPattern) {
        for (d, s) in &mut self.rows {
            pattern.block_slots(&model.dofs, d, s);
        }
    }

    /// Adds every such body's rows at the unknown `q` (DOF velocities `v`, the step from
    /// `q_start` with coefficients `c`) into `residual` and, when given, its block into
    /// `jacobian`.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn add(
        &self,
        model: &Model,
        c: &Coefficients,
        q_start: &[f64],
        q: &[f64],
        v: &[f64],
        residual: &mut [f64],
        jacobian: Option<&mut [f64]>,
    ) {
        let mut jacobian = jacobian;
        let bodies = model
            .bodies
            .iter()
            .filter(|b| b.own_inertia_dof().is_some());
        for (b, (d, slots)) in bodies.zip(&self.rows) {
            let Some((r, jac)) = b.inertia_rows(c, q_start, q, v) else {
                continue;
            };
            for i in 0..3 {
                residual[d[i]] += r[i];
            }
            if let Some(j) = jacobian.as_deref_mut() {
                // Slots are row-major, nalgebra's storage column-major.
                scatter_block(j, slots, jac.transpose().as_slice());
            }
        }
    }
}
