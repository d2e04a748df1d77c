//! Case `cell`: deformable cells (closed shells with cortical tension and volume or area
//! conservation, mpacts' deformable cell model, seed 003) at rest against the laws of
//! capillarity and membrane elasticity.
//!
//! * **laplace** — a cell of cortical tension `T` whose volume is held at `V₀` (bulk modulus
//!   `K_V`), relaxed from a larger rest mesh by surface friction in the overdamped mode and in
//!   the inertial mode (implicit Euler): at rest its inner pressure is `ΔP = 2T/R` (Young 1805,
//!   Laplace 1806), `R = (3V/4π)^{1/3}`, and its volume stays within `ΔP/K_V` of `V₀`; on the
//!   polyhedron itself the balance is `ΔP = T dA/dV = 2TA/(3V)` (uniform scaling), which
//!   separates the solver's error from the mesh's.
//! * **inflation** — a cell without tension whose area resists stretching (area modulus `K_A`,
//!   `E_A = ½ K_A (A − A₀)²/A₀`) inflated by an imposed pressure `P`: the membrane tension
//!   `τ = K_A (A − A₀)/A₀` balances the pressure as `τ = P R/2`, so the radius solves
//!   `K_A ((R/R₀)² − 1) = P R/2` (a sphere; `R₀` the rest mesh's equivalent radius).
//!
//! The membrane springs are four orders softer than the tension (`E h = 1e-7 N/m`); their
//! share of the balance is below the tolerances.

use super::case::{CaseReport, CaseRun};
use super::check::{Check, Criterion};
use super::figure::{Curve, Figure, Style};
use super::support::{simulate, step};
use crate::model::CellMeasures;
use crate::system::Simulator;
use std::f64::consts::PI;
use std::path::Path;

/// Runs the parts asked for.
pub fn run(ctx: &CaseRun) -> Result<CaseReport, String> {
    let mut report = CaseReport::default();
    if ctx.wants("laplace") {
        laplace(ctx.dir, &mut report)?;
        ctx.write_partial(&report.checks)?;
    }
    if ctx.wants("inflation") {
        inflation(ctx.dir, &mut report)?;
    }
    Ok(report)
}

/// Rest radius of the cell mesh (m), its icosphere level, and the surface friction (N·s/m³).
const R_MESH: f64 = 5e-6;
const LEVEL: usize = 3;
const FRICTION: f64 = 4e7;

/// A cell scene: `integrator` (`Overdamped` or `ImplicitEuler`), the `cell:` fields.
fn cell_scene(integrator: &str, dt: f64, steps: usize, cell: &str) -> String {
    format!(
        "Scene(
    name: \"cell\",
    time: (dt: {dt}, duration: {duration}, integrator: {integrator}),
    solver: (abs_tol: 1e-18, rel_tol: 0, force_tol: 1e-9),
    materials: {{ \"cortex\": (youngs_modulus: 1, poisson_ratio: 0.3333, density: 1000) }},
    shells: [
        (name: \"cell\", material: \"cortex\", thickness: 1e-7,
         mesh: Icosphere(radius: {R_MESH}, level: {LEVEL}),
         cell: ({cell})),
    ],
    forces: [SurfaceDrag(friction: {FRICTION})],
)
",
        duration = dt * steps as f64,
    )
}

/// A relaxed cell: its measures at the end, the Newton iterations, and the inner pressure
/// after each step `(t, P)`.
struct Relaxed {
    end: CellMeasures,
    iterations: u32,
    pressures: Vec<(f64, f64)>,
}

/// Runs `steps` steps of the scene `src`.
fn relax(dir: &Path, name: &str, src: &str, steps: usize) -> Result<Relaxed, String> {
    let mut sim: Simulator = simulate(dir, name, src)?;
    let measures = |sim: &Simulator| {
        let m = &sim.model;
        m.bodies.shells[0]
            .cell_measures(&m.q)
            .ok_or_else(|| "the shell is not a cell".to_string())
    };
    let mut iterations = 0;
    let mut pressures = Vec::with_capacity(steps);
    for _ in 0..steps {
        iterations += step(&mut sim, name)?.newton.iterations;
        pressures.push((sim.model.time, measures(&sim)?.pressure));
    }
    Ok(Relaxed {
        end: measures(&sim)?,
        iterations,
        pressures,
    })
}

/// Equivalent radius `(3V/4π)^{1/3}` (m).
fn radius(volume: f64) -> f64 {
    (3.0 * volume / (4.0 * PI)).cbrt()
}

fn laplace(dir: &Path, report: &mut CaseReport) -> Result<(), String> {
    let (k_v, v0) = (1e6, 4e-16);
    let (dt, steps) = (0.05, 40);
    let mut notes = Vec::new();
    let mut figure = Figure::new(
        "cell_laplace",
        "Inner pressure of a cortical-tension cell relaxing at constant volume",
        "t (s)",
        "ΔP (Pa)",
    );
    for (integrator, tension) in [
        ("Overdamped", 1e-3),
        ("Overdamped", 3e-4),
        ("ImplicitEuler", 1e-3),
    ] {
        let src = cell_scene(
            integrator,
            dt,
            steps,
            &format!("tension: {tension}, bulk_modulus: {k_v}, volume: {v0}"),
        );
        let run = relax(dir, "laplace.ron", &src, steps)?;
        let (m, its) = (run.end, run.iterations);
        let r = radius(m.volume);
        if integrator == "Overdamped" {
            let t_end = dt * steps as f64;
            figure = figure
                .with(Curve::new(
                    format!("2T/R, T = {tension} N/m"),
                    vec![(0.0, 2.0 * tension / r), (t_end, 2.0 * tension / r)],
                    Style::Line,
                ))
                .with(Curve::new(
                    format!("catena, T = {tension} N/m"),
                    run.pressures,
                    Style::Points,
                ));
        }
        report.checks.push(Check::new(
            format!("inner pressure, T = {tension} N/m, {integrator}"),
            "Pa",
            m.pressure,
            2.0 * tension / r,
            Criterion::Relative(2e-3),
        ));
        // The polyhedron's own balance under uniform scaling, P = T dA/dV = 2TA/(3V): what is
        // left of the 2T/R row's error is the mesh's (its A/V against a sphere's).
        report.checks.push(Check::new(
            format!("inner pressure against 2TA/(3V) of the mesh, T = {tension} N/m, {integrator}"),
            "Pa",
            m.pressure,
            2.0 * tension * m.area / (3.0 * m.volume),
            Criterion::Relative(3e-4),
        ));
        report.checks.push(Check::new(
            format!("volume against V₀, T = {tension} N/m, {integrator}"),
            "m³",
            m.volume,
            v0,
            Criterion::Relative(1e-3),
        ));
        notes.push(format!(
            "{integrator}, T = {tension} N/m: R = {:.4} µm, {its} Newton iterations in {steps} \
             steps",
            r * 1e6
        ));
    }
    report.figures.push(figure);
    report.notes.push(format!(
        "laplace: icosphere of level {LEVEL} (642 nodes) and radius {} µm as rest mesh, held \
         at V₀ = {v0:e} m³ (K_V = {k_v:e} Pa), surface friction γ = {FRICTION:e} N·s/m³, Δt = \
         {dt} s, {steps} steps; {}.",
        R_MESH * 1e6,
        notes.join("; ")
    ));
    Ok(())
}

fn inflation(dir: &Path, report: &mut CaseReport) -> Result<(), String> {
    let (k_a, pressure) = (2e-3, 200.0);
    let (dt, steps) = (0.05, 40);
    let src = cell_scene(
        "Overdamped",
        dt,
        steps,
        &format!("area_modulus: {k_a}, pressure: {pressure}"),
    );
    let run = relax(dir, "inflation.ron", &src, steps)?;
    let (m, its) = (run.end, run.iterations);
    // The rest mesh's equivalent radius, from its own measures.
    let rest = simulate(dir, "inflation.ron", &src)?;
    let (a0, v0) = rest.model.bodies.shells[0].area_and_volume(&rest.model.q);
    let r0 = radius(v0);
    // K_A ((R/R₀)² − 1) = P R/2: the positive root of (K_A/R₀²) R² − (P/2) R − K_A = 0.
    let (a, b) = (k_a / (r0 * r0), -0.5 * pressure);
    let r_theory = (-b + (b * b + 4.0 * a * k_a).sqrt()) / (2.0 * a);
    let r = radius(m.volume);
    report.checks.push(Check::new(
        format!("radius inflated by P = {pressure} Pa against K_A = {k_a} N/m"),
        "m",
        r,
        r_theory,
        Criterion::Relative(2e-3),
    ));
    // The discrete balance: τ = P dV/dA, dV/dA = 3V/(2A) under uniform scaling.
    let tau = k_a * (m.area - a0) / a0;
    report.checks.push(Check::new(
        "membrane tension against P·3V/(2A)",
        "N/m",
        tau,
        pressure * 1.5 * m.volume / m.area,
        Criterion::Relative(2e-3),
    ));
    report.notes.push(format!(
        "inflation: the same cell without tension or volume term, area modulus K_A = {k_a} N/m, \
         imposed pressure {pressure} Pa, overdamped, Δt = {dt} s: R₀ = {:.4} µm → R = {:.4} µm \
         (theory {:.4} µm), {its} Newton iterations in {steps} steps.",
        r0 * 1e6,
        r * 1e6,
        r_theory * 1e6
    ));
    Ok(())
}
