//! Point–triangle distance: point–face, point–edge (seed 001 Eq. 12) or point–point (Eq. 11).
//!
//! `Δ = min_{λ ≥ 0, Σλ = 1} ‖p − (λ_a a + λ_b b + λ_c c)‖`. The region of the closest point is
//! resolved as in Ericson, *Real-Time Collision Detection* §5.1.5 and Eberly, "Distance between
//! point and triangle in 3D" (Geometric Tools, 1999/2020), but from the barycentric coordinates
//! of the projection of `p` onto the triangle's plane rather than from nested Voronoi tests. With
//! `N = (b − a) × (c − a)`:
//!
//! * `λ_a = ((b − p) × (c − p))·N/‖N‖²`, `λ_b = ((c − p) × (a − p))·N/‖N‖²`,
//!   `λ_c = ((a − p) × (b − p))·N/‖N‖²` (signed areas of the sub-triangles; the component of `p`
//!   along `N` drops out). All three `> 0` → **PF** (face interior): `Δ = |(p − a)·N|/‖N‖`, the
//!   distance to the plane.
//! * Otherwise the closest point lies on the boundary, and it is the closest of the three
//!   [`point_segment`](super::point_segment) results against `ab`, `bc` and `ca` (PE inside an
//!   edge, PP at a vertex), scattered into the 12 coordinates. The minimiser is unique outside
//!   the face region (the triangle is convex), so a tie between two edges only happens at their
//!   shared vertex, where both give the same PP result.
//!
//! PF derivatives (envelope theorem; as the EE case of
//! [`segment_segment`](super::segment_segment)). With `β = (λ_b, λ_c)`, `e₁ = b − a`,
//! `e₂ = c − a`, `d = p − a − β₁e₁ − β₂e₂ = Σ cᵢ xᵢ` for the coefficients
//! `c = [1, −λ_a, −λ_b, −λ_c]` over `[p, a, b, c]`, `n = d/Δ = ±N/‖N‖` and `P = I − n nᵀ`:
//!
//! * `∇Δ = [n, −λ_a n, −λ_b n, −λ_c n]`;
//! * `∇²Δ = (Σᵢⱼ cᵢ cⱼ P)/Δ − Δ M G⁻¹ Mᵀ`, with the Gram matrix `G = [[e₁·e₁, e₁·e₂],
//!   [e₁·e₂, e₂·e₂]]` (`det G = ‖N‖²`; `∂²‖d‖/∂β² = G/Δ` since `eₖ ⊥ n`) and the mixed second
//!   derivatives `∂²‖d‖/∂x∂βₖ`, the columns `m₁ = −[cᵢ e₁]/Δ + [0, n, −n, 0]`,
//!   `m₂ = −[cᵢ e₂]/Δ + [0, n, 0, −n]`. The second term is the Schur-complement correction of
//!   the inner minimisation over `β`; the result is the Hessian of the plane distance
//!   `|(p − a)·N|/‖N‖`, which depends on all four points through the normal.
//!
//! `Δ` is C¹ across the seams PF/PE (`λ = 0` on one edge) and PE/PP (the foot at a vertex): the
//! value and the gradient are continuous there, the Hessian jumps — the minimum of a smooth
//! function under strictly complementary constraints, as for the other kernels (seed 001 §3.2).
//!
//! Special configurations:
//!
//! * **near-degenerate triangles** (needles and slivers): if `‖N‖² ≤ 1e-10 L⁴`, `L` the longest
//!   edge (the smallest height below `1e-5 L`), the face case is never used and `Δ` is the
//!   distance to the boundary (the closest of the three edges). For an exactly degenerate
//!   (collinear or collapsed) triangle this is exact; otherwise it exceeds the true distance by
//!   at most the inradius `‖N‖/(perimeter) ≤ 0.5·10⁻⁵ L`. The face Hessian grows like the
//!   inverse of the smallest height, which this bounds; a zero-length edge is handled by
//!   [`point_segment`](super::point_segment) (treated as its first point);
//! * **touching** (`Δ = 0`, the point in the triangle): no gradient; `grad = 0`, `hess = 0`
//!   (see [`Distance`]).

use super::point_point::{ContactType, Distance, coord_scale, is_touching, projector};
use super::point_segment::point_segment_into;
use crate::math::Vec3;

/// A triangle with `‖N‖² ≤ FLAT_REL · L⁴` (`N = (b − a) × (c − a)`, `L` its longest edge) is
/// near-degenerate: only its edges are used.
pub(super) const FLAT_REL: f64 = 1e-10;

/// Face geometry of a non-degenerate triangle `abc`: `N = (b − a) × (c − a)` and `‖N‖²`, or
/// `None` when the triangle is near-degenerate (`‖N‖² ≤ FLAT_REL · L⁴`).
#[inline]
pub(super) fn face_normal(a: &Vec3, b: &Vec3, c: &Vec3) -> Option<(Vec3, f64)> {
    let (e1, e2) = (b - a, c - a);
    let nn = e1.cross(&e2);
    let n2 = nn.norm_squared();
    let l2 = e1
        .norm_squared()
        .max(e2.norm_squared())
        .max((c - b).norm_squared());
    (n2 > FLAT_REL * l2 * l2).then_some((nn, n2))
}

/// Barycentric coordinates `(λ_a, λ_b, λ_c)` of the projection of `p` onto the plane of `abc`
/// (signed sub-triangle areas over `‖N‖² = n2`).
#[inline]
pub(super) fn barycentric(p: &Vec3, a: &Vec3, b: &Vec3, c: &Vec3, nn: &Vec3, n2: f64) -> [f64; 3] {
    let (pa, pb, pc) = (a - p, b - p, c - p);
    [
        pb.cross(&pc).dot(nn) / n2,
        pc.cross(&pa).dot(nn) / n2,
        pa.cross(&pb).dot(nn) / n2,
    ]
}

/// Squared distance from `p` to the segment `xy` (value only, for choosing among edges).
#[inline]
pub(super) fn point_segment_sq(p: &Vec3, x: &Vec3, y: &Vec3) -> f64 {
    let e = y - x;
    let r = p - x;
    let l2 = e.norm_squared();
    if l2 == 0.0 {
        return r.norm_squared();
    }
    let beta = (r.dot(&e) / l2).clamp(0.0, 1.0);
    (r - e * beta).norm_squared()
}

/// Point–triangle distance written into `out` (assumed to have zero gradient and Hessian):
/// `p`, `a`, `b`, `c` are the local blocks 0–3, scattered to the 3-blocks `slots`. Sets
/// `distance`, `closest = [p, q]`, `params = [0, 0]`, `bary` (of `q`) and `kind`.
pub(super) fn point_triangle_into<const N: usize>(
    p: &Vec3,
    a: &Vec3,
    b: &Vec3,
    c: &Vec3,
    slots: [usize; 4],
    hessian: bool,
    out: &mut Distance<N>,
) {
    if let Some((nn, n2)) = face_normal(a, b, c) {
        let lambda = barycentric(p, a, b, c, &nn, n2);
        if lambda.iter().all(|&l| l > 0.0) {
            face_into(p, [a, b, c], &nn, n2, lambda, slots, hessian, out);
            return;
        }
    }
    // Boundary: the closest of the three edges (first on ties, i.e. at a shared vertex).
    let tri = [a, b, c];
    let cand = [
        point_segment_sq(p, a, b),
        point_segment_sq(p, b, c),
        point_segment_sq(p, c, a),
    ];
    let mut best = 0;
    for (i, &d) in cand.iter().enumerate().skip(1) {
        if d < cand[best] {
            best = i;
        }
    }
    let (i, j) = (best, (best + 1) % 3);
    point_segment_into(
        p,
        tri[i],
        tri[j],
        [slots[0], slots[1 + i], slots[1 + j]],
        hessian,
        out,
    );
    let beta = out.params[1];
    out.bary = [0.0; 3];
    out.bary[i] = 1.0 - beta;
    out.bary[j] = beta;
    out.params = [0.0, 0.0];
}

/// PF distance (the plane of `abc`) and its derivatives at the interior barycentric coordinates
/// `lambda` of the projection of `p` (module docs).
#[allow(clippy::too_many_arguments)]
#[inline]
fn face_into<const N: usize>(
    p: &Vec3,
    [a, b, c]: [&Vec3; 3],
    nn: &Vec3,
    n2: f64,
    lambda: [f64; 3],
    slots: [usize; 4],
    hessian: bool,
    out: &mut Distance<N>,
) {
    let nlen = n2.sqrt();
    let s = (p - a).dot(nn);
    let dist = s.abs() / nlen;
    let q = a * lambda[0] + b * lambda[1] + c * lambda[2];
    out.distance = dist;
    out.closest = [*p, q];
    out.params = [0.0, 0.0];
    out.bary = lambda;
    out.kind = ContactType::PointFace;
    if is_touching(dist, coord_scale(&[p, a, b, c])) {
        return;
    }
    let n = nn * (s.signum() / nlen);
    let cf = [1.0, -lambda[0], -lambda[1], -lambda[2]];
    out.scatter_grad(&slots, |k| cf[k / 3] * n[k % 3]);
    if hessian {
        let inv_d = 1.0 / dist;
        let (e1, e2) = (b - a, c - a);
        // m₁ = −[cᵢ e₁]/Δ + [0, n, −n, 0], m₂ = −[cᵢ e₂]/Δ + [0, n, 0, −n].
        let mut m1 = [0.0; 12];
        let mut m2 = [0.0; 12];
        for (i, &ci) in cf.iter().enumerate() {
            for k in 0..3 {
                m1[3 * i + k] = -ci * inv_d * e1[k];
                m2[3 * i + k] = -ci * inv_d * e2[k];
            }
        }
        for k in 0..3 {
            m1[3 + k] += n[k];
            m1[6 + k] -= n[k];
            m2[3 + k] += n[k];
            m2[9 + k] -= n[k];
        }
        // Δ G⁻¹ with G⁻¹ = [[e₂·e₂, −e₁·e₂], [−e₁·e₂, e₁·e₁]] / ‖N‖².
        let f = dist / n2;
        let (i11, i12, i22) = (
            e2.norm_squared() * f,
            -e1.dot(&e2) * f,
            e1.norm_squared() * f,
        );
        out.scatter_hess(&slots, |k, l| {
            (cf[k / 3] * cf[l / 3]) * (projector(&n, k % 3, l % 3) * inv_d)
                - (i11 * (m1[k] * m1[l])
                    + i12 * (m1[k] * m2[l] + m1[l] * m2[k])
                    + i22 * (m2[k] * m2[l]))
        });
    }
}

/// Distance from the point `p` to the triangle `abc` with derivatives with respect to
/// `[p, a, b, c]` (12 coordinates).
///
/// With `N = (b − a) × (c − a)` and the barycentric coordinates `λ` of the projection of `p` on
/// the plane: all `λ > 0` gives PF, `Δ = |(p − a)·N|/‖N‖`, `∇Δ = [n, −λ_a n, −λ_b n, −λ_c n]`
/// (`n` the unit vector from the foot to `p`) and the Hessian of the plane distance (module
/// docs); otherwise the closest of the three edges by
/// [`point_segment`](super::point_segment) (PE or PP), scattered into the 12 coordinates. Regions
/// as in Ericson, *Real-Time Collision Detection* §5.1.5, and Eberly, "Distance between point
/// and triangle in 3D". C¹ across the region seams.
///
/// `closest = [p, λ_a a + λ_b b + λ_c c]`, `bary = (λ_a, λ_b, λ_c)`, `params = [0, 0]`. A
/// near-degenerate triangle (`‖N‖² ≤ 1e-10 L⁴`, `L` the longest edge) uses its edges only (error
/// `≤ 0.5·10⁻⁵ L`, module docs). Touching (`Δ = 0`) gives zero derivatives (see [`Distance`]).
/// The Hessian (exactly symmetric) is skipped when `hessian` is false.
pub fn point_triangle(p: &Vec3, a: &Vec3, b: &Vec3, c: &Vec3, hessian: bool) -> Distance<12> {
    let mut out = Distance::zero();
    point_triangle_into(p, a, b, c, [0, 1, 2, 3], hessian, &mut out);
    out
}

/// Value-only point–triangle distance for continuous collision detection
/// ([`CcdKernel::Distance`](crate::contact::CcdKernel::Distance),
/// [`additive_ccd`](crate::contact::ccd::additive_ccd)): one side is the point `[p]`, the other
/// the triangle `[a, b, c]`, in either order (m). Exactly [`point_triangle`]'s `Δ`.
///
/// # Panics
///
/// If the sides are not one point and three points.
pub fn point_triangle_distance(side1: &[Vec3], side2: &[Vec3]) -> f64 {
    let (p, t) = match (side1, side2) {
        ([p], [a, b, c]) | ([a, b, c], [p]) => (p, [a, b, c]),
        _ => panic!(
            "point_triangle_distance: sides of {} and {} points (expected 1 and 3)",
            side1.len(),
            side2.len()
        ),
    };
    point_triangle(p, t[0], t[1], t[2], false).distance
}

#[cfg(test)]
mod tests {
    use nalgebra::{SMatrix, SVector};

    use super::super::test_support::{
        Region, Worst, active_set_stable, edge_outward, ericson_closest, fd_check, interior_bary,
        kind_label, permute_blocks, point_at, stack, triangle, unit_normal, v3,
    };
    use super::*;
    use crate::verify::{Rng, max_relative_error};

    type X = SVector<f64, 12>;

    fn pt(x: &X, h: bool) -> Distance<12> {
        point_triangle(&v3(x, 0), &v3(x, 1), &v3(x, 2), &v3(x, 3), h)
    }

    fn ptc(c: &[Vec3; 4], h: bool) -> Distance<12> {
        point_triangle(&c[0], &c[1], &c[2], &c[3], h)
    }

    fn config(p: Vec3, t: &[Vec3; 3]) -> [Vec3; 4] {
        [p, t[0], t[1], t[2]]
    }

    /// Active-set signature: kind and which barycentric coordinates are 0 or 1.
    fn signature(d: &Distance<12>) -> (ContactType, [bool; 6]) {
        let l = d.bary;
        (
            d.kind,
            [
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
        active_set_stable(x, step, |y| signature(&pt(y, false)))
    }

    /// Signed height in ±[0.05, 1].
    fn height(rng: &mut Rng) -> f64 {
        rng.uniform(0.05, 1.0) * if rng.unit() < 0.5 { -1.0 } else { 1.0 }
    }

    /// The checks every result must pass: closest points realise Δ, the barycentric coordinates
    /// give `closest[1]`, the gradient's point block is the unit vector from the foot to `p`,
    /// and the distance and foot match Ericson's algorithm.
    fn consistent(c: &[Vec3; 4], d: &Distance<12>) {
        let scale = c.iter().fold(0.0f64, |m, p| m.max(p.amax()));
        let tol = 1e-12 * scale;
        assert_eq!(d.closest[0], c[0]);
        assert!(((d.closest[0] - d.closest[1]).norm() - d.distance).abs() <= tol);
        let l = d.bary;
        assert!(l.iter().all(|&x| (0.0..=1.0).contains(&x)), "{l:?}");
        assert!((l[0] + l[1] + l[2] - 1.0).abs() < 1e-12);
        let q = c[1] * l[0] + c[2] * l[1] + c[3] * l[2];
        assert!((q - d.closest[1]).norm() <= tol);
        assert_eq!(d.params, [0.0, 0.0]);
        // Reference: Ericson's algorithm; on a degenerate triangle (a segment or a point, where
        // Ericson's tests divide by ~0) the nearest of the edges, which is then exact.
        if face_normal(&c[1], &c[2], &c[3]).is_some() {
            let (qe, le) = ericson_closest(&c[0], &c[1], &c[2], &c[3]);
            let de = (c[0] - qe).norm();
            assert!(
                (de - d.distance).abs() <= tol,
                "Δ = {} vs Ericson {de}",
                d.distance
            );
            if d.distance > 1e-6 * scale {
                assert!((qe - d.closest[1]).norm() <= 1e-9 * scale);
                for k in 0..3 {
                    assert!((le[k] - l[k]).abs() < 1e-9, "{le:?} vs {l:?}");
                }
            }
        } else {
            let edges = [(1, 2), (2, 3), (3, 1)]
                .map(|(i, j)| super::super::point_segment(&c[0], &c[i], &c[j], false).distance);
            let de = edges.iter().copied().fold(f64::INFINITY, f64::min);
            assert!(
                (de - d.distance).abs() <= tol,
                "Δ = {} vs edges {de}",
                d.distance
            );
        }
        if d.distance > 1e-6 * scale {
            let n = (c[0] - d.closest[1]) / d.distance;
            assert!((v3(&d.grad, 0) - n).norm() < 1e-9);
        }
        // Translation invariance of Δ: the gradient blocks sum to zero.
        let sum = (0..4).fold(Vec3::zeros(), |s, i| s + v3(&d.grad, i));
        assert!(sum.norm() < 1e-12);
    }

    /// Every region explicitly: the face, each edge, each vertex (label, region, expected kind,
    /// expected distance for height `h`).
    fn regions(rng: &mut Rng) -> Vec<(String, Region, ContactType, f64)> {
        let mut v = Vec::new();
        let l = interior_bary(rng, 0.05);
        v.push((
            "PF face".to_string(),
            Region::Face(l),
            ContactType::PointFace,
            0.0,
        ));
        for i in 0..3 {
            let out = rng.uniform(0.05, 1.0);
            let beta = rng.uniform(0.05, 0.95);
            v.push((
                format!("PE edge {i}"),
                Region::Edge { i, beta, out },
                ContactType::PointEdge,
                out,
            ));
            let r = rng.uniform(0.05, 1.0);
            let t = rng.uniform(0.05, 0.95);
            v.push((
                format!("PP vertex {i}"),
                Region::Vertex { i, r, t },
                ContactType::PointPoint,
                r,
            ));
        }
        v
    }

    #[test]
    fn point_triangle_fd_per_region() {
        let mut rng = Rng::new(51);
        let mut worst = Worst::default();
        for _ in 0..40 {
            let tri = triangle(&mut rng);
            for (label, region, kind, in_plane) in regions(&mut rng) {
                let h = height(&mut rng);
                let c = config(point_at(&tri, region, h), &tri);
                let d = ptc(&c, true);
                assert_eq!(d.kind, kind, "{label}");
                assert!((d.distance - in_plane.hypot(h)).abs() < 1e-12, "{label}");
                consistent(&c, &d);
                worst.add(&label, fd_check(&pt, &stack(&c), 1e-6));
            }
            // In-plane points (h = 0) outside the triangle.
            let c = config(
                point_at(
                    &tri,
                    Region::Edge {
                        i: 1,
                        beta: 0.5,
                        out: 0.3,
                    },
                    0.0,
                ),
                &tri,
            );
            assert_eq!(ptc(&c, false).kind, ContactType::PointEdge);
            worst.add("PE in-plane", fd_check(&pt, &stack(&c), 1e-6));
        }
        worst.report("point_triangle", 1e-6);
    }

    #[test]
    fn point_triangle_fd_near_seams() {
        let mut rng = Rng::new(52);
        let mut worst = Worst::default();
        let eps = 1e-3;
        for _ in 0..20 {
            let tri = triangle(&mut rng);
            for i in 0..3 {
                let h = height(&mut rng);
                // PF/PE: 1e-3 inside / outside edge i.
                let beta = rng.uniform(0.2, 0.8);
                for (out, kind) in [
                    (-eps, ContactType::PointFace),
                    (eps, ContactType::PointEdge),
                ] {
                    let c = config(point_at(&tri, Region::Edge { i, beta, out }, h), &tri);
                    let d = ptc(&c, false);
                    assert_eq!(d.kind, kind);
                    consistent(&c, &d);
                    let label = format!("{} edge {i} {out:+e} from PF/PE", kind_label(kind));
                    worst.add(&label, fd_check(&pt, &stack(&c), 1e-6));
                }
                // PE/PP: the foot 1e-3 inside / outside each end of edge i.
                let out = rng.uniform(0.05, 1.0);
                for (beta, kind) in [
                    (eps, ContactType::PointEdge),
                    (-eps, ContactType::PointPoint),
                    (1.0 - eps, ContactType::PointEdge),
                    (1.0 + eps, ContactType::PointPoint),
                ] {
                    let c = config(point_at(&tri, Region::Edge { i, beta, out }, h), &tri);
                    let d = ptc(&c, false);
                    assert_eq!(d.kind, kind);
                    consistent(&c, &d);
                    let end = if beta < 0.5 { "start" } else { "end" };
                    let side = if kind == ContactType::PointEdge {
                        "inside"
                    } else {
                        "outside"
                    };
                    let label = format!("{} edge {i} {end} 1e-3 {side}", kind_label(kind));
                    worst.add(&label, fd_check(&pt, &stack(&c), 1e-6));
                }
            }
        }
        worst.report("point_triangle seams", 1e-6);
    }

    #[test]
    fn point_triangle_fd_random() {
        let mut rng = Rng::new(53);
        let mut worst = Worst::default();
        let mut n = 0;
        while n < 400 {
            let c = [
                rng.vector(1.0),
                rng.vector(1.0),
                rng.vector(1.0),
                rng.vector(1.0),
            ];
            let x = stack(&c);
            let d = ptc(&c, false);
            consistent(&c, &d);
            // Thin triangles make the face Hessian steep: keep the smallest height ≥ 0.05 L.
            let n2 = (c[2] - c[1]).cross(&(c[3] - c[1])).norm();
            let l2 = (1..4)
                .map(|i| (c[1 + i % 3] - c[i]).norm_squared())
                .fold(0.0, f64::max);
            if d.distance < 0.05 || n2 < 0.05 * l2 || !stable(&x, 1e-6) {
                continue;
            }
            worst.add(
                &format!("random {}", kind_label(d.kind)),
                fd_check(&pt, &x, 1e-6),
            );
            n += 1;
        }
        worst.report("point_triangle", 1e-6);
    }

    #[test]
    fn point_triangle_tiny_and_huge_scales() {
        let mut rng = Rng::new(54);
        let mut worst = Worst::default();
        for scale in [1e-6, 1e6] {
            for _ in 0..10 {
                let tri = triangle(&mut rng);
                for (label, region, kind, in_plane) in regions(&mut rng) {
                    let h = height(&mut rng);
                    let c = config(point_at(&tri, region, h), &tri).map(|p| p * scale);
                    let d = ptc(&c, true);
                    assert_eq!(d.kind, kind);
                    let expect = in_plane.hypot(h) * scale;
                    assert!((d.distance - expect).abs() < 1e-12 * expect);
                    consistent(&c, &d);
                    worst.add(
                        &format!("scale {scale:e} {label}"),
                        fd_check(&pt, &stack(&c), 1e-6 * scale),
                    );
                }
            }
        }
        worst.report("point_triangle", 1e-6);
    }

    #[test]
    fn point_triangle_is_c1_across_seams() {
        let mut rng = Rng::new(55);
        for _ in 0..10 {
            let tri = triangle(&mut rng);
            let h = height(&mut rng);
            let i = (rng.next_u64() % 3) as usize;
            let at = |region| ptc(&config(point_at(&tri, region, h), &tri), true);
            for eps in [1e-4, 1e-6, 1e-8] {
                // PF/PE: in-plane offset ±ε across edge i.
                let lo = at(Region::Edge {
                    i,
                    beta: 0.4,
                    out: -eps,
                });
                let hi = at(Region::Edge {
                    i,
                    beta: 0.4,
                    out: eps,
                });
                // PE/PP: the foot at ±ε beyond the end of edge i.
                let pe = at(Region::Edge {
                    i,
                    beta: 1.0 - eps,
                    out: 0.3,
                });
                let pp = at(Region::Edge {
                    i,
                    beta: 1.0 + eps,
                    out: 0.3,
                });
                for (a, b, ka, kb) in [
                    (lo, hi, ContactType::PointFace, ContactType::PointEdge),
                    (pe, pp, ContactType::PointEdge, ContactType::PointPoint),
                ] {
                    assert_eq!((a.kind, b.kind), (ka, kb));
                    let scale = a.hess.amax().max(b.hess.amax());
                    // Δ: O(ε²) difference; ∇Δ: O(ε) difference; ∇²Δ: O(1) jump.
                    assert!((a.distance - b.distance).abs() <= 10.0 * eps * eps * scale + 1e-15);
                    assert!(
                        (a.grad - b.grad).amax() <= 10.0 * eps * scale + 1e-14,
                        "{ka:?}/{kb:?} eps {eps:e}: {:e} vs scale {scale:e}",
                        (a.grad - b.grad).amax()
                    );
                    assert!(
                        (a.hess - b.hess).amax() > 1e-2 * scale,
                        "{ka:?}/{kb:?}: no Hessian jump"
                    );
                }
            }
        }
    }

    #[test]
    fn symmetric_under_vertex_permutations() {
        let mut rng = Rng::new(56);
        let mut n = 0;
        while n < 200 {
            let c = [
                rng.vector(1.0),
                rng.vector(1.0),
                rng.vector(1.0),
                rng.vector(1.0),
            ];
            let d = ptc(&c, true);
            if d.distance < 1e-3 || !stable(&stack(&c), 1e-9) {
                continue;
            }
            n += 1;
            for perm in [[0, 2, 3, 1], [0, 3, 1, 2], [0, 1, 3, 2], [0, 3, 2, 1]] {
                let c2 = perm.map(|k| c[k]);
                let d2 = ptc(&c2, true);
                assert!((d2.distance - d.distance).abs() <= 1e-14 * d.distance.max(1.0));
                assert_eq!(d2.kind, d.kind);
                let (g, h) = permute_blocks(&d, &perm);
                assert!(max_relative_error(d2.grad.as_slice(), g.as_slice()) < 1e-9);
                assert!(max_relative_error(d2.hess.as_slice(), h.as_slice()) < 1e-8);
                for k in 0..3 {
                    assert!((d2.bary[k] - d.bary[perm[k + 1] - 1]).abs() < 1e-12);
                }
            }
        }
    }

    #[test]
    fn degenerate_and_thin_triangles() {
        let mut rng = Rng::new(57);
        let mut worst = Worst::default();
        for _ in 0..50 {
            let a = rng.vector(1.0);
            let b = rng.vector(1.0);
            let p = rng.vector(1.0);
            let e = b - a;
            // Collinear: c on the line ab (inside or beyond), the triangle is a segment.
            for s in [0.3, 1.7, -0.5] {
                let c = a + e * s;
                let d = point_triangle(&p, &a, &b, &c, true);
                assert_ne!(d.kind, ContactType::PointFace);
                consistent(&[p, a, b, c], &d);
            }
            // Two and three coincident vertices.
            for (x, y, z) in [(a, a, b), (a, b, b), (b, a, b), (a, a, a)] {
                let d = point_triangle(&p, &x, &y, &z, true);
                assert_ne!(d.kind, ContactType::PointFace);
                consistent(&[p, x, y, z], &d);
                assert!(d.grad.iter().all(|g| g.is_finite()));
                assert!(d.hess.iter().all(|g| g.is_finite()));
            }
            // Sliver with height 1e-7 L (below the threshold 1e-5 L): edges only, within the
            // documented bound of the true distance, above the interior.
            let l = e.norm();
            let off = rng.perpendicular(&(e / l));
            let c = a + e * 0.4 + off * (1e-7 * l);
            let tri = [a, b, c];
            let above = point_at(&tri, Region::Face([0.3, 0.3, 0.4]), 0.2);
            let d = point_triangle(&above, &a, &b, &c, true);
            assert_ne!(d.kind, ContactType::PointFace);
            // The true distance is the constructed height 0.2 (Ericson's tests lose accuracy on
            // such slivers).
            let err = d.distance - 0.2;
            assert!(err >= -1e-12 && err <= 0.5e-5 * l, "fallback error {err:e}");
            // Thin but above the threshold (height 1e-3 L): the face, FD still accurate.
            let c = a + e * 0.4 + off * (1e-3 * l);
            let tri = [a, b, c];
            let above = point_at(&tri, Region::Face([0.3, 0.3, 0.4]), 0.2);
            let x = stack::<12>(&[above, a, b, c]);
            let d = pt(&x, true);
            assert_eq!(d.kind, ContactType::PointFace);
            consistent(&[above, a, b, c], &d);
            worst.add("PF thin (height 1e-3 L)", fd_check(&pt, &x, 1e-7 * l));
        }
        worst.report("point_triangle", 1e-5);
    }

    #[test]
    fn touching_has_no_gradient() {
        let tri = [
            Vec3::new(0.0, 0.0, 0.0),
            Vec3::new(1.0, 0.0, 0.0),
            Vec3::new(0.0, 1.0, 0.0),
        ];
        for (p, kind) in [
            (Vec3::new(0.25, 0.25, 0.0), ContactType::PointFace),
            (Vec3::new(0.5, 0.0, 0.0), ContactType::PointEdge),
            (Vec3::new(0.0, 1.0, 0.0), ContactType::PointPoint),
        ] {
            let d = point_triangle(&p, &tri[0], &tri[1], &tri[2], true);
            assert_eq!(d.kind, kind);
            assert_eq!(d.distance, 0.0);
            assert_eq!(d.grad, X::zeros());
            assert_eq!(d.hess, SMatrix::<f64, 12, 12>::zeros());
        }
        // Values: above the face, and beyond an edge.
        let d = point_triangle(
            &Vec3::new(0.25, 0.25, -2.0),
            &tri[0],
            &tri[1],
            &tri[2],
            true,
        );
        assert_eq!((d.kind, d.distance), (ContactType::PointFace, 2.0));
        assert_eq!(d.bary, [0.5, 0.25, 0.25]);
        assert_eq!(v3(&d.grad, 0), Vec3::new(0.0, 0.0, -1.0));
        let d = point_triangle(&Vec3::new(0.5, -3.0, 4.0), &tri[0], &tri[1], &tri[2], false);
        assert_eq!((d.kind, d.distance), (ContactType::PointEdge, 5.0));
        assert_eq!(d.bary, [0.5, 0.5, 0.0]);
        assert_eq!(unit_normal(&tri), Vec3::z());
        assert_eq!(edge_outward(&tri, 0), -Vec3::y());
    }

    #[test]
    fn value_kernel_matches_in_either_order() {
        let mut rng = Rng::new(58);
        for _ in 0..50 {
            let p = rng.vector(1.0);
            let t = [rng.vector(1.0), rng.vector(1.0), rng.vector(1.0)];
            let d = point_triangle(&p, &t[0], &t[1], &t[2], false).distance;
            assert_eq!(point_triangle_distance(&[p], &t), d);
            assert_eq!(point_triangle_distance(&t, &[p]), d);
        }
    }

    #[test]
    #[should_panic(expected = "expected 1 and 3")]
    fn value_kernel_rejects_other_sides() {
        let z = Vec3::zeros();
        point_triangle_distance(&[z, z], &[z, z, z]);
    }
}
