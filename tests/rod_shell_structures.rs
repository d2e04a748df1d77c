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
    let payload = m.bodies.rods[0].node(&m.q, m.bodies.rods[0].n_nodes - 1);
    let canopy = m.bodies.shells[0].nodes(&m.q);
    for rod in &m.bodies.rods {
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

/// Contact pairs across a junction are excluded: a rope's top node and top edge are one piece
/// of material with the canopy triangles at its corner, not a contact.
#[test]
fn primitives_meeting_at_a_junction_do_not_form_contact_pairs() {
    use catena::contact::{PrimId, too_close};
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("examples/scenes/parachute.ron");
    let (spec, src) = load_scene(&path).unwrap_or_else(|e| panic!("{e}"));
    let m = build_scene(&spec, &src, &path).unwrap().model;
    let corner = m.bodies.rods[0].node_dof(0);
    let shell = &m.bodies.shells[0];
    let faces: Vec<u32> = (0..shell.mesh.triangles.len() as u32)
        .filter(|&t| {
            shell.mesh.triangles[t as usize]
                .iter()
                .any(|&n| shell.node_dof(n as usize) == corner)
        })
        .collect();
    assert!(!faces.is_empty(), "rope 0 starts at a canopy node");
    for &f in &faces {
        assert!(too_close(
            &m,
            &PrimId::rod_node(0, 0),
            &PrimId::shell_face(0, f)
        ));
        assert!(too_close(
            &m,
            &PrimId::rod_edge(0, 0),
            &PrimId::shell_face(0, f)
        ));
    }
    // Away from the junction, pairs are allowed; the payload joins the ropes' last edges.
    let far = (0..shell.mesh.triangles.len() as u32)
        .find(|t| !faces.contains(t))
        .unwrap();
    assert!(!too_close(
        &m,
        &PrimId::rod_node(0, 5),
        &PrimId::shell_face(0, far)
    ));
    let last = m.bodies.rods[0].n_edges() as u32 - 1;
    assert!(too_close(
        &m,
        &PrimId::rod_edge(0, last),
        &PrimId::rod_edge(1, last)
    ));
    assert!(!too_close(
        &m,
        &PrimId::rod_edge(0, 2),
        &PrimId::rod_edge(1, 2)
    ));
}
