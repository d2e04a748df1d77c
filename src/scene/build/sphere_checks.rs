//! Spheres that cannot be what the scene means, checked once every sphere is in the model
//! (those of sphere sets included). Each rule is a refusal or a warning, for a reason:
//!
//! - **Two spheres at the same centre** — refused: the contact normal between them is
//!   undefined (0/0), so the first contact evaluation is NaN; it is a sphere listed twice or a
//!   coordinate typo, never a setup.
//! - **An initial overlap of more than half the smaller radius** ([`MAX_OVERLAP`]) — refused:
//!   contact laws hold for overlaps small next to the radii (Hertz assumes δ ≪ R; linear and
//!   IMC laws are calibrated for small δ), and the energy stored in such an overlap throws the
//!   spheres apart at an absurd speed on the first step. DEM beds start with overlaps of a
//!   few percent of a radius at most; half a radius is a placement or unit error. Two fixed
//!   spheres are exempt: they never move, and walls made of overlapping fixed spheres are a
//!   common way to build a rough boundary. So are two spheres a contact binding `exclude`s:
//!   the scene says how they interact, typically the two particles of a dividing cell, which
//!   start inside their mother and have a binding of their own (`N_Dividing`).
//! - **A kinetic energy that is not a finite number** (an angular velocity of 1e300 rad/s, a
//!   speed of 1e200 m/s) — refused: the energy columns, and the inertia terms of the Newton
//!   residual, would be ∞ or NaN from the first step.
//! - **Radii spanning more than [`MAX_RADIUS_SPAN`]** (a 1,000 km sphere among millimetre
//!   ones) — warned about, not refused: at equal density the masses then span more than 10¹⁵,
//!   the reciprocal of double precision, so the small spheres' forces are round-off next to
//!   the large one's in the one Newton residual (they are not resolved), and the broad phase,
//!   whose cells are as large as the largest sphere, puts every small sphere in one cell and
//!   tests every pair. A fixed huge sphere used as a curved wall is a legitimate trick whose
//!   cost the user may accept, hence a warning.

use super::ctx::Ctx;
use crate::diag::SceneError;
use crate::model::Model;
use crate::scene::{SceneSpec, SphereSetSpec};

/// Initial overlap `r₁ + r₂ − d` above which two spheres are refused, as a fraction of the
/// smaller radius.
pub const MAX_OVERLAP: f64 = 0.5;

/// Ratio of the largest to the smallest sphere radius above which a scene is warned about.
pub const MAX_RADIUS_SPAN: f64 = 1e5;

/// The length of the vector `x`, without overflow where its square would.
fn magnitude(x: &[f64]) -> f64 {
    let m = x.iter().fold(0.0, |m: f64, c| m.max(c.abs()));
    if m == 0.0 || !m.is_finite() {
        return m;
    }
    m * x.iter().map(|c| (c / m) * (c / m)).sum::<f64>().sqrt()
}

/// Where sphere `name` is declared: its own name, or the set that made it (`{set}{i}`).
pub(super) fn needle(name: &str, sets: &[SphereSetSpec], cx: &Ctx) -> String {
    let own = format!("\"{name}\"");
    if cx.source.contains(&own) {
        return own;
    }
    sets.iter()
        .filter(|s| {
            name.strip_prefix(s.name.as_str())
                .is_some_and(|i| !i.is_empty() && i.bytes().all(|b| b.is_ascii_digit()))
        })
        .map(|s| format!("\"{}\"", s.name))
        .next()
        .unwrap_or(own)
}

/// Checks the spheres of `spec` (sphere sets expanded; `sets` are the sets as declared, to
/// locate their spheres) as added to `model`: refuses what cannot be meant and returns the
/// warnings (see the module docs).
pub(super) fn check_spheres(
    spec: &SceneSpec,
    sets: &[SphereSetSpec],
    cx: &Ctx,
    model: &Model,
) -> Result<Vec<String>, SceneError> {
    let spheres = &model.bodies.spheres;
    if spheres.is_empty() {
        return Ok(Vec::new());
    }
    for s in spheres {
        let v = model.v[s.offset..s.offset + 3].to_vec();
        let w = s.omega(&model.v);
        let w = [w.x, w.y, w.z];
        let square = |x: &[f64]| x.iter().map(|c| c * c).sum::<f64>();
        let (et, er) = (0.5 * s.mass() * square(&v), 0.5 * s.inertia() * square(&w));
        if !(et.is_finite() && er.is_finite()) {
            return Err(cx
                .err(
                    &needle(&s.name, sets, cx),
                    format!(
                        "sphere \"{}\": its kinetic energy is not a finite number (½ m v² = {et:e} \
                         J with |v| = {:e} m/s, ½ I ω² = {er:e} J with |ω| = {:e} rad/s)",
                        s.name,
                        magnitude(&v),
                        magnitude(&w)
                    ),
                )
                .with_help(
                    "velocities are in m/s and angular velocities in rad/s: check the value (a \
                     typo like 1e300 overflows every energy and force)",
                ));
        }
    }
    let centres: Vec<_> = spheres.iter().map(|s| s.center(&model.q)).collect();
    let fixed: Vec<bool> = spec.spheres.iter().map(|s| s.fixed).collect();
    let excluded = |a: &str, b: &str| {
        spec.contacts
            .iter()
            .flat_map(|c| &c.exclude)
            .any(|(x, y)| (x == a && y == b) || (x == b && y == a))
    };
    let r_max = spheres.iter().map(|s| s.radius).fold(0.0, f64::max);
    // Sweep along x: a pair can overlap only if their centres are closer than r_i + r_max.
    let mut order: Vec<usize> = (0..spheres.len()).collect();
    order.sort_by(|&a, &b| centres[a].x.total_cmp(&centres[b].x));
    for (k, &i) in order.iter().enumerate() {
        for &j in &order[k + 1..] {
            if centres[j].x - centres[i].x > spheres[i].radius + r_max {
                break;
            }
            if fixed.get(i).copied().unwrap_or(false) && fixed.get(j).copied().unwrap_or(false) {
                continue;
            }
            let (a, b) = (&spheres[i.min(j)], &spheres[i.max(j)]);
            let d = (centres[i] - centres[j]).norm();
            let small = a.radius.min(b.radius);
            let overlap = a.radius + b.radius - d;
            if d <= 1e-12 * (a.radius + b.radius) {
                return Err(cx
                    .err(
                        &needle(&b.name, sets, cx),
                        format!(
                            "spheres \"{}\" and \"{}\" have the same centre ({:e}, {:e}, {:e}) m",
                            a.name, b.name, centres[i].x, centres[i].y, centres[i].z
                        ),
                    )
                    .with_help(
                        "a sphere listed twice, or a typo in a centre: the contact between two \
                         spheres at one point has no direction",
                    ));
            }
            if overlap > MAX_OVERLAP * small && !excluded(&a.name, &b.name) {
                return Err(cx
                    .err(
                        &needle(&b.name, sets, cx),
                        format!(
                            "spheres \"{}\" and \"{}\" start overlapping by {overlap:.3e} m, {:.0} \
                             % of the smaller radius ({small:.3e} m; centres {d:.3e} m apart)",
                            a.name,
                            b.name,
                            100.0 * overlap / small
                        ),
                    )
                    .with_help(format!(
                        "spheres may start overlapping by at most {:.0} % of the smaller radius \
                         (contact laws hold for small overlaps; a large one throws them apart): \
                         check the centres and radii (units are m)",
                        100.0 * MAX_OVERLAP
                    )));
            }
        }
    }
    let mut warnings = Vec::new();
    let (small, big) = spheres
        .iter()
        .fold((&spheres[0], &spheres[0]), |(s, b), x| {
            (
                if x.radius < s.radius { x } else { s },
                if x.radius > b.radius { x } else { b },
            )
        });
    let span = big.radius / small.radius;
    if span > MAX_RADIUS_SPAN {
        warnings.push(format!(
            "sphere radii span {span:.1e} (\"{}\": {:e} m, \"{}\": {:e} m), more than {:.0e}: the \
             masses span more than double precision resolves, so the small spheres' forces are \
             lost in the Newton residual, and the broad phase tests every pair of small spheres; \
             check the units, or use a plane for a large flat wall",
            big.name, big.radius, small.name, small.radius, MAX_RADIUS_SPAN
        ));
    }
    Ok(warnings)
}

#[cfg(test)]
mod tests {
    use crate::scene::{build_scene, parse_scene};
    use std::path::Path;

    /// Builds spheres "a" (radius 10 mm) and "b" (`radius_b`) whose centres are `d` m apart.
    fn two(d: f64, fixed: bool, radius_b: f64) -> Result<Vec<String>, String> {
        let text = format!(
            r#"Scene(
    time: (dt: 1e-3, duration: 0.01),
    materials: {{ "m": (youngs_modulus: 1e7, poisson_ratio: 0.3, density: 1000) }},
    spheres: [
        (name: "a", material: "m", radius: 0.01, center: (0, 0, 0), fixed: {fixed}),
        (name: "b", material: "m", radius: {radius_b}, center: ({d}, 0, 0), fixed: {fixed}),
    ],
)"#
        );
        let file = Path::new("two.ron");
        let spec = parse_scene(&text, file).map_err(|e| e.to_string())?;
        build_scene(&spec, &text, file)
            .map(|b| b.warnings)
            .map_err(|e| e.to_string())
    }

    #[test]
    fn overlaps_up_to_half_the_smaller_radius_are_accepted() {
        assert!(two(0.0160, false, 0.01).expect("40 %").is_empty());
        let e = two(0.0140, false, 0.01).expect_err("60 %");
        assert!(e.contains("60 % of the smaller radius"), "{e}");
        // Fixed spheres (a rough wall) may overlap as they like, even at one centre.
        assert!(two(0.0020, true, 0.01).expect("fixed").is_empty());
        assert!(two(0.0, true, 0.01).expect("fixed").is_empty());
        let e = two(0.0, false, 0.01).expect_err("same centre");
        assert!(e.contains("have the same centre"), "{e}");
    }

    #[test]
    fn radii_spanning_more_than_the_limit_are_warned_about() {
        let w = two(200.0, false, 1e4 * 0.01).expect("span 1e4");
        assert!(w.is_empty(), "{w:?}");
        let w = two(2e4, false, 1e6 * 0.01).expect("span 1e6");
        assert_eq!(w.len(), 1, "{w:?}");
        assert!(w[0].contains("sphere radii span 1.0e6"), "{w:?}");
    }
}
