//! `time: (until_rest: (speed, steps))`: a run ends, completed, at the first step after which
//! every node has stayed slower than `speed` for `steps` steps in a row; a run that reaches
//! its duration first says that it did not come to rest. The probe: a soft sphere dropped
//! 0.5 mm onto a floor in a viscous medium, which bounces (restitution 0.5), settles and
//! rests on the floor within a few tenths of a second.

use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Runs the scene `text` (written to `dir`); returns its summary and `steps.csv`.
fn run_scene(dir: &Path, text: &str) -> (serde_json::Value, String) {
    let scene = dir.join("scene.ron");
    std::fs::write(&scene, text).expect("write scene");
    let out_dir = dir.join("out");
    let out = Command::new(env!("CARGO_BIN_EXE_catena"))
        .args(["run", "-q", "--force", "--out"])
        .arg(&out_dir)
        .arg(&scene)
        .output()
        .expect("run catena");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let summary: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(out_dir.join("summary.json")).expect("summary"),
    )
    .expect("summary json");
    let csv = std::fs::read_to_string(out_dir.join("steps.csv")).expect("steps.csv");
    (summary, csv)
}

/// Runs the drop with `time` extra fields `rest` for `duration` s; returns the summary and
/// the rows of steps.csv as `(t, ke_translational)`.
fn drop(dir: &Path, rest: &str, duration: f64) -> (serde_json::Value, Vec<(f64, f64)>) {
    let chain = root().join("chains/granular_plane_onset.ron");
    let text = format!(
        r#"Scene(
    name: "rest_probe",
    time: (dt: 1e-3, duration: {duration}, integrator: ImplicitEuler{rest}),
    output: (frame_every: 1000),
    materials: {{ "soft": (youngs_modulus: 1e6, poisson_ratio: 0.3, density: 2500) }},
    spheres: [(name: "s", material: "soft", radius: 0.001, center: (0, 0, 0.0015))],
    planes: [(name: "floor", origin: (0, 0, 0), normal: (0, 0, 1), material: "soft")],
    forces: [Gravity(g: (0, 0, -9.81)), StokesDrag(viscosity: 0.05)],
    contacts: [(chain: "{}", first: AllSpheres, second: AllPlanes, keep_distance: 2e-4)],
)"#,
        chain.display()
    );
    let (summary, csv) = run_scene(dir, &text);
    let mut lines = csv.lines();
    let header: Vec<&str> = lines.next().expect("header").split(',').collect();
    let col = |name: &str| header.iter().position(|h| *h == name).expect(name);
    let (t, ke) = (col("t"), col("ke_translational"));
    let rows = lines
        .map(|l| {
            let v: Vec<f64> = l
                .split(',')
                .map(|x| x.parse().unwrap_or(f64::NAN))
                .collect();
            (v[t], v[ke])
        })
        .collect();
    (summary, rows)
}

#[test]
fn a_run_ends_at_rest_and_says_when() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let (s, rows) = drop(tmp.path(), ", until_rest: (speed: 1e-4, steps: 20)", 5.0);
    let steps = s["steps"].as_u64().expect("steps");
    assert_eq!(s["completed"], true, "{s}");
    assert_eq!(
        rows.len() as u64,
        steps,
        "one row per step, none after the rest"
    );
    assert!(
        steps < 2000,
        "the drop rests long before 5 s: {steps} steps"
    );
    let message = s["message"].as_str().expect("message");
    assert!(message.contains("at rest after step"), "{message}");
    // ½ m v² of the sphere (4.19e-6 kg) at 1e-4 m/s is 2.1e-14 J: the last 20 rows are all
    // below it, the row before them is not (the count starts there).
    let limit = 0.5 * 2500.0 * 4.0 / 3.0 * std::f64::consts::PI * 1e-9 * 1e-8;
    let n = rows.len();
    assert!(
        rows[n - 20..].iter().all(|r| r.1 < limit),
        "{:?}",
        &rows[n - 20..]
    );
    assert!(
        rows[n - 21].1 >= limit,
        "the rest began 20 steps before the end"
    );
    // It bounced and fell for a while before resting.
    assert!(rows.iter().any(|r| r.1 > 1e3 * limit));
}

#[test]
fn a_run_that_does_not_come_to_rest_says_so() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let (s, rows) = drop(tmp.path(), ", until_rest: (speed: 1e-4)", 0.02);
    assert_eq!(s["completed"], true);
    assert_eq!(rows.len(), 20, "it ran to its duration");
    let message = s["message"].as_str().expect("message");
    assert!(message.contains("not at rest at the end"), "{message}");
}

/// A grain resting on the floor and a rattler sinking far above it, overdamped in a viscous
/// medium (the rattler at `m g/6πηr` = 5.5 mm/s, far above the rest speed), run for 0.5 s
/// with `until_rest: (speed: 1e-4, steps: 10` and `extra`: returns the summary and the number
/// of rows.
fn grain_and_rattler(dir: &Path, extra: &str) -> (serde_json::Value, usize) {
    grain_and_rattler_resting(dir, &format!("speed: 1e-4, steps: 10{extra}"))
}

/// [`grain_and_rattler`] with the whole `until_rest` given.
fn grain_and_rattler_resting(dir: &Path, rest: &str) -> (serde_json::Value, usize) {
    let chain = root().join("chains/granular_plane_onset.ron");
    let text = format!(
        r#"Scene(
    name: "rattler_probe",
    time: (dt: 1e-3, duration: 0.5, integrator: Overdamped,
           until_rest: ({rest})),
    output: (frame_every: 1000),
    materials: {{ "soft": (youngs_modulus: 1e6, poisson_ratio: 0.3, density: 2500) }},
    spheres: [
        (name: "grain", material: "soft", radius: 0.001, center: (0, 0, 0.000999)),
        (name: "rattler", material: "soft", radius: 0.001, center: (0.005, 0, 0.05)),
    ],
    planes: [(name: "floor", origin: (0, 0, 0), normal: (0, 0, 1), material: "soft")],
    forces: [Gravity(g: (0, 0, -9.81)), StokesDrag(viscosity: 1.0)],
    contacts: [(chain: "{}", first: AllSpheres, second: AllPlanes, keep_distance: 2e-4)],
)"#,
        chain.display()
    );
    let (summary, csv) = run_scene(dir, &text);
    (summary, csv.lines().count() - 1)
}

#[test]
fn rattlers_can_be_left_out_of_the_rest_test() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let (s, rows) = grain_and_rattler(tmp.path(), "");
    assert_eq!(rows, 500, "the sinking rattler keeps the run going: {s}");
    let message = s["message"].as_str().expect("message");
    assert!(message.contains("not at rest at the end"), "{message}");

    let (s, rows) = grain_and_rattler(tmp.path(), ", min_contacts: 1");
    assert_eq!(s["completed"], true, "{s}");
    assert!(
        rows > 10 && rows < 100,
        "the grain on the floor settles within a few steps: {rows}"
    );
    let message = s["message"].as_str().expect("message");
    assert!(
        message.contains("at rest after step") && message.contains("without contact left out"),
        "{message}"
    );

    // With two contacts asked for, the grain on the floor (one contact) is left out as well:
    // nothing is left to move, and the run rests after exactly the ten calm steps.
    let (s, rows) = grain_and_rattler(tmp.path(), ", min_contacts: 2");
    assert_eq!(s["completed"], true, "{s}");
    assert_eq!(rows, 10);
    let message = s["message"].as_str().expect("message");
    assert!(
        message.contains("fewer than 2 contacts left out"),
        "{message}"
    );
}

#[test]
fn the_mean_speed_can_be_tested_instead_of_the_largest() {
    // The rattler sinks at 5.5 mm/s and the grain settles to rest: the largest speed stays at
    // 5.5 mm/s, the mean of the two falls to 2.75 mm/s.
    let tmp = tempfile::tempdir().expect("tempdir");
    let (s, rows) = grain_and_rattler_resting(tmp.path(), "speed: 4e-3, steps: 10");
    assert_eq!(rows, 500, "the largest speed stays above 4 mm/s: {s}");
    let (s, rows) = grain_and_rattler_resting(tmp.path(), "speed: 4e-3, steps: 10, mean: true");
    assert_eq!(s["completed"], true, "{s}");
    assert!(rows < 100, "{rows}");
    let message = s["message"].as_str().expect("message");
    assert!(
        message.contains("the nodes' mean speed slower than"),
        "{message}"
    );
    // Below the mean of 2.75 mm/s the run does not rest either.
    let (s, rows) = grain_and_rattler_resting(tmp.path(), "speed: 2e-3, steps: 10, mean: true");
    assert_eq!(rows, 500, "the mean stays near 2.75 mm/s: {s}");
}
