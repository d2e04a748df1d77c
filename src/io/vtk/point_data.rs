//! The motion arrays of a frame's point data: `velocity` (m/s) on every point — rod nodes,
//! sphere centres, shell nodes — and, in frames with spheres, `angular_velocity` (rad/s, world
//! frame) and `orientation` (unit quaternion `w, x, y, z`, the rotation since the start) on the
//! sphere centres, zero and the identity `(1, 0, 0, 0)` on the other points; and, when a
//! sphere has one (a chain with `Assemble_VirialStress`), `virial_stress` (Pa, 3 × 3 row-major)
//! on the sphere centres, zero on the other points; likewise `contact_area` (m²,
//! `Assemble_ContactArea_1`/`_2`) on the sphere centres; when a shell has them
//! (`Assemble_SpringTension`), `spring_tension` (N/m) on the shell nodes, zero elsewhere.

use super::super::fmt_f64;
use super::data_array;
use super::{Frame, PolylineBody};
use crate::math::Vec3;

/// The velocities of `n` points given by `v` (zero when `v` is empty).
fn or_zero(v: &[Vec3], n: usize) -> impl Iterator<Item = Vec3> + '_ {
    (0..n).map(move |k| v.get(k).copied().unwrap_or_else(Vec3::zeros))
}

/// Writes the motion `DataArray`s of `frame` (whose drawn rods are `rods`) into `s`.
pub(super) fn push_motion(
    s: &mut String,
    frame: &Frame,
    rods: &[(usize, &PolylineBody)],
) -> std::fmt::Result {
    let n_rod: usize = rods.iter().map(|(_, r)| r.points.len()).sum();
    let n_shell: usize = frame.shells.iter().map(|m| m.points.len()).sum();
    let velocity = rods
        .iter()
        .flat_map(|(_, r)| or_zero(r.velocities, r.points.len()))
        .chain(frame.spheres.iter().map(|sp| sp.velocity))
        .chain(
            frame
                .shells
                .iter()
                .flat_map(|m| or_zero(m.velocities, m.points.len())),
        );
    let velocity = velocity.flat_map(|v| [v.x, v.y, v.z]).map(fmt_f64);
    data_array(s, "velocity", "Float64", 3, velocity)?;
    if frame.shells.iter().any(|m| m.tension.is_some()) {
        let tension = std::iter::repeat_n(0.0, n_rod + frame.spheres.len()).chain(
            frame.shells.iter().flat_map(|m| {
                (0..m.points.len())
                    .map(|k| m.tension.and_then(|t| t.get(k)).copied().unwrap_or(0.0))
            }),
        );
        data_array(s, "spring_tension", "Float64", 1, tension.map(fmt_f64))?;
    }
    if frame.spheres.is_empty() {
        return Ok(());
    }
    let zeros = |n: usize| std::iter::repeat_n([0.0; 3], n).flatten();
    let omega = zeros(n_rod)
        .chain(frame.spheres.iter().flat_map(|sp| {
            [
                sp.angular_velocity.x,
                sp.angular_velocity.y,
                sp.angular_velocity.z,
            ]
        }))
        .chain(zeros(n_shell));
    data_array(s, "angular_velocity", "Float64", 3, omega.map(fmt_f64))?;
    let identity = |n: usize| std::iter::repeat_n([1.0, 0.0, 0.0, 0.0], n).flatten();
    let orientation = identity(n_rod)
        .chain(frame.spheres.iter().flat_map(|sp| sp.orientation))
        .chain(identity(n_shell));
    data_array(s, "orientation", "Float64", 4, orientation.map(fmt_f64))?;
    if frame.spheres.iter().any(|sp| sp.contact_area.is_some()) {
        let area = std::iter::repeat_n(0.0, n_rod)
            .chain((frame.spheres.iter()).map(|sp| sp.contact_area.unwrap_or(0.0)))
            .chain(std::iter::repeat_n(0.0, n_shell));
        data_array(s, "contact_area", "Float64", 1, area.map(fmt_f64))?;
    }
    if frame.spheres.iter().all(|sp| sp.virial_stress.is_none()) {
        return Ok(());
    }
    let nine = |n: usize| std::iter::repeat_n([0.0; 9], n).flatten();
    let stress = nine(n_rod)
        .chain((frame.spheres.iter()).flat_map(|sp| sp.virial_stress.unwrap_or([0.0; 9])))
        .chain(nine(n_shell));
    data_array(s, "virial_stress", "Float64", 9, stress.map(fmt_f64))
}
