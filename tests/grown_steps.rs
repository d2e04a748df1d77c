//! Steps above Δt (`time.max_dt`): an overdamped sphere sinks in Stokes drag onto a plane and
//! comes to rest on a linear contact spring. While Newton converges in a few iterations the
//! steps double up to `max_dt`; the run ends exactly at `duration`, where the sphere rests at
//! the overlap that carries its weight; a run stopped midway and resumed from its checkpoint
//! writes the same rows; a `max_dt` below `dt` is refused.

use catena::io::STEPS_FILE;
use catena::run::{Every, Observation, RunOptions, RunScene, resume, run_simulator_observed};
use catena::scene::{build_scene, parse_scene};
use catena::system::Simulator;
use std::path::{Path, PathBuf};

const RADIUS: f64 = 1e-3;
const DENSITY: f64 = 2500.0;
const ETA: f64 = 10.0;
const STIFFNESS: f64 = 1e4;

fn text(max_dt: &str) -> String {
    let chain = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("chains/linear_sphere_plane.ron");
    format!(
        r#"Scene(
    name: "grown",
    time: (dt: 1e-3, duration: 4.0, integrator: Overdamped, max_dt: {max_dt}),
    output: (frame_every: 0),
    materials: {{ "glass": (youngs_modulus: 6.3e10, poisson_ratio: 0.23, density: {DENSITY}) }},
    spheres: [(name: "s", material: "glass", radius: {RADIUS}, center: (0, 0, 0.0015), rotation: false)],
    planes: [(name: "floor", origin: (0, 0, 0), normal: (0, 0, 1))],
    forces: [Gravity(g: (0, 0, -9.81)), StokesDrag(viscosity: {ETA})],
    contacts: [(chain: "{}", first: AllSpheres, second: AllPlanes, keep_distance: 1e-3)],
)"#,
        chain.display()
    )
}

fn scene(dir: &Path, src: &str) -> (RunScene, Simulator) {
    let file = dir.join("grown.ron");
    std::fs::write(&file, src).expect("write scene");
    let spec = parse_scene(src, &file).expect("scene");
    let built = build_scene(&spec, src, &file).expect("build");
    RunScene::split(built, Some(src.to_string()))
}

/// `steps.csv` as (t, dt) and the rows without their wall-time columns.
fn rows(dir: &Path) -> (Vec<(f64, f64)>, Vec<String>) {
    let text = std::fs::read_to_string(dir.join(STEPS_FILE)).expect("steps.csv");
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().expect("header").split(',').collect();
    let keep: Vec<usize> = (0..header.len())
        .filter(|&k| !header[k].ends_with("_ms"))
        .collect();
    let mut times = Vec::new();
    let mut kept = Vec::new();
    for l in lines {
        let cells: Vec<&str> = l.split(',').collect();
        times.push((cells[1].parse().expect("t"), cells[2].parse().expect("dt")));
        kept.push(keep.iter().map(|&k| cells[k]).collect::<Vec<_>>().join(","));
    }
    (times, kept)
}

/// Runs the scene into `out`, stopping after step `stop_at` when given.
fn run(dir: &Path, out: &Path, stop_at: Option<u64>) -> Simulator {
    let (info, sim) = scene(dir, &text("0.256"));
    let opts = RunOptions {
        out: Some(out.to_path_buf()),
        checkpoint_every: Some(1000),
        ..RunOptions::default()
    };
    let mut stop = Every {
        every: 1,
        f: move |_: &mut Simulator, row: &catena::io::StepRecord| {
            if Some(row.step) == stop_at {
                Observation::Stop
            } else {
                Observation::Continue
            }
        },
    };
    let (sim, result) = run_simulator_observed(sim, &info, &opts, Some(&mut stop));
    result.expect("run");
    sim
}

#[test]
fn steps_grow_to_max_dt_and_the_run_ends_at_its_duration_at_rest() {
    let dir = tempfile::tempdir().expect("tempdir");
    let whole = dir.path().join("whole");
    let sim = run(dir.path(), &whole, None);
    let (times, _) = rows(&whole);
    let (t_last, _) = *times.last().expect("rows");
    assert_eq!(t_last, 4.0, "the last step lands on the duration");
    let largest = times.iter().map(|r| r.1).fold(0.0, f64::max);
    assert_eq!(largest, 0.256, "steps grow to max_dt");
    assert!(
        times.len() < 150,
        "{} steps where fixed steps take 4000",
        times.len()
    );
    assert!(times.windows(2).all(|w| w[1].0 > w[0].0));
    // At rest on the spring: k δ = m g.
    let mass = DENSITY * 4.0 / 3.0 * std::f64::consts::PI * RADIUS.powi(3);
    let z = sim.model.q[2];
    let expected = RADIUS - mass * 9.81 / STIFFNESS;
    assert!(
        (z - expected).abs() < 1e-6 * RADIUS,
        "centre at {z:e} m, at rest {expected:e} m"
    );
}

#[test]
fn a_stopped_grown_run_resumes_to_the_same_rows() {
    let dir = tempfile::tempdir().expect("tempdir");
    let whole = dir.path().join("whole");
    run(dir.path(), &whole, None);
    let stopped = dir.path().join("stopped");
    run(dir.path(), &stopped, Some(40));
    assert_eq!(rows(&stopped).1.len(), 40);
    let resumed = resume(&stopped, false, None).expect("resume");
    assert!(resumed.completed);
    assert_eq!(rows(&stopped).1, rows(&whole).1);
}

#[test]
fn max_dt_below_dt_is_refused() {
    let src = text("1e-4");
    let file = Path::new("grown.ron");
    let spec = parse_scene(&src, file).expect("parses");
    let err = build_scene(&spec, &src, file).expect_err("refused");
    let msg = err.to_string();
    assert!(
        msg.contains("max_dt = 0.0001 s is smaller than dt = 0.001 s"),
        "{msg}"
    );
}
