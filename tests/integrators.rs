//! The time integrators (`time.integrator`): convergence order on a smooth problem, energy
//! behaviour, restitution of an undamped elastic impact, and scene parsing.
//!
//! * order: a soft cantilever released under gravity (a swinging, bending rod) is integrated to
//!   `T` with Δt, Δt/2, Δt/4; against a reference at Δt/64 of the same scheme, halving Δt divides
//!   the error by ≈ 2 for implicit Euler and by ≈ 4 for BDF2 and the implicit midpoint rule;
//! * energy: the same rod without damping keeps `K + U_g + E_elastic` under the midpoint rule
//!   (no drift over many periods), while implicit Euler loses a large part of it;
//! * restitution: the `hertz` spheres bounce back with `e ≥ 0.999` under the midpoint rule at the
//!   Δt where implicit Euler loses more than 5 %.

use catena::model::Model;
use catena::scene::{build_scene, parse_scene};
use catena::system::{ElasticStencils, IntegratorKind, Simulator};
use std::path::Path;

/// A soft clamped rod (6 nodes, 0.1 m, E = 10 MPa) under gravity, with the integrator `kind`.
fn swinging_rod(kind: IntegratorKind, dt: f64) -> Simulator {
    rod_scene(&format!(
        "time: (dt: {dt:e}, duration: 10.0, integrator: {kind})"
    ))
}

/// The swinging rod with the scene's `time` entry given.
fn rod_scene(time: &str) -> Simulator {
    let src = format!(
        r#"Scene(
    {time},
    solver: (abs_tol: 1e-13, rel_tol: 1e-13),
    materials: {{ "soft": (youngs_modulus: 1e7, poisson_ratio: 0.5, density: 1000) }},
    rods: [(name: "rod", material: "soft", radius: 1e-3,
            geometry: Straight(start: (0, 0, 0), end: (0.1, 0, 0), nodes: 6))],
    boundary_conditions: [Clamp(rod: "rod", end: Start)],
    forces: [Gravity(g: (0, 0, -9.81))],
)"#
    );
    let file = Path::new("swinging_rod.ron");
    let spec = parse_scene(&src, file).expect("parse");
    build_scene(&spec, &src, file)
        .expect("build")
        .into_simulator()
}

/// The configuration after `t_end` s with step `dt`.
fn state_at(kind: IntegratorKind, dt: f64, t_end: f64) -> Vec<f64> {
    let mut sim = swinging_rod(kind, dt);
    let n = (t_end / dt).round() as usize;
    for _ in 0..n {
        sim.step().expect("step");
    }
    sim.model.q.clone()
}

fn distance(a: &[f64], b: &[f64]) -> f64 {
    a.iter()
        .zip(b)
        .map(|(x, y)| (x - y) * (x - y))
        .sum::<f64>()
        .sqrt()
}

/// Observed orders `log₂(e(Δt)/e(Δt/2))` over three halvings.
fn orders(kind: IntegratorKind) -> Vec<f64> {
    let (dt, t_end) = (1e-3, 0.04);
    let reference = state_at(kind, dt / 64.0, t_end);
    let errors: Vec<f64> = [1.0, 2.0, 4.0]
        .iter()
        .map(|k| distance(&state_at(kind, dt / k, t_end), &reference))
        .collect();
    eprintln!("{kind}: errors {errors:?}");
    errors.windows(2).map(|w| (w[0] / w[1]).log2()).collect()
}

#[test]
fn implicit_euler_is_first_order() {
    let p = orders(IntegratorKind::ImplicitEuler);
    eprintln!("implicit Euler orders {p:?}");
    assert!(p.iter().all(|&p| (0.8..1.3).contains(&p)), "{p:?}");
}

#[test]
fn bdf2_is_second_order() {
    let p = orders(IntegratorKind::Bdf2);
    eprintln!("BDF2 orders {p:?}");
    assert!(p.iter().all(|&p| (1.8..2.4).contains(&p)), "{p:?}");
}

#[test]
fn implicit_midpoint_is_second_order() {
    let p = orders(IntegratorKind::ImplicitMidpoint);
    eprintln!("midpoint orders {p:?}");
    assert!(p.iter().all(|&p| (1.8..2.4).contains(&p)), "{p:?}");
}

/// `K + U_g + E_elastic` (J) of the model.
fn total_energy(model: &Model) -> f64 {
    let mut grad = vec![0.0; model.n_dofs()];
    let elastic =
        ElasticStencils::new(model).evaluate(model, &model.frames, &model.q, &mut grad, None, 1.0);
    let rod = &model.bodies.rods[0];
    let (mut kinetic, mut gravity) = (0.0, 0.0);
    for k in 0..model.n_dofs() {
        kinetic += 0.5 * model.mass[k] * model.v[k] * model.v[k];
    }
    for i in 0..rod.n_nodes {
        let d = rod.node_dof(i);
        gravity += model.mass[d] * 9.81 * model.q[d + 2];
    }
    kinetic + gravity + elastic
}

/// Relative energy drift `(E(t) − E₀)/ΔE` over `steps`, `ΔE` the largest kinetic energy seen.
fn energy_drift(kind: IntegratorKind, dt: f64, steps: usize) -> (f64, f64) {
    let mut sim = swinging_rod(kind, dt);
    let e0 = total_energy(&sim.model);
    let (mut worst, mut k_max) = (0.0_f64, 0.0_f64);
    for _ in 0..steps {
        sim.step().expect("step");
        let m = &sim.model;
        let k: f64 = (0..m.n_dofs())
            .map(|i| 0.5 * m.mass[i] * m.v[i] * m.v[i])
            .sum();
        k_max = k_max.max(k);
        worst = worst.max((total_energy(m) - e0).abs());
    }
    let last = total_energy(&sim.model) - e0;
    (worst / k_max, last / k_max)
}

#[test]
fn implicit_midpoint_keeps_the_energy_of_an_undamped_rod() {
    // About five swings of the first bending mode (period ≈ 0.11 s at E = 10 MPa).
    let (dt, steps) = (1e-3, 500);
    let (worst, last) = energy_drift(IntegratorKind::ImplicitMidpoint, dt, steps);
    eprintln!("midpoint: worst |ΔE|/K_max {worst:e}, last {last:e}");
    assert!(worst < 2e-2, "midpoint energy error {worst:e} of K_max");
    let (_, ie_last) = energy_drift(IntegratorKind::ImplicitEuler, dt, steps);
    eprintln!("implicit Euler: last ΔE/K_max {ie_last:e}");
    assert!(
        ie_last < -0.2,
        "implicit Euler should lose energy: {ie_last:e}"
    );
    assert!(last.abs() < 0.1 * ie_last.abs());
}

#[test]
fn midpoint_bounces_an_undamped_hertz_impact_back() {
    let dir = tempfile::tempdir().expect("tempdir");
    let (e_mid, _) = catena::validate::integrators::restitution(
        dir.path(),
        IntegratorKind::ImplicitMidpoint,
        100.0,
    )
    .expect("midpoint impact");
    let (e_ie, _) = catena::validate::integrators::restitution(
        dir.path(),
        IntegratorKind::ImplicitEuler,
        100.0,
    )
    .expect("implicit Euler impact");
    eprintln!("restitution at Δt = t_c/100: midpoint {e_mid}, implicit Euler {e_ie}");
    assert!(
        (0.999..1.001).contains(&e_mid),
        "midpoint restitution {e_mid}"
    );
    assert!(e_ie < 0.96, "implicit Euler restitution {e_ie}");
}

#[test]
fn an_unknown_integrator_is_a_located_error_listing_the_options() {
    let src = r#"Scene(
    time: (dt: 1e-3, duration: 1.0, integrator: RungeKutta),
    materials: { "m": (youngs_modulus: 1e6, poisson_ratio: 0.5, density: 1000) },
    rods: [],
)"#;
    let err = parse_scene(src, Path::new("bad.ron"))
        .expect_err("RungeKutta is not an integrator")
        .to_string();
    eprintln!("{err}");
    for want in [
        "RungeKutta",
        "ImplicitEuler",
        "Bdf2",
        "ImplicitMidpoint",
        "bad.ron:2",
    ] {
        assert!(err.contains(want), "`{want}` missing from: {err}");
    }
}

#[test]
fn the_default_integrator_is_implicit_euler_and_the_scene_picks_another() {
    assert_eq!(
        swinging_rod(IntegratorKind::Bdf2, 1e-3).integrator().kind(),
        IntegratorKind::Bdf2
    );
    let sim = rod_scene("time: (dt: 1e-3, duration: 1.0)");
    assert_eq!(sim.integrator().kind(), IntegratorKind::ImplicitEuler);
}
