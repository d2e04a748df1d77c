//! Cell division (mpacts' `N_Dividing`, `N_Budding`, `N_DividingResistance`,
//! `FeedbackDividing`; issue 35): the two halves of a dividing cell, bound by a binding of their
//! own and excluded from the general one, in the overdamped mode.
//!
//! Theory. Two non-rotating spheres on the x axis, each with the medium's drag `γ_s = 6πηr`,
//! the pair with `N_DividingResistance` γ_d and `N_Dividing` `F = k (d* − d)`. Each centre
//! obeys `γ_s v_i = ±F ∓ γ_d (v₂ − v₁)`, so the separation rate is `ḋ = 2F/(γ_s + 2γ_d)`, and
//! implicit Euler (`integrator: Overdamped`) gives, with `c = 2kΔt/(γ_s + 2γ_d)`,
//! `d_{n+1} = (d_n + c d*_{n+1}) / (1 + c)`, where `d*_{n+1} = d₀ + (d_f − d₀) min(τ_{n+1}/T, 1)`
//! and `k` is `k_repulsion` or `k_attraction` by the sign of `d* − d_{n+1}`. In the first step
//! `d₀` is the step's own end distance, so `F = k s₁ (d_f − d)`:
//! `d₁ = (d_init + c s₁ d_f)/(1 + c s₁)`, and `d₀ = d₁` from then on.
//!
//! The scenes turn Newton's step test off (`step_tol: 0`) and converge on the force alone, so
//! that the comparison holds to round-off: a step test ends a solve once its last step is
//! small, which is not enough where the stiffness switches (k_rep to k_att) between iterates.

use catena::contact::{Builtin, Chain};
use catena::scene::{build_scene, parse_scene};
use catena::system::Simulator;
use catena::verify::{Options, jacobians};
use std::path::{Path, PathBuf};

const R: f64 = 5e-6; // m
const ETA: f64 = 1.0; // Pa·s
const DT: f64 = 0.5; // s
const GAMMA_D: f64 = 1e-4; // N·s/m

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Two halves `d_init` apart on the x axis, divided by `law` (a `N_Dividing`/`N_Budding`).
fn pair_scene(dir: &Path, law: &str, d_init: f64, exclude: bool) -> Result<Simulator, String> {
    scene_with(dir, law, d_init, exclude, "step_tol: 0")
}

/// [`pair_scene`] with `solver_extra` among the solver settings.
fn scene_with(
    dir: &Path,
    law: &str,
    d_init: f64,
    exclude: bool,
    solver_extra: &str,
) -> Result<Simulator, String> {
    let chain = format!(
        "Chain(name: \"div\", elements: [Sphere_1_Data, Sphere_2_Data, Sphere_Sphere, {law}, \
         N_DividingResistance(gamma: {GAMMA_D:e}), AssembleForces, AssembleContactMatrix, \
         FeedbackDividing])"
    );
    std::fs::write(dir.join("div.ron"), chain).unwrap();
    let h = d_init / 2.0;
    let exclude = if exclude {
        r#"exclude: [("a1", "a2")]"#
    } else {
        ""
    };
    let src = format!(
        r#"Scene(
        time: (dt: {DT}, duration: 100.0, integrator: Overdamped),
        solver: (abs_tol: 1e-22, rel_tol: 0, force_tol: 1e-16, {solver_extra}),
        materials: {{ "cell": (youngs_modulus: 1000, poisson_ratio: 0.5, density: 1000) }},
        spheres: [
            (name: "a1", material: "cell", radius: {R:e}, center: ({:e}, 0, 0), rotation: false),
            (name: "a2", material: "cell", radius: {R:e}, center: ({h:e}, 0, 0), rotation: false),
        ],
        forces: [StokesDrag(viscosity: {ETA})],
        contacts: [
            (chain: "{}", first: AllSpheres, second: AllSpheres, keep_distance: 2e-6, {exclude}),
            (chain: "div.ron", first: Spheres(["a1"]), second: Spheres(["a2"]), keep_distance: 1e-3),
        ],
    )"#,
        -h,
        root().join("chains/resistance.ron").display()
    );
    let file = dir.join("division.ron");
    let spec = parse_scene(&src, &file).map_err(|e| e.to_string())?;
    Ok(build_scene(&spec, &src, &file)
        .map_err(|e| e.to_string())?
        .into_simulator())
}

fn separation(sim: &Simulator) -> f64 {
    let s = &sim.model.bodies.spheres;
    (s[1].center(&sim.model.q) - s[0].center(&sim.model.q)).norm()
}

/// The implicit-Euler separations of the module docs, for `steps` steps.
fn theory(d_init: f64, k_rep: f64, k_att: f64, t: f64, d_f: f64, steps: usize) -> Vec<f64> {
    let gamma_s = 6.0 * std::f64::consts::PI * ETA * R;
    let c = |k: f64| 2.0 * k * DT / (gamma_s + 2.0 * GAMMA_D);
    let s = |n: usize| (n as f64 * DT / t).min(1.0);
    // First step: a spring k s₁ towards d_f.
    let k = if d_f > d_init { k_rep } else { k_att };
    let d1 = (d_init + c(k) * s(1) * d_f) / (1.0 + c(k) * s(1));
    let mut d = vec![d1];
    for n in 2..=steps {
        let prev = *d.last().unwrap();
        let target = d1 + (d_f - d1) * s(n);
        // The sign of d* − d_{n+1} is that of d* − d_n (the step moves d towards d*).
        let k = if target > prev { k_rep } else { k_att };
        d.push((prev + c(k) * target) / (1.0 + c(k)));
    }
    d
}

#[test]
fn the_halves_separate_as_the_controller_and_the_drag_predict() {
    let dir = tempfile::tempdir().unwrap();
    // Distinct stiffnesses: the target outruns the halves (pushing, k_rep) while it moves, and
    // the halves overshoot nothing once it stops.
    let (k_rep, k_att, t, d_f) = (2e-4, 5e-3, 20.0, 2.0 * R);
    let law = format!("N_Dividing(k_repulsion: {k_rep:e}, k_attraction: {k_att:e}, duration: {t})");
    let d_init = 1e-6;
    let mut sim = pair_scene(dir.path(), &law, d_init, true).unwrap();
    let expected = theory(d_init, k_rep, k_att, t, d_f, 80);
    let mut worst: f64 = 0.0;
    for (n, want) in expected.iter().enumerate() {
        sim.step().unwrap();
        let got = separation(&sim);
        worst = worst.max((got - want).abs() / want);
        if n % 10 == 9 {
            println!(
                "t = {:5.1} s: d = {:.6e} m, theory {want:.6e} m",
                (n + 1) as f64 * DT,
                got
            );
        }
    }
    println!("largest relative difference {worst:.2e}");
    assert!(worst < 1e-9, "{worst}");
    // Long after T the halves touch: d = d_f.
    assert!((separation(&sim) / d_f - 1.0).abs() < 1e-6);
}

#[test]
fn budding_with_a_final_separation_pulls_back_with_the_attraction_stiffness() {
    let dir = tempfile::tempdir().unwrap();
    // A bud that starts farther out than its final separation: the target moves inwards and
    // the controller pulls (k_att) all the way.
    let (k_rep, k_att, t, d_f) = (1e-3, 3e-4, 10.0, 6e-6);
    let law = format!(
        "N_Budding(k_repulsion: {k_rep:e}, k_attraction: {k_att:e}, duration: {t}, separation: {d_f:e})"
    );
    let d_init = 8e-6;
    let mut sim = pair_scene(dir.path(), &law, d_init, true).unwrap();
    let expected = theory(d_init, k_rep, k_att, t, d_f, 60);
    let mut worst: f64 = 0.0;
    for want in &expected {
        sim.step().unwrap();
        worst = worst.max((separation(&sim) - want).abs() / want);
    }
    println!("budding: largest relative difference {worst:.2e}");
    assert!(worst < 1e-9, "{worst}");
    // With Newton's step test on (step_tol = 1e-8, the default): its length scale follows the
    // 5 µm particles (1000 r), so a solve may end at a step of 50 pm, and the separation is
    // right to about that (1.5e-5 of it); when the scale was 1 m, solves ended at steps of
    // 10 nm and the separation was 2e-3 off once the controller switched to pulling.
    let mut sim = scene_with(dir.path(), &law, d_init, true, "").unwrap();
    let mut worst: f64 = 0.0;
    for want in &expected {
        sim.step().unwrap();
        worst = worst.max((separation(&sim) - want).abs() / want);
    }
    println!("budding with the step test: largest relative difference {worst:.2e}");
    assert!(worst < 1e-4, "{worst}");
}

#[test]
fn an_excluded_pair_may_start_inside_its_mother_and_others_may_not() {
    let dir = tempfile::tempdir().unwrap();
    let law = "N_Dividing(k_repulsion: 1e-3, k_attraction: 1e-3, duration: 10.0)";
    // 1 µm apart with r = 5 µm: 90 % of a radius of overlap.
    assert!(pair_scene(dir.path(), law, 1e-6, true).is_ok());
    let err = pair_scene(dir.path(), law, 1e-6, false).err().unwrap();
    assert!(err.contains("start overlapping"), "{err}");
    // At one centre the normal is undefined: refused even when excluded.
    let err = pair_scene(dir.path(), law, 0.0, true).err().unwrap();
    assert!(err.contains("same centre"), "{err}");
}

#[test]
fn division_chains_pass_the_jacobian_check() {
    for law in [
        "N_Dividing(k_repulsion: 300.0, k_attraction: 900.0, duration: 0.01)",
        "N_Budding(k_repulsion: 500.0, k_attraction: 200.0, duration: 0.003, separation: 0.015)",
    ] {
        let src = format!(
            "Chain(name: \"div\", elements: [Sphere_1_Data, Sphere_2_Data, Sphere_Sphere, {law}, \
             N_DividingResistance(gamma: 0.3), AssembleForces, AssembleContactMatrix, FeedbackDividing])"
        );
        let chain = Chain::<Builtin>::parse(&src, Path::new("div.ron")).unwrap();
        let report = jacobians(&chain, &Options::default()).unwrap();
        println!("{report}\n");
        assert!(report.passed(), "{law}:\n{report}");
        let row = report
            .rows
            .iter()
            .find(|r| law.starts_with(r.name.as_str()))
            .unwrap();
        assert!(row.acted >= 100, "{report}");
    }
}

#[test]
fn bad_division_parameters_are_refused_with_the_field_named() {
    for (law, field) in [
        (
            "N_Dividing(k_repulsion: 0.0, k_attraction: 1.0, duration: 1.0)",
            "k_repulsion",
        ),
        (
            "N_Dividing(k_repulsion: 1.0, k_attraction: -1.0, duration: 1.0)",
            "k_attraction",
        ),
        (
            "N_Budding(k_repulsion: 1.0, k_attraction: 1.0, duration: 0.0)",
            "duration",
        ),
        (
            "N_Budding(k_repulsion: 1.0, k_attraction: 1.0, duration: 1.0, separation: -1e-6)",
            "separation",
        ),
        ("N_DividingResistance(gamma: -1.0)", "gamma"),
    ] {
        let src = format!(
            "Chain(name: \"div\", elements: [Sphere_1_Data, Sphere_2_Data, Sphere_Sphere, {law}, \
             AssembleForces])"
        );
        let err = Chain::<Builtin>::parse(&src, Path::new("div.ron"))
            .err()
            .unwrap_or_else(|| panic!("{law} was accepted"))
            .to_string();
        assert!(
            err.contains(field) && err.contains("div.ron"),
            "{law}: {err}"
        );
    }
}
