//! The lens where two discs overlap, as a function of their centre distance: its area and the
//! length of its chord (the common chord of the two circles), with the chord's first two
//! derivatives. Plane geometry; the identities used are standard:
//!
//! * `K(d) = [(R₁ + R₂)² − d²][d² − (R₁ − R₂)²]`, positive exactly while the circles cross
//!   (`|R₁ − R₂| < d < R₁ + R₂`); `K = −d⁴ + 2S d² − P` with `S = R₁² + R₂²`,
//!   `P = (R₁² − R₂²)²`;
//! * chord `ℓ = √K / d` (Heron's formula for the triangle of the two centres and a crossing
//!   point: its height over `d` is `ℓ/2`);
//! * `ℓ′ = 2(S − d²)/√K − √K/d²` and
//!   `ℓ″ = −4d/√K − (S − d²)K′/K^{3/2} − K′/(2d²√K) + 2√K/d³`, `K′ = 4d(S − d²)`;
//! * lens area `A = R₁²(u₁ − sin u₁)/2 + R₂²(u₂ − sin u₂)/2`, two circular segments of
//!   central angles `uᵢ = 2 atan2(ℓ/2, xᵢ)`, `x₁ = (d² + R₁² − R₂²)/(2d)`, `x₂ = d − x₁` (the
//!   centres' distances to the chord), and `dA/dd = −ℓ` (moving the centres apart by `dd`
//!   uncovers a strip of width `dd` along the chord).
//!
//! Outside the crossing range the lens is empty (`d ≥ R₁ + R₂`) or the smaller disc
//! (`d ≤ |R₁ − R₂|`), with no chord.

/// Area and chord of the lens of two discs at one centre distance.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct DiscLens {
    /// Lens area `A` (m²).
    pub area: f64,
    /// Chord length `ℓ` (m).
    pub chord: f64,
    /// `dℓ/dd` (dimensionless).
    pub d_chord: f64,
    /// `d²ℓ/dd²` (1/m).
    pub dd_chord: f64,
}

impl DiscLens {
    /// The lens of discs of radii `r1`, `r2` (m) that overlap by `delta = R₁ + R₂ − d` (m).
    /// Taking the overlap keeps a shallow lens accurate: `K` is formed from `δ(2(R₁ + R₂) − δ)`
    /// rather than from a difference of nearly equal squares, the half-angles from `atan2`,
    /// and each circular segment `R²(u − sin u)/2` (`u` twice the half-angle) from its series
    /// below `u = 1/4`, so the area keeps its relative precision as `δ → 0` (it vanishes as
    /// `δ^{3/2}`).
    pub fn from_overlap(delta: f64, r1: f64, r2: f64) -> Self {
        let (sum, diff) = (r1 + r2, (r1 - r2).abs());
        if delta <= 0.0 {
            return Self::default();
        }
        let d = sum - delta;
        let k = delta * (2.0 * sum - delta) * (d - diff) * (d + diff);
        if d <= diff || k <= 0.0 {
            let small = r1.min(r2);
            return Self {
                area: std::f64::consts::PI * small * small,
                ..Self::default()
            };
        }
        let s = r1 * r1 + r2 * r2;
        let sk = k.sqrt();
        let kp = 4.0 * d * (s - d * d);
        let chord = sk / d;
        let half = 0.5 * chord;
        let x1 = (d * d + r1 * r1 - r2 * r2) / (2.0 * d);
        let x2 = d - x1;
        let segment = |r: f64, x: f64| r * r * 0.5 * u_minus_sin_u(2.0 * half.atan2(x));
        Self {
            area: segment(r1, x1) + segment(r2, x2),
            chord,
            d_chord: 2.0 * (s - d * d) / sk - sk / (d * d),
            dd_chord: -4.0 * d / sk - (s - d * d) * kp / (k * sk) - kp / (2.0 * d * d * sk)
                + 2.0 * sk / (d * d * d),
        }
    }
}

/// `u − sin u` without cancellation: its Taylor series `Σ (−1)ᵏ u^{2k+3}/(2k+3)!` (to `u¹³`,
/// truncation below 10⁻¹⁹ relative) for `u < 1/4`, the direct difference above.
fn u_minus_sin_u(u: f64) -> f64 {
    if u.abs() >= 0.25 {
        return u - u.sin();
    }
    let u2 = u * u;
    let acc = 1.0 / 120.0
        - u2 * (1.0 / 5_040.0
            - u2 * (1.0 / 362_880.0 - u2 * (1.0 / 39_916_800.0 - u2 / 6_227_020_800.0)));
    u2 * u * (1.0 / 6.0 - u2 * acc)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::f64::consts::PI;

    /// The lens of discs of radii `r1`, `r2` whose centres are `d` apart.
    fn at(d: f64, r1: f64, r2: f64) -> DiscLens {
        DiscLens::from_overlap(r1 + r2 - d, r1, r2)
    }

    #[test]
    fn equal_discs_at_r_root_two_overlap_by_the_known_lens() {
        // Two unit discs √2 apart cross at right angles: A = π/2 − 1, ℓ = √2.
        let l = at(2f64.sqrt(), 1.0, 1.0);
        assert!((l.area - (PI / 2.0 - 1.0)).abs() < 1e-14, "{}", l.area);
        assert!((l.chord - 2f64.sqrt()).abs() < 1e-14);
        // Equal radii: ℓ = √(4R² − d²), ℓ′ = −d/ℓ, ℓ″ = −4R²/ℓ³.
        let (d, r) = (1.3, 0.9);
        let l = at(d, r, r);
        let c = (4.0 * r * r - d * d).sqrt();
        assert!((l.chord - c).abs() < 1e-14);
        assert!((l.d_chord + d / c).abs() < 1e-13);
        assert!((l.dd_chord + 4.0 * r * r / c.powi(3)).abs() < 1e-12);
    }

    #[test]
    fn area_matches_a_quadrature_of_the_overlap() {
        // Midpoint rule over the smaller disc's bounding box, 2,000² cells.
        let (d, r1, r2) = (1.1, 1.0, 0.6);
        let n = 2000;
        let h = 2.0 * r2 / n as f64;
        let mut inside = 0usize;
        for i in 0..n {
            for j in 0..n {
                let (x, y) = (d - r2 + (i as f64 + 0.5) * h, -r2 + (j as f64 + 0.5) * h);
                if x * x + y * y < r1 * r1 && (x - d).powi(2) + y * y < r2 * r2 {
                    inside += 1;
                }
            }
        }
        let a = inside as f64 * h * h;
        let lens = at(d, r1, r2);
        assert!((lens.area / a - 1.0).abs() < 2e-3, "{} vs {a}", lens.area);
    }

    #[test]
    fn derivatives_match_finite_differences_and_da_dd_is_minus_the_chord() {
        for (r1, r2) in [(1.0f64, 1.0), (1.0, 0.6), (0.4, 1.5)] {
            let (lo, hi) = ((r1 - r2).abs(), r1 + r2);
            for t in [0.05, 0.3, 0.5, 0.8, 0.97] {
                let d = lo + t * (hi - lo);
                let e = 1e-7 * hi;
                let (p, m, c) = (at(d + e, r1, r2), at(d - e, r1, r2), at(d, r1, r2));
                let fd_area = (p.area - m.area) / (2.0 * e);
                let fd_chord = (p.chord - m.chord) / (2.0 * e);
                let fd_d = (p.d_chord - m.d_chord) / (2.0 * e);
                let tol = |x: f64| 1e-6 * (1.0 + x.abs());
                assert!((fd_area + c.chord).abs() < tol(c.chord), "{r1} {r2} {d}");
                assert!(
                    (fd_chord - c.d_chord).abs() < tol(c.d_chord),
                    "{r1} {r2} {d}"
                );
                assert!((fd_d - c.dd_chord).abs() < tol(c.dd_chord), "{r1} {r2} {d}");
            }
        }
    }

    #[test]
    fn u_minus_sin_u_is_accurate_on_both_sides_of_its_switch() {
        for u in [1e-4f64, 1e-2, 0.1, 0.2499, 0.25, 0.6] {
            // Reference: the series summed far beyond its switch (exact to f64 here).
            let mut term = u * u * u / 6.0;
            let (mut sum, mut k) = (0.0f64, 3.0);
            while term.abs() > 1e-30 * sum.abs().max(1e-300) {
                sum += term;
                term *= -u * u / ((k + 1.0) * (k + 2.0));
                k += 2.0;
            }
            let got = u_minus_sin_u(u);
            assert!((got / sum - 1.0).abs() < 1e-13, "{u}: {got} vs {sum}");
        }
    }

    #[test]
    fn a_shallow_lens_keeps_its_relative_precision() {
        // Equal discs: two segments of height δ/2 under a chord 2√(Rδ), each nearly a parabola
        // (2/3 of chord × height), A ≈ (4/3)√R δ^{3/2} up to a relative O(δ/R).
        let r = 0.01;
        for delta in [1e-9f64, 1e-7] {
            let a = DiscLens::from_overlap(delta, r, r).area;
            let lead = 4.0 / 3.0 * r.sqrt() * delta.powf(1.5);
            assert!((a / lead - 1.0).abs() < delta / r, "{delta}: {a} vs {lead}");
        }
    }

    #[test]
    fn apart_and_nested_discs_have_no_chord() {
        assert_eq!(at(2.0, 1.0, 1.0), DiscLens::default());
        let nested = at(0.2, 1.0, 0.5);
        assert_eq!(nested.chord, 0.0);
        assert!((nested.area - PI * 0.25).abs() < 1e-15);
        // Continuous at both ends of the crossing range.
        assert!(at(2.0 - 1e-12, 1.0, 1.0).area < 1e-16);
        let inner = at(0.5 + 1e-10, 1.0, 0.5);
        assert!((inner.area - PI * 0.25).abs() < 1e-6);
    }
}
