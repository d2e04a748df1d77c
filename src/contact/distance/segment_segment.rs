//! Segment–segment minimum distance (seed 001 §3.2, Eqs. 10–13).
//!
//! `Δ = min_{β₁, β₂ ∈ [0, 1]} ‖a0 + β₁ u − (b0 + β₂ v)‖` with `u = a1 − a0`, `v = b1 − b0`
//! (Eq. 10). The clamped minimisers are found with Lumelsky's algorithm (Lumelsky 1985, seed 001
//! ref. [52]) and then classified, as in seed 001 §3.2:
//!
//! * both `β` strictly inside `(0, 1)` → **EE** (no active constraint), Eq. 13:
//!   `w = u × v`, `Δ = |(a0 − b0)·ŵ|`. Its derivatives follow from the envelope theorem through the
//!   *unclamped* line–line parameters `(α, γ) = (β₁, β₂)`: with `c = [1 − α, α, γ − 1, −γ]`
//!   (`d = Σ cᵢ xᵢ` at fixed parameters), `n = sign((a0 − b0)·w) ŵ` and `P = I − n nᵀ`,
//!   - `∇Δ = [(1 − α) n, α n, −(1 − γ) n, −γ n]`,
//!   - `∇²Δ = (Σᵢⱼ cᵢ cⱼ P)/Δ − Δ M A⁻¹ Mᵀ`, where `A = [[u·u, −u·v], [−u·v, v·v]]`
//!     (`det A = ‖w‖²`) and the columns of `M` are `m₁ = [cᵢ u]/Δ + [−n, n, 0, 0]`,
//!     `m₂ = −[cᵢ v]/Δ + [0, 0, n, −n]` (mixed second derivatives `∂²‖d‖/∂x∂(α, γ)`); the second
//!     term is the Schur-complement correction of the inner minimisation.
//! * exactly one `β` clamped → **PE**: [`point_segment`](super::point_segment) of that endpoint
//!   against the other segment (Eq. 12), scattered into the 12 coordinates;
//! * both clamped → **PP**: [`point_point`](super::point_point) of the two endpoints (Eq. 11),
//!   scattered.
//!
//! The gradient and Hessian are always those of the sub-case actually selected. `Δ` is C¹ across
//! the EE/PE and PE/PP seams (the constrained minimum of a smooth function with strictly
//! complementary constraints: `∇Δ` is continuous, `∇²Δ` jumps), which is the non-smooth Hessian
//! accepted by seed 001 §3.2.
//!
//! Special configurations:
//!
//! * **degenerate segments**: a segment with `‖u‖ ≤ 1e-14 · max(‖u‖, ‖v‖, ‖a0 − b0‖)` is treated
//!   as its first point (`a0` resp. `b0`, parameter 0; the derivative with respect to its second
//!   point is zero);
//! * **near-parallel segments** (`s = ‖u × v‖²/(‖u‖²‖v‖²) = sin²θ < 1e-8`, angle below
//!   ≈ 1e-4 rad; see [`near_parallel`](super::near_parallel)): the EE Hessian scales like
//!   `1/sin²θ` and `Δ` itself has a kink at `θ = 0`, so the distance becomes a blend, with a
//!   weight `ψ(s)` that is C² in `s`, of the Lumelsky distance above and the *overlap-mean*
//!   distance `Δ_∥` (the mean of the point–segment distances at the two ends of the segments'
//!   overlap, smooth through `θ = 0`): `ψ = 1` (the code above, bit for bit) for `s ≥ 1e-8`,
//!   `ψ = 0` (`Δ_∥` alone) for `s ≤ 1e-10`. Value, gradient and Hessian are continuous across
//!   both thresholds; `Δ` exceeds the true minimum by at most `sinθ · min(‖u‖, ‖v‖) ≤ 1e-4 ·
//!   min(‖u‖, ‖v‖)` and is exact for exactly parallel segments;
//! * **touching** (`Δ = 0`): no gradient; `grad = 0`, `hess = 0` (see [`Distance`]).

use nalgebra::SVector;

use super::near_parallel::{BLEND_HI, BLEND_LO, blend, overlap_mean, scatter_into, sin2};
use super::point_point::{
    ContactType, Distance, coord_scale, is_touching, point_point_into, projector,
};
use super::point_segment::{DEGENERATE_REL, point_segment_into};
use crate::math::Vec3;

/// Minimum distance between the segments `a0a1` and `b0b1` with derivatives with respect to
/// `[a0, a1, b0, b1]` (12 coordinates), seed 001 Eqs. 10–13.
///
/// Lumelsky's clamped closest-point parameters `(β₁, β₂)` select EE (Eq. 13,
/// `Δ = |(a0 − b0)·(u × v)|/‖u × v‖`), PE (Eq. 12, via
/// [`point_segment`](super::point_segment)) or PP (Eq. 11, via
/// [`point_point`](super::point_point)); see the module docs for the derivative formulas and for
/// the degenerate, near-parallel (`sin²θ < 1e-8`, a smooth blend with the overlap-mean distance
/// of `near_parallel`) and touching cases.
///
/// `closest = [a0 + β₁ u, b0 + β₂ v]`, `params = [β₁, β₂]`. The Hessian (exactly symmetric) is
/// skipped when `hessian` is false.
pub fn segment_segment(a0: &Vec3, a1: &Vec3, b0: &Vec3, b1: &Vec3, hessian: bool) -> Distance<12> {
    let mut out = Distance::zero();
    segment_segment_into(&[a0, a1, b0, b1], &[0, 1, 2, 3], hessian, true, &mut out);
    out
}

/// [`segment_segment`] written into `out`, a result reused from pair to pair (the same bits as
/// a fresh one, without building and moving a 1.3 kB record per pair): `out` is cleared
/// first, its Hessian only when `hessian` (it is stale otherwise, and not to be read).
pub(crate) fn segment_segment_reusing(
    a0: &Vec3,
    a1: &Vec3,
    b0: &Vec3,
    b1: &Vec3,
    hessian: bool,
    out: &mut Distance<12>,
) {
    out.clear(hessian);
    segment_segment_into(&[a0, a1, b0, b1], &[0, 1, 2, 3], hessian, true, out);
}

/// [`segment_segment`] written into `out` (assumed to have zero gradient and Hessian): the points
/// `pts = [a0, a1, b0, b1]` are the local blocks 0–3, scattered to the 3-blocks `slots`. Sets
/// `distance`, `closest`, `params` and `kind`.
///
/// With `smooth_parallel` false (used by [`segment_triangle`](super::segment_triangle), whose
/// minimum over candidates needs the exact minimum of each), near-parallel segments
/// (`sin²θ ≤ 1e-10`) take the smallest endpoint-versus-segment distance instead of the blend
/// (the first of `a0`–B, `a1`–B, `b0`–A, `b1`–A on ties; it exceeds the true minimum by at most
/// `1e-5 · min(‖u‖, ‖v‖)`), and Lumelsky's distance is used above.
pub(super) fn segment_segment_into<const N: usize>(
    pts: &[&Vec3; 4],
    slots: &[usize; 4],
    hessian: bool,
    smooth_parallel: bool,
    out: &mut Distance<N>,
) {
    let [a0, a1, b0, b1] = *pts;
    let u = a1 - a0;
    let v = b1 - b0;
    let r = a0 - b0;
    let uu = u.norm_squared();
    let vv = v.norm_squared();
    let tiny2 = DEGENERATE_REL * DEGENERATE_REL * uu.max(vv).max(r.norm_squared());
    let s = (pts, slots);
    match (uu <= tiny2, vv <= tiny2) {
        (true, true) => endpoints(s, 0, 0, hessian, out),
        (true, false) => a_end_vs_b(s, 0, hessian, out),
        (false, true) => b_end_vs_a(s, 0, hessian, out),
        (false, false) => {
            let w = u.cross(&v);
            let w2 = w.norm_squared();
            if !smooth_parallel && w2 <= BLEND_LO * uu * vv {
                // Smallest endpoint-versus-segment distance (first on ties).
                let cand = [
                    point_segment_sq(a0, b0, &v, vv),
                    point_segment_sq(a1, b0, &v, vv),
                    point_segment_sq(b0, a0, &u, uu),
                    point_segment_sq(b1, a0, &u, uu),
                ];
                let mut best = 0;
                for (i, &c) in cand.iter().enumerate().skip(1) {
                    if c < cand[best] {
                        best = i;
                    }
                }
                match best {
                    0 | 1 => a_end_vs_b(s, best, hessian, out),
                    _ => b_end_vs_a(s, best - 2, hessian, out),
                }
            } else if !smooth_parallel {
                let geo = EdgeEdgeGeometry::new(u, v, r, w, w2, uu, vv);
                line_line_into(s, &geo, hessian, out);
            } else if w2 <= BLEND_LO * uu * vv {
                // Near-parallel: the overlap-mean distance alone.
                scatter_into(&overlap_mean(pts, hessian), slots, hessian, out);
            } else if w2 < BLEND_HI * uu * vv {
                // Blend band: ψ(s) Lumelsky + (1 − ψ(s)) overlap-mean, in local coordinates.
                let geo = EdgeEdgeGeometry::new(u, v, r, w, w2, uu, vv);
                let mut ll = Distance::<12>::zero();
                line_line_into((pts, &[0, 1, 2, 3]), &geo, hessian, &mut ll);
                let par = overlap_mean(pts, hessian);
                let d = blend(&ll, &par, &sin2(&u, &v, hessian), hessian);
                scatter_into(&d, slots, hessian, out);
            } else {
                let geo = EdgeEdgeGeometry::new(u, v, r, w, w2, uu, vv);
                line_line_into(s, &geo, hessian, out);
            }
        }
    }
}

/// Lumelsky's clamped closest points of non-parallel, non-degenerate segments, classified into
/// EE (Eq. 13), PE (Eq. 12) or PP (Eq. 11), written into `out`.
#[inline]
pub(super) fn line_line_into<const N: usize>(
    s: Pair<'_>,
    geo: &EdgeEdgeGeometry,
    hessian: bool,
    out: &mut Distance<N>,
) {
    let (alpha, gamma) = lumelsky(&geo.u, &geo.v, &geo.r, geo.uu, geo.vv, geo.uv, geo.w2);
    let a_in = alpha > 0.0 && alpha < 1.0;
    let b_in = gamma > 0.0 && gamma < 1.0;
    match (a_in, b_in) {
        (true, true) => edge_edge_into(s, geo, alpha, gamma, hessian, out),
        (false, true) => a_end_vs_b(s, end_index(alpha), hessian, out),
        (true, false) => b_end_vs_a(s, end_index(gamma), hessian, out),
        (false, false) => endpoints(s, end_index(alpha), end_index(gamma), hessian, out),
    }
}

/// The points `[a0, a1, b0, b1]` of a segment pair and the 3-blocks they scatter to.
pub(super) type Pair<'a> = (&'a [&'a Vec3; 4], &'a [usize; 4]);

/// Endpoint index (0 or 1) of a clamped parameter.
#[inline]
fn end_index(beta: f64) -> usize {
    usize::from(beta >= 1.0)
}

/// Lumelsky's algorithm for the clamped minimisers `(α, γ) ∈ [0, 1]²` of
/// `‖r + α u − γ v‖²`, `r = a0 − b0`, for non-parallel, non-degenerate segments
/// (`w2 = ‖u × v‖² = u·u v·v − (u·v)² > 0`):
/// `α = clamp((u·v v·r − v·v u·r)/w2)`, then `γ = (α u·v + v·r)/v·v`; if `γ` leaves `[0, 1]` it is
/// clamped and `α` recomputed for that endpoint of `b` and clamped.
#[inline]
fn lumelsky(u: &Vec3, v: &Vec3, r: &Vec3, uu: f64, vv: f64, uv: f64, w2: f64) -> (f64, f64) {
    let ur = u.dot(r);
    let vr = v.dot(r);
    let mut alpha = ((uv * vr - vv * ur) / w2).clamp(0.0, 1.0);
    let mut gamma = (alpha * uv + vr) / vv;
    if gamma < 0.0 {
        gamma = 0.0;
        alpha = (-ur / uu).clamp(0.0, 1.0);
    } else if gamma > 1.0 {
        gamma = 1.0;
        alpha = ((uv - ur) / uu).clamp(0.0, 1.0);
    }
    (alpha, gamma)
}

/// Squared distance from `p` to the segment `a + [0, 1] e` (`l2 = e·e > 0`).
#[inline]
fn point_segment_sq(p: &Vec3, a: &Vec3, e: &Vec3, l2: f64) -> f64 {
    let r = p - a;
    let beta = (r.dot(e) / l2).clamp(0.0, 1.0);
    (r - e * beta).norm_squared()
}

/// PE/PP of the endpoint `a_{ia}` against segment `b` (local coordinates `[a_{ia}, b0, b1]`).
#[inline]
pub(super) fn a_end_vs_b<const N: usize>(
    (pts, s): Pair<'_>,
    ia: usize,
    hessian: bool,
    out: &mut Distance<N>,
) {
    point_segment_into(pts[ia], pts[2], pts[3], [s[ia], s[2], s[3]], hessian, out);
    out.params[0] = ia as f64;
}

/// PE/PP of the endpoint `b_{ib}` against segment `a` (local coordinates `[b_{ib}, a0, a1]`).
#[inline]
pub(super) fn b_end_vs_a<const N: usize>(
    (pts, s): Pair<'_>,
    ib: usize,
    hessian: bool,
    out: &mut Distance<N>,
) {
    point_segment_into(
        pts[2 + ib],
        pts[0],
        pts[1],
        [s[2 + ib], s[0], s[1]],
        hessian,
        out,
    );
    out.params = [out.params[1], ib as f64];
    out.closest.swap(0, 1);
}

/// PP of the endpoints `a_{ia}` and `b_{ib}`.
#[inline]
fn endpoints<const N: usize>(
    (pts, s): Pair<'_>,
    ia: usize,
    ib: usize,
    hessian: bool,
    out: &mut Distance<N>,
) {
    point_point_into(pts[ia], pts[2 + ib], [s[ia], s[2 + ib]], hessian, out);
    out.params = [ia as f64, ib as f64];
}

/// Shared geometry of the EE branch.
pub(super) struct EdgeEdgeGeometry {
    u: Vec3,
    v: Vec3,
    r: Vec3,
    w: Vec3,
    w2: f64,
    uu: f64,
    vv: f64,
    uv: f64,
}

impl EdgeEdgeGeometry {
    #[inline]
    pub(super) fn new(u: Vec3, v: Vec3, r: Vec3, w: Vec3, w2: f64, uu: f64, vv: f64) -> Self {
        let uv = u.dot(&v);
        Self {
            u,
            v,
            r,
            w,
            w2,
            uu,
            vv,
            uv,
        }
    }
}

/// EE distance (Eq. 13) and its derivatives at the interior line–line parameters `(α, γ)`.
#[inline]
fn edge_edge_into<const N: usize>(
    (pts, slots): Pair<'_>,
    g: &EdgeEdgeGeometry,
    alpha: f64,
    gamma: f64,
    hessian: bool,
    out: &mut Distance<N>,
) {
    let wn = g.w2.sqrt();
    let s = g.r.dot(&g.w);
    let dist = s.abs() / wn;
    out.distance = dist;
    out.closest = [pts[0] + g.u * alpha, pts[2] + g.v * gamma];
    out.params = [alpha, gamma];
    out.kind = ContactType::EdgeEdge;
    if is_touching(dist, coord_scale(pts)) {
        return;
    }
    let n = g.w * (s.signum() / wn);
    let c = [1.0 - alpha, alpha, gamma - 1.0, -gamma];
    out.scatter_grad(slots, |k| c[k / 3] * n[k % 3]);
    if hessian {
        let inv_d = 1.0 / dist;
        // Mixed derivatives m₁ = [cᵢ u]/Δ + [−n, n, 0, 0], m₂ = −[cᵢ v]/Δ + [0, 0, n, −n].
        let mut m1 = SVector::<f64, 12>::zeros();
        let mut m2 = SVector::<f64, 12>::zeros();
        for (i, &ci) in c.iter().enumerate() {
            for a in 0..3 {
                m1[3 * i + a] = ci * inv_d * g.u[a];
                m2[3 * i + a] = -ci * inv_d * g.v[a];
            }
        }
        for a in 0..3 {
            m1[a] -= n[a];
            m1[3 + a] += n[a];
            m2[6 + a] += n[a];
            m2[9 + a] -= n[a];
        }
        // Δ A⁻¹ with A⁻¹ = [[v·v, u·v], [u·v, u·u]] / ‖w‖².
        let f = dist / g.w2;
        let (i11, i12, i22) = (g.vv * f, g.uv * f, g.uu * f);
        out.scatter_hess(slots, |k, l| {
            (c[k / 3] * c[l / 3]) * (projector(&n, k % 3, l % 3) * inv_d)
                - (i11 * (m1[k] * m1[l])
                    + i12 * (m1[k] * m2[l] + m1[l] * m2[k])
                    + i22 * (m2[k] * m2[l]))
        });
    }
}

#[cfg(test)]
mod tests {
    use nalgebra::{SMatrix, SVector};

    use super::super::point_segment;
    use super::super::test_support::{
        Worst, active_set_stable, brute, fd_check, kind_label, stack, v3,
    };
    use super::*;
    use crate::math::Mat3;
    use crate::verify::{Rng, max_relative_error};

    type X = SVector<f64, 12>;

    fn ss(x: &X, h: bool) -> Distance<12> {
        segment_segment(&v3(x, 0), &v3(x, 1), &v3(x, 2), &v3(x, 3), h)
    }

    fn ssc(c: &[Vec3; 4], h: bool) -> Distance<12> {
        segment_segment(&c[0], &c[1], &c[2], &c[3], h)
    }

    /// Active-set signature: kind and which parameters sit on which end.
    fn signature(d: &Distance<12>) -> (ContactType, [bool; 4]) {
        let [p, q] = d.params;
        (d.kind, [p == 0.0, p == 1.0, q == 0.0, q == 1.0])
    }

    /// Whether every ±step perturbation of `x` keeps the active set of `x`.
    fn stable(x: &X, step: f64) -> bool {
        active_set_stable(x, step, |y| signature(&ss(y, false)))
    }

    /// Segments whose supporting lines have their closest points at parameters `(alpha, gamma)`
    /// (any real values) at distance `dist`, crossing at an angle of at least ≈ 0.3 rad.
    fn ee_config(rng: &mut Rng, alpha: f64, gamma: f64, dist: f64) -> [Vec3; 4] {
        let qb = rng.vector(1.0);
        let n = rng.direction();
        let qa = qb + n * dist;
        let du = rng.perpendicular(&n);
        let dv = loop {
            let d = rng.perpendicular(&n);
            if du.cross(&d).norm() > 0.3 {
                break d;
            }
        };
        let u = du * rng.uniform(0.5, 2.0);
        let v = dv * rng.uniform(0.5, 2.0);
        let a0 = qa - u * alpha;
        let b0 = qb - v * gamma;
        [a0, a0 + u, b0, b0 + v]
    }

    /// Unit vector making an angle below ≈ 1.2 rad with `n` (so `· n ≥ 0.36`).
    fn cone(rng: &mut Rng, n: &Vec3) -> Vec3 {
        let t = rng.perpendicular(n);
        let phi = rng.uniform(-1.2, 1.2);
        n * phi.cos() + t * phi.sin()
    }

    /// PE: the endpoint `endpoint` (0 = a0, 1 = a1, 2 = b0, 3 = b1) against the other segment at
    /// the foot parameter `gamma`, distance `dist`.
    fn pe_config(rng: &mut Rng, endpoint: usize, gamma: f64, dist: f64) -> [Vec3; 4] {
        let b0 = rng.vector(1.0);
        let v = rng.direction() * rng.uniform(0.5, 2.0);
        let n = rng.perpendicular(&v.normalize());
        let a0 = b0 + v * gamma + n * dist;
        let a1 = a0 + cone(rng, &n) * rng.uniform(0.5, 2.0);
        let b1 = b0 + v;
        match endpoint {
            0 => [a0, a1, b0, b1],
            1 => [a1, a0, b0, b1],
            2 => [b0, b1, a0, a1],
            _ => [b0, b1, a1, a0],
        }
    }

    /// PP between `a_{ia}` and `b_{ib}` at distance `dist`.
    fn pp_config(rng: &mut Rng, ia: usize, ib: usize, dist: f64) -> [Vec3; 4] {
        loop {
            let b0 = rng.vector(1.0);
            let n = rng.direction();
            let a0 = b0 + n * dist;
            let u = cone(rng, &n);
            let v = cone(rng, &(-n));
            if u.cross(&v).norm() < 0.3 {
                continue;
            }
            let (a1, b1) = (
                a0 + u * rng.uniform(0.5, 2.0),
                b0 + v * rng.uniform(0.5, 2.0),
            );
            let (a0, a1) = if ia == 0 { (a0, a1) } else { (a1, a0) };
            let (b0, b1) = if ib == 0 { (b0, b1) } else { (b1, b0) };
            return [a0, a1, b0, b1];
        }
    }

    #[test]
    fn segment_segment_fd_per_regime() {
        let mut rng = Rng::new(31);
        let mut worst = Worst::default();
        for _ in 0..40 {
            let dist = rng.uniform(0.05, 1.0);
            // EE crossing.
            let (al, ga) = (rng.uniform(0.05, 0.95), rng.uniform(0.05, 0.95));
            let c = ee_config(&mut rng, al, ga, dist);
            let d = ssc(&c, false);
            assert_eq!(d.kind, ContactType::EdgeEdge);
            assert!((d.params[0] - al).abs() < 1e-12 && (d.params[1] - ga).abs() < 1e-12);
            assert!((d.distance - dist).abs() < 1e-12);
            worst.add("EE crossing", fd_check(&ss, &stack(&c), 1e-6));
            // PE with each endpoint.
            for e in 0..4 {
                let g = rng.uniform(0.05, 0.95);
                let c = pe_config(&mut rng, e, g, dist);
                let d = ssc(&c, false);
                assert_eq!(d.kind, ContactType::PointEdge, "endpoint {e}");
                let expect = [e == 0, e == 1, e == 2, e == 3];
                assert_eq!(signature(&d).1, expect, "endpoint {e}");
                assert!((d.distance - dist).abs() < 1e-12);
                worst.add(&format!("PE endpoint {e}"), fd_check(&ss, &stack(&c), 1e-6));
            }
            // PP with each endpoint pair.
            for (ia, ib) in [(0, 0), (0, 1), (1, 0), (1, 1)] {
                let c = pp_config(&mut rng, ia, ib, dist);
                let d = ssc(&c, false);
                assert_eq!(d.kind, ContactType::PointPoint);
                assert_eq!(d.params, [ia as f64, ib as f64]);
                assert!((d.distance - dist).abs() < 1e-12);
                worst.add(&format!("PP a{ia}-b{ib}"), fd_check(&ss, &stack(&c), 1e-6));
            }
        }
        worst.report("segment_segment", 1e-6);
    }

    #[test]
    fn segment_segment_fd_random() {
        let mut rng = Rng::new(32);
        let mut worst = Worst::default();
        let mut n = 0;
        while n < 300 {
            let c = [
                rng.vector(1.0),
                rng.vector(1.0),
                rng.vector(1.0),
                rng.vector(1.0),
            ];
            let x = stack(&c);
            if ssc(&c, false).distance < 0.05 || !stable(&x, 1e-6) {
                continue;
            }
            let kind = ssc(&c, false).kind;
            worst.add(
                &format!("random {}", kind_label(kind)),
                fd_check(&ss, &x, 1e-6),
            );
            n += 1;
        }
        worst.report("segment_segment", 1e-6);
    }

    #[test]
    fn segment_segment_fd_near_seams() {
        let mut rng = Rng::new(33);
        let mut worst = Worst::default();
        let eps = 1e-3;
        for _ in 0..20 {
            let dist = rng.uniform(0.1, 1.0);
            // EE/PE seams: one line parameter 1e-3 inside / outside each end.
            for (which, end) in [(0, 0.0), (0, 1.0), (1, 0.0), (1, 1.0)] {
                for (inside, kind) in [
                    (true, ContactType::EdgeEdge),
                    (false, ContactType::PointEdge),
                ] {
                    let off = if inside { eps } else { -eps };
                    let edge = if end == 0.0 { off } else { 1.0 - off };
                    let mid = rng.uniform(0.2, 0.8);
                    let (al, ga) = if which == 0 { (edge, mid) } else { (mid, edge) };
                    let c = ee_config(&mut rng, al, ga, dist);
                    assert_eq!(ssc(&c, false).kind, kind);
                    let label = format!(
                        "{} β{}={} {} 1e-3",
                        kind_label(kind),
                        which + 1,
                        end,
                        if inside { "inside" } else { "outside" }
                    );
                    worst.add(&label, fd_check(&ss, &stack(&c), 1e-6));
                }
            }
            // PE/PP seams: the foot of an endpoint 1e-3 inside / outside the other segment.
            for e in 0..4 {
                for (g, kind) in [
                    (eps, ContactType::PointEdge),
                    (-eps, ContactType::PointPoint),
                    (1.0 - eps, ContactType::PointEdge),
                    (1.0 + eps, ContactType::PointPoint),
                ] {
                    let c = pe_config(&mut rng, e, g, dist);
                    assert_eq!(ssc(&c, false).kind, kind);
                    let label = format!("{} endpoint {e} foot {g}", kind_label(kind));
                    let label = if g < 0.5 {
                        label.replace(&format!("{g}"), if g > 0.0 { "0+1e-3" } else { "0-1e-3" })
                    } else {
                        label.replace(&format!("{g}"), if g < 1.0 { "1-1e-3" } else { "1+1e-3" })
                    };
                    worst.add(&label, fd_check(&ss, &stack(&c), 1e-6));
                }
            }
        }
        worst.report("segment_segment seams", 1e-6);
    }

    #[test]
    fn delta_is_c1_across_ee_pe_seam() {
        // Line parameter α = 1 + δ: EE for δ < 0, PE (a1 against B) for δ > 0.
        let mut rng = Rng::new(34);
        for _ in 0..10 {
            let state = rng.next_u64();
            let at = |delta: f64| {
                let mut r = Rng::new(state);
                ssc(&ee_config(&mut r, 1.0 + delta, 0.4, 0.3), true)
            };
            let mut jumps = Vec::new();
            for eps in [1e-4, 1e-6, 1e-8] {
                let (lo, hi) = (at(-eps), at(eps));
                assert_eq!(lo.kind, ContactType::EdgeEdge);
                assert_eq!(hi.kind, ContactType::PointEdge);
                let scale = lo.hess.amax();
                // Δ: O(δ²) difference; ∇Δ: O(δ) difference; ∇²Δ: O(1) jump.
                assert!((hi.distance - lo.distance).abs() <= 10.0 * eps * eps * scale + 1e-15);
                assert!((hi.grad - lo.grad).amax() <= 10.0 * eps * scale + 1e-14);
                jumps.push((hi.hess - lo.hess).amax() / scale);
            }
            assert!(jumps.iter().all(|&j| j > 1e-2), "Hessian jump {jumps:?}");
        }
    }

    #[test]
    fn delta_is_c1_across_pe_pp_seam() {
        let mut rng = Rng::new(35);
        for e in 0..4 {
            let state = rng.next_u64();
            let at = |g: f64| {
                let mut r = Rng::new(state);
                ssc(&pe_config(&mut r, e, g, 0.3), true)
            };
            for eps in [1e-4, 1e-6, 1e-8] {
                let (lo, hi) = (at(eps), at(-eps));
                assert_eq!(lo.kind, ContactType::PointEdge);
                assert_eq!(hi.kind, ContactType::PointPoint);
                let scale = lo.hess.amax();
                assert!((hi.distance - lo.distance).abs() <= 10.0 * eps * eps * scale + 1e-15);
                assert!((hi.grad - lo.grad).amax() <= 10.0 * eps * scale + 1e-14);
                assert!((hi.hess - lo.hess).amax() > 1e-2 * scale);
            }
        }
    }

    #[test]
    fn symmetric_under_swap_and_reversal() {
        let mut rng = Rng::new(36);
        let mut n = 0;
        while n < 300 {
            let c = [
                rng.vector(1.0),
                rng.vector(1.0),
                rng.vector(1.0),
                rng.vector(1.0),
            ];
            let d = ssc(&c, true);
            if d.distance < 1e-3 || !stable(&stack(&c), 1e-9) {
                continue;
            }
            n += 1;
            // (permutation of the points, image of block i, map of the params)
            let cases: [([usize; 4], bool, bool, bool); 4] = [
                ([2, 3, 0, 1], true, false, false),
                ([1, 0, 2, 3], false, true, false),
                ([0, 1, 3, 2], false, false, true),
                ([3, 2, 1, 0], true, true, true),
            ];
            for (perm, swap, rev_a, rev_b) in cases {
                let c2 = [c[perm[0]], c[perm[1]], c[perm[2]], c[perm[3]]];
                let d2 = ssc(&c2, true);
                assert!((d2.distance - d.distance).abs() <= 1e-14 * d.distance.max(1.0));
                assert_eq!(d2.kind, d.kind);
                // Gradient/Hessian blocks permute with the points.
                let mut g = X::zeros();
                let mut h = SMatrix::<f64, 12, 12>::zeros();
                for i in 0..4 {
                    g.fixed_rows_mut::<3>(3 * i)
                        .copy_from(&d.grad.fixed_rows::<3>(3 * perm[i]));
                    for j in 0..4 {
                        h.fixed_view_mut::<3, 3>(3 * i, 3 * j)
                            .copy_from(&d.hess.fixed_view::<3, 3>(3 * perm[i], 3 * perm[j]));
                    }
                }
                assert!(max_relative_error(d2.grad.as_slice(), g.as_slice()) < 1e-9);
                assert!(max_relative_error(d2.hess.as_slice(), h.as_slice()) < 1e-8);
                let (mut p, mut q) = (d.params[0], d.params[1]);
                if rev_a {
                    p = 1.0 - p;
                }
                if rev_b {
                    q = 1.0 - q;
                }
                let expect = if swap { [q, p] } else { [p, q] };
                assert!((d2.params[0] - expect[0]).abs() < 1e-9);
                assert!((d2.params[1] - expect[1]).abs() < 1e-9);
            }
        }
    }

    #[test]
    fn matches_brute_force_and_closest_points() {
        let mut rng = Rng::new(37);
        let mut worst = 0.0f64;
        let mut configs = Vec::new();
        for _ in 0..60 {
            configs.push([
                rng.vector(1.0),
                rng.vector(1.0),
                rng.vector(1.0),
                rng.vector(1.0),
            ]);
        }
        for _ in 0..5 {
            let d = rng.uniform(0.01, 0.5);
            configs.push(ee_config(&mut rng, 0.3, 0.6, d));
            for e in 0..4 {
                configs.push(pe_config(&mut rng, e, 0.5, d));
            }
            configs.push(pp_config(&mut rng, 1, 0, d));
            // Exactly parallel (overlapping or not).
            let a0 = rng.vector(1.0);
            let t = rng.direction();
            let off = rng.perpendicular(&t) * d;
            let s = rng.uniform(-1.5, 1.5);
            configs.push([a0, a0 + t, a0 + off + t * s, a0 + off + t * (s + 0.7)]);
        }
        for c in &configs {
            let d = ssc(c, false);
            let b = brute(c);
            assert!(d.distance <= b + 1e-12, "{} > brute {b}", d.distance);
            worst = worst.max(b - d.distance);
            // Closest points realise Δ and sit at the reported parameters.
            assert!(((d.closest[0] - d.closest[1]).norm() - d.distance).abs() < 1e-12);
            assert!((c[0] + (c[1] - c[0]) * d.params[0] - d.closest[0]).norm() < 1e-12);
            assert!((c[2] + (c[3] - c[2]) * d.params[1] - d.closest[1]).norm() < 1e-12);
            assert!((0.0..=1.0).contains(&d.params[0]) && (0.0..=1.0).contains(&d.params[1]));
            if d.kind == ContactType::EdgeEdge {
                // Eq. 13 literally.
                let w = (c[1] - c[0]).cross(&(c[3] - c[2])).normalize();
                assert!(((c[0] - c[2]).dot(&w).abs() - d.distance).abs() < 1e-14);
            }
        }
        println!("segment_segment: worst (brute − Δ) = {worst:.2e}");
        assert!(worst < 1e-6);
    }

    /// Near-parallel pair: A = [0, e_x], B from (x0, 0.3, 0.1) along e_x tilted by `tilt`
    /// (sin θ ≈ tilt), rigidly rotated/translated.
    fn near_parallel(rng: &mut Rng, x0: f64, len: f64, tilt: f64) -> [Vec3; 4] {
        let q = nalgebra::UnitQuaternion::from_axis_angle(
            &nalgebra::Unit::new_normalize(rng.direction()),
            rng.uniform(0.0, 3.0),
        );
        let o = rng.vector(1.0);
        let b0 = Vec3::new(x0, 0.3, 0.1);
        let b1 = b0 + Vec3::new(1.0, tilt, 0.3 * tilt).normalize() * len;
        [Vec3::zeros(), Vec3::x(), b0, b1].map(|p| o + q * p)
    }

    #[test]
    fn near_parallel_edges() {
        let mut rng = Rng::new(38);
        let mut worst = Worst::default();
        for _ in 0..20 {
            // Overlapping: B starts inside A; the distance shrinks towards b0 → b0 against A (PE).
            let c = near_parallel(&mut rng, 0.4, 1.2, 5e-6);
            let (u, v) = (c[1] - c[0], c[3] - c[2]);
            assert!(u.cross(&v).norm_squared() < BLEND_LO * u.norm_squared() * v.norm_squared());
            let d = ssc(&c, false);
            assert_eq!(d.kind, ContactType::PointEdge);
            assert_eq!(d.params[1], 0.0);
            let b = brute(&c);
            let bound = 1e-5 * u.norm().min(v.norm());
            assert!(d.distance >= b - 1e-12 && d.distance - b <= bound);
            worst.add("near-parallel PE", fd_check(&ss, &stack(&c), 1e-7));
            // End to end (no overlap): PP a1–b0.
            let c = near_parallel(&mut rng, 1.3, 0.8, 5e-6);
            let d = ssc(&c, false);
            assert_eq!(d.kind, ContactType::PointPoint);
            assert_eq!(d.params, [1.0, 0.0]);
            assert!((d.distance - brute(&c)).abs() < 1e-12);
            worst.add("near-parallel PP", fd_check(&ss, &stack(&c), 1e-7));
            // Antiparallel overlapping (B reversed): b1 against A.
            let c = near_parallel(&mut rng, 0.4, 1.2, 5e-6);
            let c = [c[0], c[1], c[3], c[2]];
            let d = ssc(&c, false);
            assert_eq!((d.kind, d.params[1]), (ContactType::PointEdge, 1.0));
            worst.add("near-antiparallel PE", fd_check(&ss, &stack(&c), 1e-7));
        }
        worst.report("segment_segment", 1e-6);
    }

    #[test]
    fn exactly_parallel_overlapping_edges() {
        let c = [
            Vec3::new(0.0, 0.0, 0.0),
            Vec3::new(1.0, 0.0, 0.0),
            Vec3::new(0.25, 0.5, 0.0),
            Vec3::new(1.5, 0.5, 0.0),
        ];
        assert_eq!((c[1] - c[0]).cross(&(c[3] - c[2])), Vec3::zeros());
        let d = ssc(&c, true);
        assert_eq!(d.kind, ContactType::PointEdge);
        assert!((d.distance - 0.5).abs() < 1e-15);
        // The overlap [0.25, 1] ends at b0 (against A) and a1 (against B): Δ_∥ is their mean, and
        // the reported closest points are the first of the tied ends (b0–A).
        let (mut a1b, mut b0a) = (Distance::<12>::zero(), Distance::<12>::zero());
        let pts = [&c[0], &c[1], &c[2], &c[3]];
        a_end_vs_b((&pts, &[0, 1, 2, 3]), 1, true, &mut a1b);
        b_end_vs_a((&pts, &[0, 1, 2, 3]), 0, true, &mut b0a);
        assert!((d.grad - (a1b.grad + b0a.grad) * 0.5).amax() < 1e-15);
        assert!((d.hess - (a1b.hess + b0a.hess) * 0.5).amax() < 1e-15);
        assert_eq!(d.params, [0.25, 0.0]);
        // Translation invariance.
        let sum = (0..4).fold(Vec3::zeros(), |s, i| s + v3(&d.grad, i));
        assert!(sum.norm() < 1e-15);
        // Smooth through θ = 0 (the exact minimum has a kink here: the closest end of the
        // overlap switches with the sign of the tilt): central differences in every direction
        // match ∇Δ, and the Hessian matches differences of ∇Δ.
        let x = stack::<12>(&c);
        let step = 1e-7;
        let mut rng = Rng::new(39);
        for _ in 0..20 {
            let dir = X::from_iterator((0..12).map(|_| rng.uniform(-1.0, 1.0)));
            let dp = ss(&(x + dir * step), false).distance;
            let dm = ss(&(x - dir * step), false).distance;
            assert!(((dp - dm) / (2.0 * step) - d.grad.dot(&dir)).abs() < 1e-8);
        }
        let (g, h) = fd_check(&ss, &x, 1e-6);
        assert!(
            g < 1e-8 && h < 1e-6,
            "FD at exact parallel: grad {g:.2e}, hess {h:.2e}"
        );
    }

    #[test]
    fn zero_length_segment() {
        let mut rng = Rng::new(40);
        let mut worst = Worst::default();
        let mut tested = 0;
        for _ in 0..50 {
            let p = rng.vector(1.0);
            let b0 = rng.vector(1.0);
            let b1 = rng.vector(1.0);
            let c = [p, p, b0, b1];
            let d = ssc(&c, true);
            let ps = point_segment(&p, &b0, &b1, false);
            assert_eq!(d.distance, ps.distance);
            assert_eq!(d.kind, ps.kind);
            assert_eq!(d.params, [0.0, ps.params[1]]);
            assert_eq!(v3(&d.grad, 1), Vec3::zeros());
            // Swapped roles: B degenerate.
            let e = ssc(&[b0, b1, p, p], false);
            assert_eq!(e.distance, ps.distance);
            assert_eq!(e.params, [ps.params[1], 0.0]);
            // Both degenerate: PP.
            let f = ssc(&[p, p, b0, b0], false);
            assert_eq!(f.kind, ContactType::PointPoint);
            assert_eq!(f.distance, (p - b0).norm());
            // FD in the reduced coordinates [p, b0, b1] (moving a0 = a1 = p together): moving
            // a0 or a1 alone would open a segment of length `step`, i.e. leave this regime.
            let y = stack::<9>(&[p, b0, b1]);
            let red_stable = (0..9).all(|k| {
                [1e-6, -1e-6].iter().all(|&h| {
                    let mut z = y;
                    z[k] += h;
                    let q = v3(&z, 0);
                    let e = segment_segment(&q, &q, &v3(&z, 1), &v3(&z, 2), false);
                    signature(&e) == signature(&d)
                })
            });
            if ps.distance < 0.05 || !red_stable {
                continue;
            }
            tested += 1;
            let red = |y: &SVector<f64, 9>, h: bool| {
                let p = v3(y, 0);
                let full = segment_segment(&p, &p, &v3(y, 1), &v3(y, 2), h);
                let mut t = SMatrix::<f64, 12, 9>::zeros();
                for (i, j) in [(0, 0), (1, 0), (2, 1), (3, 2)] {
                    t.fixed_view_mut::<3, 3>(3 * i, 3 * j)
                        .copy_from(&Mat3::identity());
                }
                let hr = t.transpose() * full.hess * t;
                Distance::<9> {
                    distance: full.distance,
                    grad: t.transpose() * full.grad,
                    hess: (hr + hr.transpose()) * 0.5,
                    closest: full.closest,
                    params: full.params,
                    bary: full.bary,
                    kind: full.kind,
                }
            };
            worst.add(
                &format!("zero-length A, {}", kind_label(ps.kind)),
                fd_check(&red, &y, 1e-6),
            );
        }
        assert!(
            tested >= 30,
            "only {tested} zero-length configurations tested"
        );
        worst.report("segment_segment", 1e-6);
    }

    #[test]
    fn touching_has_no_gradient() {
        let c = [
            Vec3::new(-1.0, 0.0, 0.0),
            Vec3::new(1.0, 0.0, 0.0),
            Vec3::new(0.0, -1.0, 0.0),
            Vec3::new(0.0, 1.0, 0.0),
        ];
        let d = ssc(&c, true);
        assert_eq!(d.kind, ContactType::EdgeEdge);
        assert_eq!(d.distance, 0.0);
        assert_eq!(d.grad, X::zeros());
        assert_eq!(d.hess, SMatrix::<f64, 12, 12>::zeros());
        assert_eq!(d.params, [0.5, 0.5]);
    }
}
