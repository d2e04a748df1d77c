//! Case `incline`: a straight rod lying across an incline, for four friction laws side by side
//! (`T_IMC`, `T_IPC`, `T_CoulombFriction`, `T_CundallStrack`, all with μ = 0.3), against the
//! Coulomb block on a slope.
//!
//! Gravity is tilted by θ against the ground plane z = 0, the rod lies along x and slides along
//! y. Every node is a point–plane contact whose friction is proportional to its weight, so the
//! whole rod behaves as one block (Coulomb 1785; any dynamics text):
//! * for `tan θ < μ` it sticks; a regularised law creeps instead at a speed its regularisation
//!   bounds: below the slip tolerance ν of `T_IMC` (seed 001 Eqs. 14–21) and ε_v of `T_IPC`
//!   (Li et al. 2020 Eq. 16); the dashpot of `T_CoulombFriction` (Haff & Werner 1986) acts per
//!   contact node, so the rod bows (its half-mass end nodes feel the same dashpot) while the
//!   mean speed of its `n` nodes is exactly `v̄ = M g sin θ / (n c_t)` (m/s, `M` the rod mass:
//!   the internal forces sum to zero and inertia vanishes at steady creep);
//! * for `tan θ > μ` it slides with `a = g (sin θ − μ cos θ)` (m/s²).

use super::case::{CaseReport, CaseRun};
use super::check::{Check, Criterion};
use super::figure::{Curve, Figure, Style};
use super::support::{IMC_GROUND, IPC_GROUND, edited, simulate, step, write_chain};
use std::path::Path;

/// Friction coefficient of every law.
pub const MU: f64 = 0.3;
/// Gravity (m/s²).
pub const G: f64 = 9.81;
/// Time step (s).
pub const DT: f64 = 1e-3;
/// Rod radius (m).
pub const RADIUS: f64 = 2e-3;
/// Rod density (kg/m³).
pub const RHO: f64 = 1000.0;
/// Nodes of the rod (0.1 m long).
pub const NODES: usize = 11;
/// Regularising dashpot of `T_CoulombFriction` (N·s/m).
pub const C_T: f64 = 1.0;
/// Slip tolerance of `T_IMC` in `chains/imc_ground.ron` and ε_v of `T_IPC` in
/// `chains/ipc_ground.ron` (m/s).
pub const SLIP_TOLERANCE: f64 = 1e-4;

const ROD_GROUND_CUNDALL_STRACK: &str = include_str!("../../chains/rod_ground_cundall_strack.ron");

/// One friction law of the comparison.
#[derive(Debug, Clone)]
pub struct Law {
    /// Element name.
    pub name: &'static str,
    /// Chain file name.
    pub file: &'static str,
    /// Chain text.
    pub chain: String,
}

/// The four chains, every one with μ = 0.3.
pub fn laws() -> Result<Vec<Law>, String> {
    let mu = MU.to_string();
    Ok(vec![
        Law {
            name: "T_IMC",
            file: "imc_ground.ron",
            chain: edited(IMC_GROUND, &[("T_IMC.mu", &mu)])?,
        },
        Law {
            name: "T_IPC",
            file: "ipc_ground.ron",
            chain: edited(IPC_GROUND, &[("T_IPC.mu", &mu)])?,
        },
        Law {
            name: "T_CoulombFriction",
            file: "rod_ground_coulomb.ron",
            chain: format!(
                "// Rod node–ground contact, penalty normal force of rod_ground_cundall_strack.ron,\n\
                 // regularised Coulomb friction F_t = −min(c_t‖v_t‖, μF_n) v̂_t (Haff & Werner 1986).\n\
                 Chain(name: \"rod_ground_coulomb\", elements: [Point_1_Data, Plane_2_Data, Point_Plane,\n\
                 N_LinearForce(stiffness: 1e4, damping: 0.05, damping_onset: 5e-5),\n\
                 T_CoulombFriction(mu: {MU}, c_t: {C_T}), AssembleForces, AssembleContactMatrix])\n"
            ),
        },
        Law {
            name: "T_CundallStrack",
            file: "rod_ground_cundall_strack.ron",
            chain: edited(
                ROD_GROUND_CUNDALL_STRACK,
                &[("T_CundallStrack.mu_s", &mu), ("T_CundallStrack.mu_d", &mu)],
            )?,
        },
    ])
}

/// Mass of the rod (kg): ρ π r² L with L = 0.1 m.
pub fn rod_mass() -> f64 {
    RHO * std::f64::consts::PI * RADIUS * RADIUS * 0.1
}

/// The downhill motion of the rod after one step.
#[derive(Debug, Clone, Copy)]
pub struct Sample {
    /// Time (s).
    pub t: f64,
    /// Centre-of-mass velocity along the slope (m/s).
    pub v_com: f64,
    /// Mean velocity of the nodes along the slope (m/s).
    pub v_mean: f64,
}

/// The rod across the slope of angle `theta` (rad) on the chain `chain` (relative to `dir`),
/// resting 5 µm above the ground (inside every law's activation band, and a positive gap for
/// IPC), stepped `steps` times.
pub fn slide(dir: &Path, chain: &str, theta: f64, steps: usize) -> Result<Vec<Sample>, String> {
    let (gy, gz) = (G * theta.sin(), -G * theta.cos());
    let z = RADIUS + 5e-6;
    let src = format!(
        r#"Scene(
    name: "rod_incline",
    time: (dt: {DT:e}, duration: 10.0),
    materials: {{ "m": (youngs_modulus: 1e6, poisson_ratio: 0.5, density: {RHO}) }},
    rods: [(name: "r", material: "m", radius: {RADIUS:e},
            geometry: Straight(start: (0, 0, {z:e}), end: (0.1, 0, {z:e}), nodes: {NODES}))],
    planes: [(name: "slope", origin: (0, 0, 0), normal: (0, 0, 1))],
    forces: [Gravity(g: (0, {gy:e}, {gz:e}))],
    contacts: [(chain: "{chain}", first: AllRods, second: AllPlanes, keep_distance: 2e-3)],
)
"#
    );
    let mut sim = simulate(dir, "incline.ron", &src)?;
    let dofs: Vec<usize> = (0..NODES)
        .map(|i| sim.model.bodies.rods[0].node_dof(i) + 1)
        .collect();
    (0..steps)
        .map(|_| {
            step(&mut sim, chain)?;
            let m = &sim.model;
            let mass: f64 = dofs.iter().map(|&d| m.mass[d]).sum();
            Ok(Sample {
                t: m.time,
                v_com: dofs.iter().map(|&d| m.mass[d] * m.v[d]).sum::<f64>() / mass,
                v_mean: dofs.iter().map(|&d| m.v[d]).sum::<f64>() / NODES as f64,
            })
        })
        .collect()
}

/// Centre-of-mass acceleration (m/s²) from the velocities at steps `i` and `j`.
pub fn acceleration(path: &[Sample], i: usize, j: usize) -> f64 {
    (path[j].v_com - path[i].v_com) / (path[j].t - path[i].t)
}

/// Mean creep speed of the nodes under `T_CoulombFriction` at angle `theta`: `M g sin θ / (n c_t)`.
pub fn coulomb_creep(theta: f64) -> f64 {
    rod_mass() * G * theta.sin() / (NODES as f64 * C_T)
}

/// Runs every law below (tan θ = μ/2) and above (tan θ = 2μ) the friction angle.
pub fn run(ctx: &CaseRun) -> Result<CaseReport, String> {
    let dir = ctx.dir;
    let stick = (0.5 * MU).atan();
    let slip = (2.0 * MU).atan();
    let a_theory = G * (slip.sin() - MU * slip.cos());
    let mut report = CaseReport::default();
    let mut stick_fig = Figure::new(
        "stick",
        &format!(
            "Below the friction angle: θ = {:.1}°, tan θ = μ/2",
            stick.to_degrees()
        ),
        "time (s)",
        "mean downhill speed of the nodes (m/s)",
    );
    let mut slide_fig = Figure::new(
        "slide",
        &format!(
            "Above the friction angle: θ = {:.1}°, tan θ = 2μ",
            slip.to_degrees()
        ),
        "time (s)",
        "downhill speed of the centre of mass (m/s)",
    );
    let (n_stick, n_slide) = (500, 300);
    for law in laws()? {
        let chain = write_chain(dir, law.file, &law.chain)?;
        let path = slide(dir, &chain, stick, n_stick)?;
        let v = path[n_stick - 1].v_mean;
        report.checks.push(match law.name {
            "T_CoulombFriction" => Check::new(
                format!(
                    "{}: mean creep speed at tan θ = μ/2 vs M g sin θ/(n c_t)",
                    law.name
                ),
                "m/s",
                v,
                coulomb_creep(stick),
                Criterion::Relative(0.02),
            ),
            "T_CundallStrack" => Check::new(
                format!("{}: |mean speed| at tan θ = μ/2 (sticks)", law.name),
                "m/s",
                v.abs(),
                1e-6,
                Criterion::AtMost,
            ),
            _ => Check::new(
                format!(
                    "{}: |mean speed| at tan θ = μ/2 vs slip tolerance",
                    law.name
                ),
                "m/s",
                v.abs(),
                SLIP_TOLERANCE,
                Criterion::AtMost,
            ),
        });
        stick_fig.curves.push(Curve::new(
            law.name,
            path.iter().map(|p| (p.t, p.v_mean)).collect(),
            Style::Line,
        ));
        let path = slide(dir, &chain, slip, n_slide)?;
        report.checks.push(Check::new(
            format!("{}: centre-of-mass acceleration at tan θ = 2μ", law.name),
            "m/s²",
            acceleration(&path, 100, n_slide - 1),
            a_theory,
            Criterion::Relative(0.02),
        ));
        slide_fig.curves.push(Curve::new(
            law.name,
            path.iter().map(|p| (p.t, p.v_com)).collect(),
            Style::Line,
        ));
    }
    let t_end = DT * n_slide as f64;
    slide_fig.curves.push(Curve::new(
        "g(sin θ − μ cos θ) t",
        vec![(0.0, 0.0), (t_end, a_theory * t_end)],
        Style::Dashed,
    ));
    let creep = coulomb_creep(stick);
    stick_fig.curves.push(Curve::new(
        "Coulomb creep M g sin θ/(n c_t)",
        vec![(0.0, creep), (DT * n_stick as f64, creep)],
        Style::Dashed,
    ));
    stick_fig.curves.push(Curve::new(
        "slip tolerance ν = ε_v",
        vec![(0.0, SLIP_TOLERANCE), (DT * n_stick as f64, SLIP_TOLERANCE)],
        Style::Dashed,
    ));
    report.figures.push(stick_fig);
    report.figures.push(slide_fig);
    report.notes.push(format!(
        "Rod 0.1 m, {NODES} nodes, r = {RADIUS} m, E = 1 MPa, ρ = {RHO} kg/m³, lying along x on the \
         plane z = 0 with gravity tilted by θ towards +y; Δt = {DT} s. Chains (μ = {MU}): \
         `imc_ground.ron` (IMC, ν = 1e-4 m/s), `ipc_ground.ron` (IPC, ε_v = 1e-4 m/s), \
         `rod_ground_cundall_strack.ron` with T_CoulombFriction(c_t = {C_T} N·s/m) in place of \
         the spring, and with μ_s = μ_d = {MU}. The acceleration is measured between steps 100 \
         and {n_slide} (after the start-up transient)."
    ));
    Ok(report)
}
