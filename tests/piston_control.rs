//! Pistons controlled by their load, on a bed of 16 soft spheres:
//! - event location of a load stop (`stop_tolerance`): a prescribed piston driven fast into
//!   the bed (overdamped) stops with its load within the tolerance of `stop_load`, the steps
//!   that passed it by more having been retried shorter; without a tolerance the first step
//!   past the load stops it, with the overshoot of a whole step;
//! - a load-controlled piston (`motion: Loaded(…)`) comes to rest where the bed carries its
//!   load plus its weight, in the overdamped and the inertial modes.

use std::path::PathBuf;
use std::process::Command;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Runs the piston scene with `extra` in the piston's translation; returns, per row of
/// steps.csv, `(t, retries, piston_fz)`.
fn run(extra: &str, tag: &str) -> Vec<(f64, f64, f64)> {
    let motion = format!("Prescribed(translate: (velocity: (0, 0, -0.02), stop_load: 0.5{extra}))");
    run_piston(&motion, "Overdamped", tag)
}

/// Runs the bed pressed by a piston moving by `motion`, integrated by `integrator`; returns,
/// per row of steps.csv, `(t, retries, piston_fz)`.
fn run_piston(motion: &str, integrator: &str, tag: &str) -> Vec<(f64, f64, f64)> {
    let tmp = tempfile::tempdir().expect("tempdir");
    let chain = |n: &str| root().join("chains").join(n).display().to_string();
    let text = format!(
        r#"Scene(
    name: "load_stop_{tag}",
    time: (dt: 5e-4, duration: 0.15, integrator: {integrator}),
    output: (frame_every: 1000),
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
         mass: 0.001, motion: {motion}),
    ],
    forces: [Gravity(g: (0, 0, -9.81)), StokesDrag(viscosity: 0.1)],
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
    let out_dir = tmp.path().join("out");
    let out = Command::new(env!("CARGO_BIN_EXE_catena"))
        .args(["run", "-q", "--out"])
        .arg(&out_dir)
        .arg(&scene)
        .output()
        .expect("run catena");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let csv = std::fs::read_to_string(out_dir.join("steps.csv")).expect("steps.csv");
    let mut lines = csv.lines();
    let header: Vec<&str> = lines.next().expect("header").split(',').collect();
    let col = |name: &str| header.iter().position(|h| *h == name).expect(name);
    let (t, retries, fz) = (col("t"), col("retries"), col("piston_fz"));
    lines
        .map(|l| {
            let v: Vec<f64> = l
                .split(',')
                .map(|x| x.parse().unwrap_or(f64::NAN))
                .collect();
            (v[t], v[retries], v[fz])
        })
        .collect()
}

/// The held load at the end of the run and the retries of all steps. Overdamped, the bed
/// under the held piston relaxes within a step to the equilibrium at the stop, whose load is
/// the one at the stop less its rate-dependent parts: the contact damping of the Hertz law
/// (restitution 0.5) and the Stokes drag of the squeezed spheres.
fn held(rows: &[(f64, f64, f64)]) -> (f64, f64) {
    let last = rows.last().expect("rows");
    (last.2, rows.iter().map(|r| r.1).sum())
}

#[test]
fn stop_tolerance_locates_the_load_stop_within_it() {
    let (free_load, free_retries) = held(&run("", "free"));
    let (load, retries) = held(&run(", stop_tolerance: 0.01", "located"));
    // 10 µm of travel per step into a soft bed passes 0.5 N by more than 1 %.
    assert!(
        free_load > 0.505,
        "without a tolerance the stop overshoots: {free_load} N"
    );
    assert_eq!(free_retries, 0.0);
    assert!(
        (load - 0.5).abs() <= 0.005,
        "the located stop holds {load} N, within 1 % of 0.5 N"
    );
    assert!(retries > 0.0, "the step past the load was retried shorter");
}

/// A piston of 1 g pushed down by 0.5 N against a 10 N·s/m dashpot (at most 5 cm/s) comes to
/// rest on the bed with its contact load equal to the load plus its weight, in both modes.
#[test]
fn loaded_piston_rests_where_the_bed_carries_its_load() {
    let motion = "Loaded(direction: (0, 0, -1), load: 0.5, resistance: 10.0)";
    let expected = 0.5 + 0.001 * 9.81;
    for integrator in ["Overdamped", "ImplicitEuler"] {
        let rows = run_piston(motion, integrator, integrator);
        let (held, _) = held(&rows);
        assert!(
            ((held - expected) / expected).abs() < 1e-4,
            "{integrator}: the bed carries {held} N, the piston pushes {expected} N"
        );
        // It reached the bed during the run, not at its start.
        assert!(rows[0].2 < 0.1 * expected, "{integrator}: {:?}", rows[0]);
    }
}
