//! Helpers shared by integration tests (each test binary uses a part of them).
#![allow(dead_code)]

use catena::scene::{build_scene, parse_scene};
use catena::system::Simulator;
use std::path::PathBuf;

/// The simulator of a scene given as RON text, read as if it were `tests/virtual.ron` (so
/// chain paths are `../chains/…`).
pub fn simulator_from(src: &str) -> Simulator {
    let file = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/virtual.ron");
    let spec = parse_scene(src, &file).expect("scene parses");
    build_scene(&spec, src, &file)
        .expect("scene builds")
        .into_simulator()
}

/// Steps `sim`, whose first two spheres start `d0` apart along x, `steps` times and returns
/// their centre distance after each step, asserting that the pair's centroid stays where it
/// started (`d0/2`: the forces between them are equal and opposite).
pub fn pair_separation(sim: &mut Simulator, d0: f64, steps: usize) -> Vec<f64> {
    (0..steps)
        .map(|_| {
            sim.step().expect("step converges");
            let (a, b) = (&sim.model.bodies.spheres[0], &sim.model.bodies.spheres[1]);
            let q = &sim.model.q;
            let mid = 0.5 * (q[a.offset] + q[b.offset]);
            assert!(
                (mid - 0.5 * d0).abs() < 1e-12 * d0,
                "the centroid moved: {mid:e}"
            );
            q[b.offset] - q[a.offset]
        })
        .collect()
}
