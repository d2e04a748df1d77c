//! `N_Viscoelastic`: a linear viscoelastic (standard linear solid) normal contact, defined
//! outside catena. Started with `catena new-element Viscoelastic --kind normal`, then filled in.
//!
//! A spring `k∞` in parallel with a Maxwell arm (spring `k₁` in series with a dashpot `c`),
//! loaded by the overlap `δ = −gap` (m). The dashpot's elongation `ε` (m) is the law's memory:
//! `c ε̇ = k₁ (δ − ε)`. Over a step of length Δt, implicit Euler from the committed `ε₀` gives
//!
//! - `ε = (ε₀ + r δ)/(1 + r)`, `r = Δt k₁/c` (the trial memory);
//! - `F = k∞ δ + k₁ (δ − ε)` (N), `dF/dδ = k∞ + k₁/(1 + r)` (N/m);
//! - incremental potential `E = ½ k∞ δ² + ½ k₁ (δ − ε)² + (c/2Δt)(ε − ε₀)²` (J), with
//!   `dE/dδ = F` (ε minimises E, so its variation drops out): the force derives from an
//!   energy, and an energy line search may use it;
//! - `f = F ∇Δ`, `∂f/∂x = −(dF/dδ) ∇Δ∇Δᵀ + F ∇²Δ` (symmetric), `∂f/∂v = 0` (the rate enters
//!   through ε and Δt).
//!
//! Relaxation time `τ = c/k₁`: a sudden overlap meets the stiffness `k∞ + k₁` (for Δt ≪ τ);
//! held, the Maxwell arm relaxes and the force decays to `k∞ δ`.
//!
//! When the pair separates (`δ ≤ 0`) the law rejects it and does not write its memory, so the
//! dashpot starts relaxed at the next contact. ε is the law's typed per-pair memory
//! ([`Strain`]): the chain gives it a slot of its own, so no other law can overwrite it.
//!
//! Units: `k_inf`, `k_1` in N/m, `damping` c in N·s/m. Source: Zener, *Elasticity and
//! anelasticity of metals* (1948), the standard linear solid; variational update after Ortiz &
//! Stainier, CMAME 171 (1999) 419.
//!
//! In a chain file:
//! ```ron
//! N_Viscoelastic(k_inf: 2e4, k_1: 4e4, damping: 20.0),
//! ```

use catena::contact::{
    Caps, Category, ChainElement, ContactCtx, ElementDoc, Env, Gives, Memory, MemorySpec, Needs,
    ScalarForce, add_normal_force,
};

/// Standard-linear-solid normal contact (see the module docs).
#[derive(Debug, Clone, Copy, PartialEq, catena::serde::Deserialize)]
#[serde(crate = "catena::serde", deny_unknown_fields)]
pub struct Viscoelastic {
    /// Equilibrium stiffness k∞ (N/m).
    pub k_inf: f64,
    /// Stiffness of the Maxwell arm k₁ (N/m).
    pub k_1: f64,
    /// Dashpot coefficient c (N·s/m).
    pub damping: f64,
}

impl Default for Viscoelastic {
    /// Typical parameters: τ = c/k₁ = 0.5 ms.
    fn default() -> Self {
        Self {
            k_inf: 2e4,
            k_1: 4e4,
            damping: 20.0,
        }
    }
}

/// The per-pair memory: the Maxwell arm's dashpot strain ε (m) at the end of the last
/// accepted step (zero at first contact).
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Strain(pub f64);

impl Memory for Strain {
    const WORDS: usize = 1;
    fn load(w: &[f64]) -> Self {
        Strain(w[0])
    }
    fn store(&self, w: &mut [f64]) {
        w[0] = self.0;
    }
}

static DOC: ElementDoc = ElementDoc {
    name: "N_Viscoelastic",
    category: Category::Normal,
    summary: "standard linear solid: k∞ in parallel with a Maxwell arm (k₁, c)",
    details: "F = k∞ δ + k₁ (δ − ε), c ε̇ = k₁ (δ − ε) by implicit Euler; ε in the pair's memory. \
              Parameters: k_inf, k_1 (N/m), damping c (N·s/m). Source: Zener (1948).",
};

impl Viscoelastic {
    /// The trial dashpot elongation ε (m), `F` (N), `dF/dδ` (N/m) and `E` (J) at overlap `δ`
    /// from the committed elongation `eps0` over a step `dt`.
    pub fn response(&self, delta: f64, eps0: f64, dt: f64) -> (f64, f64, f64, f64) {
        let (k0, k1, c) = (self.k_inf, self.k_1, self.damping);
        let r = dt * k1 / c;
        let eps = (eps0 + r * delta) / (1.0 + r);
        let force = k0 * delta + k1 * (delta - eps);
        let stiffness = k0 + k1 / (1.0 + r);
        let energy = 0.5 * k0 * delta * delta
            + 0.5 * k1 * (delta - eps).powi(2)
            + 0.5 * c / dt * (eps - eps0).powi(2);
        (eps, force, stiffness, energy)
    }
}

impl ChainElement for Viscoelastic {
    fn doc(&self) -> &'static ElementDoc {
        &DOC
    }
    fn needs(&self) -> Needs {
        Needs::caps(Caps::GEOMETRY).with_memory(MemorySpec::of::<Strain>())
    }
    fn gives(&self) -> Gives {
        Gives::caps(Caps::NORMAL_FORCE)
    }
    fn validate(&self) -> Result<(), String> {
        for (name, v, unit) in [
            ("k_inf", self.k_inf, "N/m"),
            ("k_1", self.k_1, "N/m"),
            ("damping", self.damping, "N·s/m"),
        ] {
            if !(v.is_finite() && v > 0.0) {
                return Err(format!(
                    "{name} must be a positive number ({unit}), got {v}"
                ));
            }
        }
        Ok(())
    }
    fn evaluate(&self, _env: &Env, ctx: &mut ContactCtx) {
        let delta = -ctx.gap;
        if delta <= 0.0 {
            ctx.reject = true;
            return;
        }
        // The memory starts as the committed state of this pair: ε₀.
        let Strain(eps0) = ctx.memory();
        let (eps, force, stiffness, energy) = self.response(delta, eps0, ctx.dt);
        // Write the trial; the system commits it only if the step is accepted.
        ctx.set_memory(&Strain(eps));
        add_normal_force(
            ctx,
            ScalarForce {
                force,
                d_overlap: stiffness,
                d_rate: 0.0,
                energy,
            },
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use catena::contact::Chain;
    use catena::verify::{Options, jacobians};

    catena::element_set! {
        /// The built-ins and this element.
        enum Elements {
            /// Every built-in element.
            Builtin(catena::contact::Builtin): set,
            /// The element under test.
            Viscoelastic(Viscoelastic),
        }
    }

    #[test]
    fn jacobians_and_energy_match_finite_differences() {
        let src = "Chain(name: \"test\", elements: [Sphere_1_Data, Plane_2_Data, Sphere_Plane, \
                   N_Viscoelastic(k_inf: 2e4, k_1: 4e4, damping: 20.0), AssembleForces])";
        let chain = Chain::<Elements>::parse(src, std::path::Path::new("test.ron")).unwrap();
        let report = jacobians(&chain, &Options::default()).unwrap();
        assert!(report.passed(), "{report}");
        let row = report.row("N_Viscoelastic").unwrap();
        // The force was compared with −dE/dq in every configuration where the law acted.
        assert!(
            row.acted > 50 && row.gradient_checked == row.acted,
            "{report}"
        );
    }

    #[test]
    fn the_dashpot_relaxes_towards_the_equilibrium_spring() {
        // Held at a fixed overlap, F decays from (k∞ + k₁/(1+r)) δ to k∞ δ.
        let law = Viscoelastic::default();
        let (delta, dt) = (1e-4, 1e-4);
        let (mut eps, first, _, _) = law.response(delta, 0.0, dt);
        let mut f = first;
        for _ in 0..200 {
            (eps, f, _, _) = law.response(delta, eps, dt);
        }
        assert!(first > 1.5 * law.k_inf * delta, "{first}");
        assert!((f - law.k_inf * delta).abs() < 1e-6 * f, "{f}");
    }
}
