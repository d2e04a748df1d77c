//! `N_T_ShellViscosity` bound with `detect: MeshEdges` (mpacts' membrane viscosity between mesh
//! neighbours): the binding's pairs are exactly the meshes' edges, the element's Jacobians
//! match finite differences, and summed over a cell it is the shell force `ShellViscosity` —
//! the same overdamped relaxation of an ellipsoidal cell, step by step. Scenes that bind
//! `MeshEdges` to anything but one set of shells through a point chain are refused.

use catena::contact::{Builtin, Chain, PairMemory, PrimId};
use catena::scene::{build_scene, parse_scene};
use catena::verify::check_pair;
use std::path::PathBuf;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// An ellipsoidal cortical-tension cell relaxing overdamped in a medium, its cortex viscous
/// through `viscosity` (a force entry or a contact entry).
fn cell_scene(viscosity_force: &str, contacts: &str) -> String {
    format!(
        r#"Scene(
        time: (dt: 0.05, duration: 1.0, integrator: Overdamped),
        solver: (abs_tol: 1e-18, rel_tol: 0, force_tol: 1e-12),
        materials: {{ "cortex": (youngs_modulus: 1, poisson_ratio: 0.3333, density: 1000) }},
        shells: [(name: "cell", material: "cortex", thickness: 1e-7, bending: Hinge,
                  mesh: Ellipsoid(radii: (6.5e-6, 5e-6, 4e-6), level: 2),
                  cell: (tension: 1e-3, bulk_modulus: 1e6))],
        forces: [SurfaceDrag(friction: 4e7){viscosity_force}],
        contacts: [{contacts}],
    )"#
    )
}

const MESH_EDGES: &str = r#"(chain: "../chains/shell_viscosity.ron", first: AllShells, second: AllShells, detect: MeshEdges)"#;

/// Runs `steps` steps of `src`; the positions after each, and the candidate count of the last.
fn run(src: &str, steps: usize) -> (Vec<Vec<f64>>, u64) {
    let file = root().join("tests/virtual.ron");
    let spec = parse_scene(src, &file).expect("scene parses");
    let mut sim = build_scene(&spec, src, &file)
        .expect("scene builds")
        .into_simulator();
    let mut out = Vec::new();
    let mut candidates = 0;
    for _ in 0..steps {
        let report = sim.step().expect("step converges");
        candidates = report.contacts.candidates;
        out.push(sim.model.q.clone());
    }
    (out, candidates)
}

#[test]
fn chain_viscosity_on_mesh_edges_is_the_shell_viscosity_force() {
    let (with_force, _) = run(&cell_scene(", ShellViscosity(viscosity: 100)", ""), 6);
    let (with_chain, candidates) = run(&cell_scene("", MESH_EDGES), 6);
    let (without, _) = run(&cell_scene("", ""), 6);
    // A level-2 icosphere has 162 nodes, 320 triangles and 480 edges: one pair per edge.
    assert_eq!(candidates, 480);
    let diff = |a: &[f64], b: &[f64]| {
        a.iter()
            .zip(b)
            .map(|(x, y)| (x - y).abs())
            .fold(0.0, f64::max)
    };
    let q0 = &with_force[0];
    for (step, ((f, c), w)) in with_force.iter().zip(&with_chain).zip(&without).enumerate() {
        let (same, viscous) = (diff(f, c), diff(f, w));
        eprintln!(
            "step {}: force vs chain {same:.2e} m, with vs without viscosity {viscous:.2e} m",
            step + 1
        );
        // The viscosity matters (the cell relaxes differently without it) …
        assert!(viscous > 1e-9, "step {}: {viscous:e}", step + 1);
        // … and the chain gives the force's motion up to summation order.
        assert!(
            same < 1e-6 * viscous,
            "step {}: {same:e} vs {viscous:e}",
            step + 1
        );
    }
    assert!(diff(q0, &with_force[5]) > 1e-8, "the cell relaxes");
}

#[test]
fn its_jacobians_match_finite_differences_on_mesh_edges() {
    let chain = Chain::<Builtin>::load(&root().join("chains/shell_viscosity.ron")).unwrap();
    let src = cell_scene("", MESH_EDGES);
    let file = root().join("tests/virtual.ron");
    let spec = parse_scene(&src, &file).unwrap();
    let model = build_scene(&spec, &src, &file).unwrap().model;
    let shell = &model.bodies.shells[0];
    let mut rng = catena::verify::Rng::new(5);
    let v: Vec<f64> = (0..model.q.len()).map(|_| 1e-6 * rng.signed()).collect();
    for e in shell.topology.edges.iter().step_by(37) {
        let (a, b) = (
            PrimId::shell_node(0, e.nodes[0]),
            PrimId::shell_node(0, e.nodes[1]),
        );
        let c = check_pair(
            &chain,
            &model,
            &model.q,
            &v,
            a,
            b,
            PairMemory::default(),
            0.05,
            1e-10,
        )
        .expect("the pair is evaluated");
        // Γ = μ t/√3 on the relative velocity: |F| = Γ |v₂ − v₁|.
        let gamma = 100.0 * 1e-7 / 3f64.sqrt();
        let (i, j) = (
            shell.node_dof(e.nodes[0] as usize),
            shell.node_dof(e.nodes[1] as usize),
        );
        let dv: f64 = (0..3).map(|k| (v[j + k] - v[i + k]).powi(2)).sum::<f64>();
        let expect = std::f64::consts::SQRT_2 * gamma * dv.sqrt();
        assert!(
            (c.force_norm - expect).abs() < 1e-12 * expect,
            "{c:?} vs {expect:e}"
        );
        assert!(c.dfdx_error < 1e-12 && c.dfdv_error < 1e-8, "{c:?}");
    }
}

/// The error `catena check` prints for a scene, and whether it was refused.
fn refusal(src: &str) -> String {
    let dir = tempfile::tempdir().unwrap();
    let scene = dir.path().join("s.ron");
    std::fs::write(
        &scene,
        src.replace("../chains/", &format!("{}/chains/", root().display())),
    )
    .unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_catena"))
        .args(["check", scene.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(!out.status.success(), "accepted: {src}");
    String::from_utf8_lossy(&out.stderr).into_owned()
}

#[test]
fn mesh_edges_bindings_that_cannot_work_are_refused_where_they_are_written() {
    // Between rods.
    let rods = cell_scene(
        "",
        r#"(chain: "../chains/shell_viscosity.ron", first: AllRods, second: AllRods, detect: MeshEdges)"#,
    )
    .replace(
        "shells: [",
        r#"rods: [(name: "r", material: "cortex", radius: 1e-7, geometry: Straight(start: (0, 0, 1e-5), end: (1e-5, 0, 1e-5), nodes: 5))], shells: ["#,
    );
    let e = refusal(&rods);
    assert!(e.contains("same shells") && e.contains("s.ron:"), "{e}");
    // With a keep distance.
    let keep = cell_scene(
        "",
        &MESH_EDGES.replace("detect:", "keep_distance: 1e-6, detect:"),
    );
    let e = refusal(&keep);
    assert!(e.contains("keep_distance has no meaning"), "{e}");
    // Through a chain that is not between two points.
    let triangles = cell_scene(
        "",
        r#"(chain: "../chains/cell_pressure.ron", first: AllShells, second: AllShells, detect: MeshEdges)"#,
    );
    let e = refusal(&triangles);
    assert!(e.contains("pairs the two nodes of each mesh edge"), "{e}");
}
