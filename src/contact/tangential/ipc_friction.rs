//! `T_IPC`: lagged, smoothed Coulomb friction of Incremental Potential Contact (Li et al. 2020,
//! "Incremental Potential Contact", §5, Eqs. 12–16).
//!
//! For each contact the normal force magnitude `λ` and the tangent frame — the normal `n̂` and
//! the closest-point weights (the parameters `β` on segments, the barycentric coordinates
//! `λ_abc` on a triangle: IPC §5 lags the tangent basis together with the closest-point
//! coordinates it is built from) — are **frozen** at a lagging point: the previous accepted
//! configuration `xₙ` (every evaluation writes its own `λ, n̂, β, λ_abc` into the pair's trial
//! history, and the committed one of the last step is that at `xₙ`), refreshed `lag_updates`
//! times per step at the converged configuration. With them fixed, friction is a potential:
//!
//! ```text
//! u = P Γ (x − xₙ) = Δt · P Γ v          tangential relative displacement of the step (m)
//! D(x) = μ λ f₀(‖u‖)                     (J)
//! f₀(y) = −y³/(3ε²) + y²/ε + ε/3  (y < ε),   y  (y ≥ ε)        ε = ε_v Δt
//! f₁(y) = f₀′(y) = −y²/ε² + 2y/ε  (y < ε),   1  (y ≥ ε)
//! ```
//!
//! with `Γ` (3×12) the relative velocity at the contact point, `Γ v = Σ_{side 1} wₐvₐ − Σ_{side 2} w_b v_b`
//! (weights `1 − β`, `β` on a segment, 1 on a point, the barycentric `λ_a, λ_b, λ_c` on a
//! triangle; see [`contact_weights`](super::contact_weights)), and `P = I − n̂n̂ᵀ`. The force is
//! `f = −∇D = −μλ (f₁(y)/y) Γᵀu` — on every point of both sides, a triangle's nodes by their
//! weights — and since it depends on `x` only through `v` here (the weights are lagged, so no
//! `∂Γ/∂x` term),
//! `∂f/∂v = −μλ Δt ΓᵀP [ (f₁/y) I + ((f₁/y)′/y) u uᵀ ] PΓ` with `(f₁/y)′/y = −1/(ε²y)` below ε and
//! `−1/y³` above (bounded at `y → 0`, where `f₁/y → 2/ε`); `∂f/∂x = 0` (the system adds
//! `∂f/∂v / Δt`). Stick is the smooth branch `y < ε`: a sticking contact creeps at speeds
//! below `ε_v`. Being a potential for the step, the law is conservative for the energy line
//! search.
//!
//! Under each time integrator, `Δt` above is `h = ctx.step.h()`, the time over which the
//! evaluation point moves by `h v` from the velocity origin, so that `u = hPΓv` is the
//! tangential displacement of the evaluation point and `D = h·Ψ(v)` is the dissipation potential
//! the incremental potential needs (`∂D/∂z = −f`): implicit Euler `h = Δt` (`u = PΓ(x − xₙ)`,
//! IPC as published), BDF2 `h = 2Δt/3` (`u = PΓ(x − (4xₙ − xₙ₋₁)/3)`), implicit midpoint
//! `h = Δt/2` (`u` the slip from `xₙ` to the midpoint). The force depends on `v` alone (`ε` scales
//! with `h` too), so only the energy differs between schemes.

use super::contact_weights::relative_weights;
use crate::contact::core::{Mat12, Vec12};
use crate::contact::ctx::ContactCtx;
use crate::contact::element::{Caps, Gives, Memory, MemorySpec, Needs, SolverNeeds};
use crate::contact::element::{Category, ChainElement, ElementDoc, Env};
use crate::math::{Mat3, Vec3};
use nalgebra::SMatrix;
use serde::{Deserialize, Serialize};

type Mat3x12 = SMatrix<f64, 3, 12>;

/// IPC friction.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct IpcFriction {
    /// Friction coefficient μ.
    pub mu: f64,
    /// Static-friction velocity threshold ε_v (m/s): tangential speeds below it are the smooth
    /// stick branch.
    pub eps_v: f64,
    /// Extra lagging updates per step (0: λ and the tangent frame are those of `xₙ`).
    #[serde(default)]
    pub lag_updates: u32,
}

static DOC: ElementDoc = ElementDoc {
    name: "T_IPC",
    category: Category::Tangential,
    summary: "IPC lagged smoothed friction: a friction potential with λ and tangent frame frozen per lagging iteration",
    details: "Parameters: mu μ (−), eps_v ε_v (m/s), lag_updates (default 0). u = ΔtPΓv (tangential \
              relative displacement at the lagged contact point), D = μλf₀(‖u‖), f₀(y) = −y³/(3ε²) + y²/ε + ε/3 \
              for y < ε = ε_vΔt, else y; f = −μλ f₁(y) u/‖u‖ on the pair (reaction on side 2), exact \
              ∂f/∂v. λ, n̂ and the closest-point weights (β on segments, barycentric λ on \
              triangles) frozen at xₙ and refreshed lag_updates times per step. \
              Source: Li et al. 2020 (IPC) §5, Eqs. 12–16.",
};

/// The lagged contact quantities of IPC friction (Li et al. 2020 §5): the normal force
/// magnitude λ and the tangent frame (normal, closest-point parameters on segments and
/// barycentric coordinates on a triangle) at the lagging point; `T_IPC`'s per-pair memory
/// (lagged: moved to the converged configuration by lagging updates). Words: λ, n̂ (3), β (2),
/// then the barycentric coordinates (3), which checkpoints written before them lack (read as
/// zeros: `T_IPC` then takes the current ones).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Lagged {
    /// Normal force magnitude λ (N).
    pub normal_force: f64,
    /// Unit contact normal.
    pub normal: Vec3,
    /// Closest-point parameters β₁, β₂.
    pub beta: [f64; 2],
    /// Barycentric coordinates of the closest point on a triangle side (zeros without one).
    pub bary: [f64; 3],
}

impl Memory for Lagged {
    const WORDS: usize = 9;
    fn load(w: &[f64]) -> Self {
        Self {
            normal_force: w[0],
            normal: Vec3::new(w[1], w[2], w[3]),
            beta: [w[4], w[5]],
            bary: [w[6], w[7], w[8]],
        }
    }
    fn store(&self, w: &mut [f64]) {
        w[0] = self.normal_force;
        w[1..4].copy_from_slice(self.normal.as_slice());
        w[4..6].copy_from_slice(&self.beta);
        w[6..9].copy_from_slice(&self.bary);
    }
}

impl Default for IpcFriction {
    /// μ = 0.1, ε_v = 1 mm/s, no extra lagging update.
    fn default() -> Self {
        Self {
            mu: 0.1,
            eps_v: 1e-3,
            lag_updates: 0,
        }
    }
}

impl IpcFriction {
    /// `(f₀(y), f₁(y)/y, ((f₁/y)′)/y)` for `ε = eps` (the last two are finite at y = 0).
    pub fn mollifier(y: f64, eps: f64) -> (f64, f64, f64) {
        if y < eps {
            (
                -y * y * y / (3.0 * eps * eps) + y * y / eps + eps / 3.0,
                -y / (eps * eps) + 2.0 / eps,
                if y > 0.0 { -1.0 / (eps * eps * y) } else { 0.0 },
            )
        } else {
            (y, 1.0 / y, -1.0 / (y * y * y))
        }
    }
}

/// The relative-velocity operator Γ = [w₀I … w₃I] (3×12) at parameters `beta` (segments) and
/// barycentric coordinates `bary` (a triangle) for the point counts of `ctx`.
fn gamma_operator(ctx: &ContactCtx, beta: [f64; 2], bary: [f64; 3]) -> Mat3x12 {
    let w = relative_weights(ctx, beta, bary);
    let mut g = Mat3x12::zeros();
    for (k, wk) in w.into_iter().enumerate().take(ctx.n_points()) {
        for c in 0..3 {
            g[(c, 3 * k + c)] = wk;
        }
    }
    g
}

impl ChainElement for IpcFriction {
    fn doc(&self) -> &'static ElementDoc {
        &DOC
    }
    fn needs(&self) -> Needs {
        Needs::caps(Caps::GEOMETRY.with(Caps::NORMAL_FORCE))
            .with_memory(MemorySpec::lagged::<Lagged>())
            .with_solver(SolverNeeds {
                lag_updates: self.lag_updates,
                ..SolverNeeds::NONE
            })
    }
    fn gives(&self) -> Gives {
        Gives::caps(Caps::TANGENTIAL_FORCE)
    }
    fn validate(&self) -> Result<(), String> {
        if !(self.mu.is_finite() && self.mu >= 0.0) {
            return Err(format!("mu must be ≥ 0, got {}", self.mu));
        }
        if !(self.eps_v.is_finite() && self.eps_v > 0.0) {
            return Err(format!(
                "eps_v must be a positive speed (m/s), got {}",
                self.eps_v
            ));
        }
        Ok(())
    }
    fn evaluate(&self, _env: &Env, ctx: &mut ContactCtx) {
        let lag: Lagged = ctx.memory();
        // Record this configuration as the next lagging point.
        let here = Lagged {
            normal_force: ctx.normal_force,
            normal: ctx.normal,
            beta: ctx.beta,
            bary: ctx.bary,
        };
        ctx.write_memory(&here, here.normal_force > 0.0);
        if self.mu == 0.0 || lag.normal_force <= 0.0 || !lag.normal_force.is_finite() {
            return;
        }
        let dt = ctx.step.h();
        let eps = self.eps_v * dt;
        let n = lag.normal;
        let p = Mat3::identity() - n * n.transpose();
        // A lagging point without barycentric coordinates (a checkpoint written before they
        // were kept) takes the current ones; a triangle's always sum to 1.
        let bary = if lag.bary == [0.0; 3] {
            ctx.bary
        } else {
            lag.bary
        };
        let pg = p * gamma_operator(ctx, lag.beta, bary);
        let u: Vec3 = pg * ctx.velocity() * dt;
        let y = u.norm();
        let (f0, f1_over_y, d_over_y) = Self::mollifier(y, eps);
        let c = self.mu * lag.normal_force;
        ctx.energy += c * f0;
        let pgt = pg.transpose();
        let f: Vec12 = pgt * u * (-c * f1_over_y);
        ctx.force += f;
        if ctx.want_jacobian {
            let inner = Mat3::identity() * f1_over_y + u * u.transpose() * d_over_y;
            let dfdv: Mat12 = pgt * inner * pg * (-c * dt);
            ctx.dfdv += dfdv;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::verify::derivative;

    #[test]
    fn mollifier_is_c1_and_its_derivatives_match() {
        let eps = 1e-3;
        for &y in &[1e-6, 3e-4, 9.99e-4, 1.5e-3] {
            let (_, g, dg) = IpcFriction::mollifier(y, eps);
            let h = 1e-7 * y.max(1e-6);
            let f0_prime = derivative(|y| IpcFriction::mollifier(y, eps).0, y, h);
            let g_prime = derivative(|y| IpcFriction::mollifier(y, eps).1, y, h);
            // f₀′ = f₁ = y·(f₁/y)
            assert!((f0_prime - g * y).abs() < 1e-6, "f₀′ at {y}");
            assert!((g_prime - dg * y).abs() < 1e-4 * (dg * y).abs() + 1e-6);
        }
        let (a, _, _) = IpcFriction::mollifier(eps * (1.0 - 1e-12), eps);
        let (b, _, _) = IpcFriction::mollifier(eps, eps);
        assert!((a - b).abs() < 1e-12);
        // f₁ reaches exactly 1 at ε and is 0 at rest.
        assert!((IpcFriction::mollifier(eps * 0.999_999, eps).1 * eps - 1.0).abs() < 1e-5);
    }
}
