//! `N_IMC`: the contact energy of the Implicit Contact Model (Tong et al.; seed 001 Eq. 9, in
//! the normalised form of App. B.1).
//!
//! With `h = (r₁ + r₂)/2` (the rod radius for equal rods), `Δ̄ = Δ/h`, `δ̄ = δ/h` and
//! `K₁ = 15/δ̄` (Eq. B.2, `K₁ = 15h/δ`):
//!
//! ```text
//! E(Δ̄) = (2 − Δ̄)²                                  Δ̄ ≤ 2 − δ̄
//!        ((1/K₁) ln(1 + exp(K₁(2 − Δ̄))))²          2 − δ̄ < Δ̄ < 2 + δ̄
//!        0                                          Δ̄ ≥ 2 + δ̄
//! ```
//!
//! The contact force is `f = −k ∇ₓE = −(k/h) E′(Δ̄) ∇Δ` and its Jacobian
//! `∂f/∂x = −(k/h²) E″ ∇Δ∇Δᵀ − (k/h) E′ ∇²Δ` (Alg. 1, lines 3–5; the 1/h and 1/h² factors are
//! those of App. B.1). With `s = ln(1 + e^a)/K₁`, `a = K₁(2 − Δ̄)`, `σ = 1/(1 + e^{−a})`:
//! `E′ = −2sσ`, `E″ = 2σ² + 2sK₁σ(1 − σ)` in the band; `E′ = −2(2 − Δ̄)`, `E″ = 2` below it.
//! The branches meet within `ln(1 + e^{−15})/K₁ ≈ 3·10⁻⁷/K₁` (the paper's formula; this jump
//! is below round-off of any practical force).
//!
//! The stiffness `k` scales the dimensionless energy (its units are N·m, forces being
//! `(k/h)E′`). It is either fixed or adaptive, per Eq. B.5: once per time step,
//! `k = s · max ‖F_i^total‖` over the nodes of the pairs in contact, with `F^total` the
//! non-contact (elastic + external) force at the start of the step, `s = 10⁵` by default
//! (seed 001 App. B.3, Alg. 2 line 12). Until forces are known, and whenever none acts on the
//! contact nodes, `k` keeps its previous value (initially `floor`).

use super::scalar_force::{ScalarForce, add_normal_force};
use crate::contact::ctx::ContactCtx;
use crate::contact::element::{
    Adaptive, Category, ChainElement, ContactLineSearch, ElementDoc, Env, SolverNeeds, StepInfo,
    StepNeeds,
};
use crate::contact::element::{Caps, Gives, Needs};
use serde::{Deserialize, Serialize};

/// How the IMC contact stiffness is set.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum ImcStiffness {
    /// A fixed `k`.
    Fixed(f64),
    /// `k = scale · max ‖F_i^total‖` over contact nodes, once per step (Eq. B.5).
    Adaptive {
        /// Scale factor `s` (default 10⁵).
        #[serde(default = "default_scale")]
        scale: f64,
        /// Lower bound and initial value of `k` (default 0).
        #[serde(default)]
        floor: f64,
    },
}

fn default_scale() -> f64 {
    1e5
}

/// The IMC contact energy as a normal law.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Imc {
    /// Distance tolerance `δ` (m): forces act for `Δ < r₁ + r₂ + δ`.
    pub delta: f64,
    /// Stiffness rule.
    pub stiffness: ImcStiffness,
    /// The adapted stiffness (see [`Adaptive`]).
    #[serde(skip)]
    state: ImcState,
}

/// The adaptive state of `N_IMC`: the stiffness set at the last step where forces acted on
/// contact nodes (`None` before: the rule's floor, or the fixed value, applies).
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize, Deserialize)]
pub struct ImcState {
    /// Current stiffness `k` (N·m).
    pub k: Option<f64>,
}

impl Default for Imc {
    /// δ = 10 µm with the adaptive stiffness of seed 001 (s = 10⁵).
    fn default() -> Self {
        Self::new(
            1e-5,
            ImcStiffness::Adaptive {
                scale: default_scale(),
                floor: 0.0,
            },
        )
    }
}

impl Imc {
    /// An IMC law with tolerance `delta` (m) and stiffness rule `stiffness`.
    pub fn new(delta: f64, stiffness: ImcStiffness) -> Self {
        Self {
            delta,
            stiffness,
            state: ImcState::default(),
        }
    }

    /// The stiffness in force now.
    pub fn stiffness(&self) -> f64 {
        self.state.k.unwrap_or(match self.stiffness {
            ImcStiffness::Fixed(k) => k,
            ImcStiffness::Adaptive { floor, .. } => floor,
        })
    }

    /// `(E, E′, E″)` of Eq. B.1 at `Δ̄` for normalised tolerance `δ̄`.
    pub fn energy(db: f64, dbar: f64) -> (f64, f64, f64) {
        if db >= 2.0 + dbar {
            return (0.0, 0.0, 0.0);
        }
        if db <= 2.0 - dbar {
            let x = 2.0 - db;
            return (x * x, -2.0 * x, 2.0);
        }
        let k1 = 15.0 / dbar;
        let a = k1 * (2.0 - db);
        // Stable softplus ln(1 + eᵃ) and logistic σ(a), from one exponential e^{−|a|} (at
        // a = 0 both forms read e⁰ = 1).
        let e = if a > 0.0 { (-a).exp() } else { a.exp() };
        let sp = if a > 0.0 { a + e.ln_1p() } else { e.ln_1p() };
        let sigma = if a >= 0.0 {
            1.0 / (1.0 + e)
        } else {
            e / (1.0 + e)
        };
        let s = sp / k1;
        (
            s * s,
            -2.0 * s * sigma,
            2.0 * sigma * sigma + 2.0 * s * k1 * sigma * (1.0 - sigma),
        )
    }
}

static DOC: ElementDoc = ElementDoc {
    name: "N_IMC",
    category: Category::Normal,
    summary: "Implicit Contact Model energy (squared softplus of the gap), fixed or adaptive stiffness",
    details: "Parameters: delta δ (m), stiffness: Fixed(k) or Adaptive(scale: s = 1e5, floor: 0). \
              h = (r₁ + r₂)/2, Δ̄ = Δ/h, δ̄ = δ/h, K₁ = 15/δ̄; E = (2 − Δ̄)² for Δ̄ ≤ 2 − δ̄, \
              ((1/K₁)ln(1 + exp(K₁(2 − Δ̄))))² for Δ̄ < 2 + δ̄, else 0. f = −(k/h)E′∇Δ, exact ∂f/∂x. \
              Adaptive: k = s·max‖F_total‖ over contact nodes, once per step. Source: seed 001 Eq. 9, \
              App. B.1–B.3 (Eqs. B.1, B.2, B.5), Alg. 1–2.",
};

impl ChainElement for Imc {
    fn doc(&self) -> &'static ElementDoc {
        &DOC
    }
    fn needs(&self) -> Needs {
        Needs::caps(Caps::GEOMETRY).with_solver(SolverNeeds {
            line_search: Some(ContactLineSearch::Residual),
            reach: self.delta,
            lag_updates: 0,
            ..SolverNeeds::NONE
        })
    }
    fn gives(&self) -> Gives {
        Gives::caps(Caps::NORMAL_FORCE)
    }
    fn validate(&self) -> Result<(), String> {
        if !(self.delta.is_finite() && self.delta > 0.0) {
            return Err(format!(
                "delta must be a positive distance (m), got {}",
                self.delta
            ));
        }
        match self.stiffness {
            ImcStiffness::Fixed(k) if !(k.is_finite() && k > 0.0) => {
                Err(format!("Fixed stiffness must be > 0, got {k}"))
            }
            ImcStiffness::Adaptive { scale, floor }
                if !(scale.is_finite() && scale > 0.0 && floor.is_finite() && floor >= 0.0) =>
            {
                Err(format!(
                    "Adaptive needs scale > 0 and floor ≥ 0, got scale {scale}, floor {floor}"
                ))
            }
            _ => Ok(()),
        }
    }
    fn evaluate(&self, _env: &Env, ctx: &mut ContactCtx) {
        let h = 0.5 * (ctx.radius[0] + ctx.radius[1]);
        if h.is_nan() || h <= 0.0 || ctx.distance <= 0.0 {
            ctx.reject = true;
            return;
        }
        let (db, dbar) = (ctx.distance / h, self.delta / h);
        if db >= 2.0 + dbar {
            ctx.reject = true;
            return;
        }
        let k = self.stiffness();
        let (e, e1, e2) = Self::energy(db, dbar);
        // As a scalar law in the overlap δ (dδ = −dΔ): F = −(k/h)E′, ∂F/∂δ = (k/h²)E″.
        add_normal_force(
            ctx,
            ScalarForce {
                force: -k * e1 / h,
                d_overlap: k * e2 / (h * h),
                d_rate: 0.0,
                energy: k * e,
            },
        );
    }
}

impl Adaptive for Imc {
    type State = ImcState;
    fn step_needs(&self) -> StepNeeds {
        StepNeeds {
            forces: matches!(self.stiffness, ImcStiffness::Adaptive { .. }),
            pairs: false,
        }
    }
    fn state(&self) -> ImcState {
        self.state
    }
    fn set_state(&mut self, state: ImcState) {
        self.state = state;
    }
    fn begin_step(&mut self, step: &StepInfo) {
        if let ImcStiffness::Adaptive { scale, floor } = self.stiffness {
            let fmax = step
                .contact_points
                .iter()
                .map(|&p| {
                    let p = p as usize;
                    let f = &step.forces[p..p + 3];
                    (f[0] * f[0] + f[1] * f[1] + f[2] * f[2]).sqrt()
                })
                .fold(0.0, f64::max);
            if fmax > 0.0 {
                self.state.k = Some((scale * fmax).max(floor));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::verify::derivative;

    #[test]
    fn energy_derivatives_match_finite_differences_in_every_branch() {
        let dbar = 0.05;
        for &db in &[0.5, 1.9, 1.96, 1.99, 2.0, 2.01, 2.04, 2.049] {
            let (_, e1, e2) = Imc::energy(db, dbar);
            let h = 1e-7;
            let fd1 = derivative(|d| Imc::energy(d, dbar).0, db, h);
            let fd2 = derivative(|d| Imc::energy(d, dbar).1, db, h);
            assert!(
                (fd1 - e1).abs() <= 1e-6 * e1.abs().max(1e-12),
                "E′ at {db}: {e1} vs {fd1}"
            );
            assert!(
                (fd2 - e2).abs() <= 1e-5 * e2.abs().max(1e-9),
                "E″ at {db}: {e2} vs {fd2}"
            );
        }
    }

    /// One exponential serves the softplus and the logistic: the same bits as evaluating
    /// `e^{−a}` or `eᵃ` once per use, across the band (both signs of `a`, and `a = 0`).
    #[test]
    fn the_shared_exponential_keeps_the_bits() {
        let reference = |db: f64, dbar: f64| {
            let k1 = 15.0 / dbar;
            let a = k1 * (2.0 - db);
            let sp = if a > 0.0 {
                a + (-a).exp().ln_1p()
            } else {
                a.exp().ln_1p()
            };
            let sigma = if a >= 0.0 {
                1.0 / (1.0 + (-a).exp())
            } else {
                a.exp() / (1.0 + a.exp())
            };
            let s = sp / k1;
            (
                s * s,
                -2.0 * s * sigma,
                2.0 * sigma * sigma + 2.0 * s * k1 * sigma * (1.0 - sigma),
            )
        };
        let mut rng = crate::verify::Rng::new(5);
        let dbar = 0.01;
        let cases = (0..2000).map(|_| 2.0 + dbar * rng.signed()).chain([2.0]);
        for db in cases {
            let (got, want) = (Imc::energy(db, dbar), reference(db, dbar));
            assert_eq!(
                [got.0.to_bits(), got.1.to_bits(), got.2.to_bits()],
                [want.0.to_bits(), want.1.to_bits(), want.2.to_bits()],
                "Δ̄ = {db}"
            );
        }
    }

    #[test]
    fn energy_is_nearly_continuous_at_the_branch_seams() {
        let dbar = 0.02;
        let k1 = 15.0 / dbar;
        let tol = 2.0 * (-15.0f64).exp() / k1;
        let (a, _, _) = Imc::energy(2.0 - dbar - 1e-12, dbar);
        let (b, _, _) = Imc::energy(2.0 - dbar + 1e-12, dbar);
        assert!((a.sqrt() - b.sqrt()).abs() < tol + 1e-10);
        let (c, _, _) = Imc::energy(2.0 + dbar - 1e-12, dbar);
        assert!(c.sqrt() < tol);
        // Monotone decreasing and convex over the band.
        let mut prev = f64::INFINITY;
        for i in 0..200 {
            let db = 1.9 + 0.15 * i as f64 / 200.0;
            let (e, e1, e2) = Imc::energy(db, dbar);
            assert!(e <= prev && e1 <= 0.0 && e2 >= 0.0);
            prev = e;
        }
    }
}
