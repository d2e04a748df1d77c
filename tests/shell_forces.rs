//! External forces on shells (seed 004 §5): a flat plate falling face-first under aerodynamic
//! drag reaches the terminal velocity `v = √(2 m g/(ρ_med C_D A))` where drag balances weight,
//! and gravity with buoyancy scales the weight by `1 − ρ_med/ρ`.

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
