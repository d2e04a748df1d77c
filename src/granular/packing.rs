//! The packing fraction of spheres in a box: `φ = Σ_i V(B_i ∩ box) / V(box)`, each sphere
//! counted by the part of its volume inside the box.
//!
//! `V(B ∩ box)` is `4/3 π r³` for a sphere wholly inside, 0 for one wholly outside, and for a
//! cut sphere `∫ A(z) dz` over the sphere's slices `z` inside the box, `A(z)` the area of the
//! slice's disc (radius `ρ(z) = √(r² − (z − c_z)²)`) inside the box's rectangle, which has a
//! closed form. The integral is split where `ρ(z)` crosses the distance from the centre to a
//! side or a corner of the rectangle (where `A` has kinks) and each piece integrated by
//! Gauss–Legendre after a substitution that smooths its ends: exact for cuts through the
//! centre, within about 1e-9 of the sphere's volume for any other cut.

use super::quadrature::integrate_smoothed_ends;
use crate::math::Vec3;
use crate::model::Model;
use std::f64::consts::PI;

/// The packing fraction of `model`'s spheres in the box `[min, max]` (0 for an empty box).
pub fn packing_fraction(model: &Model, min: Vec3, max: Vec3) -> f64 {
    let volume: f64 = (max - min).iter().map(|s| s.max(0.0)).product();
    if volume <= 0.0 {
        return 0.0;
    }
    let inside: f64 = model
        .bodies
        .spheres
        .iter()
        .map(|s| sphere_box_volume(s.center(&model.q), s.radius, min, max))
        .sum();
    inside / volume
}

/// The volume of the ball of `centre` and radius `r` inside the box `[min, max]` (m³).
pub fn sphere_box_volume(centre: Vec3, r: f64, min: Vec3, max: Vec3) -> f64 {
    let (lo, hi) = (min - centre, max - centre);
    if (0..3).any(|k| hi[k] <= -r || lo[k] >= r || hi[k] <= lo[k]) {
        return 0.0;
    }
    if (0..3).all(|k| lo[k] <= -r && hi[k] >= r) {
        return 4.0 / 3.0 * PI * r.powi(3);
    }
    let (z0, z1) = (lo.z.max(-r), hi.z.min(r));
    // Distances at which the slice's disc meets a side or a corner of the rectangle.
    let xs = [lo.x, hi.x];
    let ys = [lo.y, hi.y];
    let mut kinks: Vec<f64> = xs.iter().chain(&ys).map(|d| d.abs()).collect();
    kinks.extend(xs.iter().flat_map(|x| ys.iter().map(move |y| x.hypot(*y))));
    let mut cuts = vec![z0, z1];
    for d in kinks.into_iter().filter(|&d| d < r) {
        let z = (r * r - d * d).sqrt();
        cuts.extend([-z, z].into_iter().filter(|&z| z > z0 && z < z1));
    }
    cuts.sort_by(f64::total_cmp);
    let slice = |z: f64| disc_rect_area((r * r - z * z).max(0.0).sqrt(), xs, ys);
    cuts.windows(2)
        .map(|w| integrate_smoothed_ends(w[0], w[1], slice))
        .sum()
}

/// Area of the disc of radius `rho` at the origin inside the rectangle `xs × ys`.
fn disc_rect_area(rho: f64, xs: [f64; 2], ys: [f64; 2]) -> f64 {
    if rho <= 0.0 {
        return 0.0;
    }
    let q = |x: f64, y: f64| below_left(rho, x, y);
    q(xs[1], ys[1]) - q(xs[0], ys[1]) - q(xs[1], ys[0]) + q(xs[0], ys[0])
}

/// Area of the disc of radius `rho` at the origin with `X ≤ x` and `Y ≤ y`:
/// `∫_{−ρ}^{x} (clamp(y, −h, h) + h) dX` with `h = √(ρ² − X²)`, in closed form from
/// `∫ h dX = ½ (X h + ρ² asin(X/ρ))`.
fn below_left(rho: f64, x: f64, y: f64) -> f64 {
    let xc = x.clamp(-rho, rho);
    let h_int = |a: f64| {
        let a = a.clamp(-rho, rho);
        0.5 * (a * (rho * rho - a * a).max(0.0).sqrt() + rho * rho * (a / rho).asin())
    };
    // ∫ over [a, min(b, xc)] of (c·1 + k·h), if not empty.
    let piece = |a: f64, b: f64, c: f64, k: f64| {
        let b = b.min(xc);
        if b > a {
            c * (b - a) + k * (h_int(b) - h_int(a))
        } else {
            0.0
        }
    };
    if y >= rho {
        return piece(-rho, rho, 0.0, 2.0);
    }
    if y <= -rho {
        return 0.0;
    }
    let s = (rho * rho - y * y).sqrt();
    // Where h ≤ |y| the slice is whole (y > 0) or empty (y < 0); where h > |y| it is y + h.
    let outer = if y >= 0.0 { 2.0 } else { 0.0 };
    piece(-rho, -s, 0.0, outer) + piece(-s, s, y, 1.0) + piece(s, rho, 0.0, outer)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(r: f64) -> f64 {
        4.0 / 3.0 * PI * r.powi(3)
    }

    #[test]
    fn whole_half_quarter_eighth_and_none() {
        let c = Vec3::new(0.3, -0.2, 0.1);
        let r = 0.5;
        let big = Vec3::repeat(10.0);
        let rel = |a: f64, b: f64| (a - b).abs() / b;
        assert_eq!(sphere_box_volume(c, r, -big, big), v(r));
        // Cut through the centre by one face, two faces (an edge), three (a corner).
        let face = sphere_box_volume(c, r, Vec3::new(c.x, -10.0, -10.0), big);
        assert!(rel(face, v(r) / 2.0) < 1e-12, "{face}");
        let edge = sphere_box_volume(c, r, Vec3::new(c.x, c.y, -10.0), big);
        assert!(rel(edge, v(r) / 4.0) < 1e-12, "{edge}");
        let corner = sphere_box_volume(c, r, c, big);
        assert!(rel(corner, v(r) / 8.0) < 1e-12, "{corner}");
        assert_eq!(sphere_box_volume(c, r, Vec3::repeat(1.0), big), 0.0);
    }

    #[test]
    fn a_cap_cut_off_a_side_has_the_cap_volume() {
        // The part of the ball beyond the plane x = d is a cap of height h = r − d:
        // V = π h² (3r − h) / 3 (cut along y and z too: the cap is the same).
        let (r, d) = (1.0, 0.35);
        let h = r - d;
        let cap = PI * h * h * (3.0 * r - h) / 3.0;
        for axis in 0..3 {
            let mut min = Vec3::repeat(-5.0);
            min[axis] = d;
            let got = sphere_box_volume(Vec3::zeros(), r, min, Vec3::repeat(5.0));
            assert!(
                (got - cap).abs() < 1e-9 * cap,
                "axis {axis}: {got} vs {cap}"
            );
        }
    }

    #[test]
    fn an_off_centre_corner_matches_a_fine_grid() {
        // Corner at (0.2, −0.3, 0.4) of a unit ball: compare with a midpoint grid count.
        let (min, max) = (Vec3::new(0.2, -0.3, 0.4), Vec3::repeat(3.0));
        let got = sphere_box_volume(Vec3::zeros(), 1.0, min, max);
        let n = 200;
        let h = 2.0 / n as f64;
        let mut count = 0usize;
        for i in 0..n {
            for j in 0..n {
                for k in 0..n {
                    let p = Vec3::new(i as f64 + 0.5, j as f64 + 0.5, k as f64 + 0.5) * h
                        - Vec3::repeat(1.0);
                    if p.norm() <= 1.0 && (0..3).all(|a| p[a] >= min[a]) {
                        count += 1;
                    }
                }
            }
        }
        let grid = count as f64 * h.powi(3);
        assert!((got - grid).abs() < 2e-3 * grid, "{got} vs {grid}");
    }
}
