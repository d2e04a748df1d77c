//! A rigid ball pressed quasi-statically into a clamped plate (issue 36): `catena validate
//! plate_indentation` passes — the force–deflection curve of `examples/scenes/
//! plate_indentation.ron` (10 static load steps) against Kirchhoff's `P = 16πDw/a²`, the
//! indentation against Hertz shared by the pairs, the reaction against the clamp's — and a
//! driven sphere (`translate`) follows its path under load steps and in time, its contact force
//! in `steps.csv`. Run in release (`cargo test --release --test plate_indentation`): the case
//! takes a few seconds there.

use catena::scene::{build_scene, parse_scene};
use catena::validate::{ValidateOptions, run_cases, select};
use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn the_ball_pressed_into_the_plate_meets_kirchhoff_at_small_load() {
    let dir = tempfile::tempdir().unwrap();
    let opts = ValidateOptions {
        cases: vec!["plate_indentation".into()],
        all: false,
        out: dir.path().join("out"),
        report: None,
        progress: false,
    };
    let selected = select(&opts).unwrap();
    assert_eq!(selected.len(), 1);
    assert!(selected[0].fast, "a CI case");
    let outcomes = run_cases(&opts, &selected, |_| {}).unwrap();
    let report = outcomes[0]
        .result
        .as_ref()
        .unwrap_or_else(|e| panic!("{e}"));
    for c in &report.checks {
        eprintln!(
            "{:<110} {:>12.5e} vs {:>12.5e}  {}",
            c.quantity,
            c.simulated,
            c.reference,
            c.error_text()
        );
    }
    let failed: Vec<_> = report
        .checks
        .iter()
        .filter(|c| c.pass == Some(false))
        .map(|c| &c.quantity)
        .collect();
    assert!(failed.is_empty(), "failing checks {failed:?}");
    let rows = |prefix: &str| -> Vec<&catena::validate::Check> {
        report
            .checks
            .iter()
            .filter(|c| c.quantity.starts_with(prefix))
            .collect()
    };
    // The judged curve: the extrapolated compliance of every load step within 5 % of a²/(16πD).
    let curve = rows("load step ");
    assert_eq!(curve.len(), 10, "one judged point per load step");
    for c in &curve {
        assert!(
            c.pass == Some(true) && c.error.abs() <= 0.05,
            "{}",
            c.quantity
        );
    }
    // Each mesh is softer than Kirchhoff, and the finer one closer
    // (first-order convergence from above, as in case plate_point_load).
    let largest = rows("w/P at the largest load");
    assert_eq!(largest.len(), 2);
    assert!(largest[0].error > largest[1].error && largest[1].error > 0.0);
    // Small load: the curve is a line to within 2 % up to w/h = 0.1.
    assert_eq!(rows("linearity").len(), 2);
    // The reaction is the clamp's, and the pairs' overlap is their Hertz law's.
    assert_eq!(rows("reaction").len(), 2);
    assert_eq!(rows("overlap of each pair against (3P/(4nÊ√R))").len(), 1);
    let case_dir = opts.out.join("plate_indentation");
    for f in &report.figures {
        assert!(case_dir.join(format!("{}.svg", f.stem)).is_file());
        assert!(case_dir.join(format!("{}.csv", f.stem)).is_file());
    }
    assert!(case_dir.join("checks.csv").is_file());
}

/// Runs the scene `text` (chain paths absolute) with `catena run`: its `steps.csv` header and
/// records.
fn run_scene(text: &str) -> (String, Vec<catena::io::StepRecord>) {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("scene.ron");
    std::fs::write(&file, text).unwrap();
    let out = dir.path().join("out");
    let run = Command::new(env!("CARGO_BIN_EXE_catena"))
        .arg("run")
        .arg(&file)
        .arg("--out")
        .arg(&out)
        .arg("-q")
        .output()
        .unwrap();
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let steps = std::fs::read_to_string(out.join("steps.csv")).unwrap();
    let header = steps.lines().next().unwrap().to_string();
    (
        header,
        catena::io::read_steps_csv(&out.join("steps.csv")).unwrap(),
    )
}

/// `(4/3) Ê √R̂ δ^{3/2}` (N).
fn hertz(e_hat: f64, r_hat: f64, delta: f64) -> f64 {
    4.0 / 3.0 * e_hat * r_hat.sqrt() * delta.powf(1.5)
}

/// A glass ball driven 1 µm into a rigid floor over four static load steps: `ball_fz` in
/// `steps.csv` is Hertz's force at the prescribed travel `δ = λ · 1 µm` (`Ê = E/(1 − ν²)`
/// against a rigid wall, `R̂ = R`), with no free DOF left to solve for.
#[test]
fn a_driven_ball_on_a_rigid_floor_reports_the_hertz_force() {
    let chain = root().join("chains/hertz_coulomb_plane.ron");
    let (header, records) = run_scene(&format!(
        r#"Scene(
    time: (dt: 0.25, duration: 1.0, integrator: Static),
    materials: {{ "glass": (youngs_modulus: 6.3e10, poisson_ratio: 0.2, density: 2500) }},
    spheres: [
        (name: "ball", material: "glass", radius: 1e-3, center: (0, 0, 1e-3), rotation: false,
         translate: (velocity: (0, 0, -1e-6))),
    ],
    planes: [(name: "floor", origin: (0, 0, 0), normal: (0, 0, 1))],
    contacts: [(chain: {chain:?}, first: AllSpheres, second: AllPlanes, keep_distance: 1e-4)],
)"#
    ));
    assert!(
        header.ends_with(",ball_fx,ball_fy,ball_fz,ball_tx,ball_ty,ball_tz"),
        "the driven ball's load columns: {header}"
    );
    assert_eq!(records.len(), 4);
    let e_hat = 6.3e10 / (1.0 - 0.2 * 0.2);
    for r in &records {
        let delta = 1e-6 * r.t;
        let f = hertz(e_hat, 1e-3, delta);
        let [fx, fy, fz, tx, ty, tz] = r.rigid_loads[0];
        assert!(
            (fz - f).abs() < 1e-9 * f,
            "t = {}: {fz} N against {f} N",
            r.t
        );
        assert!([fx, fy, tx, ty, tz].iter().all(|x| x.abs() < 1e-12 * f));
        assert!((-r.min_gap - delta).abs() < 1e-15, "{}", r.min_gap);
    }
}

/// A rotating ball driven sideways into a fixed one: the driven ball is the pair's second side
/// (its rotation bound in the pair's spin slot), and only it gets load columns; its `b_fx` is
/// Hertz's force between the two, `Ê = E/(2(1 − ν²))`, `R̂ = R/2`, pushing it back (+x), with
/// no torque (friction sees no velocity under Static).
#[test]
fn a_driven_ball_as_the_second_side_of_a_pair_reports_its_reaction() {
    let chain = root().join("chains/hertz_coulomb.ron");
    let (header, records) = run_scene(&format!(
        r#"Scene(
    time: (dt: 0.5, duration: 1.0, integrator: Static),
    materials: {{ "glass": (youngs_modulus: 6.3e10, poisson_ratio: 0.2, density: 2500) }},
    spheres: [
        (name: "a", material: "glass", radius: 1e-3, center: (0, 0, 0), fixed: true),
        (name: "b", material: "glass", radius: 1e-3, center: (2e-3, 0, 0),
         translate: (velocity: (-2e-6, 0, 0))),
    ],
    contacts: [(chain: {chain:?}, first: AllSpheres, second: AllSpheres, keep_distance: 1e-4)],
)"#
    ));
    assert!(
        header.ends_with(",b_fx,b_fy,b_fz,b_tx,b_ty,b_tz") && !header.contains(",a_fx"),
        "{header}"
    );
    let e_hat = 6.3e10 / (2.0 * (1.0 - 0.2 * 0.2));
    for r in &records {
        let f = hertz(e_hat, 0.5e-3, 2e-6 * r.t);
        let [fx, fy, fz, tx, ty, tz] = r.rigid_loads[0];
        assert!(
            (fx - f).abs() < 1e-9 * f,
            "t = {}: {fx} N against {f} N",
            r.t
        );
        assert!([fy, fz, tx, ty, tz].iter().all(|x| x.abs() < 1e-12 * f));
    }
}

/// In time (implicit Euler) a driven sphere's centre follows its staged translation: held
/// before `start`, `V (end − start − ramp)` away after `end`, its DOFs constrained throughout.
#[test]
fn a_driven_sphere_follows_its_staged_translation_in_time() {
    let src = r#"Scene(
    time: (dt: 0.01, duration: 1.0),
    materials: { "m": (youngs_modulus: 1e7, poisson_ratio: 0.3, density: 1000) },
    spheres: [
        (name: "pusher", material: "m", radius: 0.01, center: (0.1, 0.2, 0.3),
         translate: (velocity: (0.02, 0, -0.01), start: 0.2, end: 0.7, ramp: 0.1)),
        (name: "free", material: "m", radius: 0.01, center: (1, 0, 0)),
    ],
    forces: [Gravity(g: (0, 0, -9.81))],
)"#;
    let file = Path::new("driven.ron");
    let spec = parse_scene(src, file).unwrap_or_else(|e| panic!("{e}"));
    let mut sim = build_scene(&spec, src, file)
        .unwrap_or_else(|e| panic!("{e}"))
        .into_simulator();
    let s = &sim.model.bodies.spheres[0];
    assert!(s.path.is_some());
    let (o, spin) = (s.offset, s.spin.expect("rotates by default"));
    for k in (o..o + 3).chain(spin..spin + 3) {
        assert!(sim.model.dofs.is_constrained(k), "DOF {k} held");
    }
    let c0 = catena::math::Vec3::new(0.1, 0.2, 0.3);
    while sim.model.time < 0.2 - 1e-9 {
        sim.step().unwrap();
    }
    let held = sim.model.bodies.spheres[0].center(&sim.model.q);
    assert!((held - c0).norm() < 1e-15, "held before start: {held}");
    while sim.model.time < 1.0 - 1e-9 {
        sim.step().unwrap();
    }
    let end = sim.model.bodies.spheres[0].center(&sim.model.q);
    let travel = catena::math::Vec3::new(0.02, 0.0, -0.01) * (0.7 - 0.2 - 0.1);
    assert!((end - (c0 + travel)).norm() < 1e-12, "{end}");
    // The free sphere falls under gravity meanwhile: the driven one is not.
    assert!(sim.model.bodies.spheres[1].center(&sim.model.q).z < -1.0);
}
