//! The encompassing sphere of a rounded triangle (Smeets et al. 2015; mpacts'
//! `inverse_curvature` and `center_sphere`): the sphere of radius `R_t` through the triangle's
//! three vertices whose centre lies on the inner side of the triangle, on the normal line
//! through its circumcentre:
//!
//! `c_t = o − n_t √(R_t² − ρ²)`, with `o` the circumcentre, `ρ` the circumradius and
//! `n_t = (x_b − x_a) × (x_c − x_a)/‖…‖` the outward normal of a cell's mesh (m).
//!
//! `R_t` is a parameter of the resolver (`inverse_curvature`): for a cell meshed from a sphere
//! of radius `R` (an icosphere), `R_t = R` puts every triangle's centre at the cell's centre, so
//! that the rounded triangles together are exactly that sphere. A triangle whose circumradius
//! exceeds `R_t` has no such sphere; it is given the centre `o` (the sphere of radius `R_t`
//! around the circumcentre, which no longer passes through its vertices).

use crate::math::Vec3;

/// Circumcentre `o`, circumradius `ρ` and unit normal `n_t` of the triangle `(a, b, c)`, or
/// `None` when it is degenerate.
pub fn circumcircle(a: &Vec3, b: &Vec3, c: &Vec3) -> Option<(Vec3, f64, Vec3)> {
    let (u, w) = (a - c, b - c);
    let axw = u.cross(&w);
    let n2 = axw.norm_squared();
    if n2 <= 0.0 || !n2.is_finite() {
        return None;
    }
    let o = c + (w * u.norm_squared() - u * w.norm_squared()).cross(&axw) / (2.0 * n2);
    // (b − a) × (c − a) = (a − c) × (b − c) for any three points.
    Some((o, (o - c).norm(), axw / n2.sqrt()))
}

/// Centre `c_t` of the encompassing sphere of radius `r_t` (m) of the triangle `(a, b, c)`.
pub fn centre(a: &Vec3, b: &Vec3, c: &Vec3, r_t: f64) -> Option<Vec3> {
    let (o, rho, n) = circumcircle(a, b, c)?;
    let h = (r_t * r_t - rho * rho).max(0.0).sqrt();
    Some(o - n * h)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The centre is at distance R from the three vertices, below the outward normal.
    #[test]
    fn sphere_passes_through_the_vertices() {
        let (a, b, c) = (
            Vec3::new(0.1, 0.0, 0.02),
            Vec3::new(0.0, 0.12, 0.0),
            Vec3::new(-0.05, -0.03, 0.01),
        );
        let r = 0.4;
        let ct = centre(&a, &b, &c, r).unwrap();
        for p in [a, b, c] {
            assert!(((p - ct).norm() - r).abs() < 1e-14);
        }
        let n = (b - a).cross(&(c - a));
        assert!((a - ct).dot(&n) > 0.0);
    }

    /// On a sphere of radius R about a point, every triangle of nodes on it gets that point.
    #[test]
    fn triangles_of_a_sphere_share_its_centre() {
        let m = Vec3::new(0.3, -0.2, 0.1);
        let dir = |t: f64, p: f64| Vec3::new(t.sin() * p.cos(), t.sin() * p.sin(), t.cos());
        let r = 0.05;
        let (a, b, c) = (
            m + dir(0.3, 0.0) * r,
            m + dir(0.5, 0.4) * r,
            m + dir(0.2, 1.2) * r,
        );
        let (b, c) = if (b - a).cross(&(c - a)).dot(&(a - m)) > 0.0 {
            (b, c)
        } else {
            (c, b)
        };
        let ct = centre(&a, &b, &c, r).unwrap();
        assert!((ct - m).norm() < 1e-14, "{ct:?}");
    }
}
