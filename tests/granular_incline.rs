//! A sphere on an incline (gravity tilted by θ against the ground plane z = 0), Hertz normal
//! contact, against the Coulomb block-on-a-slope theory (spheres carry no rotation, so they slide
//! like blocks):
//! * `T_CundallStrack` holds the sphere for `tan θ < μ_s`: it settles where the tangential spring
//!   carries the downhill weight, `ζ = m g sin θ / k_t`;
//! * for `tan θ > μ_s` it slides with `a = g (sin θ − μ_d cos θ)`;
//! * `T_CoulombFriction` (Haff–Werner) cannot stick: below `tan θ = μ` it creeps at the speed its
//!   regularising dashpot allows, `v = m g sin θ / c_t`, and above it slides with
//!   `a = g (sin θ − μ cos θ)`.
//!
//! The sphere starts at rest at the Hertz equilibrium overlap `δ = (m g cos θ / K)^{2/3}`,
//! `K = (4/3) Ê √R`, which it keeps.
//!
//! The same holds for a rod lying across the slope on frictional ground
//! (`rod_ground_cundall_strack.ron`: every node a Cundall–Strack contact): each node's friction
//! is proportional to its weight, so the whole rod sticks or slides as one block.

use catena::scene::{build_scene, parse_scene};
use catena::system::Simulator;
use std::path::{Path, PathBuf};

const R: f64 = 0.01; // m
const E: f64 = 1e8; // Pa
const NU: f64 = 0.3;
const RHO: f64 = 1000.0; // kg/m³
const G: f64 = 9.81; // m/s²
const DT: f64 = 1e-3; // s

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn mass() -> f64 {
    RHO * 4.0 / 3.0 * std::f64::consts::PI * R.powi(3)
}

/// Hertz equilibrium overlap under the normal load `m g cos θ`.
fn resting_overlap(theta: f64) -> f64 {
    let k = 4.0 / 3.0 * (E / (1.0 - NU * NU)) * R.sqrt();
    (mass() * G * theta.cos() / k).powf(2.0 / 3.0)
}

/// The sphere on the incline of angle `theta` (rad), with the chain at `chain` (relative to `dir`).
fn incline(dir: &Path, chain: &str, theta: f64) -> Simulator {
    let z = R - resting_overlap(theta);
    let (gx, gz) = (G * theta.sin(), -G * theta.cos());
    let src = format!(
        r#"Scene(
        time: (dt: {DT:e}, duration: 10.0),
        materials: {{ "m": (youngs_modulus: {E:e}, poisson_ratio: {NU}, density: {RHO}) }},
        rods: [],
        spheres: [(name: "s", material: "m", radius: {R}, center: (0, 0, {z:e}), rotation: false)],
        planes: [(name: "slope", origin: (0, 0, 0), normal: (0, 0, 1))],
        forces: [Gravity(g: ({gx:e}, 0, {gz:e}))],
        contacts: [(chain: "{chain}", first: AllSpheres, second: AllPlanes, keep_distance: 0.005)],
    )"#
    );
    let file = dir.join("incline.ron");
    let spec = parse_scene(&src, &file).unwrap();
    build_scene(&spec, &src, &file).unwrap().into_simulator()
}

/// Steps `n` times; returns (downhill position, downhill velocity, overlap) after each step.
fn run(sim: &mut Simulator, n: usize) -> Vec<(f64, f64, f64)> {
    let o = sim.model.bodies.spheres[0].offset;
    (0..n)
        .map(|_| {
            sim.step().unwrap();
            (sim.model.q[o], sim.model.v[o], R - sim.model.q[o + 2])
        })
        .collect()
}

/// Acceleration from the velocities at steps `i` and `j`.
fn acceleration(path: &[(f64, f64, f64)], i: usize, j: usize) -> f64 {
    (path[j].1 - path[i].1) / ((j - i) as f64 * DT)
}

fn shipped(name: &str) -> (PathBuf, String) {
    (root().join("tests"), format!("../chains/{name}"))
}

/// `T_CundallStrack` with μ_s = 0.5, μ_d = 0.4, k_t = 2000 N/m (`hertz_cundall_strack_plane.ron`).
#[test]
fn cundall_strack_sticks_below_the_static_angle_and_slides_with_dynamic_friction_above() {
    let (dir, chain) = shipped("hertz_cundall_strack_plane.ron");
    let (mu_s, mu_d, k_t) = (0.5, 0.4, 2000.0);
    // Stick: tan 15° = 0.27 < μ_s (far enough below that the undamped spring's start-up
    // overshoot stays under the cap).
    let theta = 15f64.to_radians();
    assert!(theta.tan() < mu_s);
    let mut sim = incline(&dir, &chain, theta);
    let path = run(&mut sim, 500);
    let (x, v, delta) = *path.last().unwrap();
    let zeta = mass() * G * theta.sin() / k_t;
    println!(
        "stick at 15°: displacement {x:.4e} m vs m g sin θ / k_t = {zeta:.4e} m, speed {v:.2e} m/s, \
         overlap {delta:.4e} m vs Hertz {:.4e} m",
        resting_overlap(theta)
    );
    assert!((x / zeta - 1.0).abs() < 0.02, "{x} vs {zeta}");
    assert!(v.abs() < 1e-6 * G * DT * 500.0, "still moving at {v} m/s");
    assert!((delta / resting_overlap(theta) - 1.0).abs() < 0.01);
    // Slide: tan 35° = 0.70 > μ_s.
    let theta = 35f64.to_radians();
    assert!(theta.tan() > mu_s);
    let mut sim = incline(&dir, &chain, theta);
    let path = run(&mut sim, 300);
    let a = acceleration(&path, 100, 299);
    let theory = G * (theta.sin() - mu_d * theta.cos());
    println!(
        "slide at 35°: a = {a:.5} m/s² vs g(sin θ − μ_d cos θ) = {theory:.5} m/s² ({:+.3} %)",
        100.0 * (a / theory - 1.0)
    );
    assert!((a / theory - 1.0).abs() < 0.02, "{a} vs {theory}");
}

/// Close to the static angle, with a critically damped tangential spring (no start-up
/// overshoot): tan θ = 0.9 μ_s sticks, tan θ = 1.1 μ_s slides at μ_d.
#[test]
fn cundall_strack_threshold_is_the_static_friction_coefficient() {
    let dir = tempfile::tempdir().unwrap();
    let (mu_s, mu_d, k_t): (f64, f64, f64) = (0.5, 0.4, 2000.0);
    let c_t = 2.0 * (k_t * mass()).sqrt();
    let chain = format!(
        "Chain(name: \"cs\", elements: [Sphere_1_Data, Plane_2_Data, Sphere_Plane, N_Hertz(), \
         T_CundallStrack(mu_s: {mu_s}, mu_d: {mu_d}, k_t: {k_t}, c_t: {c_t}), AssembleForces, AssembleContactMatrix])"
    );
    std::fs::write(dir.path().join("cs.ron"), chain).unwrap();
    let theta = (0.9 * mu_s).atan();
    let mut sim = incline(dir.path(), "cs.ron", theta);
    let path = run(&mut sim, 500);
    let (x, v, _) = *path.last().unwrap();
    let zeta = mass() * G * theta.sin() / k_t;
    println!("tan θ = 0.9 μ_s: displacement {x:.4e} m vs {zeta:.4e} m, speed {v:.2e} m/s");
    assert!((x / zeta - 1.0).abs() < 0.02, "{x} vs {zeta}");
    let theta = (1.1 * mu_s).atan();
    let mut sim = incline(dir.path(), "cs.ron", theta);
    let path = run(&mut sim, 300);
    let a = acceleration(&path, 100, 299);
    let theory = G * (theta.sin() - mu_d * theta.cos());
    println!(
        "tan θ = 1.1 μ_s: a = {a:.5} m/s² vs {theory:.5} m/s² ({:+.3} %)",
        100.0 * (a / theory - 1.0)
    );
    assert!((a / theory - 1.0).abs() < 0.02, "{a} vs {theory}");
}

/// `T_CoulombFriction` with μ = 0.3, c_t = 10 N·s/m (`hertz_coulomb_plane.ron`).
#[test]
fn coulomb_creeps_within_its_regularisation_and_slides_above_the_friction_angle() {
    let (dir, chain) = shipped("hertz_coulomb_plane.ron");
    let (mu, c_t) = (0.3, 10.0);
    let theta = 15f64.to_radians();
    assert!(theta.tan() < mu);
    let mut sim = incline(&dir, &chain, theta);
    let path = run(&mut sim, 300);
    let v = path.last().unwrap().1;
    let creep = mass() * G * theta.sin() / c_t;
    println!(
        "Coulomb at 15°: creeps at {v:.5e} m/s vs m g sin θ / c_t = {creep:.5e} m/s ({:+.3} %)",
        100.0 * (v / creep - 1.0)
    );
    assert!((v / creep - 1.0).abs() < 0.02, "{v} vs {creep}");
    let theta = 35f64.to_radians();
    let mut sim = incline(&dir, &chain, theta);
    let path = run(&mut sim, 300);
    let a = acceleration(&path, 100, 299);
    let theory = G * (theta.sin() - mu * theta.cos());
    println!(
        "Coulomb at 35°: a = {a:.5} m/s² vs g(sin θ − μ cos θ) = {theory:.5} m/s² ({:+.3} %)",
        100.0 * (a / theory - 1.0)
    );
    assert!((a / theory - 1.0).abs() < 0.02, "{a} vs {theory}");
}

/// A straight rod (0.1 m, 11 nodes, r = 2 mm, E = 1 MPa) lying across the slope on
/// `rod_ground_cundall_strack.ron` (μ_s = 0.5, μ_d = 0.4): sticks at 15°, slides at 35°.
#[test]
fn rod_across_the_slope_sticks_and_slides_like_a_block() {
    let run_rod = |theta: f64, steps: usize| -> Vec<(f64, f64)> {
        let (gy, gz) = (G * theta.sin(), -G * theta.cos());
        let src = format!(
            r#"Scene(
            time: (dt: {DT:e}, duration: 10.0),
            materials: {{ "m": (youngs_modulus: 1e6, poisson_ratio: 0.5, density: 1000) }},
            rods: [(name: "r", material: "m", radius: 2e-3,
                    geometry: Straight(start: (0, 0, 0.002), end: (0.1, 0, 0.002), nodes: 11))],
            planes: [(name: "slope", origin: (0, 0, 0), normal: (0, 0, 1))],
            forces: [Gravity(g: (0, {gy:e}, {gz:e}))],
            contacts: [(chain: "../chains/rod_ground_cundall_strack.ron", first: AllRods, second: AllPlanes, keep_distance: 0.002)],
        )"#
        );
        let file = root().join("tests/rod_incline.ron");
        let spec = parse_scene(&src, &file).unwrap();
        let mut sim = build_scene(&spec, &src, &file).unwrap().into_simulator();
        let mid = sim.model.bodies.rods[0].node_dof(5);
        (0..steps)
            .map(|_| {
                sim.step().unwrap();
                (sim.model.q[mid + 1], sim.model.v[mid + 1])
            })
            .collect()
    };
    let (mu_s, mu_d, k_t) = (0.5, 0.4, 1000.0);
    // Stick: the middle node's spring carries its share of the downhill weight, m_i g sin θ.
    let theta = 15f64.to_radians();
    let path = run_rod(theta, 500);
    let (y, v) = *path.last().unwrap();
    let m_node = 1000.0 * std::f64::consts::PI * 4e-6 * 0.01;
    let zeta = m_node * G * theta.sin() / k_t;
    println!(
        "rod at 15°: middle node moved {y:.4e} m vs m_i g sin θ / k_t = {zeta:.4e} m, speed {v:.2e} m/s"
    );
    assert!(theta.tan() < mu_s);
    assert!((y / zeta - 1.0).abs() < 0.02, "{y} vs {zeta}");
    assert!(v.abs() < 1e-6);
    // Slide.
    let theta = 35f64.to_radians();
    let path = run_rod(theta, 300);
    let a = (path[299].1 - path[100].1) / (199.0 * DT);
    let theory = G * (theta.sin() - mu_d * theta.cos());
    println!(
        "rod at 35°: a = {a:.5} m/s² vs g(sin θ − μ_d cos θ) = {theory:.5} m/s² ({:+.3} %)",
        100.0 * (a / theory - 1.0)
    );
    assert!((a / theory - 1.0).abs() < 0.02, "{a} vs {theory}");
}
