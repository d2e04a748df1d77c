//! `N_MyLaw`: a normal contact law (written with `catena new-element MyLaw --kind normal`).
//!
//! Formula (the skeleton's starting point, a linear penalty; replace it with yours): with the
//! overlap `δ = −gap = r₁ + r₂ − Δ` (m),
//! - magnitude `F = k δ` (N), energy `E = ½ k δ²` (J), for `δ > 0` (the pair is rejected
//!   otherwise);
//! - its partial derivatives `∂F/∂δ = k`, `∂F/∂δ̇ = 0`, handed to
//!   `catena::contact::add_normal_force`, which applies the chain rule: `f = F ∇Δ`,
//!   `∂f/∂x = −k ∇Δ ∇Δᵀ + F ∇²Δ` (N/m), `∂f/∂v = 0`.
//!
//! Units: `stiffness` k in N/m. Source: cite the paper and equation of your law here.
//!
//! Use it in a chain file, after a resolver and before the assemblers:
//! ```ron
//! N_MyLaw(stiffness: 1e4),
//! ```
//! Register it in your crate's element set (one set lists all your elements):
//! ```ignore
//! catena::element_set! {
//!     pub enum MyElements {
//!         Builtin(catena::contact::Builtin): set,
//!         MyLaw(n_my_law::MyLaw),
//!     }
//! }
//! ```
//! then load chains and scenes with `Chain::<MyElements>::load` and
//! `catena::scene::build_scene_with::<MyElements>`. Verify: `cargo test` runs the Jacobian
//! check below (`catena::verify::jacobians` on random configurations); a wrong derivative
//! fails it with the configuration where it was found.

use catena::contact::{
    Caps, Category, ChainElement, ContactCtx, ElementDoc, Env, Gives, Needs, ScalarForce,
    add_normal_force,
};

/// `N_MyLaw`: linear penalty `F = k δ` (see the module docs).
#[derive(Debug, Clone, Copy, PartialEq, catena::serde::Deserialize)]
#[serde(crate = "catena::serde", deny_unknown_fields)]
pub struct MyLaw {
    /// Stiffness k (N/m).
    pub stiffness: f64,
}

impl Default for MyLaw {
    /// Typical parameters (used by `catena elements`-style listings and error suggestions).
    fn default() -> Self {
        Self { stiffness: 1e4 }
    }
}

static DOC: ElementDoc = ElementDoc {
    name: "N_MyLaw",
    category: Category::Normal,
    summary: "linear penalty F = k δ",
    details: "F = k δ (N) for overlap δ > 0, E = ½ k δ² (J), f = F ∇Δ. \
              Parameters: stiffness k (N/m). Source: your paper, equation.",
};

impl ChainElement for MyLaw {
    fn doc(&self) -> &'static ElementDoc {
        &DOC
    }
    /// The contact geometry (Δ, gap, ∇Δ, ∇²Δ) from a resolver before it.
    fn needs(&self) -> Needs {
        Needs::caps(Caps::GEOMETRY)
    }
    /// A normal force, for friction laws and the assemblers after it.
    fn gives(&self) -> Gives {
        Gives::caps(Caps::NORMAL_FORCE)
    }
    fn validate(&self) -> Result<(), String> {
        if !(self.stiffness.is_finite() && self.stiffness > 0.0) {
            return Err(format!(
                "stiffness must be a positive number (N/m), got {}",
                self.stiffness
            ));
        }
        Ok(())
    }
    fn evaluate(&self, _env: &Env, ctx: &mut ContactCtx) {
        let delta = -ctx.gap;
        if delta <= 0.0 {
            // Not in contact: no force, and the elements after this one do not run.
            ctx.reject = true;
            return;
        }
        let k = self.stiffness;
        add_normal_force(
            ctx,
            ScalarForce {
                force: k * delta,
                d_overlap: k,
                d_rate: 0.0,
                energy: 0.5 * k * delta * delta,
            },
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use catena::contact::Chain;
    use catena::verify::{Options, check_partials, jacobians};

    catena::element_set! {
        /// The built-ins and this element.
        enum Elements {
            /// Every built-in element.
            Builtin(catena::contact::Builtin): set,
            /// The element under test.
            MyLaw(MyLaw),
        }
    }

    #[test]
    fn partial_derivatives_match_finite_differences() {
        let k = 1e4;
        let law = |d: f64, _rate: f64| ScalarForce {
            force: k * d,
            d_overlap: k,
            d_rate: 0.0,
            energy: 0.5 * k * d * d,
        };
        for delta in [1e-6, 1e-4, 1e-2] {
            check_partials(law, delta, 0.0, 1e-6).unwrap();
        }
    }

    #[test]
    fn jacobians_match_finite_differences() {
        for head in [
            "Sphere_1_Data, Sphere_2_Data, Sphere_Sphere",
            "Deformable_Capsule_1_Data, Deformable_Capsule_2_Data, Capsule_Capsule",
        ] {
            let src = format!(
                "Chain(name: \"test\", elements: [{head}, N_MyLaw(stiffness: 1e4), AssembleForces])"
            );
            let chain = Chain::<Elements>::parse(&src, std::path::Path::new("test.ron")).unwrap();
            let report = jacobians(&chain, &Options::default()).unwrap();
            assert!(report.passed(), "{report}");
            assert!(report.row("N_MyLaw").unwrap().acted > 50, "{report}");
        }
    }
}
