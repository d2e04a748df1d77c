//! [`MaxwellMembrane`]: a shell (or cell) membrane that flows as a Maxwell fluid — the rest
//! state of its membrane relaxes towards the current shape after every accepted step, as the
//! springs of mpacts' `MaxwellFluidShell` + `SerialDashpot` chains do (seed 003).
//!
//! * **Edge springs** (`ShellMembrane::Springs`): an edge's energy `½ k_s ε² L̄` with
//!   `k_s = n (√3/4) E h L̄` is the linear spring `½ α (L − L̄)²`, `α = n (√3/4) E h` (N/m,
//!   `n` its number of triangles), so each rest length relaxes with mpacts' serial dashpot law
//!   `dL̄/dt = −f/c = (L − L̄)/τ` with the coefficient `c = α τ` (N·s/m): every edge has the
//!   relaxation time `τ` given. In mpacts' terms, `MaxwellFluidShell(τ_R)` sets
//!   `c = τ_R h E/√3`, which on catena's interior-edge spring `α = (√3/2) E h` is the time
//!   constant `c/α = (2/3) τ_R`: mpacts' `τ_R` is `relaxation_time: (2/3) τ_R` here.
//! * **Constant-strain triangles** (`ShellMembrane::Cst`): the rest metric `Ḡ` (the Gram
//!   matrix of the rest edges, m²) of every triangle relaxes as `dḠ/dt = (G − Ḡ)/τ`, so the
//!   Green strain `½(Ḡ⁻¹G − I)` — and the plane stress — decays as `exp(−t/τ)` at small strain;
//!   the triangle's rest area follows `Ḡ` (`Ā = ½ √det Ḡ`).
//!
//! Each step uses the exact update of [`relax_rest_length`] from the converged configuration
//! (`x̄ ← x − (x − x̄) exp(−Δt/τ)` per rest length or metric component: stable for any `Δt`,
//! a convex combination that keeps `Ḡ` positive definite); the Newton solve of the step uses
//! the rest state of its start (lagged) and gets no extra Jacobian. The rest state is part of
//! the body's checkpointed state. Hyperelastic membranes (Skalak, Yeoh) are not covered.

use super::{Shell, ShellMembrane};
use crate::elastic::relax_rest_length;
use crate::math::Vec3;
use nalgebra::Matrix2;

/// The Maxwell relaxation of a shell's membrane.
#[derive(Debug, Clone, PartialEq)]
pub struct MaxwellMembrane {
    /// Relaxation time `τ` (s) of every rest length (springs) or rest metric (CST).
    pub relaxation_time: f64,
    /// The rest metric `(Ḡ₁₁, Ḡ₁₂, Ḡ₂₂)` (m²) of every triangle (CST membranes; empty for
    /// springs, whose rest lengths are the shell's `rest_lengths`).
    pub rest_metrics: Vec<[f64; 3]>,
}

/// The Gram matrix `(u·u, u·v, v·v)` (m²) of the triangle `(a, b, c)`, `u = b − a`, `v = c − a`.
fn metric(a: &Vec3, b: &Vec3, c: &Vec3) -> [f64; 3] {
    let (u, v) = (b - a, c - a);
    [u.dot(&u), u.dot(&v), v.dot(&v)]
}

impl Shell {
    /// Makes the membrane a Maxwell fluid of relaxation time `tau` (s), from the rest mesh;
    /// an error for a hyperelastic membrane.
    pub fn set_maxwell(&mut self, tau: f64) -> Result<(), String> {
        if !(tau.is_finite() && tau > 0.0) {
            return Err(format!(
                "the Maxwell relaxation_time must be a positive number (s), got {tau}"
            ));
        }
        let rest_metrics = match self.membrane {
            ShellMembrane::Springs => Vec::new(),
            ShellMembrane::Cst => self
                .mesh
                .triangles
                .iter()
                .map(|t| {
                    let [a, b, c] = t.map(|n| self.mesh.nodes[n as usize]);
                    metric(&a, &b, &c)
                })
                .collect(),
            ShellMembrane::Hyperelastic(_) => {
                return Err(
                    "a Maxwell membrane needs the Springs or Cst membrane (not a hyperelastic law)"
                        .into(),
                );
            }
        };
        self.maxwell = Some(MaxwellMembrane {
            relaxation_time: tau,
            rest_metrics,
        });
        Ok(())
    }

    /// The current rest metric of triangle `t` as a matrix (m²), when the membrane is a
    /// Maxwell CST one.
    pub fn maxwell_metric(&self, t: usize) -> Option<Matrix2<f64>> {
        let m = self.maxwell.as_ref()?.rest_metrics.get(t)?;
        Some(Matrix2::new(m[0], m[1], m[1], m[2]))
    }

    /// Relaxes the membrane's rest state over an accepted step of `dt` (s) that ended at
    /// `q_new` (module documentation); nothing without a Maxwell membrane.
    pub fn relax_membrane(&mut self, q_new: &[f64], dt: f64) {
        let Some(maxwell) = self.maxwell.as_mut() else {
            return;
        };
        let x = dt / maxwell.relaxation_time;
        let node = |i: u32| {
            let k = self.offset + 3 * i as usize;
            Vec3::new(q_new[k], q_new[k + 1], q_new[k + 2])
        };
        if maxwell.rest_metrics.is_empty() {
            for (edge, rest) in self.topology.edges.iter().zip(&mut self.rest_lengths) {
                let length = (node(edge.nodes[1]) - node(edge.nodes[0])).norm();
                *rest = relax_rest_length(length, *rest, x);
            }
        } else {
            for (tri, rest) in self.mesh.triangles.iter().zip(&mut maxwell.rest_metrics) {
                let [a, b, c] = tri.map(node);
                let now = metric(&a, &b, &c);
                for (r, g) in rest.iter_mut().zip(now) {
                    *r = relax_rest_length(g, *r, x);
                }
            }
        }
    }

    /// The relaxed rest state, for checkpoints: the rest lengths (springs) or the flattened
    /// rest metrics (CST); empty without a Maxwell membrane.
    pub fn maxwell_state(&self) -> Vec<f64> {
        match &self.maxwell {
            None => Vec::new(),
            Some(m) if m.rest_metrics.is_empty() => self.rest_lengths.clone(),
            Some(m) => m.rest_metrics.iter().flatten().copied().collect(),
        }
    }

    /// Restores what [`Shell::maxwell_state`] saved.
    pub fn restore_maxwell_state(&mut self, state: &[f64]) -> Result<(), String> {
        let expected = self.maxwell_state().len();
        if state.len() != expected {
            return Err(format!(
                "the checkpoint holds {} rest values for shell \"{}\", which has {expected}",
                state.len(),
                self.name
            ));
        }
        match self.maxwell.as_mut() {
            None => {}
            Some(m) if m.rest_metrics.is_empty() => self.rest_lengths.copy_from_slice(state),
            Some(m) => {
                for (r, s) in m.rest_metrics.iter_mut().zip(state.chunks_exact(3)) {
                    r.copy_from_slice(s);
                }
            }
        }
        Ok(())
    }
}
