//! Exact area and first moment of the intersection of a convex polygon with a disk centred at
//! the origin (the in-plane contact circle of radius `s` around the encompassing-sphere contact
//! point): the small-overlap fallback of the integrated laws weights the full-sphere force by
//! the covered fraction `A(polygon ∩ disk)/(π s²)` and places it at the centroid of the covered
//! part; a uniform pressure (`N_LinearPressure_Int`) integrates exactly over it.
//!
//! Method: the polygon (counter-clockwise, any winding works as long as it is consistent) is the
//! signed sum of the triangles `(0, p_i, p_{i+1})`; each edge is split at its crossings with the
//! circle; a piece inside the circle contributes its triangle (area `½ u × w`, first moment
//! `area·(u + w)/3`), a piece outside the sector of angle `θ = atan2(u × w, u·w)` (area `½ s² θ`,
//! first moment `(2/3) s³ sin(θ/2) b̂`, `b̂` the bisector). Units: m², m³.

use nalgebra::Vector2;

/// A 2-vector (m).
pub type V2 = Vector2<f64>;

fn cross(a: &V2, b: &V2) -> f64 {
    a.x * b.y - a.y * b.x
}

/// Signed area (m²) of the polygon `p` (positive when counter-clockwise).
pub fn area(p: &[V2]) -> f64 {
    (0..p.len())
        .map(|i| cross(&p[i], &p[(i + 1) % p.len()]))
        .sum::<f64>()
        * 0.5
}

/// `(area, first moment)` of `disk(0, s) ∩ polygon(p)`, signed as the polygon's orientation
/// (m², m³); the centroid is `moment/area`.
pub fn disk_intersection(p: &[V2], s: f64) -> (f64, V2) {
    let mut a = 0.0;
    let mut m = V2::zeros();
    for i in 0..p.len() {
        let (da, dm) = edge_piece(&p[i], &p[(i + 1) % p.len()], s);
        a += da;
        m += dm;
    }
    (a, m)
}

/// The triangle `(0, u, w)` when both lie within the circle.
fn inside(u: &V2, w: &V2) -> (f64, V2) {
    let area = 0.5 * cross(u, w);
    (area, (u + w) * (area / 3.0))
}

/// The sector of radius `s` between the directions of `u` and `w`.
fn sector(u: &V2, w: &V2, s: f64) -> (f64, V2) {
    let theta = cross(u, w).atan2(u.dot(w));
    if theta == 0.0 || u.norm() == 0.0 {
        return (0.0, V2::zeros());
    }
    let uh = u.normalize();
    let (sn, cs) = (0.5 * theta).sin_cos();
    let bis = V2::new(cs * uh.x - sn * uh.y, sn * uh.x + cs * uh.y);
    (
        0.5 * s * s * theta,
        bis * (2.0 / 3.0 * s * s * s * (0.5 * theta).sin()),
    )
}

/// `disk(0, s) ∩ triangle(0, u, w)`, signed.
fn edge_piece(u: &V2, w: &V2, s: f64) -> (f64, V2) {
    let d = w - u;
    let (aa, bb, cc) = (d.dot(&d), u.dot(&d), u.dot(u) - s * s);
    let disc = bb * bb - aa * cc;
    if aa == 0.0 {
        return (0.0, V2::zeros());
    }
    if disc <= 0.0 {
        // The line misses the circle: the whole piece is a sector.
        return sector(u, w, s);
    }
    let r = disc.sqrt();
    let t1 = ((-bb - r) / aa).clamp(0.0, 1.0);
    let t2 = ((-bb + r) / aa).clamp(0.0, 1.0);
    let (p1, p2) = (u + d * t1, u + d * t2);
    let mut out = sector(u, &p1, s);
    let (ia, im) = inside(&p1, &p2);
    let (sa, sm) = sector(&p2, w, s);
    out.0 += ia + sa;
    out.1 += im + sm;
    out
}

/// Sides of the regular polygon circumscribing a contact circle, [`clip_to_circle`].
pub const CIRCLE_SIDES: usize = 16;

/// Most vertices of a polygon of up to six vertices (a triangle, or the intersection of two)
/// clipped by [`clip_to_circle`].
pub const MAX_CLIPPED: usize = 6 + CIRCLE_SIDES;

/// The convex polygon `p` (counter-clockwise) clipped to the regular [`CIRCLE_SIDES`]-gon
/// circumscribing the circle of radius `s` about the origin (the half-planes `y·u_j ≤ s`,
/// `u_j = (cos 2πj/16, sin 2πj/16)`), by Sutherland–Hodgman: the support of a pressure that
/// vanishes outside the circle, up to slivers of relative width `1/cos(π/16) − 1 = 1.9 %`.
/// Returns the vertices and their count.
pub fn clip_to_circle(p: &[V2], s: f64) -> ([V2; MAX_CLIPPED], usize) {
    let mut cur = [V2::zeros(); MAX_CLIPPED];
    let mut n = p.len().min(MAX_CLIPPED);
    cur[..n].copy_from_slice(&p[..n]);
    for j in 0..CIRCLE_SIDES {
        let t = 2.0 * std::f64::consts::PI * j as f64 / CIRCLE_SIDES as f64;
        let u = V2::new(t.cos(), t.sin());
        (cur, n) = clip_half_plane(&cur, n, |a| a.dot(&u) - s);
        if n < 3 {
            return (cur, 0);
        }
    }
    (cur, n)
}

/// One Sutherland–Hodgman step: the first `n` vertices of the convex polygon `cur` clipped to
/// the half-plane `side(y) ≤ 0` (`side` affine in `y`), at most `N` vertices kept; returns
/// the vertices and their count.
pub fn clip_half_plane<const N: usize>(
    cur: &[V2; N],
    n: usize,
    side: impl Fn(&V2) -> f64,
) -> ([V2; N], usize) {
    let mut out = [V2::zeros(); N];
    let mut m = 0;
    for i in 0..n {
        let (a, b) = (cur[i], cur[(i + 1) % n]);
        let (da, db) = (side(&a), side(&b));
        if da <= 0.0 && m < N {
            out[m] = a;
            m += 1;
        }
        let crosses = (da < 0.0 && db > 0.0) || (da > 0.0 && db < 0.0);
        if crosses && m < N {
            out[m] = a + (b - a) * (da / (da - db));
            m += 1;
        }
    }
    (out, m)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::f64::consts::PI;

    fn square(h: f64, c: V2) -> Vec<V2> {
        vec![
            c + V2::new(-h, -h),
            c + V2::new(h, -h),
            c + V2::new(h, h),
            c + V2::new(-h, h),
        ]
    }

    /// A large triangle around the origin becomes the 16-gon; a small one stays itself; one
    /// outside vanishes.
    #[test]
    fn clipping_to_the_circumscribed_polygon() {
        let big = [V2::new(-5.0, -5.0), V2::new(5.0, -5.0), V2::new(0.0, 5.0)];
        let (c, n) = clip_to_circle(&big, 1.0);
        assert_eq!(n, CIRCLE_SIDES);
        let gon = 16.0 * (std::f64::consts::PI / 16.0).tan();
        assert!((area(&c[..n]) - gon).abs() < 1e-12);
        let small = [V2::new(0.1, 0.0), V2::new(0.2, 0.1), V2::new(0.1, 0.2)];
        let (c, n) = clip_to_circle(&small, 1.0);
        assert_eq!(n, 3);
        assert!((area(&c[..n]) - area(&small)).abs() < 1e-15);
        let far = [V2::new(3.0, 0.0), V2::new(4.0, 0.0), V2::new(3.0, 1.0)];
        assert_eq!(clip_to_circle(&far, 1.0).1, 0);
    }

    #[test]
    fn polygon_inside_the_disk_is_the_polygon() {
        let p = square(0.1, V2::new(0.2, 0.1));
        let (a, m) = disk_intersection(&p, 1.0);
        assert!((a - 0.04).abs() < 1e-15);
        assert!((m / a - V2::new(0.2, 0.1)).norm() < 1e-14);
    }

    #[test]
    fn disk_inside_the_polygon_is_the_disk() {
        let (a, m) = disk_intersection(&square(2.0, V2::zeros()), 0.7);
        assert!((a - PI * 0.49).abs() < 1e-14);
        assert!(m.norm() < 1e-14);
    }

    /// Half-plane cut (a square whose left edge passes through the centre): a half disk with
    /// centroid 4s/(3π) from the centre; and a square corner at the centre: a quarter disk.
    #[test]
    fn half_and_quarter_disks() {
        let s = 0.5;
        let half = vec![
            V2::new(0.0, -2.0),
            V2::new(2.0, -2.0),
            V2::new(2.0, 2.0),
            V2::new(0.0, 2.0),
        ];
        let (a, m) = disk_intersection(&half, s);
        assert!((a - 0.5 * PI * s * s).abs() < 1e-14);
        assert!((m.x / a - 4.0 * s / (3.0 * PI)).abs() < 1e-14 && m.y.abs() < 1e-14);
        let quarter = vec![
            V2::zeros(),
            V2::new(2.0, 0.0),
            V2::new(2.0, 2.0),
            V2::new(0.0, 2.0),
        ];
        let (a, m) = disk_intersection(&quarter, s);
        assert!((a - 0.25 * PI * s * s).abs() < 1e-14);
        let c = 4.0 * s / (3.0 * PI);
        assert!((m / a - V2::new(c, c)).norm() < 1e-14);
    }

    /// A triangle fan around the centre tiles the disk: the pieces' areas sum to π s², their
    /// moments to zero, whatever the fan.
    #[test]
    fn pieces_of_a_tiling_sum_to_the_disk() {
        let s = 0.3;
        let ring: Vec<V2> = (0..7)
            .map(|k| {
                let t = 2.0 * PI * k as f64 / 7.0 + 0.1;
                V2::new(t.cos(), t.sin()) * (0.2 + 0.05 * k as f64)
            })
            .collect();
        let c = V2::new(0.02, -0.03);
        let (mut a, mut m) = (0.0, V2::zeros());
        for k in 0..7 {
            // Each triangle reaches far beyond the circle from an interior point c.
            let tri = [
                c,
                c + (ring[k] - c) * 5.0,
                c + (ring[(k + 1) % 7] - c) * 5.0,
            ];
            let (da, dm) = disk_intersection(&tri, s);
            a += da;
            m += dm;
        }
        assert!((a - PI * s * s).abs() < 1e-13, "{a}");
        assert!(m.norm() < 1e-14);
        assert!((area(&[V2::zeros(), V2::x(), V2::y()]) - 0.5).abs() < 1e-15);
    }
}
