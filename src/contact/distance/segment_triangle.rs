//! Segment–triangle minimum distance.
//!
//! `Δ = min_{β ∈ [0, 1], λ ≥ 0, Σλ = 1} ‖p0 + β (p1 − p0) − (λ_a a + λ_b b + λ_c c)‖`.
//!
//! If the segment does not intersect the triangle, the minimum is attained with the closest
//! point on the segment at an endpoint or the closest point on the triangle on an edge: were
//! both interior, `d` would be normal to the triangle and to the segment, so the segment would
//! be parallel to the triangle and could slide, at constant distance, to an endpoint or an edge
//! (Eberly, "Distance between line segment and triangle", Geometric Tools; Ericson, *Real-Time
//! Collision Detection* §5.1.10). So
//!
//! `Δ = min(Δ(p0, abc), Δ(p1, abc), Δ(p0p1, ab), Δ(p0p1, bc), Δ(p0p1, ca))`,
//!
//! the first two by [`point_triangle`](super::point_triangle) (PF, PE or PP), the last three by
//! [`segment_segment`](super::segment_segment) (EE, PE or PP; here without its near-parallel
//! blend, so that each candidate is the exact minimum of its pair). The minimising candidate's value,
//! gradient and Hessian are returned, scattered into the 15 coordinates `[p0, p1, a, b, c]`
//! (`Distance<15>`); on exact ties the first in that order is taken.
//!
//! Where the winner changes between candidates the two candidates coincide on a seam of the
//! same constrained minimisation (e.g. the endpoint–edge PE of `point_triangle` becomes the
//! segment–edge EE as the segment's parameter leaves 0): `Δ` is C¹ across these seams (value and
//! gradient continuous, Hessian jumps), as for the other kernels (seed 001 §3.2). The exception
//! is a segment exactly parallel to the triangle's plane above its face (or to an edge, see
//! [`segment_segment`](super::segment_segment)), where the tied endpoints make `Δ` itself the
//! minimum of two smooth functions, with a kink.
//!
//! **Intersection.** A segment whose endpoints lie strictly on opposite sides of the plane
//! (`s_k = (p_k − a)·N`, `N = (b − a) × (c − a)`, of opposite signs) and whose crossing point
//! `x = p0 + t (p1 − p0)`, `t = s₀/(s₀ − s₁)`, has barycentric coordinates `≥ 0` pierces the
//! triangle (Ericson §5.3.6): then `Δ = 0`, `kind = Intersecting`, `closest = [x, x]`,
//! `params = [t, 0]`, `bary` of `x`, and no gradient (zero `grad` and `hess`). The candidates
//! above would miss it (they are only valid without intersection). Contact laws act at positive
//! gaps, and CCD keeps them positive, so a simulation never evaluates their forces there. A
//! segment touching the triangle on its boundary, or lying in its plane, is found by the
//! candidates (one of them is 0: touching, zero derivatives, see [`Distance`]).
//!
//! Near-degenerate triangles (`‖N‖² ≤ 1e-10 L⁴`, see [`point_triangle`](super::point_triangle))
//! are treated as their three edges: no crossing test, endpoint candidates against the edges.
//! The distance then exceeds the true one by at most `0.5·10⁻⁵ L`.

use super::point_point::{ContactType, Distance};
use super::point_triangle::{barycentric, face_normal, point_triangle_into};
use super::segment_segment::segment_segment_into;
use crate::math::Vec3;

/// The crossing of the segment `p0p1` through the interior or boundary of the non-degenerate
/// triangle `abc`: its parameter `t`, the point and its barycentric coordinates.
#[inline]
fn crossing(pts: &[&Vec3; 5]) -> Option<(f64, Vec3, [f64; 3])> {
    let [p0, p1, a, b, c] = *pts;
    let (nn, n2) = face_normal(a, b, c)?;
    let s0 = (p0 - a).dot(&nn);
    let s1 = (p1 - a).dot(&nn);
    if !((s0 > 0.0 && s1 < 0.0) || (s0 < 0.0 && s1 > 0.0)) {
        return None;
    }
    let t = s0 / (s0 - s1);
    let x = p0 + (p1 - p0) * t;
    let lambda = barycentric(&x, a, b, c, &nn, n2);
    lambda.iter().all(|&l| l >= 0.0).then_some((t, x, lambda))
}

/// Candidate `k` written into `out` (zero gradient and Hessian): 0, 1 the endpoint `p_k`
/// against the triangle; 2, 3, 4 the segment against the edge from vertex `k − 2` to the next.
#[inline]
fn candidate(pts: &[&Vec3; 5], k: usize, hessian: bool, out: &mut Distance<15>) {
    let [p0, p1, a, b, c] = *pts;
    if k < 2 {
        point_triangle_into(pts[k], a, b, c, [k, 2, 3, 4], hessian, out);
        out.params = [k as f64, 0.0];
    } else {
        let i = k - 2;
        let j = (i + 1) % 3;
        segment_segment_into(
            &[p0, p1, pts[2 + i], pts[2 + j]],
            &[0, 1, 2 + i, 2 + j],
            hessian,
            false,
            out,
        );
        let [beta, gamma] = out.params;
        out.bary = [0.0; 3];
        out.bary[i] = 1.0 - gamma;
        out.bary[j] = gamma;
        out.params = [beta, 0.0];
    }
}

/// Minimum distance between the segment `p0p1` and the triangle `abc` with derivatives with
/// respect to `[p0, p1, a, b, c]` (15 coordinates).
///
/// Without intersection, `Δ = min(Δ(p0, abc), Δ(p1, abc), Δ(p0p1, ab), Δ(p0p1, bc),
/// Δ(p0p1, ca))` by [`point_triangle`](super::point_triangle) and
/// [`segment_segment`](super::segment_segment), with the value, gradient and Hessian of the
/// minimising candidate (module docs; Eberly, "Distance between line segment and triangle";
/// Ericson, *Real-Time Collision Detection* §5.1.10). `kind` is that candidate's (PF, PE, EE or
/// PP). C¹ across the seams between candidates.
///
/// `closest = [p0 + β (p1 − p0), λ_a a + λ_b b + λ_c c]`, `params = [β, 0]`,
/// `bary = (λ_a, λ_b, λ_c)`. A segment piercing the triangle gives `Δ = 0`,
/// `kind = Intersecting`, zero derivatives and the crossing point as both closest points. The
/// Hessian (exactly symmetric) is skipped when `hessian` is false.
pub fn segment_triangle(
    p0: &Vec3,
    p1: &Vec3,
    a: &Vec3,
    b: &Vec3,
    c: &Vec3,
    hessian: bool,
) -> Distance<15> {
    let pts = [p0, p1, a, b, c];
    let mut out = Distance::zero();
    if let Some((t, x, lambda)) = crossing(&pts) {
        out.distance = 0.0;
        out.closest = [x, x];
        out.params = [t, 0.0];
        out.bary = lambda;
        out.kind = ContactType::Intersecting;
        return out;
    }
    let mut best = Distance::zero();
    candidate(&pts, 0, false, &mut best);
    let mut arg = 0;
    for k in 1..5 {
        let mut d = Distance::zero();
        candidate(&pts, k, false, &mut d);
        if d.distance < best.distance {
            best = d;
            arg = k;
        }
    }
    if hessian {
        candidate(&pts, arg, true, &mut out);
        out
    } else {
        best
    }
}

/// Value-only segment–triangle distance for continuous collision detection
/// ([`CcdKernel::Distance`](crate::contact::CcdKernel::Distance),
/// [`additive_ccd`](crate::contact::ccd::additive_ccd)): one side is the segment `[p0, p1]`, the
/// other the triangle `[a, b, c]`, in either order (m). Exactly [`segment_triangle`]'s `Δ`
/// (0 when the segment pierces the triangle, so CCD refuses to start from there).
///
/// # Panics
///
/// If the sides are not two points and three points.
pub fn segment_triangle_distance(side1: &[Vec3], side2: &[Vec3]) -> f64 {
    let ([p0, p1], [a, b, c]) = match (side1, side2) {
        ([p0, p1], [a, b, c]) | ([a, b, c], [p0, p1]) => ([p0, p1], [a, b, c]),
        _ => panic!(
            "segment_triangle_distance: sides of {} and {} points (expected 2 and 3)",
            side1.len(),
            side2.len()
        ),
    };
    segment_triangle(p0, p1, a, b, c, false).distance
}

#[cfg(test)]
mod tests {
    use nalgebra::{SMatrix, SVector};

    use super::super::point_triangle;
    use super::super::test_support::{
        Region, Worst, active_set_stable, edge_outward, fd_check, interior_bary, kind_label,
        permute_blocks, point_at, stack, triangle, unit_normal, v3,
    };
    use super::*;
    use crate::verify::{Rng, max_relative_error};

    type X = SVector<f64, 15>;

    fn st(x: &X, h: bool) -> Distance<15> {
        segment_triangle(&v3(x, 0), &v3(x, 1), &v3(x, 2), &v3(x, 3), &v3(x, 4), h)
    }

    fn stc(c: &[Vec3; 5], h: bool) -> Distance<15> {
        segment_triangle(&c[0], &c[1], &c[2], &c[3], &c[4], h)
    }

    fn config(s: [Vec3; 2], t: &[Vec3; 3]) -> [Vec3; 5] {
        [s[0], s[1], t[0], t[1], t[2]]
    }

    /// Active-set signature: kind, segment parameter at an end, barycentric coordinates at 0 or 1.
    fn signature(d: &Distance<15>) -> (ContactType, [bool; 8]) {
        let (b, l) = (d.params[0], d.bary);
        (
            d.kind,
            [
                b == 0.0,
                b == 1.0,
                l[0] == 0.0,
                l[1] == 0.0,
                l[2] == 0.0,
                l[0] == 1.0,
                l[1] == 1.0,
                l[2] == 1.0,
            ],
        )
    }

    /// Whether every ±step perturbation of `x` keeps the active set of `x`.
    fn stable(x: &X, step: f64) -> bool {
        active_set_stable(x, step, |y| signature(&st(y, false)))
    }

    /// Reference: `min_β Δ(p0 + β(p1 − p0), abc)` (convex in `β`) by golden-section search on
    /// [`point_triangle`], and 0 if some sample crosses the plane inside the triangle.
    fn reference(c: &[Vec3; 5]) -> f64 {
        let f = |t: f64| {
            let s = c[0] + (c[1] - c[0]) * t;
            point_triangle(&s, &c[2], &c[3], &c[4], false).distance
        };
        let g = 0.5 * (5f64.sqrt() - 1.0);
        let (mut lo, mut hi) = (0.0, 1.0);
        for _ in 0..200 {
            let (m1, m2) = (hi - g * (hi - lo), lo + g * (hi - lo));
            if f(m1) < f(m2) {
                hi = m2;
            } else {
                lo = m1;
            }
        }
        f(0.5 * (lo + hi)).min(f(0.0)).min(f(1.0))
    }

    /// Unit vector within ≈ 1.2 rad of `n` (so `· n ≥ 0.36`).
    fn cone(rng: &mut Rng, n: &Vec3) -> Vec3 {
        let t = rng.perpendicular(n);
        let phi = rng.uniform(-1.2, 1.2);
        n * phi.cos() + t * phi.sin()
    }

    /// Signed height in ±[0.05, 1].
    fn height(rng: &mut Rng) -> f64 {
        rng.uniform(0.05, 1.0) * if rng.unit() < 0.5 { -1.0 } else { 1.0 }
    }

    /// Segment whose endpoint `which` is the point at `region`, height `h`, and which leaves the
    /// triangle (its other endpoint within 1.2 rad of the direction away from the closest
    /// point): the minimum is that endpoint against the triangle.
    fn endpoint_config(
        rng: &mut Rng,
        t: &[Vec3; 3],
        region: Region,
        h: f64,
        which: usize,
    ) -> [Vec3; 5] {
        let p = point_at(t, region, h);
        let q = point_triangle(&p, &t[0], &t[1], &t[2], false).closest[1];
        let other = p + cone(rng, &(p - q).normalize()) * rng.uniform(0.3, 1.5);
        let s = if which == 0 { [p, other] } else { [other, p] };
        config(s, t)
    }

    /// Segment at distance `dist` from the point at parameter `gamma` on edge `i`, along
    /// `m cos φ + n̂ sin φ` (`m` the edge's outward normal), perpendicular to that direction and
    /// crossing the edge's direction at ≥ 0.3 rad, with its closest point at parameter `alpha`
    /// (any real: outside [0, 1] the minimum moves to an endpoint).
    fn edge_config(
        rng: &mut Rng,
        t: &[Vec3; 3],
        i: usize,
        gamma: f64,
        alpha: f64,
        dist: f64,
    ) -> [Vec3; 5] {
        let (x, y) = (t[i], t[(i + 1) % 3]);
        let phi = rng.uniform(-1.2, 1.2);
        let dir = edge_outward(t, i) * phi.cos() + unit_normal(t) * phi.sin();
        let te = (y - x).normalize();
        let u = loop {
            let u = rng.perpendicular(&dir);
            if u.cross(&te).norm() > 0.3 {
                break u * rng.uniform(0.5, 2.0);
            }
        };
        let p0 = x + (y - x) * gamma + dir * dist - u * alpha;
        config([p0, p0 + u], t)
    }

    /// Segment at distance `dist` from vertex `i` in a direction of its normal cone, with its
    /// closest point at parameter `alpha`.
    fn vertex_config(rng: &mut Rng, t: &[Vec3; 3], i: usize, alpha: f64, dist: f64) -> [Vec3; 5] {
        let w = point_at(
            t,
            Region::Vertex {
                i,
                r: 1.0,
                t: rng.uniform(0.05, 0.95),
            },
            0.0,
        ) - t[i];
        let phi = rng.uniform(-1.2, 1.2);
        let dir = w * phi.cos() + unit_normal(t) * phi.sin();
        let u = rng.perpendicular(&dir) * rng.uniform(0.5, 2.0);
        let p0 = t[i] + dir * dist - u * alpha;
        config([p0, p0 + u], t)
    }

    /// Consistency of a result: closest points realise Δ, sit at the reported parameters, the
    /// value matches the reference, the gradient is translation invariant.
    fn consistent(c: &[Vec3; 5], d: &Distance<15>) {
        let scale = c.iter().fold(0.0f64, |m, p| m.max(p.amax()));
        let tol = 1e-12 * scale;
        assert!(((d.closest[0] - d.closest[1]).norm() - d.distance).abs() <= tol);
        let beta = d.params[0];
        assert!((0.0..=1.0).contains(&beta) && d.params[1] == 0.0);
        assert!((c[0] + (c[1] - c[0]) * beta - d.closest[0]).norm() <= tol);
        let l = d.bary;
        assert!(l.iter().all(|&x| (0.0..=1.0).contains(&x)), "{l:?}");
        assert!((l[0] + l[1] + l[2] - 1.0).abs() < 1e-12);
        assert!((c[2] * l[0] + c[3] * l[1] + c[4] * l[2] - d.closest[1]).norm() <= tol);
        let r = reference(c);
        assert!(
            (d.distance - r).abs() <= 1e-9 * scale,
            "Δ = {} vs reference {r} ({:?})",
            d.distance,
            d.kind
        );
        let sum = (0..5).fold(Vec3::zeros(), |s, i| s + v3(&d.grad, i));
        assert!(sum.norm() < 1e-12);
    }

    /// Every case: (label, configuration, kind, distance, segment parameter, barycentric).
    type Case = (String, [Vec3; 5], ContactType, f64, f64, [f64; 3]);

    fn cases(rng: &mut Rng, t: &[Vec3; 3]) -> Vec<Case> {
        let mut v: Vec<Case> = Vec::new();
        let e = |i: usize| {
            let mut l = [0.0; 3];
            l[i] = 1.0;
            l
        };
        for which in 0..2 {
            let h = height(rng);
            let l = interior_bary(rng, 0.05);
            v.push((
                format!("PF endpoint {which}"),
                endpoint_config(rng, t, Region::Face(l), h, which),
                ContactType::PointFace,
                h.abs(),
                which as f64,
                l,
            ));
            for i in 0..3 {
                let (beta, out) = (rng.uniform(0.05, 0.95), rng.uniform(0.05, 1.0));
                let mut l = [0.0; 3];
                l[i] = 1.0 - beta;
                l[(i + 1) % 3] = beta;
                let h = height(rng);
                v.push((
                    format!("PE endpoint {which} edge {i}"),
                    endpoint_config(rng, t, Region::Edge { i, beta, out }, h, which),
                    ContactType::PointEdge,
                    out.hypot(h),
                    which as f64,
                    l,
                ));
                let (r, tt) = (rng.uniform(0.05, 1.0), rng.uniform(0.05, 0.95));
                let h = height(rng);
                v.push((
                    format!("PP endpoint {which} vertex {i}"),
                    endpoint_config(rng, t, Region::Vertex { i, r, t: tt }, h, which),
                    ContactType::PointPoint,
                    r.hypot(h),
                    which as f64,
                    e(i),
                ));
            }
        }
        for i in 0..3 {
            let dist = rng.uniform(0.05, 1.0);
            let (gamma, alpha) = (rng.uniform(0.05, 0.95), rng.uniform(0.05, 0.95));
            let mut l = [0.0; 3];
            l[i] = 1.0 - gamma;
            l[(i + 1) % 3] = gamma;
            v.push((
                format!("EE edge {i}"),
                edge_config(rng, t, i, gamma, alpha, dist),
                ContactType::EdgeEdge,
                dist,
                alpha,
                l,
            ));
            let alpha = rng.uniform(0.05, 0.95);
            v.push((
                format!("PE vertex {i}"),
                vertex_config(rng, t, i, alpha, dist),
                ContactType::PointEdge,
                dist,
                alpha,
                e(i),
            ));
        }
        v
    }

    #[test]
    fn segment_triangle_fd_per_case() {
        let mut rng = Rng::new(61);
        let mut worst = Worst::default();
        for _ in 0..30 {
            let t = triangle(&mut rng);
            for (label, c, kind, dist, beta, l) in cases(&mut rng, &t) {
                let d = stc(&c, true);
                assert_eq!(d.kind, kind, "{label}");
                assert!((d.distance - dist).abs() < 1e-12, "{label}");
                assert!((d.params[0] - beta).abs() < 1e-12, "{label}");
                for (got, want) in d.bary.iter().zip(l) {
                    assert!((got - want).abs() < 1e-9, "{label}: {:?}", d.bary);
                }
                consistent(&c, &d);
                worst.add(&label, fd_check(&st, &stack(&c), 1e-6));
            }
        }
        worst.report("segment_triangle", 1e-6);
    }

    #[test]
    fn segment_triangle_fd_near_seams() {
        let mut rng = Rng::new(62);
        let mut worst = Worst::default();
        let eps = 1e-3;
        for _ in 0..20 {
            let t = triangle(&mut rng);
            for i in 0..3 {
                let dist = rng.uniform(0.1, 1.0);
                // EE/PE: the segment's parameter 1e-3 inside / outside each end.
                for (alpha, kind) in [
                    (eps, ContactType::EdgeEdge),
                    (-eps, ContactType::PointEdge),
                    (1.0 - eps, ContactType::EdgeEdge),
                    (1.0 + eps, ContactType::PointEdge),
                ] {
                    let c = edge_config(&mut rng, &t, i, 0.5, alpha, dist);
                    let d = stc(&c, false);
                    assert_eq!(d.kind, kind);
                    consistent(&c, &d);
                    let end = if alpha < 0.5 { 0 } else { 1 };
                    let side = if kind == ContactType::EdgeEdge {
                        "inside"
                    } else {
                        "outside"
                    };
                    let label = format!("{} edge {i} β=={end} 1e-3 {side}", kind_label(kind));
                    worst.add(&label, fd_check(&st, &stack(&c), 1e-6));
                }
                // EE/PE: the edge's parameter 1e-3 inside / outside its start.
                for (gamma, kind) in [(eps, ContactType::EdgeEdge), (-eps, ContactType::PointEdge)]
                {
                    let c = edge_config(&mut rng, &t, i, gamma, 0.5, dist);
                    let d = stc(&c, false);
                    assert_eq!(d.kind, kind);
                    consistent(&c, &d);
                    let label = format!("{} edge {i} start {gamma:+e}", kind_label(kind));
                    worst.add(&label, fd_check(&st, &stack(&c), 1e-6));
                }
                // PF/PE of an endpoint: 1e-3 inside / outside edge i.
                let h = height(&mut rng);
                for (out, kind) in [
                    (-eps, ContactType::PointFace),
                    (eps, ContactType::PointEdge),
                ] {
                    let region = Region::Edge { i, beta: 0.5, out };
                    let c = endpoint_config(&mut rng, &t, region, h, 0);
                    let d = stc(&c, false);
                    assert_eq!(d.kind, kind);
                    consistent(&c, &d);
                    let label = format!("{} endpoint edge {i} {out:+e}", kind_label(kind));
                    worst.add(&label, fd_check(&st, &stack(&c), 1e-6));
                }
            }
        }
        worst.report("segment_triangle seams", 1e-6);
    }

    #[test]
    fn segment_triangle_fd_random() {
        let mut rng = Rng::new(63);
        let mut worst = Worst::default();
        let (mut n, mut crossing) = (0, 0);
        while n < 400 {
            let c = [0; 5].map(|_| rng.vector(1.0));
            let d = stc(&c, false);
            consistent(&c, &d);
            if d.kind == ContactType::Intersecting {
                crossing += 1;
                continue;
            }
            let n2 = (c[3] - c[2]).cross(&(c[4] - c[2])).norm();
            let l2 = (0..3)
                .map(|i| (c[2 + (i + 1) % 3] - c[2 + i]).norm_squared())
                .fold(0.0, f64::max);
            let x = stack(&c);
            if d.distance < 0.05 || n2 < 0.05 * l2 || !stable(&x, 1e-6) {
                continue;
            }
            worst.add(
                &format!("random {}", kind_label(d.kind)),
                fd_check(&st, &x, 1e-6),
            );
            n += 1;
        }
        assert!(crossing > 10, "only {crossing} intersecting configurations");
        worst.report("segment_triangle", 1e-6);
    }

    #[test]
    fn segment_triangle_tiny_and_huge_scales() {
        let mut rng = Rng::new(64);
        let mut worst = Worst::default();
        for scale in [1e-6, 1e6] {
            for _ in 0..8 {
                let t = triangle(&mut rng);
                for (label, c, kind, dist, _, _) in cases(&mut rng, &t) {
                    let c = c.map(|p| p * scale);
                    let d = stc(&c, true);
                    assert_eq!(d.kind, kind, "{label}");
                    assert!((d.distance - dist * scale).abs() < 1e-12 * dist * scale);
                    consistent(&c, &d);
                    let label = format!("scale {scale:e} {}", kind_label(kind));
                    worst.add(&label, fd_check(&st, &stack(&c), 1e-6 * scale));
                }
            }
        }
        worst.report("segment_triangle", 1e-6);
    }

    #[test]
    fn near_parallel_segment_and_triangle() {
        let mut rng = Rng::new(65);
        let mut worst = Worst::default();
        for _ in 0..20 {
            let t = triangle(&mut rng);
            let h = height(&mut rng);
            let (l0, l1) = (interior_bary(&mut rng, 0.1), interior_bary(&mut rng, 0.1));
            let (q0, q1) = (
                point_at(&t, Region::Face(l0), h),
                point_at(&t, Region::Face(l1), h),
            );
            // Parallel above the face (to rounding): either endpoint, at the height.
            let c = config([q0, q1], &t);
            let d = stc(&c, true);
            assert_eq!(d.kind, ContactType::PointFace);
            assert!(d.params[0] == 0.0 || d.params[0] == 1.0);
            assert!((d.distance - h.abs()).abs() < 1e-12);
            consistent(&c, &d);
            // Tilted by 1e-3 and 1e-5 (relative height change along the segment): the lower
            // endpoint, with the FD step well below the height difference.
            let n = unit_normal(&t) * h.signum();
            for (tilt, step) in [(1e-3, 1e-6), (1e-5, 1e-8)] {
                let len = (q1 - q0).norm();
                for (which, s) in [
                    (1, [q0 + n * (tilt * len), q1]),
                    (0, [q0, q1 + n * (tilt * len)]),
                ] {
                    let c = config(s, &t);
                    let d = stc(&c, true);
                    assert_eq!(d.kind, ContactType::PointFace);
                    assert_eq!(d.params[0], which as f64);
                    consistent(&c, &d);
                    worst.add(
                        &format!("PF tilt {tilt:e}"),
                        fd_check(&st, &stack(&c), step),
                    );
                }
            }
            // Nearly parallel to an edge, outside the triangle (segment_segment's near-parallel
            // branch): an endpoint against the edge.
            let i = (rng.next_u64() % 3) as usize;
            let (x, y) = (t[i], t[(i + 1) % 3]);
            let off = edge_outward(&t, i) * 0.3 + n * 0.2;
            let c = config(
                [
                    x + (y - x) * 0.2 + off,
                    x + (y - x) * 0.8 + off * (1.0 + 1e-7),
                ],
                &t,
            );
            let d = stc(&c, true);
            assert_eq!((d.kind, d.params[0]), (ContactType::PointEdge, 0.0));
            consistent(&c, &d);
            worst.add(
                "PE near-parallel to an edge",
                fd_check(&st, &stack(&c), 1e-9),
            );
        }
        worst.report("segment_triangle", 1e-6);
    }

    #[test]
    fn exactly_parallel_segment_ties_to_the_first_endpoint() {
        let t = [
            Vec3::new(0.0, 0.0, 0.0),
            Vec3::new(1.0, 0.0, 0.0),
            Vec3::new(0.0, 1.0, 0.0),
        ];
        let c = config([Vec3::new(0.25, 0.25, 0.5), Vec3::new(0.5, 0.25, 0.5)], &t);
        let d = stc(&c, true);
        assert_eq!(
            (d.kind, d.params[0], d.distance),
            (ContactType::PointFace, 0.0, 0.5)
        );
        assert_eq!(v3(&d.grad, 0), Vec3::z());
        assert_eq!(v3(&d.grad, 1), Vec3::zeros());
        // Δ = min of the tied endpoint distances: one-sided derivatives along a tilt of the
        // segment are their min and max.
        let x = stack::<15>(&c);
        let step = 1e-7;
        let mut dir = X::zeros();
        dir[2] = 1.0; // p0 up: Δ = min(0.5 + s, 0.5) has slopes 0 (up) and 1 (down).
        let up = (st(&(x + dir * step), false).distance - d.distance) / step;
        let down = (d.distance - st(&(x - dir * step), false).distance) / step;
        assert!(up.abs() < 1e-9 && (down - 1.0).abs() < 1e-9, "{up} {down}");
    }

    #[test]
    fn segment_triangle_is_c1_across_seams() {
        let mut rng = Rng::new(66);
        for _ in 0..10 {
            let t = triangle(&mut rng);
            let i = (rng.next_u64() % 3) as usize;
            let state = rng.next_u64();
            let at = |alpha: f64| {
                let mut r = Rng::new(state);
                stc(&edge_config(&mut r, &t, i, 0.4, alpha, 0.3), true)
            };
            let h = height(&mut rng);
            let at_out = |out: f64| {
                let mut r = Rng::new(state);
                let region = Region::Edge { i, beta: 0.4, out };
                stc(&endpoint_config(&mut r, &t, region, h, 1), true)
            };
            // (At ε ≲ 1e-8 the PF and PE candidates of the endpoint are equal to rounding, either
            // may be reported: the seam is C¹, so nothing depends on which.)
            for eps in [1e-4, 1e-5, 1e-6] {
                for (a, b, ka, kb) in [
                    (
                        at(eps),
                        at(-eps),
                        ContactType::EdgeEdge,
                        ContactType::PointEdge,
                    ),
                    (
                        at_out(-eps),
                        at_out(eps),
                        ContactType::PointFace,
                        ContactType::PointEdge,
                    ),
                ] {
                    assert_eq!((a.kind, b.kind), (ka, kb), "eps {eps:e}");
                    let scale = a.hess.amax().max(b.hess.amax());
                    assert!((a.distance - b.distance).abs() <= 10.0 * eps * eps * scale + 1e-15);
                    assert!((a.grad - b.grad).amax() <= 10.0 * eps * scale + 1e-14);
                    assert!((a.hess - b.hess).amax() > 1e-2 * scale, "{ka:?}/{kb:?}");
                }
            }
        }
    }

    #[test]
    fn symmetric_under_permutations() {
        let mut rng = Rng::new(67);
        let mut n = 0;
        while n < 200 {
            let c = [0; 5].map(|_| rng.vector(1.0));
            let d = stc(&c, true);
            if d.distance < 1e-3 || !stable(&stack(&c), 1e-9) {
                continue;
            }
            n += 1;
            // (permutation, segment reversed, triangle vertex map)
            for (perm, rev) in [
                ([1, 0, 2, 3, 4], true),
                ([0, 1, 3, 4, 2], false),
                ([0, 1, 2, 4, 3], false),
                ([1, 0, 4, 3, 2], true),
            ] {
                let c2 = perm.map(|k| c[k]);
                let d2 = stc(&c2, true);
                assert!((d2.distance - d.distance).abs() <= 1e-14 * d.distance.max(1.0));
                assert_eq!(d2.kind, d.kind);
                let (g, h) = permute_blocks(&d, &perm);
                assert!(max_relative_error(d2.grad.as_slice(), g.as_slice()) < 1e-9);
                assert!(max_relative_error(d2.hess.as_slice(), h.as_slice()) < 1e-8);
                let beta = if rev { 1.0 - d.params[0] } else { d.params[0] };
                assert!((d2.params[0] - beta).abs() < 1e-9);
                for k in 0..3 {
                    assert!((d2.bary[k] - d.bary[perm[2 + k] - 2]).abs() < 1e-9);
                }
            }
        }
    }

    #[test]
    fn intersecting_and_touching() {
        let t = [
            Vec3::new(0.0, 0.0, 0.0),
            Vec3::new(1.0, 0.0, 0.0),
            Vec3::new(0.0, 1.0, 0.0),
        ];
        // Piercing the interior: Δ = 0, no gradient, the crossing point.
        let c = config(
            [Vec3::new(0.25, 0.25, 1.0), Vec3::new(0.25, 0.25, -3.0)],
            &t,
        );
        let d = stc(&c, true);
        assert_eq!(d.kind, ContactType::Intersecting);
        assert_eq!(d.distance, 0.0);
        assert_eq!(d.grad, X::zeros());
        assert_eq!(d.hess, SMatrix::<f64, 15, 15>::zeros());
        assert_eq!(d.params, [0.25, 0.0]);
        assert_eq!(d.bary, [0.5, 0.25, 0.25]);
        assert_eq!(d.closest, [Vec3::new(0.25, 0.25, 0.0); 2]);
        assert_eq!(segment_triangle_distance(&[c[0], c[1]], &t), 0.0);
        // Through an edge: touching (EE at Δ = 0).
        let c = config([Vec3::new(0.5, 0.0, 1.0), Vec3::new(0.5, 0.0, -1.0)], &t);
        let d = stc(&c, true);
        assert_eq!((d.distance, d.grad), (0.0, X::zeros()));
        // In the plane, crossing the triangle: an endpoint inside (PF touching).
        let c = config([Vec3::new(0.2, 0.2, 0.0), Vec3::new(2.0, 2.0, 0.0)], &t);
        let d = stc(&c, true);
        assert_eq!((d.kind, d.distance), (ContactType::PointFace, 0.0));
        // Approaching the crossing from outside an edge, Δ → 0 continuously, then
        // intersecting.
        let mut last = f64::INFINITY;
        for k in 1..=6 {
            let x = 1.0 + 10f64.powi(-k);
            let c = config(
                [
                    Vec3::new(x * 0.5, x * 0.5, 1.0),
                    Vec3::new(x * 0.5, x * 0.5, -1.0),
                ],
                &t,
            );
            let d = stc(&c, false);
            assert_eq!(d.kind, ContactType::EdgeEdge);
            assert!(d.distance < last && (d.distance - (x - 1.0) * 0.5f64.sqrt()).abs() < 1e-12);
            last = d.distance;
        }
        let c = config(
            [
                Vec3::new(0.4999, 0.4999, 1.0),
                Vec3::new(0.4999, 0.4999, -1.0),
            ],
            &t,
        );
        assert_eq!(stc(&c, false).kind, ContactType::Intersecting);
    }

    #[test]
    fn degenerate_segment_and_triangle() {
        let mut rng = Rng::new(68);
        for _ in 0..50 {
            let t = triangle(&mut rng);
            let p = rng.vector(1.5);
            // Zero-length segment: the point–triangle distance.
            let d = segment_triangle(&p, &p, &t[0], &t[1], &t[2], true);
            let e = point_triangle(&p, &t[0], &t[1], &t[2], true);
            assert_eq!(d.distance, e.distance);
            assert!(d.grad.iter().all(|g| g.is_finite()));
            // Collinear triangle: the segment against its edges.
            let q = rng.vector(1.0);
            let tri = [t[0], t[1], t[0] + (t[1] - t[0]) * 0.3];
            let c = config([p, q], &tri);
            let d = stc(&c, true);
            let ss = super::super::segment_segment(&p, &q, &t[0], &t[1], false);
            assert!((d.distance - ss.distance).abs() < 1e-12);
            consistent(&c, &d);
        }
    }

    #[test]
    fn value_kernel_matches_in_either_order() {
        let mut rng = Rng::new(69);
        for _ in 0..50 {
            let s = [rng.vector(1.0), rng.vector(1.0)];
            let t = [rng.vector(1.0), rng.vector(1.0), rng.vector(1.0)];
            let d = segment_triangle(&s[0], &s[1], &t[0], &t[1], &t[2], false).distance;
            assert_eq!(segment_triangle_distance(&s, &t), d);
            assert_eq!(segment_triangle_distance(&t, &s), d);
        }
    }

    #[test]
    #[should_panic(expected = "expected 2 and 3")]
    fn value_kernel_rejects_other_sides() {
        let z = Vec3::zeros();
        segment_triangle_distance(&[z], &[z, z, z]);
    }
}
