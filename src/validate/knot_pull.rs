//! Knot pulling shared by the knot cases (`trefoil`, `overhand`): the rod they tie (h, E, ρ), the
//! initial shape of a knot ([`Start`]), how it is pulled ([`Tightening`]), what each record
//! holds ([`KnotPoint`]: shortening, traction, bending energy) and the pull itself
//! ([`tighten`]).
//!
//! The rod (h = 1.6 mm, E = 180 kPa, straight at rest) starts as a loose open knot; its two end
//! nodes on each side are pulled apart at a constant slow speed (quasi-static: inertia is
//! ~10⁻³ of the traction). The traction is the tension of the straight tails just outside the
//! knot, `F = EA (|eⁱ|/|ēⁱ| − 1)`, averaged over five edges of each tail.

use super::braid_knot::Braid;
use super::open_knot::{clearance, open_torus_knot, shortening};
use super::support::{IMC, edited, simulate, step, write_chain};
use crate::math::Vec3;
use std::fmt::Write as _;
use std::path::Path;

/// Rod radius h (m).
pub const H: f64 = 1.6e-3;
/// Young's modulus (Pa).
pub const E: f64 = 1.8e5;
/// Density (kg/m³; not given by the paper, irrelevant when quasi-static).
pub const RHO: f64 = 1000.0;

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
    /// Time step (s).
    pub dt: f64,
    /// Record every this many steps.
    pub every: usize,
    /// Viscous drag per unit length (Pa·s) that damps the knot's release from its initial
    /// shape; its pull on the tails is excluded by measuring the tension next to the knot.
    pub drag: f64,
}

/// One recorded state of the knot.
#[derive(Debug, Clone, Copy)]
pub struct KnotPoint {
    /// Time at the end of the record's window (s).
    pub t: f64,
    /// End-to-end shortening e (m), the mean over the window.
    pub e: f64,
    /// Traction F (N), the mean over the steps since the previous record.
    pub force: f64,
    /// Active contacts.
    pub contacts: u64,
    /// Bending energy of the centreline, `Σᵢ EI (2 tan(φᵢ/2))² / (2 Δlᵢ)` (J), `φᵢ` the turning
    /// angle at node i and `Δlᵢ` its Voronoi length (Bergou et al. 2008); mean over the window.
    pub bending: f64,
}

impl KnotPoint {
    /// `ε = √(h/R)` with `R = e/(2π)`.
    pub fn epsilon(&self) -> f64 {
        (H * std::f64::consts::TAU / self.e).sqrt()
    }
    /// `F̄ = F h²/EI`.
    pub fn f_bar(&self) -> f64 {
        self.force * H * H / bending_stiffness()
    }
    /// Bending energy over that of the circular loop of the theory, `π EI / R` with
    /// `R = e/(2π)`: how far the knot is from the leading-order shape of Eq. C.1.
    pub fn bending_ratio(&self) -> f64 {
        self.bending * self.e / (2.0 * std::f64::consts::PI.powi(2) * bending_stiffness())
    }
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

/// Ties the knot, pulls, and records `(e, F)`; a failed step ends the run and is returned as
/// the message beside what was recorded.
pub fn tighten(dir: &Path, tag: &str, p: &Tightening) -> Result<Pull, String> {
    let nodes = p.start.nodes(p.e_start, p.spacing)?;
    let clear = clearance(&nodes, 8.0 * H);
    if clear < 3.0 * H {
        return Err(format!(
            "initial knot too tight: strands {clear:.2e} m apart for h = {H} m"
        ));
    }
    let axis: Vec3 = (nodes[nodes.len() - 1] - nodes[0]).normalize();
    let v = axis * p.speed;
    let chain = write_chain(
        dir,
        &format!("imc_{tag}.ron"),
        &edited(IMC, &[("T_IMC.mu", &p.mu.to_string())])?,
    )?;
    let mut list = String::new();
    for x in &nodes {
        let _ = write!(list, "({:e}, {:e}, {:e}), ", x.x, x.y, x.z);
    }
    let duration = (p.e_start - p.e_stop) / (2.0 * p.speed);
    let src = format!(
        r#"// Open T(2, {q}) knot tightened by pulling its ends apart (catena validate {tag}).
Scene(
    name: "{tag}",
    time: (dt: {dt:e}, duration: {duration:e}),
    materials: {{ "m": (youngs_modulus: {E:e}, poisson_ratio: 0.5, density: {RHO}) }},
    rods: [(name: "rod", material: "m", radius: {H:e}, natural_curvature: (0, 0),
            geometry: Nodes([{list}]))],
    boundary_conditions: [
        Translate(rod: "rod", nodes: [0, 1], velocity: ({:e}, {:e}, {:e})),
        Translate(rod: "rod", nodes: [-2, -1], velocity: ({:e}, {:e}, {:e})),
    ],
    forces: [ViscousDrag(viscosity: {drag})],
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
        keep = H,
        drag = p.drag,
    );
    let mut sim = simulate(dir, &format!("{tag}.ron"), &src)?;
    let rod = sim.model.rods[0].clone();
    let ea = rod.ea();
    let n = rod.n_nodes;
    // Tension of the five straight tail edges ending three edges before the tail meets the
    // knot (the first node, walking in from the end, within 4h of a part of the rod more than
    // 10h away along it): what the knot resists, without the drag on the tails.
    let tension = |q: &[f64]| {
        let pts: Vec<Vec3> = (0..n).map(|i| rod.node(q, i)).collect();
        let s = &rod.arc_length;
        let near = |i: usize| {
            (0..n).any(|j| (s[i] - s[j]).abs() > 10.0 * H && (pts[i] - pts[j]).norm() < 4.0 * H)
        };
        let first = (2..n / 2).find(|&i| near(i)).unwrap_or(n / 2);
        let last = (n / 2..n - 2).rev().find(|&i| near(i)).unwrap_or(n / 2);
        let a = first.saturating_sub(8).max(2);
        let b = (last + 3).min(n - 8);
        let edges = (a..a + 5).chain(b..b + 5);
        let mut sum = 0.0;
        for k in edges.clone() {
            let l = (pts[k + 1] - pts[k]).norm();
            sum += ea * (l / rod.rest_lengths[k] - 1.0);
        }
        sum / edges.count() as f64
    };
    let mut out = Vec::new();
    let steps = (duration / p.dt).ceil() as usize;
    // Sums of (e, F, bending) over the steps since the last record: frictional knots slide by
    // stick–slip, so each record is the mean over its window, as a load cell would read it.
    let mut window = (0.0, 0.0, 0.0, 0usize);
    for k in 1..=steps {
        let r = match step(&mut sim, tag) {
            Ok(r) => r,
            Err(e) => return Ok((out, Some(e))),
        };
        let q = &sim.model.q;
        let pts: Vec<Vec3> = (0..n).map(|i| rod.node(q, i)).collect();
        window.0 += shortening(&pts);
        window.1 += tension(q);
        window.2 += bending_energy(&pts);
        window.3 += 1;
        if k % p.every == 0 {
            let m = window.3 as f64;
            out.push(KnotPoint {
                t: r.t,
                e: window.0 / m,
                force: window.1 / m,
                contacts: r.contacts.active,
                bending: window.2 / m,
            });
            window = (0.0, 0.0, 0.0, 0);
        }
    }
    Ok((out, None))
}
