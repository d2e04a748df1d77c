//! Probe configurations for rounded-triangle chains (`RoundedTriangle_Sphere`,
//! `RoundedTriangle_Plane`): the generic triangle placements do not put a triangle on its
//! encompassing sphere facing the other side, so these place the probe model's triangle (shell
//! "c") on the cap of a sphere of the chain's radius `R_t` (`inverse_curvature`) about a centre
//! `c_t`, its outward normal towards the other side, with the encompassing sphere overlapping
//! or apart from the other side by the regime's gap:
//!
//! * plane: `c_t = (x, y, R_t + gap)`, the triangle on the lower cap;
//! * sphere "t" (radius `r_s`): its centre at `c_t + n (R_t + r_s + gap)` along a unit `n`
//!   within 25° of `−z`, the triangle on the cap about `n`.
//!
//! The triangle's nodes lie at polar angles `θ ∈ [0.05, 0.4]` rad (times 0.8 to 1.2 per node)
//! from the cap's pole, so that small overlaps take the laws' small-overlap fallback and large
//! ones their quadrature, and the contact circle is now inside the triangle, now cut by it.

use super::configuration::{Configuration, Shape, primitive, regime_and_gap, velocities, write};
use super::rng::Rng;
use crate::contact::rounded::{RoundedTrianglePlane, RoundedTriangleSphere};
use crate::contact::{ElementSet, PrimKind};
use crate::math::Vec3;
use crate::model::Model;

/// The encompassing radius `R_t` (m) of the chain's rounded-triangle resolver, if it has one.
pub fn rounded_radius<E: ElementSet>(elements: &[E]) -> Option<f64> {
    elements.iter().find_map(|e| {
        let any = e.element_any()?;
        any.downcast_ref::<RoundedTriangleSphere>()
            .map(|r| r.inverse_curvature)
            .or_else(|| {
                any.downcast_ref::<RoundedTrianglePlane>()
                    .map(|r| r.inverse_curvature)
            })
            .filter(|_| e.doc().name.starts_with("RoundedTriangle_"))
    })
}

/// Configuration number `i` of a rounded triangle (side 1) against a sphere or the plane
/// (`kinds.1`), encompassing radius `r_t` (m); see the module docs.
pub fn rounded_configuration(
    model: &Model,
    rng: &mut Rng,
    kinds: (PrimKind, PrimKind),
    r_t: f64,
    reach: f64,
    overlaps: bool,
    i: usize,
) -> Configuration {
    let (regime, gap) = regime_and_gap(rng, reach, overlaps, i);
    let first = primitive(PrimKind::Triangle, 0, false);
    let second = primitive(kinds.1, 1, false);
    let on_plane = kinds.1 == PrimKind::Plane;
    let (centre, pole, other) = if on_plane {
        let c = Vec3::new(
            rng.uniform(-0.01, 0.01),
            rng.uniform(-0.01, 0.01),
            r_t + gap,
        );
        (c, -Vec3::z(), Shape::Plane)
    } else {
        let c = Vec3::new(rng.uniform(-0.01, 0.01), rng.uniform(-0.01, 0.01), 0.03);
        let n = loop {
            let d = rng.direction();
            if d.dot(&-Vec3::z()) >= 25f64.to_radians().cos() {
                break d;
            }
        };
        let r_s = super::configuration::radius(second);
        (c, n, Shape::Ball(c + n * (r_t + r_s + gap)))
    };
    // An orthonormal frame (u, w, pole) about the cap's pole.
    let u = crate::math::unit_normal_to(&pole);
    let w = pole.cross(&u);
    let theta = rng.uniform(0.05, 0.4);
    let phase = rng.uniform(0.0, std::f64::consts::TAU);
    let mut x = [0.0, 2.1, 4.2].map(|p: f64| {
        let t = theta * rng.uniform(0.8, 1.2);
        let phi = phase + p + rng.uniform(-0.2, 0.2);
        centre + (pole * t.cos() + (u * phi.cos() + w * phi.sin()) * t.sin()) * r_t
    });
    // Outward (away from c_t, towards the other side): (x₁ − x₀) × (x₂ − x₀) along the pole.
    if (x[1] - x[0]).cross(&(x[2] - x[0])).dot(&pole) < 0.0 {
        x.swap(1, 2);
    }
    let mut q = model.q.clone();
    write(model, &mut q, first, &Shape::Tri(x));
    write(model, &mut q, second, &other);
    let (v, speed) = velocities(model, rng, [first, second], !on_plane);
    Configuration {
        q,
        v,
        first,
        second,
        regime,
        target: None,
        speed,
        rigid: false,
    }
}
