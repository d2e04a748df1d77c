//! Case `drop`: an elastic rod dropped on frictional ground from 5 cm, E = 2 MPa and 2 GPa
//! (seed 004 §7.1, final example, Fig. 7), ground contact by IMC (`chains/imc_ground.ron`,
//! μ = 0.25).
//!
//! There is no closed-form trajectory; the case checks what must hold and reports the lowest
//! point against time (Fig. 7g):
//! * the rod never penetrates the ground by more than the chain's activation distance δ
//!   (seed 001 Eq. 9: the IMC energy is stiff below `Δ = 2h − δ`);
//! * the mechanical energy `K + U_g = Σ ½ mᵢ vᵢ² + Σ mᵢ g zᵢ` (J, zero at the resting height)
//!   never exceeds its initial value: elastic and contact energies are non-negative and
//!   implicit Euler and friction only dissipate;
//! * the rod comes to rest: at the end its kinetic energy is a negligible fraction of the drop
//!   energy and its lowest point sits at `z = h` within δ.

use super::cantilever::pretty_pa;
use super::case::{CaseReport, CaseRun};
use super::check::{Check, Criterion};
use super::figure::{Curve, Figure, Style};
use super::support::{IMC_GROUND, edited, simulate, step, write_chain};
use crate::system::{IntegratorKind, Simulator};
use std::path::Path;

/// Rod radius h (m) (seed 004 Fig. 7: 1 mm).
pub const H: f64 = 1e-3;
/// Rod length (m).
pub const LENGTH: f64 = 0.1;
/// Nodes.
pub const NODES: usize = 21;
/// Height of the lowest node's centre above the ground at release (m).
pub const HEIGHT: f64 = 0.05;
/// Tilt of the rod at release (rad): one end lands first, then the rod slaps down.
pub const TILT: f64 = 0.3;
/// Density (kg/m³) and Poisson's ratio (seed 004 §7.1).
pub const RHO: f64 = 1500.0;
/// Poisson's ratio.
pub const NU: f64 = 0.3;
/// Ground friction coefficient.
pub const MU: f64 = 0.25;
/// Gravity (m/s², seed 004 uses 9.8).
pub const G: f64 = 9.8;
/// Activation distance δ of `imc_ground.ron` (m).
pub const DELTA: f64 = 1e-5;
/// Time step (s) and horizon (s).
pub const DT: f64 = 2e-4;
/// Horizon (s).
pub const DURATION: f64 = 1.5;
/// Steps between the points kept for the figures.
pub const SAMPLE_EVERY: usize = 5;

/// The drop of a rod with Young's modulus `e`.
#[derive(Debug, Clone)]
pub struct Drop {
    /// Young's modulus (Pa).
    pub youngs_modulus: f64,
    /// `(t, lowest node centre z − h)` (m): the lowest surface point's height, every
    /// [`SAMPLE_EVERY`] steps.
    pub lowest: Vec<(f64, f64)>,
    /// `(t, (K + U_g)/E₀)`, `E₀` the initial value, every [`SAMPLE_EVERY`] steps.
    pub energy: Vec<(f64, f64)>,
    /// Largest penetration over accepted steps (m).
    pub max_penetration: f64,
    /// Smallest gap over every Newton iterate (m).
    pub min_gap: f64,
    /// Kinetic energy at the end over the drop energy `E₀`.
    pub final_kinetic: f64,
    /// Largest `(K + U_g)/E₀` over every step.
    pub max_energy: f64,
}

/// The drop scene for a rod of Young's modulus `e` (Pa) under `integrator`, written with its
/// chain into `dir`, with the simulated duration `duration` (s).
pub fn drop_simulator(
    dir: &Path,
    e: f64,
    integrator: IntegratorKind,
    duration: f64,
) -> Result<Simulator, String> {
    let chain = write_chain(
        dir,
        "imc_ground.ron",
        &edited(
            IMC_GROUND,
            &[
                ("T_IMC.mu", &MU.to_string()),
                ("N_IMC.delta", &DELTA.to_string()),
            ],
        )?,
    )?;
    let (x1, z1) = (LENGTH * TILT.cos(), HEIGHT + H + LENGTH * TILT.sin());
    let z0 = HEIGHT + H;
    let src = format!(
        r#"Scene(
    name: "rod_drop",
    time: (dt: {DT:e}, duration: {duration}, integrator: {integrator}),
    materials: {{ "m": (youngs_modulus: {e:e}, poisson_ratio: {NU}, density: {RHO}) }},
    rods: [(name: "rod", material: "m", radius: {H:e},
            geometry: Straight(start: (0, 0, {z0:e}), end: ({x1:e}, 0, {z1:e}), nodes: {NODES}))],
    planes: [(name: "ground", origin: (0, 0, 0), normal: (0, 0, 1))],
    forces: [Gravity(g: (0, 0, -{G}))],
    contacts: [(chain: "{chain}", first: AllRods, second: AllPlanes, keep_distance: 2e-3)],
)
"#
    );
    let suffix = match integrator {
        IntegratorKind::ImplicitEuler => String::new(),
        other => format!("_{other}"),
    };
    simulate(
        dir,
        &format!("drop_{}{suffix}.ron", pretty_pa(e).replace(' ', "")),
        &src,
    )
}

/// Kinetic energy `Σ ½ mᵢ vᵢ²` and gravity potential `Σ mᵢ g (zᵢ − h)` (J) of the dropped rod.
pub fn mechanical_energy(sim: &Simulator) -> (f64, f64) {
    let m = &sim.model;
    let rod = &m.bodies.rods[0];
    (0..rod.n_nodes)
        .map(|i| {
            let d = rod.node_dof(i);
            let v2 = m.v[d] * m.v[d] + m.v[d + 1] * m.v[d + 1] + m.v[d + 2] * m.v[d + 2];
            (0.5 * m.mass[d] * v2, m.mass[d] * G * (m.q[d + 2] - H))
        })
        .fold((0.0, 0.0), |a, b| (a.0 + b.0, a.1 + b.1))
}

/// Drops the rod with Young's modulus `e` (Pa), writing scene and chain into `dir`.
pub fn drop_rod(dir: &Path, e: f64) -> Result<Drop, String> {
    let mut sim = drop_simulator(dir, e, IntegratorKind::ImplicitEuler, DURATION)?;
    let rod = sim.model.bodies.rods[0].clone();
    let energy = mechanical_energy;
    let lowest = |sim: &Simulator| {
        (0..rod.n_nodes)
            .map(|i| rod.node(&sim.model.q, i).z - H)
            .fold(f64::INFINITY, f64::min)
    };
    let (k0, u0) = energy(&sim);
    let e0 = k0 + u0;
    let mut out = Drop {
        youngs_modulus: e,
        lowest: vec![(0.0, lowest(&sim))],
        energy: vec![(0.0, 1.0)],
        max_penetration: 0.0,
        min_gap: f64::INFINITY,
        final_kinetic: f64::NAN,
        max_energy: 1.0,
    };
    let what = format!("rod drop E = {}", pretty_pa(e));
    let mut e_max = 1.0_f64;
    for k in 1..=(DURATION / DT).round() as usize {
        let r = step(&mut sim, &what)?;
        out.max_penetration = out.max_penetration.max(r.contacts.max_penetration);
        out.min_gap = out.min_gap.min(r.newton.min_gap);
        let (kin, u) = energy(&sim);
        e_max = e_max.max((kin + u) / e0);
        out.final_kinetic = kin / e0;
        // Every step is checked; every fifth is kept for the figures.
        if k % SAMPLE_EVERY == 0 {
            out.lowest.push((r.t, lowest(&sim)));
            out.energy.push((r.t, (kin + u) / e0));
        }
    }
    out.max_energy = e_max;
    Ok(out)
}

/// Drops the soft and the stiff rod.
pub fn run(ctx: &CaseRun) -> Result<CaseReport, String> {
    let dir = ctx.dir;
    let mut report = CaseReport::default();
    let mut low = Figure::new(
        "lowest_point",
        "Rod dropped on the ground: lowest point against time (seed 004 Fig. 7g)",
        "time (s)",
        "height of the lowest surface point (m)",
    );
    let mut en = Figure::new(
        "energy",
        "Mechanical energy (K + U_g) over its initial value",
        "time (s)",
        "(K + U_g)/E₀",
    );
    for e in [2e6, 2e9] {
        let d = drop_rod(dir, e)?;
        let label = format!("E = {}", pretty_pa(e));
        report.checks.push(Check::new(
            format!("{label}: largest penetration vs δ"),
            "m",
            d.max_penetration,
            DELTA,
            Criterion::AtMost,
        ));
        report.checks.push(Check::new(
            format!("{label}: smallest gap over every iterate (reported)"),
            "m",
            d.min_gap,
            0.0,
            Criterion::Report,
        ));
        let e_max = d
            .energy
            .iter()
            .map(|p| p.1)
            .fold(f64::NEG_INFINITY, f64::max);
        report.checks.push(Check::new(
            format!("{label}: max over t of (K + U_g)/E₀"),
            "−",
            e_max,
            1.0,
            Criterion::AtMost,
        ));
        report.checks.push(Check::new(
            format!("{label}: kinetic energy at t = {DURATION} s over E₀"),
            "−",
            d.final_kinetic,
            1e-6,
            Criterion::AtMost,
        ));
        let rest = d.lowest.last().map_or(f64::NAN, |p| p.1);
        report.checks.push(Check::new(
            format!("{label}: lowest point at rest, z − h"),
            "m",
            rest,
            0.0,
            Criterion::Absolute(DELTA),
        ));
        low.curves
            .push(Curve::new(label.clone(), d.lowest, Style::Line));
        en.curves.push(Curve::new(label, d.energy, Style::Line));
    }
    low.curves.push(Curve::new(
        "ground contact (z = 0)",
        vec![(0.0, 0.0), (DURATION, 0.0)],
        Style::Dashed,
    ));
    report.figures.push(low);
    report.figures.push(en);
    report.notes.push(format!(
        "Rod {LENGTH} m long, r = {H} m, {NODES} nodes, ρ = {RHO} kg/m³, ν = {NU}, released at rest \
         with its lower end {HEIGHT} m above the ground and tilted by {TILT} rad; g = {G} m/s²; \
         chain `imc_ground.ron` with μ = {MU}, δ = {DELTA} m; Δt = {DT} s for {DURATION} s. The \
         paper gives no rod length or orientation; these are ours. Energies omit the elastic \
         and contact terms (both non-negative), so K + U_g may only stay below E₀."
    ));
    Ok(report)
}
