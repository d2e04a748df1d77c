//! `SerialDashpot` (mpacts, seed 003): a dashpot in series with the spring law before it
//! (`Spring`, `Spring_Damper`), which makes the spring a Maxwell element by letting its rest
//! length flow:
//!
//! `dL₀/dt = −f₁₂/c` while `L/L₀ > slip_threshold` (default 0: always),
//!
//! with `f₁₂ = k (L₀ − L)` the spring's elastic force (N, positive pushing apart; the
//! `Spring_Damper`'s parallel dashpot is not part of it), `L = Δ` the distance (m), `L₀` the rest
//! length (m) and `c` the dashpot coefficient (N·s/m): a stretched spring's rest length grows
//! towards its length with the time constant `τ = c/k` (s). `c` is the element's `damping`, or the
//! one a `MaxwellFluidShell` before it computed from the shell's material.
//!
//! **Step.** The rest length lives in the spring law's per-pair memory ([`RestLength`]): a
//! Newton iterate's force uses the rest length committed with the last step (lagged over the
//! step), and this element writes the relaxed value, `L₀ ← L − (L − L₀) exp(−k Δt/c)` (the exact
//! solution over the step with `L` held at the iterate's length,
//! [`relax_rest_length`](crate::elastic::relax_rest_length)), as the trial committed with the
//! accepted step — i.e. from the converged length. The relaxation never overshoots `L`, so the
//! spring stays on its side (`k_stretch` or `k_compress`) and the update is stable for any
//! `Δt`; it adds no Jacobian (the step's force does not depend on the new rest length). In a
//! `Static` run, `Δt` is the load step. The memory is checkpointed with the pair's history.
//!
//! Held at a fixed length, the force decays exactly as `exp(−t/τ)` at the steps; under a
//! constant force `f` the length creeps at the rate `f/c` (to first order in `Δt/τ`).

use super::spring::RestLength;
use crate::contact::ctx::ContactCtx;
use crate::contact::element::{Caps, Category, ChainElement, ElementDoc, Env, Gives, Needs};
use crate::elastic::relax_rest_length;
use serde::{Deserialize, Serialize};

/// Dashpot in series with the spring law before it.
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SerialDashpot {
    /// Dashpot coefficient `c` (N·s/m); default: the one a `MaxwellFluidShell` set.
    #[serde(default)]
    pub damping: Option<f64>,
    /// The rest length relaxes only while `L/L₀` exceeds this (−; default 0: always).
    #[serde(default)]
    pub slip_threshold: f64,
}

static DOC: ElementDoc = ElementDoc {
    name: "SerialDashpot",
    category: Category::Normal,
    summary: "dashpot in series with the spring before it: dL₀/dt = −f₁₂/c (Maxwell element)",
    details: "After Spring or Spring_Damper (and optionally MaxwellFluidShell). The spring's rest length \
              L₀ (m, in the spring's pair memory, checkpointed) relaxes as dL₀/dt = −f₁₂/c = k(L − L₀)/c \
              while L/L₀ > slip_threshold, f₁₂ = k(L₀ − L) the elastic spring force (N). Parameters: \
              damping c (N·s/m, default: MaxwellFluidShell's), slip_threshold (−, default 0: always). \
              Per step L₀ ← L − (L − L₀)·exp(−kΔt/c) from the converged length (exact for a held length, \
              stable for any Δt); the step's force uses the lagged L₀, no Jacobian is added. Held length: \
              force ∝ exp(−t k/c); constant force f: creep at f/c. Source: mpacts SerialDashpot (seed 003); \
              the Maxwell model.",
};

impl ChainElement for SerialDashpot {
    fn doc(&self) -> &'static ElementDoc {
        &DOC
    }
    fn needs(&self) -> Needs {
        let caps = Caps::SPRING_REST;
        Needs::caps(if self.damping.is_some() {
            caps
        } else {
            caps.with(Caps::DASHPOT)
        })
    }
    fn gives(&self) -> Gives {
        Gives::caps(Caps::NONE)
    }
    fn validate(&self) -> Result<(), String> {
        if let Some(c) = self.damping
            && !(c.is_finite() && c > 0.0)
        {
            return Err(format!(
                "damping must be a positive number (N·s/m), got {c}"
            ));
        }
        if !(self.slip_threshold.is_finite() && self.slip_threshold >= 0.0) {
            return Err(format!(
                "slip_threshold must be a non-negative number, got {}",
                self.slip_threshold
            ));
        }
        Ok(())
    }
    fn evaluate(&self, _env: &Env, ctx: &mut ContactCtx) {
        if ctx.reject {
            return;
        }
        let Some(spring) = ctx.spring else { return };
        let c = self.damping.unwrap_or(spring.dashpot);
        let (l, l0) = (spring.distance, spring.rest_length);
        let value = if l / l0 > self.slip_threshold && c > 0.0 {
            relax_rest_length(l, l0, spring.stiffness * ctx.dt / c)
        } else {
            l0
        };
        // Written even when unchanged: a spring with a given rest length does not write its
        // memory itself, and a rest length moved earlier must survive the step.
        let relaxed = RestLength {
            value,
            established: true,
            ..spring.memory
        };
        ctx.memory.write(&spring.slot, &relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parameters_are_checked() {
        let bad = SerialDashpot {
            damping: Some(-1.0),
            ..Default::default()
        };
        assert!(bad.validate().unwrap_err().contains("damping"));
        let bad = SerialDashpot {
            slip_threshold: f64::NAN,
            ..Default::default()
        };
        assert!(bad.validate().unwrap_err().contains("slip_threshold"));
        // Without its own coefficient it needs a MaxwellFluidShell's.
        assert!(
            SerialDashpot::default()
                .needs()
                .caps
                .contains(Caps::DASHPOT)
        );
    }
}
