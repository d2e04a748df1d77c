//! `catena flagella` writes a scene that runs, and `catena render` draws a frame of a run's
//! output directory to SVG and PNG (run as separate processes, like a user would).

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn catena(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_catena"))
        .args(args)
        .current_dir(root())
        .output()
        .expect("start the catena binary")
}

fn ok(out: &Output) -> String {
    let (o, e) = (
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr),
    );
    assert!(out.status.success(), "stdout:\n{o}\nstderr:\n{e}");
    o.into_owned()
}

fn s(p: &Path) -> &str {
    p.to_str().expect("utf-8 path")
}

#[test]
fn a_generated_flagella_scene_runs_and_renders() {
    let tmp = tempfile::tempdir().unwrap();
    let scene = tmp.path().join("scenes/f2.ron");
    // Without --chain the scene names chains/imc.ron of the working directory, relative to itself.
    let said = ok(&catena(&[
        "flagella",
        "--m",
        "2",
        "--out",
        s(&scene),
        "--until",
        "0.004",
    ]));
    assert!(said.contains("136 nodes"), "{said}");
    let text = std::fs::read_to_string(&scene).unwrap();
    assert!(text.contains("duration: 0.004"));
    let out = tmp.path().join("run");
    ok(&catena(&["run", s(&scene), "--out", s(&out), "-q"]));
    assert!(out.join("frames/frame_000001.vtp").is_file());

    let svg = tmp.path().join("pics/last.svg");
    let said = ok(&catena(&["render", s(&out), "--out", s(&svg)]));
    assert!(
        said.contains("frame 1") && said.contains("2 rod(s)"),
        "{said}"
    );
    let picture = std::fs::read_to_string(&svg).unwrap();
    assert!(picture.starts_with("<svg") && picture.contains("<circle"));
    assert!(picture.contains("t = 0.0040 s"));

    let png = tmp.path().join("first.png");
    ok(&catena(&[
        "render",
        s(&out),
        "--frame",
        "0",
        "--out",
        s(&png),
        "--size",
        "300",
    ]));
    let bytes = std::fs::read(&png).unwrap();
    assert!(bytes.len() > 1000 && &bytes[1..4] == b"PNG");
    ok(&catena(&[
        "render",
        s(&out),
        "--frame",
        "-2",
        "--out",
        s(&png),
        "--azimuth",
        "-30",
        "--elevation",
        "-10",
    ]));
}

#[test]
fn render_errors_are_clear() {
    let tmp = tempfile::tempdir().unwrap();
    let out = catena(&["render", s(tmp.path()), "--out", "x.png"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("frames"), "{err}");
    assert!(!err.contains("panicked"), "{err}");

    let bad = catena(&[
        "flagella",
        "--m",
        "0",
        "--out",
        s(&tmp.path().join("x.ron")),
    ]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("at least 1"));
}
