//! [`Evaluation`]: what one evaluation of the global system at an iterate gives (residual,
//! Jacobian values, energies, the contact pairs), and [`StepTargets`], the state of the step it
//! is evaluated for.

use crate::contact::LocalContact;
use crate::system::integrator::{Coefficients, TimeIntegrator};

/// Residual, Jacobian values and energies at one iterate.
#[derive(Debug, Clone, Default)]
pub struct Evaluation {
    /// Residual over all DOFs (constrained rows are meaningless and ignored).
    pub residual: Vec<f64>,
    /// Jacobian values in the pattern's slot order (empty when not requested).
    pub jacobian: Vec<f64>,
    /// Elastic energy at the evaluation point (J).
    pub elastic_energy: f64,
    /// Force scale `F_ref = max(‖f_elastic‖, ‖f_external‖, ‖f_contact‖)` over free DOFs (N),
    /// for [`crate::system::SolverSettings::force_tol`]; the contact norm is
    /// `(Σ_pairs ‖f_pair‖²)^½`.
    pub force_scale: f64,
    /// Incremental potential `½ c_M (q − q̃)ᵀM(q − q̃) + (E + Σ Φ_ext + Σ E_contact)/c_x` (J),
    /// whose gradient is the residual (see [`TimeIntegrator`]), when every external force has
    /// a potential.
    pub incremental_potential: Option<f64>,
    /// Contributions of every contact candidate (evaluated at the evaluation point).
    pub contacts: Vec<LocalContact>,
    /// Dense rank-one Jacobian terms kept out of the pattern (a cell's volume and area
    /// conservation), with the Jacobian only.
    pub rank_one: Vec<crate::model::RankOne>,
}

/// The state of a time step that the residual depends on: the integrator (with its planned
/// step) and the time at the end of the step.
#[derive(Debug, Clone, Copy)]
pub struct StepTargets<'a> {
    /// The time integrator, after [`TimeIntegrator::begin_step`].
    pub integrator: &'a dyn TimeIntegrator,
    /// Time at the end of the step (s).
    pub t: f64,
}

impl StepTargets<'_> {
    /// The coefficients of the step.
    pub fn coefficients(&self) -> Coefficients {
        self.integrator.coefficients()
    }
}
