//! Continuous collision detection for barrier methods: the largest fraction of a Newton step
//! that keeps every gap positive.
//!
//! **Additive CCD** (Li, Kaufman, Jiang 2021, "Codimensional Incremental Potential Contact",
//! §5 and Alg. 1). Two primitives with points `xᵢ` move linearly, `xᵢ(t) = xᵢ + t pᵢ`,
//! `t ∈ [0, t_max]`. Subtracting the mean displacement (a common translation does not change a
//! distance) leaves `p̄ᵢ`, and `l_p = max_{i∈A} ‖p̄ᵢ‖ + max_{j∈B} ‖p̄ⱼ‖` bounds how fast the
//! distance between the primitives can shrink. With thickness `ξ = r₁ + r₂` (capsules) and
//! gap `g(t) = Δ(t) − ξ`, the algorithm advances conservatively,
//!
//! ```text
//! t ← 0;  Δt ← (1 − s) g(0)/l_p
//! loop: t ← t + Δt, evaluate g(t);  stop before t if g(t) < s·g(0) (not on the first
//!       advance, safe by construction);  Δt ← 0.9 g(t)/l_p
//! ```
//!
//! and returns a `t` at which the gap is still at least `s·g(0)` (`s = 0.1`: a step never
//! closes more than 90 % of a gap). Since `g` cannot fall faster than `l_p`, no contact is
//! skipped between samples: the method is conservative by construction, with no root finding.
//!
//! Against a static plane the gap is affine in `t`, `g(t) = g(0) + t (p·n̂)`, and the bound is
//! exact: `t = (1 − s) g(0)/(−p·n̂)` when approaching.

use super::primitive::MAX_POINTS;
use crate::math::Vec3;

/// Fraction of the initial gap a step may close at most is `1 − SEPARATION`.
pub const SEPARATION: f64 = 0.1;

/// Maximum number of conservative advancement steps before giving up on a pair (the step is
/// then capped at the last safe `t`, which is always positive).
const MAX_ADVANCES: u32 = 10_000;

/// The centre-line distance of two primitives given by their points (m): a resolver's value
/// kernel ([`crate::contact::CcdKernel::Distance`]).
pub type DistanceKernel = fn(&[Vec3], &[Vec3]) -> f64;

/// Largest safe step `t ∈ (0, t_max]` for primitives `a` (points `xa`, displacements `pa`) and
/// `b` (at most [`MAX_POINTS`] each) with thickness `xi` (m), by additive CCD on the centre-line
/// distance `distance`. Returns `t_max` when the primitives cannot come closer than `s·g(0)`
/// within it, and 0 when they already touch (`g(0) ≤ 0`).
pub fn additive_ccd(
    distance: DistanceKernel,
    xa: &[Vec3],
    pa: &[Vec3],
    xb: &[Vec3],
    pb: &[Vec3],
    xi: f64,
    t_max: f64,
) -> f64 {
    let n = (pa.len() + pb.len()) as f64;
    let mean = (pa.iter().sum::<Vec3>() + pb.iter().sum::<Vec3>()) / n;
    let lp = pa.iter().map(|p| (p - mean).norm()).fold(0.0, f64::max)
        + pb.iter().map(|p| (p - mean).norm()).fold(0.0, f64::max);
    let g0 = distance(xa, xb) - xi;
    if g0.is_nan() || g0 <= 0.0 {
        return 0.0;
    }
    if lp <= 0.0 {
        return t_max;
    }
    let target = SEPARATION * g0;
    let mut t = 0.0;
    let mut dt = (1.0 - SEPARATION) * g0 / lp;
    let (mut ya, mut yb) = ([Vec3::zeros(); MAX_POINTS], [Vec3::zeros(); MAX_POINTS]);
    let mut gap_at = |t: f64| {
        for (k, (x, p)) in xa.iter().zip(pa).enumerate() {
            ya[k] = x + p * t;
        }
        for (k, (x, p)) in xb.iter().zip(pb).enumerate() {
            yb[k] = x + p * t;
        }
        distance(&ya[..xa.len()], &yb[..xb.len()]) - xi
    };
    for _ in 0..MAX_ADVANCES {
        let tn = t + dt;
        // The first advance is safe by construction (the gap shrinks at most at rate l_p), so
        // only later ones are checked; this keeps round-off from refusing a head-on approach.
        if tn >= t_max {
            let g = gap_at(t_max);
            return if g >= target || t == 0.0 { t_max } else { t };
        }
        let g = gap_at(tn);
        if g < target && t > 0.0 {
            return t;
        }
        t = tn;
        dt = 0.9 * g / lp;
    }
    t
}

/// Largest safe step against a static plane (origin `o`, unit normal `n`): points `x` with
/// displacements `p` and radius `r`. Exact, since the gap is affine in `t`.
pub fn plane_ccd(x: &[Vec3], p: &[Vec3], r: f64, o: &Vec3, n: &Vec3, t_max: f64) -> f64 {
    let mut t = t_max;
    for (xk, pk) in x.iter().zip(p) {
        let g0 = (xk - o).dot(n) - r;
        if g0.is_nan() || g0 <= 0.0 {
            return 0.0;
        }
        let rate = pk.dot(n);
        if rate < 0.0 {
            t = t.min((1.0 - SEPARATION) * g0 / -rate);
        }
    }
    t
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::contact::distance::{
        point_point, point_segment, point_triangle_distance, segment_segment,
        segment_triangle_distance,
    };

    /// Distance between the centre lines of primitives of one or two points each.
    fn centre_distance(a: &[Vec3], b: &[Vec3]) -> f64 {
        match (a.len(), b.len()) {
            (1, 1) => point_point(&a[0], &b[0], false).distance,
            (1, 2) => point_segment(&a[0], &b[0], &b[1], false).distance,
            (2, 1) => point_segment(&b[0], &a[0], &a[1], false).distance,
            _ => segment_segment(&a[0], &a[1], &b[0], &b[1], false).distance,
        }
    }

    /// The gap by `kernel` at step fraction `t`.
    fn gap_with(
        kernel: DistanceKernel,
        xa: &[Vec3],
        pa: &[Vec3],
        xb: &[Vec3],
        pb: &[Vec3],
        xi: f64,
        t: f64,
    ) -> f64 {
        let ya: Vec<Vec3> = xa.iter().zip(pa).map(|(x, p)| x + p * t).collect();
        let yb: Vec<Vec3> = xb.iter().zip(pb).map(|(x, p)| x + p * t).collect();
        kernel(&ya, &yb) - xi
    }

    fn v(x: f64, y: f64, z: f64) -> Vec3 {
        Vec3::new(x, y, z)
    }

    /// Brute-force check: the gap along the whole path up to the returned t stays positive.
    fn min_gap_along(xa: &[Vec3], pa: &[Vec3], xb: &[Vec3], pb: &[Vec3], xi: f64, t: f64) -> f64 {
        min_gap_with(centre_distance, xa, pa, xb, pb, xi, t)
    }

    /// [`min_gap_along`] by `kernel`.
    fn min_gap_with(
        kernel: DistanceKernel,
        xa: &[Vec3],
        pa: &[Vec3],
        xb: &[Vec3],
        pb: &[Vec3],
        xi: f64,
        t: f64,
    ) -> f64 {
        (0..=2000)
            .map(|k| gap_with(kernel, xa, pa, xb, pb, xi, t * k as f64 / 2000.0))
            .fold(f64::INFINITY, f64::min)
    }

    #[test]
    fn head_on_points_stop_before_contact() {
        let xa = [v(0.0, 0.0, 0.0)];
        let xb = [v(1.0, 0.0, 0.0)];
        let pa = [v(1.0, 0.0, 0.0)];
        let pb = [v(-1.0, 0.0, 0.0)];
        // Radii sum 0.2: gap 0.8, closing at 2 per unit t → contact at t = 0.4.
        let t = additive_ccd(centre_distance, &xa, &pa, &xb, &pb, 0.2, 1.0);
        assert!(t > 0.0 && t < 0.4, "t = {t}");
        // The gap at t is at least s·g0, and the method is not overly timid (≥ 80 % of the way).
        let g = min_gap_along(&xa, &pa, &xb, &pb, 0.2, t);
        assert!(g >= SEPARATION * 0.8 - 1e-12);
        assert!(t >= 0.8 * 0.9 * 0.4, "t = {t}");
    }

    #[test]
    fn crossing_segments_never_tunnel() {
        // Two thin capsules crossing at high speed: without CCD the full step passes through.
        let xa = [v(-1.0, 0.0, 0.0), v(1.0, 0.0, 0.0)];
        let xb = [v(0.0, -1.0, 0.5), v(0.0, 1.0, 0.5)];
        let pa = [v(0.0, 0.0, 0.5); 2];
        let pb = [v(0.0, 0.0, -0.5); 2];
        let xi = 0.02;
        let t = additive_ccd(centre_distance, &xa, &pa, &xb, &pb, xi, 1.0);
        assert!(t > 0.0 && t < 0.5);
        assert!(min_gap_along(&xa, &pa, &xb, &pb, xi, t) > 0.0);
        // Full step would have crossed.
        let end: Vec<Vec3> = xa.iter().zip(&pa).map(|(x, p)| x + p).collect();
        let endb: Vec<Vec3> = xb.iter().zip(&pb).map(|(x, p)| x + p).collect();
        assert!(
            centre_distance(&end, &endb) - xi > 0.0,
            "end states are apart..."
        );
    }

    #[test]
    fn separating_or_translating_pairs_take_the_full_step() {
        let xa = [v(0.0, 0.0, 0.0), v(1.0, 0.0, 0.0)];
        let xb = [v(0.0, 0.0, 1.0)];
        // Common translation: distance unchanged.
        let p = [v(3.0, -2.0, 7.0); 2];
        assert_eq!(
            additive_ccd(centre_distance, &xa, &p, &xb, &p[..1], 0.1, 1.0),
            1.0
        );
        // Separating.
        let pb = [v(0.0, 0.0, 1.0)];
        let pa = [Vec3::zeros(); 2];
        assert_eq!(
            additive_ccd(centre_distance, &xa, &pa, &xb, &pb, 0.1, 1.0),
            1.0
        );
    }

    #[test]
    fn random_motions_are_always_safe() {
        // Deterministic pseudo-random cases, every resolver case (PP, PE, EE).
        let mut rng = crate::verify::Rng::new(12345);
        let mut rnd = || rng.signed();
        for case in 0..300 {
            let na = 1 + case % 2;
            let nb = 1 + (case / 2) % 2;
            let xa: Vec<Vec3> = (0..na).map(|_| v(rnd(), rnd(), rnd())).collect();
            let xb: Vec<Vec3> = (0..nb).map(|_| v(rnd() + 1.5, rnd(), rnd())).collect();
            let pa: Vec<Vec3> = (0..na).map(|_| v(3.0 * rnd(), rnd(), rnd())).collect();
            let pb: Vec<Vec3> = (0..nb).map(|_| v(-3.0 * rnd(), rnd(), rnd())).collect();
            let xi = 0.05;
            if centre_distance(&xa, &xb) <= xi {
                continue;
            }
            let t = additive_ccd(centre_distance, &xa, &pa, &xb, &pb, xi, 1.0);
            assert!(t > 0.0, "case {case}");
            assert!(
                min_gap_along(&xa, &pa, &xb, &pb, xi, t) > 0.0,
                "case {case}: t = {t}"
            );
        }
    }

    #[test]
    fn random_triangle_motions_are_always_safe() {
        // Point–triangle and segment–triangle (either side first), mirroring
        // `random_motions_are_always_safe`: side B starts 1.5 along x and the sides rush at
        // each other, so most full steps would pass through the face or across an edge.
        let mut rng = crate::verify::Rng::new(54321);
        let mut rnd = || rng.signed();
        let mut capped = 0;
        for case in 0..400 {
            let na = 1 + case % 2;
            let kernel: DistanceKernel = if na == 1 {
                point_triangle_distance
            } else {
                segment_triangle_distance
            };
            let xa: Vec<Vec3> = (0..na).map(|_| v(rnd(), rnd(), rnd())).collect();
            let xb: Vec<Vec3> = (0..3).map(|_| v(rnd() + 1.5, rnd(), rnd())).collect();
            let pa: Vec<Vec3> = (0..na).map(|_| v(3.0 * rnd(), rnd(), rnd())).collect();
            let pb: Vec<Vec3> = (0..3).map(|_| v(-3.0 * rnd(), rnd(), rnd())).collect();
            let xi = 0.05;
            // The triangle as side 1 for every other pair of cases.
            let (xa, pa, xb, pb) = if (case / 2) % 2 == 0 {
                (xa, pa, xb, pb)
            } else {
                (xb, pb, xa, pa)
            };
            if kernel(&xa, &xb) <= xi {
                continue;
            }
            let t = additive_ccd(kernel, &xa, &pa, &xb, &pb, xi, 1.0);
            assert!(t > 0.0, "case {case}");
            assert!(
                min_gap_with(kernel, &xa, &pa, &xb, &pb, xi, t) > 0.0,
                "case {case}: t = {t}"
            );
            if min_gap_with(kernel, &xa, &pa, &xb, &pb, xi, 1.0) <= 0.0 {
                capped += 1;
            }
        }
        // Many full steps would have reached contact (or passed through the triangle): 36 of
        // the 400 with this seed.
        assert!(capped > 25, "only {capped} colliding motions");
    }

    #[test]
    fn point_through_a_triangle_face_stops_before_it() {
        // A point falling through the middle of a horizontal triangle (between its vertices,
        // far from the edges): with the face distance CCD stops above it.
        let tri = [v(-1.0, -1.0, 0.0), v(2.0, -1.0, 0.0), v(-1.0, 2.0, 0.0)];
        let still = [Vec3::zeros(); 3];
        let xa = [v(0.0, 0.0, 1.0)];
        let pa = [v(0.0, 0.0, -4.0)];
        let xi = 0.02;
        let t = additive_ccd(point_triangle_distance, &xa, &pa, &tri, &still, xi, 1.0);
        assert!(t > 0.0 && t < 0.25, "t = {t}");
        assert!(min_gap_with(point_triangle_distance, &xa, &pa, &tri, &still, xi, t) > 0.0);
        // Head-on the bound is nearly tight: the point covers at least 80 % of the way.
        assert!(t >= 0.8 * 0.9 * (1.0 - xi) / 4.0, "t = {t}");
        // A segment falling flat through the face likewise.
        let xa = [v(-0.2, 0.0, 1.0), v(0.3, 0.1, 1.0)];
        let pa = [v(0.0, 0.0, -4.0); 2];
        let t = additive_ccd(segment_triangle_distance, &xa, &pa, &tri, &still, xi, 1.0);
        assert!(t > 0.0 && t < 0.25, "t = {t}");
        assert!(min_gap_with(segment_triangle_distance, &xa, &pa, &tri, &still, xi, t) > 0.0);
    }

    #[test]
    fn plane_ccd_handles_a_triangle() {
        // A triangle against a plane: an affine gap over the triangle is smallest at a vertex,
        // so capping each of its 3 points is exact for the whole triangle.
        let o = Vec3::zeros();
        let n = Vec3::z();
        let x = [v(0.0, 0.0, 1.0), v(1.0, 0.0, 2.0), v(0.0, 1.0, 0.5)];
        let p = [v(0.0, 0.0, -2.0), v(5.0, 0.0, -1.0), v(0.0, 0.0, -0.5)];
        // Gaps 0.9, 1.9, 0.4 (r = 0.1), rates −2, −1, −0.5: caps 0.405, 1.71, 0.72.
        let t = plane_ccd(&x, &p, 0.1, &o, &n, 1.0);
        assert!((t - 0.405).abs() < 1e-12);
        // Every point of the triangle keeps at least s·(its initial gap) up to t.
        let mut rng = crate::verify::Rng::new(7);
        for _ in 0..200 {
            let (a, b) = (rng.unit(), rng.unit());
            let (a, b) = if a + b > 1.0 {
                (1.0 - a, 1.0 - b)
            } else {
                (a, b)
            };
            let w = [1.0 - a - b, a, b];
            let at = |s: f64| (0..3).map(|k| (x[k] + p[k] * s) * w[k]).sum::<Vec3>();
            let g0 = at(0.0).dot(&n) - 0.1;
            assert!(at(t).dot(&n) - 0.1 >= SEPARATION * g0 - 1e-12);
        }
    }

    #[test]
    fn plane_cap_is_exact() {
        let o = Vec3::zeros();
        let n = Vec3::z();
        let x = [v(0.0, 0.0, 1.0), v(1.0, 0.0, 2.0)];
        let p = [v(0.0, 0.0, -2.0), v(5.0, 0.0, -1.0)];
        // Gaps 0.9 and 1.9 (r = 0.1), rates −2 and −1: caps 0.9·0.9/2 = 0.405 and 1.71.
        let t = plane_ccd(&x, &p, 0.1, &o, &n, 1.0);
        assert!((t - 0.405).abs() < 1e-12);
        assert_eq!(plane_ccd(&x, &[Vec3::z(); 2], 0.1, &o, &n, 1.0), 1.0);
        assert_eq!(
            plane_ccd(&[v(0.0, 0.0, 0.05)], &p[..1], 0.1, &o, &n, 1.0),
            0.0
        );
    }
}
