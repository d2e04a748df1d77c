//! The geometry of a rounded-triangle contact at one state (Smeets et al. 2015; mpacts'
//! `RoundedTriangle_Sphere` and `RoundedTriangle_NGon`, seed 003, steps 1–4):
//!
//! 1. the encompassing sphere (centre `c_t`, radius `R_t`, see [`super::encompassing`]) against
//!    the other body gives the distance `D`, the overlap `δ`, the unit normal `n` (from the
//!    triangle to the other body) and the contact point `P`:
//!    * sphere (centre `x_s`, radius `r_s`): `D = ‖x_s − c_t‖`, `n = (x_s − c_t)/D`,
//!      `δ = R_t + r_s − D`, `P = c_t + n (R_t − δ/2)` (the middle of the overlap),
//!      `R̂ = R_t r_s/(R_t + r_s)`;
//!    * static plane (origin `o`, unit normal `n̂` towards the bodies): `D = (c_t − o)·n̂`,
//!      `n = −n̂`, `δ = R_t − D`, `P = c_t − n̂ D` (on the plane), `R̂ = R_t`;
//! 2. the contact plane is the plane through `P` normal to `n`;
//! 3. the triangle is projected on it, `y_k = x_k − ((x_k − P)·n) n`;
//! 4. the intersection polygon is the projected triangle (against a sphere, whose pressure
//!    vanishes outside its contact circle, and against an infinite plane).
//!
//! A triangle that faces away from the other body (`n_t·n ≤ 0`, `n_t` its outward normal) is
//! not in contact: the far side of a closed mesh projects onto the same contact circle.
//!
//! mpacts' step 5 (a second overlap from the polygon's point closest to `P`) is not used: the
//! pressure laws read `δ` and `r = ‖y − P‖` from the encompassing spheres, as their docs say.

use super::encompassing;
use super::polygon::V2;
use crate::math::Vec3;

/// The other side of a rounded-triangle contact.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Counterpart {
    /// A sphere of this radius (m), side 2's point.
    Sphere {
        /// Radius `r_s` (m).
        radius: f64,
    },
    /// A static plane.
    Plane {
        /// A point of the plane (m).
        origin: Vec3,
        /// Unit normal `n̂`, towards the bodies.
        normal: Vec3,
    },
    /// Another rounded triangle of this encompassing radius (m), side 2's three nodes
    /// (`RoundedTriangle_RoundedTriangle`: resolved by [`super::resolve_pair`], not here).
    Triangle {
        /// Encompassing radius `R_B` (m).
        radius: f64,
    },
}

/// The resolved geometry (m; see the module docs).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RoundedGeometry {
    /// Encompassing-sphere centre `c_t`.
    pub centre: Vec3,
    /// Unit normal `n` from the triangle to the other body.
    pub normal: Vec3,
    /// Centre distance `D` (sphere) or height of `c_t` over the plane.
    pub distance: f64,
    /// Overlap `δ` of the encompassing sphere (negative when apart).
    pub overlap: f64,
    /// Contact point `P` of the encompassing sphere.
    pub point: Vec3,
    /// Effective radius `R̂`.
    pub radius: f64,
    /// In-plane basis `(e₁, e₂)`, `e₁ × e₂ = n`.
    pub basis: [Vec3; 2],
    /// The projected triangle's vertices relative to `P` in that basis.
    pub polygon: [V2; 3],
    /// Signed area of `polygon` (m²); its sign is the orientation of the projection.
    pub signed_area: f64,
}

impl RoundedGeometry {
    /// The 3-D point of in-plane coordinates `y` (relative to `P`).
    pub fn point_at(&self, y: &V2) -> Vec3 {
        self.point + self.basis[0] * y.x + self.basis[1] * y.y
    }
}

/// Resolves the triangle `x[0..3]` of encompassing radius `r_t` against `other` (a sphere's
/// centre is `x[3]`). `None` when the triangle is degenerate or the normal is undefined, and
/// for another triangle (six nodes: [`super::resolve_pair`]).
pub fn resolve(x: &[Vec3; 4], r_t: f64, other: &Counterpart) -> Option<RoundedGeometry> {
    let (_, _, outward) = encompassing::circumcircle(&x[0], &x[1], &x[2])?;
    let centre = encompassing::centre(&x[0], &x[1], &x[2], r_t)?;
    let (normal, distance, overlap, point, radius) = match *other {
        Counterpart::Sphere { radius } => {
            let d = x[3] - centre;
            let dist = d.norm();
            if dist <= 0.0 || !dist.is_finite() {
                return None;
            }
            let n = d / dist;
            let delta = r_t + radius - dist;
            let point = centre + n * (r_t - 0.5 * delta);
            (n, dist, delta, point, r_t * radius / (r_t + radius))
        }
        Counterpart::Plane { origin, normal } => {
            let dist = (centre - origin).dot(&normal);
            (-normal, dist, r_t - dist, centre - normal * dist, r_t)
        }
        Counterpart::Triangle { .. } => return None,
    };
    if outward.dot(&normal) <= 0.0 {
        return None;
    }
    let e1 = crate::math::unit_normal_to(&normal);
    let e2 = normal.cross(&e1);
    let polygon = [0, 1, 2].map(|k| {
        let r = x[k] - point;
        V2::new(r.dot(&e1), r.dot(&e2))
    });
    let signed_area = super::polygon::area(&polygon);
    if signed_area == 0.0 || !signed_area.is_finite() {
        return None;
    }
    Some(RoundedGeometry {
        centre,
        normal,
        distance,
        overlap,
        point,
        radius,
        basis: [e1, e2],
        polygon,
        signed_area,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A triangle of a sphere of radius R resting on a plane: the overlap is that of the whole
    /// sphere, the contact point the foot of its centre, R̂ = R.
    #[test]
    fn plane_contact_of_a_sphere_triangle() {
        let r = 0.1;
        let m = Vec3::new(0.01, 0.02, r - 1e-3);
        let dir = |t: f64, p: f64| Vec3::new(t.sin() * p.cos(), t.sin() * p.sin(), -t.cos());
        let x = [
            m + dir(0.2, 0.0) * r,
            m + dir(0.2, 2.0) * r,
            m + dir(0.25, 4.0) * r,
            Vec3::zeros(),
        ];
        let (a, b, c) = (x[0], x[1], x[2]);
        let x = if (b - a).cross(&(c - a)).dot(&(a - m)) > 0.0 {
            x
        } else {
            [a, c, b, x[3]]
        };
        let plane = Counterpart::Plane {
            origin: Vec3::zeros(),
            normal: Vec3::z(),
        };
        let g = resolve(&x, r, &plane).unwrap();
        assert!((g.centre - m).norm() < 1e-14);
        assert!((g.overlap - 1e-3).abs() < 1e-14);
        assert!((g.point - Vec3::new(0.01, 0.02, 0.0)).norm() < 1e-14);
        assert!((g.normal + Vec3::z()).norm() < 1e-15);
        assert_eq!(g.radius, r);
        for (p, xk) in g.polygon.iter().zip(&x) {
            let y = g.point_at(p);
            assert!((y - Vec3::new(xk.x, xk.y, 0.0)).norm() < 1e-14);
        }
    }
}
