//! Case `hertz`: head-on impact of two equal elastic spheres under `N_Hertz`
//! (`chains/hertz_cundall_strack.ron`) against the Hertz solution.
//!
//! With effective mass `m̂ = m/2`, radius `R̂ = R/2` and modulus `Ê = E/(2(1 − ν²))`, the overlap
//! obeys `m̂ δ̈ = −K δ^{3/2}`, `K = (4/3) Ê √R̂` (N/m^{3/2}). For an approach speed `v` (m/s) it
//! reaches `δ_max = (15 m̂ v² / (16 Ê √R̂))^{2/5}` (m) and lasts `t_c = 2.87 (m̂² / (R̂ Ê² v))^{1/5}`
//! (s) (Johnson 1985, *Contact Mechanics* §11.4; Pöschel & Schwager 2005, Eq. 2.11). The
//! simulated overlap history is plotted against the same ODE integrated by RK4.

use super::case::{CaseReport, CaseRun};
use super::check::{Check, Criterion};
use super::figure::{Curve, Figure, Style};
use super::support::{HERTZ_CUNDALL_STRACK, simulate, step, write_chain};
use crate::system::{IntegratorKind, Simulator};
use std::path::Path;

/// Sphere radius R (m).
pub const R: f64 = 0.01;
/// Young's modulus E (Pa).
pub const E: f64 = 1e8;
/// Poisson's ratio ν.
pub const NU: f64 = 0.3;
/// Density ρ (kg/m³).
pub const RHO: f64 = 1000.0;
/// Relative approach speed v (m/s).
pub const V: f64 = 1.0;

/// Effective mass (kg), radius (m) and modulus (Pa) of two equal spheres.
pub fn effective() -> (f64, f64, f64) {
    let m = RHO * 4.0 / 3.0 * std::f64::consts::PI * R.powi(3);
    let e_hat = 1.0 / (2.0 * (1.0 - NU * NU) / E);
    (m / 2.0, R / 2.0, e_hat)
}

/// Hertz contact duration `t_c` (s) and maximum overlap `δ_max` (m).
pub fn theory() -> (f64, f64) {
    let (m, r, e) = effective();
    let tc = 2.87 * (m * m / (r * e * e * V)).powf(0.2);
    let dmax = (15.0 * m * V * V / (16.0 * e * r.sqrt())).powf(0.4);
    (tc, dmax)
}

/// The Hertz overlap history `(t, δ)` from first touch until separation, by RK4 on
/// `m̂ δ̈ = −K δ^{3/2}` with `n` steps over the estimated contact time.
pub fn overlap_history(n: usize) -> Vec<(f64, f64)> {
    let (m, r, e) = effective();
    let k = 4.0 / 3.0 * e * r.sqrt();
    let h = theory().0 / n as f64;
    let acc = |d: f64| -k * d.max(0.0).powf(1.5) / m;
    let (mut t, mut d, mut v) = (0.0, 0.0, V);
    let mut out = vec![(0.0, 0.0)];
    while out.len() < 4 * n {
        let (k1x, k1v) = (v, acc(d));
        let (k2x, k2v) = (v + 0.5 * h * k1v, acc(d + 0.5 * h * k1x));
        let (k3x, k3v) = (v + 0.5 * h * k2v, acc(d + 0.5 * h * k2x));
        let (k4x, k4v) = (v + h * k3v, acc(d + h * k3x));
        d += h / 6.0 * (k1x + 2.0 * k2x + 2.0 * k3x + k4x);
        v += h / 6.0 * (k1v + 2.0 * k2v + 2.0 * k3v + k4v);
        t += h;
        out.push((t, d.max(0.0)));
        if d < 0.0 {
            break;
        }
    }
    out
}

/// Two spheres on the x axis approaching at `V`, 1 µm apart, bound by the chain at `chain`
/// (a path relative to `dir`, where the scene file is written).
pub fn collision(dir: &Path, chain: &str, dt: f64) -> Result<Simulator, String> {
    collision_with(dir, chain, dt, IntegratorKind::ImplicitEuler)
}

/// [`collision`] with the time integrator `integrator` (the scene file is named after it).
pub fn collision_with(
    dir: &Path,
    chain: &str,
    dt: f64,
    integrator: IntegratorKind,
) -> Result<Simulator, String> {
    let x = R + 0.5e-6;
    let src = format!(
        r#"Scene(
    name: "hertz_collision",
    time: (dt: {dt:e}, duration: 1.0, integrator: {integrator}),
    materials: {{ "m": (youngs_modulus: {E:e}, poisson_ratio: {NU}, density: {RHO}) }},
    rods: [],
    spheres: [
        (name: "a", material: "m", radius: {R}, center: (-{x:e}, 0, 0), velocity: ({v}, 0, 0)),
        (name: "b", material: "m", radius: {R}, center: ({x:e}, 0, 0), velocity: (-{v}, 0, 0)),
    ],
    contacts: [(chain: "{chain}", first: AllSpheres, second: AllSpheres, keep_distance: 0.005)],
)
"#,
        v = V / 2.0
    );
    let file = match integrator {
        IntegratorKind::ImplicitEuler => "collision.ron".to_string(),
        other => format!("collision_{other}.ron"),
    };
    simulate(dir, &file, &src)
}

/// Runs until the spheres have separated again (or `max_steps`); returns the gap after every
/// step (m) and the final relative velocity along x (m/s, positive = separating).
pub fn gaps(sim: &mut Simulator, max_steps: usize) -> Result<(Vec<f64>, f64), String> {
    let mut gaps = Vec::new();
    let (a, b) = (
        sim.model.bodies.spheres[0].offset,
        sim.model.bodies.spheres[1].offset,
    );
    for _ in 0..max_steps {
        step(sim, "hertz collision")?;
        let q = &sim.model.q;
        let gap = (q[b] - q[a]) - 2.0 * R;
        gaps.push(gap);
        if gaps.len() > 10 && gap > 1e-6 && gaps.iter().any(|g| *g < 0.0) {
            break;
        }
    }
    let v = &sim.model.v;
    Ok((gaps, v[b] - v[a]))
}

/// Times (s, from the start) at which the gap crosses zero downwards and upwards, linearly
/// interpolated between steps; `None` if the spheres never touched or never separated.
pub fn crossings(gaps: &[f64], dt: f64) -> Option<(f64, f64)> {
    let cross = |i: usize| {
        let (g0, g1) = (gaps[i], gaps[i + 1]);
        dt * ((i + 1) as f64 + g0 / (g0 - g1))
    };
    let down = (0..gaps.len().saturating_sub(1)).find(|&i| gaps[i] >= 0.0 && gaps[i + 1] < 0.0)?;
    let up = (down..gaps.len() - 1).find(|&i| gaps[i] < 0.0 && gaps[i + 1] >= 0.0)?;
    Some((cross(down), cross(up)))
}

/// Runs the collision at Δt = t_c/1000.
pub fn run(ctx: &CaseRun) -> Result<CaseReport, String> {
    let dir = ctx.dir;
    let (tc, dmax) = theory();
    let dt = tc / 1000.0;
    let chain = write_chain(dir, "hertz_cundall_strack.ron", HERTZ_CUNDALL_STRACK)?;
    let mut sim = collision(dir, &chain, dt)?;
    let (gaps, v_out) = gaps(&mut sim, 3000)?;
    let (t0, t1) = crossings(&gaps, dt).ok_or("the spheres did not touch and separate")?;
    let measured_dmax = -gaps.iter().copied().fold(f64::INFINITY, f64::min);
    let mut report = CaseReport::default();
    report.checks.push(Check::new(
        "contact duration t_c",
        "s",
        t1 - t0,
        tc,
        Criterion::Relative(0.02),
    ));
    report.checks.push(Check::new(
        "maximum overlap δ_max",
        "m",
        measured_dmax,
        dmax,
        Criterion::Relative(0.02),
    ));
    report.checks.push(Check::new(
        "coefficient of restitution (implicit Euler loss)",
        "−",
        v_out / V,
        1.0,
        Criterion::Absolute(0.02),
    ));
    report.notes.push(format!(
        "Two spheres R = {R} m, E = {E:e} Pa, ν = {NU}, ρ = {RHO} kg/m³, approaching at {V} m/s, \
         chain `hertz_cundall_strack.ron`, Δt = t_c/1000. Overlap times are interpolated where the \
         gap changes sign. Implicit Euler dissipates O((ωΔt)²) per step, hence a restitution \
         slightly below 1."
    ));
    let sim_curve: Vec<(f64, f64)> = gaps
        .iter()
        .enumerate()
        .map(|(i, g)| (dt * (i + 1) as f64 - t0, (-g).max(0.0)))
        .filter(|(t, _)| *t >= -0.05 * tc && *t <= 1.1 * tc)
        .collect();
    report.figures.push(
        Figure::new(
            "overlap",
            "Head-on Hertz impact: overlap against time",
            "time since first touch (s)",
            "overlap δ (m)",
        )
        .with(Curve::new("catena (N_Hertz)", sim_curve, Style::Line))
        .with(Curve::new(
            "Hertz, m̂δ̈ = −(4/3)Ê√R̂ δ^{3/2} (RK4)",
            overlap_history(400),
            Style::Dashed,
        )),
    );
    Ok(report)
}
