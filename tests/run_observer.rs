//! The run loop's observer hook (`catena::run::run_simulator_observed`, the Python package's
//! `Simulator.run(callback=…)`): it sees every N-th step with the simulator, changes no bit of a
//! run it only reads, and stops a run cleanly — a `Stop` with the summary of the steps taken, an
//! `Abort` with `RunError::Stopped`, both leaving rows, a checkpoint and a summary marked
//! `stopped` that `catena::run::resume` continues to the bits of a run never stopped.

use catena::io::{STEPS_FILE, Summary};
use catena::run::{
    Every, Observation, RunError, RunOptions, RunScene, resume, run_simulator,
    run_simulator_observed,
};
use catena::scene::{build_scene, parse_scene};
use catena::system::Simulator;
use std::path::{Path, PathBuf};

/// A cantilever of 12 nodes under gravity: 20 steps of 1 ms.
const SCENE: &str = r#"Scene(
    name: "beam",
    time: (dt: 1e-3, duration: 0.02),
    materials: { "m": (youngs_modulus: 1e7, poisson_ratio: 0.5, density: 1000) },
    rods: [(name: "beam", material: "m", radius: 1e-3,
            geometry: Straight(start: (0, 0, 0), end: (0.1, 0, 0), nodes: 12))],
    boundary_conditions: [Clamp(rod: "beam", end: Start)],
    forces: [Gravity(g: (0, 0, -9.81))],
)"#;

fn scene(dir: &Path) -> (RunScene, Simulator) {
    let file = dir.join("beam.ron");
    std::fs::write(&file, SCENE).expect("write scene");
    let spec = parse_scene(SCENE, &file).expect("scene");
    let built = build_scene(&spec, SCENE, &file).expect("build");
    RunScene::split(built, Some(SCENE.to_string()))
}

fn options(out: Option<PathBuf>) -> RunOptions {
    RunOptions {
        out,
        ..RunOptions::default()
    }
}

/// The rows of `steps.csv` without its wall-clock columns (header dropped).
fn rows(dir: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(dir.join(STEPS_FILE)).expect("steps.csv");
    catena::io::without_timings(&text)
        .lines()
        .skip(1)
        .map(str::to_owned)
        .collect()
}

fn summary(dir: &Path) -> serde_json::Value {
    let text = std::fs::read_to_string(dir.join("summary.json")).expect("summary.json");
    serde_json::from_str(&text).expect("json")
}

#[test]
fn an_observer_sees_every_nth_step_and_changes_no_bit() {
    let dir = tempfile::tempdir().expect("tempdir");
    let (info, sim) = scene(dir.path());
    let (plain, result) = run_simulator(sim, &info, &options(None));
    result.expect("plain run");

    let (info, sim) = scene(dir.path());
    let mut seen = Vec::new();
    let mut watch = Every {
        every: 3,
        f: |sim: &mut Simulator, row: &catena::io::StepRecord| {
            assert_eq!(sim.model.time, row.t);
            seen.push((row.step, row.t));
            Observation::Continue
        },
    };
    let (watched, result) = run_simulator_observed(sim, &info, &options(None), Some(&mut watch));
    let s: Summary = result.expect("watched run");
    assert!(s.completed && s.steps == 20);
    let steps: Vec<u64> = seen.iter().map(|(k, _)| *k).collect();
    assert_eq!(steps, [3, 6, 9, 12, 15, 18]);
    assert!(seen.windows(2).all(|w| w[1].1 > w[0].1));
    assert_eq!(watched.model.q, plain.model.q);
    assert_eq!(watched.model.v, plain.model.v);
}

#[test]
fn a_stop_ends_the_run_as_an_interrupt_and_resume_finishes_it() {
    let dir = tempfile::tempdir().expect("tempdir");
    let whole = dir.path().join("whole");
    let (info, sim) = scene(dir.path());
    run_simulator(sim, &info, &options(Some(whole.clone())))
        .1
        .expect("whole run");

    let out = dir.path().join("stopped");
    let (info, sim) = scene(dir.path());
    let mut stop = Every {
        every: 1,
        f: |_: &mut Simulator, row: &catena::io::StepRecord| {
            if row.step == 7 {
                Observation::Stop
            } else {
                Observation::Continue
            }
        },
    };
    let (sim, result) =
        run_simulator_observed(sim, &info, &options(Some(out.clone())), Some(&mut stop));
    let s = result.expect("a stop is not an error");
    assert!(!s.completed);
    assert_eq!((s.steps, s.reason.as_deref()), (7, Some("stopped")));
    assert!((sim.model.time - 7e-3).abs() < 1e-15);
    assert_eq!(rows(&out).len(), 7);
    assert!(out.join("checkpoint.ron").is_file());
    assert_eq!(summary(&out)["reason"], "stopped");

    let resumed = resume(&out, false, None).expect("resume");
    assert!(resumed.completed && resumed.steps == 20);
    assert_eq!(rows(&out), rows(&whole));
}

#[test]
fn an_abort_returns_stopped_with_its_message() {
    let dir = tempfile::tempdir().expect("tempdir");
    let out = dir.path().join("out");
    let (info, sim) = scene(dir.path());
    let mut abort = Every {
        every: 4,
        f: |_: &mut Simulator, row: &catena::io::StepRecord| {
            if row.step == 8 {
                Observation::Abort("the controller diverged".into())
            } else {
                Observation::Continue
            }
        },
    };
    let (_, result) =
        run_simulator_observed(sim, &info, &options(Some(out.clone())), Some(&mut abort));
    match result {
        Err(e @ RunError::Stopped { step: 8, .. }) => {
            assert!(e.to_string().contains("the controller diverged"), "{e}");
            assert_eq!(e.exit_code(), 2);
        }
        other => panic!("expected RunError::Stopped at step 8, got {other:?}"),
    }
    assert_eq!(rows(&out).len(), 8);
    let s = summary(&out);
    assert_eq!(
        (s["completed"].as_bool(), s["reason"].as_str()),
        (Some(false), Some("stopped"))
    );
    assert!(
        s["message"]
            .as_str()
            .is_some_and(|m| m.contains("controller diverged"))
    );
    assert!(out.join("checkpoint.ron").is_file());
}
