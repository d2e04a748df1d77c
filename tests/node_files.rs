//! Node files (`tests/node_files/`): every accepted layout of a rod's nodes — bare `x y z` rows,
//! a line of column names with commas and `#`/`%`/`//` comments, the MAT-DiSMech `*Nodes` /
//! `*Edges` layout in order and shuffled — builds the same rod, node for node; the shell
//! layouts (`*Nodes` + `*Triangles`, with or without `*Edges`) build the same mesh as the
//! inline arrays. Bad node files are in the bad-input corpus (`tests/bad_inputs/node_file_*`).

use catena::math::Vec3;
use catena::model::{NodeFile, TriMesh};
use catena::scene::{BuiltScene, build_scene, parse_scene};
use std::path::PathBuf;

fn dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/node_files")
}

/// Builds `body` (the scene's bodies) as a scene living in `tests/node_files/`.
fn build(body: &str) -> BuiltScene {
    let src = format!(
        r#"Scene(
    time: (dt: 0.001, duration: 0.01),
    materials: {{ "m": (youngs_modulus: 1e9, poisson_ratio: 0.3, density: 1000) }},
    {body}
)"#
    );
    let file = dir().join("scene.ron");
    let spec = parse_scene(&src, &file).unwrap_or_else(|e| panic!("{e}"));
    build_scene(&spec, &src, &file).unwrap_or_else(|e| panic!("{e}"))
}

/// The rod every rod file describes (m).
fn expected_rod() -> Vec<Vec3> {
    vec![
        Vec3::new(0.0, 0.0, 0.0),
        Vec3::new(0.01, 0.0, 0.001),
        Vec3::new(0.02, 0.002, 0.0),
        Vec3::new(0.03, 0.0, 0.0),
    ]
}

#[test]
fn every_rod_layout_builds_the_same_rod() {
    for name in [
        "rod_bare.txt",
        "rod_names_commas_comments.txt",
        "rod_dismech.txt",
        "rod_dismech_shuffled.txt",
    ] {
        let built = build(&format!(
            r#"rods: [(name: "r", material: "m", radius: 1e-3, geometry: PolylineFile("{name}"))],"#
        ));
        let rod = &built.model.bodies.rods[0];
        let nodes: Vec<Vec3> = (0..rod.n_nodes)
            .map(|i| rod.node(&built.model.q, i))
            .collect();
        assert_eq!(nodes, expected_rod(), "{name}");
    }
}

#[test]
fn edges_give_the_rod_order_and_rows_stay_known() {
    let file = NodeFile::read(&dir().join("rod_dismech_shuffled.txt"), "polyline file")
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(file.edges, vec![[1, 3], [2, 0], [1, 2]]);
    let line = file.polyline().unwrap_or_else(|e| panic!("{e}"));
    // File nodes 1, 3, 2, 4 along the chain, each with the line it was written on.
    assert_eq!(line.numbers, vec![1, 3, 2, 4]);
    assert_eq!(
        line.at.iter().map(|p| p.0).collect::<Vec<_>>(),
        vec![3, 5, 4, 6]
    );
    assert_eq!(line.nodes, expected_rod());
}

#[test]
fn shell_layouts_build_the_inline_mesh() {
    let inline = TriMesh::from_rows(
        &[
            vec![0.0, 0.0, 0.0],
            vec![0.1, 0.0, 0.0],
            vec![0.1, 0.1, 0.0],
            vec![0.0, 0.1, 0.0],
        ],
        &[vec![0, 1, 2], vec![0, 2, 3]],
    )
    .unwrap_or_else(|e| panic!("{e}"));
    for name in ["shell_dismech.txt", "shell_bare_triangles.txt"] {
        assert_eq!(
            TriMesh::load(dir().join(name)).unwrap_or_else(|e| panic!("{e}")),
            inline,
            "{name}"
        );
        let built = build(&format!(
            r#"shells: [(name: "s", material: "m", thickness: 1e-3, mesh: File("{name}"))],"#
        ));
        let shell = &built.model.bodies.shells[0];
        assert_eq!(shell.mesh, inline, "{name}");
        assert_eq!(shell.nodes(&built.model.q), inline.nodes, "{name}");
    }
}

#[test]
fn a_mesh_written_as_a_node_file_reads_back_bit_for_bit() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let m = catena::model::mesh::icosphere(0.05, 2).unwrap_or_else(|e| panic!("{e}"));
    let path = tmp.path().join("ico.txt");
    m.save(&path).unwrap_or_else(|e| panic!("{e}"));
    let text = std::fs::read_to_string(&path).expect("read");
    assert!(
        text.contains("*Nodes\n") && text.contains("*Triangles\n"),
        "{text}"
    );
    assert_eq!(TriMesh::load(&path).unwrap_or_else(|e| panic!("{e}")), m);
}
