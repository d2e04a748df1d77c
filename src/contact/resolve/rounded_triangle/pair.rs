//! The geometry of two rounded triangles in contact (mpacts `RoundedTriangle_RoundedTriangle`,
//! seed 003, steps 1–4; Smeets et al. 2015): cell–cell or shell–shell.
//!
//! 1. Triangle `A` (nodes `x₀..x₂`, encompassing radius `R_A`) and triangle `B` (`x₃..x₅`,
//!    `R_B`) have encompassing centres `c_A`, `c_B` ([`super::encompassing`]). As two spheres:
//!    `D = ‖c_B − c_A‖`, `n = (c_B − c_A)/D` (from `A` to `B`), `δ = R_A + R_B − D`,
//!    `P = c_A + n (R_A − δ/2)` (the middle of the overlap), `R̂ = R_A R_B/(R_A + R_B)`;
//! 2. the contact plane is the plane through `P` normal to `n`;
//! 3. both triangles are projected on it, `y_k = x_k − ((x_k − P)·n) n`, in the basis
//!    `(e₁, e₂)`, `e₁ × e₂ = n`, relative to `P`;
//! 4. the intersection polygon is that of the two projected triangles (convex, at most six
//!    vertices; Sutherland–Hodgman: `A`'s projection clipped by the three edge half-planes of
//!    `B`'s, both counter-clockwise), returned counter-clockwise.
//!
//! A pair whose triangles do not face each other (`n_A·n ≤ 0` or `n_B·n ≥ 0`, `n_A`, `n_B`
//! the outward normals) is not in contact (the far sides of closed meshes project onto the
//! same circle). mpacts' step 5 (a second overlap from the polygon's point closest to `P`) is
//! not used, as for the other rounded resolvers: the laws read `δ` and `r = ‖y − P‖` of the
//! encompassing spheres.

use super::encompassing;
use super::polygon::{V2, area, clip_half_plane};
use crate::math::Vec3;

/// Most vertices of the intersection of two triangles.
pub const MAX_PAIR_POLYGON: usize = 6;

/// The resolved geometry of two rounded triangles (m; see the module docs).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PairGeometry {
    /// Encompassing centres `c_A`, `c_B`.
    pub centres: [Vec3; 2],
    /// Unit normal `n` from `A` to `B`.
    pub normal: Vec3,
    /// Centre distance `D`.
    pub distance: f64,
    /// Overlap `δ` of the encompassing spheres (negative when apart).
    pub overlap: f64,
    /// Contact point `P`.
    pub point: Vec3,
    /// Effective radius `R̂`.
    pub radius: f64,
    /// In-plane basis `(e₁, e₂)`, `e₁ × e₂ = n`.
    pub basis: [Vec3; 2],
    /// Both projected triangles relative to `P`, in their nodes' order.
    pub projected: [[V2; 3]; 2],
    /// The intersection polygon, counter-clockwise (first `n_vertices` entries).
    pub polygon: [V2; MAX_PAIR_POLYGON],
    /// Number of vertices of `polygon` (0 when the projections do not overlap).
    pub n_vertices: usize,
    /// Area of `polygon` (m², ≥ 0).
    pub area: f64,
}

impl PairGeometry {
    /// The intersection polygon's vertices.
    pub fn vertices(&self) -> &[V2] {
        &self.polygon[..self.n_vertices]
    }

    /// The 3-D point of in-plane coordinates `y` (relative to `P`).
    pub fn point_at(&self, y: &V2) -> Vec3 {
        self.point + self.basis[0] * y.x + self.basis[1] * y.y
    }
}

/// The counter-clockwise order of a triangle.
fn ccw(t: &[V2; 3]) -> [V2; 3] {
    if area(t) < 0.0 {
        [t[0], t[2], t[1]]
    } else {
        *t
    }
}

/// The intersection of the convex counter-clockwise polygon `subject` with the
/// counter-clockwise triangle `clip` (Sutherland–Hodgman), and its vertex count.
pub fn intersect(subject: &[V2], clip: &[V2; 3]) -> ([V2; MAX_PAIR_POLYGON], usize) {
    let mut cur = [V2::zeros(); MAX_PAIR_POLYGON];
    let mut n = subject.len().min(MAX_PAIR_POLYGON);
    cur[..n].copy_from_slice(&subject[..n]);
    for j in 0..3 {
        let (a, b) = (clip[j], clip[(j + 1) % 3]);
        let edge = b - a;
        // Signed distance-like value: > 0 outside (right of the edge).
        (cur, n) = clip_half_plane(&cur, n, |p| -edge.perp(&(p - a)));
        if n < 3 {
            return (cur, 0);
        }
    }
    (cur, n)
}

/// Resolves triangle `A = x[0..3]` (encompassing radius `radii[0]`) against triangle
/// `B = x[3..6]` (`radii[1]`). `None` when a triangle is degenerate, the centres coincide or
/// the triangles do not face each other.
pub fn resolve_pair(x: &[Vec3; 6], radii: [f64; 2]) -> Option<PairGeometry> {
    let (_, _, out_a) = encompassing::circumcircle(&x[0], &x[1], &x[2])?;
    let (_, _, out_b) = encompassing::circumcircle(&x[3], &x[4], &x[5])?;
    let ca = encompassing::centre(&x[0], &x[1], &x[2], radii[0])?;
    let cb = encompassing::centre(&x[3], &x[4], &x[5], radii[1])?;
    let d = cb - ca;
    let distance = d.norm();
    if distance <= 0.0 || !distance.is_finite() {
        return None;
    }
    let normal = d / distance;
    if out_a.dot(&normal) <= 0.0 || out_b.dot(&normal) >= 0.0 {
        return None;
    }
    let overlap = radii[0] + radii[1] - distance;
    let point = ca + normal * (radii[0] - 0.5 * overlap);
    let radius = radii[0] * radii[1] / (radii[0] + radii[1]);
    let e1 = crate::math::unit_normal_to(&normal);
    let e2 = normal.cross(&e1);
    let project = |k: usize| {
        let r = x[k] - point;
        V2::new(r.dot(&e1), r.dot(&e2))
    };
    let projected = [
        [project(0), project(1), project(2)],
        [project(3), project(4), project(5)],
    ];
    for t in &projected {
        let a = area(t);
        if a == 0.0 || !a.is_finite() {
            return None;
        }
    }
    let (polygon, n_vertices) = intersect(&ccw(&projected[0]), &ccw(&projected[1]));
    let poly_area = if n_vertices >= 3 {
        area(&polygon[..n_vertices]).max(0.0)
    } else {
        0.0
    };
    Some(PairGeometry {
        centres: [ca, cb],
        normal,
        distance,
        overlap,
        point,
        radius,
        basis: [e1, e2],
        projected,
        polygon,
        n_vertices,
        area: poly_area,
    })
}
