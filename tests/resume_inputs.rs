//! Every file a scene reads is held to the checkpoint (issue 39): a run is checkpointed, one of
//! its input files is edited, and `catena resume` must refuse, naming the file — with a line
//! diff for a text file, with sizes and hashes for a binary one — for each kind of file a
//! scene can name: an OBJ, a binary STL and a node-file mesh, a hinge actuation table, a rod's
//! polyline file, a sphere CSV file and a chain file. The same resume succeeds while the file
//! is unchanged.

use catena::model::TriMesh;
use catena::model::mesh::{DiagonalPattern, plate};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn catena(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_catena"))
        .args(args)
        .current_dir(root())
        .env_remove("RUST_BACKTRACE")
        .output()
        .expect("start catena")
}

fn describe(out: &Output) -> String {
    format!(
        "exit {:?}\n--- stdout\n{}--- stderr\n{}",
        out.status.code(),
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

const MATERIAL: &str =
    r#"materials: { "m": (youngs_modulus: 1e7, poisson_ratio: 0.3, density: 1000) },"#;

/// A shell strip clamped at x = 0, under gravity, its mesh read from `mesh`.
fn shell_scene(mesh: &str) -> String {
    format!(
        r#"Scene(
    time: (dt: 1e-3, duration: 0.01),
    {MATERIAL}
    shells: [(name: "s", material: "m", thickness: 1e-3, mesh: File("{mesh}"),
              clamp: [Box(min: (-1, -1, -1), max: (1e-4, 1, 1))])],
    forces: [Gravity(g: (0, 0, -9.81))],
)"#
    )
}

/// The mesh of [`shell_scene`], written to `path` in the format of its extension.
fn write_mesh(path: &Path) {
    let m: TriMesh = plate(0.02, 0.01, 2, 1, DiagonalPattern::OneWay).expect("plate");
    m.save(path).expect("save mesh");
}

/// Spheres read from `pack.csv` resting on a floor, with `chain` for the floor contact.
fn sphere_scene(chain: &str) -> String {
    format!(
        r#"Scene(
    time: (dt: 1e-3, duration: 0.01),
    {MATERIAL}
    sphere_sets: [(name: "p", material: "m", from: File("pack.csv"))],
    planes: [(name: "floor", origin: (0, 0, 0), normal: (0, 0, 1))],
    forces: [Gravity(g: (0, 0, -9.81))],
    contacts: [(chain: "{chain}", first: AllSpheres, second: AllPlanes, keep_distance: 0.01)],
)"#
    )
}

/// One kind of input: the scene, the file it reads (written by `write`), and how to edit it.
struct Case {
    name: &'static str,
    /// What the message calls the file.
    what: &'static str,
    file: &'static str,
    scene: String,
    write: Box<dyn Fn(&Path)>,
    edit: Box<dyn Fn(&Path)>,
    /// A fragment of the message that shows how it changed.
    shows: &'static str,
}

/// Replaces the first `from` of the text file at `p` by `to`.
fn replace(p: &Path, from: &str, to: &str) {
    let text = std::fs::read_to_string(p).expect("read input");
    assert!(
        text.contains(from),
        "{}: no {from:?} in\n{text}",
        p.display()
    );
    std::fs::write(p, text.replacen(from, to, 1)).expect("edit input");
}

fn cases() -> Vec<Case> {
    let chain = root().join("chains/linear_sphere_plane.ron");
    let chain_text = std::fs::read_to_string(&chain).expect("shipped chain");
    let csv = "x,y,z,r\n0,0,0.0101,0.01\n0.05,0,0.0101,0.01\n";
    let chain_path = chain.to_str().expect("utf-8").to_string();
    vec![
        Case {
            name: "obj",
            what: "mesh file",
            file: "strip.obj",
            scene: shell_scene("strip.obj"),
            write: Box::new(write_mesh),
            edit: Box::new(|p| replace(p, "v 0.02 ", "v 0.021 ")),
            shows: "+v 0.021 ",
        },
        Case {
            name: "stl",
            what: "mesh file",
            file: "strip.stl",
            scene: shell_scene("strip.stl"),
            write: Box::new(write_mesh),
            // One byte of the first facet's normal: the same size, another hash.
            edit: Box::new(|p| {
                let mut b = std::fs::read(p).expect("read stl");
                b[84] ^= 0x01;
                std::fs::write(p, b).expect("edit stl");
            }),
            shows: "FNV-1a",
        },
        Case {
            name: "node_file_mesh",
            what: "mesh file",
            file: "strip.txt",
            scene: shell_scene("strip.txt"),
            write: Box::new(write_mesh),
            edit: Box::new(|p| {
                let text = std::fs::read_to_string(p).expect("read");
                std::fs::write(p, format!("# edited\n{text}")).expect("edit");
            }),
            shows: "+# edited",
        },
        Case {
            name: "actuation_table",
            what: "signal table",
            file: "phi.txt",
            scene: format!(
                r#"Scene(
    time: (dt: 1e-3, duration: 0.01),
    {MATERIAL}
    shells: [(name: "s", material: "m", thickness: 2e-3, bending: Hinge,
              mesh: Plate(lx: 0.02, ly: 0.01, nx: 2, ny: 1, diagonals: OneWay),
              actuate: [(hinges: Box(min: (0.0099, -1, -1), max: (0.0101, 1, 1)),
                         signal: Table("phi.txt"))])],
)"#
            ),
            write: Box::new(|p| std::fs::write(p, "# t phi\n0 0\n0.05 0.5\n").expect("table")),
            edit: Box::new(|p| replace(p, "0.05 0.5", "0.05 0.6")),
            shows: "+0.05 0.6",
        },
        Case {
            name: "polyline",
            what: "polyline file",
            file: "rod.txt",
            scene: format!(
                r#"Scene(
    time: (dt: 1e-3, duration: 0.01),
    {MATERIAL}
    rods: [(name: "r", material: "m", radius: 1e-3, geometry: PolylineFile("rod.txt"))],
    boundary_conditions: [Clamp(rod: "r", end: Start)],
    forces: [Gravity(g: (0, 0, -9.81))],
)"#
            ),
            write: Box::new(|p| {
                std::fs::write(p, "0 0 0\n0.01 0 0\n0.02 0 0\n0.03 0 0\n").expect("rod")
            }),
            edit: Box::new(|p| replace(p, "0.03 0 0", "0.03 0 0.001")),
            shows: "+0.03 0 0.001",
        },
        Case {
            name: "sphere_csv",
            what: "sphere file",
            file: "pack.csv",
            scene: sphere_scene(&chain_path),
            write: Box::new(move |p| std::fs::write(p, csv).expect("csv")),
            edit: Box::new(|p| replace(p, "0.05,0,", "0.06,0,")),
            shows: "+0.06,0,0.0101,0.01",
        },
        Case {
            name: "chain",
            what: "chain file",
            file: "floor.ron",
            scene: sphere_scene("floor.ron"),
            write: Box::new(move |p| {
                std::fs::write(p.with_file_name("pack.csv"), csv).expect("csv");
                std::fs::write(p, &chain_text).expect("chain");
            }),
            edit: Box::new(|p| replace(p, "stiffness: 1e4", "stiffness: 2e4")),
            shows: "+        N_LinearForce(stiffness: 2e4",
        },
    ]
}

#[test]
fn resume_refuses_every_kind_of_input_file_that_changed() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let mut failures = Vec::new();
    for case in cases() {
        let dir = tmp.path().join(case.name);
        std::fs::create_dir(&dir).expect("case dir");
        let scene = dir.join("scene.ron");
        std::fs::write(&scene, &case.scene).expect("scene");
        let input = dir.join(case.file);
        (case.write)(&input);
        let out = dir.join("out");
        let (s, o) = (scene.to_str().expect("utf-8"), out.to_str().expect("utf-8"));
        let run = catena(&[
            "run",
            s,
            "--out",
            o,
            "--until",
            "0.003",
            "--checkpoint-every",
            "1",
            "-q",
        ]);
        assert_eq!(
            run.status.code(),
            Some(0),
            "{}: {}",
            case.name,
            describe(&run)
        );
        let ck = catena::run::Checkpoint::read(&out).expect("checkpoint");
        assert!(
            ck.inputs
                .iter()
                .any(|f| f.path.ends_with(case.file) && f.what == case.what),
            "{}: the checkpoint keeps {}: {:?}",
            case.name,
            case.file,
            ck.inputs.iter().map(|f| &f.path).collect::<Vec<_>>()
        );
        let unchanged = catena(&["resume", o, "-q"]);
        assert_eq!(
            unchanged.status.code(),
            Some(0),
            "{}: {}",
            case.name,
            describe(&unchanged)
        );
        (case.edit)(&input);
        let changed = catena(&["resume", o, "-q"]);
        let err = String::from_utf8_lossy(&changed.stderr);
        let expect = format!(
            "error: cannot resume: {} {} changed since the run started",
            case.what,
            input.display()
        );
        if changed.status.code() != Some(2)
            || !err.starts_with(&expect)
            || !err.contains(case.shows)
            || !err.contains("help: restore the file")
            || err.contains("panicked")
        {
            failures.push(format!(
                "{}: expected exit 2, {expect:?} and {:?}\n{}",
                case.name,
                case.shows,
                describe(&changed)
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
