//! Case `drum`: the shipped `examples/scenes/drum.ron` — 256 spheres in a rigid cylinder
//! turned at 2 rad/s about its horizontal axis (Froude number 0.02, the rolling regime) — run
//! to 2 s. In the steady state (from 1.2 s) the bed is lifted along the wall and its free
//! surface stands at the dynamic angle of repose, measured here as the inclination of the
//! bed's principal axis in the plane of rotation (the chord of the circular segment it fills)
//! and reported. And the drum's contact torque about its axis, time-averaged, balances the
//! moment of the bed's weight about it, `m g x̄` (the bed's angular momentum is steady on
//! average): two independent measurements, checked against each other.

use super::case::{CaseReport, CaseRun};
use super::check::{Check, Criterion};
use super::figure::{Curve, Figure, Style};
use super::support::{replace_once, simulate, step, write_chain};
use crate::system::Simulator;

/// The shipped scene.
pub const SCENE: &str = include_str!("../../examples/scenes/drum.ron");
const GRANULAR: &str = include_str!("../../chains/granular_onset.ron");
const GRANULAR_RIGID: &str = include_str!("../../chains/granular_rigid.ron");
/// The steady window (s) and the scene's end.
const STEADY: f64 = 1.2;
const END: f64 = 2.0;

/// Inclination (degrees) of the principal axis of the spheres' centres in the x–z plane.
fn bed_angle(sim: &Simulator) -> f64 {
    let m = &sim.model;
    let pts: Vec<(f64, f64)> = m
        .bodies
        .spheres
        .iter()
        .map(|s| {
            let c = s.center(&m.q);
            (c.x, c.z)
        })
        .collect();
    let n = pts.len() as f64;
    let (mx, mz) = pts
        .iter()
        .fold((0.0, 0.0), |a, p| (a.0 + p.0 / n, a.1 + p.1 / n));
    let (mut sxx, mut szz, mut sxz) = (0.0, 0.0, 0.0);
    for (x, z) in &pts {
        sxx += (x - mx) * (x - mx);
        szz += (z - mz) * (z - mz);
        sxz += (x - mx) * (z - mz);
    }
    // The major axis of the 2×2 covariance makes the angle ½ atan2(2 sxz, sxx − szz).
    (0.5 * (2.0 * sxz).atan2(sxx - szz)).to_degrees()
}

/// The drum's contact torque about y (N·m) and the moment of the spheres' weight about the
/// drum's axis, `Σ m g x` (N·m).
fn torques(sim: &Simulator) -> (f64, f64) {
    let m = &sim.model;
    let drum: f64 = sim
        .last_contacts()
        .iter()
        .flat_map(|lc| lc.rigid_loads.iter().flat_map(|l| l.iter().flatten()))
        .map(|l| l.torque.y)
        .sum();
    let weight: f64 = m
        .bodies
        .spheres
        .iter()
        .map(|s| s.mass() * 9.81 * s.center(&m.q).x)
        .sum();
    (drum, weight)
}

/// Runs the drum.
pub fn run(ctx: &CaseRun) -> Result<CaseReport, String> {
    let dir = ctx.dir;
    let g = write_chain(dir, "granular_onset.ron", GRANULAR)?;
    let r = write_chain(dir, "granular_rigid.ron", GRANULAR_RIGID)?;
    let src = replace_once(
        SCENE,
        "\"../../chains/granular_onset.ron\"",
        &format!("\"{g}\""),
    )?;
    let src = replace_once(
        &src,
        "\"../../chains/granular_rigid.ron\"",
        &format!("\"{r}\""),
    )?;
    let mut sim = simulate(dir, "drum.ron", &src)?;
    let bar = ctx.progress.bar("drum", (END / sim.dt).round() as u64);
    let (mut angles, mut drum_sum, mut weight_sum, mut samples) = (Vec::new(), 0.0, 0.0, 0);
    let mut k = 0u64;
    while sim.model.time < END - 0.5 * sim.dt {
        step(&mut sim, "drum")?;
        k += 1;
        bar.set_position(k);
        if sim.model.time >= STEADY {
            let (d, w) = torques(&sim);
            drum_sum += d;
            weight_sum += w;
            samples += 1;
            if k.is_multiple_of(500) {
                angles.push((sim.model.time, bed_angle(&sim)));
            }
        }
    }
    bar.finish_and_clear();
    let n = angles.len() as f64;
    let mean = angles.iter().map(|a| a.1).sum::<f64>() / n;
    let spread = (angles.iter().map(|a| (a.1 - mean).powi(2)).sum::<f64>() / n).sqrt();
    let mut report = CaseReport::default();
    report.checks.push(Check::new(
        format!("dynamic angle of repose (bed's principal axis), 1.2–2 s, ± {spread:.1}°"),
        "°",
        mean.abs(),
        0.0,
        Criterion::Report,
    ));
    let (drum, weight) = (drum_sum / samples as f64, weight_sum / samples as f64);
    report.checks.push(Check::new(
        "drum's contact torque about its axis / moment of the bed's weight, mean 1.2–2 s",
        "N·m",
        drum,
        weight,
        Criterion::Relative(0.05),
    ));
    report.notes.push(format!(
        "256 spheres (r = 2 mm, μ = 0.5, e = 0.5) in a 64-facet drum of radius 5 cm turned at \
         2 rad/s (Fr = 0.02); {} steps of 0.1 ms under the implicit midpoint rule.",
        k
    ));
    report.figures.push(Figure {
        stem: "drum_angle".into(),
        title: "Inclination of the bed in the rotating drum".into(),
        x_label: "t (s)".into(),
        y_label: "angle (°)".into(),
        log_x: false,
        log_y: false,
        curves: vec![Curve {
            label: "bed's principal axis".into(),
            points: angles,
            style: Style::Points,
        }],
    });
    Ok(report)
}
