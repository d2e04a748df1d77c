//! Forces set by the caller between steps (`Simulator::set_user_forces`, Python's
//! `set_external_forces`): held over the step, refused when malformed.

use catena::scene::{build_scene, parse_scene};
use std::path::PathBuf;

const BALL: &str = r#"Scene(
    name: "pushed",
    time: (dt: 0.01, duration: 1.0, integrator: Overdamped),
    solver: (abs_tol: 1e-15, rel_tol: 1e-12),
    materials: { "steel": (youngs_modulus: 2e11, poisson_ratio: 0.3, density: 7800) },
    spheres: [(name: "ball", material: "steel", radius: 0.01, center: (0, 0, 0))],
    forces: [StokesDrag(viscosity: 2.0)],
)"#;

#[test]
fn a_user_force_drives_an_overdamped_sphere_at_f_over_gamma() {
    let file = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/virtual.ron");
    let spec = parse_scene(BALL, &file).unwrap();
    let mut sim = build_scene(&spec, BALL, &file).unwrap().into_simulator();
    let n = sim.model.q.len();
    assert!(sim.set_user_forces(vec![1.0; n + 1]).is_err());
    let mut nan = vec![0.0; n];
    nan[0] = f64::NAN;
    assert!(sim.set_user_forces(nan).unwrap_err().contains("finite"));
    let mut f = vec![0.0; n];
    f[..3].copy_from_slice(&[0.003, -0.001, 0.002]);
    sim.set_user_forces(f.clone()).unwrap();
    let gamma = 6.0 * std::f64::consts::PI * 2.0 * 0.01;
    for _ in 0..3 {
        sim.step().unwrap();
        for (v, f) in sim.model.v[..3].iter().zip(&f) {
            assert!((v - f / gamma).abs() <= 1e-10 * (f / gamma).abs(), "{v}");
        }
    }
    sim.set_user_forces(Vec::new()).unwrap();
    sim.step().unwrap();
    assert!(sim.model.v[..3].iter().all(|v| v.abs() < 1e-15));
}
