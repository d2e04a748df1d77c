//! Complete elliptic integrals of the first and second kind, by the arithmetic–geometric mean.
//!
//! `K(m) = ∫₀^{π/2} dφ / √(1 − m sin²φ)`, `E(m) = ∫₀^{π/2} √(1 − m sin²φ) dφ`, parameter
//! `m = k²` (k the modulus), `0 ≤ m < 1` (Abramowitz & Stegun §17.3, §17.6). With
//! `a₀ = 1`, `b₀ = √(1 − m)`, `aₙ₊₁ = (aₙ + bₙ)/2`, `bₙ₊₁ = √(aₙbₙ)`, `cₙ₊₁ = (aₙ − bₙ)/2`:
//! `K = π / (2 a_∞)` and `E = K (1 − Σₙ 2ⁿ⁻¹ cₙ²)` with `c₀² = m` (A&S 17.6.3–17.6.4).
//! The iteration converges quadratically: a handful of steps reach machine precision, and
//! `K` keeps its logarithmic growth `K ≈ ln(4/√(1 − m))` as `m → 1`.

/// `(K(m), E(m))` for `0 ≤ m < 1`; `None` outside that range (K diverges at `m = 1`).
pub fn complete_elliptic(m: f64) -> Option<(f64, f64)> {
    if !(0.0..1.0).contains(&m) {
        return None;
    }
    let (mut a, mut b) = (1.0_f64, (1.0 - m).sqrt());
    let mut sum = 0.5 * m; // 2⁻¹ c₀²
    let mut weight = 0.5;
    for _ in 0..64 {
        if (a - b).abs() <= f64::EPSILON * a {
            break;
        }
        let c = 0.5 * (a - b);
        (a, b) = (0.5 * (a + b), (a * b).sqrt());
        weight *= 2.0;
        sum += weight * c * c;
    }
    let k = std::f64::consts::FRAC_PI_2 / a;
    Some((k, k * (1.0 - sum)))
}

#[cfg(test)]
mod tests {
    use super::complete_elliptic;
    use std::f64::consts::FRAC_PI_2;

    /// Midpoint rule on `[0, π/2]` with many panels (the integrands are smooth for m < 1).
    fn quadrature(m: f64) -> (f64, f64) {
        let n = 200_000;
        let h = FRAC_PI_2 / f64::from(n);
        (0..n).fold((0.0, 0.0), |(k, e), i| {
            let s = ((f64::from(i) + 0.5) * h).sin();
            let w = (1.0 - m * s * s).sqrt();
            (k + h / w, e + h * w)
        })
    }

    #[test]
    fn matches_tabulated_values_and_quadrature() {
        let (k0, e0) = complete_elliptic(0.0).unwrap();
        assert!((k0 - FRAC_PI_2).abs() < 1e-15 && (e0 - FRAC_PI_2).abs() < 1e-15);
        // A&S Table 17.1 at m = 0.5.
        let (k, e) = complete_elliptic(0.5).unwrap();
        assert!((k - 1.854_074_677_301_372).abs() < 1e-14, "K(0.5) = {k}");
        assert!((e - 1.350_643_881_047_675_5).abs() < 1e-14, "E(0.5) = {e}");
        for m in [0.1, 0.3, 0.7, 0.9, 0.99] {
            let (k, e) = complete_elliptic(m).unwrap();
            let (kq, eq) = quadrature(m);
            assert!((k / kq - 1.0).abs() < 1e-9, "K({m}) = {k} vs {kq}");
            assert!((e / eq - 1.0).abs() < 1e-9, "E({m}) = {e} vs {eq}");
        }
    }

    #[test]
    fn legendre_relation_holds_up_to_the_singular_end() {
        // E K' + E' K − K K' = π/2, with K' = K(1 − m), E' = E(1 − m) (A&S 17.3.13).
        for m in [1e-6, 0.2, 0.5, 0.8, 1.0 - 1e-9, 1.0 - 1e-14] {
            let (k, e) = complete_elliptic(m).unwrap();
            let (kp, ep) = complete_elliptic(1.0 - m).unwrap();
            let legendre = e * kp + ep * k - k * kp;
            assert!((legendre - FRAC_PI_2).abs() < 1e-12, "m = {m}: {legendre}");
        }
        let m = 1.0 - 1e-12;
        let (k, _) = complete_elliptic(m).unwrap();
        assert!(
            (k - (4.0 / (1.0 - m).sqrt()).ln()).abs() < 1e-10,
            "K → ln(4/k')"
        );
        assert!(complete_elliptic(1.0).is_none() && complete_elliptic(-0.1).is_none());
    }
}
