//! The regularized Stokeslet segment kernel: velocity induced at a point by a straight segment
//! carrying a linearly varying force density (Cortez 2018, J. Comput. Phys. 375:783; seed 001
//! App. A, Eqs. A.1–A.7).
//!
//! The regularized Stokeslet (Eq. A.1) with blob size `ε`, for a force `f` at `x` seen at `x̂`,
//! with `r = x − x̂` and `R² = |r|² + ε²`:
//!
//! `8πη u(x̂) = (1/R + ε²/R³) f + (f·r) r / R³`.
//!
//! Over an edge `e = x₁ − x₀` with points `x_α = x₀ + α e` and force density
//! `f_α = (1 − α) f₀ + α f₁` (N/m), the velocity is (Eq. A.2)
//!
//! `8πη u(x̂) = |e| ∫₀¹ [(1/R_α + ε²/R_α³) f_α + (f_α·r_α) r_α / R_α³] dα = A₁ f₀ + A₂ f₁`,
//!
//! with `r_α = r₀ + α e`, `r₀ = x₀ − x̂` (the paper's sign; `r` enters the kernel quadratically).
//! With the moments `T_{k,l} = ∫₀¹ α^k R_α^l dα` (Eq. A.5) the two 3×3 blocks are (Eq. A.7)
//!
//! `A₂ = |e| [(T₁,₋₁ + ε² T₁,₋₃) I + T₁,₋₃ r₀r₀ᵀ + T₂,₋₃ (r₀eᵀ + e r₀ᵀ) + T₃,₋₃ eeᵀ]`,
//! `A₁ = |e| [(T₀,₋₁ + ε² T₀,₋₃) I + T₀,₋₃ r₀r₀ᵀ + T₁,₋₃ (r₀eᵀ + e r₀ᵀ) + T₂,₋₃ eeᵀ] − A₂`.
//!
//! Both blocks lie in the span of the four symmetric matrices `I, r₀r₀ᵀ, r₀eᵀ + er₀ᵀ, eeᵀ`, so the
//! kernel returns their four coefficients ([`SegmentCoefficients`]). (Eq. A.4 of the paper has a
//! typo, `(f₀·v)v` for `(f₀·e)e` in `c₂`; Eqs. A.5 and A.7 are as derived here.)
//!
//! Numerics: `T₀,₋₁ = ln(L₁/L₀)/|e|` and `T₀,₋₃ = 1/(R₀L₀) − 1/(R₁L₁)` with `L = |e|R + r·e`.
//! Where `r·e < 0`, `L` is evaluated as `(|e × r|² + |e|²ε²)/(|e|R − r·e)` (the same value, without
//! the cancellation of `|e|R ≈ −r·e` behind the segment); `R₁ − R₀` and `1/R₁ − 1/R₀` are
//! evaluated as quotients of differences of squares for the same reason.

#[cfg(test)]
use crate::math::Mat3;
use crate::math::Vec3;

/// Coefficients `(c_I, c_rr, c_re, c_ee)` of one block `c_I I + c_rr r₀r₀ᵀ + c_re (r₀eᵀ + er₀ᵀ) +
/// c_ee eeᵀ` (units: `c_I` in m⁰, i.e. `8πη × velocity / force density`; `c_rr`, `c_re`, `c_ee`
/// in 1/m²).
pub type Coefficients = [f64; 4];

/// The two blocks of one segment seen from one point (Eq. A.7), as coefficients of the common
/// basis `I, r₀r₀ᵀ, r₀eᵀ + er₀ᵀ, eeᵀ`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SegmentCoefficients {
    /// Block `A₁` multiplying the force density at the segment's first node.
    pub a1: Coefficients,
    /// Block `A₂` multiplying the force density at the segment's second node.
    pub a2: Coefficients,
}

/// `|e| R + r·e`, evaluated without cancellation (see the module notes).
#[inline]
fn log_argument(r: &Vec3, e: &Vec3, len: f64, big_r: f64, eps2: f64) -> f64 {
    let re = r.dot(e);
    if re >= 0.0 {
        len * big_r + re
    } else {
        (e.cross(r).norm_squared() + len * len * eps2) / (len * big_r - re)
    }
}

/// Coefficients of `A₁`, `A₂` (Eq. A.7) for the segment from `x₀ = x̂ + r0` with edge vector `e`
/// (m), seen from `x̂`, with regularisation `eps` (m, > 0). Multiply the assembled blocks by
/// `1/(8πη)` to map force density (N/m) to velocity (m/s).
#[inline]
pub fn segment_coefficients(r0: &Vec3, e: &Vec3, eps: f64) -> SegmentCoefficients {
    let eps2 = eps * eps;
    let len2 = e.norm_squared();
    let len = len2.sqrt();
    let r1 = r0 + e;
    let s0 = r0.norm_squared() + eps2;
    let s1 = r1.norm_squared() + eps2;
    let big_r0 = s0.sqrt();
    let big_r1 = s1.sqrt();
    let l0 = log_argument(r0, e, len, big_r0, eps2);
    let l1 = log_argument(&r1, e, len, big_r1, eps2);
    let re0 = r0.dot(e);
    let inv_len2 = 1.0 / len2;
    let inv_r1 = 1.0 / big_r1;
    // R₁ − R₀ and 1/R₁ − 1/R₀ from R₁² − R₀² = 2 r₀·e + |e|².
    let ds = 2.0 * re0 + len2;
    let d_r = ds / (big_r0 + big_r1);
    let d_inv_r = -d_r / (big_r0 * big_r1);

    let t0m1 = (l1 / l0).ln() / len;
    let t0m3 = 1.0 / (big_r0 * l0) - 1.0 / (big_r1 * l1);
    let t1m1 = (d_r - re0 * t0m1) * inv_len2;
    let t1m3 = (-d_inv_r - re0 * t0m3) * inv_len2;
    let t2m3 = (-inv_r1 + t0m1 - re0 * t1m3) * inv_len2;
    let t3m3 = (-inv_r1 + 2.0 * t1m1 - re0 * t2m3) * inv_len2;

    let a2 = [
        len * (t1m1 + eps2 * t1m3),
        len * t1m3,
        len * t2m3,
        len * t3m3,
    ];
    let a1 = [
        len * (t0m1 + eps2 * t0m3) - a2[0],
        len * t0m3 - a2[1],
        len * t1m3 - a2[2],
        len * t2m3 - a2[3],
    ];
    SegmentCoefficients { a1, a2 }
}

/// The 3×3 block `c_I I + c_rr r₀r₀ᵀ + c_re (r₀eᵀ + er₀ᵀ) + c_ee eeᵀ`.
#[cfg(test)]
pub fn block(c: &Coefficients, r0: &Vec3, e: &Vec3) -> Mat3 {
    Mat3::identity() * c[0]
        + r0 * r0.transpose() * c[1]
        + (r0 * e.transpose() + e * r0.transpose()) * c[2]
        + e * e.transpose() * c[3]
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `|e| ∫₀¹ φ(α) S(r_α) dα` for the hat function `φ` of node 0 (`1 − α`) or node 1 (`α`), by
    /// composite 8-point Gauss–Legendre quadrature on `pieces` sub-intervals.
    fn quadrature(r0: &Vec3, e: &Vec3, eps: f64, node: usize, pieces: usize) -> Mat3 {
        const X: [f64; 4] = [
            0.183_434_642_495_649_8,
            0.525_532_409_916_329,
            0.796_666_477_413_626_7,
            0.960_289_856_497_536_3,
        ];
        const W: [f64; 4] = [
            0.362_683_783_378_362,
            0.313_706_645_877_887_3,
            0.222_381_034_453_374_5,
            0.101_228_536_290_376_3,
        ];
        let mut m = Mat3::zeros();
        let h = 1.0 / pieces as f64;
        for p in 0..pieces {
            let mid = (p as f64 + 0.5) * h;
            for (x, w) in X.iter().zip(&W) {
                for s in [-1.0, 1.0] {
                    let a = mid + s * x * h / 2.0;
                    let r = r0 + e * a;
                    let rr = (r.norm_squared() + eps * eps).sqrt();
                    let k = Mat3::identity() * (1.0 / rr + eps * eps / rr.powi(3))
                        + r * r.transpose() / rr.powi(3);
                    let phi = if node == 0 { 1.0 - a } else { a };
                    m += k * (phi * w * h / 2.0);
                }
            }
        }
        m * e.norm()
    }

    fn check(r0: Vec3, e: Vec3, eps: f64, tol: f64) {
        let c = segment_coefficients(&r0, &e, eps);
        for (node, coeffs) in [(0, c.a1), (1, c.a2)] {
            let exact = quadrature(&r0, &e, eps, node, 400);
            let got = block(&coeffs, &r0, &e);
            let err = (got - exact).abs().max() / exact.abs().max();
            assert!(
                err < tol,
                "node {node}, r0 = {r0:?}, e = {e:?}: relative error {err:e}\n{got}\n{exact}"
            );
        }
    }

    #[test]
    fn matches_quadrature_near_on_and_far_from_the_segment() {
        let e = Vec3::new(0.003, -0.001, 0.004);
        let eps = 1.02e-3;
        // On the segment's own nodes and midpoint (the diagonal blocks of A).
        check(Vec3::zeros(), e, eps, 1e-12);
        check(-e, e, eps, 1e-12);
        check(-0.5 * e, e, eps, 1e-12);
        // Behind and ahead on the axis (the cancellation-prone case), near and far.
        for k in [1.5, 3.0, 20.0, 100.0] {
            check(e * k, e, eps, 1e-11);
            check(-e * (k + 1.0), e, eps, 1e-11);
        }
        // Off-axis, across a range of distances.
        let n = e.cross(&Vec3::x()).normalize();
        for d in [1e-4, 1e-3, 5e-3, 5e-2, 0.3] {
            check(n * d - 0.3 * e, e, eps, 1e-11);
            check(n * d + e * 2.0, e, eps, 1e-11);
        }
    }

    #[test]
    fn blocks_are_symmetric_and_mirror_under_reversal() {
        let r0 = Vec3::new(0.004, 0.002, -0.001);
        let e = Vec3::new(0.001, 0.004, 0.002);
        let c = segment_coefficients(&r0, &e, 1e-3);
        let (a1, a2) = (block(&c.a1, &r0, &e), block(&c.a2, &r0, &e));
        assert!((a1 - a1.transpose()).abs().max() < 1e-15 * a1.abs().max());
        // The same segment traversed backwards swaps the roles of A₁ and A₂.
        let rev = segment_coefficients(&(r0 + e), &(-e), 1e-3);
        let (b1, b2) = (
            block(&rev.a1, &(r0 + e), &(-e)),
            block(&rev.a2, &(r0 + e), &(-e)),
        );
        assert!((b1 - a2).abs().max() < 1e-12 * a2.abs().max());
        assert!((b2 - a1).abs().max() < 1e-12 * a1.abs().max());
    }
}
