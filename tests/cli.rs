//! The `catena` command line, run as a separate process: `run` writes its output contract,
//! `check` accepts the shipped scenes and rejects a corpus of bad scenes with a located,
//! readable message and exit code 2, and a simulation that fails stops cleanly with exit
//! code 1 and the output written so far.
//!
//! The corpus of hostile inputs (`tests/bad_inputs/`) has its own test, `tests/bad_inputs.rs`.

use catena::io::{
    FRAMES_DIR, PVD_FILE, STEPS_CSV_HEADER, STEPS_FILE, SUMMARY_FILE, read_steps_csv, read_summary,
};
use std::path::PathBuf;
use std::process::{Command, Output};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// `catena ARGS` run from the crate root, without a backtrace setting inherited from the
/// environment (so a panic would show its usual "RUST_BACKTRACE" note).
fn catena(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_catena"))
        .args(args)
        .current_dir(root())
        .env_remove("RUST_BACKTRACE")
        .env_remove("RUST_LIB_BACKTRACE")
        .output()
        .expect("start the catena binary")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Asserts the process did not panic and returns its stderr.
fn no_panic(out: &Output, what: &str) -> String {
    let err = text(&out.stderr);
    for bad in ["panicked", "RUST_BACKTRACE", "stack backtrace"] {
        assert!(
            !err.contains(bad),
            "{what}: stderr mentions {bad:?}:\n{err}"
        );
    }
    err
}

fn describe(out: &Output) -> String {
    format!(
        "exit {:?}\n--- stdout\n{}--- stderr\n{}",
        out.status.code(),
        text(&out.stdout),
        text(&out.stderr)
    )
}

// ---------------------------------------------------------------------------------------------
// catena run

/// The `steps.csv` header of a scene with one rod boundary condition: the common columns and
/// its support's six.
fn one_clamp_header() -> String {
    let columns = catena::io::StepColumns {
        supports: vec![catena::io::support_name(0)],
        ..Default::default()
    };
    format!("{STEPS_CSV_HEADER}{}", columns.header_suffix())
}

#[test]
fn run_cantilever_writes_the_output_contract() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let dir = tmp.path().join("out");
    let out = catena(&[
        "run",
        "examples/scenes/cantilever.ron",
        "--out",
        dir.to_str().expect("utf-8 path"),
        "-q",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", describe(&out));
    no_panic(&out, "catena run");
    let stdout = text(&out.stdout);
    assert!(stdout.contains("50 steps"), "stdout: {stdout}");

    // steps.csv: the header and one row per step.
    let raw = std::fs::read_to_string(dir.join(STEPS_FILE)).expect("steps.csv");
    let mut lines = raw.lines();
    assert_eq!(lines.next(), Some(&*one_clamp_header()), "steps.csv header");
    assert_eq!(lines.count(), 50, "one row per step");
    let rows = read_steps_csv(&dir.join(STEPS_FILE)).expect("parse steps.csv");
    assert_eq!(rows.len(), 50);
    for (k, r) in rows.iter().enumerate() {
        assert_eq!(r.step, k as u64 + 1, "row {k}: step number");
        assert!(
            (r.t - 0.005 * (k + 1) as f64).abs() < 1e-12,
            "row {k}: t = {}",
            r.t
        );
        assert_eq!(r.dt, 0.005, "row {k}: dt");
        assert!(r.newton_iterations >= 1, "row {k}: no Newton iteration");
        assert!(r.residual.is_finite() && r.wall_ms >= 0.0, "row {k}: {r:?}");
        assert_eq!(r.active_contacts, 0, "the cantilever has no contacts");
    }

    // summary.json: valid JSON, and the totals agree with the rows.
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join(SUMMARY_FILE)).expect("read"))
            .expect("summary.json is JSON");
    assert_eq!(json["steps"], 50, "{json}");
    assert_eq!(json["completed"], true, "{json}");
    let s = read_summary(&dir.join(SUMMARY_FILE)).expect("read summary");
    assert_eq!(s.scene, "cantilever");
    assert_eq!(s.steps, 50);
    assert!(s.completed);
    assert!(s.message.is_none(), "{:?}", s.message);
    assert!((s.sim_time - 0.25).abs() < 1e-12, "sim_time {}", s.sim_time);
    assert!(s.aipts.is_finite() && s.aipts >= 1.0, "aipts {}", s.aipts);
    let total: u64 = rows.iter().map(|r| u64::from(r.newton_iterations)).sum();
    assert_eq!(s.total_newton_iterations, total);
    assert!((s.aipts - total as f64 / 50.0).abs() < 1e-12);
    assert_eq!(s.krylov_iterations, 0, "the cantilever is solved directly");

    // Frames: frame_every = 5 → t = 0, 0.025, …, 0.25: 11 frames, all in frames.pvd.
    let pvd = std::fs::read_to_string(dir.join(PVD_FILE)).expect("frames.pvd");
    assert_eq!(s.frames, 11, "frames written");
    let listed: Vec<&str> = pvd
        .split("file=\"")
        .skip(1)
        .map(|x| x.split('"').next().expect("quoted file"))
        .collect();
    assert_eq!(listed.len(), 11, "frames.pvd lists every frame:\n{pvd}");
    for f in &listed {
        assert!(
            dir.join(f).is_file(),
            "{f} is listed in frames.pvd but missing"
        );
    }
    let first = dir.join(FRAMES_DIR).join("frame_000000.vtp");
    let last = dir.join(FRAMES_DIR).join("frame_000010.vtp");
    for f in [&first, &last] {
        let vtp = std::fs::read_to_string(f).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
        assert!(
            vtp.contains("<VTKFile type=\"PolyData\""),
            "{}",
            f.display()
        );
        assert!(vtp.contains("NumberOfPoints=\"52\""), "{}", f.display());
    }
    assert!(
        std::fs::read_to_string(&last)
            .expect("last frame")
            .contains(">0.25"),
        "the last frame is at t = 0.25 s"
    );
    // Atomic writes leave no temporaries behind.
    for e in std::fs::read_dir(&dir)
        .expect("out dir")
        .chain(std::fs::read_dir(dir.join(FRAMES_DIR)).expect("frames dir"))
    {
        let p = e.expect("entry").path();
        assert!(
            !p.to_string_lossy().ends_with(".tmp"),
            "leftover temporary {}",
            p.display()
        );
    }
}

#[test]
fn a_krylov_run_counts_its_iterations() {
    // The glass bed under its piston, inertial: the default block-Jacobi Krylov solve.
    let tmp = tempfile::tempdir().expect("tempdir");
    let dir = tmp.path().join("out");
    let out = catena(&[
        "run",
        "examples/scenes/compress_1000_inertial.ron",
        "--out",
        dir.to_str().expect("utf-8 path"),
        "--until",
        "3e-5",
        "--profile",
        "-q",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", describe(&out));
    let s = read_summary(&dir.join(SUMMARY_FILE)).expect("summary");
    assert_eq!(s.steps, 3);
    // At least one Krylov iteration per Newton solve, and the profile says how many.
    assert!(
        s.krylov_iterations >= s.total_newton_iterations && s.total_newton_iterations >= 3,
        "{} Krylov iterations over {} Newton iterations",
        s.krylov_iterations,
        s.total_newton_iterations
    );
    let line = format!("Krylov iterations: {} (", s.krylov_iterations);
    assert!(text(&out.stdout).contains(&line), "{}", describe(&out));
}

#[test]
fn run_until_stops_early() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let dir = tmp.path().join("out");
    let out = catena(&[
        "run",
        "examples/scenes/cantilever.ron",
        "--out",
        dir.to_str().expect("utf-8 path"),
        "--until",
        "0.05",
        "-q",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", describe(&out));
    no_panic(&out, "catena run --until");
    let rows = read_steps_csv(&dir.join(STEPS_FILE)).expect("steps.csv");
    assert_eq!(rows.len(), 10, "0.05 s at Δt = 0.005 s");
    let s = read_summary(&dir.join(SUMMARY_FILE)).expect("summary");
    assert_eq!(s.steps, 10);
    assert!(s.completed, "reaching --until completes the run");
    assert!((s.sim_time - 0.05).abs() < 1e-12, "sim_time {}", s.sim_time);
}

#[test]
fn run_rejects_bad_options() {
    for (args, fragment) in [
        (
            &["run", "examples/scenes/cantilever.ron", "--until=-1"][..],
            "--until",
        ),
        (
            &["run", "examples/scenes/cantilever.ron", "--until", "0"][..],
            "--until",
        ),
        (
            &["--threads", "0", "check", "examples/scenes/cantilever.ron"][..],
            "--threads",
        ),
    ] {
        let out = catena(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", describe(&out));
        let err = no_panic(&out, &format!("{args:?}"));
        assert!(err.starts_with("error: "), "{args:?}: {err}");
        assert!(err.contains(fragment), "{args:?}: {err}");
    }
}

// ---------------------------------------------------------------------------------------------
// A failing simulation

/// Runs `scene` (RON text) from a temporary directory with `--out`; returns the output and the
/// output directory.
fn run_scene_text(scene: &str) -> (Output, tempfile::TempDir, PathBuf) {
    run_scene_text_with(scene, &[])
}

fn run_scene_text_with(scene: &str, extra: &[&str]) -> (Output, tempfile::TempDir, PathBuf) {
    let tmp = tempfile::tempdir().expect("tempdir");
    let file = tmp.path().join("failing.ron");
    std::fs::write(&file, scene).expect("write scene");
    let dir = tmp.path().join("out");
    let mut args = vec![
        "run",
        file.to_str().expect("utf-8 path"),
        "--out",
        dir.to_str().expect("utf-8 path"),
        "-q",
    ];
    args.extend_from_slice(extra);
    let out = catena(&args);
    (out, tmp, dir)
}

/// A free-falling rod with one Newton iteration per step and zero residual tolerances: a step
/// is accepted only through the step-size test `‖Δq‖∞ ≤ step_tol · Δl`. The fall speeds up
/// (`Δq ≈ g t Δt` from the previous configuration), so after five steps the full step is too
/// large and Newton "does not converge"; halved steps pass until, past t ≈ 0.2 s, even the
/// floor `min_dt = Δt/4` fails.
const FALLING: &str = r#"Scene(
    name: "falls_apart",
    time: (dt: 0.01, duration: 0.5, min_dt: 0.0025),
    solver: (max_iterations: 1, abs_tol: 0, rel_tol: 0, step_tol: 0.5,
             line_search: None, initial_guess: Previous),
    output: (frame_every: 2),
    materials: { "rubber": (youngs_modulus: 1e6, poisson_ratio: 0.5, density: 1000) },
    rods: [
        (name: "rod", material: "rubber", radius: 1e-3,
         geometry: Straight(start: (0, 0, 0), end: (0.1, 0, 0), nodes: 11)),
    ],
    forces: [Gravity(g: (0, 0, -9.81))],
)"#;

#[test]
fn failed_step_stops_cleanly_with_partial_output() {
    let (out, _tmp, dir) = run_scene_text_with(FALLING, &["--checkpoint-every", "5"]);
    assert_eq!(out.status.code(), Some(1), "{}", describe(&out));
    let err = no_panic(&out, "failing run");
    assert!(err.starts_with("error: "), "{err}");
    assert!(err.contains("did not converge"), "{err}");
    // "error: step N (t = … → …) failed": the rows before N were written.
    let failed_at: u64 = err
        .strip_prefix("error: step ")
        .and_then(|s| s.split(|c: char| !c.is_ascii_digit()).next())
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("no step number in {err}"));
    assert!(failed_at > 1, "the first steps should succeed: {err}");
    // The step's interval t_n → t_n + Δt, once, on the first line.
    let t0 = 0.01 * (failed_at - 1) as f64;
    let head = format!(
        "error: step {failed_at} (t = {} s → {} s) failed after ",
        (t0 * 1e4).round() / 1e4,
        ((t0 + 0.01) * 1e4).round() / 1e4
    );
    assert!(err.starts_with(&head), "{head}\n{err}");
    assert!(
        err.contains("halved down to the floor min_dt = 2.5e-3 s"),
        "{err}"
    );
    // Each attempt: its number, sub-step, Newton iterations and residual against tolerance.
    assert!(err.contains("\n  attempt 1 of "), "{err}");
    assert!(
        err.contains("Newton did not converge in 1 iteration (max_iterations = 1): ‖r‖ = "),
        "{err}"
    );
    assert!(err.contains(" > tolerance 0, last step ‖Δq‖∞ = "), "{err}");
    assert!(err.contains("help: give Newton more iterations"), "{err}");
    assert!(err.contains("checkpoint"), "{err}");

    let rows = read_steps_csv(&dir.join(STEPS_FILE)).expect("steps.csv rows parse");
    assert_eq!(
        rows.len() as u64,
        failed_at - 1,
        "rows before the failed step"
    );
    for (k, r) in rows.iter().enumerate() {
        assert_eq!(r.step, k as u64 + 1);
    }
    // Adaptive stepping shows in steps.csv: steps after t ≈ 0.05 s needed halved sub-steps.
    let retried: Vec<_> = rows.iter().filter(|r| r.retries > 0).collect();
    assert!(!retried.is_empty(), "no retried step in {rows:?}");
    assert!(retried.iter().all(|r| r.substeps >= 2 && r.dt < 0.01));
    // The row's end times stay on the fixed-Δt grid.
    assert!((rows.last().expect("rows").t - 0.01 * rows.len() as f64).abs() < 1e-12);
    let s = read_summary(&dir.join(SUMMARY_FILE)).expect("summary.json");
    assert!(!s.completed, "a failed run is not completed");
    assert_eq!(s.steps, failed_at - 1);
    let msg = s.message.expect("the summary says why the run stopped");
    assert!(msg.contains("did not converge"), "{msg}");
    // The frames so far, and one of the last accepted state, are indexed.
    let pvd = std::fs::read_to_string(dir.join(PVD_FILE)).expect("frames.pvd");
    assert_eq!(pvd.matches("<DataSet").count() as u64, s.frames, "{pvd}");
    assert!(s.frames >= 2, "initial and last frames: {}", s.frames);
    eprintln!("failing run stopped at step {failed_at}: {msg}");
}

/// A static load step that does not converge names itself a load step and says which
/// equilibrium was the last one reached, with the ramped load factor at both ends.
#[test]
fn a_failed_static_load_step_names_the_load_factor_reached() {
    let scene = r#"Scene(
    name: "static_fail",
    time: (dt: 0.25, duration: 1.0, integrator: Static, min_dt: 0.25),
    solver: (max_iterations: 2, abs_tol: 1e-14, rel_tol: 1e-14),
    materials: { "soft": (youngs_modulus: 2e6, poisson_ratio: 0.5, density: 1200) },
    rods: [(name: "beam", material: "soft", radius: 1e-3,
            geometry: Straight(start: (0, 0, 0), end: (0.1, 0, 0), nodes: 21))],
    boundary_conditions: [Clamp(rod: "beam", end: Start)],
    forces: [Gravity(g: (0, 0, -9.81), ramp: 1.0)],
)"#;
    let (out, _tmp, dir) = run_scene_text(scene);
    assert_eq!(out.status.code(), Some(1), "{}", describe(&out));
    let err = no_panic(&out, "failing static run");
    assert!(err.starts_with("error: load step "), "{err}");
    assert!(
        err.contains("integrator: Static: the last equilibrium reached"),
        "{err}"
    );
    assert!(err.contains("(load factor λ = "), "{err}");
    assert!(err.contains("this load step aimed at λ = "), "{err}");
    let s = read_summary(&dir.join(SUMMARY_FILE)).expect("summary.json");
    assert!(!s.completed);
}

/// An overdamped sphere that nothing resists (no drag, no contact): the singular system's
/// failure names the DOF and says what a massless body needs.
#[test]
fn an_unresisted_overdamped_body_is_named_with_what_it_needs() {
    let scene = r#"Scene(
    name: "unresisted",
    time: (dt: 1e-3, duration: 0.01, integrator: Overdamped, min_dt: 1e-3),
    materials: { "glass": (youngs_modulus: 6.3e10, poisson_ratio: 0.23, density: 2500) },
    spheres: [(name: "ball", material: "glass", radius: 1e-3, center: (0, 0, 0.05))],
    forces: [Gravity(g: (0, 0, -9.81))],
)"#;
    let (out, _tmp, _dir) = run_scene_text(scene);
    assert_eq!(out.status.code(), Some(1), "{}", describe(&out));
    let err = no_panic(&out, "unresisted overdamped run");
    assert!(err.contains("sphere \"ball\""), "{err}");
    assert!(
        err.contains("without masses (integrator: Overdamped or Static)"),
        "{err}"
    );
    assert!(err.contains("`StokesDrag` on spheres"), "{err}");
}

/// The same with the first step failing: a jump of the natural curvature that one Newton
/// iteration cannot solve. Nothing is accepted; the files are still valid.
#[test]
fn failed_first_step_leaves_valid_empty_output() {
    let scene = r#"Scene(
    time: (dt: 0.01, duration: 0.1),
    solver: (max_iterations: 1, abs_tol: 1e-30, rel_tol: 0, step_tol: 0),
    materials: { "rubber": (youngs_modulus: 1e6, poisson_ratio: 0.5, density: 1000) },
    rods: [
        (name: "arm", material: "rubber", radius: 1e-3,
         geometry: Straight(start: (0, 0, 0), end: (0.1, 0, 0), nodes: 21),
         natural_curvature: (60, 0)),
    ],
    boundary_conditions: [Clamp(rod: "arm", end: Start)],
)"#;
    let (out, _tmp, dir) = run_scene_text(scene);
    assert_eq!(out.status.code(), Some(1), "{}", describe(&out));
    let err = no_panic(&out, "failing first step");
    // The step, its interval once, every attempt (the middle ones left out), Newton's
    // iterations and final residual against the tolerance, and what to do.
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(
        lines[0],
        "error: step 1 (t = 0 s → 0.01 s) failed after 11 attempts, Δt halved down to the floor \
         min_dt = 9.766e-6 s:",
        "{err}"
    );
    assert_eq!(err.matches("0.01 s").count(), 1, "{err}");
    assert!(
        lines[1].starts_with(
            "  attempt 1 of 11 (Δt = 1e-2 s, the whole step): Newton did not converge in 1 \
             iteration (max_iterations = 1): ‖r‖ = 8.972e-2 > tolerance 1e-30 (‖r‖ history: \
             1.333e-2, 8.972e-2)"
        ),
        "{err}"
    );
    assert!(
        err.contains(
            "\n  attempt 11 of 11 (t = 0 s → 9.766e-6 s, Δt = 9.766e-6 s): Newton did not converge"
        ),
        "{err}"
    );
    assert!(
        err.contains("\n  help: give Newton more iterations (`solver.max_iterations`, now 1)"),
        "{err}"
    );
    let raw = std::fs::read_to_string(dir.join(STEPS_FILE)).expect("steps.csv");
    assert_eq!(raw.lines().next(), Some(&*one_clamp_header()));
    assert!(
        read_steps_csv(&dir.join(STEPS_FILE))
            .expect("parse")
            .is_empty()
    );
    let s = read_summary(&dir.join(SUMMARY_FILE)).expect("summary.json");
    assert!(!s.completed);
    assert_eq!(s.steps, 0);
}

// ---------------------------------------------------------------------------------------------
// catena check

/// The example scene whose chain uses an element defined outside the crate (it runs through
/// `examples/custom_element.rs`): the shipped binary rejects it cleanly, naming the element.
#[test]
fn check_rejects_a_scene_with_a_user_element_cleanly() {
    let path = root().join("examples/custom/spheres.ron");
    let out = catena(&["check", path.to_str().expect("utf-8 path")]);
    no_panic(&out, "examples/custom/spheres.ron");
    assert_eq!(out.status.code(), Some(2), "{}", describe(&out));
    let err = text(&out.stderr);
    assert!(
        err.contains("N_PowerLaw") && err.contains("power_law.ron"),
        "{}",
        describe(&out)
    );
}

fn scenes(dir: &str) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(root().join(dir))
        .unwrap_or_else(|e| panic!("{dir}: {e}"))
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "ron"))
        .collect();
    v.sort();
    v
}

#[test]
fn check_accepts_every_shipped_scene() {
    let all = scenes("examples/scenes");
    assert!(all.len() >= 3, "shipped scenes: {all:?}");
    for path in &all {
        let name = path
            .file_name()
            .expect("name")
            .to_string_lossy()
            .into_owned();
        let out = catena(&["check", path.to_str().expect("utf-8 path")]);
        no_panic(&out, &name);
        assert_eq!(out.status.code(), Some(0), "{name}: {}", describe(&out));
        let stdout = text(&out.stdout);
        assert!(stdout.contains(": ok"), "{name}: {stdout}");
    }
}

#[test]
fn check_nonexistent_file() {
    let missing = "examples/scenes/no_such_scene.ron";
    for args in [&["check", missing][..], &["run", missing, "-q"][..]] {
        let out = catena(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", describe(&out));
        let err = no_panic(&out, &format!("{args:?}"));
        assert!(err.starts_with("error: "), "{args:?}: {err}");
        assert!(err.contains(missing), "{args:?}: {err}");
        assert!(err.contains("cannot read scene file"), "{args:?}: {err}");
    }
}

/// The memory guard refuses absurd scenes, not small ones: with a tiny `CATENA_MEMORY_LIMIT`
/// a small scene still checks and the Jacobian check (which builds a fixed probe model) runs
/// instead of panicking.
#[test]
fn a_tiny_memory_limit_does_not_refuse_small_scenes() {
    let run = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_catena"))
            .args(args)
            .current_dir(root())
            .env("CATENA_MEMORY_LIMIT", "1000")
            .env_remove("RUST_BACKTRACE")
            .output()
            .expect("start the catena binary")
    };
    let out = run(&["check", "--jacobian", "chains/imc.ron", "--samples", "20"]);
    no_panic(&out, "check --jacobian");
    assert_eq!(out.status.code(), Some(0), "{}", describe(&out));
    let out = run(&["check", "examples/scenes/rods_crossing.ron"]);
    no_panic(&out, "check scene");
    assert_eq!(out.status.code(), Some(0), "{}", describe(&out));
}

// ---------------------------------------------------------------------------------------------
// Messages

/// A UTF-8 byte-order mark (as some editors write) is dropped from scenes and chains; bytes that
/// are not UTF-8 are located and named.
#[test]
fn a_byte_order_mark_is_accepted_and_bad_bytes_are_located() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let bom = |src: &str, name: &str| {
        let text = std::fs::read_to_string(root().join(src)).expect("read");
        let p = tmp.path().join(name);
        std::fs::write(&p, format!("\u{feff}{text}")).expect("write");
        p
    };
    for p in [
        bom("examples/scenes/cantilever.ron", "scene.ron"),
        bom("chains/imc.ron", "chain.ron"),
    ] {
        let out = catena(&["check", p.to_str().expect("utf-8")]);
        assert_eq!(out.status.code(), Some(0), "{}", describe(&out));
    }
    let bad = tmp.path().join("latin1.ron");
    std::fs::write(&bad, b"Scene(\n    name: \"caf\xe9\",\n)").expect("write");
    let out = catena(&["check", bad.to_str().expect("utf-8")]);
    assert_eq!(out.status.code(), Some(2), "{}", describe(&out));
    let err = no_panic(&out, "latin1");
    assert!(
        err.contains("latin1.ron:2:15: the scene file is not UTF-8"),
        "{err}"
    );
    assert!(err.contains("help: save the file as UTF-8"), "{err}");
}

/// `catena resume` of a directory without a checkpoint says it cannot *read* it, and how one
/// gets written.
#[test]
fn resume_without_a_checkpoint_says_how_to_get_one() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let out = catena(&["resume", tmp.path().to_str().expect("utf-8")]);
    assert_eq!(out.status.code(), Some(2), "{}", describe(&out));
    let err = no_panic(&out, "resume");
    assert!(
        err.starts_with("error: cannot read ") && err.contains("checkpoint.ron"),
        "{err}"
    );
    assert!(
        err.contains("help: ") && err.contains("--checkpoint-every"),
        "{err}"
    );
}

/// A residual that overflows names the rod node where it does.
#[test]
fn a_non_finite_residual_names_the_node() {
    let scene = std::fs::read_to_string(root().join("examples/scenes/cantilever.ron"))
        .expect("scene")
        .replace("(0, 0, -9.81)", "(0, 0, -1e306)");
    assert!(scene.contains("-1e306"), "the cantilever has gravity");
    let (out, _tmp, _dir) = run_scene_text_with(&scene, &["--until", "0.01"]);
    assert_eq!(out.status.code(), Some(1), "{}", describe(&out));
    let err = no_panic(&out, "overflow");
    assert!(err.contains("residual of rod \"beam\" node"), "{err}");
}

/// `catena new-element` takes the chain-file name (`N_MyLaw`) as well as the type name.
#[test]
fn new_element_accepts_the_chain_file_name() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let d = tmp.path().to_str().expect("utf-8");
    let out = catena(&["new-element", "N_MyLaw", "--kind", "normal", "--out", d]);
    assert_eq!(out.status.code(), Some(0), "{}", describe(&out));
    assert!(text(&out.stdout).contains("`N_MyLaw` (MyLaw)"));
    assert!(tmp.path().join("n_my_law.rs").is_file());
    let out = catena(&["new-element", "T_MyLaw", "--kind", "normal", "--out", d]);
    assert_eq!(out.status.code(), Some(2), "{}", describe(&out));
    assert!(
        text(&out.stderr).contains("--kind tangential"),
        "{}",
        describe(&out)
    );
}

/// `compare` and `catena run` mean the same by `min_gap` (over accepted steps); the smallest gap
/// over every Newton iterate is reported beside it as `min_gap_iterates`.
#[test]
fn min_gap_means_the_same_in_run_and_compare() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let scene = std::fs::read_to_string(root().join("examples/scenes/rods_crossing.ron"))
        .expect("scene")
        .replace(
            "../../chains/linear_rod_rod.ron",
            &root().join("chains/imc.ron").display().to_string(),
        )
        .replace(
            "../../chains/",
            &format!("{}/", root().join("chains").display()),
        );
    let file = tmp.path().join("imc.ron");
    std::fs::write(&file, scene).expect("write");
    let f = file.to_str().expect("utf-8");
    let run_dir = tmp.path().join("run");
    let out = catena(&[
        "run",
        f,
        "-q",
        "--until",
        "0.25",
        "--out",
        run_dir.to_str().expect("utf-8"),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", describe(&out));
    let study = tmp.path().join("compare");
    let out = catena(&[
        "compare",
        f,
        "--chain",
        "chains/imc.ron",
        "--until",
        "0.25",
        "-q",
        "--out",
        study.to_str().expect("utf-8"),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", describe(&out));
    let s = read_summary(&run_dir.join(SUMMARY_FILE)).expect("summary");
    let json: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(study.join("compare.json")).expect("compare.json"),
    )
    .expect("JSON");
    let row = &json["runs"][0];
    assert_eq!(row["min_gap"].as_f64(), Some(s.min_gap), "{row}");
    assert_eq!(
        row["min_gap_iterates"].as_f64(),
        Some(s.min_gap_iterates),
        "{row}"
    );
    assert!(s.min_gap_iterates <= s.min_gap, "{s:?}");
    assert!(s.min_gap.is_finite(), "the rods touch");
    let rows = read_steps_csv(&run_dir.join(STEPS_FILE)).expect("rows");
    // The accepted configuration is one of the iterates (both +∞ without candidates).
    assert!(rows.iter().all(|r| r.min_gap_iterates <= r.min_gap));
}
