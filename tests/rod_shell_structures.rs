//! Rod–shell structures (seed 004 §7, the parachute): ropes (rods) share their top node with
//! the canopy's corners and their bottom node with each other, where a point mass hangs.

use catena::scene::{build_scene, load_scene};
use std::path::PathBuf;

#[test]
fn the_parachute_falls_as_one_structure_with_the_canopy_above_the_payload() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("examples/scenes/parachute.ron");
    let (spec, src) = load_scene(&path).unwrap_or_else(|e| panic!("{e}"));
    let mut sim = build_scene(&spec, &src, &path).unwrap().into_simulator();
    let m0: f64 = sim.model.mass.iter().sum();
    for _ in 0..250 {
        sim.step().unwrap_or_else(|e| panic!("{e}"));
    }
    let m = &sim.model;
    // The payload (every rope's last node) is one node; each rope's first node is a corner.
    let payload = m.rods[0].node(&m.q, m.rods[0].n_nodes - 1);
    let canopy = m.shells[0].nodes(&m.q);
    for rod in &m.rods {
        assert_eq!(rod.node(&m.q, rod.n_nodes - 1), payload);
        let top = rod.node(&m.q, 0);
        assert!(
            canopy.contains(&top),
            "rope {} came off the canopy",
            rod.name
        );
    }
    let centre = canopy
        .iter()
        .fold(catena::math::Vec3::zeros(), |a, p| a + p)
        / canopy.len() as f64;
    assert!(
        centre.z - payload.z > 0.8,
        "payload {payload:?}, canopy centre {centre:?}"
    );
    assert!(
        payload.x.abs() < 1e-6 && payload.y.abs() < 1e-6,
        "drifted: {payload:?}"
    );
    // It falls, slower than in vacuum: drag carries part of the weight.
    let t = m.time;
    let fall = -payload.z - 1.0;
    assert!(
        fall > 0.1 && fall < 0.5 * 9.8 * t * t,
        "fell {fall} m in {t} s"
    );
    // The point mass is in the system's mass (0.13 kg on each of the node's 3 coordinates).
    assert!(m0 > 3.0 * 0.13);
}
