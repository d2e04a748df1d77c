//! A rotating sphere on an incline (gravity tilted by θ against the ground plane z = 0), Hertz
//! normal contact and `T_CundallStrack` friction (μ_s = 0.5, μ_d = 0.4, k_t = 2000 N/m,
//! `hertz_cundall_strack_plane.ron`), against rigid-body theory for a solid sphere
//! (`I = 2/5 m r²`):
//! * for `tan θ < 7μ_s/2` it rolls without slipping: `a = 5/7 g sin θ`, `ω r = v`, friction
//!   `2/7 m g sin θ` up the slope;
//! * above, it slides with `a = g (sin θ − μ_d cos θ)` while friction spins it up at
//!   `α = 5 μ_d g cos θ / (2 r)`.
//!
//! The same sphere with `rotation: false` slides like a block (`tests/granular_incline.rs`).
//!
//! Moment laws, on a level plane: `T_RollingResistance` decelerates a rolling sphere at
//! `a = μ_r R̂ F_n / (m ρ (1 + I/(m ρ²)))` (`5/7 μ_r g` for `ρ = r`), and
//! `T_TorsionalCoulombFriction` spins a sphere down about the normal at
//! `α = (2/3) μ F_n a / I`, `a = √(R̂ δ)`.

use catena::scene::{build_scene, parse_scene};
use catena::system::Simulator;
use std::path::PathBuf;

const R: f64 = 0.01; // m
const E: f64 = 1e8; // Pa
const NU: f64 = 0.3;
const RHO: f64 = 1000.0; // kg/m³
const G: f64 = 9.81; // m/s²
const DT: f64 = 1e-3; // s

fn mass() -> f64 {
    RHO * 4.0 / 3.0 * std::f64::consts::PI * R.powi(3)
}

/// Hertz equilibrium overlap under the normal load `m g cos θ`.
fn resting_overlap(theta: f64) -> f64 {
    let k = 4.0 / 3.0 * (E / (1.0 - NU * NU)) * R.sqrt();
    (mass() * G * theta.cos() / k).powf(2.0 / 3.0)
}

fn incline(theta: f64) -> Simulator {
    sphere_on_plane(
        theta,
        Vec3::zeros(),
        Vec3::zeros(),
        "../chains/hertz_cundall_strack_plane.ron",
    )
}

type Vec3 = nalgebra::Vector3<f64>;

fn sphere_on_plane(theta: f64, v: Vec3, w: Vec3, chain: &str) -> Simulator {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests");
    let z = R - resting_overlap(theta);
    let (gx, gz) = (G * theta.sin(), -G * theta.cos());
    let src = format!(
        r#"Scene(
        time: (dt: {DT:e}, duration: 10.0),
        materials: {{ "m": (youngs_modulus: {E:e}, poisson_ratio: {NU}, density: {RHO}) }},
        spheres: [(name: "s", material: "m", radius: {R}, center: (0, 0, {z:e}),
                   velocity: ({vx:e}, {vy:e}, {vz:e}), angular_velocity: ({wx:e}, {wy:e}, {wz:e}))],
        planes: [(name: "slope", origin: (0, 0, 0), normal: (0, 0, 1))],
        forces: [Gravity(g: ({gx:e}, 0, {gz:e}))],
        contacts: [(chain: "{chain}", first: AllSpheres, second: AllPlanes, keep_distance: 0.005)],
    )"#,
        vx = v.x,
        vy = v.y,
        vz = v.z,
        wx = w.x,
        wy = w.y,
        wz = w.z,
    );
    let file = dir.join("rolling.ron");
    let spec = parse_scene(&src, &file).unwrap();
    build_scene(&spec, &src, &file).unwrap().into_simulator()
}

/// Steps `n` times; returns (downhill velocity, angular velocity about y) after each step.
fn run(sim: &mut Simulator, n: usize) -> Vec<(f64, f64)> {
    let s = sim.model.bodies.spheres[0].clone();
    let k = s.spin.expect("spheres rotate by default");
    (0..n)
        .map(|_| {
            sim.step().unwrap();
            (sim.model.v[s.offset], sim.model.v[k + 1])
        })
        .collect()
}

fn rate(path: &[f64], i: usize, j: usize) -> f64 {
    (path[j] - path[i]) / ((j - i) as f64 * DT)
}

#[test]
fn below_seven_halves_mu_the_sphere_rolls_at_five_sevenths_g_sin_theta() {
    let theta = 20f64.to_radians();
    assert!(theta.tan() < 3.5 * 0.5);
    let mut sim = incline(theta);
    let path = run(&mut sim, 400);
    let v: Vec<f64> = path.iter().map(|p| p.0).collect();
    let a = rate(&v, 100, 399);
    let theory = 5.0 / 7.0 * G * theta.sin();
    let (v_end, w_end) = *path.last().unwrap();
    let rho = R - resting_overlap(theta) / 2.0;
    println!(
        "rolling at 20°: a = {a:.5} m/s² vs 5/7 g sin θ = {theory:.5}; v = {v_end:.5} m/s, \
         ω ρ = {:.5} m/s",
        w_end * rho
    );
    assert!((a / theory - 1.0).abs() < 0.005, "{a} vs {theory}");
    // No slip: the contact point is at rest.
    assert!(
        (w_end * rho - v_end).abs() < 1e-4 * v_end,
        "{} vs {v_end}",
        w_end * rho
    );
    // The sphere turned by the rolled angle x/ρ about y: its rotation DOF, and its orientation
    // (rotations about one fixed axis compose to the rotation by their sum).
    let s = &sim.model.bodies.spheres[0];
    let (x, theta_y) = (sim.model.q[s.offset], sim.model.q[s.spin.unwrap() + 1]);
    assert!(
        (theta_y * rho / x - 1.0).abs() < 1e-3,
        "{} vs {x}",
        theta_y * rho
    );
    let expected = nalgebra::UnitQuaternion::from_scaled_axis(nalgebra::Vector3::y() * theta_y);
    assert!(sim.model.bodies.spheres[0].orientation.angle_to(&expected) < 1e-9);
}

#[test]
fn above_seven_halves_mu_it_slides_while_friction_spins_it_up() {
    let (mu_d, theta) = (0.4, 65f64.to_radians());
    assert!(theta.tan() > 3.5 * 0.5);
    let mut sim = incline(theta);
    let path = run(&mut sim, 300);
    let v: Vec<f64> = path.iter().map(|p| p.0).collect();
    let w: Vec<f64> = path.iter().map(|p| p.1).collect();
    let (a, alpha) = (rate(&v, 100, 299), rate(&w, 100, 299));
    let a_theory = G * (theta.sin() - mu_d * theta.cos());
    let rho = R - resting_overlap(theta) / 2.0;
    let alpha_theory = 5.0 * mu_d * G * theta.cos() * rho / (2.0 * R * R);
    println!(
        "sliding at 65°: a = {a:.5} m/s² vs {a_theory:.5}; α = {alpha:.3} rad/s² vs {alpha_theory:.3}"
    );
    assert!((a / a_theory - 1.0).abs() < 0.005, "{a} vs {a_theory}");
    assert!(
        (alpha / alpha_theory - 1.0).abs() < 0.005,
        "{alpha} vs {alpha_theory}"
    );
}

/// Writes a sphere–plane chain with Hertz, Cundall–Strack and the moment law `law`.
fn moment_chain(name: &str, law: &str) -> String {
    let dir = std::env::temp_dir().join(format!("catena_moment_{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!("{name}.ron"));
    std::fs::write(
        &path,
        format!(
            "Chain(name: \"{name}\", elements: [Sphere_1_Data, Plane_2_Data, Sphere_Plane, N_Hertz(), \
             T_CundallStrack(mu_s: 0.5, k_t: 2000.0), {law}, AssembleForces, AssembleContactMatrix])"
        ),
    )
    .unwrap();
    path.to_string_lossy().into_owned()
}

#[test]
fn rolling_resistance_decelerates_a_rolling_sphere_at_five_sevenths_mu_r_g() {
    let mu_r = 0.05;
    let chain = moment_chain(
        "rr",
        &format!("T_RollingResistance(mu_r: {mu_r}, c_r: 1e-4)"),
    );
    let rho = R - resting_overlap(0.0) / 2.0;
    let v0 = 0.5;
    let mut sim = sphere_on_plane(
        0.0,
        Vec3::new(v0, 0.0, 0.0),
        Vec3::new(0.0, v0 / rho, 0.0),
        &chain,
    );
    let path = run(&mut sim, 100);
    let v: Vec<f64> = path.iter().map(|p| p.0).collect();
    let a = rate(&v, 20, 99);
    let (m, i) = (mass(), 0.4 * mass() * R * R);
    let theory = -mu_r * R * m * G / (m * rho * (1.0 + i / (m * rho * rho)));
    println!("rolling resistance: a = {a:.6} m/s² vs {theory:.6}");
    assert!((a / theory - 1.0).abs() < 0.01, "{a} vs {theory}");
}

#[test]
fn torsional_friction_spins_a_sphere_down_about_the_normal() {
    let mu = 0.3;
    let chain = moment_chain(
        "tor",
        &format!("T_TorsionalCoulombFriction(mu: {mu}, c: 1e3)"),
    );
    let mut sim = sphere_on_plane(0.0, Vec3::zeros(), Vec3::new(0.0, 0.0, 50.0), &chain);
    let k = sim.model.bodies.spheres[0].spin.unwrap();
    let mut w = Vec::new();
    for _ in 0..100 {
        sim.step().unwrap();
        w.push(sim.model.v[k + 2]);
    }
    let alpha = rate(&w, 20, 99);
    let delta = resting_overlap(0.0);
    let a = (R * delta).sqrt();
    let theory = -(2.0 / 3.0) * mu * mass() * G * a / (0.4 * mass() * R * R);
    println!("torsional friction: α = {alpha:.4} rad/s² vs {theory:.4}");
    assert!((alpha / theory - 1.0).abs() < 0.01, "{alpha} vs {theory}");
}

#[test]
fn a_wall_of_particle_material_halves_the_effective_modulus() {
    // A sphere settling under gravity on a plane given the sphere's material rests at the Hertz
    // overlap of Ê = E/(2(1 − ν²)); on a rigid plane, Ê = E/(1 − ν²).
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests");
    let src = format!(
        r#"Scene(
        time: (dt: 1e-3, duration: 1.0),
        materials: {{ "m": (youngs_modulus: {E:e}, poisson_ratio: {NU}, density: {RHO}) }},
        spheres: [(name: "s", material: "m", radius: {R}, center: (0, 0, {R}))],
        planes: [(name: "wall", origin: (0, 0, 0), normal: (0, 0, 1), material: "m")],
        forces: [Gravity(g: (0, 0, -{G}))],
        contacts: [(chain: "../chains/granular_plane.ron", first: AllSpheres, second: AllPlanes,
                    keep_distance: 0.005)],
    )"#
    );
    let file = dir.join("wall.ron");
    let spec = parse_scene(&src, &file).unwrap();
    let mut sim = build_scene(&spec, &src, &file).unwrap().into_simulator();
    for _ in 0..300 {
        sim.step().unwrap();
    }
    let delta = R - sim.model.q[sim.model.bodies.spheres[0].offset + 2];
    let e_hat = E / (2.0 * (1.0 - NU * NU));
    let theory = (mass() * G / (4.0 / 3.0 * e_hat * R.sqrt())).powf(2.0 / 3.0);
    assert!((delta / theory - 1.0).abs() < 1e-3, "{delta} vs {theory}");
    assert!((delta / resting_overlap(0.0) - 2f64.powf(2.0 / 3.0)).abs() < 2e-3);
}
