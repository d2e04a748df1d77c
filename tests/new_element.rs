//! `catena new-element`: its output for every kind is the code in `examples/scaffold/`, which
//! `cargo test` compiles against the public API and whose Jacobian tests it runs (the example
//! has `test = true`); bad names and existing files are refused cleanly.

use catena::scaffold::{ElementKind, render};
use std::path::PathBuf;
use std::process::Command;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn the_scaffolds_in_examples_are_what_new_element_writes() {
    for (name, kind) in [
        ("MyLaw", ElementKind::Normal),
        ("MyFriction", ElementKind::Tangential),
        ("MyResolver", ElementKind::Resolver),
    ] {
        let e = render(name, kind).unwrap();
        let path = root().join("examples/scaffold").join(&e.file_name);
        let committed = std::fs::read_to_string(&path).unwrap();
        assert!(
            committed == e.source,
            "{} differs from the template's output; regenerate it with\n  \
             cargo run --release -- new-element {name} --kind {} --out examples/scaffold --force",
            path.display(),
            format!("{kind:?}").to_lowercase()
        );
    }
}

fn catena(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_catena"))
        .args(args)
        .output()
        .unwrap()
}

#[test]
fn cli_writes_the_file_and_refuses_bad_names_and_overwrites() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().to_str().unwrap();
    let run = catena(&[
        "new-element",
        "Viscoelastic",
        "--kind",
        "normal",
        "--out",
        out,
    ]);
    let stdout = String::from_utf8_lossy(&run.stdout);
    assert!(run.status.success(), "{stdout}");
    assert!(
        stdout.contains("N_Viscoelastic") && stdout.contains("element_set!"),
        "{stdout}"
    );
    let text = std::fs::read_to_string(dir.path().join("n_viscoelastic.rs")).unwrap();
    assert!(text.contains("pub struct Viscoelastic"), "{text}");
    assert!(text.contains("N_Viscoelastic(stiffness: 1e4),"), "{text}");

    // Again: the file exists.
    let again = catena(&[
        "new-element",
        "Viscoelastic",
        "--kind",
        "normal",
        "--out",
        out,
    ]);
    let stderr = String::from_utf8_lossy(&again.stderr);
    assert_eq!(again.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("already exists") && stderr.contains("--force"),
        "{stderr}"
    );
    let forced = catena(&[
        "new-element",
        "Viscoelastic",
        "--kind",
        "normal",
        "--out",
        out,
        "--force",
    ]);
    assert!(forced.status.success());

    // A name that is not a type name, and one that a built-in has.
    for (name, expect) in [("visco-elastic", "`ViscoElastic`"), ("Hertz", "built-in")] {
        let bad = catena(&["new-element", name, "--kind", "normal", "--out", out]);
        let stderr = String::from_utf8_lossy(&bad.stderr);
        assert_eq!(bad.status.code(), Some(2), "{stderr}");
        assert!(stderr.contains(expect), "{stderr}");
        assert!(!stderr.contains("panicked"), "{stderr}");
    }
    // An unknown kind lists the known ones.
    let bad = catena(&["new-element", "X", "--kind", "rolling", "--out", out]);
    let stderr = String::from_utf8_lossy(&bad.stderr);
    assert_eq!(bad.status.code(), Some(2));
    assert!(
        stderr.contains("normal") && stderr.contains("resolver"),
        "{stderr}"
    );
}
