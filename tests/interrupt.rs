//! Ctrl-C and SIGTERM, through the `catena` binary: `run`, `compare` and `sweep` stop at the
//! next step boundary, keep what they did (rows, frames, a checkpoint, the finished cases), say
//! how to resume, exit with 130 (SIGINT) or 143 (SIGTERM), and `catena resume` finishes them
//! with the numbers of a run that was never interrupted. A second Ctrl-C exits at once.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn catena() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_catena"));
    c.current_dir(root()).env_remove("RUST_BACKTRACE");
    c
}

fn describe(out: &Output) -> String {
    format!(
        "exit {:?}\n--- stdout\n{}--- stderr\n{}",
        out.status.code(),
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

fn spawn(args: &[&str]) -> Child {
    catena()
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start catena")
}

/// Waits (at most 60 s) until `ready` holds, polling every 2 ms; panics if the child ends first.
fn wait_for(child: &mut Child, what: &str, ready: impl Fn() -> bool) {
    let deadline = Instant::now() + Duration::from_secs(60);
    while !ready() {
        if let Some(status) = child.try_wait().expect("wait") {
            panic!("catena ended ({status}) before {what}");
        }
        assert!(Instant::now() < deadline, "timed out waiting for {what}");
        std::thread::sleep(Duration::from_millis(2));
    }
}

fn signal(child: &Child, sig: i32) {
    // SAFETY: kill(2) on the pid of a child this test started and has not reaped.
    let r = unsafe { libc::kill(child.id() as libc::pid_t, sig) };
    assert_eq!(r, 0, "kill");
}

fn rows(dir: &Path) -> usize {
    std::fs::read_to_string(dir.join("steps.csv"))
        .map(|s| s.lines().count().saturating_sub(1))
        .unwrap_or(0)
}

/// `steps.csv` without its wall-clock columns, which differ from run to run.
fn steps_without_wall(dir: &Path) -> Vec<String> {
    let raw = std::fs::read_to_string(dir.join("steps.csv")).expect("steps.csv");
    catena::io::without_timings(&raw)
        .lines()
        .map(str::to_owned)
        .collect()
}

fn summary(dir: &Path) -> serde_json::Value {
    serde_json::from_str(&std::fs::read_to_string(dir.join("summary.json")).expect("summary"))
        .expect("summary.json is JSON")
}

fn frames(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut v: Vec<_> = std::fs::read_dir(dir.join("frames"))
        .expect("frames/")
        .map(|e| {
            let p = e.expect("entry").path();
            let name = p.file_name().expect("name").to_string_lossy().into_owned();
            (name, std::fs::read(&p).expect("frame"))
        })
        .collect();
    v.sort();
    v
}

/// A run interrupted by SIGTERM, resumed, interrupted by SIGINT, and resumed to its end writes
/// the bits of an uninterrupted run; each interrupt leaves a checkpoint and a summary saying so.
#[test]
fn run_stops_on_sigterm_and_sigint_and_resumes_bit_for_bit() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let scene = "examples/scenes/helix_relax.ron";
    let reference = tmp.path().join("reference");
    let out = catena()
        .args(["run", scene, "-q", "--out"])
        .arg(&reference)
        .output()
        .expect("run");
    assert_eq!(out.status.code(), Some(0), "{}", describe(&out));

    let dir = tmp.path().join("interrupted");
    let d = dir.to_str().expect("utf-8");
    let mut child = spawn(&["run", scene, "-q", "--out", d]);
    wait_for(&mut child, "20 rows", || rows(&dir) >= 20);
    // While it runs, its summary says so.
    let s = summary(&dir);
    assert_eq!(
        (s["completed"].as_bool(), s["reason"].as_str()),
        (Some(false), Some("running"))
    );
    signal(&child, libc::SIGTERM);
    let out = child.wait_with_output().expect("wait");
    assert_eq!(out.status.code(), Some(143), "{}", describe(&out));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("interrupted by SIGTERM"), "{err}");
    assert!(err.contains(&format!("catena resume {d}")), "{err}");
    assert!(!err.contains("panicked"), "{err}");
    let s = summary(&dir);
    assert_eq!(s["completed"], false, "{s}");
    assert_eq!(s["reason"], "interrupted", "{s}");
    assert_eq!(s["steps"].as_u64(), Some(rows(&dir) as u64), "{s}");
    assert!(
        dir.join("checkpoint.ron").is_file(),
        "no checkpoint without --checkpoint-every"
    );

    let mut child = catena()
        .args(["resume", "-q", d])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("resume");
    let before = rows(&dir);
    wait_for(&mut child, "10 more rows", || rows(&dir) >= before + 10);
    signal(&child, libc::SIGINT);
    let out = child.wait_with_output().expect("wait");
    assert_eq!(out.status.code(), Some(130), "{}", describe(&out));
    assert_eq!(summary(&dir)["reason"], "interrupted");

    let out = catena().args(["resume", "-q", d]).output().expect("resume");
    assert_eq!(out.status.code(), Some(0), "{}", describe(&out));
    assert_eq!(steps_without_wall(&reference), steps_without_wall(&dir));
    assert!(frames(&reference) == frames(&dir), "frames differ");
    assert_eq!(
        std::fs::read(reference.join("frames.pvd")).expect("pvd"),
        std::fs::read(dir.join("frames.pvd")).expect("pvd")
    );
    let s = summary(&dir);
    assert_eq!(
        (s["completed"].as_bool(), s["reason"].is_null()),
        (Some(true), true),
        "{s}"
    );
}

/// A second Ctrl-C does not wait for the step to end: the process is gone at once, before it
/// could write a checkpoint.
#[test]
fn a_second_ctrl_c_exits_at_once() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let dir = tmp.path().join("out");
    // A rod of 50,000 nodes on one thread: every step takes most of a second (three Newton
    // iterations over 200,000 DOFs), so both signals arrive within one step even on a loaded
    // machine. (Twenty flagella were used before: after their first step, which factorises
    // the dense fluid matrix, a step is short enough for a loaded machine to finish it
    // between the two signals.)
    let scene = tmp.path().join("long_rod.ron");
    std::fs::write(
        &scene,
        r#"Scene(
    name: "long rod",
    time: (dt: 1e-3, duration: 1.0),
    materials: { "m": (youngs_modulus: 1e7, poisson_ratio: 0.5, density: 1000) },
    rods: [(name: "rod", material: "m", radius: 1e-3,
            geometry: Straight(start: (0, 0, 0), end: (25, 0, 0), nodes: 50000))],
    boundary_conditions: [Clamp(rod: "rod", end: Start)],
    forces: [Gravity(g: (0, 0, -9.81))],
)"#,
    )
    .expect("write scene");
    let mut child = spawn(&[
        "--threads",
        "1",
        "run",
        scene.to_str().expect("utf-8"),
        "-q",
        "--until",
        "1",
        "--out",
        dir.to_str().expect("utf-8"),
    ]);
    wait_for(&mut child, "a row", || rows(&dir) >= 1);
    signal(&child, libc::SIGINT);
    // Two signals sent back to back would merge into one pending signal: let the first land.
    std::thread::sleep(Duration::from_millis(10));
    signal(&child, libc::SIGINT);
    let out = child.wait_with_output().expect("wait");
    assert_eq!(out.status.code(), Some(130), "{}", describe(&out));
    assert!(
        !dir.join("checkpoint.ron").exists(),
        "the second Ctrl-C should not wait for the step boundary"
    );
}

/// Columns of a study table that do not depend on timing.
fn untimed(csv: &str, timed: &[&str]) -> Vec<String> {
    let header: Vec<&str> = csv.lines().next().expect("header").split(',').collect();
    csv.lines()
        .map(|l| {
            l.split(',')
                .zip(&header)
                .filter(|(_, h)| !timed.contains(h))
                .map(|(f, _)| f)
                .collect::<Vec<_>>()
                .join(",")
        })
        .collect()
}

const COMPARE_TIMED: &[&str] = &["atpts_ms", "total_time_s", "rti"];
const SWEEP_TIMED: &[&str] = &["atpts_ms", "total_time_s"];

/// `compare` keeps a finished case when interrupted (its row, files and plots are written as
/// soon as it finishes) and `catena resume` runs the rest: the table equals an uninterrupted
/// comparison's, timings aside.
#[test]
fn compare_keeps_finished_cases_and_resumes_the_rest() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let args = |out: &Path| -> Vec<String> {
        [
            "compare",
            "examples/scenes/rods_crossing.ron",
            "--chain",
            "chains/linear_rod_rod.ron",
            "--chain",
            "chains/imc.ron",
            "--chain",
            "chains/ipc.ron",
            "--until",
            "0.3",
            "-q",
            "--out",
            out.to_str().expect("utf-8"),
        ]
        .map(String::from)
        .to_vec()
    };
    let reference = tmp.path().join("reference");
    let out = catena().args(args(&reference)).output().expect("compare");
    assert_eq!(out.status.code(), Some(0), "{}", describe(&out));

    let dir = tmp.path().join("interrupted");
    let a = args(&dir);
    let mut child = spawn(&a.iter().map(String::as_str).collect::<Vec<_>>());
    wait_for(&mut child, "the first case", || {
        dir.join("cases/000.ron").is_file() && dir.join("compare.csv").is_file()
    });
    signal(&child, libc::SIGINT);
    let out = child.wait_with_output().expect("wait");
    assert_eq!(out.status.code(), Some(130), "{}", describe(&out));
    let err = String::from_utf8_lossy(&out.stderr);
    // The signal came after the first case; with three cases at least one is still to run.
    assert!(err.contains("catena resume"), "{err}");
    let json: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(dir.join("compare.json")).expect("compare.json"),
    )
    .expect("JSON");
    assert_eq!(json["completed"], false);
    assert_eq!(json["reason"], "interrupted");
    let finished = json["runs"].as_array().map_or(0, Vec::len);
    assert!((1..3).contains(&finished), "{json}");
    assert!(
        err.contains(&format!("{finished} of 3 cases finished")),
        "{err}"
    );
    assert!(dir.join("cumulative_iterations.svg").is_file());

    let out = catena()
        .args(["resume", "-q"])
        .arg(&dir)
        .output()
        .expect("resume");
    assert_eq!(out.status.code(), Some(0), "{}", describe(&out));
    let read = |d: &Path| std::fs::read_to_string(d.join("compare.csv")).expect("compare.csv");
    assert_eq!(
        untimed(&read(&reference), COMPARE_TIMED),
        untimed(&read(&dir), COMPARE_TIMED)
    );
}

/// `sweep` (one case at a time here, five of them: a signal after the first cannot miss them
/// all) keeps its finished cases when interrupted and resumes the others; SIGTERM exits with
/// 143.
#[test]
fn sweep_keeps_finished_cases_and_resumes_the_rest() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let args = |out: &Path| -> Vec<String> {
        [
            "--threads",
            "1",
            "sweep",
            "examples/scenes/rods_crossing.ron",
            "--chain",
            "chains/linear_rod_rod.ron",
            "--set",
            "N_LinearForce.stiffness=1e3,1e4,2e4,3e4,4e4",
            "--until",
            "0.3",
            "-q",
            "--out",
            out.to_str().expect("utf-8"),
        ]
        .map(String::from)
        .to_vec()
    };
    let reference = tmp.path().join("reference");
    let out = catena().args(args(&reference)).output().expect("sweep");
    assert_eq!(out.status.code(), Some(0), "{}", describe(&out));

    let dir = tmp.path().join("interrupted");
    let a = args(&dir);
    let mut child = spawn(&a.iter().map(String::as_str).collect::<Vec<_>>());
    wait_for(&mut child, "a finished case", || {
        dir.join("sweep.csv").is_file()
    });
    signal(&child, libc::SIGTERM);
    let out = child.wait_with_output().expect("wait");
    assert_eq!(out.status.code(), Some(143), "{}", describe(&out));
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("sweep.json")).expect("json"))
            .expect("JSON");
    assert_eq!(json["reason"], "interrupted", "{json}");
    let finished = json["runs"].as_array().map_or(0, Vec::len);
    assert!((1..5).contains(&finished), "{json}");

    let out = catena()
        .args(["resume", "-q"])
        .arg(&dir)
        .output()
        .expect("resume");
    assert_eq!(out.status.code(), Some(0), "{}", describe(&out));
    let read = |d: &Path| std::fs::read_to_string(d.join("sweep.csv")).expect("sweep.csv");
    assert_eq!(
        untimed(&read(&reference), SWEEP_TIMED),
        untimed(&read(&dir), SWEEP_TIMED)
    );
}
