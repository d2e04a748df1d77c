//! The pour of the `repose` case: monodisperse spheres poured in batches onto a rough floor
//! until the heap is at rest.
//!
//! * **Floor**: a disordered layer of fixed, non-rotating spheres of the particles' size and
//!   material, placed by random sequential addition with their centres at `z = r` and covering
//!   `FLOOR_FRACTION` of the area (`FLOOR_HALF` = 35 d wide: the heaps' toes reach 12–15 d
//!   from the axis), on a plane `z = 0` that catches a sphere slipping through a gap. A sphere
//!   on it sits in a pocket of random depth and shape, as on the particle-covered bases of DEM
//!   heap studies (Zhou et al. 2002 §2). The floor must be disordered: on the square lattice of
//!   fixed spheres this case used first (1.15 d apart), the first three layers of either heap
//!   sat on lattice sites to within 0.003 d — the heap grew as a crystal templated by the
//!   floor, and its flank angle was the staircase's (25.5° and 26.8° with μ_r = 0 and 0.1),
//!   not the granular angle of repose.
//! * **Pour**: `BATCHES` batches of `PER_BATCH` spheres, each a loose random cloud (random
//!   sequential addition, no overlaps, volume fraction ≈ 0.23) in a `5 d` square column
//!   `4.5 d` tall whose bottom is one diameter above the highest sphere of the heap, released
//!   at rest on the heap's axis. The next batch is added `T_BATCH` later, when the last one has
//!   about landed: a steady narrow stream onto the apex from a low height (impacts ≲ 1 m/s,
//!   which Δt resolves), so that the heap grows up and builds its flanks by avalanches rather
//!   than by the cloud's footprint (a cloud 6 d wide left a flat-topped heap 2.3 d high).
//! * **Between batches** the scene is rebuilt from the spheres' positions, velocities and
//!   angular velocities (`File(...)`; the next batch's cloud avoids them). The Cundall–Strack
//!   springs start again from zero: a resting contact re-loads within `μ F_n / k_t` of slip
//!   (a few µm here, k_t = 8 G* √(R̂ δ)), so a heap hardly notices. Spheres that rolled off the
//!   floor are dropped.
//! * **Rest**: after the last batch the run goes on until the kinetic energy (translational and
//!   rotational) of the poured spheres is below `ε N m g r` (ε = 10⁻⁶: a mean speed of
//!   `√(2 ε g r)` ≈ 0.3 mm/s), once the last cloud has had `√(2 h/g)` to land, or to `T_MAX`.

use super::support::{simulate, step, write_chain};
use crate::io::write_atomic;
use std::fmt::Write as _;
use std::path::Path;
use std::time::Instant;

/// Sphere radius (m).
pub const R: f64 = 0.005;
/// Young's modulus (Pa), Poisson ratio, density (kg/m³): the particles of
/// `examples/scenes/box_settling_lattice.ron`.
pub const E: f64 = 1e7;
const NU: f64 = 0.3;
const RHO: f64 = 2500.0;
const G: f64 = 9.81; // m/s²
/// Batches and spheres per batch.
pub const BATCHES: usize = 12;
/// Spheres per batch.
pub const PER_BATCH: usize = 50;
/// Time between batches (s): about the time the top of a cloud takes to land
/// (`√(2 (d + CLOUD)/g)` ≈ 0.105 s), so that the pour is a steady stream.
pub const T_BATCH: f64 = 0.1;
/// Δt (s): a Hertz impact at 0.5 m/s lasts t_c ≈ 1.4e-3 s (Johnson 1985 §11.4), ≈ 6 steps of
/// BDF2 (the `restitution` case: e within 2.5 % at t_c/10 under BDF2).
pub const DT: f64 = 2.5e-4;
/// Longest pour, batches and settle (s).
pub const T_MAX: f64 = 3.0;
/// Rest: kinetic energy below `EPS N m g r`.
pub const EPS: f64 = 1e-6;
/// Half-width of the square floor (m): 35 d wide.
pub const FLOOR_HALF: f64 = 0.175;
/// Area fraction the floor's spheres cover (random sequential addition of disks jams at
/// 0.547).
pub const FLOOR_FRACTION: f64 = 0.5;
/// Seed of the floor's placement.
const FLOOR_SEED: u64 = 1000;

/// Number of floor spheres: `FLOOR_FRACTION (2 FLOOR_HALF)² / (π r²)`.
pub fn floor_count() -> usize {
    (FLOOR_FRACTION * (2.0 * FLOOR_HALF).powi(2) / (std::f64::consts::PI * R * R)).round() as usize
}

/// Whether a centre lies over the floor: the spheres that rolled off it are left out.
fn on_floor(c: [f64; 3]) -> bool {
    c[0].abs() <= FLOOR_HALF && c[1].abs() <= FLOOR_HALF
}
/// Half-width of a batch's cloud (m) and its height (m).
pub const HALF: f64 = 0.025;
const CLOUD: f64 = 0.045;

/// Mass of a sphere (kg).
pub fn mass() -> f64 {
    RHO * 4.0 / 3.0 * std::f64::consts::PI * R.powi(3)
}

/// A poured sphere: centre, velocity, angular velocity.
type State = [[f64; 3]; 3];

/// A finished pour.
pub struct Pour {
    /// Centres of the spheres on the floor (m).
    pub centres: Vec<[f64; 3]>,
    /// `(t, kinetic energy / (N m g r))` per step, N the spheres poured so far.
    pub energy: Vec<(f64, f64)>,
    /// Came to rest before `T_MAX`.
    pub settled: bool,
    /// Spheres that rolled off the floor.
    pub lost: usize,
    /// Time steps and Newton iterations.
    pub steps: usize,
    /// Newton iterations.
    pub newton: usize,
    /// Largest overlap seen (m).
    pub max_overlap: f64,
    /// Wall time (s).
    pub wall: f64,
}

/// The scene of batch `batch`: floor, the heap so far from `heap_csv`, a new cloud above `top`;
/// `chains` are the sphere–sphere and sphere–plane chain files.
fn scene_text(
    name: &str,
    chains: (&str, &str),
    heap_csv: Option<&str>,
    top: f64,
    batch: usize,
) -> String {
    let heap = heap_csv.map_or_else(String::new, |f| {
        format!("        (name: \"h\", material: \"m\", from: File(\"{f}\")),\n")
    });
    let (z0, z1) = (top + 2.0 * R, top + 2.0 * R + CLOUD);
    format!(
        r#"Scene(
    name: "{name}",
    time: (dt: {DT:e}, duration: {T_MAX}, integrator: Bdf2),
    materials: {{ "m": (youngs_modulus: {E:e}, poisson_ratio: {NU}, density: {RHO}) }},
    sphere_sets: [
        (name: "floor", material: "m", fixed: true, rotation: false, from: Random(
            min: (-{FLOOR_HALF:e}, -{FLOOR_HALF:e}, 0), max: ({FLOOR_HALF:e}, {FLOOR_HALF:e}, {d:e}),
            radius: {R:e}, count: {floor}, seed: {FLOOR_SEED})),
{heap}        (name: "p", material: "m", from: Random(
            min: (-{HALF:e}, -{HALF:e}, {z0:e}), max: ({HALF:e}, {HALF:e}, {z1:e}),
            radius: {R:e}, count: {PER_BATCH}, seed: {seed})),
    ],
    planes: [(name: "base", origin: (0, 0, 0), normal: (0, 0, 1))],
    forces: [Gravity(g: (0, 0, -{G}))],
    contacts: [
        (chain: "{pair}", first: AllSpheres, second: AllSpheres, keep_distance: {keep:e}),
        (chain: "{plane}", first: AllSpheres, second: AllPlanes, keep_distance: {keep:e}),
    ],
)
"#,
        seed = batch + 1,
        keep = 0.1 * R,
        d = 2.0 * R,
        floor = floor_count(),
        pair = chains.0,
        plane = chains.1,
    )
}

/// The poured spheres of `sim` still over the floor.
fn poured(sim: &crate::system::Simulator) -> Vec<State> {
    let m = &sim.model;
    m.bodies
        .spheres
        .iter()
        .filter(|s| !s.name.starts_with("floor"))
        .map(|s| {
            let (c, v, w) = (s.center(&m.q), s.center(&m.v), s.omega(&m.v));
            [[c.x, c.y, c.z], [v.x, v.y, v.z], [w.x, w.y, w.z]]
        })
        .filter(|s| on_floor(s[0]))
        .collect()
}

/// Kinetic energy `Σ ½ m |v|² + ½ I |ω|²` of the poured spheres still over the floor (J);
/// the ones that rolled off it are left out.
fn kinetic_energy(sim: &crate::system::Simulator) -> f64 {
    let m = &sim.model;
    m.bodies
        .spheres
        .iter()
        .filter(|s| {
            let c = s.center(&m.q);
            !s.name.starts_with("floor") && on_floor([c.x, c.y, c.z])
        })
        .map(|s| {
            0.5 * s.mass() * s.center(&m.v).norm_squared()
                + 0.5 * s.inertia() * s.omega(&m.v).norm_squared()
        })
        .sum()
}

/// `x,y,z,r,vx,vy,vz,wx,wy,wz` rows (shortest round-trip decimals).
fn csv(spheres: &[State]) -> String {
    let mut s = String::from("x,y,z,r,vx,vy,vz,wx,wy,wz\n");
    for [c, v, w] in spheres {
        let _ = writeln!(
            s,
            "{:e},{:e},{:e},{R:e},{:e},{:e},{:e},{:e},{:e},{:e}",
            c[0], c[1], c[2], v[0], v[1], v[2], w[0], w[1], w[2]
        );
    }
    s
}

/// Writes the sphere–sphere and sphere–plane chain texts `chains` into `dir/chains`; returns
/// their paths relative to `dir`.
fn write_chains(dir: &Path, tag: &str, chains: (&str, &str)) -> Result<(String, String), String> {
    Ok((
        write_chain(dir, &format!("repose_{tag}.ron"), chains.0)?,
        write_chain(dir, &format!("repose_{tag}_plane.ron"), chains.1)?,
    ))
}

/// Pours with the chain texts `chains` (sphere–sphere, sphere–plane; named `tag` in file
/// names), writing every batch's scene and heap into `dir` and the final heap as
/// `dir/heap_<tag>.csv`.
pub fn pour(dir: &Path, tag: &str, chains: (&str, &str)) -> Result<Pour, String> {
    let start = Instant::now();
    let (pair, plane) = write_chains(dir, tag, chains)?;
    let unit = mass() * G * R;
    let mut spheres: Vec<State> = Vec::new();
    let (mut energy, mut newton, mut max_overlap) = (Vec::new(), 0, 0.0f64);
    let (mut t0, mut settled, mut poured_total) = (0.0, false, 0);
    for batch in 0..BATCHES {
        let heap_csv = (!spheres.is_empty()).then(|| format!("repose_{tag}_{batch}.csv"));
        if let Some(f) = &heap_csv {
            write_atomic(&dir.join(f), csv(&spheres).as_bytes()).map_err(|e| e.to_string())?;
        }
        let top = spheres.iter().map(|s| s[0][2] + R).fold(2.0 * R, f64::max);
        let name = format!("repose_{tag}_{batch}");
        let src = scene_text(&name, (&pair, &plane), heap_csv.as_deref(), top, batch);
        let mut sim = simulate(dir, &format!("{name}.ron"), &src)?;
        poured_total += PER_BATCH;
        let last = batch + 1 == BATCHES;
        let landed = (2.0 * (top + 2.0 * R + CLOUD) / G).sqrt();
        let end = if last { T_MAX - t0 } else { T_BATCH };
        while sim.model.time < end - 0.5 * DT {
            let report = step(&mut sim, &name)?;
            newton += report.newton.iterations as usize;
            max_overlap = max_overlap.max(report.contacts.max_penetration);
            let k = kinetic_energy(&sim) / (poured_total as f64 * unit);
            energy.push((t0 + sim.model.time, k));
            if last && sim.model.time > landed && k < EPS {
                settled = true;
                break;
            }
        }
        t0 += sim.model.time;
        spheres = poured(&sim);
    }
    let centres: Vec<[f64; 3]> = spheres.iter().map(|s| s[0]).collect();
    write_atomic(
        &dir.join(format!("heap_{tag}.csv")),
        csv(&spheres).as_bytes(),
    )
    .map_err(|e| e.to_string())?;
    Ok(Pour {
        lost: poured_total - centres.len(),
        centres,
        steps: energy.len(),
        energy,
        settled,
        newton,
        max_overlap,
        wall: start.elapsed().as_secs_f64(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::validate::support::{GRANULAR_PLANE_ROLLING, GRANULAR_ROLLING};

    /// The first batch's scene builds: a disordered floor of `floor_count()` fixed spheres at
    /// `z = r` that do not overlap, covering `FLOOR_FRACTION` of the floor, and not on a
    /// lattice (nearest-neighbour distances spread), plus the cloud and the base plane.
    #[test]
    fn the_floor_is_a_disordered_monolayer() {
        let dir = tempfile::tempdir().unwrap();
        let (pair, plane) =
            write_chains(dir.path(), "t", (GRANULAR_ROLLING, GRANULAR_PLANE_ROLLING)).unwrap();
        let src = scene_text("t_0", (&pair, &plane), None, 2.0 * R, 0);
        let sim = simulate(dir.path(), "t_0.ron", &src).unwrap();
        let m = &sim.model;
        let floor: Vec<_> = m
            .bodies
            .spheres
            .iter()
            .filter(|s| s.name.starts_with("floor"))
            .map(|s| s.center(&m.q))
            .collect();
        assert_eq!(floor.len(), floor_count());
        assert_eq!(m.bodies.spheres.len(), floor_count() + PER_BATCH);
        assert_eq!(m.bodies.planes.len(), 1);
        let covered = floor.len() as f64 * std::f64::consts::PI * R * R;
        let fraction = covered / (2.0 * FLOOR_HALF).powi(2);
        assert!((fraction - FLOOR_FRACTION).abs() < 1e-3, "{fraction}");
        let mut nearest = Vec::new();
        for (i, a) in floor.iter().enumerate() {
            assert!((a.z - R).abs() < 1e-15, "floor sphere {i} at z = {}", a.z);
            let d = floor
                .iter()
                .enumerate()
                .filter(|&(j, _)| j != i)
                .map(|(_, b)| (a - b).norm())
                .fold(f64::INFINITY, f64::min);
            assert!(
                d >= 2.0 * R * (1.0 - 1e-12),
                "floor spheres {i} overlap: {d}"
            );
            nearest.push(d / (2.0 * R));
        }
        nearest.sort_by(f64::total_cmp);
        let (q10, q90) = (nearest[nearest.len() / 10], nearest[9 * nearest.len() / 10]);
        assert!(
            q90 - q10 > 0.1,
            "nearest-neighbour distances from {q10} to {q90} d: a lattice"
        );
    }
}
