//! Case `rbc_stretch`: a red blood cell stretched by optical tweezers (Dao, Lim & Suresh 2003,
//! J. Mech. Phys. Solids 51:2259; Mills, Qie, Dao, Lim & Suresh 2004, Mech. Chem. Biosyst.
//! 1:169): the cell's axial and transverse diameters against the stretching force, beside the
//! measurements.
//!
//! **Model.** The Evans–Fung biconcave cell (`RedCell(radius: 3.91 µm, level: 3)`: 642 nodes,
//! diameter 7.82 µm, 94 µm³, 135 µm²) with a hyperelastic membrane on its rest triangles, hinge
//! bending `E h³/12 = 2e-19 J` (E = 2.4 kPa, h = 0.1 µm; the material only sets bending), its
//! volume held by a bulk modulus `K_V = 10 kPa` and its total area by `K_A = 0.5 N/m` (the
//! bilayer's, Evans, Waugh & Melnik 1976). Two opposite forces `±F` along x, each shared
//! equally by the nodes within 1 µm of a rim point: a contact diameter of 2 µm for the bead's
//! bond (a choice: on this mesh it holds 19 nodes, a 1 µm contact only 3, with which the
//! Skalak cell is 8 % longer at 88 and 193 pN, 14.34 and 17.59 µm). Equilibrium is
//! reached through the overdamped mode with a weak surface friction (`γ = 10⁶ N·s/m³`,
//! Δt = 0.5 s): its drag `γĀ/Δt ≈ 4e-7 N/m` per node holds the rigid modes and the membrane's
//! compressive (buckling) directions that leave the static Hessian singular or indefinite, and
//! vanishes at rest. The force goes through the measured levels, each ramped in over 2 s and
//! held for 2 s; the rows are the state at the end of each hold (the notes give how much the
//! axial diameter still moved over the hold's last step).
//!
//! **Laws.** Skalak's law with the shear modulus Mills et al. fitted, `G_s = 5.3 µN/m`, and
//! `C = 10` (the local area held at `K = 21 G_s`, a usual red-cell choice), judged; and Mills
//! et al.'s own law at their parameters, the incompressible Yeoh sheet with `μ₀ = 5.3 µN/m`,
//! `C₃ = μ₀/30` ([`crate::elastic::shell::MembraneLaw::Yeoh`]), reported: on this cell and
//! contact it is softer than their finite-element cell (18.1 µm at 193 pN against the measured
//! 15.3 µm that their model matched). Dimitrakopoulos (2012, Phys. Rev. E 85:041917) fitted the
//! Skalak law to the same data at `G_s` = 2.4–2.75 µN/m with his own cell and contact model;
//! on this one `G_s = 2.5 µN/m` gives 19.3 µm at 193 pN (a single-level run).
//!
//! **Data.** Mills et al. 2004, their figure of the axial and transverse diameters against
//! force (the mean of the measured cells, 0–193 pN, with the lowest and highest), as digitised
//! in the Korali RBC-stretch study case (cselab, `examples/study.cases/RBCStretch/model/data/
//! Mills.2004.txt`). The digitisation carries three decimals, more than a figure read by eye
//! holds: take the values to about 0.1 µm.

use super::case::{CaseReport, CaseRun};
use super::check::{Check, Criterion};
use super::figure::{Curve, Figure, Style};
use super::support::{simulate, step};
use crate::system::Simulator;

/// Mills et al. 2004: force (pN), transverse diameter mean, axial mean, transverse low and
/// high, axial low and high (µm).
const MILLS: [[f64; 7]; 13] = [
    [0.000, 7.740, 7.738, 7.113, 8.355, 7.160, 8.492],
    [15.987, 6.707, 9.155, 5.942, 7.451, 8.344, 9.995],
    [19.338, 6.489, 9.648, 5.864, 7.102, 8.695, 10.617],
    [30.754, 6.107, 10.029, 5.321, 6.836, 8.905, 11.160],
    [38.365, 5.944, 10.905, 5.093, 6.823, 9.718, 12.080],
    [47.245, 5.399, 11.341, 4.488, 6.472, 10.063, 12.753],
    [67.964, 4.963, 12.322, 3.874, 6.067, 10.898, 13.796],
    [87.837, 4.747, 13.027, 3.603, 5.864, 11.436, 14.682],
    [108.949, 4.475, 13.626, 3.395, 5.578, 11.783, 15.512],
    [130.513, 4.529, 14.062, 3.448, 5.511, 12.144, 16.056],
    [150.809, 4.475, 14.553, 3.457, 5.450, 12.426, 16.730],
    [172.374, 4.475, 14.825, 3.591, 5.383, 12.701, 17.030],
    [192.688, 4.257, 15.261, 3.440, 5.091, 12.954, 17.650],
];

/// Ramp and hold of each force level (s), and the step (s).
const RAMP: f64 = 2.0;
const HOLD: f64 = 2.0;
const DT: f64 = 0.5;
/// Tolerance on the axial diameter of the judged law (relative to the mean measured value).
const AXIAL_TOL: f64 = 0.10;

/// The scene: the cell with `membrane`, and a `PatchForce` pair per force increment.
fn scene(membrane: &str) -> String {
    let mut forces = String::new();
    let mut previous = 0.0;
    for (k, row) in MILLS.iter().enumerate().skip(1) {
        let df = (row[0] - previous) * 1e-12;
        previous = row[0];
        let start = (k - 1) as f64 * (RAMP + HOLD);
        for side in [1.0, -1.0] {
            forces.push_str(&format!(
                "        PatchForce(body: \"rbc\", center: ({x:e}, 0, 0), radius: 1e-6, force: \
                 ({f:e}, 0, 0), start: {start}, ramp: {RAMP}),\n",
                x = side * 3.91e-6,
                f = side * df,
            ));
        }
    }
    format!(
        "Scene(
    name: \"rbc_stretch\",
    time: (dt: {DT}, duration: {duration}, integrator: Overdamped),
    solver: (abs_tol: 1e-16, rel_tol: 0, force_tol: 0, max_iterations: 50,
             line_search: GoldsteinPrice),
    materials: {{ \"spectrin\": (youngs_modulus: 2400, poisson_ratio: 0.3, density: 1000) }},
    shells: [
        (name: \"rbc\", material: \"spectrin\", thickness: 1e-7, bending: Hinge,
         membrane: {membrane}, mesh: RedCell(radius: 3.91e-6, level: 3),
         cell: (area_modulus: 0.5, bulk_modulus: 1e4)),
    ],
    forces: [
        SurfaceDrag(friction: 1e6),
{forces}    ],
)
",
        duration = (MILLS.len() - 1) as f64 * (RAMP + HOLD),
    )
}

/// Axial (x) and transverse (y) extents of the cell (µm).
fn diameters(sim: &Simulator) -> (f64, f64) {
    let nodes = sim.model.bodies.shells[0].nodes(&sim.model.q);
    let extent = |k: usize| {
        let (lo, hi) = nodes
            .iter()
            .fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), x| {
                (a.min(x[k]), b.max(x[k]))
            });
        (hi - lo) * 1e6
    };
    (extent(0), extent(1))
}

/// One law through every force level: `(F, D_A, D_T)` per level (pN, µm), the largest change
/// of `D_A` over a hold's last step (µm), and the Newton iterations.
struct Stretch {
    rows: Vec<(f64, f64, f64)>,
    creep: f64,
    iterations: u32,
}

fn stretch(ctx: &CaseRun, name: &str, membrane: &str) -> Result<Stretch, String> {
    let mut sim = simulate(ctx.dir, &format!("{name}.ron"), &scene(membrane))?;
    let (a0, t0) = diameters(&sim);
    let mut rows = vec![(0.0, a0, t0)];
    let (mut creep, mut iterations) = (0.0f64, 0);
    let steps = ((RAMP + HOLD) / DT).round() as usize;
    for row in MILLS.iter().skip(1) {
        let mut last = 0.0;
        for k in 0..steps {
            iterations += step(&mut sim, name)?.newton.iterations;
            let (a, _) = diameters(&sim);
            if k + 1 == steps {
                creep = creep.max((a - last).abs());
            }
            last = a;
        }
        let (a, t) = diameters(&sim);
        rows.push((row[0], a, t));
    }
    Ok(Stretch {
        rows,
        creep,
        iterations,
    })
}

/// Runs both laws.
pub fn run(ctx: &CaseRun) -> Result<CaseReport, String> {
    let mut report = CaseReport::default();
    let mut figure = Figure::new(
        "rbc_stretch",
        "Red blood cell stretched by optical tweezers: diameters against force",
        "F (pN)",
        "diameter (µm)",
    );
    let column = |c: usize| MILLS.iter().map(|r| (r[0], r[c])).collect::<Vec<_>>();
    let measured = [
        ("Mills et al. 2004, axial (mean)", 2, Style::Points),
        ("axial, lowest measured", 5, Style::Dashed),
        ("axial, highest measured", 6, Style::Dashed),
        ("Mills et al. 2004, transverse (mean)", 1, Style::Points),
        ("transverse, lowest measured", 3, Style::Dashed),
        ("transverse, highest measured", 4, Style::Dashed),
    ];
    for (label, c, style) in measured {
        figure = figure.with(Curve::new(label, column(c), style));
    }
    let laws = [
        (
            "skalak",
            "Skalak(shear_modulus: 5.3e-6, c: 10)",
            "Skalak G_s = 5.3 µN/m, C = 10",
            true,
        ),
        (
            "yeoh",
            "Yeoh(shear_modulus: 5.3e-6)",
            "Yeoh μ₀ = 5.3 µN/m, C₃ = μ₀/30",
            false,
        ),
    ];
    let mut notes = Vec::new();
    for (name, membrane, label, judged) in laws {
        let run = stretch(ctx, name, membrane)?;
        for ((f, a, t), data) in run.rows.iter().zip(&MILLS).skip(1) {
            let axial = if judged {
                Criterion::Relative(AXIAL_TOL)
            } else {
                Criterion::Report
            };
            report.checks.push(Check::new(
                format!("axial diameter at {f:.1} pN, {label}"),
                "µm",
                *a,
                data[2],
                axial,
            ));
            report.checks.push(Check::new(
                format!("transverse diameter at {f:.1} pN, {label}"),
                "µm",
                *t,
                data[1],
                Criterion::Report,
            ));
        }
        let curve = |pick: fn(&(f64, f64, f64)) -> f64| {
            run.rows.iter().map(|r| (r.0, pick(r))).collect::<Vec<_>>()
        };
        figure = figure
            .with(Curve::new(
                format!("catena axial, {label}"),
                curve(|r| r.1),
                Style::Line,
            ))
            .with(Curve::new(
                format!("catena transverse, {label}"),
                curve(|r| r.2),
                Style::Line,
            ));
        notes.push(format!(
            "{label}: {} Newton iterations, the axial diameter moved at most {:.3} µm over the \
             last step of a hold",
            run.iterations, run.creep
        ));
        ctx.write_partial(&report.checks)?;
    }
    report.figures.push(figure);
    report.notes.push(format!(
        "Evans–Fung cell (RedCell, level 3, 642 nodes, D₀ = 7.82 µm), bending E h³/12 = 2e-19 J, \
         K_A = 0.5 N/m, K_V = 10 kPa; ±F on the nodes within 1 µm of the rim points (contact \
         diameter 2 µm); overdamped, γ = 10⁶ N·s/m³, Δt = {DT} s, each level ramped over {RAMP} \
         s and held {HOLD} s. The Skalak law's axial diameter is judged within ±{:.0} % of the \
         mean measurement (the measured cells spread by ±9 to ±15 % about it); the transverse \
         diameter, whose scatter reaches ±20 %, and Mills et al.'s Yeoh law are reported. {}.",
        AXIAL_TOL * 100.0,
        notes.join("; ")
    ));
    Ok(report)
}
