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

/// What the kernel needs of one edge, whatever the evaluation point.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Edge {
    /// Edge vector `e = x₁ − x₀` (m).
    pub e: Vec3,
    /// `|e|` (m).
    pub len: f64,
    /// `|e|²` (m²).
    pub len2: f64,
    /// `1/|e|` (1/m).
    pub inv_len: f64,
    /// `1/|e|²` (1/m²).
    pub inv_len2: f64,
    /// `ε²` of the edge (m²).
    pub eps2: f64,
    /// `eeᵀ` as `xx, yy, zz, xy, xz, yz` (m²).
    pub ee: [f64; 6],
}

impl Edge {
    /// The edge from `x0` to `x1` with regularisation `eps` (m).
    pub fn new(x0: &Vec3, x1: &Vec3, eps: f64) -> Self {
        let e = x1 - x0;
        let len2 = e.norm_squared();
        let len = len2.sqrt();
        Self {
            e,
            len,
            len2,
            inv_len: 1.0 / len,
            inv_len2: 1.0 / len2,
            eps2: eps * eps,
            ee: [
                e.x * e.x,
                e.y * e.y,
                e.z * e.z,
                e.x * e.y,
                e.x * e.z,
                e.y * e.z,
            ],
        }
    }
}

/// One end `x` of an edge seen from the evaluation point `x̂`: `r = x − x̂`, `R = √(|r|² + ε²)`
/// with the `ε` of the edge's rod, and `1/R`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct EndPoint {
    /// `r = x − x̂` (m).
    pub r: Vec3,
    /// `R` (m).
    pub big_r: f64,
    /// `1/R` (1/m).
    pub inv_r: f64,
}

impl EndPoint {
    /// The end at `x` seen from `xhat`, regularisation `ε²` = `eps2` (m²).
    #[inline]
    pub fn new(x: &Vec3, xhat: &Vec3, eps2: f64) -> Self {
        let r = x - xhat;
        let big_r = (r.norm_squared() + eps2).sqrt();
        Self {
            r,
            big_r,
            inv_r: 1.0 / big_r,
        }
    }
}

/// `L = |e| R + r·e` for `re = r·e`, evaluated without cancellation (see the module notes).
#[inline]
fn log_argument(re: f64, r: &Vec3, edge: &Edge, big_r: f64) -> f64 {
    if re >= 0.0 {
        edge.len * big_r + re
    } else {
        (edge.e.cross(r).norm_squared() + edge.len2 * edge.eps2) / (edge.len * big_r - re)
    }
}

/// Coefficients of `A₁`, `A₂` (Eq. A.7) of `edge` with ends `p0`, `p1` seen from the
/// evaluation point. Multiply the assembled blocks by `1/(8πη)` to map force density (N/m) to
/// velocity (m/s).
#[inline]
pub fn coefficients(edge: &Edge, p0: &EndPoint, p1: &EndPoint) -> SegmentCoefficients {
    let (len, inv_len2, eps2) = (edge.len, edge.inv_len2, edge.eps2);
    let re0 = p0.r.dot(&edge.e);
    let re1 = re0 + edge.len2;
    let inv_l0 = 1.0 / log_argument(re0, &p0.r, edge, p0.big_r);
    let inv_l1 = 1.0 / log_argument(re1, &p1.r, edge, p1.big_r);
    // R₁ − R₀ and 1/R₁ − 1/R₀ from R₁² − R₀² = 2 r₀·e + |e|².
    let d_r = (re0 + re1) / (p0.big_r + p1.big_r);
    let d_inv_r = -d_r * p0.inv_r * p1.inv_r;

    let t0m1 = (inv_l0 / inv_l1).ln() * edge.inv_len;
    let t0m3 = p0.inv_r * inv_l0 - p1.inv_r * inv_l1;
    let t1m1 = (d_r - re0 * t0m1) * inv_len2;
    let t1m3 = (-d_inv_r - re0 * t0m3) * inv_len2;
    let t2m3 = (-p1.inv_r + t0m1 - re0 * t1m3) * inv_len2;
    let t3m3 = (-p1.inv_r + 2.0 * t1m1 - re0 * t2m3) * inv_len2;

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

/// The symmetric block `s (c_I I + c_rr r₀r₀ᵀ + c_re (r₀eᵀ + er₀ᵀ) + c_ee eeᵀ)` as
/// `xx, yy, zz, xy, xz, yz`.
#[inline]
pub fn combine(c: &Coefficients, s: f64, r0: &Vec3, edge: &Edge) -> [f64; 6] {
    let (ci, crr, cre, cee) = (s * c[0], s * c[1], s * c[2], s * c[3]);
    let (r, e, ee) = (r0, &edge.e, &edge.ee);
    let m = |i: usize, j: usize, k: usize| {
        crr * r[i] * r[j] + cre * (r[i] * e[j] + e[i] * r[j]) + cee * ee[k]
    };
    [
        ci + m(0, 0, 0),
        ci + m(1, 1, 1),
        ci + m(2, 2, 2),
        m(0, 1, 3),
        m(0, 2, 4),
        m(1, 2, 5),
    ]
}

/// [`coefficients`] for the segment from `x̂ + r0` with edge vector `e` and regularisation `eps`.
#[cfg(test)]
pub fn segment_coefficients(r0: &Vec3, e: &Vec3, eps: f64) -> SegmentCoefficients {
    let edge = Edge::new(r0, &(r0 + e), eps);
    let z = Vec3::zeros();
    let eps2 = eps * eps;
    coefficients(
        &edge,
        &EndPoint::new(r0, &z, eps2),
        &EndPoint::new(&(r0 + e), &z, eps2),
    )
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
