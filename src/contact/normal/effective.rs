//! Effective contact parameters of a pair (Pöschel & Schwager 2005, §2.2; Johnson 1985, §4.2),
//! shared by the Hertz-family and adhesive laws.
//!
//! * Effective modulus `1/Ê = (1 − ν₁²)/E₁ + (1 − ν₂²)/E₂` (Pa), i.e. mpacts'
//!   `Ê = E₁E₂/(E₂(1 − ν₁²) + E₁(1 − ν₂²))`; a rigid side (a plane, `E = ∞`) drops out.
//! * Effective radius `1/R̂ = 1/R₁ + 1/R₂` (m), i.e. `R̂ = R₁R₂/(R₁ + R₂)`; a plane has
//!   `R = ∞` and drops out, as does a shell triangle (flat; its radius is half the shell's
//!   thickness, which sets the gap only). Capsules use their cross-section radius (mpacts
//!   Capsule_Capsule).

use crate::contact::ctx::ContactCtx;
use crate::contact::primitive::PrimKind;

/// `Ê` (Pa) from the materials the data elements bound, or `given` when the law sets it.
pub(crate) fn effective_modulus(ctx: &ContactCtx, given: Option<f64>) -> f64 {
    if let Some(e) = given {
        return e;
    }
    let compliance: f64 = ctx
        .material
        .iter()
        .map(|m| {
            if m.youngs_modulus.is_infinite() {
                0.0
            } else {
                (1.0 - m.poisson_ratio * m.poisson_ratio) / m.youngs_modulus
            }
        })
        .sum();
    1.0 / compliance
}

/// `R̂` (m) from the radii of both sides (planes are flat), or `given` when the law sets it.
pub(crate) fn effective_radius(ctx: &ContactCtx, given: Option<f64>) -> f64 {
    if let Some(r) = given {
        return r;
    }
    let curvature: f64 = (0..2)
        .filter(|&s| !matches!(ctx.kinds[s], Some(PrimKind::Plane | PrimKind::Triangle)))
        .map(|s| 1.0 / ctx.radius[s])
        .sum();
    1.0 / curvature
}

/// The overlap `δ = −gap` (m), overlap rate `δ̇` (m/s) and Hertz prefactor `K = (4/3) Ê √R̂`
/// (N/m^{3/2}) of a pair, for the Hertz-family laws; rejects the pair (and returns `None`) when
/// it does not overlap.
pub(crate) fn hertz_overlap(
    ctx: &mut ContactCtx,
    modulus: Option<f64>,
    radius: Option<f64>,
) -> Option<(f64, f64, f64)> {
    let (delta, rate) = super::scalar_force::overlap_and_rate(ctx);
    if delta.is_nan() || delta <= 0.0 || ctx.distance <= 0.0 {
        ctx.reject = true;
        return None;
    }
    let r = effective_radius(ctx, radius);
    let k = 4.0 / 3.0 * effective_modulus(ctx, modulus) * r.sqrt();
    // The Hertz contact circle, a² = R̂δ.
    ctx.contact_area = std::f64::consts::PI * r * delta;
    Some((delta, rate, k))
}

/// Checks an optional positive override, naming the parameter.
pub(crate) fn check_optional_positive(
    name: &str,
    unit: &str,
    value: Option<f64>,
) -> Result<(), String> {
    match value {
        Some(x) if !(x.is_finite() && x > 0.0) => Err(format!(
            "{name} must be a positive number ({unit}) when given, got {x}"
        )),
        _ => Ok(()),
    }
}

/// Checks a required positive parameter, naming it.
pub(crate) fn check_positive(name: &str, unit: &str, x: f64) -> Result<(), String> {
    if x.is_finite() && x > 0.0 {
        Ok(())
    } else {
        Err(format!(
            "{name} must be a positive number ({unit}), got {x}"
        ))
    }
}

/// Checks a required non-negative parameter, naming it.
pub(crate) fn check_non_negative(name: &str, unit: &str, x: f64) -> Result<(), String> {
    if x.is_finite() && x >= 0.0 {
        Ok(())
    } else {
        Err(format!("{name} must be ≥ 0 ({unit}), got {x}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::contact::core::ContactMaterial;
    use crate::contact::element::PairMemory;
    use crate::contact::primitive::{PrimId, SpherePrim};

    fn ctx(kinds: [PrimKind; 2], radius: [f64; 2], e: [f64; 2], nu: [f64; 2]) -> ContactCtx {
        let mut c = ContactCtx::new(
            PrimId::Sphere(SpherePrim { index: 0 }),
            PrimId::Sphere(SpherePrim { index: 1 }),
            PairMemory::default(),
            1e-3,
            false,
        );
        c.kinds = [Some(kinds[0]), Some(kinds[1])];
        c.radius = radius;
        for s in 0..2 {
            c.material[s] = ContactMaterial {
                youngs_modulus: e[s],
                poisson_ratio: nu[s],
                ..Default::default()
            };
        }
        c
    }

    #[test]
    fn sphere_pair_and_sphere_on_plane() {
        let c = ctx(
            [PrimKind::Sphere, PrimKind::Sphere],
            [0.01, 0.03],
            [1e7, 3e7],
            [0.3, 0.5],
        );
        let e_mpacts = 1e7 * 3e7 / (3e7 * (1.0 - 0.09) + 1e7 * (1.0 - 0.25));
        assert!((effective_modulus(&c, None) / e_mpacts - 1.0).abs() < 1e-14);
        assert!((effective_radius(&c, None) / (0.01 * 0.03 / 0.04) - 1.0).abs() < 1e-14);
        let p = ctx(
            [PrimKind::Sphere, PrimKind::Plane],
            [0.01, 0.0],
            [1e7, f64::INFINITY],
            [0.3, 0.0],
        );
        assert!((effective_modulus(&p, None) / (1e7 / 0.91) - 1.0).abs() < 1e-14);
        assert_eq!(effective_radius(&p, None), 0.01);
        assert_eq!(effective_radius(&p, Some(0.5)), 0.5);
    }
}
