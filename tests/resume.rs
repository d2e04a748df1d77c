//! Checkpoints and resume, through the `catena` binary: a run killed with SIGKILL at random
//! moments and resumed (`catena resume DIR`) until it completes writes exactly the bits of a run
//! that was never interrupted — `steps.csv` (all columns but wall time), every VTK frame and
//! the frame index. The scene has rod–rod and rod–ground IMC contact (adaptive stiffness, a
//! per-step state of the chain elements) from its first step; it runs under implicit Euler and
//! under BDF2 (whose two-step memory the checkpoint carries).

use catena::verify::Rng;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn catena() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_catena"));
    c.env_remove("RUST_BACKTRACE");
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

/// Two rods lying crosswise just above the ground, in contact from the first step, integrated
/// by `integrator`.
fn scene(dir: &Path, integrator: &str) -> PathBuf {
    let chain = |n: &str| root().join("tests/chains").join(n).display().to_string();
    let text = format!(
        r#"Scene(
    name: "resume_probe",
    time: (dt: 1e-3, duration: 0.12, integrator: {integrator}),
    output: (frame_every: 7),
    materials: {{ "rubber": (youngs_modulus: 1e6, poisson_ratio: 0.5, density: 1000) }},
    rods: [
        (name: "lower", material: "rubber", radius: 5e-3,
         geometry: Straight(start: (0, -0.1, 0.0052), end: (0, 0.1, 0.0052), nodes: 21)),
        (name: "upper", material: "rubber", radius: 5e-3,
         geometry: Straight(start: (-0.1, 0.003, 0.0165), end: (0.1, 0.003, 0.0165), nodes: 21)),
    ],
    planes: [(name: "ground", origin: (0, 0, 0), normal: (0, 0, 1))],
    forces: [Gravity(g: (0, 0, -9.81))],
    contacts: [
        (chain: "{}", first: AllRods, second: AllRods, keep_distance: 5e-3),
        (chain: "{}", first: AllRods, second: AllPlanes, keep_distance: 5e-3),
    ],
)"#,
        chain("imc_fast.ron"),
        chain("imc_ground_fast.ron")
    );
    let path = dir.join("scene.ron");
    std::fs::write(&path, text).expect("write scene");
    path
}

/// The kill schedule's generator, seeded from the clock; the seed is printed, so a failing
/// schedule is replayed with `Rng::new(seed)`.
fn rng_from_clock() -> Rng {
    let seed = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(1, |d| d.as_nanos() as u64);
    eprintln!("kill schedule seed: {seed}");
    Rng::new(seed)
}

/// Starts `cmd` and SIGKILLs it after `after` unless it finished first; returns whether it
/// was killed.
fn kill_after(cmd: &mut Command, after: Duration) -> bool {
    let mut child = cmd
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("start catena");
    let deadline = Instant::now() + after;
    while Instant::now() < deadline {
        if child.try_wait().expect("wait").is_some() {
            return false;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    let killed = child.kill().is_ok();
    let _ = child.wait();
    killed
}

/// `steps.csv` without its wall-clock columns, which differ from run to run.
fn steps_without_wall(dir: &Path) -> Vec<String> {
    let raw = std::fs::read_to_string(dir.join("steps.csv")).expect("steps.csv");
    catena::io::without_timings(&raw)
        .lines()
        .map(str::to_owned)
        .collect()
}

fn frame_files(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut v: Vec<(String, Vec<u8>)> = std::fs::read_dir(dir.join("frames"))
        .expect("frames/")
        .map(|e| {
            let p = e.expect("entry").path();
            (
                p.file_name().expect("name").to_string_lossy().into_owned(),
                std::fs::read(&p).expect("frame"),
            )
        })
        .collect();
    v.sort();
    v
}

#[test]
fn killed_and_resumed_runs_match_an_uninterrupted_run_bit_for_bit() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let scene = scene(tmp.path(), "ImplicitEuler");
    kill_and_resume(tmp.path(), &scene);
}

/// The same scene under BDF2: the checkpoint must carry `qₙ₋₁`, `vₙ₋₁` and the last Δt, or the
/// first resumed step would fall back to implicit Euler and the bits differ.
#[test]
fn killed_and_resumed_bdf2_runs_match_bit_for_bit() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let scene = scene(tmp.path(), "Bdf2");
    kill_and_resume(tmp.path(), &scene);
}

/// Two turning helices in the RSS fluid, Newton started from the extrapolated predictor: the
/// checkpoint must carry the predictor's memory (vₙ₋₁) and the fluid solver's warm start and
/// reused factor, or the resumed bits differ.
#[test]
fn killed_and_resumed_fluid_runs_match_bit_for_bit() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let text = r#"Scene(
    name: "resume_fluid",
    time: (dt: 1e-3, duration: 0.1),
    solver: (initial_guess: Extrapolated, line_search: GoldsteinPrice),
    output: (frame_every: 9),
    materials: { "soft": (youngs_modulus: 3e6, poisson_ratio: 0.5, density: 1000) },
    rods: [
        (name: "a", material: "soft", radius: 1e-3,
         geometry: Helix(radius: 0.005, pitch: 0.02, axial_length: 0.03, nodes: 24,
                         axis: (0, 0, -1), origin: (0.012, 0, 0))),
        (name: "b", material: "soft", radius: 1e-3,
         geometry: Helix(radius: 0.005, pitch: 0.02, axial_length: 0.03, nodes: 24,
                         axis: (0, 0, -1), origin: (-0.012, 0, 0))),
    ],
    boundary_conditions: [
        Rotate(rod: "a", nodes: [0, 1], edges: [0], axis: (0, 0, 1), center: (0.012, 0, 0), omega: 15.0),
        Rotate(rod: "b", nodes: [0, 1], edges: [0], axis: (0, 0, 1), center: (-0.012, 0, 0), omega: 15.0),
    ],
    forces: [Rss(viscosity: 0.1)],
)"#;
    let scene = tmp.path().join("fluid.ron");
    std::fs::write(&scene, text).expect("write scene");
    kill_and_resume(tmp.path(), &scene);
    // The uninterrupted run's summary reports the fluid's solves: one per step, each to the
    // solve tolerance, on factors reused across steps.
    let summary: catena::io::Summary = serde_json::from_str(
        &std::fs::read_to_string(tmp.path().join("reference/summary.json")).expect("summary"),
    )
    .expect("summary.json");
    let rss = summary.rss.expect("an RSS fluid reports its solves");
    assert_eq!(rss.solves, summary.steps);
    assert!(
        rss.factorisations >= 1 && rss.factorisations * 4 < rss.solves,
        "{rss:?}"
    );
    assert!(rss.refinements >= rss.solves, "{rss:?}");
    assert!(
        rss.last_relative_residual <= catena::external::SOLVE_TOLERANCE,
        "{rss:?}"
    );
}

/// A rigid piston driven down until its load reaches `stop_load`, then held: the checkpoint
/// carries the moment it stopped (the end of its motion window, infinite until then), so a
/// run resumed before or after the stop writes the same bits.
#[test]
fn killed_and_resumed_load_stopped_piston_matches_bit_for_bit() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let chain = |n: &str| root().join("chains").join(n).display().to_string();
    let text = format!(
        r#"Scene(
    name: "resume_piston",
    time: (dt: 2e-4, duration: 0.3, integrator: ImplicitEuler),
    output: (frame_every: 150),
    materials: {{ "soft": (youngs_modulus: 1e6, poisson_ratio: 0.3, density: 2500) }},
    sphere_sets: [
        (name: "bed", material: "soft", from: Lattice(
            origin: (0.00125, 0.00125, 0.001), spacing: 0.0025, counts: (4, 4, 1),
            radius: 0.001, jitter: (0.0001, 0.0001, 0.0), seed: 3)),
    ],
    planes: [(name: "floor", origin: (0, 0, 0), normal: (0, 0, 1), material: "soft")],
    rigid_bodies: [
        (name: "piston", material: "soft", mesh: Box(size: (0.012, 0.012, 0.002)),
         translate: (0.005, 0.005, 0.0032),
         motion: Prescribed(translate: (velocity: (0, 0, -0.02), stop_load: 0.5))),
    ],
    forces: [Gravity(g: (0, 0, -9.81))],
    contacts: [
        (chain: "{}", first: AllSpheres, second: AllPlanes, keep_distance: 2e-4, detect: OnMotion),
        (chain: "{}", first: AllSpheres, second: AllRigid, keep_distance: 2e-4, detect: OnMotion),
    ],
)"#,
        chain("granular_plane_onset.ron"),
        chain("granular_rigid.ron")
    );
    let scene = tmp.path().join("piston.ron");
    std::fs::write(&scene, text).expect("write scene");
    kill_and_resume(tmp.path(), &scene);
}

/// Runs `scene` uninterrupted, then again with checkpoints, killed (SIGKILL) at random moments
/// and resumed until it completes; the two outputs must be the same bytes.
fn kill_and_resume(tmp: &Path, scene: &Path) {
    let scene = scene.to_str().expect("utf-8 path");
    let reference = tmp.join("reference");
    let started = Instant::now();
    let out = catena()
        .args(["run", scene, "-q", "--out"])
        .arg(&reference)
        .output()
        .expect("run");
    assert_eq!(out.status.code(), Some(0), "{}", describe(&out));
    let full = started.elapsed();

    let mut rng = rng_from_clock();
    let dir = tmp.join("killed");
    // On one thread: the bits must not depend on the thread count either.
    let run_cmd = || {
        let mut c = catena();
        c.args([
            "--threads",
            "1",
            "run",
            scene,
            "-q",
            "--checkpoint-every",
            "4",
            // A kill before the first checkpoint leaves a partial output behind: the run
            // starts again over it.
            "--force",
            "--out",
        ])
        .arg(&dir);
        c
    };
    let resume_cmd = || {
        let mut c = catena();
        c.args(["--threads", "1", "resume", "-q"]).arg(&dir);
        c
    };
    let mut kills = 0;
    let mut started_run = false;
    for round in 0..4 {
        let after = full.mul_f64(0.1 + 0.6 * rng.unit());
        let has_checkpoint = dir.join("checkpoint.ron").is_file();
        if round > 0 && has_checkpoint {
            // As if the kill had torn the last row: resume must drop the partial line.
            let csv = dir.join("steps.csv");
            let mut raw = std::fs::read(&csv).expect("steps.csv");
            if raw.ends_with(b"\n") {
                raw.extend_from_slice(b"999,0.12");
                std::fs::write(&csv, raw).expect("tear steps.csv");
            }
        }
        let mut cmd = if has_checkpoint {
            resume_cmd()
        } else {
            started_run = true;
            run_cmd()
        };
        if kill_after(&mut cmd, after) {
            kills += 1;
            eprintln!("round {round}: killed after {after:?}");
        } else {
            eprintln!("round {round}: finished before the kill");
            break;
        }
    }
    assert!(started_run);
    // Finish (resume from the last checkpoint, or a fresh run if none was written yet).
    let mut last = if dir.join("checkpoint.ron").is_file() {
        resume_cmd()
    } else {
        run_cmd()
    };
    let out = last.output().expect("finish");
    assert_eq!(out.status.code(), Some(0), "{}", describe(&out));
    eprintln!("{kills} kill(s)");

    let a = steps_without_wall(&reference);
    let b = steps_without_wall(&dir);
    assert_eq!(a.len(), b.len(), "rows");
    for (i, (x, y)) in a.iter().zip(&b).enumerate() {
        assert_eq!(x, y, "steps.csv line {}", i + 1);
    }
    let fa = frame_files(&reference);
    let fb = frame_files(&dir);
    assert_eq!(
        fa.iter().map(|f| &f.0).collect::<Vec<_>>(),
        fb.iter().map(|f| &f.0).collect::<Vec<_>>()
    );
    for ((name, x), (_, y)) in fa.iter().zip(&fb) {
        assert!(x == y, "frame {name} differs");
    }
    assert_eq!(
        std::fs::read(reference.join("frames.pvd")).expect("pvd"),
        std::fs::read(dir.join("frames.pvd")).expect("pvd")
    );
    let summary = std::fs::read_to_string(dir.join("summary.json")).expect("summary");
    assert!(summary.contains("\"completed\": true"), "{summary}");
}

/// A run that stops at the Δt floor leaves a checkpoint of its last completed step, taken
/// while Δt was reduced: resuming it replays the same sub-steps and fails the same way, with
/// the same rows.
#[test]
fn a_failed_run_resumes_into_the_same_failure() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let path = tmp.path().join("falling.ron");
    std::fs::write(
        &path,
        r#"Scene(
    time: (dt: 0.01, duration: 0.5, min_dt: 0.0025, grow_after: 3),
    solver: (max_iterations: 1, abs_tol: 0, rel_tol: 0, step_tol: 0.5,
             line_search: None, initial_guess: Previous),
    materials: { "rubber": (youngs_modulus: 1e6, poisson_ratio: 0.5, density: 1000) },
    rods: [(name: "rod", material: "rubber", radius: 1e-3,
            geometry: Straight(start: (0, 0, 0), end: (0.1, 0, 0), nodes: 11))],
    forces: [Gravity(g: (0, 0, -9.81))],
)"#,
    )
    .expect("write scene");
    let dir = tmp.path().join("out");
    let first = catena()
        .args([
            "run",
            path.to_str().expect("utf-8"),
            "-q",
            "--checkpoint-every",
            "3",
            "--out",
        ])
        .arg(&dir)
        .output()
        .expect("run");
    assert_eq!(first.status.code(), Some(1), "{}", describe(&first));
    let rows = steps_without_wall(&dir);
    assert!(
        rows.iter().skip(1).any(|r| !r.ends_with(",1,0")),
        "no retried step: {rows:?}"
    );
    let again = catena()
        .args(["resume", "-q"])
        .arg(&dir)
        .output()
        .expect("resume");
    assert_eq!(again.status.code(), Some(1), "{}", describe(&again));
    assert_eq!(steps_without_wall(&dir), rows);
    let msg = |o: &Output| {
        String::from_utf8_lossy(&o.stderr)
            .lines()
            .next()
            .unwrap_or_default()
            .to_string()
    };
    assert_eq!(msg(&first), msg(&again));
}

/// A resumed run reads the chain files it started with, or refuses: a chain edited after the
/// checkpoint is named with a diff (the run and `compare` alike), and once restored the resume
/// goes on.
#[test]
fn resume_refuses_input_files_that_changed() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let chain = tmp.path().join("rod_rod.ron");
    let original =
        std::fs::read_to_string(root().join("chains/linear_rod_rod.ron")).expect("shipped chain");
    std::fs::write(&chain, &original).expect("copy chain");
    let scene_text = std::fs::read_to_string(root().join("examples/scenes/rods_crossing.ron"))
        .expect("scene")
        .replace("../../chains/linear_rod_rod.ron", "rod_rod.ron")
        .replace(
            "../../chains/",
            &format!("{}/", root().join("chains").display()),
        );
    let scene = tmp.path().join("scene.ron");
    std::fs::write(&scene, scene_text).expect("write scene");
    let dir = tmp.path().join("out");
    let out = catena()
        .args(["run", "-q", "--until", "0.02", "--checkpoint-every", "5"])
        .arg(&scene)
        .arg("--out")
        .arg(&dir)
        .output()
        .expect("run");
    assert_eq!(out.status.code(), Some(0), "{}", describe(&out));
    let edited = original.replace("stiffness: 1e4", "stiffness: 2e4");
    assert_ne!(edited, original);
    std::fs::write(&chain, &edited).expect("edit chain");
    let out = catena()
        .args(["resume", "-q"])
        .arg(&dir)
        .output()
        .expect("resume");
    assert_eq!(out.status.code(), Some(2), "{}", describe(&out));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("rod_rod.ron changed since the run started"),
        "{err}"
    );
    assert!(
        err.contains("-        N_LinearForce(stiffness: 1e4"),
        "{err}"
    );
    assert!(
        err.contains("+        N_LinearForce(stiffness: 2e4"),
        "{err}"
    );
    assert!(err.contains("help: restore the file"), "{err}");

    // A study keeps its inputs the same way.
    let study = tmp.path().join("study");
    std::fs::write(&chain, &original).expect("restore chain");
    let out = catena()
        .args(["compare", "-q", "--until", "0.005", "--chain"])
        .arg(&chain)
        .arg(&scene)
        .arg("--out")
        .arg(&study)
        .output()
        .expect("compare");
    assert_eq!(out.status.code(), Some(0), "{}", describe(&out));
    std::fs::write(&chain, &edited).expect("edit chain");
    let out = catena()
        .args(["resume", "-q"])
        .arg(&study)
        .output()
        .expect("resume");
    assert_eq!(out.status.code(), Some(2), "{}", describe(&out));
    assert!(String::from_utf8_lossy(&out.stderr).contains("changed since the run started"));

    std::fs::write(&chain, &original).expect("restore chain");
    let out = catena()
        .args(["resume", "-q"])
        .arg(&dir)
        .output()
        .expect("resume");
    assert_eq!(out.status.code(), Some(0), "{}", describe(&out));
}
