//! A shell's or cell's membrane as a Maxwell fluid (`maxwell: (relaxation_time: τ)`, mpacts'
//! `MaxwellFluidShell` + `SerialDashpot` on the membrane's springs), against the Maxwell model:
//!
//! * a membrane patch held at a fixed stretch: its elastic force decays as `exp(−t/τ)` — exactly
//!   for the edge springs, at small strain for constant-strain triangles;
//! * a cell inflated by a constant inner pressure reaches an elastic equilibrium with an elastic
//!   membrane and keeps growing (flows) with a Maxwell one;
//! * a run stopped at a checkpoint and resumed writes the bits of the uninterrupted run (the
//!   relaxed rest state is part of the checkpoint).

use catena::model::{EnergyInput, InternalEnergy, Model, ShellStencils};
use catena::run::Checkpoint;
use catena::scene::{build_scene, parse_scene};
use catena::system::Coefficients;
use std::path::{Path, PathBuf};
use std::process::Command;

fn model(src: &str) -> Model {
    let file = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/virtual.ron");
    let spec = parse_scene(src, &file).unwrap();
    build_scene(&spec, src, &file).unwrap().model
}

/// A 1 cm square plate (E = 1 MPa, h = 1 mm) with the membrane `membrane` and relaxation time
/// `tau` (s).
fn plate(membrane: &str, tau: f64) -> String {
    format!(
        r#"Scene(
        time: (dt: 1e-3, duration: 1.0, integrator: Static),
        materials: {{ "m": (youngs_modulus: 1e6, poisson_ratio: 0.3, density: 1000) }},
        shells: [(name: "patch", material: "m", thickness: 1e-3, membrane: {membrane},
                  maxwell: (relaxation_time: {tau}),
                  mesh: Plate(lx: 0.01, ly: 0.01, nx: 4, ny: 4))],
    )"#
    )
}

/// Holds the patch stretched by `1 + strain` in x and y for `steps` steps of `dt`; the norm of
/// the membrane's internal force (N) at each step.
fn held_force(m: &mut Model, strain: f64, dt: f64, steps: usize) -> Vec<f64> {
    let mut q = m.q.clone();
    let sh = &m.bodies.shells[0];
    for i in 0..sh.n_nodes() {
        let k = sh.node_dof(i);
        q[k] *= 1.0 + strain;
        q[k + 1] *= 1.0 + strain;
    }
    let stencils = ShellStencils::new(&m.bodies.shells);
    let coefficients = Coefficients::implicit_euler(dt);
    (0..steps)
        .map(|_| {
            let mut grad = vec![0.0; q.len()];
            let at = EnergyInput {
                bodies: &m.bodies,
                frames: &m.frames,
                q: &q,
            };
            stencils.evaluate(&at, &mut grad, None, 1.0);
            m.commit_bodies(&q, &coefficients);
            grad.iter().map(|g| g * g).sum::<f64>().sqrt()
        })
        .collect()
}

/// The least-squares slope of `−ln f` over time (1/s).
fn decay_rate(f: &[f64], dt: f64) -> f64 {
    let n = f.len() as f64;
    let t: Vec<f64> = (0..f.len()).map(|i| i as f64 * dt).collect();
    let y: Vec<f64> = f.iter().map(|f| -f.ln()).collect();
    let (tm, ym) = (t.iter().sum::<f64>() / n, y.iter().sum::<f64>() / n);
    let num: f64 = t.iter().zip(&y).map(|(t, y)| (t - tm) * (y - ym)).sum();
    num / t.iter().map(|t| (t - tm) * (t - tm)).sum::<f64>()
}

#[test]
fn held_membrane_patch_relaxes_at_one_over_tau() {
    let (tau, dt) = (0.05, 1e-3);
    for (membrane, strain) in [("Springs", 0.05), ("Cst", 1e-4)] {
        let mut m = model(&plate(membrane, tau));
        let f = held_force(&mut m, strain, dt, 200);
        let rate = decay_rate(&f, dt);
        println!("{membrane}: decay rate {rate:.5} 1/s, 1/τ = {}", 1.0 / tau);
        assert!((rate - 1.0 / tau).abs() < 0.01 / tau, "{membrane}: {rate}");
        assert!(f[199] < 0.02 * f[0], "{membrane}: {} of {}", f[199], f[0]);
    }
}

/// A cell (icosphere of radius 5 µm, E h = 1e-4 N/m) inflated by an inner pressure of 3 Pa
/// (elastic strain P R/(3 E h) ≈ 5 %) in the overdamped mode, with or without a Maxwell
/// membrane of relaxation time 0.5 s; `duration` s.
fn cell(membrane: &str, maxwell: bool, duration: f64) -> String {
    let maxwell = if maxwell {
        "maxwell: (relaxation_time: 0.5),"
    } else {
        ""
    };
    format!(
        r#"Scene(
    name: "maxwell_cell",
    time: (dt: 0.02, duration: {duration}, integrator: Overdamped),
    output: (frame_every: 10),
    solver: (abs_tol: 1e-20, rel_tol: 0, force_tol: 1e-12),
    materials: {{ "cortex": (youngs_modulus: 1e3, poisson_ratio: 0.3333, density: 1000) }},
    shells: [
        (name: "cell", material: "cortex", thickness: 1e-7, bending: Hinge, membrane: {membrane},
         {maxwell} mesh: Icosphere(radius: 5e-6, level: 2), cell: (pressure: 3.0)),
    ],
    forces: [SurfaceDrag(friction: 1.2e5)],
)"#
    )
}

/// The cell's volume (m³) after each step of a run of `src`.
fn volumes(src: &str, steps: usize) -> Vec<f64> {
    let file = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/virtual.ron");
    let spec = parse_scene(src, &file).unwrap();
    let mut sim = build_scene(&spec, src, &file).unwrap().into_simulator();
    (0..steps)
        .map(|_| {
            sim.step().unwrap();
            let m = &sim.model;
            m.bodies.shells[0].cell_measures(&m.q).unwrap().volume
        })
        .collect()
}

#[test]
fn a_pressurised_maxwell_cell_flows_where_an_elastic_one_stops() {
    for membrane in ["Springs", "Cst"] {
        let elastic = volumes(&cell(membrane, false, 2.0), 100);
        let fluid = volumes(&cell(membrane, true, 2.0), 100);
        let change = |v: &[f64]| (v[99] - v[89]) / v[99];
        println!(
            "{membrane}: volume change over the last 0.2 s: elastic {:.2e}, Maxwell {:.2e}",
            change(&elastic),
            change(&fluid)
        );
        // The elastic cell has stopped at its inflated equilibrium...
        assert!(
            elastic[99] > 1.03 * elastic[0],
            "{membrane}: did not inflate"
        );
        assert!(change(&elastic).abs() < 1e-6, "{membrane}: {elastic:?}");
        // ...the Maxwell cell is past it and still growing, faster and faster.
        assert!(fluid[99] > 1.1 * elastic[99], "{membrane}");
        assert!(change(&fluid) > 0.02, "{membrane}: {fluid:?}");
        assert!(fluid.windows(2).all(|w| w[1] > w[0]), "{membrane}");
        // Quasi-static Maxwell flow of a sphere: the tension T = P R/2 of an isotropic membrane
        // (Y₂ = E h, ν = 1/3) is the strain rate of the rest state times τ Y₂/(1 − ν), so
        // d ln V/dt = 3 P R/(3 E h τ)·(1 − ν)·3/2 = P R/(E h τ), R the current radius.
        let radius = (3.0 * fluid[94] / (4.0 * std::f64::consts::PI)).cbrt();
        let theory = 3.0 * radius / (1e-4 * 0.5);
        let measured = (fluid[99] / fluid[89]).ln() / 0.2;
        println!("{membrane}: d ln V/dt {measured:.4} 1/s, quasi-static theory {theory:.4}");
        // (small-strain theory; the elastic strain here is ~6 %)
        assert!(
            (measured - theory).abs() < 0.15 * theory,
            "{membrane}: {measured}"
        );
    }
}

fn physics_columns(dir: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(dir.join("steps.csv")).expect("steps.csv");
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().expect("header").split(',').collect();
    let keep: Vec<usize> = (0..header.len())
        .filter(|&i| !header[i].ends_with("_ms"))
        .collect();
    lines
        .map(|l| {
            let f: Vec<&str> = l.split(',').collect();
            keep.iter().map(|&i| f[i]).collect::<Vec<_>>().join(",")
        })
        .collect()
}

#[test]
fn a_maxwell_cell_resumes_bit_for_bit() {
    let tmp = tempfile::tempdir().expect("tmp");
    let scene = tmp.path().join("cell.ron");
    std::fs::write(&scene, cell("Springs", true, 0.4)).expect("write");
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
    let (whole, parts) = (tmp.path().join("whole"), tmp.path().join("parts"));
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
        "0.2",
        "--checkpoint-every",
        "7",
    ]);
    let mut ck = Checkpoint::read(&parts).expect("checkpoint");
    assert_eq!(ck.step, 10);
    assert_eq!(ck.body_states.len(), 1, "the rest lengths are checkpointed");
    ck.until = None;
    ck.n_steps = 20;
    ck.write(&parts).expect("write checkpoint");
    catena(&["resume", "-q", p]);
    let (a, b) = (physics_columns(&whole), physics_columns(&parts));
    assert_eq!(a.len(), 20);
    assert_eq!(a, b);
    let frame = |d: &Path| std::fs::read(d.join("frames/frame_000002.vtp")).ok();
    assert!(frame(&whole).is_some());
    assert_eq!(frame(&whole), frame(&parts));
}
