//! The pressure of a [`PressureLaw`] integrated over the intersection polygon of a rounded
//! triangle (mpacts `N_*_Int`, seed 003; Smeets et al. 2015): the total force `F` (N, along
//! `n`) and its first moment `m = ∫ p (y − P) dA` about the contact point (N·m, in-plane; the
//! moment about `P` is `M = m × n`).
//!
//! * **Quadrature**: the convex polygon (here the projected triangle, `N_i = 3`) is first
//!   clipped to the regular 16-gon circumscribing the pressure's support circle
//!   ([`polygon::clip_to_circle`]; the pressure vanishes outside it, and a rule spread over
//!   a triangle much larger than the circle would put few points where it acts), then fanned
//!   into triangles — from the contact point when it lies inside the clipped polygon, else
//!   from its first vertex — each integrated with the symmetric 16-point rule ([`quadrature`]):
//!   `F = Σ A_j Σ_q w_q p(r_q)`, `m = Σ A_j Σ_q w_q p(r_q) y_q`. (mpacts fans the unclipped
//!   polygon; clipping brought the Hertz sum over an icosphere from 2.9 % to the figures of
//!   `tests/rounded_triangle.rs`.)
//! * **Small-overlap fallback** (the seed's criterion): the pressure is integrated only when
//!   `0.1 (N_i − 2) N_Q π a² ≥ A_i` (`a` the law's criterion radius, `A_i` the polygon's area);
//!   otherwise `F = F_s · A(polygon ∩ disk)/(π s²)` (`F_s` the full-sphere force, `s` the
//!   pressure's support), placed at the centroid of `polygon ∩ disk` (exact, see
//!   [`polygon`]).
//! * A **uniform** pressure (`N_LinearPressure_Int`) is integrated exactly over
//!   `polygon ∩ disk`: `F = p A`, `m = p ∫ (y − P) dA` — which is also what the fallback gives.
//!
//! The covered fraction `φ = A(polygon ∩ disk)/(π s²)` is returned for `T_CoulombFriction_Int`.

use super::pressure::PressureLaw;
use crate::contact::resolve::rounded_triangle::{RoundedGeometry, V2, polygon, quadrature};

/// Most vertices of a polygon to integrate over: six, the intersection of two triangles.
pub const MAX_POLYGON: usize = 6;

/// What a law's pressure gives over one triangle's polygon.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Integral {
    /// Total normal force `F` (N), positive = repulsive.
    pub force: f64,
    /// First moment `m = ∫ p (y − P) dA` in the contact plane's basis (N·m).
    pub moment: V2,
    /// Full-sphere force `F_s` of the encompassing spheres (N).
    pub sphere_force: f64,
    /// Covered fraction `φ = A(polygon ∩ disk)/(π s²)` of the full contact circle.
    pub fraction: f64,
    /// Contact area of the polygon (m²): `A(polygon ∩ disk)` of the contact circle, of radius
    /// `a` (not the Dugdale zone's `c`) for the Maugis–Dugdale pressures.
    pub contact_area: f64,
    /// Whether the pressure was integrated by quadrature (false: fallback or exact uniform).
    pub quadrature: bool,
}

impl Integral {
    /// Adds another law's integral (the fraction is the first law's).
    pub fn add(&mut self, o: &Integral) {
        self.force += o.force;
        self.moment += o.moment;
        self.sphere_force += o.sphere_force;
        self.quadrature |= o.quadrature;
        if self.fraction == 0.0 {
            self.fraction = o.fraction;
            self.contact_area = o.contact_area;
        }
    }
}

/// The integral of `law` over the polygon of `g` at overlap rate `rate` (m/s); `None` when the
/// encompassing spheres do not overlap.
pub fn integrate(law: &PressureLaw, g: &RoundedGeometry, rate: f64) -> Option<Integral> {
    integrate_polygon(law, &g.polygon, g.signed_area, g.overlap, g.radius, rate)
}

/// The integral of `law` over the convex polygon `poly` (in-plane coordinates relative to the
/// contact point, m; either orientation, at most [`MAX_POLYGON`] vertices) of signed area
/// `signed_area` (m²), at the encompassing spheres' overlap `overlap` (m), effective radius
/// `radius` (m) and overlap rate `rate` (m/s); `None` when they do not overlap. `N_i` of the
/// fallback criterion is the polygon's vertex count.
pub fn integrate_polygon(
    law: &PressureLaw,
    poly: &[V2],
    signed_area: f64,
    overlap: f64,
    radius: f64,
    rate: f64,
) -> Option<Integral> {
    let field = law.field(overlap, rate, radius)?;
    let sign = signed_area.signum();
    let area = signed_area.abs();
    let s = field.support;
    let (da, dm) = polygon::disk_intersection(poly, s);
    let (covered, covered_moment) = (da * sign, dm * sign);
    let fraction = covered / (std::f64::consts::PI * s * s);
    let contact_area = match field.adhesion() {
        Some(d) => polygon::disk_intersection(poly, d.a).0 * sign,
        None => covered,
    };
    let n_i = poly.len() as f64;
    let pi_a2 = std::f64::consts::PI * field.criterion * field.criterion;
    let integrate = !field.uniform && 0.1 * (n_i - 2.0) * quadrature::N_Q as f64 * pi_a2 >= area;
    if !integrate {
        let force = if field.uniform {
            field.pressure(0.0) * covered
        } else {
            field.sphere_force * fraction
        };
        let moment = if covered > 0.0 {
            covered_moment * (force / covered)
        } else {
            V2::zeros()
        };
        return Some(Integral {
            force,
            moment,
            sphere_force: field.sphere_force,
            fraction,
            contact_area,
            quadrature: false,
        });
    }
    let (mut force, mut moment) = (0.0, V2::zeros());
    // Counter-clockwise, clipped to the support.
    let m = poly.len().min(MAX_POLYGON);
    let mut ccw = [V2::zeros(); MAX_POLYGON];
    ccw[..m].copy_from_slice(&poly[..m]);
    if sign < 0.0 {
        // (p₀, p_{m−1}, …, p₁): for a triangle, vertices 1 and 2 swapped.
        ccw[1..m].reverse();
    }
    // A Maugis–Dugdale pressure: its uniform ring −σ₀ on r ≤ c exactly (over polygon ∩ disk,
    // as a uniform law), the continuous rest on r ≤ a by quadrature (a jump of the pressure
    // at r = c inside the fan triangles would cost the rule about 2 %).
    let (quadrature_radius, ring) = match field.adhesion() {
        Some(d) => (d.a, -d.stress),
        None => (s, 0.0),
    };
    let (clipped, n) = polygon::clip_to_circle(&ccw[..m], quadrature_radius);
    let p = &clipped[..n];
    // Fan from the contact point when it lies inside (sub-triangles along the radius of the
    // pressure), else from the first vertex.
    let inside = n >= 3 && (0..n).all(|i| p[i].perp(&p[(i + 1) % n]) >= 0.0);
    let fans = if inside { n } else { n.saturating_sub(2) };
    for j in 0..fans {
        let (y0, y1, y2) = if inside {
            (V2::zeros(), p[j], p[(j + 1) % n])
        } else {
            (p[0], p[j + 1], p[j + 2])
        };
        let a_j = 0.5 * ((y1 - y0).perp(&(y2 - y0))).abs();
        for q in quadrature::points() {
            let y = y0 * q[0] + y1 * q[1] + y2 * q[2];
            let p = if ring == 0.0 {
                field.pressure(y.norm_squared())
            } else {
                field.smooth_part(y.norm_squared())
            };
            let w = a_j * q[3] * p;
            force += w;
            moment += y * w;
        }
    }
    if ring != 0.0 {
        force += ring * covered;
        moment += covered_moment * ring;
    }
    Some(Integral {
        force,
        moment,
        sphere_force: field.sphere_force,
        fraction,
        contact_area,
        quadrature: true,
    })
}
