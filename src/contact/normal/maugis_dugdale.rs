//! `N_MaugisDugdale`: Maugis–Dugdale adhesive elastic contact (mpacts N_MaugisDugdale; Maugis,
//! J. Colloid Interface Sci. 150 (1992) 243; Johnson & Greenwood, J. Colloid Interface Sci. 192
//! (1997) 326; the same equations as Eqs. 11–12 of Odenthal et al., PLoS Comput. Biol. 9 (2013)
//! e1003267). A Dugdale zone of constant adhesive traction `σ₀ = w/h₀` acts in the ring
//! `a ≤ r ≤ c` around the contact circle: the law spans DMT (`λ → 0`, `N_DMT`) to JKR
//! (`λ → ∞`, `N_JKR`).
//!
//! **Scalings** (Johnson & Greenwood 1997, with `K = (4/3)Ê` and `Ê`, `R̂` as for `N_Hertz`, i.e.
//! `1/Ê = Σ(1 − ν²)/E`): contact radius `a = Ā (πwR̂²/K)^{1/3}`, adhesive radius `c = m a`,
//! force `F = πwR̂ P̄`, overlap `δ = δ̄ (π²w²R̂/K²)^{1/3}`, and the Maugis parameter
//! `λ = 2σ₀ (R̂/(πwK²))^{1/3} = 2δ*/(πh₀)` with `δ* = (π²w²R̂/K²)^{1/3}`. (Written with `Ê`
//! instead of `K`, `λ` would be `(4/3)^{2/3}` larger; catena uses Maugis' `K` throughout.)
//!
//! **Equations** (Maugis 1992, in Johnson & Greenwood's notation), with `m = c/a`:
//! * `(λĀ²/2)[√(m²−1) + (m²−2) arccos(1/m)] + (4λ²Ā/3)[√(m²−1) arccos(1/m) − m + 1] = 1`;
//! * `P̄ = Ā³ − λĀ²[√(m²−1) + m² arccos(1/m)]` — the Hertz force `Ka³/R̂` plus mpacts'
//!   `F_MD = −2σ₀{c² arccos(a/c) + a√(c² − a²)}`;
//! * `δ̄ = Ā² − (4/3)λĀ√(m²−1)`.
//!
//! They are solved in `Ā` and `u = Ā√(m²−1) = √(c̄² − Ā²)` (`c̄ = mĀ`), in which all three stay
//! smooth down to `a = 0` (where `m → ∞`) and up to `m → 1` (the JKR end):
//! `g(Ā, u) = (λ/2)[Āu + (u² − Ā²)θ] + (4λ²/3)[uθ − (c̄ − Ā)] − 1 = 0` with
//! `θ = arccos(Ā/c̄) = atan2(u, Ā)`, `P̄ = Ā³ − λ(Āu + c̄²θ)`, `δ̄ = Ā² − (4/3)λu`.
//!
//! **Solution.** For a given `Ā`, `g` increases strictly in `u` from `g(Ā, 0) = −1`, so `u(Ā)`
//! is the unique root, found by Newton from the right inside a bisection bracket. `δ̄(Ā)` has a
//! single minimum at `Ā_c` (the unstable point, `dδ̄/dĀ = 0`, found by bisection on its sign);
//! below `λ ≈ 0.938` (0.93795 with this solution; the threshold Maugis gives) it increases
//! from `Ā = 0` and `Ā_c = 0`. Given
//! `δ ≥ δ_c = δ(Ā_c)`, `Ā` solves `δ̄(Ā) = δ̄` on the stable branch `Ā ≥ Ā_c` by the same
//! safeguarded Newton.
//!
//! **Jacobian** (implicit function theorem): `du/dĀ = −g_Ā/g_u`, then
//! `dF/dδ = (πwR̂/δ*) (dP̄/dĀ)/(dδ̄/dĀ)`; it grows without bound as `Ā → Ā_c > 0`.
//!
//! **Energy** `U(δ) = πwR̂ δ* ∫_{Ā₀}^{Ā} P̄ (dδ̄/dĀ) dĀ`, zero at first touch (`δ = 0`,
//! `Ā = Ā₀`), so that `dU/dδ = F`: composite 8-point Gauss–Legendre in `Ā` on panels of width
//! `max(Ā/2, 1/4)` from the smaller end (the integrand is smooth in `Ā` on the branch; its
//! nearest singularity, the JKR `√Ā`, lies at `Ā = 0`). Quadrature errors are ~1e-14 relative.
//!
//! **State and pull-off rule** (as `N_JKR`). A contact forms at touch (`δ > 0`), the force
//! jumping to `F(0) < 0`; the pair's history keeps `established`; an established contact holds
//! in tension down to `δ_c < 0` and breaks there (the force jumps to 0, the history is dropped).
//! For `λ ≲ 0.938` the break is at `a → 0` (the Dugdale zone alone); the non-contact branch of
//! Maugis' theory (`a = 0`, surfaces apart but within `h₀`) is not modelled. The force minimum
//! on the way is the pull-off force under load control, from `−2πwR̂` (DMT) to `−(3/2)πwR̂` (JKR).
//!
//! Cost: an evaluation solves `u(Ā)` about a hundred times (bisection for `Ā_c`, Newton for
//! `Ā`, the quadrature), each in a few Newton steps: tens of microseconds per pair.

use super::effective::{
    check_optional_positive, check_positive, effective_modulus, effective_radius,
};
use super::jkr::Established;
use super::maugis_dugdale_shape::Shape;
use super::scalar_force::{ScalarForce, add_normal_force, overlap_and_rate};
use crate::contact::ctx::ContactCtx;
use crate::contact::element::{Caps, Gives, MemorySpec, Needs, SolverNeeds};
use crate::contact::element::{Category, ChainElement, ElementDoc, Env};
use serde::{Deserialize, Serialize};
use std::f64::consts::PI;

/// Maugis–Dugdale adhesive contact.
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MaugisDugdale {
    /// Work of adhesion `w` (J/m², mpacts `attrConst`).
    pub surface_energy: f64,
    /// Range `h₀` (m) of the Dugdale traction `σ₀ = w/h₀` (mpacts `effective_range`).
    pub range: f64,
    /// Effective modulus `Ê` (Pa); default: from the materials of both sides.
    #[serde(default)]
    pub effective_modulus: Option<f64>,
    /// Effective radius `R̂` (m); default: `R₁R₂/(R₁ + R₂)`.
    #[serde(default)]
    pub effective_radius: Option<f64>,
}

/// The Maugis–Dugdale curve of one pair: the force scale `πwR̂` (N), the overlap scale
/// `δ* = (π²w²R̂/K²)^{1/3}` (m), the radius scale `(πwR̂²/K)^{1/3}` (m) and the dimensionless
/// curve of its Maugis parameter `λ`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MaugisDugdaleCurve {
    force_scale: f64,
    overlap_scale: f64,
    radius_scale: f64,
    shape: Shape,
}

impl MaugisDugdaleCurve {
    /// The curve for modulus `e` = `Ê` (Pa), radius `r` = `R̂` (m), work of adhesion `w`
    /// (J/m²) and range `h0` = `h₀` (m).
    pub fn new(e: f64, r: f64, w: f64, h0: f64) -> Self {
        let k = 4.0 / 3.0 * e;
        let overlap_scale = (PI * PI * w * w * r / (k * k)).cbrt();
        Self {
            force_scale: PI * w * r,
            overlap_scale,
            radius_scale: (PI * w * r * r / k).cbrt(),
            shape: Shape::new(2.0 * overlap_scale / (PI * h0)),
        }
    }

    /// The range `h₀` (m) that gives Maugis parameter `lambda` for modulus `e` = `Ê` (Pa),
    /// radius `r` = `R̂` (m) and work of adhesion `w` (J/m²): `h₀ = 2δ*/(πλ)`.
    pub fn range_for(e: f64, r: f64, w: f64, lambda: f64) -> f64 {
        let k = 4.0 / 3.0 * e;
        2.0 * (PI * PI * w * w * r / (k * k)).cbrt() / (PI * lambda)
    }

    /// The Maugis parameter `λ = 2σ₀(R̂/(πwK²))^{1/3}`, `K = (4/3)Ê`.
    pub fn maugis_parameter(&self) -> f64 {
        self.shape.lambda
    }

    /// The overlap `δ_c < 0` (m) at which an established contact breaks (pull-off under
    /// displacement control).
    pub fn critical_overlap(&self) -> f64 {
        self.shape.overlap_crit * self.overlap_scale
    }

    /// Contact radius `a` (m) and adhesive radius `c` (m) at overlap `δ ≥ δ_c`, on the stable
    /// branch.
    pub fn radii(&self, delta: f64) -> (f64, f64) {
        let p = self.shape.solve(delta / self.overlap_scale);
        (p.a * self.radius_scale, p.a.hypot(p.u) * self.radius_scale)
    }

    /// Adhesive radius `c ≥ a` (m) that Maugis' first equation gives for the contact radius
    /// `a ≥ 0` (m) (the `_geo_Int` laws fix `a` at the geometric contact radius).
    pub fn adhesive_radius(&self, a: f64) -> f64 {
        let p = super::maugis_dugdale_shape::point(self.shape.lambda, a / self.radius_scale);
        p.a.hypot(p.u) * self.radius_scale
    }

    /// The pull-off force under load control (N, negative): the minimum of `F` over the
    /// stable branch, from `−2πwR̂` (DMT) to `−(3/2)πwR̂` (JKR).
    pub fn pull_off_force(&self) -> f64 {
        self.shape.pull_off() * self.force_scale
    }

    /// `F`, `dF/dδ` and energy (relative to first touch) at overlap `δ ≥ δ_c` (m).
    pub fn force(&self, delta: f64) -> ScalarForce {
        self.force_and_radius(delta).0
    }

    /// [`MaugisDugdaleCurve::force`] and the contact radius `a` (m) at overlap `δ ≥ δ_c`, from
    /// one solve.
    pub fn force_and_radius(&self, delta: f64) -> (ScalarForce, f64) {
        let shape = &self.shape;
        let p = shape.solve(delta / self.overlap_scale);
        let stiffness = self.force_scale / self.overlap_scale;
        let law = ScalarForce {
            force: self.force_scale * p.force,
            d_overlap: if p.d_overlap > 0.0 {
                stiffness * p.d_force / p.d_overlap
            } else {
                0.0
            },
            d_rate: 0.0,
            energy: self.force_scale * self.overlap_scale * shape.work(shape.a_touch, p.a),
        };
        (law, p.a * self.radius_scale)
    }
}

static DOC: ElementDoc = ElementDoc {
    name: "N_MaugisDugdale",
    category: Category::Normal,
    summary: "Maugis–Dugdale adhesion (DMT to JKR by the Maugis parameter λ), with established state \
              and pull-off",
    details: "Parameters: surface_energy w (J/m², work of adhesion, mpacts attrConst; required > 0), range h₀ \
              (m, of the Dugdale traction σ₀ = w/h₀, mpacts effective_range; required > 0); optional \
              effective_modulus Ê (Pa), effective_radius R̂ (m), by default as for N_Hertz. With K = (4/3)Ê, \
              λ = 2σ₀(R̂/(πwK²))^{1/3}, Ā = a(K/(πwR̂²))^{1/3}, m = c/a: \
              (λĀ²/2)[√(m²−1) + (m²−2)arccos(1/m)] + (4λ²Ā/3)[√(m²−1)arccos(1/m) − m + 1] = 1, \
              F/(πwR̂) = Ā³ − λĀ²[√(m²−1) + m²arccos(1/m)], δ/(π²w²R̂/K²)^{1/3} = Ā² − (4/3)λĀ√(m²−1); \
              (a, c) solved from δ on the stable branch, dF/dδ by the implicit function theorem, energy by \
              Gauss–Legendre quadrature along the curve. A contact forms at touch (δ > 0) and holds in tension \
              down to the unstable point dδ/da = 0 (a → 0 for λ < 0.938), where it breaks. Pull-off force from \
              2πwR̂ (λ → 0, N_DMT) to (3/2)πwR̂ (λ → ∞, N_JKR). Source: mpacts N_MaugisDugdale; Maugis (1992); \
              Johnson & Greenwood (1997); Odenthal et al. (2013) Eqs. 11–12.",
};

impl MaugisDugdale {
    /// The curve of the pair in `ctx`.
    fn curve(&self, ctx: &ContactCtx) -> MaugisDugdaleCurve {
        MaugisDugdaleCurve::new(
            effective_modulus(ctx, self.effective_modulus),
            effective_radius(ctx, self.effective_radius),
            self.surface_energy,
            self.range,
        )
    }
}

impl ChainElement for MaugisDugdale {
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
        check_positive("range", "m", self.range)?;
        check_optional_positive("effective_modulus", "Pa", self.effective_modulus)?;
        check_optional_positive("effective_radius", "m", self.effective_radius)
    }
    fn evaluate(&self, _env: &Env, ctx: &mut ContactCtx) {
        let (delta, _) = overlap_and_rate(ctx);
        if delta.is_nan() || ctx.distance <= 0.0 {
            ctx.reject = true;
            return;
        }
        let Established(established) = ctx.memory();
        if !established && delta <= 0.0 {
            ctx.reject = true;
            return;
        }
        let curve = self.curve(ctx);
        if established && delta < curve.critical_overlap() {
            // Pulled off: the history is not written, so it is dropped.
            ctx.reject = true;
            return;
        }
        ctx.set_memory(&Established(true));
        let (law, a) = curve.force_and_radius(delta);
        ctx.contact_area = PI * a * a;
        add_normal_force(ctx, law);
    }
}

#[cfg(test)]
mod tests {
    use super::super::dmt::dmt;
    use super::super::jkr::JkrCurve;
    use super::super::scalar_force::check_partials;
    use super::*;

    const E: f64 = 1e6;
    const R: f64 = 0.005;
    const W: f64 = 0.05;

    fn curve(lambda: f64) -> MaugisDugdaleCurve {
        MaugisDugdaleCurve::new(E, R, W, MaugisDugdaleCurve::range_for(E, R, W, lambda))
    }

    #[test]
    fn maugis_parameter_is_two_sigma_over_the_cube_root_scale() {
        let h0 = 2e-6;
        let k = 4.0 / 3.0 * E;
        let lambda = 2.0 * (W / h0) * (R / (PI * W * k * k)).cbrt();
        let c = MaugisDugdaleCurve::new(E, R, W, h0);
        assert!((c.maugis_parameter() / lambda - 1.0).abs() < 1e-12);
        assert!((curve(0.7).maugis_parameter() / 0.7 - 1.0).abs() < 1e-12);
    }

    /// The dimensional force is Hertz plus mpacts' `F_MD = −2σ₀{c² arccos(a/c) + a√(c² − a²)}`
    /// at the solved radii.
    #[test]
    fn force_is_hertz_plus_the_dugdale_zone() {
        let h0 = 1e-6;
        let c = MaugisDugdaleCurve::new(E, R, W, h0);
        let k = 4.0 / 3.0 * E;
        for delta in [c.critical_overlap() * 0.5, 0.0, 2e-6, 2e-5] {
            let (a, cc) = c.radii(delta);
            let sigma = W / h0;
            let f_md = -2.0 * sigma * (cc * cc * (a / cc).acos() + a * (cc * cc - a * a).sqrt());
            let f = k * a.powi(3) / R + f_md;
            let law = c.force(delta).force;
            assert!(
                (f - law).abs() < 1e-9 * PI * W * R,
                "δ = {delta}: {f} vs {law}"
            );
        }
    }

    #[test]
    fn partials_and_energy_match_finite_differences() {
        for lambda in [0.1, 0.5, 1.0, 2.0, 5.0] {
            let c = curve(lambda);
            let dc = c.critical_overlap();
            for d in [dc * 0.95, dc * 0.6, dc * 0.2, 1e-7, 1e-6, 1e-5, 1e-4] {
                check_partials(|d, _| c.force(d), d, 0.0, 1e-5);
            }
        }
    }

    /// `dU/dδ = F` to 1e-8 of `πwR̂`, from the break point to a compression of 60 δ*.
    #[test]
    fn energy_is_consistent_with_force() {
        for lambda in [0.05, 0.3, 0.938, 1.0, 3.0, 20.0] {
            let c = curve(lambda);
            let (fs, ds) = (c.force_scale, c.overlap_scale);
            let h = 3e-5 * ds;
            let dc = c.critical_overlap();
            for d in [
                dc * 0.9,
                dc * 0.5,
                -0.1 * ds,
                0.0,
                0.3 * ds,
                2.0 * ds,
                15.0 * ds,
                60.0 * ds,
            ] {
                let fd = (c.force(d + h).energy - c.force(d - h).energy) / (2.0 * h);
                let f = c.force(d).force;
                assert!(
                    (fd - f).abs() < 1e-8 * fs.max(f.abs()),
                    "λ = {lambda}, δ/δ* = {}: dU/dδ = {fd}, F = {f}",
                    d / ds
                );
            }
            assert_eq!(c.force(0.0).energy, 0.0);
        }
    }

    /// As `λ → ∞` the curve becomes `N_JKR`'s: force, stiffness, energy and break point (at
    /// `λ = 10⁴` to ~10⁻⁸ of `πwR̂`).
    #[test]
    fn large_lambda_is_jkr() {
        let j = JkrCurve::new(E, R, W);
        let c = curve(1e4);
        let fs = PI * W * R;
        let ds = c.overlap_scale;
        assert!((c.critical_overlap() / j.critical_overlap() - 1.0).abs() < 1e-3);
        let dc = j.critical_overlap();
        for d in [dc * 0.9, dc * 0.5, 0.0, 0.5 * ds, 3.0 * ds, 20.0 * ds] {
            let (m, k) = (c.force(d), j.force(d));
            assert!(
                (m.force - k.force).abs() < 1e-6 * fs,
                "δ = {d}: {m:?} vs {k:?}"
            );
            assert!((m.d_overlap - k.d_overlap).abs() < 1e-6 * k.d_overlap.abs().max(fs / ds));
            assert!((m.energy - k.energy).abs() < 1e-6 * fs * ds.max(d.abs()));
        }
    }

    /// As `λ → 0` the curve becomes `N_DMT`'s (Hertz minus `2πwR̂`) at positive overlap; the
    /// difference falls as `√λ` (0.4 % of `πwR̂` at `δ = 3δ*` for `λ = 10⁻⁶`).
    #[test]
    fn small_lambda_is_dmt() {
        let c = curve(1e-6);
        let fs = PI * W * R;
        let ds = c.overlap_scale;
        let k = 4.0 / 3.0 * E * R.sqrt();
        for d in [0.05 * ds, 0.5 * ds, 3.0 * ds, 20.0 * ds] {
            let (m, t) = (c.force(d), dmt(k, 2.0 * fs, d));
            let tol = 5e-3 * (fs + t.force.abs());
            assert!((m.force - t.force).abs() < tol, "δ = {d}: {m:?} vs {t:?}");
            // The stiffness only away from touch, where DMT's √δ stiffness vanishes.
            if d >= 0.5 * ds {
                assert!((m.d_overlap - t.d_overlap).abs() < 2e-2 * t.d_overlap);
            }
            assert!((m.energy - t.energy).abs() < tol * d);
        }
        assert!(c.critical_overlap().abs() < 0.01 * ds);
    }

    /// Pull-off under load control, `min F/(πwR̂)` over the stable branch: −2 (DMT) to −1.5
    /// (JKR), decreasing in magnitude with λ; a scan of the curve finds the same minimum. No
    /// published table of intermediate values was at hand, so only the limits and the
    /// monotone transition are asserted (λ = 0.1, 0.5, 1, 2, 5 give −1.9506, −1.7182, −1.6007,
    /// −1.5346, −1.5064).
    #[test]
    fn pull_off_force_goes_from_dmt_to_jkr() {
        let fs = PI * W * R;
        let mut last = -2.0;
        for lambda in [0.1, 0.5, 1.0, 2.0, 5.0] {
            let p = curve(lambda).pull_off_force() / fs;
            assert!(p > last && p < -1.5, "λ = {lambda}: {p} after {last}");
            last = p;
        }
        assert!((curve(1e-4).pull_off_force() / fs + 2.0).abs() < 2e-2);
        assert!((curve(1e4).pull_off_force() / fs + 1.5).abs() < 1e-3);
        let c = curve(1.0);
        let dc = c.critical_overlap();
        let scan = (0..4001)
            .map(|i| c.force(dc * (1.0 - i as f64 / 4000.0)).force)
            .fold(f64::INFINITY, f64::min);
        assert!((scan / c.pull_off_force() - 1.0).abs() < 1e-5, "{scan}");
    }

    #[test]
    fn missing_parameters_are_named() {
        let law = MaugisDugdale {
            surface_energy: 0.05,
            ..Default::default()
        };
        assert!(law.validate().unwrap_err().contains("range"));
        assert!(
            MaugisDugdale::default()
                .validate()
                .unwrap_err()
                .contains("surface_energy")
        );
    }
}
