//! [`InternalEnergy`]: the internal (elastic) energy of one kind of body as a list of stencils,
//! each a local energy with its gradient and Hessian over a few global DOFs — what a body kind
//! gives the global system ([`crate::system`]) besides its mass.
//!
//! The system asks every kind present for its stencils ([`super::Bodies::internal_energies`]),
//! lays the stencils' DOF groups into the Jacobian's sparsity pattern, lets each kind bind its
//! stencils to the pattern's slots ([`SlotMap`]), and at every Newton iterate adds each kind's
//! energy, gradient and (scaled) Hessian, kind after kind in body-kind order. A kind evaluates
//! its stencils in parallel and adds them in stencil order, so the bits do not depend on the
//! number of threads.

use super::{Bodies, RodFrames};
use crate::model::DofMap;

/// Slot value for an entry that is not in the system (a constrained row or column).
pub const NO_SLOT: u32 = u32::MAX;

/// Adds the row-major dense block `block` into `values` through `slots` (entries whose slot is
/// [`NO_SLOT`] are dropped).
#[inline]
pub fn scatter_block(values: &mut [f64], slots: &[u32], block: &[f64]) {
    for (&s, &v) in slots.iter().zip(block) {
        if s != NO_SLOT {
            values[s as usize] += v;
        }
    }
}

/// Where each entry of a dense block lands in the global Jacobian's values: the sparsity
/// pattern, as stencils see it.
pub trait SlotMap {
    /// Slots of the dense block over the global DOFs `group`, row-major (`out[a·m + b]` for
    /// local row `a`, column `b`), [`NO_SLOT`] where a DOF is constrained.
    fn block_slots(&self, dofs: &DofMap, group: &[usize], out: &mut [u32]);
    /// Slot of entry (free row `r`, free column `c`), or [`NO_SLOT`] when not in the pattern.
    fn slot_free(&self, r: usize, c: usize) -> u32;
}

/// What internal energies are evaluated at: the bodies, the rods' reference frames transported
/// to `q`, and the configuration `q`.
#[derive(Debug, Clone, Copy)]
pub struct EnergyInput<'a> {
    /// Every body of the model.
    pub bodies: &'a Bodies,
    /// Reference frames of every rod at `q`.
    pub frames: &'a [RodFrames],
    /// The configuration (m, rad).
    pub q: &'a [f64],
}

/// The internal energies of a state by kind (J), as the energy account reports them
/// (`steps.csv` columns of [`crate::system::Energies`]).
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct InternalEnergies {
    /// Stretching energy of the rods (seed 001 Eq. 2).
    pub stretch: f64,
    /// Bending energy of the rods (seed 001 Eq. 4).
    pub bend: f64,
    /// Twisting energy of the rods (seed 001 Eq. 5).
    pub twist: f64,
    /// Membrane energy of the shells (seed 004 §3.2, or constant-strain triangles).
    pub shell_stretch: f64,
    /// Bending energy of the shells (seed 004 §3.3).
    pub shell_bend: f64,
}

/// A dense symmetric rank-one term `w u uᵀ` of a Jacobian over the global DOFs `dofs` (`u[k]`
/// along `dofs[k]`): a part of a Hessian that would fill the sparse pattern (a cell's
/// `E″(V) ∇V ∇Vᵀ`), which the linear solver adds by the Sherman–Morrison–Woodbury formula
/// instead ([`crate::system::LinearSolver::solve_with_rank_one`]).
#[derive(Debug, Clone, PartialEq)]
pub struct RankOne {
    /// Global DOFs (constrained ones are dropped by the solver).
    pub dofs: Vec<usize>,
    /// The vector `u` over `dofs`.
    pub u: Vec<f64>,
    /// The weight `w` (the Hessian scale included).
    pub weight: f64,
}

/// The internal energy of one kind of body: its stencils over global DOFs.
pub trait InternalEnergy: std::fmt::Debug + Send + Sync {
    /// The global DOFs of every stencil (for the sparsity pattern).
    fn groups(&self) -> Box<dyn Iterator<Item = &[usize]> + '_>;
    /// Recomputes every stencil's slots in the pattern `slots` over the DOF map `dofs`.
    fn bind(&mut self, dofs: &DofMap, slots: &dyn SlotMap);
    /// The energy at `at` (J); adds its gradient `∂E/∂q` into `grad` and, with `jac`, its
    /// Hessian times `hessian_scale` into the Jacobian values through the slots. Without `jac`
    /// (line-search trials) no Hessian is computed, and the energy and gradient have the same
    /// bits as with it.
    fn evaluate(
        &self,
        at: &EnergyInput,
        grad: &mut [f64],
        jac: Option<&mut [f64]>,
        hessian_scale: f64,
    ) -> f64;
    /// Adds the rank-one parts of its Hessian (times `hessian_scale`) that [`Self::evaluate`]
    /// leaves out of the sparse pattern; none by default.
    fn rank_one_terms(&self, _at: &EnergyInput, _hessian_scale: f64, _out: &mut Vec<RankOne>) {}
    /// Writes the energies of its kind's columns at `at` into `out` (energies only).
    fn energies(&self, at: &EnergyInput, out: &mut InternalEnergies);
}
