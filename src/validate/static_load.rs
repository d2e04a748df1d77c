//! Case `static`: `integrator: Static` — equilibrium at each load step, gravity ramped over the
//! steps (DiSMech's `static_sim`, seed 004 §7.2) — against beam theory and against the
//! settled shape of the dynamic runs.
//!
//! * **cantilever** — the rod cantilever of `examples/scenes/cantilever.ron` (E = 20 GPa) under
//!   gravity ramped over 5 load steps: the tip after load step `k` against the linear beam's
//!   `λ_k δ_EB` (`λ_k = k/5`, `δ_EB = ρgL⁴/(2Er²)`), the Newton iterations per load step, and
//!   the final tip against the dynamic run's settled tip (case `cantilever`).
//! * **shell_cantilever** — DiSMech's procedure on the shell strip of
//!   `examples/scenes/shell_cantilever.ron` (ν = 0, as case `shell_cantilever`): 5 gravity load
//!   steps, hinge and mid-edge bending, E = 20 GPa, 2 GPa and 20 MPa, the tip at every load step;
//!   the final tip against the dynamic run's settled one; and load-path independence: one, five
//!   and ten load steps end at the same tip (mid-edge bending carries no per-step reference,
//!   unlike DiSMech's, `../shared/notes/shells.md`).

use super::cantilever::{self, pretty_pa};
use super::case::{CaseReport, CaseRun};
use super::check::{Check, Criterion};
use super::figure::{Curve, Figure, Style};
use super::shell_cantilever::{self as shell, Strip, Variant};
use super::support::step;
use crate::model::ShellBending;
use crate::scene::{ForceSpec, Positive, SceneSpec, build_scene, parse_scene};
use crate::system::{IntegratorKind, Simulator};
use std::path::Path;

/// Load steps of DiSMech's procedure.
const LOAD_STEPS: usize = 5;

/// Runs the parts asked for.
pub fn run(ctx: &CaseRun) -> Result<CaseReport, String> {
    let mut report = CaseReport::default();
    if ctx.wants("cantilever") {
        rod(&mut report)?;
        ctx.write_partial(&report.checks)?;
    }
    if ctx.wants("shell_cantilever") {
        shells(&mut report)?;
    }
    Ok(report)
}

/// `spec` made static: gravity ramped over `[0, 1]` s, `load_steps` steps of `1/load_steps` s.
fn make_static(spec: &mut SceneSpec, load_steps: usize) -> Result<(), String> {
    spec.time.integrator = IntegratorKind::Static;
    spec.time.dt = Positive(1.0 / load_steps as f64);
    spec.time.duration = Positive(1.0);
    let mut found = false;
    for f in &mut spec.forces {
        if let ForceSpec::Gravity { ramp, .. } = f {
            *ramp = Some(Positive(1.0));
            found = true;
        }
    }
    found
        .then_some(())
        .ok_or_else(|| "the scene has no gravity".into())
}

/// Steps `sim` through its load steps; returns the displacement `z₀ − z` of `tip` after each
/// and the Newton iterations of each.
fn load(
    sim: &mut Simulator,
    load_steps: usize,
    tip: fn(&Simulator) -> f64,
    what: &str,
) -> Result<Vec<(f64, u32)>, String> {
    let z0 = tip(sim);
    (0..load_steps)
        .map(|_| {
            let r = step(sim, what)?;
            Ok((z0 - tip(sim), r.newton.iterations))
        })
        .collect()
}

fn rod_tip(sim: &Simulator) -> f64 {
    let r = &sim.model.bodies.rods[0];
    r.node(&sim.model.q, r.n_nodes - 1).z
}

fn rod(report: &mut CaseReport) -> Result<(), String> {
    let e = 2e10;
    let path = Path::new("examples/scenes/cantilever.ron");
    let mut spec = parse_scene(cantilever::SCENE, path).map_err(|e| e.to_string())?;
    make_static(&mut spec, LOAD_STEPS)?;
    let theory = cantilever::euler_bernoulli(&spec, e)?;
    let mut sim = build_scene(&spec, cantilever::SCENE, path)
        .map_err(|e| e.to_string())?
        .into_simulator();
    let tips = load(&mut sim, LOAD_STEPS, rod_tip, "static cantilever")?;
    for (k, (d, _)) in tips.iter().enumerate() {
        let lambda = (k + 1) as f64 / LOAD_STEPS as f64;
        report.checks.push(Check::new(
            format!("rod tip at load factor {lambda:.1} against λ δ_EB, E = 20 GPa"),
            "m",
            *d,
            lambda * theory,
            Criterion::Relative(0.01),
        ));
    }
    let most = tips.iter().map(|t| t.1).max().unwrap_or(0);
    report.checks.push(Check::new(
        "rod: Newton iterations of the worst load step",
        "−",
        f64::from(most),
        4.0,
        Criterion::AtMost,
    ));
    let (dt, duration) = (cantilever::SWEEP[0].1, cantilever::SWEEP[0].2);
    let dynamic = cantilever::tip_deflection(e, dt, duration)?;
    let last = tips.last().map_or(0.0, |t| t.0);
    report.checks.push(Check::new(
        "rod: static tip against the dynamic run's settled tip (case cantilever)",
        "m",
        last,
        dynamic.deflection,
        Criterion::Relative(1e-3),
    ));
    let iterations: Vec<String> = tips.iter().map(|t| t.1.to_string()).collect();
    report.notes.push(format!(
        "cantilever: `examples/scenes/cantilever.ron` with integrator: Static and \
         Gravity(ramp: 1 s) over {LOAD_STEPS} load steps; Newton iterations per load step: {}; \
         the dynamic run takes {} implicit Euler steps to settle.",
        iterations.join(", "),
        (duration / dt).round()
    ));
    Ok(())
}

/// The shell strip of `v` with modulus `e` (Pa) under `load_steps` static load steps: tip
/// displacement and Newton iterations after each.
fn shell_static(v: Variant, e: f64, load_steps: usize) -> Result<Vec<(f64, u32)>, String> {
    let path = Path::new("examples/scenes/shell_cantilever.ron");
    let mut spec = parse_scene(shell::SCENE, path).map_err(|e| e.to_string())?;
    for m in spec.materials.values_mut() {
        m.youngs_modulus = Positive(e);
        m.poisson_ratio = Some(v.poisson);
    }
    let s = spec.shells.first_mut().ok_or("no shell")?;
    s.bending = v.bending;
    make_static(&mut spec, load_steps)?;
    let mut sim = build_scene(&spec, shell::SCENE, path)
        .map_err(|e| e.to_string())?
        .into_simulator();
    let what = format!("static shell cantilever {:?} E = {e:e} Pa", v.bending);
    load(&mut sim, load_steps, shell::tip, &what)
}

fn shells(report: &mut CaseReport) -> Result<(), String> {
    let spec = parse_scene(
        shell::SCENE,
        Path::new("examples/scenes/shell_cantilever.ron"),
    )
    .map_err(|e| e.to_string())?;
    let strip = Strip::of(&spec)?;
    let mut figure = Figure::new(
        "shell_load_steps",
        "Shell strip, static load steps: tip deflection against the load factor",
        "load factor λ",
        "tip deflection / δ_EB(E)",
    );
    for bending in [ShellBending::MidEdge, ShellBending::Hinge] {
        let v = Variant {
            bending,
            ..Variant::mid_edge()
        };
        for (e, dt, steps) in [shell::SWEEP[0], shell::SWEEP[1], shell::SWEEP[3]] {
            let label = format!("{bending:?}, E = {}", pretty_pa(e));
            let tips = shell_static(v, e, LOAD_STEPS)?;
            let theory = strip.euler_bernoulli(e);
            let per_step: Vec<String> = tips
                .iter()
                .map(|(d, n)| format!("{:.4e} m ({n} it.)", d))
                .collect();
            report.notes.push(format!(
                "{label}: tip after each of the {LOAD_STEPS} load steps: {}.",
                per_step.join(", ")
            ));
            let mut points = vec![(0.0, 0.0)];
            points.extend(
                tips.iter()
                    .enumerate()
                    .map(|(k, (d, _))| ((k + 1) as f64 / LOAD_STEPS as f64, d / theory)),
            );
            figure = figure.with(Curve::new(label.clone(), points, Style::Line));
            let last = tips.last().map_or(0.0, |t| t.0);
            if e >= 2e9 {
                let criterion = if bending == ShellBending::MidEdge {
                    Criterion::Relative(0.07)
                } else {
                    Criterion::Report
                };
                report.checks.push(Check::new(
                    format!("static tip against Euler–Bernoulli, {label}"),
                    "m",
                    last,
                    theory,
                    criterion,
                ));
            }
            let dynamic = shell::settle(v, e, dt, steps)?;
            report.checks.push(Check::new(
                format!("static tip against the dynamic run's settled tip, {label}"),
                "m",
                last,
                dynamic.deflection,
                Criterion::Relative(2e-3),
            ));
        }
        // Load-path independence on the nonlinear (large-deflection) strip.
        let e = shell::SWEEP[3].0;
        let one = shell_static(v, e, 1)?.last().map_or(0.0, |t| t.0);
        for n in [LOAD_STEPS, 10] {
            let many = shell_static(v, e, n)?.last().map_or(0.0, |t| t.0);
            report.checks.push(Check::new(
                format!(
                    "load path: tip after {n} load steps against 1 load step, {bending:?}, E = {}",
                    pretty_pa(e)
                ),
                "m",
                many,
                one,
                Criterion::Relative(1e-6),
            ));
        }
    }
    report.notes.push(
        "shell_cantilever: the strip of case shell_cantilever (40 × 8 cells, alternating \
         diagonals, ν = 0, free length 0.09 m) under Gravity(ramp: 1 s) and integrator: Static. \
         DiSMech's Fig. 8 uses an equilateral mesh; catena's plate generator makes right \
         triangles, so the hinge model's mesh-dependent stiffness differs from DiSMech's \
         (reported, not held to a tolerance). The dynamic reference is case shell_cantilever's \
         settled run (implicit Euler, Δt = 0.05 s)."
            .into(),
    );
    report.figures.push(figure);
    Ok(())
}
