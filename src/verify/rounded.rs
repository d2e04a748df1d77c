//! Probe configurations for rounded-triangle chains (`RoundedTriangle_Sphere`,
//! `RoundedTriangle_Plane`, `RoundedTriangle_RoundedTriangle`): the generic triangle
//! placements do not put a triangle on its encompassing sphere facing the other side, so these
//! place the probe model's triangle (shell "c") on the cap of a sphere of the chain's radius
//! `R_t` (`inverse_curvature`) about a centre `c_t`, its outward normal towards the other side,
//! with the encompassing sphere overlapping or apart from the other side by the regime's gap:
//!
//! * plane: `c_t = (x, y, R_t + gap)`, the triangle on the lower cap;
//! * sphere "t" (radius `r_s`): its centre at `c_t + n (R_t + r_s + gap)` along a unit `n`
//!   within 25° of `−z`, the triangle on the cap about `n`;
//! * another rounded triangle (shell "d", radius `R_B`): on the cap about `−n` of the sphere
//!   centred at `c_t + n (R_t + R_B + gap)`, turned about `n` and shifted sideways by up to a
//!   fifth of its size, so that the two projections now cover each other, now cross.
//!
//! Gaps are the generic probes' (overlaps of 0.1 µm to 0.3 mm), the overlaps mapped into
//! `[min(0.1 µm, 0.003 R_t), 0.03 R_t]` for a chain whose `R_t` is below 1 cm.
//!
//! The triangle's nodes lie at polar angles `θ ∈ [0.05, 0.4]` rad (times 0.8 to 1.2 per node)
//! from the cap's pole, so that small overlaps take the laws' small-overlap fallback and large
//! ones their quadrature, and the contact circle is now inside the triangle, now cut by it.

use super::configuration::{
    Configuration, Regime, Shape, primitive, regime_and_gap, velocities, write,
};
use super::rng::Rng;
use crate::contact::rounded::{
    RoundedTrianglePlane, RoundedTriangleRoundedTriangle, RoundedTriangleSphere,
};
use crate::contact::{ElementSet, PrimKind};
use crate::math::Vec3;
use crate::model::Model;

/// The encompassing radius `R_t` (m) of the chain's rounded-triangle resolver, if it has one.
pub fn rounded_radius<E: ElementSet>(elements: &[E]) -> Option<f64> {
    rounded_radii(elements).map(|r| r[0])
}

/// The encompassing radii `[R_t, R_B]` (m) of the chain's rounded-triangle resolver, if it has
/// one (`R_B` is side 2's triangles' for `RoundedTriangle_RoundedTriangle`, else `R_t`).
pub fn rounded_radii<E: ElementSet>(elements: &[E]) -> Option<[f64; 2]> {
    elements.iter().find_map(|e| {
        let any = e.element_any()?;
        any.downcast_ref::<RoundedTriangleSphere>()
            .map(|r| [r.inverse_curvature; 2])
            .or_else(|| {
                any.downcast_ref::<RoundedTrianglePlane>()
                    .map(|r| [r.inverse_curvature; 2])
            })
            .or_else(|| {
                any.downcast_ref::<RoundedTriangleRoundedTriangle>()
                    .map(|r| r.radii())
            })
            .filter(|_| e.doc().name.starts_with("RoundedTriangle_"))
    })
}

/// Three nodes on the cap of the sphere (`centre`, `r`) about the unit `pole`, at polar angles
/// `θ·[0.8, 1.2]`, counter-clockwise seen from outside (outward normal along `pole`), turned
/// by `phase` and shifted sideways by `shift` (a vector normal to the pole, in radians).
fn cap_triangle(
    rng: &mut Rng,
    centre: Vec3,
    r: f64,
    pole: Vec3,
    theta: f64,
    phase: f64,
    shift: Vec3,
) -> [Vec3; 3] {
    let u = crate::math::unit_normal_to(&pole);
    let w = pole.cross(&u);
    let mut x = [0.0, 2.1, 4.2].map(|p: f64| {
        let t = theta * rng.uniform(0.8, 1.2);
        let phi = phase + p + rng.uniform(-0.2, 0.2);
        let d = pole * t.cos() + (u * phi.cos() + w * phi.sin()) * t.sin();
        if shift == Vec3::zeros() {
            centre + d * r
        } else {
            centre + (d + shift).normalize() * r
        }
    });
    if (x[1] - x[0]).cross(&(x[2] - x[0])).dot(&pole) < 0.0 {
        x.swap(1, 2);
    }
    x
}

/// The generic probes' overlap `delta` (log-uniform over 0.1 µm–0.3 mm, drawn for centimetre
/// bodies) for caps of radius `r_t`: the same log-position in `[lo, hi]`, `hi = min(0.3 mm,
/// 0.03 R_t)`, `lo = min(0.1 µm, hi/10)`, so that a micrometre cell's caps overlap by at most
/// 3 % of its radius, and by at least 10⁴ times the checker's smallest step.
fn overlap_for(delta: f64, r_t: f64) -> f64 {
    let (lo0, hi0) = (1e-7_f64, 3e-4_f64);
    let hi = hi0.min(0.03 * r_t);
    if hi >= hi0 {
        return delta;
    }
    let lo = lo0.min(0.1 * hi);
    let t = (delta.ln() - lo0.ln()) / (hi0.ln() - lo0.ln());
    (lo.ln() + t * (hi.ln() - lo.ln())).exp()
}

/// Configuration number `i` of a rounded triangle (side 1) against a sphere, the plane or
/// another rounded triangle (`kinds.1`), encompassing radii `radii` (m); see the module docs.
pub fn rounded_configuration(
    model: &Model,
    rng: &mut Rng,
    kinds: (PrimKind, PrimKind),
    radii: [f64; 2],
    reach: f64,
    overlaps: bool,
    i: usize,
) -> Configuration {
    let r_t = radii[0];
    let (regime, gap) = regime_and_gap(rng, reach, overlaps, i);
    let gap = match regime {
        Regime::Overlap => -overlap_for(-gap, r_t),
        Regime::Separation => gap,
    };
    let first = primitive(PrimKind::Triangle, 0, false);
    let second = primitive(kinds.1, 1, false);
    let on_plane = kinds.1 == PrimKind::Plane;
    let pair = kinds.1 == PrimKind::Triangle;
    let (centre, pole) = if on_plane {
        let c = Vec3::new(
            rng.uniform(-0.01, 0.01),
            rng.uniform(-0.01, 0.01),
            r_t + gap,
        );
        (c, -Vec3::z())
    } else {
        let c = Vec3::new(rng.uniform(-0.01, 0.01), rng.uniform(-0.01, 0.01), 0.03);
        let n = loop {
            let d = rng.direction();
            if d.dot(&-Vec3::z()) >= 25f64.to_radians().cos() {
                break d;
            }
        };
        (c, n)
    };
    let theta = rng.uniform(0.05, 0.4);
    let phase = rng.uniform(0.0, std::f64::consts::TAU);
    let x = cap_triangle(rng, centre, r_t, pole, theta, phase, Vec3::zeros());
    let other = if on_plane {
        Shape::Plane
    } else if pair {
        let c_b = centre + pole * (r_t + radii[1] + gap);
        let shift = crate::math::unit_normal_to(&pole) * (0.2 * theta * rng.signed());
        let (size, twist) = (theta * rng.uniform(0.7, 1.3), rng.uniform(0.0, 6.3));
        Shape::Tri(cap_triangle(rng, c_b, radii[1], -pole, size, twist, shift))
    } else {
        let r_s = super::configuration::radius(second);
        Shape::Ball(centre + pole * (r_t + r_s + gap))
    };
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
