//! The energy columns (issue 19) against theory and against independent computations:
//! * closed forms of the rod energies at rest: a uniform arc's bending energy (discrete,
//!   `Σ EI (2 tan(φ/2))²/(2Δl̄)`, and continuous, `½ EI κ² L`), a uniform twist, a uniform
//!   stretch, the kinetic energy of a translation and the gravity potential;
//! * the integrator's dissipation: under implicit Euler every step's balance residual is
//!   `½ Δv_fᵀMΔv_f + (−ΔU − F_cons(qₙ₊₁)·Δq) − r_f·Δq` (the derivation in
//!   `catena::system::Energies`), with forces evaluated independently of the accounting;
//!   the implicit midpoint rule keeps it near zero on a conservative rod, BDF2 far below
//!   implicit Euler;
//! * drag: the viscous column is `Σ η Δl̄ᵢ |vᵢ|² Δt` per implicit Euler step;
//! * friction: a sphere sliding to rest on a Coulomb plane dissipates `μ m g × slip`;
//! * work: a constant point force does `F·(x − x₀)`, a slowly pulled rod end does the stretch
//!   energy.

use catena::scene::{build_scene, parse_scene};
use catena::system::{Energies, IntegratorKind, Simulator};
use std::f64::consts::PI;
use std::path::{Path, PathBuf};

const E: f64 = 1e7; // Pa
const RHO: f64 = 1000.0; // kg/m³
const RADIUS: f64 = 1e-3; // m
const LENGTH: f64 = 0.1; // m

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn simulator(src: &str, file: &Path) -> Simulator {
    let spec = parse_scene(src, file).expect("parse");
    build_scene(&spec, src, file)
        .expect("build")
        .into_simulator()
}

/// A soft rod of `nodes` nodes along x (E = 10 MPa, ν = 0.5), with `extra` scene entries.
fn rod(nodes: usize, time: &str, extra: &str) -> Simulator {
    let src = format!(
        r#"Scene(
    time: ({time}),
    solver: (abs_tol: 1e-13, rel_tol: 1e-13),
    materials: {{ "soft": (youngs_modulus: {E:e}, poisson_ratio: 0.5, density: {RHO}) }},
    rods: [(name: "rod", material: "soft", radius: {RADIUS:e},
            geometry: Straight(start: (0, 0, 0), end: ({LENGTH}, 0, 0), nodes: {nodes}))],
    {extra}
)"#
    );
    simulator(&src, Path::new("energy_rod.ron"))
}

/// The energies of `sim`'s rod at positions `x` (per node), twist angles `theta` (per edge)
/// and node velocities `v` (frames transported from the straight rod).
fn energies_at(sim: &Simulator, x: &[[f64; 3]], theta: &[f64], v: [f64; 3]) -> Energies {
    let m = &sim.model;
    let r = &m.bodies.rods[0];
    let mut q = m.q.clone();
    let mut vel = vec![0.0; q.len()];
    for (i, p) in x.iter().enumerate() {
        let d = r.node_dof(i);
        q[d..d + 3].copy_from_slice(p);
        vel[d..d + 3].copy_from_slice(&v);
    }
    for (e, t) in theta.iter().enumerate() {
        q[r.twist_dof(e)] = *t;
    }
    let mut frames = Vec::new();
    m.transport_frames(&q, &mut frames);
    sim.assembler().state_energies(m, &frames, &q, &vel, 0.0)
}

fn close(a: f64, b: f64, rel: f64) -> bool {
    (a - b).abs() <= rel * a.abs().max(b.abs())
}

#[test]
fn rod_energies_match_closed_forms() {
    let n = 21;
    let sim = rod(
        n,
        "dt: 1e-3, duration: 1.0",
        "forces: [Gravity(g: (0, 0, -9.81))],",
    );
    let dl = LENGTH / (n - 1) as f64;
    let area = PI * RADIUS * RADIUS;
    let ei = E * PI * RADIUS.powi(4) / 4.0;
    let gj = E / 3.0 * PI * RADIUS.powi(4) / 2.0;
    let straight: Vec<[f64; 3]> = (0..n).map(|i| [i as f64 * dl, 0.0, 0.0]).collect();
    let no_twist = vec![0.0; n - 1];

    // A uniform arc whose chords keep the rest edge length: turning angle α at every node.
    let alpha: f64 = 0.05;
    let radius = dl / (2.0 * (alpha / 2.0).sin());
    let arc: Vec<[f64; 3]> = (0..n)
        .map(|i| {
            let a = i as f64 * alpha;
            [radius * a.sin(), 0.0, radius * (1.0 - a.cos())]
        })
        .collect();
    let e = energies_at(&sim, &arc, &no_twist, [0.0; 3]);
    let interior = (n - 2) as f64;
    let discrete = interior * ei * (2.0 * (alpha / 2.0).tan()).powi(2) / (2.0 * dl);
    let continuous = 0.5 * ei / (radius * radius) * interior * dl;
    eprintln!(
        "arc: bend {:e} J, discrete {discrete:e}, ½EIκ²L {continuous:e}",
        e.bend
    );
    assert!(close(e.bend, discrete, 1e-10), "{} vs {discrete}", e.bend);
    assert!(
        close(e.bend, continuous, 2e-3),
        "{} vs {continuous}",
        e.bend
    );
    assert!(
        e.stretch < 1e-12 * e.bend && e.twist.abs() < 1e-12 * e.bend,
        "{e:?}"
    );

    // A uniform twist β per edge: ½ GJ Θ²/L over the interior nodes.
    let beta = 0.02;
    let twisted: Vec<f64> = (0..n - 1).map(|k| k as f64 * beta).collect();
    let e = energies_at(&sim, &straight, &twisted, [0.0; 3]);
    let (angle, span) = (interior * beta, interior * dl);
    let expect = 0.5 * gj * angle * angle / span;
    assert!(close(e.twist, expect, 1e-12), "{} vs {expect}", e.twist);
    assert!(e.bend < 1e-20 && e.stretch < 1e-20, "{e:?}");

    // A uniform stretch ε: ½ EA ε² L.
    let eps = 1e-3;
    let stretched: Vec<[f64; 3]> = straight
        .iter()
        .map(|p| [p[0] * (1.0 + eps), 0.0, 0.0])
        .collect();
    let e = energies_at(&sim, &stretched, &no_twist, [0.0; 3]);
    let expect = 0.5 * E * area * eps * eps * LENGTH;
    assert!(close(e.stretch, expect, 1e-9), "{} vs {expect}", e.stretch);

    // A translation at V, raised by h: ½ M V² and M g h with M = ρ A L.
    let (speed, h) = (0.3, 0.2);
    let raised: Vec<[f64; 3]> = straight.iter().map(|p| [p[0], 0.0, h]).collect();
    let e = energies_at(&sim, &raised, &no_twist, [speed, 0.0, 0.0]);
    let mass = RHO * area * LENGTH;
    assert!(close(e.kinetic, 0.5 * mass * speed * speed, 1e-12), "{e:?}");
    assert!(close(e.gravity, mass * 9.81 * h, 1e-12), "{e:?}");
    assert_eq!((e.contact, e.shell_stretch, e.shell_bend), (0.0, 0.0, 0.0));
}

/// The clamped rod swinging under gravity (6 nodes), with `extra` forces.
fn swinging(kind: IntegratorKind, dt: f64, extra: &str) -> Simulator {
    rod(
        6,
        &format!("dt: {dt:e}, duration: 10.0, integrator: {kind}"),
        &format!(
            r#"boundary_conditions: [Clamp(rod: "rod", end: Start)],
    forces: [Gravity(g: (0, 0, -9.81)){extra}],"#
        ),
    )
}

/// Steps `sim` once and checks the implicit Euler identity of the step (see the module notes);
/// returns the step's `(ΔD_int, ½Δv_fᵀMΔv_f, potential remainder)`.
fn euler_step_identity(sim: &mut Simulator, before: &Energies) -> (f64, f64, f64, Energies) {
    let m0 = sim.model.clone();
    let after = sim.step().expect("step").energy;
    let m1 = sim.model.clone();
    let dt = sim.dt;
    let free = |k: &usize| !m1.dofs.is_constrained(*k);
    let n = m1.n_dofs();
    let dq: Vec<f64> = (0..n).map(|k| m1.q[k] - m0.q[k]).collect();
    let jump: f64 = (0..n)
        .filter(free)
        .map(|k| 0.5 * m1.mass[k] * (m1.v[k] - m0.v[k]).powi(2))
        .sum();
    // Elastic, gravity and drag forces at the accepted state, from the assembler's own routine
    // (not the accounting's): F·Δq = F_cons·Δq − D_drag.
    let f = sim
        .assembler_mut()
        .non_contact_forces(&m1, &m1.q, &m1.v, dt);
    let f_dq: f64 = (0..n).map(|k| f[k] * dq[k]).sum();
    let drag = after.drag_dissipated - before.drag_dissipated;
    let remainder = -(after.potential() - before.potential()) - (f_dq + drag);
    let r_dq: f64 = (0..n)
        .filter(free)
        .map(|k| sim.last_residual()[k] * dq[k])
        .sum();
    let got = after.integrator_dissipated - before.integrator_dissipated;
    let expect = jump + remainder - r_dq;
    let scale = jump + remainder.abs() + (after.potential() - before.potential()).abs();
    assert!(
        (got - expect).abs() <= 1e-9 * scale,
        "step to t = {}: D_int {got:e}, ½ΔvᵀMΔv + remainder {expect:e} (jump {jump:e}, \
         remainder {remainder:e})",
        m1.time
    );
    (got, jump, remainder, after)
}

#[test]
fn implicit_euler_dissipates_the_kinetic_jump_and_the_potential_remainder() {
    for (extra, label) in [("", "gravity"), (", ViscousDrag(viscosity: 0.05)", "drag")] {
        let dt = 1e-3;
        let mut sim = swinging(IntegratorKind::ImplicitEuler, dt, extra);
        let mut before = Energies::default();
        let (mut total, mut jumps, mut remainders) = (0.0, 0.0, 0.0);
        let mut drag_expect = 0.0;
        for k in 0..300 {
            let (d, jump, remainder, after) = euler_step_identity(&mut sim, &before);
            if k == 0 {
                // The first step started from the initial state: rest, straight.
                let initial = sim.energy().initial().copied().expect("initial");
                assert_eq!((initial.kinetic, initial.integrator_dissipated), (0.0, 0.0));
            }
            total += d;
            jumps += jump;
            remainders += remainder;
            // Viscous drag: −F·Δq = η Δl̄ᵢ |vᵢ|² Δt per node under implicit Euler.
            let m = &sim.model;
            let r = &m.bodies.rods[0];
            drag_expect += (0..r.n_nodes)
                .map(|i| 0.05 * r.voronoi[i] * r.node(&m.v, i).norm_squared() * dt)
                .sum::<f64>();
            before = after;
        }
        let e = before;
        eprintln!(
            "{label}: D_int {total:e} = Σ½ΔvᵀMΔv {jumps:e} + remainders {remainders:e}; \
             drag {:e} (expected {drag_expect:e}); K + U {:e}",
            e.drag_dissipated,
            e.kinetic + e.potential()
        );
        assert!(jumps > 0.0 && total > 0.0);
        assert!((e.integrator_dissipated - total).abs() <= 1e-12 * total);
        if label == "drag" {
            assert!(close(e.drag_dissipated, drag_expect, 1e-9), "{e:?}");
            assert!(e.drag_dissipated > 0.1 * total, "{e:?}");
        } else {
            assert_eq!(e.drag_dissipated, 0.0);
        }
        // The balance: what gravity released went to K, elastic energy and dissipation.
        let balance = e.kinetic + e.potential() + e.dissipated() - e.work_in();
        assert!(balance.abs() <= 1e-12 * e.gravity.abs(), "{balance:e}");
    }
}

/// `(D_int, K_max)` of the conservative swinging rod after `steps` steps of `kind`.
fn conservative_run(kind: IntegratorKind, steps: usize) -> (f64, f64) {
    let mut sim = swinging(kind, 1e-3, "");
    let mut k_max = 0.0_f64;
    let mut last = Energies::default();
    for _ in 0..steps {
        last = sim.step().expect("step").energy;
        k_max = k_max.max(last.kinetic);
    }
    (last.integrator_dissipated, k_max)
}

#[test]
fn the_midpoint_rule_dissipates_nothing_on_a_conservative_rod() {
    // About five swings of the first bending mode.
    let steps = 500;
    let (mid, k_max) = conservative_run(IntegratorKind::ImplicitMidpoint, steps);
    let (euler, _) = conservative_run(IntegratorKind::ImplicitEuler, steps);
    let (bdf2, _) = conservative_run(IntegratorKind::Bdf2, steps);
    eprintln!(
        "D_int / K_max after {steps} steps: midpoint {:e}, BDF2 {:e}, implicit Euler {:e}",
        mid / k_max,
        bdf2 / k_max,
        euler / k_max
    );
    assert!(euler > 0.2 * k_max, "implicit Euler {euler:e} of {k_max:e}");
    assert!(mid.abs() < 2e-2 * k_max, "midpoint {mid:e} of {k_max:e}");
    assert!(
        bdf2 > 0.0 && bdf2 < 0.5 * euler,
        "BDF2 {bdf2:e}, Euler {euler:e}"
    );
}

#[test]
fn a_sphere_sliding_to_rest_dissipates_mu_m_g_times_the_slip() {
    let (r, e_mod, nu, mu, g, v0): (f64, f64, f64, f64, f64, f64) =
        (0.01, 1e8, 0.3, 0.3, 9.81, 0.5);
    let m = RHO * 4.0 / 3.0 * PI * r * r * r;
    let k = 4.0 / 3.0 * (e_mod / (1.0 - nu * nu)) * r.sqrt();
    let z = r - (m * g / k).powf(2.0 / 3.0);
    let src = format!(
        r#"Scene(
        time: (dt: 1e-3, duration: 10.0),
        materials: {{ "m": (youngs_modulus: {e_mod:e}, poisson_ratio: {nu}, density: {RHO}) }},
        rods: [],
        spheres: [(name: "s", material: "m", radius: {r}, center: (0, 0, {z:e}),
                   velocity: ({v0}, 0, 0), rotation: false)],
        planes: [(name: "ground", origin: (0, 0, 0), normal: (0, 0, 1))],
        forces: [Gravity(g: (0, 0, {minus_g}))],
        contacts: [(chain: "../chains/hertz_coulomb_plane.ron", first: AllSpheres,
                    second: AllPlanes, keep_distance: 0.005)],
    )"#,
        minus_g = -g
    );
    let mut sim = simulator(&src, &root().join("tests").join("sliding.ron"));
    let o = sim.model.bodies.spheres[0].offset;
    let x0 = sim.model.q[o];
    let mut e = Energies::default();
    // a = μg: stops after v₀/(μg) ≈ 0.17 s.
    for _ in 0..300 {
        e = sim.step().expect("step").energy;
    }
    let slip = sim.model.q[o] - x0;
    let expect = mu * m * g * slip;
    let kinetic0 = 0.5 * m * v0 * v0;
    eprintln!(
        "slip {slip:e} m (theory {:e}); D_friction {:e} J, μ m g s {expect:e}, ½mv₀² {kinetic0:e}, \
         D_int {:e}",
        v0 * v0 / (2.0 * mu * g),
        e.friction_dissipated,
        e.integrator_dissipated
    );
    assert!(sim.model.v[o].abs() < 1e-3, "still sliding");
    assert!(close(e.friction_dissipated, expect, 2e-2), "{e:?}");
    assert!(close(e.friction_dissipated, kinetic0, 2e-2), "{e:?}");
    assert!(e.integrator_dissipated.abs() < 2e-2 * kinetic0, "{e:?}");
    assert_eq!(e.damping_dissipated, 0.0);
    assert!(e.contact > 0.0, "the Hertz overlap holds energy");
}

#[test]
fn a_point_force_does_its_work_and_a_pulled_end_the_stretch_energy() {
    // A constant load on the tip of a clamped rod: W = F·(x − x₀), exactly.
    let force = [0.0, 1e-4, -2e-4];
    let mut sim = rod(
        6,
        "dt: 1e-3, duration: 1.0",
        &format!(
            r#"boundary_conditions: [Clamp(rod: "rod", end: Start)],
    forces: [PointForce(rod: "rod", node: -1, force: ({}, {}, {}))],"#,
            force[0], force[1], force[2]
        ),
    );
    let tip = sim.model.bodies.rods[0].node_dof(5);
    let x0: Vec<f64> = sim.model.q[tip..tip + 3].to_vec();
    let mut e = Energies::default();
    for _ in 0..100 {
        e = sim.step().expect("step").energy;
    }
    let x = &sim.model.q[tip..tip + 3];
    let expect: f64 = (0..3).map(|c| force[c] * (x[c] - x0[c])).sum();
    assert!(close(e.external_work, expect, 1e-10), "{e:?} vs {expect:e}");
    assert!(e.external_work > 0.0 && e.boundary_work == 0.0, "{e:?}");

    // The far end pulled at V for T, slowly against the wave speed: W_b ≈ ½ EA ε² L over the
    // four free edges (the clamp holds the first one), ε = V T / L.
    let speed = 1e-2;
    let mut sim = rod(
        6,
        "dt: 1e-3, duration: 1.0",
        &format!(
            r#"boundary_conditions: [Clamp(rod: "rod", end: Start),
        Translate(rod: "rod", nodes: [-1], velocity: ({speed}, 0, 0))],"#
        ),
    );
    for _ in 0..100 {
        e = sim.step().expect("step").energy;
    }
    let free = LENGTH * 4.0 / 5.0;
    let eps = speed * 0.1 / free;
    let expect = 0.5 * E * PI * RADIUS * RADIUS * eps * eps * free;
    eprintln!(
        "pulled: W_b {:e} J, stretch {:e} J, ½EAε²L {expect:e} J, K {:e}, D_int {:e}",
        e.boundary_work, e.stretch, e.kinetic, e.integrator_dissipated
    );
    assert!(close(e.stretch, expect, 1e-2), "{e:?}");
    assert!(close(e.boundary_work, expect, 2e-2), "{e:?}");
}

#[test]
fn a_damped_impact_dissipates_one_minus_e_squared_of_its_kinetic_energy() {
    // A sphere hits a plane head-on at v₀ under N_HertzRestitution(e): it leaves at e v₀, and
    // the damping column holds (1 − e²) ½ m v₀² (the midpoint rule adds almost nothing).
    let dir = tempfile::tempdir().expect("tempdir");
    let chain = r#"Chain(
    name: "damped",
    elements: [
        Sphere_1_Data, Plane_2_Data, Sphere_Plane,
        N_HertzRestitution(restitution: 0.5),
        AssembleForces, AssembleContactMatrix, Feedback,
    ],
)"#;
    std::fs::write(dir.path().join("damped.ron"), chain).expect("chain");
    let (r, v0, e) = (0.01_f64, 0.5_f64, 0.5_f64);
    let src = format!(
        r#"Scene(
        time: (dt: 2e-6, duration: 1.0, integrator: ImplicitMidpoint),
        materials: {{ "m": (youngs_modulus: 1e8, poisson_ratio: 0.3, density: {RHO}) }},
        rods: [],
        spheres: [(name: "s", material: "m", radius: {r}, center: (0, 0, {z}),
                   velocity: (0, 0, -{v0}), rotation: false)],
        planes: [(name: "ground", origin: (0, 0, 0), normal: (0, 0, 1))],
        contacts: [(chain: "damped.ron", first: AllSpheres, second: AllPlanes,
                    keep_distance: 0.005)],
    )"#,
        z = r + 1e-5
    );
    let mut sim = simulator(&src, &dir.path().join("impact.ron"));
    let mut last = Energies::default();
    for _ in 0..1000 {
        last = sim.step().expect("step").energy;
    }
    let o = sim.model.bodies.spheres[0].offset;
    let m = RHO * 4.0 / 3.0 * PI * r * r * r;
    let k0 = 0.5 * m * v0 * v0;
    eprintln!(
        "impact: v_out/v₀ {:e}, damping {:e} J, (1 − e²)K₀ {:e} J, D_int {:e} J, contact {:e} J",
        sim.model.v[o + 2] / v0,
        last.damping_dissipated,
        (1.0 - e * e) * k0,
        last.integrator_dissipated,
        last.contact
    );
    assert!(
        sim.model.v[o + 2] > 0.0 && last.contact == 0.0,
        "not rebounded: {last:?}"
    );
    assert!(close(last.kinetic, e * e * k0, 2e-2), "{last:?}");
    assert!(
        close(last.damping_dissipated, (1.0 - e * e) * k0, 1e-2),
        "{last:?}"
    );
    assert!(last.integrator_dissipated.abs() < 1e-3 * k0, "{last:?}");
    assert_eq!(last.friction_dissipated, 0.0);
}
