//! Case `micropipette`: aspiration of a cortical-tension cell into a micropipette against the
//! liquid-drop model (Evans & Yeung 1989, Biophys. J. 56:151; Hochmuth 2000, J. Biomech.
//! 33:15).
//!
//! A cell (icosphere of level 3, radius 5 µm, cortical tension `T`, volume held by `K_V`) rests
//! at the mouth of a fixed rigid pipette (an open mesh of revolution: a face, a rounded lip, a
//! bore of radius `a` for the membrane; contact through `chains/cell_pressure.ron`, the cell's
//! nodes on the pipette's triangles). The medium in the pipette is `ΔP` below the outside:
//! `Suction` does the work `ΔP V_in` on the cell's volume past the face. Overdamped (surface
//! friction with the medium). Theory ([`super::micropipette_theory`]): below
//! `ΔP_c = 2T (1/a − 1/R_o*)` the tongue settles as a cap of radius `ρ`,
//! `ΔP = 2T (1/ρ − 1/R_o)`, its tip at `L(ρ)` past the face; above it the cell flows in.
//! Judged: the settled tip `L` against theory at `ΔP/ΔP_c = 0.3, 0.6, 0.9`, that these stay
//! below the hemisphere's tip, and that the cell flows in at `1.1 ΔP_c` (the tongue passes
//! `a/2` beyond the hemisphere's tip) — the critical suction bracketed within ±10 %.

use super::case::{CaseReport, CaseRun};
use super::check::{Check, Criterion};
use super::figure::{Curve, Figure, Style};
use super::micropipette_theory::Pipette;
use super::support::{CELL_EDGE_RIGID, CELL_PRESSURE, simulate, step, write_chain};
use crate::system::Simulator;
use std::fmt::Write as _;
use std::path::Path;

/// Rest radius of the cell mesh (m), its level, tension (N/m), bulk modulus (Pa), surface
/// friction (N·s/m³), membrane viscosity (Pa·s), shell thickness and pipette skin (m), and
/// the membrane's Young's modulus (Pa): `E h = 10⁻⁵ N/m`, 1 % of the tension, enough to keep
/// the triangles of the tongue in shape; the membrane viscosity damps the nodes' sliding along
/// the lip (neither changes the equilibrium beyond the membrane's share, below 0.3 % of `T`
/// for the tongue's strains).
const R_CELL: f64 = 5e-6;
const LEVEL: usize = 3;
const TENSION: f64 = 1e-3;
const BULK: f64 = 1e6;
const FRICTION: f64 = 4e7;
const VISCOSITY: f64 = 100.0;
const YOUNG: f64 = 100.0;
const THICKNESS: f64 = 1e-7;
const SKIN: f64 = 4e-7;

/// The pipette: a membrane bore of 2.5 µm (half the cell's radius), a 0.3 µm lip.
fn pipette() -> Pipette {
    Pipette {
        bore: 2.5e-6,
        layer: 0.5 * THICKNESS + SKIN,
        lip: 3e-7,
        face: 7.5e-6,
        length: 1.2e-5,
    }
}

/// The scene at suction `dp` (Pa): time step `dt` (s).
fn scene(dir: &Path, dp: f64, dt: f64) -> Result<String, String> {
    let p = pipette();
    let chain = write_chain(dir, "cell_pipette.ron", CELL_PRESSURE)?;
    let edges = write_chain(dir, "cell_edge_rigid.ron", CELL_EDGE_RIGID)?;
    let (nodes, tris) = p.mesh(64);
    let mut mesh = String::from("Inline(nodes: [");
    for x in &nodes {
        write!(mesh, "[{:e}, {:e}, {:e}], ", x[0], x[1], x[2]).map_err(|e| e.to_string())?;
    }
    mesh.push_str("], triangles: [");
    for t in &tris {
        write!(mesh, "[{}, {}, {}], ", t[0], t[1], t[2]).map_err(|e| e.to_string())?;
    }
    mesh.push_str("])");
    // The cell just clear of the lip (0.05 µm): its centre on the axis where the sphere of
    // radius R + r_l + c + 0.05 µm about it passes through the lip's circle.
    let x = p.bore + p.layer + p.lip;
    let z = p.lip - ((R_CELL + p.lip + p.layer + 5e-8).powi(2) - x * x).sqrt();
    // The suction counts past the membrane on the face and within the lip's mid-circle
    // (a + r_l): the membrane inside the seal where it leaves the glass.
    let width = 0.2e-6;
    let mouth = -p.layer;
    let radius = p.bore + p.lip;
    Ok(format!(
        "Scene(
    name: \"micropipette\",
    time: (dt: {dt}, duration: 1000, integrator: Overdamped),
    solver: (abs_tol: 1e-18, rel_tol: 0, force_tol: 1e-9),
    materials: {{
        \"cortex\": (youngs_modulus: {YOUNG}, poisson_ratio: 0.3333, density: 1000),
        \"glass\": (youngs_modulus: 6.3e10, poisson_ratio: 0.23, density: 2500),
    }},
    shells: [
        (name: \"cell\", material: \"cortex\", thickness: {THICKNESS},
         mesh: Icosphere(radius: {R_CELL}, level: {LEVEL}), translate: (0, 0, {z:e}),
         cell: (tension: {TENSION}, bulk_modulus: {BULK})),
    ],
    rigid_bodies: [
        (name: \"pipette\", material: \"glass\", skin: {SKIN}, motion: Fixed,
         mesh: {mesh}),
    ],
    contacts: [
        (chain: \"{chain}\", first: AllShells, second: AllRigid, keep_distance: 5e-7),
        (chain: \"{edges}\", first: AllShells, second: AllRigid, keep_distance: 5e-7),
    ],
    forces: [
        SurfaceDrag(friction: {FRICTION}), ShellViscosity(viscosity: {VISCOSITY}),
        Suction(body: \"cell\", pressure: {dp}, mouth: (0, 0, {mouth:e}), axis: (0, 0, 1),
                radius: {radius:e}, width: {width:e}),
    ],
)
"
    ))
}

/// Tip of the tongue: the largest `z` of the cell's nodes (m, from the face plane).
fn tip(sim: &Simulator) -> f64 {
    let sh = &sim.model.bodies.shells[0];
    (0..sh.n_nodes())
        .map(|i| sh.node(&sim.model.q, i).z)
        .fold(f64::MIN, f64::max)
}

/// One aspiration: the tip's history `(t, L)`, whether it settled, the end volume (m³),
/// Newton iterations and wall time (s).
struct Aspiration {
    history: Vec<(f64, f64)>,
    settled: bool,
    volume: f64,
    iterations: u32,
    wall: f64,
}

/// Runs suction `dp` until the tip settles (moves less than 2 nm over 20 steps), passes
/// `runaway` (m), or 600 steps (30 s) pass.
fn aspirate(dir: &Path, dp: f64, runaway: f64) -> Result<Aspiration, String> {
    let (dt, max_steps) = (0.05, 600);
    let start = std::time::Instant::now();
    let name = format!("micropipette_{:.0}Pa.ron", dp);
    let mut sim = simulate(dir, &name, &scene(dir, dp, dt)?)?;
    let mut history = vec![(0.0, tip(&sim))];
    let mut iterations = 0;
    let mut settled = false;
    for n in 1..=max_steps {
        iterations += step(&mut sim, &name)?.newton.iterations;
        let l = tip(&sim);
        history.push((sim.model.time, l));
        if l > runaway {
            break;
        }
        if n >= 40 && (l - history[n - 20].1).abs() < 2e-9 {
            settled = true;
            break;
        }
    }
    let volume = sim.model.bodies.shells[0].area_and_volume(&sim.model.q).1;
    Ok(Aspiration {
        history,
        settled,
        volume,
        iterations,
        wall: start.elapsed().as_secs_f64(),
    })
}

/// Runs the case.
pub fn run(ctx: &CaseRun) -> Result<CaseReport, String> {
    let mut report = CaseReport::default();
    let p = pipette();
    // The critical suction of the rest mesh's volume (the runs' volumes are within ΔP/K_V).
    let rest = simulate(
        ctx.dir,
        "micropipette_rest.ron",
        &scene(ctx.dir, 1.0, 0.05)?,
    )?;
    let v0 = rest.model.bodies.shells[0].area_and_volume(&rest.model.q).1;
    let (dp_c, r_star) = p.critical(TENSION, v0);
    let hemisphere = p.tip(p.bore);
    let runaway = hemisphere + 0.5 * p.bore;
    let mut histories = Figure::new(
        "micropipette_tip",
        "Tip of the aspirated tongue past the pipette's face under suction ΔP",
        "t (s)",
        "L (µm)",
    );
    let mut settled_points = Vec::new();
    let mut notes = Vec::new();
    let (mut largest_settled, mut smallest_runaway) = (0.0_f64, f64::INFINITY);
    for f in [0.3, 0.6, 0.9, 1.1] {
        let dp = f * dp_c;
        let run = aspirate(ctx.dir, dp, runaway)?;
        let l = run.history.last().map_or(0.0, |h| h.1);
        let t_end = run.history.last().map_or(0.0, |h| h.0);
        histories = histories.with(Curve::new(
            format!("ΔP = {f} ΔP_c"),
            run.history.iter().map(|&(t, l)| (t, l * 1e6)).collect(),
            Style::Line,
        ));
        if let Some((_, rho, l_theory)) = p.equilibrium(TENSION, run.volume, dp) {
            report.checks.push(Check::new(
                format!("settled tip L at ΔP = {f} ΔP_c (ρ = {:.3} µm)", rho * 1e6),
                "µm",
                l * 1e6,
                l_theory * 1e6,
                Criterion::Absolute(0.15),
            ));
            report.checks.push(Check::new(
                format!("tip at ΔP = {f} ΔP_c below the hemisphere's a + r_l"),
                "µm",
                l * 1e6,
                hemisphere * 1e6,
                Criterion::AtMost,
            ));
            settled_points.push((dp, l * 1e6));
        } else {
            report.checks.push(Check::new(
                format!("tip at ΔP = {f} ΔP_c past the hemisphere by a/2 (flowing in)"),
                "µm",
                l * 1e6,
                runaway * 1e6,
                Criterion::Above,
            ));
        }
        if run.settled {
            largest_settled = largest_settled.max(f);
        } else if l > runaway {
            smallest_runaway = smallest_runaway.min(f);
        }
        notes.push(format!(
            "{f} ΔP_c = {dp:.1} Pa: {} at t = {t_end:.2} s, L = {:.3} µm, {} Newton iterations, \
             {:.1} s wall",
            if run.settled {
                "settled"
            } else if l > runaway {
                "flowed in"
            } else {
                "still moving"
            },
            l * 1e6,
            run.iterations,
            run.wall
        ));
        ctx.write_partial(&report.checks)?;
    }
    report.checks.push(Check::new(
        "largest suction that settles, in ΔP_c",
        "",
        largest_settled,
        1.0,
        Criterion::AtMost,
    ));
    report.checks.push(Check::new(
        "smallest suction that flows in, in ΔP_c",
        "",
        smallest_runaway,
        1.0,
        Criterion::Above,
    ));
    let theory: Vec<(f64, f64)> = (0..=40)
        .filter_map(|k| {
            let dp = dp_c * k as f64 / 40.0;
            p.equilibrium(TENSION, v0, dp)
                .map(|(_, _, l)| (dp, l * 1e6))
        })
        .collect();
    report.figures.push(histories);
    report.figures.push(
        Figure::new(
            "micropipette_tongue",
            "Settled tongue against suction: liquid-drop model (Evans & Yeung 1989)",
            "ΔP (Pa)",
            "L (µm)",
        )
        .with(Curve::new("theory, rounded lip", theory, Style::Line))
        .with(Curve::new(
            "ΔP_c",
            vec![(dp_c, 0.0), (dp_c, hemisphere * 1e6)],
            Style::Line,
        ))
        .with(Curve::new("catena, settled", settled_points, Style::Points)),
    );
    report.notes.push(format!(
        "micropipette: icosphere of level {LEVEL} (642 nodes), R = {} µm, T = {TENSION} N/m, \
         K_V = {BULK:e} Pa, V = {v0:.4e} m³; pipette bore a = {} µm for the membrane (mesh \
         {:.2} µm, contact layer {:.2} µm), lip {} µm; N_LinearPressure k = 1e11 Pa/m; \
         surface friction {FRICTION:e} N·s/m³, membrane viscosity {VISCOSITY} Pa·s, E h = 1e-5 \
         N/m, Δt = 0.05 s; suction past the face's contact layer within r < a + r_l, ramps \
         0.2 µm; the cell's nodes on the pipette's triangles (cell_pressure.ron) and its edges \
         on the pipette's edges (cell_edge_rigid.ron, which keeps the membrane from cutting \
         across the lip). ΔP_c \
         = 2T(1/a − 1/R_o*) = {dp_c:.1} Pa (R_o* = {:.3} µm), hemisphere's tip {:.3} µm. {}.",
        R_CELL * 1e6,
        p.bore * 1e6,
        (p.bore + p.layer) * 1e6,
        p.layer * 1e6,
        p.lip * 1e6,
        r_star * 1e6,
        hemisphere * 1e6,
        notes.join("; ")
    ));
    Ok(report)
}
