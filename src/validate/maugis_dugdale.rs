//! Case `maugis_dugdale`: two elastic spheres held by `N_MaugisDugdale` pulled apart under load
//! control, quasi-statically, at three Maugis parameters from DMT-like to JKR-like, against the
//! pull-off force of Maugis' theory (Maugis 1992; Johnson & Greenwood 1997).
//!
//! A sphere (R = 5 mm) is held fixed; an equal, non-rotating one overlaps it, settles, and is
//! then pulled away along x by a user force `P` that grows by `0.002 πwR̂` per step, under
//! `integrator: Overdamped` with Stokes drag (`γ = 6πηr`, `γ/Δt` a tenth of the contact's
//! stiffness `πwR̂/δ*`, so each step is close to a static equilibrium). Under load control the
//! contact follows the MD curve until `P` reaches the pull-off force `−min F` (the minimum of the
//! curve over its stable branch, `−F(δ)` having a maximum there); past it no equilibrium is
//! left, and the sphere runs away through the break point `δ_c`. Measured: the smallest contact
//! force along the path (against `min F`), and the pull `P` at the step the contact broke
//! (against `−min F`, which it exceeds by the load added while the sphere passes the
//! force minimum, slow near it). Theory: `min F/(πwR̂)` from the law's own solution of Maugis'
//! equations — −2 in the DMT limit, −3/2 in the JKR limit, reported beside it.

use super::case::{CaseReport, CaseRun};
use super::check::{Check, Criterion};
use super::figure::{Curve, Figure, Style};
use super::support::{simulate, step, write_chain};
use crate::contact::MaugisDugdaleCurve;
use crate::system::Simulator;
use std::f64::consts::PI;
use std::path::Path;

/// Sphere radius (m), Young's modulus (Pa), Poisson's ratio, work of adhesion (J/m²) and the
/// viscosity of the medium (Pa·s).
const R: f64 = 0.005;
const E: f64 = 1e6;
const NU: f64 = 0.3;
const W: f64 = 0.05;
const ETA: f64 = 1.0;
/// Maugis parameters of the three runs.
const LAMBDAS: [f64; 3] = [0.1, 1.0, 10.0];
/// Steps at zero load, steps of the fast ramp to `1.3 πwR̂`, load added per slow step (in
/// `πwR̂`), and the largest number of slow steps.
const SETTLE: usize = 20;
const RAMP: usize = 40;
const SLOW_RATE: f64 = 0.002;
const SLOW: usize = 450;

/// What one pull measured.
struct Pull {
    /// Smallest contact force along the path (N).
    min_force: f64,
    /// Applied pull at the step the contact broke (N).
    break_pull: f64,
    /// `(δ, F)` after every step in contact (m, N).
    path: Vec<(f64, f64)>,
    /// Steps and Newton iterations.
    steps: usize,
    iterations: u32,
}

/// Effective modulus `Ê` (Pa) and radius `R̂` (m) of the pair.
fn effective() -> (f64, f64) {
    (E / (2.0 * (1.0 - NU * NU)), R / 2.0)
}

/// Runs the three pulls.
pub fn run(ctx: &CaseRun) -> Result<CaseReport, String> {
    let (e, r) = effective();
    let scale = PI * W * r;
    let mut report = CaseReport::default();
    let mut figure = Figure::new(
        "force_overlap",
        "Maugis–Dugdale spheres pulled apart under load control: contact force against overlap",
        "overlap δ/δ*",
        "F/(πwR̂)",
    );
    let overlap_scale = (PI * PI * W * W * r / (4.0 / 3.0 * e).powi(2)).cbrt();
    let mut notes = Vec::new();
    for (i, lambda) in LAMBDAS.into_iter().enumerate() {
        let h0 = MaugisDugdaleCurve::range_for(e, r, W, lambda);
        let curve = MaugisDugdaleCurve::new(e, r, W, h0);
        let theory = curve.pull_off_force();
        let pull = pull(ctx.dir, i, h0)?;
        report.checks.push(Check::new(
            format!("λ = {lambda}: smallest contact force along the path, against min F"),
            "N",
            pull.min_force,
            theory,
            Criterion::Relative(0.005),
        ));
        report.checks.push(Check::new(
            format!("λ = {lambda}: pull at which the contact broke, against −min F"),
            "N",
            pull.break_pull,
            -theory,
            Criterion::Relative(0.02),
        ));
        let limit = if lambda < 1.0 { -2.0 } else { -1.5 };
        report.checks.push(Check::new(
            format!(
                "λ = {lambda}: min F/(πwR̂) against the {} limit",
                if lambda < 1.0 { "DMT" } else { "JKR" }
            ),
            "−",
            theory / scale,
            limit,
            Criterion::Report,
        ));
        notes.push(format!(
            "λ = {lambda} (h₀ = {h0:.3e} m, δ_c = {:.3e} m): min F/(πwR̂) = {:.4}, {} steps, \
             {} Newton iterations",
            curve.critical_overlap(),
            theory / scale,
            pull.steps,
            pull.iterations
        ));
        let simulated = pull
            .path
            .iter()
            .map(|(d, f)| (d / overlap_scale, f / scale))
            .collect();
        figure = figure.with(Curve::new(
            format!("catena, λ = {lambda}"),
            simulated,
            Style::Points,
        ));
        let dc = curve.critical_overlap();
        let theory_curve = (0..=200)
            .map(|k| {
                let d = dc + (1.5 * overlap_scale - dc) * f64::from(k) / 200.0;
                (d / overlap_scale, curve.force(d).force / scale)
            })
            .collect();
        figure = figure.with(Curve::new(
            format!("Maugis 1992, λ = {lambda}"),
            theory_curve,
            Style::Dashed,
        ));
    }
    report.notes.push(format!(
        "Spheres R = {R} m (R̂ = {} m), E = {E:e} Pa, ν = {NU} (Ê = {e:.4e} Pa), w = {W} J/m², \
         one fixed, the other without rotation in a medium of η = {ETA} Pa·s (Stokes drag), \
         integrator: Overdamped, Δt = {} s; pull P ramped to 1.3 πwR̂ in {RAMP} steps after \
         {SETTLE} settling steps, then by {SLOW_RATE} πwR̂ per step. δ* = (π²w²R̂/K²)^{{1/3}} = \
         {overlap_scale:.4e} m, K = (4/3)Ê, πwR̂ = {scale:.4e} N. {}",
        r,
        dt(),
        notes.join("; ")
    ));
    report.figures.push(figure);
    Ok(report)
}

/// The time step (s): `γ/Δt` is a tenth of the contact stiffness scale `πwR̂/δ*`.
fn dt() -> f64 {
    let (e, r) = effective();
    let overlap_scale = (PI * PI * W * W * r / (4.0 / 3.0 * e).powi(2)).cbrt();
    let stiffness = PI * W * r / overlap_scale;
    let gamma = 6.0 * PI * ETA * R;
    (10.0 * gamma / stiffness * 1e4).round() / 1e4
}

/// One pull at range `h0` (m); run `index` names its files.
fn pull(dir: &Path, index: usize, h0: f64) -> Result<Pull, String> {
    let (e, r) = effective();
    let scale = PI * W * r;
    let chain = write_chain(
        dir,
        &format!("maugis_dugdale_{index}.ron"),
        &format!(
            "Chain(name: \"maugis_dugdale\", elements: [
    Sphere_1_Data, Sphere_2_Data, Sphere_Sphere,
    N_MaugisDugdale(surface_energy: {W}, range: {h0:e}),
    AssembleForces, AssembleContactMatrix,
])
"
        ),
    )?;
    let overlap_scale = (PI * PI * W * W * r / (4.0 / 3.0 * e).powi(2)).cbrt();
    let x = 2.0 * R - 0.5 * overlap_scale;
    let dt = dt();
    let src = format!(
        "Scene(
    name: \"maugis_dugdale_{index}\",
    time: (dt: {dt:e}, duration: 100.0, integrator: Overdamped),
    materials: {{ \"m\": (youngs_modulus: {E:e}, poisson_ratio: {NU}, density: 1000) }},
    spheres: [
        (name: \"wall\", material: \"m\", radius: {R}, center: (0, 0, 0), rotation: false, fixed: true),
        (name: \"ball\", material: \"m\", radius: {R}, center: ({x:e}, 0, 0), rotation: false),
    ],
    forces: [StokesDrag(viscosity: {ETA})],
    contacts: [(chain: \"{chain}\", first: AllSpheres, second: AllSpheres, keep_distance: 1e-4)],
)
"
    );
    let mut sim = simulate(dir, &format!("pull_{index}.ron"), &src)?;
    let ball = sim.model.bodies.spheres[1].offset;
    let mut out = Pull {
        min_force: f64::INFINITY,
        break_pull: f64::NAN,
        path: Vec::new(),
        steps: 0,
        iterations: 0,
    };
    for n in 0..SETTLE + RAMP + SLOW {
        let load = if n < SETTLE {
            0.0
        } else if n < SETTLE + RAMP {
            1.3 * (n - SETTLE + 1) as f64 / RAMP as f64
        } else {
            1.3 + SLOW_RATE * (n - SETTLE - RAMP + 1) as f64
        };
        let p = load * scale;
        let mut forces = vec![0.0; sim.model.q.len()];
        forces[ball] = p;
        sim.set_user_forces(forces)?;
        out.iterations += step(&mut sim, "maugis_dugdale pull")?.newton.iterations;
        out.steps += 1;
        match contact_force(&sim, ball) {
            Some((delta, f)) => {
                out.min_force = out.min_force.min(f);
                out.path.push((delta, f));
            }
            None if n >= SETTLE => {
                out.break_pull = p;
                return Ok(out);
            }
            None => return Err("the spheres did not stick while settling".into()),
        }
    }
    Err(format!(
        "the contact held up to a pull of {:.3} πwR̂",
        1.3 + SLOW_RATE * SLOW as f64
    ))
}

/// The overlap (m) and the normal force (N, positive = repulsive) of the active contact on the
/// ball's x coordinate, if there is one.
fn contact_force(sim: &Simulator, ball: usize) -> Option<(f64, f64)> {
    sim.last_contacts()
        .iter()
        .filter(|c| c.active)
        .find_map(|c| {
            let k = c.dofs.iter().position(|&d| d as usize == ball)?;
            Some((-c.gap, c.force[k]))
        })
}
