//! Case `doublet`: two equal cortical-tension cells adhering through `chains/cell_adhesion.ron`,
//! their contact angle against Young–Dupré.
//!
//! At the rim of the contact disk three sheets meet: the two free membranes, each pulling with
//! the cortical tension `T` (N/m) at the angle `θ_c` they make with the contact plane, and the
//! interface, two cortices less the adhesion energy, pulling with `2T − W` (`W` in J/m², the
//! energy released per unit area of contact). The balance along the plane is
//! `2T cos θ_c = 2T − W`, the Young–Dupré relation of a doublet (Young 1805, Dupré 1869;
//! Maître et al. 2012, Science 338:253, Fig. 1, with equal tensions):
//!
//! ```text
//! cos θ_c = 1 − W/(2T)
//! ```
//!
//! (`θ_c = 0` without adhesion, 90° — two hemispheres — at `W = 2T`). Each free surface is a
//! sphere (Laplace, the cells' pressures equal); one of radius `R_f` whose centre lies `d`
//! from the contact plane meets it at `cos θ_c = d/R_f`. Measured: a sphere fitted (least
//! squares) to each cell's nodes farther than 1 µm from its contact face, `d` from the fitted
//! centre to the plane of the cell's face (the mean of its nodes within 20 nm of its
//! outermost one along the axis), `θ_c` averaged over the two cells.
//!
//! The adhesion acts on each node of one cell against the closest point of the other's
//! surface, both ways, with half the interface's energy per direction; its range must reach
//! the next ring of nodes around a contact or the contact cannot spread (the chain's header).

use super::case::{CaseReport, CaseRun};
use super::check::{Check, Criterion};
use super::figure::{Curve, Figure, Style};
use super::support::{CELL_ADHESION, edited, simulate, step, write_chain};
use crate::math::Vec3;
use crate::system::Simulator;
use nalgebra::{Matrix4, Vector4};
use std::path::Path;

/// Rest radius (m), level, tension (N/m), bulk modulus (Pa) of the cells; shell thickness (the
/// contact layer, m); surface friction (N·s/m³) and membrane viscosity (Pa·s); membrane
/// Young's modulus (Pa, `E h = 4·10⁻⁵ N/m`, 4 % of `T`: it keeps the triangles in shape); the
/// adhesion range (m) and repulsive stiffness (Pa/m).
const R_CELL: f64 = 5e-6;
const LEVEL: usize = 3;
const TENSION: f64 = 1e-3;
const BULK: f64 = 1e6;
const THICKNESS: f64 = 4e-7;
const FRICTION: f64 = 1e9;
const VISCOSITY: f64 = 100.0;
const YOUNG: f64 = 100.0;
const RANGE: f64 = 3e-7;
const STIFFNESS: f64 = 1e11;

/// The doublet scene at adhesion energy `w` (J/m²).
fn scene(dir: &Path, w: f64, dt: f64) -> Result<String, String> {
    let chain = write_chain(
        dir,
        &format!("cell_adhesion_{w:e}.ron"),
        &edited(
            CELL_ADHESION,
            &[
                ("N_AdhesivePressure.energy", &format!("{:e}", 0.5 * w)),
                ("N_AdhesivePressure.range", &format!("{RANGE:e}")),
                ("N_AdhesivePressure.stiffness", &format!("{STIFFNESS:e}")),
            ],
        )?,
    )?;
    // The poles 0.1 µm apart (within the range).
    let z = R_CELL + 0.5 * THICKNESS + 0.5e-7;
    Ok(format!(
        "Scene(
    name: \"doublet\",
    time: (dt: {dt}, duration: 1000, integrator: Overdamped),
    solver: (abs_tol: 1e-18, rel_tol: 0, force_tol: 1e-9),
    materials: {{ \"cortex\": (youngs_modulus: {YOUNG}, poisson_ratio: 0.3333, density: 1000) }},
    shells: [
        (name: \"a\", material: \"cortex\", thickness: {THICKNESS},
         mesh: Icosphere(radius: {R_CELL}, level: {LEVEL}), translate: (0, 0, {:e}),
         cell: (tension: {TENSION}, bulk_modulus: {BULK})),
        (name: \"b\", material: \"cortex\", thickness: {THICKNESS},
         mesh: Icosphere(radius: {R_CELL}, level: {LEVEL}), translate: (0, 0, {z:e}),
         cell: (tension: {TENSION}, bulk_modulus: {BULK})),
    ],
    contacts: [
        (chain: \"{chain}\", first: AllShells, second: AllShells, keep_distance: {:e}),
    ],
    forces: [SurfaceDrag(friction: {FRICTION:e}), ShellViscosity(viscosity: {VISCOSITY})],
)
",
        -z,
        RANGE + 2e-7,
    ))
}

/// The least-squares sphere through `points`: centre and radius (m). Fits
/// `|x|² = 2 c·x + (R² − |c|²)`, linear in `(c, R² − |c|²)`.
pub fn fit_sphere(points: &[Vec3]) -> Option<(Vec3, f64)> {
    let mut m = Matrix4::<f64>::zeros();
    let mut b = Vector4::<f64>::zeros();
    let scale = points
        .iter()
        .map(|p| p.norm())
        .fold(0.0, f64::max)
        .max(1e-300);
    for p in points {
        let q = p / scale;
        let row = Vector4::new(2.0 * q.x, 2.0 * q.y, 2.0 * q.z, 1.0);
        m += row * row.transpose();
        b += row * q.norm_squared();
    }
    let s = m.lu().solve(&b)?;
    let c = Vec3::new(s[0], s[1], s[2]);
    let r2 = s[3] + c.norm_squared();
    (r2 > 0.0).then(|| (c * scale, r2.sqrt() * scale))
}

/// `θ_c` (rad) of cell `k` (its contact face towards `+z` for cell 0, `−z` for cell 1), with
/// the fitted radius and the contact face's position (m).
fn contact_angle(sim: &Simulator, k: usize) -> Option<(f64, f64, f64)> {
    let sh = &sim.model.bodies.shells[k];
    let sign = if k == 0 { 1.0 } else { -1.0 };
    let x: Vec<Vec3> = (0..sh.n_nodes())
        .map(|i| sh.node(&sim.model.q, i))
        .collect();
    let top = x.iter().map(|p| sign * p.z).fold(f64::MIN, f64::max);
    let face: Vec<f64> = x
        .iter()
        .map(|p| sign * p.z)
        .filter(|z| *z > top - 2e-8)
        .collect();
    let plane = face.iter().sum::<f64>() / face.len() as f64;
    let free: Vec<Vec3> = x
        .iter()
        .copied()
        .filter(|p| sign * p.z < plane - 1e-6)
        .collect();
    let (c, r) = fit_sphere(&free)?;
    let d = plane - sign * c.z;
    Some(((d / r).clamp(-1.0, 1.0).acos(), r, plane))
}

/// One doublet relaxed at `w` until `θ_c` changes by less than 0.05° over 20 steps: `θ_c`
/// (rad), its history `(t, θ_c°)`, the fitted radius (m), Newton iterations, wall time (s).
struct Relaxed {
    angle: f64,
    history: Vec<(f64, f64)>,
    radius: f64,
    iterations: u32,
    wall: f64,
    settled: bool,
}

fn relax(dir: &Path, w: f64) -> Result<Relaxed, String> {
    let (dt, max_steps) = (0.05, 1200);
    let start = std::time::Instant::now();
    let name = format!("doublet_{:.2}.ron", w / TENSION);
    let mut sim = simulate(dir, &name, &scene(dir, w, dt)?)?;
    let angle = |sim: &Simulator| -> Result<(f64, f64), String> {
        let a = contact_angle(sim, 0).ok_or("no sphere fits cell a")?;
        let b = contact_angle(sim, 1).ok_or("no sphere fits cell b")?;
        Ok((0.5 * (a.0 + b.0), 0.5 * (a.1 + b.1)))
    };
    let mut history = Vec::new();
    let mut iterations = 0;
    let mut settled = false;
    for n in 1..=max_steps {
        iterations += step(&mut sim, &name)?.newton.iterations;
        let (theta, _) = angle(&sim)?;
        history.push((sim.model.time, theta.to_degrees()));
        if n > 40 && (theta.to_degrees() - history[n - 21].1).abs() < 0.05 {
            settled = true;
            break;
        }
    }
    let (theta, radius) = angle(&sim)?;
    Ok(Relaxed {
        angle: theta,
        history,
        radius,
        iterations,
        wall: start.elapsed().as_secs_f64(),
        settled,
    })
}

/// Runs the case.
pub fn run(ctx: &CaseRun) -> Result<CaseReport, String> {
    let mut report = CaseReport::default();
    let mut figure = Figure::new(
        "doublet_angle",
        "Contact half-angle θ_c of an adhering doublet relaxing, against cos θ_c = 1 − W/2T",
        "t (s)",
        "θ_c (°)",
    );
    let mut notes = Vec::new();
    for ratio in [0.5, 1.0, 1.5] {
        let w = ratio * TENSION;
        let run = relax(ctx.dir, w)?;
        let theory = (1.0 - 0.5 * ratio).acos();
        let t_end = run.history.last().map_or(0.0, |h| h.0);
        figure = figure
            .with(Curve::new(
                format!("W = {ratio} T"),
                run.history.clone(),
                Style::Line,
            ))
            .with(Curve::new(
                format!("Young–Dupré, W = {ratio} T"),
                vec![(0.0, theory.to_degrees()), (t_end, theory.to_degrees())],
                Style::Line,
            ));
        report.checks.push(Check::new(
            format!("contact half-angle θ_c, W = {ratio} T"),
            "°",
            run.angle.to_degrees(),
            theory.to_degrees(),
            Criterion::Absolute(5.0),
        ));
        notes.push(format!(
            "W = {ratio} T: θ_c = {:.2}° (theory {:.2}°), free caps R_f = {:.3} µm, {} at t = \
             {t_end:.2} s, {} Newton iterations, {:.1} s wall",
            run.angle.to_degrees(),
            theory.to_degrees(),
            run.radius * 1e6,
            if run.settled {
                "settled"
            } else {
                "still moving"
            },
            run.iterations,
            run.wall
        ));
        ctx.write_partial(&report.checks)?;
    }
    report.figures.push(figure);
    report.notes.push(format!(
        "doublet: two icospheres of level {LEVEL} (642 nodes each), R = {} µm, T = {TENSION} N/m, \
         K_V = {BULK:e} Pa, shell thickness {} µm (the contact layer), E h = {} N/m; \
         N_AdhesivePressure with W/2 each way, range {} µm, k = {STIFFNESS:e} Pa/m; surface \
         friction {FRICTION:e} N·s/m³, membrane viscosity {VISCOSITY} Pa·s, Δt = 0.05 s; {}.",
        R_CELL * 1e6,
        THICKNESS * 1e6,
        YOUNG * THICKNESS,
        RANGE * 1e6,
        notes.join("; ")
    ));
    Ok(report)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fit_sphere_recovers_a_cap() {
        let (c, r) = (Vec3::new(1e-6, -2e-6, 3e-6), 4e-6);
        let points: Vec<Vec3> = (0..200)
            .map(|k| {
                let t = 0.3 + 1.2 * (k as f64 / 200.0);
                let p = 2.399963 * k as f64;
                c + Vec3::new(t.sin() * p.cos(), t.sin() * p.sin(), t.cos()) * r
            })
            .collect();
        let (fc, fr) = fit_sphere(&points).unwrap();
        assert!(
            (fc - c).norm() < 1e-12 && (fr - r).abs() < 1e-12,
            "{fc} {fr}"
        );
    }
}
