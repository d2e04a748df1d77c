//! `catena.StepReport`: what one accepted step did, as Python reads it.

use pyo3::prelude::*;

/// What one accepted step did (one row of ``steps.csv``).
#[pyclass(module = "catena._catena", frozen, get_all)]
#[derive(Debug, Clone)]
pub struct StepReport {
    /// Time at the end of the step (s).
    pub t: f64,
    /// Δt used (s): the smallest sub-step when the step was split after a failed attempt.
    pub dt: f64,
    /// Newton iterations (summed over sub-steps and retried attempts).
    pub iterations: u32,
    /// Line-search evaluations.
    pub line_search_steps: u32,
    /// Newton residual norms of the last sub-step, one per iterate.
    pub residuals: Vec<f64>,
    /// Final residual norm.
    pub residual: f64,
    /// Contact candidate pairs.
    pub candidates: u64,
    /// Pairs with a force at the accepted state.
    pub active_contacts: u64,
    /// Smallest gap at the accepted state (m; inf without candidates).
    pub min_gap: f64,
    /// Smallest gap over every configuration Newton evaluated (m).
    pub min_gap_iterates: f64,
    /// Largest penetration (m).
    pub max_penetration: f64,
    /// Wall time of the step (ms).
    pub wall_ms: f64,
    /// Accepted sub-steps (1 unless Δt was reduced).
    pub substeps: u32,
    /// Failed attempts retried with a halved Δt.
    pub retries: u32,
    /// Wall time of each stage of the step (ms), by stage name (``detect``, ``elastic``, …).
    pub stages_ms: std::collections::BTreeMap<String, f64>,
    /// Energies after the step (J), by ``steps.csv`` column name: ``kinetic_energy``,
    /// ``stretch_energy``, … at the accepted state, and the work and dissipation since the start
    /// (``external_work``, …, ``integrator_dissipated``).
    pub energy: std::collections::BTreeMap<String, f64>,
}

#[pymethods]
impl StepReport {
    fn __repr__(&self) -> String {
        format!(
            "StepReport(t={}, iterations={}, residual={:e}, active_contacts={}, min_gap={:e})",
            self.t, self.iterations, self.residual, self.active_contacts, self.min_gap
        )
    }
}
