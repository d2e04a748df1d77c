//! The far field of the segment kernel: Simpson's rule on a segment seen from far away, with an
//! error bound, as an opt-in replacement for the exact moments of [`super::kernel`].
//!
//! Over an edge `e` with ends `r₀ = x₀ − x̂`, `r₁ = r₀ + e` and midpoint `r_h = r₀ + e/2`, the
//! blocks of Eq. A.2 are `A₁ = |e| ∫₀¹ (1 − α) S(r_α) dα` and `A₂ = |e| ∫₀¹ α S(r_α) dα` with the
//! regularized Stokeslet `S(r) = a(R) I + b(R) r rᵀ`, `a = 1/R + ε²/R³`, `b = 1/R³`,
//! `R = √(|r|² + ε²)` (Eq. A.1). Simpson's rule `∫₀¹ g ≈ (g(0) + 4 g(½) + g(1))/6` gives
//!
//! `A₁ ≈ |e| (S(r₀) + 2 S(r_h))/6`,  `A₂ ≈ |e| (2 S(r_h) + S(r₁))/6`,
//!
//! and, with `r_h r_hᵀ = r₀r₀ᵀ + ½(r₀eᵀ + er₀ᵀ) + ¼eeᵀ` and `r₁r₁ᵀ = r₀r₀ᵀ + (r₀eᵀ + er₀ᵀ) + eeᵀ`,
//! the coefficients in the kernel's basis `I, r₀r₀ᵀ, r₀eᵀ + er₀ᵀ, eeᵀ` ([`SegmentCoefficients`]):
//!
//! `A₁ = |e|/6 [a₀ + 2a_h, b₀ + 2b_h, b_h, b_h/2]`,
//! `A₂ = |e|/6 [2a_h + a₁, 2b_h + b₁, b_h + b₁, b_h/2 + b₁]`.
//!
//! The ends' `R` and `1/R` are the ones the exact kernel shares between neighbouring edges
//! ([`EndPoint`]), so a far edge costs one square root and one division (its midpoint) where
//! the exact moments cost a logarithm, four divisions and about twice the arithmetic.
//!
//! **Error bound.** Simpson's rule on `[0, 1]` errs by `g⁗(ξ)/2880`. For `g = (1 − α) S(r_α)`
//! (or `α S`), `g⁗ = ∓4 S‴ + (1 − α) S⁗`, and each derivative along the edge brings a factor
//! `|e|`: the Stokeslet's `k`-th derivative along a line at distance `d` from `x̂` is bounded by
//! `K k! |e|ᵏ/d^(k+1)` (the Legendre expansion `1/|r − t u| = Σ P_k(cos θ) tᵏ/|r|^(k+1)` with
//! `|P_k| ≤ 1` for the `I/R` part; `K = 2` covers the tensor `I + r̂r̂ᵀ`, and the regularisation
//! only smooths `S` further). With `d ≥ κ |e|` and blocks of size `≈ |e|/(2d)` per unit `S`, the
//! relative error of a block is
//!
//! `‖ΔA‖/‖A‖ ≤ K (4·3! + 4!/κ)/(2880 · ½) κ⁻³ = (1 + 1/κ)/(30 κ³)`  (K = 2).
//!
//! Measured over random edges and points (`tests::error_is_within_the_stated_bound`: the largest
//! entry error of a block relative to its largest entry), the error is third order in `1/κ`
//! with `κ³ × error` between 0.012 (κ = 2) and 0.020 (κ ≥ 16), within the bound's 0.033–0.05:
//! for `κ = 4`, 2.0·10⁻⁴ (bound 6.5·10⁻⁴); `κ = 8`, 3.1·10⁻⁵ (7.3·10⁻⁵); `κ = 16`, 4.6·10⁻⁶
//! (8.6·10⁻⁶). Since `d ≥ |r_h| − |e|/2`, an edge is "far" from `x̂` when `|r_h| ≥ (κ + ½)|e|`,
//! tested without a square root ([`far_threshold2`]).

use super::kernel::{Coefficients, Edge, EndPoint, SegmentCoefficients};
use super::lanes::Real;

/// `((κ + ½) |e|)²`: the squared distance from the edge's midpoint beyond which the edge is in
/// the far field of ratio `kappa` (units of `len`²).
pub fn far_threshold2(kappa: f64, len: f64) -> f64 {
    let t = (kappa + 0.5) * len;
    t * t
}

/// The midpoint `r_h = r₀ + e/2` of the edge seen from `x̂` (m) and `|r_h|²` (m²).
#[inline(always)]
pub fn midpoint<T: Real>(edge: &Edge<T>, p0: &EndPoint<T>) -> ([T; 3], T) {
    let half = T::splat(0.5);
    let r = [
        p0.r[0] + half * edge.e[0],
        p0.r[1] + half * edge.e[1],
        p0.r[2] + half * edge.e[2],
    ];
    (r, r[0] * r[0] + r[1] * r[1] + r[2] * r[2])
}

/// `(a, b) = (1/R + ε²/R³, 1/R³)` of one point with `1/R` = `inv_r` and `ε²` = `eps2`.
#[inline(always)]
fn stokeslet<T: Real>(inv_r: T, eps2: T) -> (T, T) {
    let b = inv_r * inv_r * inv_r;
    (inv_r + eps2 * b, b)
}

/// Simpson coefficients of `A₁`, `A₂` (module notes) for `edge` with ends `p0`, `p1` and
/// midpoint `|r_h|²` = `rh2` seen from the evaluation point; the same units and basis as
/// [`super::kernel::coefficients`].
#[inline(always)]
pub fn simpson_coefficients<T: Real>(
    edge: &Edge<T>,
    p0: &EndPoint<T>,
    p1: &EndPoint<T>,
    rh2: T,
) -> SegmentCoefficients<T> {
    let eps2 = edge.eps2;
    let inv_rh = T::splat(1.0) / (rh2 + eps2).sqrt();
    let (a0, b0) = stokeslet(p0.inv_r, eps2);
    let (ah, bh) = stokeslet(inv_rh, eps2);
    let (a1, b1) = stokeslet(p1.inv_r, eps2);
    let w = edge.len * T::splat(1.0 / 6.0);
    let (two, half) = (T::splat(2.0), T::splat(0.5));
    let bh_half = half * bh;
    SegmentCoefficients {
        a1: [
            w * (a0 + two * ah),
            w * (b0 + two * bh),
            w * bh,
            w * bh_half,
        ],
        a2: [
            w * (two * ah + a1),
            w * (two * bh + b1),
            w * (bh + b1),
            w * (bh_half + b1),
        ],
    }
}

/// Lane by lane: `far` where `rh2 ≥ threshold2`, `near` elsewhere.
#[inline(always)]
pub fn select<T: Real>(
    rh2: T,
    threshold2: T,
    far: &SegmentCoefficients<T>,
    near: &SegmentCoefficients<T>,
) -> SegmentCoefficients<T> {
    let pick = |f: &Coefficients<T>, n: &Coefficients<T>| -> Coefficients<T> {
        std::array::from_fn(|k| T::if_nonneg(rh2 - threshold2, f[k], n[k]))
    };
    SegmentCoefficients {
        a1: pick(&far.a1, &near.a1),
        a2: pick(&far.a2, &near.a2),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::external::rss::kernel::{block, coefficients};
    use crate::math::{Mat3, Vec3};
    use crate::verify::Rng;

    fn exact_and_simpson(r0: &Vec3, e: &Vec3, eps: f64) -> [(Mat3, Mat3); 2] {
        let (x0, x1): ([f64; 3], [f64; 3]) = ((*r0).into(), (r0 + e).into());
        let edge = Edge::new(&x0, &x1, eps);
        let (z, eps2) = ([0.0; 3], eps * eps);
        let (p0, p1) = (EndPoint::new(x0, z, eps2), EndPoint::new(x1, z, eps2));
        let exact = coefficients(&edge, &p0, &p1);
        let (_, rh2) = midpoint(&edge, &p0);
        let simpson = simpson_coefficients(&edge, &p0, &p1, rh2);
        [
            (block(&exact.a1, r0, e), block(&simpson.a1, r0, e)),
            (block(&exact.a2, r0, e), block(&simpson.a2, r0, e)),
        ]
    }

    fn bound(kappa: f64) -> f64 {
        (1.0 + 1.0 / kappa) / (30.0 * kappa.powi(3))
    }

    /// Random edges (length 0.5–5 mm, ε = 0.1–1 mm) and points whose distance to the edge is
    /// `κ|e|` to `3κ|e|`: every block's largest entry error, relative to its largest entry, is
    /// within the bound of the module notes, and the error falls as `κ⁻³`.
    #[test]
    fn error_is_within_the_stated_bound() {
        let mut rng = Rng::new(17);
        let mut worst = Vec::new();
        for kappa in [2.0, 4.0, 8.0, 16.0, 32.0] {
            let mut max_rel: f64 = 0.0;
            for _ in 0..4000 {
                let len = 5e-4 + 4.5e-3 * rng.unit();
                let dir = Vec3::new(rng.signed(), rng.signed(), rng.signed()).normalize();
                let e = dir * len;
                let eps = 1e-4 + 9e-4 * rng.unit();
                let u = Vec3::new(rng.signed(), rng.signed(), rng.signed()).normalize();
                // A point at distance ≥ κ|e| from every point of the edge: from the midpoint,
                // (κ + ½)|e| is enough; spread out to 3κ.
                let dist = (kappa + 0.5) * len * (1.0 + 2.0 * rng.unit());
                let r0 = -(e * 0.5) + u * dist;
                for (exact, simpson) in exact_and_simpson(&r0, &e, eps) {
                    let rel = (simpson - exact).abs().max() / exact.abs().max();
                    max_rel = max_rel.max(rel);
                }
            }
            assert!(
                max_rel <= bound(kappa),
                "κ = {kappa}: relative error {max_rel:e} above the bound {:e}",
                bound(kappa)
            );
            worst.push(max_rel);
        }
        // Third order: doubling κ divides the error by about 8 (measured 6.5–7.6).
        for w in worst.windows(2) {
            assert!(w[0] / w[1] > 5.5, "errors {worst:?}");
        }
    }

    /// On the axis, just beyond the threshold (the worst direction for the `r rᵀ` term).
    #[test]
    fn error_is_within_the_bound_on_the_axis() {
        let e = Vec3::new(0.003, -0.001, 0.004);
        for kappa in [2.0, 4.0, 8.0] {
            for sign in [-1.0, 1.0] {
                let r0 = -(e * 0.5) + e * (sign * (kappa + 0.5));
                for (exact, simpson) in exact_and_simpson(&r0, &e, 1e-3) {
                    let rel = (simpson - exact).abs().max() / exact.abs().max();
                    assert!(rel <= bound(kappa), "κ = {kappa}, {sign}: {rel:e}");
                }
            }
        }
    }

    #[test]
    fn threshold_classifies_by_distance_from_the_midpoint() {
        let e = Vec3::new(0.002, 0.0, 0.0);
        let edge = Edge::new(&[0.0; 3], &e.into(), 1e-3);
        let t2 = far_threshold2(4.0, edge.len);
        for (d, far) in [(4.4, false), (4.6, true)] {
            let r0 = Vec3::new(-0.001, d * 0.002, 0.0);
            let p0 = EndPoint::new(r0.into(), [0.0; 3], edge.eps2);
            let (_, rh2) = midpoint(&edge, &p0);
            assert_eq!(rh2 >= t2, far, "d = {d}|e|");
        }
    }

    /// Four pairs in [`F4`](crate::external::rss::lanes::F4) lanes give the scalar bits, and
    /// `select` picks lane by lane.
    #[test]
    fn lanes_give_the_scalar_bits_and_select_per_lane() {
        use crate::external::rss::lanes::F4;
        let e = [0.003, -0.001, 0.004];
        let ends = [
            [-0.01, 0.002, 0.0],
            [0.05, -0.02, 0.01],
            [0.004, 0.0, 0.005],
            [0.1, 0.2, -0.3],
        ];
        let eps = 1.02e-3;
        let edge = Edge::new(&[0.0; 3], &e, eps);
        let edge4 = edge.splat();
        let lane = |f: &dyn Fn(usize) -> f64| F4(std::array::from_fn(f));
        let end4 = |s: f64| {
            EndPoint::new(
                std::array::from_fn(|c| lane(&|l| ends[l][c] + s * e[c])),
                [F4::splat(0.0); 3],
                F4::splat(eps * eps),
            )
        };
        let (p0, p1) = (end4(0.0), end4(1.0));
        let (_, rh2) = midpoint(&edge4, &p0);
        let far4 = simpson_coefficients(&edge4, &p0, &p1, rh2);
        let near4 = coefficients(&edge4, &p0, &p1);
        let t2 = far_threshold2(4.0, edge.len);
        let mixed = select(rh2, F4::splat(t2), &far4, &near4);
        for (l, x) in ends.iter().enumerate() {
            let x1 = std::array::from_fn(|c| x[c] + e[c]);
            let (q0, q1) = (
                EndPoint::new(*x, [0.0; 3], eps * eps),
                EndPoint::new(x1, [0.0; 3], eps * eps),
            );
            let (_, h2) = midpoint(&edge, &q0);
            let far = simpson_coefficients(&edge, &q0, &q1, h2);
            let want = if h2 >= t2 {
                far
            } else {
                coefficients(&edge, &q0, &q1)
            };
            for k in 0..4 {
                assert_eq!(far.a1[k].to_bits(), far4.a1[k].0[l].to_bits());
                assert_eq!(far.a2[k].to_bits(), far4.a2[k].0[l].to_bits());
                assert_eq!(want.a1[k].to_bits(), mixed.a1[k].0[l].to_bits());
                assert_eq!(want.a2[k].to_bits(), mixed.a2[k].0[l].to_bits());
            }
        }
        // The lanes above cover both sides of the threshold.
        let far_lanes = (0..4).filter(|&l| rh2.0[l] >= t2).count();
        assert!(far_lanes > 0 && far_lanes < 4, "{far_lanes}");
    }
}
