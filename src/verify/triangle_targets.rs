//! Random triangles and points near them in a chosen region (face, edge, vertex), for the
//! point–triangle configurations of [`super::configuration`].

use super::rng::Rng;
use crate::contact::distance::ContactType;
use crate::math::Vec3;

/// An equilateral triangle of side `l` at `a0` in a random orientation, with its unit normal.
pub(super) fn equilateral(rng: &mut Rng, a0: Vec3, l: f64) -> ([Vec3; 3], Vec3) {
    let u = rng.direction();
    let w = rng.perpendicular(&u);
    let v = u * 0.5 + w * (0.75f64).sqrt();
    let t = [a0, a0 + u * l, a0 + v * l];
    let n = (t[1] - t[0]).cross(&(t[2] - t[0])).normalize();
    (t, n)
}

/// A point at distance `dist` from triangle `t` (normal `n`) whose foot is in region `target`.
pub(super) fn near_triangle(
    rng: &mut Rng,
    t: &[Vec3; 3],
    n: &Vec3,
    dist: f64,
    target: ContactType,
) -> Vec3 {
    let side = if rng.unit() < 0.5 { 1.0 } else { -1.0 };
    let centroid = (t[0] + t[1] + t[2]) / 3.0;
    // A direction at 17°–73° from the face normal, tilted towards the in-plane direction `m`.
    let th = rng.uniform(0.3, 1.27);
    let tilt = |m: Vec3| n * (side * th.cos()) + m * th.sin();
    match target {
        ContactType::PointFace => {
            let l1 = rng.uniform(0.15, 0.7);
            let l2 = rng.uniform(0.15, 0.85 - l1);
            let foot = t[0] + (t[1] - t[0]) * l1 + (t[2] - t[0]) * l2;
            foot + n * (side * dist)
        }
        ContactType::PointEdge => {
            let k = (rng.unit() * 3.0) as usize % 3;
            let (a, b) = (t[k], t[(k + 1) % 3]);
            let foot = a + (b - a) * rng.uniform(0.2, 0.8);
            let e = (b - a).normalize();
            let out = (foot - centroid) - e * (foot - centroid).dot(&e);
            let out = (out - n * out.dot(n)).normalize();
            foot + tilt(out) * dist
        }
        _ => {
            let k = (rng.unit() * 3.0) as usize % 3;
            let out = (t[k] - centroid).normalize();
            t[k] + tilt(out) * dist
        }
    }
}
