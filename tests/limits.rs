//! Resource limits and nonsense counts, through the `catena` binary: the memory guard sees the
//! process limit (`ulimit -v`), an allocation that fails anyway is a clean error (exit 1, no
//! abort), absurd horizons, flagella counts and sample counts are refused, and inputs that are
//! not files (a FIFO) are refused at once instead of blocking.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::{Duration, Instant};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn catena(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_catena"))
        .args(args)
        .current_dir(root())
        .env_remove("RUST_BACKTRACE")
        .env_remove("CATENA_MEMORY_LIMIT")
        .output()
        .expect("start catena")
}

/// `catena ARGS` under `ulimit -v KB` (through `sh`), with extra environment.
fn catena_limited(kb: u64, env: &[(&str, &str)], args: &[&str]) -> Output {
    let mut c = Command::new("sh");
    c.arg("-c")
        .arg(format!("ulimit -v {kb} && exec \"$0\" \"$@\""))
        .arg(env!("CARGO_BIN_EXE_catena"))
        .args(args)
        .current_dir(root())
        .env_remove("RUST_BACKTRACE")
        .env_remove("CATENA_MEMORY_LIMIT");
    for (k, v) in env {
        c.env(k, v);
    }
    c.output().expect("start sh")
}

fn describe(out: &Output) -> String {
    format!(
        "exit {:?}\n--- stdout\n{}--- stderr\n{}",
        out.status.code(),
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

/// Asserts a clean refusal: exit `code`, `error: ` first, a help line, `fragment`, no panic.
fn refused(out: &Output, code: i32, fragment: &str) {
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(code), "{}", describe(out));
    assert!(err.starts_with("error: "), "{}", describe(out));
    assert!(err.contains("help: "), "{}", describe(out));
    assert!(
        err.contains(fragment),
        "expected {fragment:?}: {}",
        describe(out)
    );
    for bad in ["panicked", "RUST_BACKTRACE", "memory allocation of"] {
        assert!(!err.contains(bad), "{}", describe(out));
    }
}

/// One rod of 6700 nodes in the RSS fluid: a dense 20100 × 20100 matrix, about 4.8 GB.
fn big_scene(dir: &Path) -> PathBuf {
    let path = dir.join("big.ron");
    std::fs::write(
        &path,
        r#"Scene(
    time: (dt: 1e-3, duration: 0.01),
    materials: { "m": (youngs_modulus: 1e6, poisson_ratio: 0.5, density: 1000) },
    rods: [
        (name: "long", material: "m", radius: 1e-4,
         geometry: Straight(start: (0, 0, 0), end: (10, 0, 0), nodes: 6700)),
    ],
    forces: [Rss(viscosity: 0.1)],
)"#,
    )
    .expect("write scene");
    path
}

#[test]
fn the_memory_guard_sees_the_process_limit() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let scene = big_scene(tmp.path());
    let out = catena_limited(2_000_000, &[], &["check", scene.to_str().expect("utf-8")]);
    refused(&out, 2, "address-space limit (ulimit -v)");
    assert!(String::from_utf8_lossy(&out.stderr).contains("dense RSS fluid matrix"));
}

#[test]
fn a_failed_allocation_is_an_error_not_an_abort() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let scene = big_scene(tmp.path());
    let dir = tmp.path().join("out");
    // The guard told the scene fits (CATENA_MEMORY_LIMIT), the process limit says otherwise.
    let out = catena_limited(
        1_500_000,
        &[("CATENA_MEMORY_LIMIT", "1e12")],
        &[
            "run",
            scene.to_str().expect("utf-8"),
            "-q",
            "--out",
            dir.to_str().expect("utf-8"),
        ],
    );
    refused(&out, 1, "out of memory: an allocation of");
    assert!(String::from_utf8_lossy(&out.stderr).contains(dir.to_str().expect("utf-8")));
}

#[test]
fn absurd_counts_are_refused() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let out_dir = tmp.path().join("out");
    let o = out_dir.to_str().expect("utf-8");
    let scene_out = tmp.path().join("f.ron");
    let f = scene_out.to_str().expect("utf-8");
    for (args, code, fragment) in [
        (
            &[
                "run",
                "examples/scenes/cantilever.ron",
                "--until",
                "1e300",
                "-q",
                "--out",
                o,
            ][..],
            2,
            "more than the 1e9 a run may take",
        ),
        (
            &[
                "compare",
                "examples/scenes/rods_crossing.ron",
                "--chain",
                "chains/imc.ron",
                "--until",
                "1e300",
                "-q",
                "--out",
                o,
            ][..],
            2,
            "more than the 1e9 a run may take",
        ),
        (
            &["flagella", "--m", "1000000", "--out", f][..],
            2,
            "--m 1000000",
        ),
        (&["flagella", "--m", "0", "--out", f][..], 2, "--m 0"),
        (
            &[
                "check",
                "--jacobian",
                "chains/imc.ron",
                "--samples",
                "18446744073709551615",
            ][..],
            2,
            "--samples",
        ),
        (
            &["check", "--jacobian", "chains/imc.ron", "--tol", "0"][..],
            2,
            "--tol",
        ),
    ] {
        let started = Instant::now();
        let out = catena(args);
        refused(&out, code, fragment);
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "{args:?} took long"
        );
    }
    assert!(!scene_out.exists(), "no flagella scene was written");
}

#[test]
fn fifos_are_refused_at_once() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let fifo = tmp.path().join("pipe.ron");
    let status = Command::new("mkfifo").arg(&fifo).status().expect("mkfifo");
    assert!(status.success());
    let f = fifo.to_str().expect("utf-8");
    // As a scene, as a chain named by a scene, and as a polyline file.
    let out = catena(&["check", f]);
    refused(&out, 2, "FIFO (named pipe), not a regular file");
    let chain_scene = tmp.path().join("with_chain.ron");
    let poly_scene = tmp.path().join("with_polyline.ron");
    let scene = |geometry: &str, contacts: &str| {
        format!(
            r#"Scene(
    time: (dt: 1e-3, duration: 0.1),
    materials: {{ "m": (youngs_modulus: 1e6, poisson_ratio: 0.5, density: 1000) }},
    rods: [(name: "a", material: "m", radius: 1e-3, geometry: {geometry})],
    contacts: [{contacts}],
)"#
        )
    };
    let straight = "Straight(start: (0, 0, 0.01), end: (0.05, 0, 0.01), nodes: 6)";
    std::fs::write(
        &chain_scene,
        scene(
            straight,
            "(chain: \"pipe.ron\", first: AllRods, second: AllRods)",
        ),
    )
    .expect("write");
    std::fs::write(&poly_scene, scene("PolylineFile(\"pipe.ron\")", "")).expect("write");
    for s in [&chain_scene, &poly_scene] {
        let started = Instant::now();
        let out = catena(&["check", s.to_str().expect("utf-8")]);
        refused(&out, 2, "FIFO");
        assert!(started.elapsed() < Duration::from_secs(10));
    }
}
