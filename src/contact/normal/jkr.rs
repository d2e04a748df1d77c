//! `N_JKR`: Johnson–Kendall–Roberts adhesive elastic contact (mpacts N_JKR; Johnson, Kendall &
//! Roberts, Proc. R. Soc. Lond. A 324 (1971) 301; Johnson, *Contact Mechanics* (1985) §5.5,
//! Eqs. 5.39–5.41). The JKR limit holds for large, compliant spheres with short-range adhesion.
//!
//! With the work of adhesion `w` (J/m², mpacts `attrConst` σ), `Ê`, `R̂` as for `N_Hertz`, the
//! contact radius `a` (m) and `s = √(2πw/Ê)` (m^{1/2}):
//! * overlap `δ = a²/R̂ − √(2πwa/Ê)`, force `F = 4Êa³/(3R̂) − √(8πwÊa³)` (N, positive = repulsive);
//! * in `x = √a`: `δ(x) = x⁴/R̂ − s x`, `F(x) = (4Ê/3R̂) x⁶ − 2Ês x³`.
//!
//! **Contact radius.** Given `δ`, the quartic `x⁴/R̂ − s x − δ = 0` is solved by Newton on the
//! stable branch `x ≥ x_c = (sR̂/4)^{1/3}` (where `dδ/dx ≥ 0`), from
//! `x₀ = max((2R̂δ⁺)^{1/4}, (2sR̂)^{1/3})`, a point right of the root: the quartic is convex, so
//! the iterates decrease monotonically to it.
//!
//! **Jacobian** (implicit function theorem): `dF/dδ = (dF/dx)/(dδ/dx)
//! = 2Êx² (4x³/R̂ − 3s) / (4x³/R̂ − s)`; it grows without bound as `x → x_c`.
//!
//! **State and pull-off rule.** The pair's history keeps `established`. A new contact forms
//! when the bodies touch (`δ > 0`); the force then jumps to `F(δ = 0) = −(4/3)πwR̂`. An
//! established contact holds under tension down to the unstable point of the curve,
//! `δ_c = −(3/4) s x_c = −(3/4)(π²w²R̂/Ê²)^{1/3} < 0` (pull-off under displacement control),
//! and breaks there: the force jumps from `−(5/6)πwR̂` to 0 and the history is dropped. On the
//! way it passes the force minimum `−(3/2)πwR̂` at `x_F = (3sR̂/4)^{1/3}`, the pull-off force
//! under load control. Loading (no force until touch) and unloading (adhesive force down to
//! `δ_c < 0`) differ: the hysteresis loop dissipates energy.
//!
//! Energy (for the line search, conservative within a step): `U(x) − U(x(δ = 0))` with
//! `U(x) = (8Ê/15R̂²) x¹⁰ − (4Ês/3R̂) x⁷ + (Ês²/2) x⁴`, so that `dU/dδ = F`.

use super::effective::{
    check_optional_positive, check_positive, effective_modulus, effective_radius,
};
use super::scalar_force::{ScalarForce, add_normal_force, overlap_and_rate};
use crate::contact::ctx::ContactCtx;
use crate::contact::element::{Caps, Gives, Memory, MemorySpec, Needs, SolverNeeds, flag_word};
use crate::contact::element::{Category, ChainElement, ElementDoc, Env};
use serde::{Deserialize, Serialize};
use std::f64::consts::PI;

/// JKR adhesive contact.
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Jkr {
    /// Work of adhesion `w` (J/m²).
    pub surface_energy: f64,
    /// Effective modulus `Ê` (Pa); default: from the materials of both sides.
    #[serde(default)]
    pub effective_modulus: Option<f64>,
    /// Effective radius `R̂` (m); default: `R₁R₂/(R₁ + R₂)`.
    #[serde(default)]
    pub effective_radius: Option<f64>,
}

/// The JKR curve of one pair: `Ê` (Pa), `R̂` (m) and `s = √(2πw/Ê)` (m^{1/2}).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct JkrCurve {
    e: f64,
    r: f64,
    s: f64,
}

impl JkrCurve {
    /// The curve for modulus `e` (Pa), radius `r` (m) and work of adhesion `w` (J/m²).
    pub fn new(e: f64, r: f64, w: f64) -> Self {
        Self {
            e,
            r,
            s: (2.0 * PI * w / e).sqrt(),
        }
    }

    /// `√a` at the unstable point where `dδ/da = 0`.
    fn x_critical(&self) -> f64 {
        (0.25 * self.s * self.r).cbrt()
    }

    /// Overlap `δ(x)` (m) at `x = √a`.
    fn overlap_at(&self, x: f64) -> f64 {
        x.powi(4) / self.r - self.s * x
    }

    /// The overlap `δ_c < 0` (m) at which an established contact breaks (pull-off under
    /// displacement control).
    pub fn critical_overlap(&self) -> f64 {
        self.overlap_at(self.x_critical())
    }

    /// Contact radius `a` (m) at overlap `δ ≥ δ_c`, on the stable branch.
    pub fn contact_radius(&self, delta: f64) -> f64 {
        let x = self.root(delta);
        x * x
    }

    /// `√a` solving `δ(x) = δ` by Newton from the right.
    fn root(&self, delta: f64) -> f64 {
        let (r, s) = (self.r, self.s);
        let xc = self.x_critical();
        let mut x = (2.0 * r * delta.max(0.0))
            .powf(0.25)
            .max((2.0 * s * r).cbrt());
        for _ in 0..200 {
            let g = x.powi(4) / r - s * x - delta;
            let dg = 4.0 * x.powi(3) / r - s;
            if dg <= 0.0 {
                return xc;
            }
            let step = g / dg;
            x -= step;
            if x < xc {
                return xc;
            }
            if step.abs() <= 1e-15 * x {
                break;
            }
        }
        x
    }

    /// Energy `U(x)` (J) with `dU/dδ = F`, up to a constant.
    fn potential(&self, x: f64) -> f64 {
        let (e, r, s) = (self.e, self.r, self.s);
        let x4 = x.powi(4);
        x4 * (8.0 * e / (15.0 * r * r) * x.powi(6) - 4.0 * e * s / (3.0 * r) * x.powi(3)
            + 0.5 * e * s * s)
    }

    /// `F`, `dF/dδ` and energy of [`JkrCurve::force_and_radius`].
    #[cfg(test)]
    pub(crate) fn force(&self, delta: f64) -> ScalarForce {
        self.force_and_radius(delta).0
    }

    /// `F`, `dF/dδ` and energy (relative to first touch), and the contact radius `a` (m), at
    /// overlap `δ ≥ δ_c`, from one solve.
    pub(crate) fn force_and_radius(&self, delta: f64) -> (ScalarForce, f64) {
        let (e, r, s) = (self.e, self.r, self.s);
        let x = self.root(delta);
        let x3 = x.powi(3);
        let f = 4.0 * e / (3.0 * r) * x3 * x3 - 2.0 * e * s * x3;
        let ddelta = 4.0 * x3 / r - s;
        let dfdx = 2.0 * e * x * x * (4.0 * x3 / r - 3.0 * s);
        let x0 = (s * r).cbrt();
        let law = ScalarForce {
            force: f,
            d_overlap: if ddelta > 0.0 { dfdx / ddelta } else { 0.0 },
            d_rate: 0.0,
            energy: self.potential(x) - self.potential(x0),
        };
        (law, x * x)
    }
}

static DOC: ElementDoc = ElementDoc {
    name: "N_JKR",
    category: Category::Normal,
    summary: "JKR adhesive contact with contact-radius solve, established state and pull-off",
    details: "Parameters: surface_energy w (J/m², work of adhesion, mpacts attrConst σ; required > 0); optional \
              effective_modulus Ê (Pa), effective_radius R̂ (m), by default as for N_Hertz. \
              δ = a²/R̂ − √(2πwa/Ê), F = 4Êa³/(3R̂) − √(8πwÊa³); a solved from δ by Newton on the stable branch, \
              dF/dδ by the implicit function theorem. A contact forms at touch (δ > 0) and is kept in the \
              pair's history (established) until δ < δ_c = −(3/4)(π²w²R̂/Ê²)^{1/3}, where it breaks; the force \
              minimum on the way is −(3/2)πwR̂ (the pull-off force). Loading and unloading differ (hysteresis). \
              Source: mpacts N_JKR; Johnson, Kendall & Roberts (1971); Johnson (1985) Eqs. 5.39–5.41.",
};

impl Jkr {
    /// The curve of the pair in `ctx`.
    fn curve(&self, ctx: &ContactCtx) -> JkrCurve {
        JkrCurve::new(
            effective_modulus(ctx, self.effective_modulus),
            effective_radius(ctx, self.effective_radius),
            self.surface_energy,
        )
    }
}

/// `N_JKR`'s per-pair memory: whether the contact has been established (the neck holds until
/// the critical overlap).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Established(pub bool);

impl Established {
    /// A bond formed on overlap, for the laws that keep one (`N_LinearAdhesionForce`,
    /// `PresetForce`): whether it holds at overlap `delta` (m) given the pair's committed state
    /// — formed by `delta > 0`, ended when `released` (the caller's rupture test). When it
    /// holds the state is written (committed with the step); otherwise the pair is rejected
    /// and, unwritten, the state is dropped.
    pub(crate) fn hold(ctx: &mut ContactCtx, delta: f64, released: bool) -> bool {
        let Established(established) = ctx.memory();
        if (!established && delta <= 0.0) || released {
            ctx.reject = true;
            return false;
        }
        ctx.set_memory(&Established(true));
        true
    }
}

impl Memory for Established {
    const WORDS: usize = 1;
    fn load(w: &[f64]) -> Self {
        Self(w[0] != 0.0)
    }
    fn store(&self, w: &mut [f64]) {
        w[0] = flag_word(self.0);
    }
}

impl ChainElement for Jkr {
    fn doc(&self) -> &'static ElementDoc {
        &DOC
    }
    fn needs(&self) -> Needs {
        Needs::caps(Caps::GEOMETRY)
            .with_solver(SolverNeeds::BEYOND_REACH)
            .with_memory(MemorySpec::of::<Established>())
    }
    fn gives(&self) -> Gives {
        Gives::caps(Caps::NORMAL_FORCE.with(Caps::CONTACT_AREA))
    }
    fn validate(&self) -> Result<(), String> {
        check_positive("surface_energy", "J/m²", self.surface_energy)?;
        check_optional_positive("effective_modulus", "Pa", self.effective_modulus)?;
        check_optional_positive("effective_radius", "m", self.effective_radius)
    }
    fn evaluate(&self, _env: &Env, ctx: &mut ContactCtx) {
        let (delta, _) = overlap_and_rate(ctx);
        if delta.is_nan() || ctx.distance <= 0.0 {
            ctx.reject = true;
            return;
        }
        let curve = self.curve(ctx);
        let Established(established) = ctx.memory();
        if (!established && delta <= 0.0) || (established && delta < curve.critical_overlap()) {
            // No contact yet, or pulled off: the history is not written, so it is dropped.
            ctx.reject = true;
            return;
        }
        ctx.set_memory(&Established(true));
        let (law, a) = curve.force_and_radius(delta);
        ctx.contact_area = std::f64::consts::PI * a * a;
        add_normal_force(ctx, law);
    }
}

#[cfg(test)]
mod tests {
    use super::super::scalar_force::check_partials;
    use super::*;

    fn curve() -> JkrCurve {
        JkrCurve::new(1e6, 0.005, 0.05)
    }

    #[test]
    fn contact_radius_solves_the_jkr_overlap_relation() {
        let c = curve();
        let dc = c.critical_overlap();
        for &d in &[dc * 0.999, dc * 0.5, 0.0, 1e-6, 1e-4, 1e-3] {
            let a = c.contact_radius(d);
            let back = a * a / c.r - (2.0 * PI * 0.05 * a / c.e).sqrt();
            assert!(
                (back - d).abs() < 1e-12 * d.abs().max(1e-6),
                "δ = {d}: a = {a}, δ(a) = {back}"
            );
            assert!(a.sqrt() >= c.x_critical());
        }
    }

    #[test]
    fn partials_and_energy_match_finite_differences() {
        let c = curve();
        let dc = c.critical_overlap();
        for &d in &[dc * 0.9, dc * 0.3, -1e-7, 1e-7, 1e-5, 5e-4] {
            check_partials(|d, _| c.force(d), d, 0.0, 1e-5);
        }
    }

    #[test]
    fn characteristic_points_of_the_curve() {
        let (e, r, w) = (1e6, 0.005, 0.05);
        let c = JkrCurve::new(e, r, w);
        // First touch: F = −(4/3)πwR̂.
        let f0 = c.force(0.0).force;
        assert!((f0 + 4.0 / 3.0 * PI * w * r).abs() < 1e-9 * PI * w * r);
        // Break point δ_c = −(3/4)(π²w²R̂/Ê²)^{1/3}.
        let dc = -0.75 * (PI * PI * w * w * r / (e * e)).cbrt();
        assert!((c.critical_overlap() / dc - 1.0).abs() < 1e-12);
        // Minimum of F over the stable branch: −(3/2)πwR̂.
        let fmin = (0..20001)
            .map(|i| c.force(dc + (0.0 - dc) * i as f64 / 20000.0).force)
            .fold(f64::INFINITY, f64::min);
        assert!((fmin / (-1.5 * PI * w * r) - 1.0).abs() < 1e-6, "{fmin}");
    }

    #[test]
    fn missing_surface_energy_is_named() {
        assert!(
            Jkr::default()
                .validate()
                .unwrap_err()
                .contains("surface_energy")
        );
    }
}
