//! Node–surface pressure on a cell: a node meets a cell's surface once, at its closest point
//! (`Point_Triangle`'s cell surface rule), so `N_LinearPressure` integrates the pressure over
//! the nodes once each; a plain shell keeps one contact per triangle that reaches the node.

use catena::contact::{PrimId, node_area};
use catena::scene::{build_scene, parse_scene};
use catena::system::Simulator;
use std::collections::BTreeMap;
use std::path::PathBuf;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// A pinned icosphere (a cell or a plain shell) and a pinned flat probe plate pressed into its
/// top, bound node-on-triangle with `N_LinearPressure` (off the ball's top vertex: a node
/// exactly on the surface has no normal).
fn pressed(cell: bool) -> Simulator {
    pressed_at(cell, 0.1)
}

/// [`pressed`] with the probe's plane at height `z` (m; the ball's top is at 0.1).
fn pressed_at(cell: bool, z: f64) -> Simulator {
    let dir = tempfile::tempdir().unwrap();
    let chain = dir.path().join("pressure.ron");
    std::fs::write(
        &chain,
        "Chain(name: \"p\", elements: [Point_1_Data, DeformableTriangle_2_Data, Point_Triangle, \
         N_LinearPressure(stiffness: 1e6), AssembleForces, AssembleContactMatrix])",
    )
    .unwrap();
    let cell = if cell { ", cell: (tension: 0.1)" } else { "" };
    let src = format!(
        r#"Scene(
        time: (dt: 1e-3, duration: 1.0),
        materials: {{ "m": (youngs_modulus: 1e6, poisson_ratio: 0.3, density: 1000) }},
        shells: [
            (name: "ball", material: "m", thickness: 1e-2, bending: Hinge,
             mesh: Icosphere(radius: 0.1, level: 2), clamp: [Box(min: (-1, -1, -1), max: (1, 1, 1))]{cell}),
            (name: "probe", material: "m", thickness: 1e-2, bending: Hinge,
             mesh: Plate(lx: 0.06, ly: 0.06, nx: 6, ny: 6), translate: (-0.0301, -0.0297, {z}),
             clamp: [Box(min: (-1, -1, -1), max: (1, 1, 1))]),
        ],
        contacts: [(chain: "{}", first: Shells(["probe"]), second: Shells(["ball"]),
                    keep_distance: 2e-2)],
    )"#,
        chain.display()
    );
    let file = root().join("tests/virtual.ron");
    let spec = parse_scene(&src, &file).unwrap_or_else(|e| panic!("{e}"));
    let mut sim = build_scene(&spec, &src, &file)
        .unwrap_or_else(|e| panic!("{e}"))
        .into_simulator();
    sim.step().unwrap_or_else(|e| panic!("{e}"));
    sim
}

/// Active pairs per probe node, and the total normal force on the probe (N).
fn per_node(sim: &Simulator) -> (BTreeMap<u32, usize>, f64) {
    let mut count = BTreeMap::new();
    let mut force = 0.0;
    for c in sim.last_contacts().iter().filter(|c| c.active) {
        if let PrimId::ShellNode(n) = c.key.first {
            *count.entry(n.node).or_insert(0) += 1;
            force += (0..3).map(|k| c.force[k].powi(2)).sum::<f64>().sqrt();
        }
    }
    (count, force)
}

#[test]
fn a_node_presses_on_a_cell_once_at_its_closest_point() {
    // Outside the ball, and 6 mm inside its top: there several triangles have their foot in
    // their interior (the resolver's local rule keeps each), and only the closest one counts.
    for z in [0.1, 0.094] {
        check_once_at_closest_point(z);
    }
}

fn check_once_at_closest_point(z: f64) {
    let cell = pressed_at(true, z);
    let (count, force) = per_node(&cell);
    assert!(count.len() > 4, "the probe touches the cell: {count:?}");
    assert!(
        count.values().all(|&k| k == 1),
        "one contact per node: {count:?}"
    );
    // Σ A_c k δ over the touching nodes, δ from each node's distance to the whole surface.
    let m = &cell.model;
    let ball = &m.bodies.shells[0];
    let tris: Vec<[catena::math::Vec3; 3]> = ball
        .mesh
        .triangles
        .iter()
        .map(|t| t.map(|n| ball.node(&m.q, n as usize)))
        .collect();
    let mut expected = 0.0;
    for &node in count.keys() {
        let x = m.bodies.shells[1].node(&m.q, node as usize);
        let d = tris
            .iter()
            .map(|t| catena::contact::distance::point_triangle_distance(&[x], t))
            .fold(f64::INFINITY, f64::min);
        let delta = 1e-2 - d;
        let prim = PrimId::shell_node(1, node);
        expected += node_area(m, prim).unwrap() * 1e6 * delta;
    }
    assert!(
        (force - expected).abs() < 1e-9 * expected,
        "force {force} vs Σ A_c k δ {expected}"
    );
    if z != 0.1 {
        return;
    }
    // A plain shell counts a node once per triangle reaching it.
    let (plain, plain_force) = per_node(&pressed(false));
    assert!(plain.values().any(|&k| k > 1), "{plain:?}");
    assert!(plain_force > force);
}
