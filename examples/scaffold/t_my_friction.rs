//! `T_MyFriction`: a tangential (friction) law (written with
//! `catena new-element MyFriction --kind tangential`).
//!
//! Formula (the skeleton's starting point, regularised Coulomb friction; replace it with
//! yours): with the tangential relative velocity `v_t` of side 2 against side 1 at the contact
//! (m/s) and the normal force `F_n` (N) that the normal laws before this one produced,
//! - force on side 2 `F_t = −μ F_n v_t / s`, `s = √(‖v_t‖² + ε²)` (N): viscous below the
//!   regularisation speed ε, Coulomb sliding `μF_n` above it; reaction `−F_t` on side 1;
//! - `∂F_t = −μ [v_t/s (∂F_n)ᵀ + F_n (I/s − v_t v_tᵀ/s³) ∂v_t]`, through `x` and `v`
//!   ([`catena::contact::ContactFrame`] gives `v_t`, `F_n` and their derivatives, and spreads
//!   the force over the pair's points with the closest-point weights).
//!
//! Friction dissipates: it adds no energy and says so in `is_conservative`.
//!
//! Units: `mu` (−), `eps_v` ε (m/s). Source: cite the paper and equation of your law here.
//!
//! Use it in a chain file, after the normal law:
//! ```ron
//! T_MyFriction(mu: 0.3, eps_v: 1e-3),
//! ```
//! Register it in your crate's element set:
//! ```ignore
//! catena::element_set! {
//!     pub enum MyElements {
//!         Builtin(catena::contact::Builtin): set,
//!         MyFriction(t_my_friction::MyFriction),
//!     }
//! }
//! ```
//! Verify: `cargo test` runs the Jacobian check below.

use catena::contact::{
    Caps, Category, ChainElement, ContactCtx, ContactFrame, ElementDoc, Env, Gives, Mat3x12, Needs,
};
use catena::math::Mat3;

/// `T_MyFriction`: regularised Coulomb friction (see the module docs).
#[derive(Debug, Clone, Copy, PartialEq, catena::serde::Deserialize)]
#[serde(crate = "catena::serde", deny_unknown_fields)]
pub struct MyFriction {
    /// Friction coefficient μ (−).
    pub mu: f64,
    /// Regularisation speed ε (m/s).
    pub eps_v: f64,
}

impl Default for MyFriction {
    /// Typical parameters.
    fn default() -> Self {
        Self {
            mu: 0.3,
            eps_v: 1e-3,
        }
    }
}

static DOC: ElementDoc = ElementDoc {
    name: "T_MyFriction",
    category: Category::Tangential,
    summary: "regularised Coulomb friction F_t = −μ F_n v_t / √(‖v_t‖² + ε²)",
    details: "F_t = −μ F_n v_t / √(‖v_t‖² + ε²) (N) on side 2, reaction on side 1. \
              Parameters: mu (−), eps_v ε (m/s). Source: your paper, equation.",
};

impl ChainElement for MyFriction {
    fn doc(&self) -> &'static ElementDoc {
        &DOC
    }
    /// The geometry and a normal force before it.
    fn needs(&self) -> Needs {
        Needs::caps(Caps::GEOMETRY.with(Caps::NORMAL_FORCE))
    }
    /// A tangential force; friction does not derive from an energy.
    fn gives(&self) -> Gives {
        Gives::caps(Caps::TANGENTIAL_FORCE).dissipative()
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
        let Some(fr) = ContactFrame::new(ctx) else {
            return;
        };
        let (mu, fnorm, vt) = (self.mu, fr.normal_force, fr.vt);
        let s = (vt.norm_squared() + self.eps_v * self.eps_v).sqrt();
        let u = vt / s;
        let force = -u * (mu * fnorm);
        // ∂u/∂v_t = I/s − v_t v_tᵀ/s³.
        let du = Mat3::identity() / s - vt * vt.transpose() / (s * s * s);
        let dx: Mat3x12 = -(u * fr.dfn_dx.transpose() + du * fr.dvt_dx * fnorm) * mu;
        let dv: Mat3x12 = -(u * fr.dfn_dv.transpose() + du * fr.dvt_dv * fnorm) * mu;
        fr.add_force(ctx, force, &dx, &dv);
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
            /// The element under test.
            Builtin(catena::contact::Builtin): set,
            MyFriction(MyFriction),
        }
    }

    #[test]
    fn jacobians_match_finite_differences_in_stick_and_slip() {
        for head in [
            "Sphere_1_Data, Plane_2_Data, Sphere_Plane",
            "Deformable_Capsule_1_Data, Deformable_Capsule_2_Data, Capsule_Capsule",
        ] {
            let src = format!(
                "Chain(name: \"test\", elements: [{head}, N_DampedHertz(damping_time: 1e-3), \
                 T_MyFriction(mu: 0.3, eps_v: 1e-3), AssembleForces])"
            );
            let chain = Chain::<Elements>::parse(&src, std::path::Path::new("test.ron")).unwrap();
            let report = jacobians(&chain, &Options::default()).unwrap();
            assert!(report.passed(), "{report}");
            let row = report.row("T_MyFriction").unwrap();
            assert!(row.acted > 50, "{report}");
            // Tangential speeds on both sides of ε: sticking and sliding.
            assert!(row.speeds.0 < 1e-4 && row.speeds.1 > 1e-2, "{report}");
        }
    }
}
