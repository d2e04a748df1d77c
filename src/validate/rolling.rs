//! Case `rolling`: rotating spheres under Cundall–Strack friction (`chains/granular_plane.ron`:
//! restitution 0.5, Mindlin stiffness, μ = 0.5) against rigid-body theory for a solid sphere
//! (`I = 2/5 m r²`, lever `ρ = r − δ/2` from the centre to the contact point).
//!
//! * **Incline** (gravity tilted by θ against the plane): for `tan θ < 7μ/2` the sphere rolls
//!   without slipping at `a = 5/7 g sin θ` — `(ρ² / (ρ² + 2/5 r²)) g sin θ` with the lever —
//!   and its contact point stays at rest; above, it slides at `a = g (sin θ − μ cos θ)` while
//!   friction spins it up at `α = μ g cos θ m ρ / I`.
//! * **Spinning sphere set down on a plane** with speed `v₀` and backspin `ω₀`: friction `μ m g`
//!   acts against the slip `s = v − ρ ω` until it vanishes, at `t* = s₀ / (μ g (1 + m ρ²/I))`;
//!   angular momentum about the contact point is conserved, so it then rolls at
//!   `v_f = (m ρ v₀ + I ω₀) / (m ρ + I/ρ)` (`(5v₀ + 2rω₀)/7` for `ρ = r`).

use super::case::{CaseReport, CaseRun};
use super::check::{Check, Criterion};
use super::figure::{Curve, Figure, Style};
use super::support::{GRANULAR_PLANE, simulate, step, write_chain};
use crate::system::Simulator;
use std::path::Path;

const R: f64 = 0.01; // m
const E: f64 = 1e8; // Pa
const NU: f64 = 0.3;
const RHO: f64 = 1000.0; // kg/m³
const G: f64 = 9.81; // m/s²
const MU: f64 = 0.5;
const DT: f64 = 1e-3; // s

fn mass() -> f64 {
    RHO * 4.0 / 3.0 * std::f64::consts::PI * R.powi(3)
}

fn inertia() -> f64 {
    0.4 * mass() * R * R
}

/// Hertz equilibrium overlap under the normal load `m g cos θ` (the plane is rigid).
fn resting_overlap(theta: f64) -> f64 {
    let k = 4.0 / 3.0 * (E / (1.0 - NU * NU)) * R.sqrt();
    (mass() * G * theta.cos() / k).powf(2.0 / 3.0)
}

/// A sphere resting on the plane z = 0 under gravity tilted by `theta`, moving at `v0` along x
/// and spinning at `w0` about y.
fn sphere_on_plane(
    dir: &Path,
    name: &str,
    theta: f64,
    v0: f64,
    w0: f64,
) -> Result<Simulator, String> {
    let chain = write_chain(dir, "granular_plane.ron", GRANULAR_PLANE)?;
    let z = R - resting_overlap(theta);
    let (gx, gz) = (G * theta.sin(), -G * theta.cos());
    let src = format!(
        r#"Scene(
    name: "{name}",
    time: (dt: {DT:e}, duration: 1.0),
    materials: {{ "m": (youngs_modulus: {E:e}, poisson_ratio: {NU}, density: {RHO}) }},
    spheres: [(name: "s", material: "m", radius: {R}, center: (0, 0, {z:e}),
               velocity: ({v0:e}, 0, 0), angular_velocity: (0, {w0:e}, 0))],
    planes: [(name: "ground", origin: (0, 0, 0), normal: (0, 0, 1))],
    forces: [Gravity(g: ({gx:e}, 0, {gz:e}))],
    contacts: [(chain: "{chain}", first: AllSpheres, second: AllPlanes, keep_distance: 0.005)],
)
"#
    );
    simulate(dir, &format!("{name}.ron"), &src)
}

/// Steps `n` times; returns `(t, v_x, ρ ω_y)` after each step.
fn run_steps(sim: &mut Simulator, n: usize, rho: f64) -> Result<Vec<(f64, f64, f64)>, String> {
    let s = sim.model.spheres[0].clone();
    let k = s.spin.ok_or("spheres rotate by default")?;
    let mut out = Vec::with_capacity(n);
    for _ in 0..n {
        step(sim, "rolling")?;
        out.push((
            sim.model.time,
            sim.model.v[s.offset],
            rho * sim.model.v[k + 1],
        ));
    }
    Ok(out)
}

fn rate(path: &[(f64, f64, f64)], i: usize, j: usize, pick: fn(&(f64, f64, f64)) -> f64) -> f64 {
    (pick(&path[j]) - pick(&path[i])) / (path[j].0 - path[i].0)
}

/// Runs the incline (θ = 20° and 65°) and the spinning set-down.
pub fn run(ctx: &CaseRun) -> Result<CaseReport, String> {
    let dir = ctx.dir;
    let mut report = CaseReport::default();
    // Rolling.
    let theta = 20f64.to_radians();
    let rho = R - resting_overlap(theta) / 2.0;
    let mut sim = sphere_on_plane(dir, "roll_20deg", theta, 0.0, 0.0)?;
    let path = run_steps(&mut sim, 400, rho)?;
    let a_roll = rho * rho / (rho * rho + 0.4 * R * R) * G * theta.sin();
    report.checks.push(Check::new(
        "rolling acceleration, θ = 20° (tan θ < 7μ/2)",
        "m/s²",
        rate(&path, 100, 399, |p| p.1),
        a_roll,
        Criterion::Relative(0.01),
    ));
    let last = path[path.len() - 1];
    report.checks.push(Check::new(
        "slip speed v − ρω at t = 0.4 s, θ = 20°",
        "m/s",
        last.1 - last.2,
        0.0,
        Criterion::Absolute(1e-3 * last.1),
    ));
    // Sliding.
    let theta = 65f64.to_radians();
    let rho = R - resting_overlap(theta) / 2.0;
    let mut sim = sphere_on_plane(dir, "slide_65deg", theta, 0.0, 0.0)?;
    let path = run_steps(&mut sim, 300, rho)?;
    report.checks.push(Check::new(
        "sliding acceleration, θ = 65° (tan θ > 7μ/2)",
        "m/s²",
        rate(&path, 100, 299, |p| p.1),
        G * (theta.sin() - MU * theta.cos()),
        Criterion::Relative(0.01),
    ));
    report.checks.push(Check::new(
        "angular acceleration ρα while sliding, θ = 65°",
        "m/s²",
        rate(&path, 100, 299, |p| p.2),
        MU * G * theta.cos() * mass() * rho * rho / inertia(),
        Criterion::Relative(0.01),
    ));
    // Spinning set-down: v₀ = 1 m/s with backspin ω₀ = −40 rad/s.
    let (v0, w0) = (1.0, -40.0);
    let rho = R - resting_overlap(0.0) / 2.0;
    let (m, i) = (mass(), inertia());
    let s0 = v0 - rho * w0;
    let t_star = s0 / (MU * G * (1.0 + m * rho * rho / i));
    let v_f = (m * rho * v0 + i * w0) / (m * rho + i / rho);
    let mut sim = sphere_on_plane(dir, "spin_set_down", 0.0, v0, w0)?;
    let path = run_steps(&mut sim, (2.0 * t_star / DT) as usize, rho)?;
    let end = path[path.len() - 1];
    report.checks.push(Check::new(
        "final rolling speed v_f, v₀ = 1 m/s, ω₀ = −40 rad/s",
        "m/s",
        end.1,
        v_f,
        Criterion::Relative(0.01),
    ));
    let measured_t = path
        .windows(2)
        .find(|w| (w[1].1 - w[1].2).abs() < 1e-3 * s0 && (w[0].1 - w[0].2).abs() >= 1e-3 * s0)
        .map_or(f64::NAN, |w| w[1].0);
    report.checks.push(Check::new(
        "time to rolling t* (slip below 0.1 % of s₀)",
        "s",
        measured_t,
        t_star,
        Criterion::Relative(0.02),
    ));
    report.notes.push(format!(
        "Sphere R = {R} m, E = {E:e} Pa, ν = {NU}, ρ = {RHO} kg/m³ on a rigid plane, chain \
         `granular_plane.ron` (N_HertzRestitution e = 0.5, T_CundallStrack μ = {MU} with Mindlin \
         stiffness), Δt = {DT} s, implicit Euler. Accelerations are fitted between steps 100 \
         and the last. Theory uses the lever ρ = r − δ/2 (δ the resting overlap, {:.1e} of r).",
        resting_overlap(0.0) / R
    ));
    let theory: Vec<(f64, f64)> = path
        .iter()
        .map(|p| (p.0, if p.0 < t_star { v0 - MU * G * p.0 } else { v_f }))
        .collect();
    report.figures.push(
        Figure::new(
            "spin_set_down",
            "Spinning sphere set down on a plane: centre speed and ρω against time",
            "time (s)",
            "speed (m/s)",
        )
        .with(Curve::new(
            "v (catena)",
            path.iter().map(|p| (p.0, p.1)).collect(),
            Style::Line,
        ))
        .with(Curve::new(
            "ρω (catena)",
            path.iter().map(|p| (p.0, p.2)).collect(),
            Style::Line,
        ))
        .with(Curve::new("v, Coulomb theory", theory, Style::Dashed)),
    );
    Ok(report)
}
