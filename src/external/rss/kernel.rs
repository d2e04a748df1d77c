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
//! Behind the segment (`r·e < 0`) `|e|R ≈ −r·e` cancel; there `L = Q/(|e|R − r·e)` with
//! `Q = L (|e|R − r·e) = |e × r|² + |e|²ε²`, the same for both ends (`e × r₁ = e × r₀`). So with
//! `P = |e|R + |r·e|` (no cancellation) `L = P` or `Q/P` and `1/L = 1/P` or `P/Q`, chosen by the
//! sign of `r·e` without a branch. `R₁ − R₀` and `1/R₁ − 1/R₀` are evaluated as quotients of
//! differences of squares for the same reason. The logarithm is [`ln_positive_normal`]: the
//! kernel has no branch and no call, the assembly loops over edges vectorise, and each lane
//! computes the bits the scalar code would.

use super::lanes::Real;
use super::ln::ln_positive_normal;
#[cfg(test)]
use crate::math::{Mat3, Vec3};

/// Coefficients `(c_I, c_rr, c_re, c_ee)` of one block `c_I I + c_rr r₀r₀ᵀ + c_re (r₀eᵀ + er₀ᵀ) +
/// c_ee eeᵀ` (units: `c_I` in m⁰, i.e. `8πη × velocity / force density`; `c_rr`, `c_re`, `c_ee`
/// in 1/m²).
pub type Coefficients<T = f64> = [T; 4];

/// The two blocks of one segment seen from one point (Eq. A.7), as coefficients of the common
/// basis `I, r₀r₀ᵀ, r₀eᵀ + er₀ᵀ, eeᵀ`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SegmentCoefficients<T = f64> {
    /// Block `A₁` multiplying the force density at the segment's first node.
    pub a1: Coefficients<T>,
    /// Block `A₂` multiplying the force density at the segment's second node.
    pub a2: Coefficients<T>,
}

/// What the kernel needs of one edge (or of one edge per lane), whatever the evaluation point.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Edge<T = f64> {
    /// Edge vector `e = x₁ − x₀` (m).
    pub e: [T; 3],
    /// `|e|` (m).
    pub len: T,
    /// `|e|²` (m²).
    pub len2: T,
    /// `1/|e|` (1/m).
    pub inv_len: T,
    /// `1/|e|²` (1/m²).
    pub inv_len2: T,
    /// `ε²` of the edge (m²).
    pub eps2: T,
}

impl Edge {
    /// The edge from `x0` to `x1` (m) with regularisation `eps` (m).
    pub fn new(x0: &[f64; 3], x1: &[f64; 3], eps: f64) -> Self {
        let e = [x1[0] - x0[0], x1[1] - x0[1], x1[2] - x0[2]];
        let len2 = e[0] * e[0] + e[1] * e[1] + e[2] * e[2];
        let len = len2.sqrt();
        Self {
            e,
            len,
            len2,
            inv_len: 1.0 / len,
            inv_len2: 1.0 / len2,
            eps2: eps * eps,
        }
    }
}

/// One end `x` of an edge seen from the evaluation point `x̂`: `r = x − x̂`, `R = √(|r|² + ε²)`
/// with the `ε` of the edge's rod, and `1/R`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct EndPoint<T = f64> {
    /// `r = x − x̂` (m).
    pub r: [T; 3],
    /// `R` (m).
    pub big_r: T,
    /// `1/R` (1/m).
    pub inv_r: T,
}

impl<T: Real> EndPoint<T> {
    /// The end at `x` seen from `xhat`, regularisation `ε²` = `eps2` (m²).
    #[inline(always)]
    pub fn new(x: [T; 3], xhat: [T; 3], eps2: T) -> Self {
        let r = [x[0] - xhat[0], x[1] - xhat[1], x[2] - xhat[2]];
        let big_r = (r[0] * r[0] + r[1] * r[1] + r[2] * r[2] + eps2).sqrt();
        Self {
            r,
            big_r,
            inv_r: T::splat(1.0) / big_r,
        }
    }
}

/// Coefficients of `A₁`, `A₂` (Eq. A.7) of `edge` with ends `p0`, `p1` seen from the
/// evaluation point. Multiply the assembled blocks by `1/(8πη)` to map force density (N/m) to
/// velocity (m/s). Branch-free and call-free (see the module notes), lane by lane.
#[inline(always)]
pub fn coefficients<T: Real>(
    edge: &Edge<T>,
    p0: &EndPoint<T>,
    p1: &EndPoint<T>,
) -> SegmentCoefficients<T> {
    let (len, inv_len2, eps2) = (edge.len, edge.inv_len2, edge.eps2);
    let (e, r) = (&edge.e, &p0.r);
    let one = T::splat(1.0);
    let re0 = r[0] * e[0] + r[1] * e[1] + r[2] * e[2];
    let re1 = re0 + edge.len2;
    let (cx, cy, cz) = (
        e[1] * r[2] - e[2] * r[1],
        e[2] * r[0] - e[0] * r[2],
        e[0] * r[1] - e[1] * r[0],
    );
    let q = cx * cx + cy * cy + cz * cz + edge.len2 * eps2;
    let (big_p0, big_p1) = (len * p0.big_r + re0.abs(), len * p1.big_r + re1.abs());
    let (inv_p0, inv_p1, inv_q) = (one / big_p0, one / big_p1, one / q);
    let inv_l0 = T::if_nonneg(re0, inv_p0, big_p0 * inv_q);
    let inv_l1 = T::if_nonneg(re1, inv_p1, big_p1 * inv_q);
    let l1 = T::if_nonneg(re1, big_p1, q * inv_p1);
    let d_r = (re0 + re1) / (p0.big_r + p1.big_r);
    let d_inv_r = -d_r * p0.inv_r * p1.inv_r;

    let t0m1 = ln_positive_normal(l1 * inv_l0) * edge.inv_len;
    let t0m3 = p0.inv_r * inv_l0 - p1.inv_r * inv_l1;
    let t1m1 = (d_r - re0 * t0m1) * inv_len2;
    let t1m3 = (-d_inv_r - re0 * t0m3) * inv_len2;
    let t2m3 = (-p1.inv_r + t0m1 - re0 * t1m3) * inv_len2;
    let t3m3 = (-p1.inv_r + T::splat(2.0) * t1m1 - re0 * t2m3) * inv_len2;

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
/// `xx, yy, zz, xy, xz, yz` (the products of `r₀`, `e` are shared by both blocks of a segment
/// once inlined).
#[inline(always)]
pub fn combine<T: Real>(c: &Coefficients<T>, s: T, r: &[T; 3], e: &[T; 3]) -> [T; 6] {
    let (ci, crr, cre, cee) = (s * c[0], s * c[1], s * c[2], s * c[3]);
    let m = |i: usize, j: usize| {
        crr * (r[i] * r[j]) + cre * (r[i] * e[j] + e[i] * r[j]) + cee * (e[i] * e[j])
    };
    [
        ci + m(0, 0),
        ci + m(1, 1),
        ci + m(2, 2),
        m(0, 1),
        m(0, 2),
        m(1, 2),
    ]
}

#[cfg(test)]
impl Edge {
    /// The same edge in all four lanes of an [`F4`](super::lanes::F4).
    pub fn splat(&self) -> Edge<super::lanes::F4> {
        use super::lanes::F4;
        Edge {
            e: self.e.map(F4::splat),
            len: F4::splat(self.len),
            len2: F4::splat(self.len2),
            inv_len: F4::splat(self.inv_len),
            inv_len2: F4::splat(self.inv_len2),
            eps2: F4::splat(self.eps2),
        }
    }
}

/// [`coefficients`] for the segment from `x̂ + r0` with edge vector `e` and regularisation `eps`.
#[cfg(test)]
pub fn segment_coefficients(r0: &Vec3, e: &Vec3, eps: f64) -> SegmentCoefficients {
    let (x0, x1) = ((*r0).into(), (r0 + e).into());
    let edge = Edge::new(&x0, &x1, eps);
    let (z, eps2) = ([0.0; 3], eps * eps);
    coefficients(
        &edge,
        &EndPoint::new(x0, z, eps2),
        &EndPoint::new(x1, z, eps2),
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

    /// Four pairs at once in [`F4`] lanes give, lane by lane, the bits of the scalar kernel
    /// (ahead of, along and behind the segment: both signs of `r·e` at both ends).
    #[test]
    fn lanes_give_the_scalar_bits() {
        use crate::external::rss::lanes::F4;
        let e = [0.003, -0.001, 0.004];
        let ends = [
            [-0.01, 0.002, 0.0],
            [-0.0015, -0.0005, -0.002],
            [0.004, 0.0, 0.005],
            [0.1, 0.2, -0.3],
        ];
        let eps = 1.02e-3;
        let edge = Edge::new(&[0.0; 3], &e, eps);
        let lane = |v: &dyn Fn(usize) -> f64| F4(std::array::from_fn(v));
        let ends4 = |shift: f64| EndPoint {
            r: std::array::from_fn(|c| lane(&|l| ends[l][c] + shift * e[c])),
            big_r: F4::splat(0.0),
            inv_r: F4::splat(0.0),
        };
        let fix = |p: EndPoint<F4>| EndPoint::new(p.r, [F4::splat(0.0); 3], F4::splat(eps * eps));
        let (p0, p1) = (fix(ends4(0.0)), fix(ends4(1.0)));
        let edge4 = edge.splat();
        let c4 = coefficients(&edge4, &p0, &p1);
        for (l, x) in ends.iter().enumerate() {
            let x1 = std::array::from_fn(|c| x[c] + e[c]);
            let c = coefficients(
                &edge,
                &EndPoint::new(*x, [0.0; 3], eps * eps),
                &EndPoint::new(x1, [0.0; 3], eps * eps),
            );
            for k in 0..4 {
                assert_eq!(c.a1[k].to_bits(), c4.a1[k].0[l].to_bits());
                assert_eq!(c.a2[k].to_bits(), c4.a2[k].0[l].to_bits());
            }
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
