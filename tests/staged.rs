//! Staged boundary conditions, loads and actuation (scene fields `start`, `end`, `ramp`,
//! `active_from`, `active_until`, `actuation_start`, …) against their definitions:
//!
//! * a scheduled `Translate`/`Rotate` puts its nodes at `x₀ + V A(t)` (angle `ω A(t)`), with
//!   `A` the integral of the smoothstep envelope, computed here independently (Simpson's rule
//!   on each cubic piece, exact for cubics); the velocity is 0 before `start` and after `end`
//!   and changes by at most `|V| max|a'| Δt = 1.5 |V| Δt / ramp` per step;
//! * a windowed point force on a free rod changes its momentum by `F (end − start − ramp)`;
//! * a staged actuation leaves the rod alone until `actuation_start`;
//! * `active_until` frees a clamp (the rod then falls freely: `dP/dt = M g`) and `active_from`
//!   catches a falling node where it is;
//! * a run cut before, or between, the switching times and resumed from its checkpoint gives
//!   the bits of the uninterrupted run.

use catena::model::Model;
use catena::run::{Checkpoint, RunOptions};
use catena::scene::{build_scene, parse_scene};
use catena::system::Simulator;
use std::path::{Path, PathBuf};

fn sim_of(text: &str) -> Simulator {
    let file = Path::new("<staged>");
    let spec = parse_scene(text, file).unwrap_or_else(|e| panic!("{e}"));
    build_scene(&spec, text, file)
        .unwrap_or_else(|e| panic!("{e}"))
        .into_simulator()
}

fn step(sim: &mut Simulator) {
    sim.step()
        .unwrap_or_else(|e| panic!("t = {}: {e}", sim.model.time));
}

/// The smoothstep envelope, written out here (not the library's).
fn envelope(t: f64, start: f64, end: f64, ramp: f64) -> f64 {
    let s = |u: f64| 3.0 * u * u - 2.0 * u * u * u;
    if t <= start || t >= end {
        0.0
    } else if t < start + ramp {
        s((t - start) / ramp)
    } else if t > end - ramp {
        s((end - t) / ramp)
    } else {
        1.0
    }
}

/// `∫₀ᵗ envelope` by Simpson's rule on each cubic piece (exact up to round-off).
fn integral(t: f64, start: f64, end: f64, ramp: f64) -> f64 {
    let joins = [start, start + ramp, end - ramp, end];
    let mut a = 0.0;
    let mut from = start;
    for &j in &joins[1..] {
        let to = j.min(t);
        if to > from {
            let m = 0.5 * (from + to);
            let f = |x: f64| envelope(x, start, end, ramp);
            // The envelope is 0 or 1 at the joins themselves; evaluate just inside the piece.
            let e = 1e-14 * (to - from);
            a += (to - from) / 6.0 * (f(from + e) + 4.0 * f(m) + f(to - e));
        }
        from = from.max(j);
    }
    a
}

fn node(m: &Model, rod: usize, i: usize) -> [f64; 3] {
    let p = m.bodies.rods[rod].node(&m.q, i);
    [p.x, p.y, p.z]
}

fn node_velocity(m: &Model, rod: usize, i: usize) -> [f64; 3] {
    let k = m.bodies.rods[rod].node_dof(i);
    [m.v[k], m.v[k + 1], m.v[k + 2]]
}

fn dist(a: [f64; 3], b: [f64; 3]) -> f64 {
    (0..3).map(|c| (a[c] - b[c]).powi(2)).sum::<f64>().sqrt()
}

/// Linear momentum `Σ m v` of every rod node (N·s).
fn momentum(m: &Model) -> [f64; 3] {
    let mut p = [0.0; 3];
    for rod in &m.bodies.rods {
        for i in 0..rod.n_nodes {
            let k = rod.node_dof(i);
            for (c, pc) in p.iter_mut().enumerate() {
                *pc += m.mass[k + c] * m.v[k + c];
            }
        }
    }
    p
}

const MATERIAL: &str =
    r#"materials: { "m": (youngs_modulus: 1e6, poisson_ratio: 0.5, density: 1000) }"#;

#[test]
fn a_scheduled_translation_and_rotation_follow_the_integrated_envelope() {
    let (start, end, ramp) = (0.05, 0.15, 0.03);
    let v = [0.05, 0.02, 0.0];
    let omega = 4.0;
    let text = format!(
        r#"Scene(
    time: (dt: 1e-3, duration: 0.2),
    {MATERIAL},
    rods: [
        (name: "pulled", material: "m", radius: 1e-3,
         geometry: Straight(start: (0, 0, 0), end: (0.1, 0, 0), nodes: 11)),
        (name: "turned", material: "m", radius: 1e-3,
         geometry: Straight(start: (0, 0.05, 0), end: (0.1, 0.05, 0), nodes: 11)),
    ],
    boundary_conditions: [
        Clamp(rod: "pulled", end: Start),
        Translate(rod: "pulled", nodes: [-2, -1], edges: [-1], velocity: ({}, {}, {}),
                  start: {start}, end: {end}, ramp: {ramp}),
        Rotate(rod: "turned", nodes: [0, 1], edges: [0], axis: (0, 0, 1), center: (0, 0.05, 0),
               omega: {omega}, start: {start}, end: {end}, ramp: {ramp}),
    ],
)"#,
        v[0], v[1], v[2]
    );
    let mut sim = sim_of(&text);
    let x0 = node(&sim.model, 0, 10);
    let speed = dist(v, [0.0; 3]);
    let mut v_prev = [0.0; 3];
    let mut max_jump: f64 = 0.0;
    let mut max_err: f64 = 0.0;
    while sim.model.time < 0.2 - 1e-9 {
        step(&mut sim);
        let t = sim.model.time;
        let a = integral(t, start, end, ramp);
        let expected = [x0[0] + v[0] * a, x0[1] + v[1] * a, x0[2] + v[2] * a];
        let x = node(&sim.model, 0, 10);
        max_err = max_err.max(dist(x, expected));
        // The turned rod's node 1 is at angle ω A(t) about the axis through node 0.
        let p = node(&sim.model, 1, 1);
        let angle = (p[1] - 0.05).atan2(p[0]);
        let want = omega * a;
        assert!(
            (angle - want).abs() < 1e-12,
            "t = {t}: angle {angle} vs {want}"
        );
        let vel = node_velocity(&sim.model, 0, 10);
        if t <= start - 1e-9 || t >= end + 2e-3 - 1e-9 {
            assert_eq!(vel, [0.0; 3], "t = {t}: the held nodes move");
        }
        max_jump = max_jump.max(dist(vel, v_prev));
        v_prev = vel;
    }
    eprintln!(
        "translate: max position error {max_err:.2e} m, max velocity change per step {max_jump:.3e} m/s (|V| = {speed})"
    );
    assert!(max_err < 1e-14, "position off the closed form by {max_err}");
    // Continuity: a C¹ ramp changes the velocity by at most |V| · 1.5/ramp · Δt per step (a
    // switched velocity would jump by |V| in one step).
    let bound = speed * 1.5 / ramp * 1e-3;
    assert!(
        max_jump <= bound * (1.0 + 1e-6),
        "velocity jumps by {max_jump} > {bound}"
    );
    assert!(max_jump < 0.06 * speed);
    // Held after `end`, where the motion has gone V (end − start − ramp).
    let travelled = end - start - ramp;
    let x = node(&sim.model, 0, 10);
    let want = [x0[0] + v[0] * travelled, x0[1] + v[1] * travelled, x0[2]];
    assert!(dist(x, want) < 1e-14, "{x:?} vs {want:?}");
}

/// Runs a free rod pushed by a point force `F` on `[0.01, 0.06]` with ramps of 15 ms under
/// `integrator`; returns the momentum before the start and at the end, and `F`.
fn impulse_run(integrator: &str) -> ([f64; 3], [f64; 3], [f64; 3]) {
    let f = [0.0, 1e-4, 2e-4];
    let text = format!(
        r#"Scene(
    time: (dt: 1e-3, duration: 0.08, integrator: {integrator}),
    solver: (abs_tol: 1e-14, rel_tol: 1e-14),
    {MATERIAL},
    rods: [(name: "free", material: "m", radius: 1e-3,
            geometry: Straight(start: (0, 0, 0), end: (0.1, 0, 0), nodes: 11))],
    forces: [PointForce(rod: "free", node: 7, force: ({}, {}, {}),
                        start: 0.01, end: 0.06, ramp: 0.015)],
)"#,
        f[0], f[1], f[2]
    );
    let mut sim = sim_of(&text);
    let mut before = [f64::NAN; 3];
    for k in 1..=80 {
        step(&mut sim);
        if k == 9 {
            before = momentum(&sim.model);
        }
    }
    (before, momentum(&sim.model), f)
}

#[test]
fn a_windowed_point_force_gives_its_impulse() {
    for integrator in ["ImplicitEuler", "ImplicitMidpoint"] {
        let (before, after, f) = impulse_run(integrator);
        assert_eq!(
            before, [0.0; 3],
            "{integrator}: moved before the force started"
        );
        // ∫ F a(t) dt = F (end − start − ramp).
        let duration = 0.06 - 0.01 - 0.015;
        let want: Vec<f64> = f.iter().map(|c| c * duration).collect();
        let err = dist(after, [want[0], want[1], want[2]]) / dist(f, [0.0; 3]) / duration;
        eprintln!("{integrator}: momentum {after:?} N·s, ∫F dt {want:?}, relative error {err:.2e}");
        assert!(err < 1e-6, "{integrator}: relative impulse error {err}");
    }
}

#[test]
fn a_staged_actuation_starts_late_along_a_smoothstep() {
    let (start, ramp) = (0.03, 0.02);
    let text = format!(
        r#"Scene(
    time: (dt: 1e-3, duration: 0.08),
    {MATERIAL},
    rods: [(name: "finger", material: "m", radius: 1e-3,
            geometry: Straight(start: (0, 0, 0), end: (0.1, 0, 0), nodes: 11),
            natural_curvature: (10, 0), actuation_start: {start}, actuation_ramp: {ramp})],
    boundary_conditions: [Clamp(rod: "finger", end: Start)],
)"#
    );
    let mut sim = sim_of(&text);
    let q0 = sim.model.q.clone();
    let dl = 0.01;
    while sim.model.time < 0.08 - 1e-9 {
        step(&mut sim);
        let t = sim.model.time;
        let kappa = sim.model.bodies.rods[0].kappa_bar[5][0];
        let want = 10.0 * dl * envelope(t, start, f64::INFINITY, ramp);
        assert!((kappa - want).abs() < 1e-15, "t = {t}: κ̄ {kappa} vs {want}");
        if t <= start + 1e-9 {
            assert_eq!(
                sim.model.q, q0,
                "t = {t}: the rod moved before the actuation"
            );
        }
    }
    let tip = node(&sim.model, 0, 10);
    assert!(
        dist(tip, [0.1, 0.0, 0.0]) > 1e-3,
        "the actuated rod did not bend: tip {tip:?}"
    );
}

#[test]
fn a_released_clamp_lets_the_rod_fall_freely() {
    let release = 0.03;
    let g = 9.81;
    let text = format!(
        r#"Scene(
    time: (dt: 1e-3, duration: 0.06),
    solver: (abs_tol: 1e-14, rel_tol: 1e-14),
    {MATERIAL},
    rods: [(name: "beam", material: "m", radius: 1e-3,
            geometry: Straight(start: (0, 0, 0), end: (0.1, 0, 0), nodes: 11))],
    boundary_conditions: [Clamp(rod: "beam", end: Start, active_until: {release})],
    forces: [Gravity(g: (0, 0, -{g}))],
)"#
    );
    let mut sim = sim_of(&text);
    let n = sim.model.n_dofs();
    let clamped = node(&sim.model, 0, 0);
    assert_eq!(sim.model.dofs.n_free(), n - 7);
    let mass: f64 = (0..11)
        .map(|i| sim.model.mass[sim.model.bodies.rods[0].node_dof(i)])
        .sum();
    let mut p_release = None;
    while sim.model.time < 0.06 - 1e-9 {
        step(&mut sim);
        let t = sim.model.time;
        if t <= release + 1e-9 {
            assert_eq!(node(&sim.model, 0, 0), clamped, "t = {t}");
            assert_eq!(sim.model.dofs.n_free(), n - 7);
            assert!(sim.model.bc_holds(0));
        } else {
            assert_eq!(sim.model.dofs.n_free(), n, "t = {t}: still held");
            assert!(!sim.model.bc_holds(0));
            // Free fall: gravity is the only net force, dPz/dt = −M g.
            let pz = momentum(&sim.model)[2];
            let (t1, p1) = *p_release.get_or_insert((t, pz));
            let want = p1 - mass * g * (t - t1);
            assert!(
                (pz - want).abs() < 1e-9 * mass * g * 0.06,
                "t = {t}: Pz {pz} vs {want}"
            );
        }
    }
    assert!(
        node(&sim.model, 0, 0)[2] < clamped[2] - 1e-4,
        "the clamped end did not fall"
    );
}

#[test]
fn a_late_fix_catches_a_falling_node_where_it_is() {
    let text = format!(
        r#"Scene(
    time: (dt: 1e-3, duration: 0.05),
    {MATERIAL},
    rods: [(name: "rod", material: "m", radius: 1e-3,
            geometry: Straight(start: (0, 0, 0), end: (0.1, 0, 0), nodes: 11))],
    boundary_conditions: [Fix(rod: "rod", nodes: [0], active_from: 0.02)],
    forces: [Gravity(g: (0, 0, -9.81))],
)"#
    );
    let mut sim = sim_of(&text);
    let n = sim.model.n_dofs();
    assert_eq!(sim.model.dofs.n_free(), n);
    let mut caught = None;
    let mut z_prev = 0.0;
    for k in 1..=50 {
        step(&mut sim);
        let x = node(&sim.model, 0, 0);
        if k <= 20 {
            // Falling freely until the step that starts at t = 0.02.
            assert!(x[2] < z_prev, "step {k}: z = {} did not fall", x[2]);
            z_prev = x[2];
            if k == 20 {
                caught = Some(x);
            }
        } else {
            assert_eq!(
                Some(x),
                caught,
                "step {k}: the node moved after it was caught"
            );
            assert_eq!(sim.model.dofs.n_free(), n - 3);
        }
    }
}

/// A scene with every kind of staging: a scheduled translation, a clamp let go, a node caught
/// late, moved and let go again, and a windowed point force, under `integrator`.
fn resume_scene(dir: &Path, integrator: &str) -> PathBuf {
    let text = format!(
        r#"Scene(
    name: "staged_resume",
    time: (dt: 1e-3, duration: 0.04, integrator: {integrator}),
    output: (frame_every: 3),
    {MATERIAL},
    rods: [
        (name: "a", material: "m", radius: 1e-3,
         geometry: Straight(start: (0, 0, 0), end: (0.1, 0, 0), nodes: 11)),
        (name: "b", material: "m", radius: 1e-3,
         geometry: Straight(start: (0, 0.05, 0), end: (0.1, 0.05, 0), nodes: 11)),
    ],
    boundary_conditions: [
        Clamp(rod: "a", end: Start, active_until: 0.033),
        Translate(rod: "a", nodes: [-2, -1], edges: [-1], velocity: (0.02, 0, 0.01),
                  start: 0.015, end: 0.03, ramp: 0.005),
        Translate(rod: "b", nodes: [0], edges: [0], velocity: (0, 0.01, 0.03), start: 0.014,
                  ramp: 0.003, active_from: 0.012, active_until: 0.03),
    ],
    forces: [
        Gravity(g: (0, 0, -9.81)),
        PointForce(rod: "b", node: -1, force: (0, 1e-4, 0), start: 0.01, end: 0.03, ramp: 0.004),
    ],
)"#
    );
    let path = dir.join(format!("staged_{integrator}.ron"));
    std::fs::write(&path, text).expect("write scene");
    path
}

fn run_scene(path: &Path, out: &Path, until: Option<f64>) {
    let text = std::fs::read_to_string(path).expect("scene");
    let spec = parse_scene(&text, path).unwrap_or_else(|e| panic!("{e}"));
    let scene = build_scene(&spec, &text, path).unwrap_or_else(|e| panic!("{e}"));
    let opts = RunOptions {
        out: Some(out.to_path_buf()),
        until,
        checkpoint_every: Some(4),
        ..RunOptions::default()
    };
    catena::run::run(scene, &opts).unwrap_or_else(|e| panic!("{e}"));
}

fn rows(dir: &Path) -> Vec<String> {
    let raw = std::fs::read_to_string(dir.join("steps.csv")).expect("steps.csv");
    catena::io::without_timings(&raw)
        .lines()
        .map(str::to_owned)
        .collect()
}

fn frames(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut v: Vec<(String, Vec<u8>)> = std::fs::read_dir(dir.join("frames"))
        .expect("frames/")
        .map(|e| {
            let p = e.expect("entry").path();
            let name = p.file_name().expect("name").to_string_lossy().into_owned();
            (name, std::fs::read(&p).expect("frame"))
        })
        .collect();
    v.sort();
    v
}

#[test]
fn a_run_resumed_across_the_switching_times_matches_the_uninterrupted_one() {
    let tmp = tempfile::tempdir().expect("tempdir");
    for integrator in ["ImplicitEuler", "Bdf2"] {
        let scene = resume_scene(tmp.path(), integrator);
        let reference = tmp.path().join(format!("{integrator}_reference"));
        run_scene(&scene, &reference, None);
        // Cut before every switching time, and between the late translation's engagement and
        // release (its checkpoint carries where it took hold: taking the node again at the cut
        // would put it at the same place, but not to the bit).
        for cut in [0.009, 0.021] {
            let dir = tmp.path().join(format!("{integrator}_{cut}"));
            run_scene(&scene, &dir, Some(cut));
            let mut ck = Checkpoint::read(&dir).expect("checkpoint");
            assert_eq!(ck.boundary.len(), 1, "the late translation's state");
            assert_eq!(ck.boundary[0].engaged, cut > 0.012);
            // Go on to the scene's end, as if the run had been stopped there.
            ck.until = None;
            ck.n_steps = 40;
            ck.write(&dir).expect("write checkpoint");
            catena::run::resume(&dir, false, None).unwrap_or_else(|e| panic!("{e}"));
            let (a, b) = (rows(&reference), rows(&dir));
            assert_eq!(a.len(), b.len(), "{integrator} cut at {cut}: rows");
            for (i, (x, y)) in a.iter().zip(&b).enumerate() {
                assert_eq!(x, y, "{integrator} cut at {cut}: steps.csv line {}", i + 1);
            }
            let (fa, fb) = (frames(&reference), frames(&dir));
            assert_eq!(fa.len(), fb.len());
            for ((name, x), (_, y)) in fa.iter().zip(&fb) {
                assert!(x == y, "{integrator} cut at {cut}: frame {name} differs");
            }
        }
    }
}
