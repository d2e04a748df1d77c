//! Eq. C.2 of seed 001 (Jawed, Dieleman, Audoly & Reis 2015, PRL 115, 118302): the traction
//! of a long overhand knot of unknotting number n against its end-to-end shortening,
//!
//! `n² h/e = g(x) / (8√3 π²)`, `x = [(96√3 π²/μ) · n² F h²/EI]^{1/3}`,
//!
//! with `e` the end-to-end shortening (m), `F` the traction (N), `h` the rod radius (m) and
//! `EI = Eπh⁴/4` (N·m²). The theory models the loop of a long knot as an elastica held by a
//! braid of n twists in frictional contact; its loop is described by a dimensionless tension
//! `P̄ ∈ (0, 1/4)` through two integrals over the tangent angle θ,
//!
//! `λ(P̄) = 2 ∫₀^π dθ / √(1 − 2P̄(1 + cos θ))`, `l(P̄) = 2 ∫₀^π cos θ dθ / √(1 − 2P̄(1 + cos θ))`,
//!
//! and `g(x) = l²/(λ + l)` at the `P̄` where `l(P̄) = x`. Substituted into Eq. C.2 this is the
//! parametric curve `n²h/e = l²/(8√3π²(λ + l))`, `n²F̄ = μ l³/(96√3π²)` (F̄ = Fh²/EI). With
//! `1 + cos θ = 2cos²(θ/2)` and `m = 4P̄` both integrals are complete elliptic integrals:
//! `λ = 4K(m)`, `l = 4[2(K(m) − E(m))/m − K(m)]`, `λ + l = 8(K(m) − E(m))/m`.

use crate::math::complete_elliptic;
use std::f64::consts::PI;

/// `√3 π²`, the constant of Eq. C.2 up to the factors 8 and 96.
fn s3pi2() -> f64 {
    3f64.sqrt() * PI * PI
}

/// `(λ, l)` of the loop at dimensionless tension `P̄ ∈ (0, 1/4)`; `None` outside.
///
/// The elliptic form of `l` cancels (two terms near π/2 leave a difference ≈ πP̄), so below
/// `m = 4P̄ = 0.1` both come from their power series instead: expanding
/// `(1 − m cos²φ)^{−1/2} = Σ aₖ mᵏ cos²ᵏφ`, `aₖ = C(2k, k)/4ᵏ`, and integrating term by term,
/// `λ = 2π Σₖ aₖ² mᵏ` and `l = 2π Σₖ aₖ² k/(k + 1) mᵏ` (so `l ≈ πP̄` for a loose loop).
pub fn loop_integrals(p_bar: f64) -> Option<(f64, f64)> {
    let m = 4.0 * p_bar;
    if !(m > 0.0 && m < 1.0) {
        return None;
    }
    if m < 0.1 {
        let (mut lambda, mut l) = (0.0, 0.0);
        let (mut a, mut mk) = (1.0_f64, 1.0_f64);
        for k in 0..40 {
            let kf = f64::from(k);
            if k > 0 {
                a *= (2.0 * kf - 1.0) / (2.0 * kf);
                mk *= m;
            }
            lambda += a * a * mk;
            l += a * a * mk * kf / (kf + 1.0);
        }
        return Some((2.0 * PI * lambda, 2.0 * PI * l));
    }
    let (k, e) = complete_elliptic(m)?;
    Some((4.0 * k, 4.0 * (2.0 * (k - e) / m - k)))
}

/// The theory as a parametric curve: `(n²h/e, n²F̄)` at dimensionless loop tension `P̄`.
pub fn curve_point(p_bar: f64, mu: f64) -> Option<(f64, f64)> {
    let (lambda, l) = loop_integrals(p_bar)?;
    Some((
        l * l / (8.0 * s3pi2() * (lambda + l)),
        mu * l.powi(3) / (96.0 * s3pi2()),
    ))
}

/// The `P̄ ∈ (0, 1/4)` at which `f(P̄) = target`, for `f` increasing (bisection to machine
/// precision); `None` when the target lies outside what `f` reaches.
fn solve_p_bar(target: f64, f: impl Fn(f64) -> Option<f64>) -> Option<f64> {
    let (mut lo, mut hi) = (1e-12, 0.25 * (1.0 - 1e-15));
    if !(f(lo)? <= target && target <= f(hi)?) {
        return None;
    }
    for _ in 0..200 {
        let mid = 0.5 * (lo + hi);
        if f(mid)? < target {
            lo = mid;
        } else {
            hi = mid;
        }
        if hi - lo <= f64::EPSILON * hi {
            break;
        }
    }
    Some(0.5 * (lo + hi))
}

/// `g(x) = l²/(λ + l)` at the loop tension where `l = x` (Jawed et al. 2015; seed 001 Eq. C.2).
pub fn g(x: f64) -> Option<f64> {
    let p = solve_p_bar(x, |p| loop_integrals(p).map(|(_, l)| l))?;
    let (lambda, l) = loop_integrals(p)?;
    Some(l * l / (lambda + l))
}

/// Eq. C.2 as written: the `n²h/e` at which knots of unknotting number n hold the traction
/// `n²F̄ = n²Fh²/EI`.
pub fn shortening_for(n2_f_bar: f64, mu: f64) -> Option<f64> {
    let x = (96.0 * s3pi2() / mu * n2_f_bar).cbrt();
    Some(g(x)? / (8.0 * s3pi2()))
}

/// How the theory's knot shares its shortening at `n²h/e = x_bar`: `(λ/(λ + l), l/(λ + l))`.
///
/// In units of the loop's length scale `ℓ`, the loop is an elastica of length `λ` whose two
/// ends, where it enters the braid, lie `l` apart along the pulling axis; the braid spans that
/// gap. Of the rod's end-to-end shortening `e = L − |x_N − x_0|` the loop takes its length
/// `λℓ` and the braid the excess of its two strands over its span, `lℓ` (each strand runs the
/// span once and the rod crosses it three times: strand, loop back, strand), so
/// `e = (λ + l)ℓ` — which is how `λ + l` enters `g = l²/(λ + l)`. The braid of the theory's
/// knot thus spans `l e/(λ + l)` and its loop is `λ e/(λ + l)` long; `None` outside the curve.
pub fn shares(x_bar: f64) -> Option<(f64, f64)> {
    let p = solve_p_bar(x_bar, |p| curve_point(p, 1.0).map(|(x, _)| x))?;
    let (lambda, l) = loop_integrals(p)?;
    Some((lambda / (lambda + l), l / (lambda + l)))
}

/// Eq. C.2 solved for the traction: `n²F̄` at `n²h/e = x_bar`.
pub fn traction_at(x_bar: f64, mu: f64) -> Option<f64> {
    let p = solve_p_bar(x_bar, |p| curve_point(p, mu).map(|(x, _)| x))?;
    curve_point(p, mu).map(|(_, y)| y)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Midpoint rule for the two integrals over θ ∈ [0, π].
    fn quadrature(p_bar: f64) -> (f64, f64) {
        let n = 400_000;
        let h = PI / f64::from(n);
        (0..n).fold((0.0, 0.0), |(a, b), i| {
            let th = (f64::from(i) + 0.5) * h;
            let w = 1.0 / (1.0 - 2.0 * p_bar * (1.0 + th.cos())).sqrt();
            (a + 2.0 * h * w, b + 2.0 * h * th.cos() * w)
        })
    }

    #[test]
    fn elliptic_forms_match_the_integrals() {
        for p in [0.001, 0.01, 0.024, 0.026, 0.1, 0.2, 0.24] {
            let (lambda, l) = loop_integrals(p).unwrap();
            let (lq, llq) = quadrature(p);
            assert!(
                (lambda / lq - 1.0).abs() < 1e-8,
                "λ({p}) = {lambda} vs {lq}"
            );
            assert!((l / llq - 1.0).abs() < 1e-7, "l({p}) = {l} vs {llq}");
        }
        // Loose loop: a circle of dimensionless length 2π, and l ≈ πP̄.
        let (lambda, l) = loop_integrals(1e-6).unwrap();
        assert!((lambda - 2.0 * PI).abs() < 1e-5 && (l / (PI * 1e-6) - 1.0).abs() < 1e-5);
        assert!(loop_integrals(0.0).is_none() && loop_integrals(0.25).is_none());
    }

    #[test]
    fn curve_is_monotone_and_eq_c2_inverts_it() {
        let mut last = (0.0, 0.0);
        for i in 1..200 {
            let p = 0.25 * f64::from(i) / 200.0;
            let (x, y) = curve_point(p, 0.07).unwrap();
            assert!(x > last.0 && y > last.1, "not increasing at P̄ = {p}");
            last = (x, y);
            // Eq. C.2 read both ways.
            let back = shortening_for(y, 0.07).unwrap();
            assert!((back / x - 1.0).abs() < 1e-9, "P̄ = {p}: {back} vs {x}");
            let f = traction_at(x, 0.07).unwrap();
            assert!((f / y - 1.0).abs() < 1e-9, "P̄ = {p}: {f} vs {y}");
        }
        // The friction coefficient scales the traction only.
        let x = 0.02;
        assert!((traction_at(x, 0.14).unwrap() / traction_at(x, 0.07).unwrap() - 2.0).abs() < 1e-9);
        assert!(traction_at(-1.0, 0.07).is_none());
    }

    /// The shares of the shortening add up to one and give back the curve: the braid's span
    /// `l e/(λ + l)` over the loop's length scale `ℓ = e/(λ + l)` is `l`, and
    /// `l²/(8√3π²(λ + l))` is `n²h/e`. In the tight range of the pulls the braid spans about
    /// 0.29 of the shortening.
    #[test]
    fn shares_of_the_shortening_close_the_curve() {
        for x in [0.005, 0.011, 0.02, 0.025] {
            let (loop_share, braid_share) = shares(x).unwrap();
            assert!((loop_share + braid_share - 1.0).abs() < 1e-12);
            let p = solve_p_bar(x, |p| curve_point(p, 1.0).map(|(x, _)| x)).unwrap();
            let (lambda, l) = loop_integrals(p).unwrap();
            assert!((braid_share * (lambda + l) - l).abs() < 1e-9 * l);
            assert!((l * l / (8.0 * s3pi2() * (lambda + l)) / x - 1.0).abs() < 1e-9);
        }
        let (_, b) = shares(0.011).unwrap();
        assert!((b - 0.2865).abs() < 0.002, "{b}");
        assert!(shares(1.0).is_none());
    }
}
