//! The dimensionless Maugis–Dugdale curve of `N_MaugisDugdale` (see its module docs for the
//! equations and scalings): for a Maugis parameter `λ`, the points `(Ā, u, P̄, δ̄)` of Maugis'
//! solution (Maugis, J. Colloid Interface Sci. 150 (1992) 243) with their derivatives along the
//! curve, its unstable point, the stable branch at a given overlap, the work `∫P̄ dδ̄` along it
//! and its force minimum.
//!
//! With `u = Ā√(m² − 1) = √(c̄² − Ā²)` and `θ = atan2(u, Ā) = arccos(1/m)`:
//! * `g(Ā, u) = (λ/2)[Āu + (u² − Ā²)θ] + (4λ²/3)[uθ − (c̄ − Ā)] − 1 = 0`;
//! * `P̄ = Ā³ − λ(Āu + c̄²θ)`, `δ̄ = Ā² − (4/3)λu`;
//! * `∂g/∂u = (λ/2)·2u(Āu/c̄² + θ) + (4λ²/3)(θ − u³/(c̄²(c̄ + Ā))) > 0`,
//!   `∂g/∂Ā = −(λ/2)·2Ā(θ − Āu/c̄²) − (4λ²/3)Āu²/(c̄²(c̄ + Ā))`;
//! * along the curve `du/dĀ = −g_Ā/g_u`, `dP̄/dĀ = 3Ā² − λ(2Āθ + 2(Ā + uθ) du/dĀ)`,
//!   `dδ̄/dĀ = 2Ā − (4/3)λ du/dĀ`.

use std::f64::consts::{FRAC_PI_2, PI};

/// A point of the dimensionless curve: contact radius `Ā`, `u = √(c̄² − Ā²)`, force `P̄`,
/// overlap `δ̄` and their total derivatives along the curve.
#[derive(Debug, Clone, Copy)]
pub(super) struct Point {
    pub(super) a: f64,
    pub(super) u: f64,
    pub(super) force: f64,
    pub(super) overlap: f64,
    pub(super) d_force: f64,
    pub(super) d_overlap: f64,
}

/// `s − atan s`, with its series below `s = 10⁻²` (no cancellation).
fn s_minus_atan(s: f64) -> f64 {
    if s < 1e-2 {
        let s2 = s * s;
        s * s2 * (1.0 / 3.0 - s2 * (0.2 - s2 * (1.0 / 7.0 - s2 / 9.0)))
    } else {
        s - s.atan()
    }
}

/// `atan s − s/(1 + s²)`, with its series below `s = 10⁻²`.
fn atan_minus_ratio(s: f64) -> f64 {
    if s < 1e-2 {
        let s2 = s * s;
        s * s2 * (2.0 / 3.0 - s2 * (0.8 - s2 * (6.0 / 7.0 - s2 * 8.0 / 9.0)))
    } else {
        s.atan() - s / (1.0 + s * s)
    }
}

/// `g(Ā, u)`, `∂g/∂u`, `∂g/∂Ā` and `θ = atan2(u, Ā)` (see the module docs).
fn residual(lambda: f64, a: f64, u: f64) -> (f64, f64, f64, f64) {
    let theta = u.atan2(a);
    let c2 = a * a + u * u;
    let c = c2.sqrt();
    // G₁ = Āu + (u² − Ā²)θ and ∂G₁/∂Ā = 2Ā(Āu/c̄² − θ), written without cancellation when u < Ā.
    let (g1, g1_a) = if a > u {
        let s = u / a;
        (
            a * a * s_minus_atan(s) + u * u * theta,
            -2.0 * a * atan_minus_ratio(s),
        )
    } else {
        (
            a * u + (u * u - a * a) * theta,
            2.0 * a * (a * u / c2 - theta),
        )
    };
    let g1_u = 2.0 * u * (a * u / c2 + theta);
    // G₂ = uθ − (c̄ − Ā), c̄ − Ā = u²/(c̄ + Ā).
    let g2 = u * theta - u * u / (c + a);
    let g2_u = theta - u * u * u / (c2 * (c + a));
    let g2_a = -a * u * u / (c2 * (c + a));
    let (k1, k2) = (0.5 * lambda, 4.0 / 3.0 * lambda * lambda);
    (
        k1 * g1 + k2 * g2 - 1.0,
        k1 * g1_u + k2 * g2_u,
        k1 * g1_a + k2 * g2_a,
        theta,
    )
}

/// `u(Ā)`: the root of `g(Ā, ·)`, by Newton inside a bisection bracket, started right of the
/// root from the larger of the JKR-end estimate `√(3Ā/2)/λ` and the `Ā → 0` one (the root of
/// `(πλ/4)u² + (4λ²/3)(π/2 − 1)u = 1`).
fn solve_u(lambda: f64, a: f64) -> f64 {
    let jkr = (1.5 * a).sqrt() / lambda;
    let (p, q) = (
        0.25 * PI * lambda,
        4.0 / 3.0 * lambda * lambda * (FRAC_PI_2 - 1.0),
    );
    let small = 2.0 / (q + (q * q + 4.0 * p).sqrt());
    let (mut lo, mut hi) = (0.0, jkr.max(small));
    while residual(lambda, a, hi).0 < 0.0 {
        lo = hi;
        hi *= 2.0;
    }
    let mut u = hi;
    for _ in 0..200 {
        let (g, g_u, _, _) = residual(lambda, a, u);
        if g == 0.0 {
            return u;
        }
        if g < 0.0 {
            lo = u;
        } else {
            hi = u;
        }
        let mut next = u - g / g_u;
        if !(next > lo && next < hi) {
            next = 0.5 * (lo + hi);
        }
        if (next - u).abs() <= 2.0 * f64::EPSILON * u || hi - lo <= 2.0 * f64::EPSILON * hi {
            return next;
        }
        u = next;
    }
    u
}

/// The curve's point at contact radius `Ā ≥ 0`.
pub(super) fn point(lambda: f64, a: f64) -> Point {
    let u = solve_u(lambda, a);
    let (_, g_u, g_a, theta) = residual(lambda, a, u);
    let du = -g_a / g_u;
    let c2 = a * a + u * u;
    Point {
        a,
        u,
        force: a * a * a - lambda * (a * u + c2 * theta),
        overlap: a * a - 4.0 / 3.0 * lambda * u,
        d_force: 3.0 * a * a - lambda * (2.0 * a * theta + 2.0 * (a + u * theta) * du),
        d_overlap: 2.0 * a - 4.0 / 3.0 * lambda * du,
    }
}

/// Bisection for the point in `[0, ∞)` where `sign(f(point))` turns from negative to
/// positive, `f` being negative left of it and positive right of it (0 if it is positive
/// throughout), to `10⁻¹³` in `Ā`.
fn sign_change(lambda: f64, from: f64, f: impl Fn(&Point) -> f64) -> f64 {
    let mut hi = from.max(1.0);
    while f(&point(lambda, hi)) <= 0.0 {
        hi *= 2.0;
    }
    let mut lo = from;
    while hi - lo > 1e-13 * hi.max(1.0) {
        let mid = 0.5 * (lo + hi);
        if f(&point(lambda, mid)) < 0.0 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    0.5 * (lo + hi)
}

/// Gauss–Legendre nodes (positive half) and weights, 8 points on `[−1, 1]`.
const GAUSS_8: [(f64, f64); 4] = [
    (0.183_434_642_495_649_8, 0.362_683_783_378_362),
    (0.525_532_409_916_329, 0.313_706_645_877_887_3),
    (0.796_666_477_413_626_7, 0.222_381_034_453_374_5),
    (0.960_289_856_497_536_3, 0.101_228_536_290_376_3),
];

/// The dimensionless Maugis–Dugdale curve of one Maugis parameter `λ`: the unstable point
/// `Ā_c` (0 when there is none), its overlap `δ̄_c` and the radius `Ā₀` at first touch.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct Shape {
    pub(super) lambda: f64,
    pub(super) a_crit: f64,
    pub(super) overlap_crit: f64,
    pub(super) a_touch: f64,
}

impl Shape {
    pub(super) fn new(lambda: f64) -> Self {
        let a_crit = sign_change(lambda, 0.0, |p| p.d_overlap);
        let mut shape = Self {
            lambda,
            a_crit,
            overlap_crit: point(lambda, a_crit).overlap,
            a_touch: 0.0,
        };
        shape.a_touch = shape.solve(0.0).a;
        shape
    }

    /// The point of the stable branch at overlap `δ̄` (its end `Ā_c` when `δ̄ ≤ δ̄_c`).
    pub(super) fn solve(&self, overlap: f64) -> Point {
        let lambda = self.lambda;
        let mut lo = self.a_crit;
        let first = point(lambda, lo);
        if overlap <= first.overlap {
            return first;
        }
        let mut hi = lo + overlap.max(0.0).sqrt() + 1.0;
        let mut p = point(lambda, hi);
        while p.overlap < overlap {
            lo = hi;
            hi *= 2.0;
            p = point(lambda, hi);
        }
        for _ in 0..200 {
            let r = p.overlap - overlap;
            if r == 0.0 {
                return p;
            }
            if r < 0.0 {
                lo = p.a;
            } else {
                hi = p.a;
            }
            let mut next = p.a - r / p.d_overlap;
            if !(p.d_overlap > 0.0 && next > lo && next < hi) {
                next = 0.5 * (lo + hi);
            }
            let done = (next - p.a).abs() <= 2.0 * f64::EPSILON * p.a.max(1e-3)
                || hi - lo <= 2.0 * f64::EPSILON * hi;
            p = point(lambda, next);
            if done {
                break;
            }
        }
        p
    }

    /// `∫ P̄ dδ̄` along the curve from `Ā = from` to `Ā = to`.
    pub(super) fn work(&self, from: f64, to: f64) -> f64 {
        let (lo, hi, sign) = if from <= to {
            (from, to, 1.0)
        } else {
            (to, from, -1.0)
        };
        let mut sum = 0.0;
        let mut x = lo;
        while x < hi {
            let b = (x + (0.5 * x).max(0.25)).min(hi);
            let (mid, half) = (0.5 * (x + b), 0.5 * (b - x));
            for (node, weight) in GAUSS_8 {
                for a in [mid - half * node, mid + half * node] {
                    let p = point(self.lambda, a);
                    sum += weight * half * p.force * p.d_overlap;
                }
            }
            x = b;
        }
        sign * sum
    }

    /// The minimum `P̄` over the stable branch (the pull-off force under load control).
    pub(super) fn pull_off(&self) -> f64 {
        let a = sign_change(self.lambda, self.a_crit, |p| p.d_force);
        point(self.lambda, a)
            .force
            .min(point(self.lambda, self.a_crit).force)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The solved `(Ā, m)` satisfy Maugis' equations as published (in `m = c/a`).
    #[test]
    fn solutions_satisfy_the_published_equations() {
        for lambda in [0.05, 0.3, 1.0, 3.0, 30.0] {
            for a in [1e-2, 0.1, 0.5, 1.0, 2.0, 10.0] {
                let p = point(lambda, a);
                let m = a.hypot(p.u) / a;
                let (s, ac) = ((m * m - 1.0).sqrt(), (1.0 / m).acos());
                let eq1 = 0.5 * lambda * a * a * (s + (m * m - 2.0) * ac)
                    + 4.0 / 3.0 * lambda * lambda * a * (s * ac - m + 1.0);
                assert!((eq1 - 1.0).abs() < 1e-9, "λ = {lambda}, Ā = {a}: {eq1}");
                let force = a.powi(3) - lambda * a * a * (s + m * m * ac);
                assert!((force - p.force).abs() < 1e-9 * force.abs().max(1.0));
                let overlap = a * a - 4.0 / 3.0 * lambda * a * s;
                assert!((overlap - p.overlap).abs() < 1e-9 * overlap.abs().max(1.0));
            }
        }
    }

    /// The unstable point `dδ/da = 0` exists only above λ ≈ 0.938 (Maugis 1992); below, the
    /// contact holds until `a → 0`.
    #[test]
    fn unstable_point_appears_near_lambda_0_938() {
        assert!(Shape::new(0.5).a_crit < 1e-9);
        assert!(Shape::new(0.93).a_crit < 1e-9);
        assert!(Shape::new(0.95).a_crit > 1e-2);
        // JKR: Ā_c = (1/6)^{1/3}·… from dδ̄/dĀ = 2Ā − √(2/(3Ā)) = 0.
        let jkr = (1.0f64 / 6.0).cbrt();
        assert!((Shape::new(1e4).a_crit / jkr - 1.0).abs() < 1e-3);
    }
}
