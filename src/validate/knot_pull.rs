//! Knot pulling shared by the knot cases (`trefoil`, `overhand`): the rod they tie (h, E), the
//! initial shape of a knot ([`Start`]), how it is pulled ([`Tightening`]), what each record
//! holds ([`KnotPoint`]: shortening, traction, bending energy, the loop's first integral and
//! circle) and the pull itself ([`tighten`]).
//!
//! The rod (h = 1.6 mm, E = 180 kPa, straight at rest) starts as a loose open knot; its two end
//! nodes on each side are pulled apart at a constant speed. The theories are quasi-static, so
//! the rod's density is a free parameter of the runs: it is chosen small enough that the
//! loop's slowest bending mode is fast against the pull (see the cases). The traction is the
//! tension of the straight tails just outside the knot, `F = EA (|eⁱ|/|ēⁱ| − 1)`, averaged over
//! five edges of each tail, which leaves out the drag on the tails. A record is made each time
//! the shortening has fallen by a `records`-th of the pull's; it is the mean over the steps
//! since the previous one (with the Newton iterations they took), and is appended to
//! `<tag>_points.csv` in the case's directory as soon as it is made, so a stopped run keeps
//! what it computed.

use super::braid_knot::Braid;
use super::case::CaseRun;
use super::knot_loop::{LoopShape, measure};
pub use super::knot_settle::{Regime, Settle};
use super::knot_step::{GUARD_DENSITY, RAMP_FACTOR, RAMP_STEPS, guarded_step};
use super::open_knot::{clearance, open_torus_knot, shortening};
use super::support::{IMC, edited, simulate, step, write_chain};
use crate::contact::PrimId;
use crate::math::Vec3;
use crate::system::Simulator;
use std::fmt::Write as _;
use std::io::Write as _;

/// Rod radius h (m).
pub const H: f64 = 1.6e-3;
/// Young's modulus (Pa).
pub const E: f64 = 1.8e5;
/// The IMC contact's distance tolerance δ of the knot pulls (m), 3 % of h. Seed 001 gives no δ
/// for its knots (App. C); its flagella value, 1e-5 m (0.6 % of h), makes the penalty stiffen
/// over δ/15 = 0.7 µm while a strand moves ~100 µm per step, and every knot step then takes
/// 15–25 Newton iterations of a crawling line search. At 5e-5 m the pulls take about a third
/// of the iterations and every recorded traction moves by at most 0.3 % (case `overhand_qs`'s
/// module docs have the controls).
pub const IMC_DELTA: f64 = 5e-5;

/// The initial shape of a knot.
#[derive(Debug, Clone, Copy)]
pub enum Start {
    /// The open torus knot `T(2, q)`, q odd, obtained by inverting the closed one about one of
    /// its points ([`open_torus_knot`]).
    InvertedTorus {
        /// `q` of `T(2, q)`: 3 for the trefoil.
        q: usize,
    },
    /// A loop closed by an even braid of 2n + 1 half-turns ([`Braid`]), the open `T(2, 2n + 1)`.
    Braid(Braid),
}

impl Start {
    /// `q` of the torus knot `T(2, q)` this start ties.
    pub fn q(&self) -> usize {
        match self {
            Start::InvertedTorus { q } => *q,
            Start::Braid(b) => 2 * b.n + 1,
        }
    }

    /// Nodes of the start with end-to-end shortening `e` (m), spaced by about `spacing` (m).
    pub fn nodes(&self, e: f64, spacing: f64) -> Result<Vec<Vec3>, String> {
        match self {
            Start::InvertedTorus { q } => open_torus_knot(*q, e, 0.2, spacing),
            Start::Braid(b) => b.nodes(e, spacing),
        }
    }
}

/// How to tighten.
#[derive(Debug, Clone, Copy)]
pub struct Tightening {
    /// The initial knot.
    pub start: Start,
    /// Friction coefficient.
    pub mu: f64,
    /// Initial end-to-end shortening (m).
    pub e_start: f64,
    /// Stop once the shortening falls to this (m).
    pub e_stop: f64,
    /// Node spacing (m).
    pub spacing: f64,
    /// Speed of each end (m/s).
    pub speed: f64,
    /// Time step (s), reached after the ramp of the first steps.
    pub dt: f64,
    /// Records over the pull (each the mean over an equal share of the fall in shortening).
    pub records: usize,
    /// Viscous drag per unit length (Pa·s) that damps the knot's release from its initial
    /// shape; its pull on the tails is excluded by measuring the tension next to the knot.
    pub drag: f64,
    /// Density of the rod (kg/m³), a free parameter of a quasi-static pull.
    pub density: f64,
    /// Once the knot has formed, a lighter rod and a longer step ([`Settle`]).
    pub settle: Option<Settle>,
    /// Newton's tolerance relative to the largest force norm (`solver.force_tol`, with the
    /// absolute and relative tolerances off); 0 keeps the solver's default tolerances.
    pub force_tol: f64,
    /// The IMC contact's distance tolerance δ (m; `N_IMC.delta`, [`IMC_DELTA`] in the cases
    /// of seed 001): forces act from Δ < 2h + δ, and the penalty stiffens over δ/15.
    pub delta: f64,
    /// Also write the nodes at each record to `<tag>_nodes.csv` (record, node, x, y, z), for
    /// looking at the knot's shape; off in the cases.
    pub dump_nodes: bool,
}

impl Tightening {
    /// Steps of the pull, the Δt ramp included (sub-steps not counted).
    pub fn steps(&self) -> usize {
        let ramp: f64 = (1..=RAMP_STEPS)
            .map(|k| RAMP_FACTOR.powi(k - RAMP_STEPS))
            .sum();
        let (first, second) = match self.settle {
            Some(s) => (
                (self.e_start - s.e) / (2.0 * self.speed),
                (s.e - self.e_stop) / (2.0 * self.speed) / s.dt,
            ),
            None => (self.duration(), 0.0),
        };
        RAMP_STEPS as usize + ((first / self.dt - ramp).max(0.0) + second).ceil() as usize
    }

    /// Simulated duration of the pull (s): the shortening falls by twice the ends' speed.
    pub fn duration(&self) -> f64 {
        (self.e_start - self.e_stop) / (2.0 * self.speed)
    }
}

/// One recorded state of the knot: means over the steps since the previous record.
#[derive(Debug, Clone, Copy)]
pub struct KnotPoint {
    /// Time at the end of the record's window (s).
    pub t: f64,
    /// End-to-end shortening e (m).
    pub e: f64,
    /// Traction F (N).
    pub force: f64,
    /// Active contacts at the end of the window.
    pub contacts: u64,
    /// Bending energy of the centreline, `Σᵢ EI (2 tan(φᵢ/2))² / (2 Δlᵢ)` (J), `φᵢ` the turning
    /// angle at node i and `Δlᵢ` its Voronoi length (Bergou et al. 2008).
    pub bending: f64,
    /// First integral `H = N + EIκ²/2` of the loop (N; [`super::knot_loop`]); NaN when no
    /// loop was found in the window.
    pub loop_h: f64,
    /// Radius of the circle best fitting the loop (m); NaN when no loop was found.
    pub loop_circle: f64,
    /// Sum of the magnitudes of the contact forces (N).
    pub contact_sum: f64,
    /// Newton iterations of the steps in the window (sub-steps and retries included).
    pub newton: u64,
}

impl KnotPoint {
    /// `R = e/(2π)`: the loop as a circle of circumference e (m).
    pub fn radius_e(&self) -> f64 {
        self.e / std::f64::consts::TAU
    }
    /// `R = √(EI/(2H))`: the radius of curvature at which the loop holds its first integral
    /// (m; [`super::knot_loop`]).
    pub fn radius_h(&self) -> f64 {
        (bending_stiffness() / (2.0 * self.loop_h)).sqrt()
    }
    /// `R = πEI/U`: the circle holding the knot's bending energy U (m).
    pub fn radius_bending(&self) -> f64 {
        std::f64::consts::PI * bending_stiffness() / self.bending
    }
    /// `F̄ = F h²/EI`.
    pub fn f_bar(&self) -> f64 {
        self.force * H * H / bending_stiffness()
    }
}

/// `ε = √(h/R)`.
pub fn epsilon(radius: f64) -> f64 {
    (H / radius).sqrt()
}

/// `EI = E π h⁴/4` (N·m²).
pub fn bending_stiffness() -> f64 {
    E * std::f64::consts::PI * H.powi(4) / 4.0
}

/// Discrete bending energy of a polyline with the rod's EI (J), straight at rest.
pub fn bending_energy(pts: &[Vec3]) -> f64 {
    pts.windows(3)
        .map(|w| {
            let (a, b) = (w[1] - w[0], w[2] - w[1]);
            let phi = a.normalize().dot(&b.normalize()).clamp(-1.0, 1.0).acos();
            let kb = 2.0 * (0.5 * phi).tan();
            bending_stiffness() * kb * kb / (a.norm() + b.norm())
        })
        .sum()
}

/// What a pull recorded, and the message of the failed step that ended it early, if one did.
pub type Pull = (Vec<KnotPoint>, Option<String>);

/// Header of `<tag>_points.csv`.
const POINTS_HEADER: &str = "t,e,F,F_bar,contacts,bending,loop_H,R_e,R_H,R_circle,R_bending,\
                             contact_force_sum,newton\n";

/// The scene text of a pull of the knot `nodes`.
fn scene(tag: &str, p: &Tightening, chain: &str, nodes: &[Vec3]) -> String {
    let axis: Vec3 = (nodes[nodes.len() - 1] - nodes[0]).normalize();
    let v = axis * p.speed;
    let mut list = String::new();
    for x in nodes {
        let _ = write!(list, "({:e}, {:e}, {:e}), ", x.x, x.y, x.z);
    }
    format!(
        r#"// Open T(2, {q}) knot tightened by pulling its ends apart (catena validate {tag}).
// The case ramps Δt up over its first {RAMP_STEPS} steps{settle}; `catena run` steps at Δt
// throughout.
Scene(
    name: "{tag}",
    time: (dt: {dt:e}, duration: {duration:e}),
    materials: {{ "m": (youngs_modulus: {E:e}, poisson_ratio: 0.5, density: {rho:e}) }},
    rods: [(name: "rod", material: "m", radius: {H:e}, natural_curvature: (0, 0),
            geometry: Nodes([{list}]))],
    boundary_conditions: [
        Translate(rod: "rod", nodes: [0, 1], velocity: ({:e}, {:e}, {:e})),
        Translate(rod: "rod", nodes: [-2, -1], velocity: ({:e}, {:e}, {:e})),
    ],
    forces: [ViscousDrag(viscosity: {drag:e})],{solver}
    contacts: [(chain: "{chain}", first: AllRods, second: AllRods, keep_distance: {keep:e})],
)
"#,
        -v.x,
        -v.y,
        -v.z,
        v.x,
        v.y,
        v.z,
        q = p.start.q(),
        dt = p.dt,
        duration = p.duration(),
        rho = p.density,
        settle = p.settle.map_or(String::new(), |s| s.describe()),
        keep = H,
        drag = p.drag,
        solver = if p.force_tol > 0.0 {
            format!(
                "\n    solver: (abs_tol: 0, rel_tol: 0, force_tol: {:e}),",
                p.force_tol
            )
        } else {
            String::new()
        },
    )
}

/// The nodes touched by an active rod–rod contact of `sim`'s last step, and the sum of the
/// contact forces' magnitudes (N).
fn touched(sim: &Simulator, n: usize) -> (Vec<bool>, f64) {
    let mut flags = vec![false; n];
    let mut sum = 0.0;
    for c in sim.last_contacts().iter().filter(|c| c.active) {
        for p in [c.key.first, c.key.second] {
            if let PrimId::RodEdge(e) = p {
                let i = e.edge as usize;
                flags[i] = true;
                flags[(i + 1).min(n - 1)] = true;
            }
        }
        let f = |k: usize| Vec3::new(c.force[3 * k], c.force[3 * k + 1], c.force[3 * k + 2]);
        sum += (f(0) + f(1)).norm();
    }
    (flags, sum)
}

/// Ties the knot, pulls, and records `(e, F, …)`; a failed step ends the run and is returned
/// as the message beside what was recorded. Records are appended to `<tag>_points.csv` as
/// they are made; a progress bar labelled `tag` follows the steps.
pub fn tighten(ctx: &CaseRun, tag: &str, p: &Tightening) -> Result<Pull, String> {
    let dir = ctx.dir;
    let nodes = p.start.nodes(p.e_start, p.spacing)?;
    let clear = clearance(&nodes, 8.0 * H);
    if clear < 3.0 * H {
        return Err(format!(
            "initial knot too tight: strands {clear:.2e} m apart for h = {H} m"
        ));
    }
    let chain = write_chain(
        dir,
        &format!("imc_{tag}.ron"),
        &edited(
            IMC,
            &[
                ("T_IMC.mu", &p.mu.to_string()),
                ("N_IMC.delta", &format!("{:e}", p.delta)),
            ],
        )?,
    )?;
    let mut sim = simulate(dir, &format!("{tag}.ron"), &scene(tag, p, &chain, &nodes))?;
    let rod = sim.model.bodies.rods[0].clone();
    let (ea, ei) = (rod.ea(), bending_stiffness());
    let n = rod.n_nodes;
    let csv_path = dir.join(format!("{tag}_points.csv"));
    let mut csv = std::fs::File::create(&csv_path)
        .map_err(|e| format!("cannot create {}: {e}", csv_path.display()))?;
    csv.write_all(POINTS_HEADER.as_bytes())
        .map_err(|e| e.to_string())?;
    let bar = ctx.progress.bar(tag, p.steps() as u64);
    // Tension of the five straight tail edges ending three edges before the first node a
    // contact touches, on each side: what the knot resists, without the drag on the tails.
    let tension = |pts: &[Vec3], flags: &[bool]| {
        let first = flags.iter().position(|&t| t).unwrap_or(n / 2);
        let last = flags.iter().rposition(|&t| t).unwrap_or(n / 2);
        let a = first.saturating_sub(8).max(2);
        let b = (last + 3).min(n - 8);
        let edges = (a..a + 5).chain(b..b + 5);
        let mut sum = 0.0;
        for k in edges.clone() {
            sum += ea * ((pts[k + 1] - pts[k]).norm() / rod.rest_lengths[k] - 1.0);
        }
        sum / edges.count() as f64
    };
    let mut out = Vec::new();
    // Sums over the window: (e, F, bending, Σ|f|, steps) and (H, circle, steps with a loop).
    let mut window = ([0.0; 4], 0usize, [0.0; 2], 0usize);
    let mut newton = 0u64;
    let mut dump = if p.dump_nodes {
        let path = dir.join(format!("{tag}_nodes.csv"));
        let mut f = std::fs::File::create(&path)
            .map_err(|e| format!("cannot create {}: {e}", path.display()))?;
        writeln!(f, "record,node,x,y,z,touched").map_err(|e| e.to_string())?;
        Some(f)
    } else {
        None
    };
    let mut k = 0usize;
    let end = p.duration() - 1e-9 * p.dt;
    // A record each time the shortening has fallen by a `records`-th of the pull's.
    let interval = (p.e_start - p.e_stop) / p.records.max(1) as f64;
    let mut next_record = p.e_start - interval;
    let mut base_dt = p.dt;
    let mut settle = p.settle;
    let mut guard = p.density < GUARD_DENSITY;
    while sim.model.time < end {
        k += 1;
        let ramp = RAMP_FACTOR.powi((k as i32 - RAMP_STEPS).min(0));
        let dt = (base_dt * ramp).min(end - sim.model.time + 1e-12 * p.dt);
        sim.dt = dt;
        let r = match if guard {
            guarded_step(&mut sim, tag, dt)
        } else {
            step(&mut sim, tag)
        } {
            Ok(r) => r,
            Err(e) => {
                bar.abandon_with_message("step failed");
                return Ok((out, Some(e)));
            }
        };
        bar.inc(1);
        newton += u64::from(r.newton.iterations);
        let q = &sim.model.q;
        let pts: Vec<Vec3> = (0..n).map(|i| rod.node(q, i)).collect();
        let (flags, contact_sum) = touched(&sim, n);
        let e = shortening(&pts);
        if let Some(s) = settle.filter(|s| e <= s.e) {
            s.regime.enter(&mut sim, p.density);
            base_dt = s.dt;
            guard = s.regime.guarded();
            settle = None;
        }
        window.0[0] += e;
        window.0[1] += tension(&pts, &flags);
        window.0[2] += bending_energy(&pts);
        window.0[3] += contact_sum;
        window.1 += 1;
        if let Some(LoopShape {
            first_integral,
            circle,
            ..
        }) = measure(&pts, &rod.rest_lengths, ea, ei, &flags)
        {
            window.2[0] += first_integral;
            window.2[1] += circle;
            window.3 += 1;
        }
        if e <= next_record || sim.model.time >= end {
            next_record -= interval;
            let m = window.1 as f64;
            let l = window.3 as f64;
            let point = KnotPoint {
                t: r.t,
                e: window.0[0] / m,
                force: window.0[1] / m,
                contacts: r.contacts.active,
                bending: window.0[2] / m,
                loop_h: if l > 0.0 { window.2[0] / l } else { f64::NAN },
                loop_circle: if l > 0.0 { window.2[1] / l } else { f64::NAN },
                contact_sum: window.0[3] / m,
                newton,
            };
            newton = 0;
            bar.set_message(format!("e = {:.4} m", point.e));
            append(&mut csv, &point)?;
            if let Some(f) = dump.as_mut() {
                let mut text = String::new();
                for (i, x) in pts.iter().enumerate() {
                    let _ = writeln!(
                        text,
                        "{},{i},{:e},{:e},{:e},{}",
                        out.len(),
                        x.x,
                        x.y,
                        x.z,
                        u8::from(flags[i])
                    );
                }
                f.write_all(text.as_bytes()).map_err(|e| e.to_string())?;
            }
            out.push(point);
            window = ([0.0; 4], 0, [0.0; 2], 0);
        }
    }
    bar.finish();
    Ok((out, None))
}

/// Appends one record to the points file (written through at once).
fn append(csv: &mut std::fs::File, k: &KnotPoint) -> Result<(), String> {
    writeln!(
        csv,
        "{:e},{:e},{:e},{:e},{},{:e},{:e},{:e},{:e},{:e},{:e},{:e},{}",
        k.t,
        k.e,
        k.force,
        k.f_bar(),
        k.contacts,
        k.bending,
        k.loop_h,
        k.radius_e(),
        k.radius_h(),
        k.loop_circle,
        k.radius_bending(),
        k.contact_sum,
        k.newton
    )
    .map_err(|e| e.to_string())
}
