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
//! * **Rolling resistance** (`chains/granular_plane_rolling.ron` at μ_r = 0.1, so
//!   `M = μ_r R̂ F_n` with `R̂ = r` against a plane): about the contact point
//!   `(I + m ρ²) α = m g ρ sin θ − M`, so a sphere rolling on the level decelerates at
//!   `a = −M ρ / (I + m ρ²)` (`−5/7 μ_r g` for `ρ = r`), one on an incline steeper than
//!   `tan θ = μ_r r / ρ` rolls down at `a = (m g ρ sin θ − M) ρ / (I + m ρ²)`, and one on a
//!   shallower incline is held — up to the law's viscous regularisation, under which it creeps
//!   at the steady `ω = m g ρ sin θ / c_r`, `v = ρ ω`.

use super::case::{CaseReport, CaseRun};
use super::check::{Check, Criterion};
use super::figure::{Curve, Figure, Style};
use super::support::{GRANULAR_PLANE, GRANULAR_PLANE_ROLLING, edited, simulate, step, write_chain};
use crate::system::Simulator;
use std::path::Path;

const R: f64 = 0.01; // m
const E: f64 = 1e8; // Pa
const NU: f64 = 0.3;
const RHO: f64 = 1000.0; // kg/m³
const G: f64 = 9.81; // m/s²
const MU: f64 = 0.5;
const DT: f64 = 1e-3; // s
/// Rolling-resistance coefficient of the rolling-resistance rows (−).
const MU_R: f64 = 0.1;
/// Its viscous regularisation (N·m·s): on the level the torque saturates above
/// `ω = μ_r r m g / c_r` ≈ 0.04 rad/s.
const C_R: f64 = 1e-3;

/// `granular_plane_rolling.ron` at `mu_r: MU_R, c_r: C_R` (its torsional friction stays: the
/// rows roll about an axis across the normal, so it applies no torque).
fn rolling_resistance_chain() -> Result<String, String> {
    edited(
        GRANULAR_PLANE_ROLLING,
        &[
            ("T_RollingResistance.mu_r", &format!("{MU_R}")),
            ("T_RollingResistance.c_r", &format!("{C_R:e}")),
        ],
    )
}

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
/// and spinning at `w0` about y; `chain` is `(file name, text)` of the sphere–plane chain.
fn sphere_on_plane(
    dir: &Path,
    name: &str,
    chain: (&str, &str),
    theta: f64,
    v0: f64,
    w0: f64,
) -> Result<Simulator, String> {
    let chain = write_chain(dir, chain.0, chain.1)?;
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
    let s = sim.model.bodies.spheres[0].clone();
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
    let plain = ("granular_plane.ron", GRANULAR_PLANE);
    // Rolling.
    let theta = 20f64.to_radians();
    let rho = R - resting_overlap(theta) / 2.0;
    let mut sim = sphere_on_plane(dir, "roll_20deg", plain, theta, 0.0, 0.0)?;
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
    let mut sim = sphere_on_plane(dir, "slide_65deg", plain, theta, 0.0, 0.0)?;
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
    let mut sim = sphere_on_plane(dir, "spin_set_down", plain, 0.0, v0, w0)?;
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
    rolling_resistance(dir, &mut report)?;
    Ok(report)
}

/// The rolling-resistance rows: deceleration on the level, rolling down an incline steeper
/// than `tan θ = μ_r r/ρ`, and the viscous creep on a shallower one.
fn rolling_resistance(dir: &Path, report: &mut CaseReport) -> Result<(), String> {
    let text = rolling_resistance_chain()?;
    let chain = ("granular_plane_rolling.ron", text.as_str());
    let (m, i) = (mass(), inertia());
    // Torque of the law on a sphere pressed by m g cos θ against a plane (R̂ = r).
    let torque = |theta: f64| MU_R * R * m * G * theta.cos();
    let lever = |theta: f64| R - resting_overlap(theta) / 2.0;
    // Level: rolling at v₀ = 0.5 m/s decelerates at −M ρ / (I + m ρ²).
    let rho = lever(0.0);
    let v0 = 0.5;
    let mut sim = sphere_on_plane(dir, "resist_level", chain, 0.0, v0, v0 / rho)?;
    let path = run_steps(&mut sim, 500, rho)?;
    report.checks.push(Check::new(
        format!("rolling resistance μ_r = {MU_R}: deceleration on the level (−5/7 μ_r g)"),
        "m/s²",
        rate(&path, 100, 499, |p| p.1),
        -torque(0.0) * rho / (i + m * rho * rho),
        Criterion::Relative(0.01),
    ));
    // Steeper than the hold: rolls down at (m g ρ sin θ − M) ρ / (I + m ρ²).
    let theta = 10f64.to_radians();
    let rho = lever(theta);
    let mut sim = sphere_on_plane(dir, "resist_10deg", chain, theta, 0.0, 0.0)?;
    let path = run_steps(&mut sim, 400, rho)?;
    report.checks.push(Check::new(
        format!("rolling resistance μ_r = {MU_R}: acceleration at θ = 10° (tan θ > μ_r)"),
        "m/s²",
        rate(&path, 100, 399, |p| p.1),
        (m * G * rho * theta.sin() - torque(theta)) * rho / (i + m * rho * rho),
        Criterion::Relative(0.01),
    ));
    // Shallower: held up to the regularisation's creep ω = m g ρ sin θ / c_r.
    let theta = 3f64.to_radians();
    let rho = lever(theta);
    let mut sim = sphere_on_plane(dir, "resist_3deg", chain, theta, 0.0, 0.0)?;
    let path = run_steps(&mut sim, 300, rho)?;
    let creep = m * G * rho * rho * theta.sin() / C_R;
    let end = path[path.len() - 1];
    report.checks.push(Check::new(
        format!(
            "rolling resistance μ_r = {MU_R}: held at θ = 3° (tan θ < μ_r), creep speed m g ρ² \
             sin θ / c_r"
        ),
        "m/s",
        end.1,
        creep,
        Criterion::Relative(0.01),
    ));
    report.notes.push(format!(
        "Rolling resistance: the same sphere with `granular_plane_rolling.ron` at \
         `T_RollingResistance(mu_r: {MU_R}, c_r: {C_R:e})` (torque μ_r r F_n, {:.2e} N·m on the level); the \
         sphere on the level starts rolling at {v0} m/s; on the 3° incline the full torque \
         would hold it, and the law's viscous regularisation lets it creep at {:.2} mm/s \
         (ω = {:.3} rad/s, below the {:.3} rad/s where the torque saturates).",
        torque(0.0),
        1e3 * creep,
        creep / rho,
        torque(theta) / C_R,
    ));
    Ok(())
}
