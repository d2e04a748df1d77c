//! Contact laws against theory: a sphere resting on the ground under the linear penalty sits at
//! the static overlap δ = m g / k, and the chain's contact statistics report it.

use catena::scene::{build_scene, parse_scene};
use std::path::PathBuf;

#[test]
fn resting_sphere_overlap_equals_weight_over_stiffness() {
    let src = r#"Scene(
        time: (dt: 1e-3, duration: 1.0),
        materials: { "m": (youngs_modulus: 1e8, poisson_ratio: 0.35, density: 1000) },
        rods: [],
        spheres: [(name: "s", material: "m", radius: 0.01, center: (0, 0, 0.012))],
        planes: [(name: "floor", origin: (0, 0, 0), normal: (0, 0, 1))],
        forces: [Gravity(g: (0, 0, -9.81))],
        contacts: [(chain: "../chains/linear_sphere_plane.ron", first: AllSpheres, second: AllPlanes, keep_distance: 0.01)],
    )"#;
    let file = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/virtual.ron");
    let spec = parse_scene(src, &file).unwrap();
    let mut sim = build_scene(&spec, src, &file).unwrap().into_simulator();
    let mut last = None;
    for _ in 0..1000 {
        last = Some(sim.step().unwrap());
    }
    let m = sim.model.bodies.spheres[0].mass();
    let expected = m * 9.81 / 1e4; // k = 1e4 N/m in chains/linear_sphere_plane.ron
    let z = sim.model.bodies.spheres[0].center(&sim.model.q).z;
    let overlap = 0.01 - z;
    assert!(
        (overlap - expected).abs() < 1e-3 * expected,
        "overlap {overlap} vs m g / k = {expected}"
    );
    let stats = last.unwrap().contacts;
    assert_eq!(stats.active, 1);
    assert!((stats.max_penetration - expected).abs() < 1e-3 * expected);
}
