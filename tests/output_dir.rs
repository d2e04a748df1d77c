//! The output directory contract, through the `catena` binary: a run owns its directory (a
//! second run into it is refused while the first one runs), starts without earlier output
//! (replaced only with `--force`, and files catena did not write are never deleted: see
//! tests/force_manifest.rs); `summary.json` exists from the start.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

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

fn names(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .expect("read_dir")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

#[test]
fn a_rerun_needs_force_and_then_leaves_nothing_of_the_first_run() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let dir = tmp.path().join("out");
    let d = dir.to_str().expect("utf-8");
    let first = catena(&["run", "examples/scenes/cantilever.ron", "-q", "--out", d]);
    assert_eq!(first.status.code(), Some(0), "{}", describe(&first));
    assert_eq!(names(&dir.join("frames")).len(), 11);

    let again = catena(&["run", "examples/scenes/cantilever.ron", "-q", "--out", d]);
    assert_eq!(again.status.code(), Some(2), "{}", describe(&again));
    let err = String::from_utf8_lossy(&again.stderr);
    assert!(
        err.starts_with("error: ") && err.contains("is not empty"),
        "{err}"
    );
    assert!(err.contains("help: pass --force"), "{err}");

    // A shorter run with --force: 3 frames, not 3 new ones beside 8 stale ones.
    let forced = catena(&[
        "run",
        "examples/scenes/cantilever.ron",
        "-q",
        "--until",
        "0.05",
        "--force",
        "--out",
        d,
    ]);
    assert_eq!(forced.status.code(), Some(0), "{}", describe(&forced));
    assert_eq!(names(&dir.join("frames")).len(), 3, "stale frames are gone");
    assert_eq!(
        names(&dir),
        [
            ".catena.lock",
            ".catena.manifest",
            "frames",
            "frames.pvd",
            "steps.csv",
            "summary.json"
        ]
    );
    let s = catena::io::read_summary(&dir.join("summary.json")).expect("summary");
    assert_eq!((s.steps, s.completed, s.frames), (10, true, 3));
}

#[test]
fn files_catena_did_not_write_are_never_deleted() {
    let tmp = tempfile::tempdir().expect("tempdir");
    std::fs::write(tmp.path().join("notes.txt"), "mine").expect("notes");
    let d = tmp.path().to_str().expect("utf-8");
    for force in [false, true] {
        let mut args = vec!["run", "examples/scenes/cantilever.ron", "-q", "--out", d];
        if force {
            args.push("--force");
        }
        let out = catena(&args);
        assert_eq!(out.status.code(), Some(2), "{}", describe(&out));
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("notes.txt") && err.contains("help: "), "{err}");
    }
    assert_eq!(names(tmp.path()), ["notes.txt"]);
}

/// Two runs into one directory: the second is refused at once, naming the first, and the
/// first completes with its own rows only.
#[test]
fn a_second_run_into_a_busy_directory_is_refused() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let dir = tmp.path().join("out");
    let d = dir.to_str().expect("utf-8");
    let mut first = Command::new(env!("CARGO_BIN_EXE_catena"))
        // 1500 steps, a few seconds: long enough for both refusals below, even on a loaded
        // machine.
        .args([
            "run",
            "examples/scenes/helix_relax.ron",
            "-q",
            "--until",
            "3",
            "--out",
            d,
        ])
        .current_dir(root())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("start");
    let deadline = Instant::now() + Duration::from_secs(60);
    while !dir.join("steps.csv").is_file() {
        assert!(Instant::now() < deadline, "the first run did not start");
        std::thread::sleep(Duration::from_millis(2));
    }
    for args in [
        &[
            "run",
            "examples/scenes/rods_crossing.ron",
            "-q",
            "--force",
            "--out",
            d,
        ][..],
        &["resume", "-q", d][..],
    ] {
        let second = catena(args);
        assert_eq!(
            second.status.code(),
            Some(2),
            "{args:?}: {}",
            describe(&second)
        );
        let err = String::from_utf8_lossy(&second.stderr);
        assert!(err.contains("in use by another catena process"), "{err}");
        assert!(
            err.contains("process ") && err.contains("helix_relax"),
            "{err}"
        );
    }
    assert!(first.wait().expect("wait").success());
    let rows = catena::io::read_steps_csv(&dir.join("steps.csv")).expect("rows");
    assert_eq!(rows.len(), 1500);
    assert!(rows.iter().enumerate().all(|(k, r)| r.step == k as u64 + 1));
    let s = catena::io::read_summary(&dir.join("summary.json")).expect("summary");
    assert_eq!((s.scene.as_str(), s.steps), ("helix_relax", 1500));
}

/// `compare` and `sweep` follow the same contract.
#[test]
fn studies_refuse_a_used_directory_without_force() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let d = tmp.path().to_str().expect("utf-8");
    let compare = |extra: &[&str]| {
        let mut a = vec![
            "compare",
            "examples/scenes/rods_crossing.ron",
            "--chain",
            "chains/linear_rod_rod.ron",
            "--until",
            "0.005",
            "-q",
            "--out",
            d,
        ];
        a.extend_from_slice(extra);
        catena(&a)
    };
    assert_eq!(compare(&[]).status.code(), Some(0));
    let again = compare(&[]);
    assert_eq!(again.status.code(), Some(2), "{}", describe(&again));
    assert!(String::from_utf8_lossy(&again.stderr).contains("--force"));
    assert_eq!(compare(&["--force"]).status.code(), Some(0));
    let sweep = catena(&[
        "sweep",
        "examples/scenes/rods_crossing.ron",
        "--chain",
        "chains/linear_rod_rod.ron",
        "--set",
        "N_LinearForce.stiffness=1e3",
        "--until",
        "0.005",
        "-q",
        "--force",
        "--out",
        d,
    ]);
    assert_eq!(sweep.status.code(), Some(0), "{}", describe(&sweep));
    assert!(
        !tmp.path().join("compare.csv").exists(),
        "the comparison was replaced"
    );
    assert!(tmp.path().join("sweep.csv").is_file());
}
