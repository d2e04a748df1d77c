//! `catena resume` under `linear_solver: AmdLu` gives the bits of a run never stopped.
//!
//! The AMD-ordered LU keeps its analysis while the contact pattern holds, and the entries it
//! analysed depend on the run's history: contacts that opened stay in it within a slack, so
//! its elimination order, and the factors' round-off, differ from a fresh analysis of the same
//! matrix. The checkpoint carries which entries the analysis holds; this test stops the
//! overdamped `compress_1000` study on the bottom of its bed (189 grains under the loaded
//! piston: contacts open and close as it settles) at several steps, resumes it, and compares
//! every row of `steps.csv` with the uninterrupted run. Without the entries in the checkpoint
//! every one of these resumed runs differs from its first step on.

use catena::io::STEPS_FILE;
use catena::run::{Every, Observation, RunOptions, RunScene, resume, run_simulator_observed};
use catena::scene::{build_scene, parse_scene};
use catena::system::Simulator;
use std::path::{Path, PathBuf};

/// The grains of `compress_1000`'s settled bed whose centres are below 4 mm (189 of them),
/// written to `dir/bed.csv`; returns the height of the highest grain's top (m).
fn cut_bed(dir: &Path) -> f64 {
    let bed = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/scenes/compress_1000_bed.csv");
    let text = std::fs::read_to_string(bed).expect("the shipped bed");
    let mut out = String::from("x,y,z,r\n");
    let mut top = 0.0f64;
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.starts_with('x'))
    {
        let v: Vec<f64> = line
            .split(',')
            .map(|c| c.parse().expect("a number"))
            .collect();
        if v[2] < 0.004 {
            top = top.max(v[2] + v[3]);
            out.push_str(line);
            out.push('\n');
        }
    }
    std::fs::write(dir.join("bed.csv"), out).expect("write the cut");
    top
}

/// `compress_1000`'s overdamped study on the cut: the piston 50 µm above the highest grain.
fn scene_text(dir: &Path) -> String {
    let top = cut_bed(dir);
    let chain = |n: &str| {
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("chains")
            .join(n)
            .display()
            .to_string()
    };
    format!(
        r#"Scene(
    name: "resume_amd_lu",
    time: (dt: 1e-3, duration: 0.03, integrator: Overdamped),
    solver: (force_tol: 1e-6, linear_solver: AmdLu),
    output: (frame_every: 10),
    materials: {{ "glass": (youngs_modulus: 6.3e10, poisson_ratio: 0.23, density: 2500) }},
    sphere_sets: [(name: "g", material: "glass", from: File("bed.csv"))],
    planes: [
        (name: "floor", origin: (0, 0, 0), normal: (0, 0, 1), material: "glass"),
        (name: "west", origin: (0, 0, 0), normal: (1, 0, 0), material: "glass"),
        (name: "east", origin: (0.02, 0, 0), normal: (-1, 0, 0), material: "glass"),
        (name: "south", origin: (0, 0, 0), normal: (0, 1, 0), material: "glass"),
        (name: "north", origin: (0, 0.02, 0), normal: (0, -1, 0), material: "glass"),
    ],
    rigid_bodies: [
        (name: "piston", material: "glass", mesh: Box(size: (0.0196, 0.0196, 0.004)),
         translate: (0.01, 0.01, {piston}),
         motion: Loaded(direction: (0, 0, -1), load: 3.962314, resistance: 400)),
    ],
    forces: [Gravity(g: (0, 0, -9.81)), StokesDrag(viscosity: 1000.0)],
    contacts: [
        (chain: "{}", first: AllSpheres, second: AllSpheres, keep_distance: 0.0002, detect: OnMotion),
        (chain: "{}", first: AllSpheres, second: AllPlanes, keep_distance: 0.0002, detect: OnMotion),
        (chain: "{}", first: AllSpheres, second: AllRigid, keep_distance: 0.0002, detect: OnMotion),
    ],
)"#,
        chain("granular_onset.ron"),
        chain("granular_plane_onset.ron"),
        chain("granular_rigid.ron"),
        piston = top + 5e-5 + 0.002,
    )
}

fn scene(dir: &Path) -> (RunScene, Simulator) {
    let text = scene_text(dir);
    let file = dir.join("bed.ron");
    std::fs::write(&file, &text).expect("write scene");
    let spec = parse_scene(&text, &file).expect("scene");
    let built = build_scene(&spec, &text, &file).expect("build");
    RunScene::split(built, Some(text))
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

/// Runs the scene into `out`, stopping after step `stop` when given.
fn run(dir: &Path, out: &Path, stop: Option<u64>) -> Simulator {
    let (info, sim) = scene(dir);
    let mut watch = Every {
        every: 1,
        f: |_: &mut Simulator, row: &catena::io::StepRecord| {
            if Some(row.step) == stop {
                Observation::Stop
            } else {
                Observation::Continue
            }
        },
    };
    let opts = RunOptions {
        out: Some(PathBuf::from(out)),
        ..RunOptions::default()
    };
    let (sim, result) = run_simulator_observed(sim, &info, &opts, Some(&mut watch));
    let summary = result.expect("run");
    assert_eq!(summary.completed, stop.is_none(), "{summary:?}");
    sim
}

#[test]
fn a_resumed_amd_lu_run_matches_the_uninterrupted_one_bit_for_bit() {
    let dir = tempfile::tempdir().expect("tempdir");
    let whole = dir.path().join("whole");
    let sim = run(dir.path(), &whole, None);
    let reference = rows(&whole);
    assert_eq!(reference.len(), 30);
    // The bed must exercise what the checkpoint keeps: several analyses, so that the kept
    // one is history (a fresh analysis at the resume would order the entries differently).
    let analyses = sim.symbolic_factorisations();
    assert!(analyses >= 3, "{analyses} analyses");
    for stop in [7, 16, 24] {
        let out = dir.path().join(format!("stopped_{stop}"));
        run(dir.path(), &out, Some(stop));
        assert_eq!(rows(&out).len(), stop as usize);
        let resumed = resume(&out, false, None).expect("resume");
        assert!(resumed.completed, "{resumed:?}");
        let rows = rows(&out);
        assert_eq!(rows.len(), reference.len());
        for (k, (a, b)) in reference.iter().zip(&rows).enumerate() {
            assert_eq!(a, b, "stopped after step {stop}: row {} differs", k + 1);
        }
    }
}
