//! Candidates kept across steps (`detect: OnMotion`, issue 20 item 7): a Verlet list that
//! detects again only once bodies have moved by half the margin, and that still misses no
//! contact.
//!
//! - On a falling, colliding bed of rotating spheres with Hertz–Mindlin chains, keeping the
//!   candidates changes which far pairs are listed, never a force: the trajectory has the same
//!   bits as detection at every step.
//! - A sphere accelerated onto a plane faster than the half margin allows is caught by the
//!   coverage check after Newton, which measures the motion from the last detection.
//! - A run stopped at a checkpoint and resumed writes the bits of an uninterrupted run (the
//!   checkpoint carries the candidates and where they were detected).
//! - Barrier chains refuse `OnMotion` with a located error.

use catena::run::Checkpoint;
use catena::scene::{build_scene, parse_scene};
use catena::system::Simulator;
use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// 36 rotating spheres (r = 1 mm) falling from a jittered lattice into a 12.5 mm box, with the
/// shipped granular chains, detecting as `detect` says.
fn bed(detect: &str, duration: f64) -> String {
    let chains = root().join("chains");
    let chains = chains.to_str().expect("utf-8");
    format!(
        r#"Scene(
    name: "reuse_bed",
    time: (dt: 5e-5, duration: {duration}, integrator: ImplicitMidpoint),
    solver: (force_tol: 1e-6),
    materials: {{ "m": (youngs_modulus: 1e7, poisson_ratio: 0.3, density: 2500) }},
    sphere_sets: [
        (name: "a", material: "m", from: Lattice(
            origin: (0.0025, 0.0025, 0.0012), spacing: 0.0025, counts: (4, 3, 3),
            radius: 0.001, jitter: (0.0003, 0.0003, 0.0002),
            velocity_jitter: (0.3, 0.3, 0), seed: 3,
        )),
    ],
    planes: [
        (name: "floor", origin: (0, 0, 0), normal: (0, 0, 1), material: "m"),
        (name: "w", origin: (0, 0, 0), normal: (1, 0, 0), material: "m"),
        (name: "e", origin: (0.0125, 0, 0), normal: (-1, 0, 0), material: "m"),
        (name: "s", origin: (0, 0, 0), normal: (0, 1, 0), material: "m"),
        (name: "n", origin: (0, 0.0125, 0), normal: (0, -1, 0), material: "m"),
    ],
    forces: [Gravity(g: (0, 0, -9.81))],
    contacts: [
        (chain: "{chains}/granular.ron", first: AllSpheres, second: AllSpheres, keep_distance: 0.0002, detect: {detect}),
        (chain: "{chains}/granular_plane.ron", first: AllSpheres, second: AllPlanes, keep_distance: 0.0002, detect: {detect}),
    ],
)"#
    )
}

fn simulator(text: &str) -> Simulator {
    let path = root().join("reuse.ron");
    let spec = parse_scene(text, &path).expect("scene");
    build_scene(&spec, text, &path)
        .expect("built")
        .into_simulator()
}

/// Positions and velocities after `steps`, with the candidate count of every step.
fn run(text: &str, steps: usize) -> (Vec<f64>, Vec<f64>, Vec<u64>, u32) {
    let mut sim = simulator(text);
    let mut candidates = Vec::new();
    let mut resolves = 0;
    for _ in 0..steps {
        let rep = sim.step().expect("step");
        candidates.push(rep.contacts.candidates);
        resolves += rep.resolves;
    }
    (
        sim.model.q.clone(),
        sim.model.v.clone(),
        candidates,
        resolves,
    )
}

#[test]
fn kept_candidates_give_the_bits_of_detection_at_every_step() {
    let steps = 300;
    let (q_every, v_every, c_every, _) = run(&bed("EveryStep", 1.0), steps);
    let (q_kept, v_kept, c_kept, _) = run(&bed("OnMotion", 1.0), steps);
    // The spheres land and collide within the window (contacts are listed) …
    assert!(c_every.iter().any(|&c| c > 20), "{c_every:?}");
    // … the kept lists differ from fresh ones (stale far pairs stay listed) …
    assert_ne!(
        c_every, c_kept,
        "the candidates were detected at every step"
    );
    // … and the trajectory does not notice.
    assert_eq!(q_every, q_kept);
    assert_eq!(v_every, v_kept);
}

/// A sphere above a plane, bound with keep distance 1 mm and `detect`, falling under a strong
/// gravity so that its second step moves farther than the half margin allows.
fn falling(detect: &str) -> String {
    let chains = root().join("chains");
    let chains = chains.to_str().expect("utf-8");
    // Implicit Euler, Δt = 1 ms, g = 150 m/s²: from v₀ = 0.3 m/s the steps move 0.45 and
    // 0.60 mm. The first leaves 0.57 mm of the 1.02 mm gap (within half the 1 mm margin: the
    // candidates are kept, none); the second closes 1.05 mm from the detection, past the
    // margin, into contact.
    format!(
        r#"Scene(
    name: "falling",
    time: (dt: 1e-3, duration: 0.01),
    materials: {{ "m": (youngs_modulus: 1e7, poisson_ratio: 0.3, density: 2500) }},
    spheres: [(name: "s", material: "m", radius: 0.001, center: (0, 0, 0.00202), velocity: (0, 0, -0.3))],
    planes: [(name: "floor", origin: (0, 0, 0), normal: (0, 0, 1))],
    forces: [Gravity(g: (0, 0, -150))],
    contacts: [
        (chain: "{chains}/granular_plane.ron", first: AllSpheres, second: AllPlanes, keep_distance: 0.001, detect: {detect}),
    ],
)"#
    )
}

#[test]
fn motion_past_the_margin_between_detections_is_caught_in_its_step() {
    let mut every = simulator(&falling("EveryStep"));
    let mut kept = simulator(&falling("OnMotion"));
    let height = |s: &Simulator| s.model.q[s.model.bodies.spheres[0].offset + 2];
    // Step 1: nothing within the keep distance, free flight.
    let (a, b) = (every.step().expect("step"), kept.step().expect("step"));
    assert_eq!((a.contacts.candidates, b.contacts.candidates), (0, 0));
    // Step 2: detection at its start finds the plane (0.57 mm < 1 mm); the kept (empty) list
    // does not, and the step's motion from the last detection, 1.05 mm, exceeds the margin:
    // the coverage check detects at the solution, finds the plane within reach and solves the
    // step again with it.
    let (a, b) = (every.step().expect("step"), kept.step().expect("step"));
    assert_eq!(a.resolves, 0);
    assert_eq!(b.resolves, 1);
    assert_eq!(b.contacts.candidates, 1);
    // Both runs stop the sphere at the plane in this step (free flight would end 30 µm
    // inside it), at the same place to Newton's tolerance (the re-solve starts from another
    // point).
    let h = height(&kept);
    assert!(h > 0.001 - 1e-6 && h < 0.001 + 1e-6, "{h}");
    assert!(
        (height(&every) - height(&kept)).abs() < 1e-9,
        "{} vs {}",
        height(&every),
        height(&kept)
    );
    for _ in 0..5 {
        every.step().expect("step");
        kept.step().expect("step");
    }
    assert!((height(&every) - height(&kept)).abs() < 1e-9);
}

/// `steps.csv` without the wall-time columns.
fn physics_columns(dir: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(dir.join("steps.csv")).expect("steps.csv");
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().expect("header").split(',').collect();
    let keep: Vec<usize> = header
        .iter()
        .enumerate()
        .filter(|(_, h)| !h.ends_with("_ms"))
        .map(|(i, _)| i)
        .collect();
    lines
        .map(|l| {
            let f: Vec<&str> = l.split(',').collect();
            keep.iter().map(|&i| f[i]).collect::<Vec<_>>().join(",")
        })
        .collect()
}

#[test]
fn a_resumed_run_keeps_the_candidates_of_the_uninterrupted_one() {
    let tmp = tempfile::tempdir().expect("tmp");
    let scene = tmp.path().join("bed.ron");
    std::fs::write(&scene, bed("OnMotion", 0.01)).expect("write");
    let catena = |args: &[&str]| {
        let out = Command::new(env!("CARGO_BIN_EXE_catena"))
            .args(args)
            .output()
            .expect("catena");
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    };
    let whole = tmp.path().join("whole");
    let parts = tmp.path().join("parts");
    let s = scene.to_str().expect("utf-8");
    catena(&["run", "-q", s, "--out", whole.to_str().expect("utf-8")]);
    let p = parts.to_str().expect("utf-8");
    catena(&[
        "run",
        "-q",
        s,
        "--out",
        p,
        "--until",
        "0.0052",
        "--checkpoint-every",
        "13",
    ]);
    // The run stopped at step 104 with a checkpoint there; lift its `--until` so that the
    // resume continues to the scene's end, as after an interruption.
    let mut ck = Checkpoint::read(&parts).expect("checkpoint");
    assert_eq!(ck.step, 104);
    let contacts = ck.contacts.as_ref().expect("contact state");
    assert!(!contacts.candidates.is_empty() && contacts.detected_at.len() == 2);
    ck.until = None;
    ck.n_steps = 200;
    ck.write(&parts).expect("write checkpoint");
    catena(&["resume", "-q", p]);
    let (a, b) = (physics_columns(&whole), physics_columns(&parts));
    assert_eq!(a.len(), 200);
    assert_eq!(a, b);
}

#[test]
fn barrier_chains_refuse_candidates_kept_across_steps() {
    let chains = root().join("chains");
    let text = format!(
        r#"Scene(
    name: "ipc_on_motion",
    time: (dt: 1e-3, duration: 0.01),
    materials: {{ "m": (youngs_modulus: 1e6, poisson_ratio: 0.5, density: 1000) }},
    rods: [(name: "r", material: "m", radius: 1e-3,
            geometry: Straight(start: (0, 0, 0.01), end: (0.1, 0, 0.01), nodes: 11))],
    planes: [(name: "ground", origin: (0, 0, 0), normal: (0, 0, 1))],
    contacts: [(chain: "{}", first: AllRods, second: AllPlanes, keep_distance: 0.005, detect: OnMotion)],
)"#,
        chains.join("ipc_ground.ron").display()
    );
    let path = root().join("ipc_on_motion.ron");
    let spec = parse_scene(&text, &path).expect("parses");
    let err = build_scene(&spec, &text, &path).expect_err("refused");
    let shown = err.to_string();
    assert!(shown.contains("barrier"), "{shown}");
    assert!(shown.contains("detect: OnMotion"), "{shown}");
}
