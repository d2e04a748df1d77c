//! [`ElasticStencils`]: the internal energies of every body kind of a model
//! ([`crate::model::InternalEnergy`], from [`crate::model::Bodies::internal_energies`]), with
//! their slots in the current sparsity pattern, evaluated kind after kind.

use super::pattern::SparsityPattern;
use crate::model::{EnergyInput, InternalEnergies, InternalEnergy, Model, RankOne, RodFrames};

/// The internal energies of a model's bodies.
#[derive(Debug, Default)]
pub struct ElasticStencils {
    kinds: Vec<Box<dyn InternalEnergy>>,
}

impl ElasticStencils {
    /// The stencils of every body of `model`.
    pub fn new(model: &Model) -> Self {
        Self {
            kinds: model.bodies.internal_energies(),
        }
    }

    /// Every stencil's DOF group (for building the sparsity pattern).
    pub fn groups(&self) -> impl Iterator<Item = &[usize]> {
        self.kinds.iter().flat_map(|k| k.groups())
    }

    /// Recomputes every stencil's slots in `pattern`.
    pub fn bind(&mut self, model: &Model, pattern: &SparsityPattern) {
        for k in &mut self.kinds {
            k.bind(&model.dofs, pattern);
        }
    }

    /// Whether there is no stencil.
    pub fn is_empty(&self) -> bool {
        self.kinds.is_empty()
    }

    /// Evaluates all stencils at `q` with current frames `frames`: returns the elastic energy (J),
    /// adds its gradient `∂E/∂q` into `grad` and, when `jac` is given, its Hessian times
    /// `hessian_scale` into the Jacobian values through the slots. The elastic force is
    /// `f = −∂E/∂q` with `−∂f/∂x = ∂²E/∂q²`, so `hessian_scale` is the integrator's `c_x`.
    pub fn evaluate(
        &self,
        model: &Model,
        frames: &[RodFrames],
        q: &[f64],
        grad: &mut [f64],
        mut jac: Option<&mut [f64]>,
        hessian_scale: f64,
    ) -> f64 {
        let at = EnergyInput {
            bodies: &model.bodies,
            frames,
            q,
        };
        let mut energy = 0.0;
        for k in &self.kinds {
            energy += k.evaluate(&at, grad, jac.as_deref_mut(), hessian_scale);
        }
        energy
    }

    /// The rank-one Hessian terms (times `hessian_scale`) the stencils leave out of the sparse
    /// pattern, at `q` with current frames `frames`, into `out` (cleared first).
    pub fn rank_one_terms(
        &self,
        model: &Model,
        frames: &[RodFrames],
        q: &[f64],
        hessian_scale: f64,
        out: &mut Vec<RankOne>,
    ) {
        out.clear();
        let at = EnergyInput {
            bodies: &model.bodies,
            frames,
            q,
        };
        for k in &self.kinds {
            k.rank_one_terms(&at, hessian_scale, out);
        }
    }

    /// The elastic energies at `q` with current frames `frames` (J), by kind, into `out`.
    pub fn energies(
        &self,
        model: &Model,
        frames: &[RodFrames],
        q: &[f64],
        out: &mut crate::system::Energies,
    ) {
        let at = EnergyInput {
            bodies: &model.bodies,
            frames,
            q,
        };
        let mut parts = InternalEnergies::default();
        for k in &self.kinds {
            k.energies(&at, &mut parts);
        }
        out.stretch = parts.stretch;
        out.bend = parts.bend;
        out.twist = parts.twist;
        out.shell_stretch = parts.shell_stretch;
        out.shell_bend = parts.shell_bend;
    }
}
