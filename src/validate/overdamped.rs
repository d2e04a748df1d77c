//! Case `overdamped`: `integrator: Overdamped` (`Γ v = F`, no inertia) against the laws of
//! viscous flow at low Reynolds number.
//!
//! * **settling** — spheres of two radii settle under buoyant gravity in a viscous medium with
//!   Stokes drag (`StokesDrag`): the overdamped equation `6πηr v = (ρ − ρ_f) g 4/3 πr³` gives
//!   the terminal velocity `v = 2(ρ − ρ_f) g r²/(9η)` from the first step on (Stokes 1851); one
//!   sphere rotates, and with no torque on it its spin stays zero (its rotational Stokes
//!   resistance `8πηr³` keeps the system well posed).
//! * **squeeze** — a sphere pushed by a constant force `F` towards a fixed sphere through
//!   `N_LubricationResistance` (`γ_n = 6πηR̂²/h`, the squeeze-film law, Kim & Karrila 1991
//!   §9.3) in the same fluid, whose Stokes drag `γ_s = 6πηr` also resists it (and holds its
//!   motion across the normal, which lubrication leaves free): `(γ_s + c/h) ḣ = −F` with
//!   `c = 6πηR̂²`, so `t(h) = [γ_s (h₀ − h) + c ln(h₀/h)]/F` — the squeeze-film law
//!   `ḣ = −F h/c` once `c/h ≫ γ_s`. Implicit Euler's step of the same equation,
//!   `(γ_s + c/hₙ₊₁)(hₙ₊₁ − hₙ) = −F Δt`, is a quadratic in `hₙ₊₁`; the run must follow it to
//!   the Newton tolerance, and the continuous law to `O(Δt/τ)`.

use super::case::{CaseReport, CaseRun};
use super::check::{Check, Criterion};
use super::figure::{Curve, Figure, Style};
use super::support::{simulate, step, write_chain};
use std::f64::consts::PI;
use std::path::Path;

const G: f64 = 9.81; // m/s²

/// Runs the parts asked for.
pub fn run(ctx: &CaseRun) -> Result<CaseReport, String> {
    let mut report = CaseReport::default();
    if ctx.wants("settling") {
        settling(ctx.dir, &mut report)?;
        ctx.write_partial(&report.checks)?;
    }
    if ctx.wants("squeeze") {
        squeeze(ctx.dir, &mut report)?;
    }
    Ok(report)
}

/// Viscosity of the medium (Pa·s), its density and the spheres' (kg/m³).
const ETA: f64 = 1.0;
const RHO_F: f64 = 1000.0;
const RHO_S: f64 = 2500.0;
/// Radii of the settling spheres (m).
const RADII: [f64; 2] = [1e-3, 2e-3];

fn settling(dir: &Path, report: &mut CaseReport) -> Result<(), String> {
    let (dt, steps) = (0.01, 50);
    let src = format!(
        "Scene(
    name: \"settling\",
    time: (dt: {dt}, duration: {duration}, integrator: Overdamped),
    materials: {{ \"grain\": (youngs_modulus: 1e7, poisson_ratio: 0.3, density: {RHO_S}) }},
    spheres: [
        (name: \"small\", material: \"grain\", radius: {r0}, center: (0, 0, 0), angular_velocity: (0, 3, 0)),
        (name: \"large\", material: \"grain\", radius: {r1}, center: (0.01, 0, 0)),
    ],
    forces: [Gravity(g: (0, 0, -{G}), medium_density: {RHO_F}), StokesDrag(viscosity: {ETA})],
)
",
        duration = dt * steps as f64,
        r0 = RADII[0],
        r1 = RADII[1],
    );
    let mut sim = simulate(dir, "settling.ron", &src)?;
    let mut worst = [0.0f64; 2];
    let mut spin = 0.0f64;
    let mut iterations = 0;
    for _ in 0..steps {
        iterations += step(&mut sim, "settling")?.newton.iterations;
        for (i, s) in sim.model.bodies.spheres.iter().enumerate() {
            let theory = 2.0 * (RHO_S - RHO_F) * G * s.radius * s.radius / (9.0 * ETA);
            let v = sim.model.v[s.offset + 2];
            worst[i] = worst[i].max((v + theory).abs() / theory);
            spin = spin.max(s.omega(&sim.model.v).norm());
        }
    }
    for (i, r) in RADII.iter().enumerate() {
        report.checks.push(Check::new(
            format!(
                "settling velocity of r = {} mm, largest relative error over {steps} steps",
                r * 1e3
            ),
            "−",
            worst[i],
            1e-10,
            Criterion::AtMost,
        ));
    }
    report.checks.push(Check::new(
        "spin of the torque-free rotating sphere (started at 3 rad/s)",
        "rad/s",
        spin,
        1e-12,
        Criterion::AtMost,
    ));
    report.notes.push(format!(
        "settling: spheres of r = 1 and 2 mm (ρ = {RHO_S} kg/m³) in a medium of η = {ETA} Pa·s, \
         ρ_f = {RHO_F} kg/m³, Stokes drag 6πηr on the centres and 8πηr³ on the spins, \
         integrator: Overdamped, Δt = {dt} s: v = 2(ρ − ρ_f)gr²/(9η) = {:.4e} and {:.4e} m/s \
         from the first step; {iterations} Newton iterations in {steps} steps.",
        2.0 * (RHO_S - RHO_F) * G * RADII[0].powi(2) / (9.0 * ETA),
        2.0 * (RHO_S - RHO_F) * G * RADII[1].powi(2) / (9.0 * ETA),
    ));
    Ok(())
}

/// Squeeze film: sphere radius (m), push (N), initial and final gap (m), cut-offs (m).
const SQUEEZE_R: f64 = 1e-3;
const PUSH: f64 = 1e-4;
const H0: f64 = 2e-4;
const H_END: f64 = 1e-5;
const D_MIN: f64 = 1e-7;
const D_MAX: f64 = 1e-3;

/// Time (s) at which the gap reaches `h` (m): `[γ_s (h₀ − h) + c ln(h₀/h)]/F`.
fn squeeze_time(gamma_s: f64, c: f64, h: f64) -> f64 {
    (gamma_s * (H0 - h) + c * (H0 / h).ln()) / PUSH
}

/// Implicit Euler's step of `(γ_s + c/h) ḣ = −F` from `h` (m) over `dt` (s): the positive root
/// of `γ_s h'² + (c − γ_s h + F Δt) h' − c h = 0`.
fn squeeze_step(gamma_s: f64, c: f64, h: f64, dt: f64) -> f64 {
    let b = c - gamma_s * h + PUSH * dt;
    // The positive root written without cancellation: 2ch/(b + √(b² + 4γ_s c h)).
    2.0 * c * h / (b + (b * b + 4.0 * gamma_s * c * h).sqrt())
}

fn squeeze(dir: &Path, report: &mut CaseReport) -> Result<(), String> {
    let r_hat = SQUEEZE_R / 2.0;
    let c = 6.0 * PI * ETA * r_hat * r_hat;
    let gamma_s = 6.0 * PI * ETA * SQUEEZE_R;
    let t_end = squeeze_time(gamma_s, c, H_END);
    let dt = 1e-4;
    let steps = (t_end / dt).floor() as usize;
    let chain = write_chain(
        dir,
        "lubrication.ron",
        &format!(
            "Chain(name: \"lubrication\", elements: [
    Sphere_1_Data, Sphere_2_Data, Sphere_Sphere,
    N_LubricationResistance(viscosity: {ETA}, d_min: {D_MIN}, d_max: {D_MAX}),
    AssembleForces, AssembleContactMatrix,
])
"
        ),
    )?;
    let x1 = 2.0 * SQUEEZE_R + H0;
    let src = format!(
        "Scene(
    name: \"squeeze\",
    time: (dt: {dt:e}, duration: {duration:e}, integrator: Overdamped),
    solver: (abs_tol: 1e-15, rel_tol: 1e-12),
    materials: {{ \"grain\": (youngs_modulus: 1e7, poisson_ratio: 0.3, density: 2500) }},
    spheres: [
        (name: \"wall\", material: \"grain\", radius: {SQUEEZE_R}, center: (0, 0, 0), fixed: true),
        (name: \"ball\", material: \"grain\", radius: {SQUEEZE_R}, center: ({x1:e}, 0, 0)),
    ],
    forces: [PointForce(body: \"ball\", force: (-{PUSH}, 0, 0)), StokesDrag(viscosity: {ETA})],
    contacts: [(chain: \"{chain}\", first: AllSpheres, second: AllSpheres, keep_distance: {keep})],
)
",
        duration = dt * steps as f64,
        keep = 1.2 * D_MAX,
    );
    let mut sim = simulate(dir, "squeeze.ron", &src)?;
    let gap = |sim: &crate::system::Simulator| {
        let s = &sim.model.bodies.spheres;
        (s[1].center(&sim.model.q) - s[0].center(&sim.model.q)).norm() - 2.0 * SQUEEZE_R
    };
    let (mut discrete, mut worst_map, mut worst_law) = (H0, 0.0f64, 0.0f64);
    let (mut sim_curve, mut law_curve) = (vec![(0.0, H0)], vec![(0.0, H0)]);
    let mut iterations = 0;
    for n in 1..=steps {
        iterations += step(&mut sim, "squeeze")?.newton.iterations;
        let t = n as f64 * dt;
        let h = gap(&sim);
        discrete = squeeze_step(gamma_s, c, discrete, dt);
        worst_map = worst_map.max((h - discrete).abs() / discrete);
        // The law's time at the simulated gap against the time reached.
        worst_law = worst_law.max((squeeze_time(gamma_s, c, h) - t).abs() / t);
        if n % 40 == 0 {
            sim_curve.push((t, h));
        }
    }
    for i in 0..=60 {
        let h = H0 * (H_END / H0).powf(f64::from(i) / 60.0);
        law_curve.push((squeeze_time(gamma_s, c, h), h));
    }
    report.checks.push(Check::new(
        "gap against implicit Euler's step of (γ_s + c/h)ḣ = −F, largest relative error",
        "−",
        worst_map,
        1e-7,
        Criterion::AtMost,
    ));
    report.checks.push(Check::new(
        format!(
            "time to reach the simulated gap against t(h), h₀ = {} µm → {} µm, largest \
             relative error",
            H0 * 1e6,
            H_END * 1e6
        ),
        "−",
        worst_law,
        0.01,
        Criterion::AtMost,
    ));
    report.notes.push(format!(
        "squeeze: spheres of r = {} mm (R̂ = {} mm), one fixed, the other pushed by F = {PUSH} N \
         through N_LubricationResistance(η = {ETA} Pa·s, d_min = {D_MIN} m, d_max = {D_MAX} m) \
         and its Stokes drag γ_s = 6πηr = {gamma_s:.4e} N·s/m, from h₀ = {} µm to {} µm \
         (c/h from {:.2} to {:.1} γ_s: lubrication takes over); integrator: Overdamped, Δt = \
         {dt} s, {steps} steps, {iterations} Newton iterations. The discrete map's error is the \
         Newton tolerance (‖r‖ ≤ 1e-15 N, a relative 1e-11 per step) summed over the steps; the \
         law's is implicit Euler's O(Δt) error.",
        SQUEEZE_R * 1e3,
        r_hat * 1e3,
        H0 * 1e6,
        H_END * 1e6,
        c / H0 / gamma_s,
        c / H_END / gamma_s,
    ));
    report.figures.push(
        Figure::new(
            "squeeze_film",
            "Squeeze film: gap of a sphere pushed towards a fixed one (overdamped)",
            "t (s)",
            "gap h (m)",
        )
        .log(false, true)
        .with(Curve::new(
            "t(h) = [γ_s(h₀ − h) + c ln(h₀/h)]/F",
            law_curve,
            Style::Line,
        ))
        .with(Curve::new("catena", sim_curve, Style::Points)),
    );
    Ok(())
}
