//! JKR adhesion against theory (Johnson, Kendall & Roberts 1971; Johnson 1985 §5.5).
//!
//! * Load control, through the implicit simulator: a sphere hangs under a ceiling by adhesion
//!   (overdamped by a `LinearDamper`). Weighing 0.99·(3/2)πwR̂ it settles at the JKR equilibrium
//!   overlap; weighing 1.01·(3/2)πwR̂ it pulls off. So the simulated pull-off force is
//!   (3/2)πwR̂ within 1 %.
//! * Displacement control, through the contact set (evaluate, then commit per step, as the
//!   simulator does): approach and retract. Loading feels nothing until touch, then jumps to
//!   −(4/3)πwR̂; unloading keeps the adhesive neck to `δ_c = −(3/4)(π²w²R̂/Ê²)^{1/3}`, passing
//!   the force minimum −(3/2)πwR̂; the loop encloses the energy `−∫_{δ_c}^0 F dδ` dissipated per
//!   cycle, computed here by quadrature of the parametric JKR curve.

use catena::contact::{
    BodyGroup, Builtin, Chain, ContactBinding, ContactModel, ContactSet, LocalContact,
};
use catena::model::Model;
use catena::scene::{build_scene, parse_scene};
use std::f64::consts::PI;
use std::path::Path;

const R: f64 = 0.01; // sphere radius (m); against a plane R̂ = R
const E: f64 = 1e6; // Pa
const NU: f64 = 0.5;
const RHO: f64 = 1000.0; // kg/m³
const W: f64 = 0.05; // work of adhesion (J/m²)

fn e_hat() -> f64 {
    E / (1.0 - NU * NU)
}

fn mass() -> f64 {
    RHO * 4.0 / 3.0 * PI * R.powi(3)
}

/// Pull-off force (load control), (3/2)πwR̂ (N).
fn pull_off() -> f64 {
    1.5 * PI * W * R
}

/// Overlap (m) at contact radius `a` (m).
fn overlap(a: f64) -> f64 {
    a * a / R - (2.0 * PI * W * a / e_hat()).sqrt()
}

/// Force (N, positive repulsive) at contact radius `a` (m).
fn force(a: f64) -> f64 {
    4.0 * e_hat() * a.powi(3) / (3.0 * R) - (8.0 * PI * W * e_hat() * a.powi(3)).sqrt()
}

/// Overlap on the stable branch where the force is `f` (≥ −pull-off), from the quadratic in
/// `y = a^{3/2}`.
fn overlap_at_force(f: f64) -> f64 {
    let (qa, qb) = (4.0 * e_hat() / (3.0 * R), (8.0 * PI * W * e_hat()).sqrt());
    let y = (qb + (qb * qb + 4.0 * qa * f).sqrt()) / (2.0 * qa);
    overlap(y.powf(2.0 / 3.0))
}

const CHAIN: &str = "Chain(name: \"jkr\", elements: [Sphere_1_Data, Plane_2_Data, Sphere_Plane, \
     N_JKR(surface_energy: 0.05), LinearDamper(damping: 20.0), AssembleForces, AssembleContactMatrix])";

/// A sphere under the ceiling z = 0, pressed in by `delta0`, pulled down by `weight` (N).
fn hanging(dir: &Path, weight: f64, delta0: f64) -> (catena::system::Simulator, String) {
    std::fs::write(dir.join("jkr.ron"), CHAIN).unwrap();
    let g = weight / mass();
    let z = -(R - delta0);
    let src = format!(
        r#"Scene(
        time: (dt: 2e-3, duration: 10.0),
        materials: {{ "m": (youngs_modulus: {E:e}, poisson_ratio: {NU}, density: {RHO}) }},
        rods: [],
        spheres: [(name: "s", material: "m", radius: {R}, center: (0, 0, {z:e}))],
        planes: [(name: "ceiling", origin: (0, 0, 0), normal: (0, 0, -1))],
        forces: [Gravity(g: (0, 0, {g:e}))],
        contacts: [(chain: "jkr.ron", first: AllSpheres, second: AllPlanes, keep_distance: 0.002)],
    )"#,
        g = -g
    );
    let file = dir.join("hanging.ron");
    let spec = parse_scene(&src, &file).unwrap();
    (
        build_scene(&spec, &src, &file).unwrap().into_simulator(),
        src,
    )
}

#[test]
fn hanging_sphere_pulls_off_at_three_halves_pi_w_r() {
    let dir = tempfile::tempdir().unwrap();
    // Just below the pull-off force: it stays, at the stable JKR equilibrium.
    let (mut sim, _) = hanging(dir.path(), 0.99 * pull_off(), 2e-6);
    let mut last = None;
    for _ in 0..1500 {
        last = Some(sim.step().unwrap());
    }
    let o = sim.model.bodies.spheres[0].offset;
    let delta = R + sim.model.q[o + 2];
    let expected = overlap_at_force(-0.99 * pull_off());
    println!(
        "0.99 F_c: attached at δ = {delta:.6e} m vs JKR {expected:.6e} m; speed {:.2e} m/s",
        sim.model.v[o + 2]
    );
    assert_eq!(last.unwrap().contacts.active, 1, "the sphere fell off");
    assert!(
        (delta - expected).abs() < 1e-3 * expected.abs(),
        "{delta} vs {expected}"
    );
    // Just above: no equilibrium, it falls.
    let (mut sim, _) = hanging(dir.path(), 1.01 * pull_off(), 2e-6);
    let mut fell = None;
    for i in 0..1500 {
        let r = sim.step().unwrap();
        if r.contacts.active == 0 {
            fell = Some(i);
            break;
        }
    }
    println!("1.01 F_c: pulled off after {fell:?} steps");
    assert!(fell.is_some(), "the sphere is still attached at 1.01 F_c");
}

/// The contact set of one sphere against one plane, bound by `chain`, and its model.
fn contact_set(chain: &str) -> (Model, ContactSet) {
    let src = format!(
        r#"Scene(
        time: (dt: 1e-3, duration: 1.0),
        materials: {{ "m": (youngs_modulus: {E:e}, poisson_ratio: {NU}, density: {RHO}) }},
        rods: [],
        spheres: [(name: "s", material: "m", radius: {R}, center: (0, 0, -0.02))],
        planes: [(name: "ceiling", origin: (0, 0, 0), normal: (0, 0, -1))],
    )"#
    );
    let file = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/virtual.ron");
    let spec = parse_scene(&src, &file).unwrap();
    let model = build_scene(&spec, &src, &file).unwrap().model;
    let chain = Chain::<Builtin>::parse(chain, Path::new("inline.ron")).unwrap();
    let set = ContactSet::new(vec![ContactBinding {
        chain,
        first: BodyGroup::Spheres(vec![0]),
        second: BodyGroup::Planes(vec![0]),
        keep_distance: 0.002,
        excluded: Vec::new(),
        self_exclusion: Default::default(),
        redetect: Default::default(),
    }])
    .unwrap();
    (model, set)
}

/// One displacement-controlled step at overlap `delta`: detect, evaluate, commit; returns the
/// contact force on the ceiling side along the normal (N, positive = repulsive), if in contact.
fn step(model: &Model, set: &mut ContactSet, delta: f64) -> Option<f64> {
    let mut q = model.q.clone();
    let o = model.bodies.spheres[0].offset;
    q[o + 2] = -(R - delta);
    let v = vec![0.0; q.len()];
    set.detect(model, &q);
    let out: Vec<LocalContact> = set.evaluate(
        model,
        &q,
        &v,
        &catena::system::Coefficients::implicit_euler(1e-3),
        false,
    );
    set.commit(&out);
    // The sphere is pushed down (−z) by a repulsive force.
    out.iter().find(|c| c.active).map(|c| -c.force[2])
}

#[test]
fn approach_and_retract_show_snap_in_pull_off_and_hysteresis() {
    let (model, mut set) = contact_set(CHAIN);
    let dc = -0.75 * (PI * PI * W * W * R / (e_hat() * e_hat())).cbrt();
    let (lo, hi, n) = (2.0 * dc, -2.0 * dc, 20000);
    let at = |i: usize| lo + (hi - lo) * i as f64 / n as f64;
    let loading: Vec<(f64, Option<f64>)> = (0..=n)
        .map(|i| (at(i), step(&model, &mut set, at(i))))
        .collect();
    let unloading: Vec<(f64, Option<f64>)> = (0..=n)
        .rev()
        .map(|i| (at(i), step(&model, &mut set, at(i))))
        .collect();
    // Loading: nothing until touch, then the jump to −(4/3)πwR̂.
    for (d, f) in &loading {
        assert_eq!(f.is_some(), *d > 0.0, "loading at δ = {d}: {f:?}");
    }
    let (_, snap) = loading.iter().find(|(d, _)| *d > 0.0).unwrap();
    let snap_theory = -4.0 / 3.0 * PI * W * R;
    println!(
        "snap-in: {:.6e} N vs −(4/3)πwR̂ = {snap_theory:.6e} N",
        snap.unwrap()
    );
    assert!((snap.unwrap() / snap_theory - 1.0).abs() < 0.01);
    // Unloading: the neck holds in tension until δ_c, then lets go.
    let last_held = unloading
        .iter()
        .filter(|(_, f)| f.is_some())
        .map(|(d, _)| *d)
        .fold(f64::INFINITY, f64::min);
    println!("breaks below δ = {last_held:.6e} m vs δ_c = {dc:.6e} m");
    assert!((last_held / dc - 1.0).abs() < 0.01, "{last_held} vs {dc}");
    assert!(unloading.iter().all(|(d, f)| (*d >= dc) == f.is_some()));
    let fmin = unloading
        .iter()
        .filter_map(|(_, f)| *f)
        .fold(f64::INFINITY, f64::min);
    println!(
        "pull-off force {:.6e} N vs (3/2)πwR̂ = {:.6e} N ({:+.4} %)",
        -fmin,
        pull_off(),
        100.0 * (-fmin / pull_off() - 1.0)
    );
    assert!((-fmin / pull_off() - 1.0).abs() < 0.01);
    // Hysteresis: at the same tensile overlap, loading has no force and unloading pulls.
    // Index 3n/8 is δ = δ_c/2, inside (δ_c, 0); the unloading pass runs backwards.
    let (d, f_load) = loading[3 * n / 8];
    let (d_back, f_unload) = unloading[n - 3 * n / 8];
    assert!(d < 0.0 && d > dc && d == d_back);
    assert!(f_load.is_none() && f_unload.unwrap() < 0.0);
    // Energy dissipated per cycle: the work the driver does around the loop.
    let work = |path: &[(f64, Option<f64>)]| -> f64 {
        path.windows(2)
            .map(|w| 0.5 * (w[0].1.unwrap_or(0.0) + w[1].1.unwrap_or(0.0)) * (w[1].0 - w[0].0))
            .sum()
    };
    let loop_work = work(&loading) + work(&unloading);
    // Theory: −∫_{δ_c}^0 F dδ along the curve, parametrised by the contact radius.
    let a_c = (PI * W * R * R / (8.0 * e_hat())).cbrt();
    let a_0 = (2.0 * PI * W * R * R / e_hat()).cbrt();
    let m = 200_000;
    let theory: f64 = -(0..m)
        .map(|k| {
            let (a0, a1) = (
                a_c + (a_0 - a_c) * k as f64 / m as f64,
                a_c + (a_0 - a_c) * (k + 1) as f64 / m as f64,
            );
            0.5 * (force(a0) + force(a1)) * (overlap(a1) - overlap(a0))
        })
        .sum::<f64>();
    println!(
        "loop work {loop_work:.6e} J vs −∫F dδ over (δ_c, 0) = {theory:.6e} J ({:+.3} %)",
        100.0 * (loop_work / theory - 1.0)
    );
    assert!(theory > 0.0);
    assert!((loop_work / theory - 1.0).abs() < 0.01);
}
