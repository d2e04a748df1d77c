//! The [`TimeIntegrator`] trait: what a time-stepping scheme owns.

use super::{Coefficients, IntegratorKind};
use serde::{Deserialize, Serialize};

/// A one-step (or multistep) implicit scheme for `M v̇ = F(q, v)`, `q̇ = v`, written so that one
/// step is one nonlinear system in the end-of-step configuration `q = qₙ₊₁`:
///
/// `r(q) = c_M M (q − q̃) − F(z(q), v(q)) = 0`,
/// `J(q) = c_M M − c_x ∂F/∂x − (1/v_div) ∂F/∂v`,
///
/// with the predictor target `q̃`, the evaluation point `z(q) = z₀ + c_x q` where forces are
/// evaluated (DER frames are transported there) and the velocity `v(q) = (q − q_origin)/v_div`.
/// The integrator owns `q̃`, `z`, `v`, the [`Coefficients`] `(c_x, v_div, m_div = 1/c_M)`, the
/// inertial energy `½ c_M ‖q − q̃‖²_M`, and the end-of-step update of `vₙ₊₁` and of its memory.
///
/// The energy line search minimises the incremental potential
/// `Π(q) = ½ c_M ‖q − q̃‖²_M + (1/c_x) Φ(z(q))`, where `Φ(z) = E(z) + U_ext(z) + h Ψ(v)` gathers
/// elastic and potential energies at `z` and dissipation potentials `Ψ` scaled by
/// `h = c_x v_div` (since `z − q_origin = h v`, `∂(hΨ)/∂z = ∂Ψ/∂v`): then `∇Π = r`.
///
/// | scheme | `q̃` | `v(q)` | `z(q)` | `c_x` | `v_div` | `m_div` | `vₙ₊₁` |
/// |---|---|---|---|---|---|---|---|
/// | implicit Euler | `qₙ + Δt vₙ` | `(q − qₙ)/Δt` | `q` | 1 | Δt | Δt² | `v(q)` |
/// | BDF2 | `⁴⁄₃qₙ − ⅓qₙ₋₁ + ⁸⁄₉Δt vₙ − ²⁄₉Δt vₙ₋₁` | `(3q − 4qₙ + qₙ₋₁)/(2Δt)` | `q` | 1 | 2Δt/3 | 4Δt²/9 | `v(q)` |
/// | implicit midpoint | `qₙ + Δt vₙ` | `(q − qₙ)/Δt` | `(qₙ + q)/2` | ½ | Δt | Δt²/2 | `2(q − qₙ)/Δt − vₙ` |
/// | overdamped | `qₙ` | `(q − qₙ)/Δt` | `q` | 1 | Δt | ∞ | `v(q)` |
/// | static | `qₙ` | 0 | `q` | 1 | ∞ | ∞ | `(q − qₙ)/Δt` |
///
/// * **Implicit Euler** (seed 001 Eq. 7, Alg. 2): `M(vₙ₊₁ − vₙ)/Δt = F(qₙ₊₁, vₙ₊₁)`. First order;
///   its numerical damping removes energy at O(Δt) per unit time (Hairer & Wanner, *Solving
///   Ordinary Differential Equations II*, 2nd ed., 1996, §IV.3).
/// * **BDF2** (Hairer & Wanner 1996, §III.1 and §V.1; constant step): `q` and `v` both satisfy
///   `(3yₙ₊₁ − 4yₙ + yₙ₋₁)/(2Δt) = ẏₙ₊₁`; eliminating `vₙ₊₁` from
///   `M(3vₙ₊₁ − 4vₙ + vₙ₋₁)/(2Δt) = F` gives `r = (9/(4Δt²)) M (q − q̃) − F(q, v(q))` with the
///   `q̃` above. Second order and L-stable. The first step, a step after a change of Δt and a
///   retry with another Δt have no equal-step history and take one implicit Euler step.
/// * **Implicit midpoint** (Hairer, Lubich & Wanner, *Geometric Numerical Integration*, 2nd ed.,
///   2006, §I.1 and §VI.3): `qₙ₊₁ = qₙ + Δt v̄`, `M(vₙ₊₁ − vₙ)/Δt = F((qₙ + qₙ₊₁)/2, v̄)` with
///   `v̄ = (vₙ + vₙ₊₁)/2 = (qₙ₊₁ − qₙ)/Δt`, hence `r = (2/Δt²) M (q − qₙ − Δt vₙ) − F(z, v)`.
///   Second order, symplectic; conserves quadratic invariants exactly (a linear elastic
///   oscillator keeps its energy to round-off) and nonlinear energies up to a bounded error.
/// * **Overdamped** (mpacts' overdamped mode; [`super::Overdamped`]): `Γ (q − qₙ)/Δt = F(q)`,
///   implicit Euler without the masses: `r = −F(q, v(q))`, `J = −∂F/∂x − (1/Δt) ∂F/∂v`, the
///   resistance `Γ = −∂F/∂v` coming from drags and resistance laws.
/// * **Static** (DiSMech's `static_sim`; [`super::StaticLoad`]): `F(q, 0; tₙ₊₁) = 0`, one
///   equilibrium per load step, `J = −∂F/∂x`.
///
/// Prescribed DOFs are set at `tₙ₊₁` in `q` (the unknown); the evaluation point takes their
/// value at `z` from the same map (the midpoint of the prescribed path for the midpoint rule).
/// Twist DOFs are integrated like any other (their inertia is in `model.mass`).
pub trait TimeIntegrator: std::fmt::Debug + Send + Sync {
    /// Which scheme this is.
    fn kind(&self) -> IntegratorKind;

    /// Plans the step of size `dt` from `(qₙ, vₙ) = (q, v)`: the coefficients, `q̃` and the
    /// velocity origin. Leaves the memory untouched (a failed step is retried from the same
    /// state).
    fn begin_step(&mut self, q: &[f64], v: &[f64], dt: f64);

    /// The step planned by [`TimeIntegrator::begin_step`].
    fn step(&self) -> &StepData;

    /// Ends the accepted step at `q = qₙ₊₁`: overwrites `v` (holding `vₙ`) with `vₙ₊₁` and
    /// moves the memory on. `constrained(k)` tells prescribed or fixed DOFs.
    fn finish_step(&mut self, q: &[f64], v: &mut [f64], constrained: &dyn Fn(usize) -> bool);

    /// The memory carried from step to step, for checkpoints.
    fn save_state(&self) -> IntegratorState;

    /// Restores what [`TimeIntegrator::save_state`] saved, or says why it does not fit.
    fn restore_state(&mut self, state: &IntegratorState) -> Result<(), String>;

    /// The coefficients of the planned step.
    fn coefficients(&self) -> Coefficients {
        self.step().coefficients
    }

    /// The predictor target `q̃` of the planned step.
    fn predictor(&self) -> &[f64] {
        &self.step().q_tilde
    }

    /// Writes the velocity `v(q) = (q − q_origin)/v_div` into `v`.
    fn velocity(&self, q: &[f64], v: &mut Vec<f64>) {
        let s = self.step();
        let d = s.coefficients.v_div;
        v.clear();
        v.extend(q.iter().zip(&s.q_origin).map(|(a, b)| (a - b) / d));
    }

    /// Writes the evaluation point `z(q)` into `z` (`q` itself unless overridden).
    fn evaluation_point(&self, q: &[f64], z: &mut Vec<f64>) {
        z.clear();
        z.extend_from_slice(q);
    }

    /// Adds the inertia and subtracts the forces, `rₖ += mₖ (qₖ − q̃ₖ)/m_div − fₖ`, and returns
    /// the inertial energy `½ Σ mₖ (qₖ − q̃ₖ)²/m_div` (J).
    fn add_inertia(&self, mass: &[f64], q: &[f64], forces: &[f64], residual: &mut [f64]) -> f64 {
        let s = self.step();
        let m_div = s.coefficients.m_div;
        let mut inertial = 0.0;
        for ((((r, qk), qt), m), fe) in residual
            .iter_mut()
            .zip(q)
            .zip(&s.q_tilde)
            .zip(mass)
            .zip(forces)
        {
            let d = qk - qt;
            inertial += 0.5 * m * d * d / m_div;
            *r += m * d / m_div - fe;
        }
        inertial
    }
}

/// What every scheme computes when it plans a step.
#[derive(Debug, Clone, Default)]
pub struct StepData {
    /// The step's coefficients.
    pub coefficients: Coefficients,
    /// Configuration at the start of the step `qₙ`.
    pub q_start: Vec<f64>,
    /// Predictor target `q̃`.
    pub q_tilde: Vec<f64>,
    /// Velocity origin: `v(q) = (q − q_origin)/v_div`, and `z(q) − q_origin = h v(q)`.
    pub q_origin: Vec<f64>,
}

impl StepData {
    /// Plans a step with coefficients `c` from `qₙ = q`, predictor `q̃ = q_tilde(k)` and
    /// velocity origin `origin(k)` per DOF `k`.
    pub(super) fn plan(
        &mut self,
        c: Coefficients,
        q: &[f64],
        q_tilde: impl Fn(usize) -> f64,
        origin: impl Fn(usize) -> f64,
    ) {
        self.coefficients = c;
        self.q_start.clear();
        self.q_start.extend_from_slice(q);
        self.q_tilde.clear();
        self.q_tilde.extend((0..q.len()).map(q_tilde));
        self.q_origin.clear();
        self.q_origin.extend((0..q.len()).map(origin));
    }
}

/// The memory of an integrator between steps (checkpoints): for BDF2 `qₙ₋₁`, `vₙ₋₁` and the Δt
/// of the step between them; empty for one-step schemes.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct IntegratorState {
    /// The scheme that saved it.
    pub kind: IntegratorKind,
    /// `qₙ₋₁` (empty when there is none).
    pub q_prev: Vec<f64>,
    /// `vₙ₋₁` (empty when there is none).
    pub v_prev: Vec<f64>,
    /// Δt of the last accepted step (NaN before the first).
    pub dt: f64,
}

impl Default for IntegratorState {
    fn default() -> Self {
        Self::empty(IntegratorKind::ImplicitEuler)
    }
}

impl IntegratorState {
    /// No memory, for scheme `kind`.
    pub fn empty(kind: IntegratorKind) -> Self {
        Self {
            kind,
            q_prev: Vec::new(),
            v_prev: Vec::new(),
            dt: f64::NAN,
        }
    }

    /// An error unless the state was saved by `kind`.
    pub(super) fn check_kind(&self, kind: IntegratorKind) -> Result<(), String> {
        if self.kind == kind {
            Ok(())
        } else {
            Err(format!(
                "the checkpoint was written by the {} integrator, the scene uses {}",
                self.kind, kind
            ))
        }
    }
}
