//! External forces on shells (seed 004 §5): a flat plate falling face-first under aerodynamic
//! drag reaches the terminal velocity `v = √(2 m g/(ρ_med C_D A))` where drag balances weight,
//! and gravity with buoyancy scales the weight by `1 − ρ_med/ρ`; a `PatchForce` puts its whole
//! force, and only it, on the plate (momentum `F t`), shared by the nodes of its patch.

use catena::scene::{build_scene, parse_scene};
use catena::system::Simulator;
use std::path::PathBuf;

fn plate(forces: &str) -> Simulator {
    let src = format!(
        r#"Scene(
        time: (dt: 5e-3, duration: 10.0),
        materials: {{ "m": (youngs_modulus: 1e9, poisson_ratio: 0.3, density: 100) }},
        shells: [(name: "p", material: "m", thickness: 1e-3, bending: Hinge,
                  mesh: Plate(lx: 0.1, ly: 0.1, nx: 6, ny: 6))],
        forces: [{forces}],
    )"#
    );
    let file = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/virtual.ron");
    let spec = parse_scene(&src, &file).unwrap_or_else(|e| panic!("{e}"));
    build_scene(&spec, &src, &file)
        .unwrap_or_else(|e| panic!("{e}"))
        .into_simulator()
}

fn mean_vz(sim: &Simulator) -> f64 {
    let s = &sim.model.bodies.shells[0];
    let n = s.n_nodes();
    (0..n).map(|i| sim.model.v[s.node_dof(i) + 2]).sum::<f64>() / n as f64
}

#[test]
fn falling_plate_reaches_the_aerodynamic_terminal_velocity() {
    let (rho, cd): (f64, f64) = (1.2, 1.5);
    let mut sim = plate(&format!(
        "Gravity(g: (0, 0, -9.81)), AeroDrag(medium_density: {rho}, drag_coefficient: {cd})"
    ));
    for _ in 0..400 {
        sim.step().unwrap_or_else(|e| panic!("{e}"));
    }
    let (m, area): (f64, f64) = (100.0 * 0.1 * 0.1 * 1e-3, 0.01);
    let terminal = (2.0 * m * 9.81 / (rho * cd * area)).sqrt();
    let v = -mean_vz(&sim);
    assert!(
        (v - terminal).abs() < 1e-6 * terminal,
        "falls at {v} m/s, terminal {terminal} m/s"
    );
    // Face-first: no node overtakes another (the plate stays flat).
    let s = &sim.model.bodies.shells[0];
    let z: Vec<f64> = s.nodes(&sim.model.q).iter().map(|p| p.z).collect();
    let spread = z.iter().fold(f64::NEG_INFINITY, |a, &b| a.max(b))
        - z.iter().fold(f64::INFINITY, |a, &b| a.min(b));
    assert!(spread < 1e-9, "plate bent by {spread} m");
}

#[test]
fn buoyancy_scales_the_free_fall_of_a_plate() {
    let mut sim = plate("Gravity(g: (0, 0, -9.81), medium_density: 25)");
    for _ in 0..10 {
        sim.step().unwrap_or_else(|e| panic!("{e}"));
    }
    // Implicit Euler on a constant force: v = a t exactly, a = g (1 − ρ_med/ρ).
    let t = sim.model.time;
    let expected = -9.81 * (1.0 - 25.0 / 100.0) * t;
    let v = mean_vz(&sim);
    assert!((v - expected).abs() < 1e-9, "{v} vs {expected}");
}

#[test]
fn a_patch_force_gives_the_plate_its_whole_force() {
    let f = 1e-3;
    let mut sim = plate(&format!(
        "PatchForce(body: \"p\", center: (0.05, 0.05, 0), radius: 0.02, force: (0, 0, {f}))"
    ));
    for _ in 0..10 {
        sim.step().unwrap_or_else(|e| panic!("{e}"));
    }
    let s = &sim.model.bodies.shells[0];
    let momentum: f64 = (0..s.n_nodes())
        .map(|i| s.node_mass(i) * sim.model.v[s.node_dof(i) + 2])
        .sum();
    let expected = f * sim.model.time;
    assert!(
        (momentum - expected).abs() < 1e-9 * expected,
        "{momentum} vs {expected}"
    );
    // The patch (the centre node and its four neighbours 1/60 m away) moves ahead of the
    // corners, which only the membrane and bending pull along.
    let z = |p: catena::math::Vec3| p.z;
    let nodes = s.nodes(&sim.model.q);
    let centre = nodes
        .iter()
        .copied()
        .find(|p| (p.x - 0.05).abs() < 1e-9 && (p.y - 0.05).abs() < 1e-9)
        .expect("a node at the plate's centre");
    assert!(z(centre) > z(nodes[0]), "{} vs {}", z(centre), z(nodes[0]));
}
