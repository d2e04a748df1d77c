//! `SerialDashpot` and `MaxwellFluidShell` (mpacts, seed 003) against the Maxwell model: a
//! spring in series with a dashpot, `dL₀/dt = −f/c`.
//!
//! * held at a fixed length, the spring's force decays as `exp(−t k/c)` (stress relaxation);
//! * under a constant force `f` the length creeps at `f/c`;
//! * `MaxwellFluidShell` sets `c = τ_R t E/√3`;
//! * the relaxed rest length is pair memory: a RON round trip of the committed memories (what
//!   a checkpoint stores) resumes bit for bit, and a contact set without it does not.

use catena::contact::{
    BodyGroup, Builtin, Chain, ContactBinding, ContactModel, ContactSet, MemoryStore, PairKey,
    PairMemory,
};
use catena::model::Model;
use catena::scene::{build_scene, parse_scene};
use std::path::Path;

const DT: f64 = 1e-3; // s
const K: f64 = 100.0; // N/m

/// One sphere (radius 1 cm, E = 1 MPa) above the plane z = 0 (same material), bound by `chain`.
fn contact_set(chain: &str) -> (Model, ContactSet) {
    let src = format!(
        r#"Scene(
        time: (dt: {DT:e}, duration: 1.0),
        materials: {{ "m": (youngs_modulus: 1e6, poisson_ratio: 0.5, density: 1000) }},
        spheres: [(name: "s", material: "m", radius: 0.01, center: (0, 0, 0.02))],
        planes: [(name: "p", origin: (0, 0, 0), normal: (0, 0, 1), material: "m")],
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
        keep_distance: 0.05,
        excluded: Vec::new(),
        self_exclusion: Default::default(),
        redetect: Default::default(),
    }])
    .unwrap();
    (model, set)
}

fn chain(laws: &str) -> String {
    format!(
        "Chain(name: \"maxwell\", elements: [Sphere_1_Data, Plane_2_Data, Sphere_Plane, {laws}, \
         AssembleForces])"
    )
}

/// Steps with the sphere centre at heights `z` (m): detect, evaluate, commit; the vertical
/// contact force on the sphere (N) at each.
fn follow(model: &Model, set: &mut ContactSet, z: &[f64]) -> Vec<f64> {
    let o = model.bodies.spheres[0].offset;
    let mut prev = z[0];
    z.iter()
        .map(|&z| {
            let mut q = model.q.clone();
            let mut v = vec![0.0; q.len()];
            q[o + 2] = z;
            v[o + 2] = (z - prev) / DT;
            prev = z;
            set.detect(model, &q);
            let out = set.evaluate(
                model,
                &q,
                &v,
                &catena::system::Coefficients::implicit_euler(DT),
                false,
            );
            set.commit(&out);
            out.iter().find(|c| c.active).map_or(0.0, |c| c.force[2])
        })
        .collect()
}

/// The decay rate (1/s) of `f` over its steps: the least-squares slope of `−ln|f|` over time.
fn decay_rate(f: &[f64]) -> f64 {
    let n = f.len() as f64;
    let t: Vec<f64> = (0..f.len()).map(|i| i as f64 * DT).collect();
    let y: Vec<f64> = f.iter().map(|f| -f.abs().ln()).collect();
    let (tm, ym) = (t.iter().sum::<f64>() / n, y.iter().sum::<f64>() / n);
    let num: f64 = t.iter().zip(&y).map(|(t, y)| (t - tm) * (y - ym)).sum();
    let den: f64 = t.iter().map(|t| (t - tm) * (t - tm)).sum();
    num / den
}

/// Rest length set at 20 mm on the first step, then held stretched at 22 mm for 300 steps.
fn held(set: &mut ContactSet, model: &Model) -> Vec<f64> {
    let mut z = vec![0.02];
    z.extend(std::iter::repeat_n(0.022, 300));
    follow(model, set, &z)[1..].to_vec()
}

#[test]
fn held_spring_relaxes_at_k_over_c() {
    let c = 5.0; // N·s/m: τ = c/k = 50 ms
    let (model, mut set) = contact_set(&chain(&format!(
        "Spring(stiffness: {K}), SerialDashpot(damping: {c})"
    )));
    let f = held(&mut set, &model);
    // First held step: the elastic force of the full stretch, pulling the sphere down.
    assert!((f[0] + K * 0.002).abs() < 1e-12, "{}", f[0]);
    let rate = decay_rate(&f);
    println!("held spring: decay rate {rate:.6} 1/s, k/c = {}", K / c);
    assert!((rate - K / c).abs() < 0.01 * K / c, "{rate}");
    // 300 steps = 6 τ: the force has relaxed to e⁻⁶ of its start.
    assert!(f[299].abs() < 3e-3 * f[0].abs(), "{}", f[299]);
    // Without the dashpot the spring keeps its force.
    let (model, mut elastic) = contact_set(&chain(&format!("Spring(stiffness: {K})")));
    let g = held(&mut elastic, &model);
    assert!(g.iter().all(|x| (x - g[0]).abs() < 1e-15));
}

#[test]
fn maxwell_fluid_shell_sets_c_from_the_material() {
    let (tau, t) = (1.0, 1e-5); // s, m: c = 5.77 N·s/m
    let (model, mut set) = contact_set(&chain(&format!(
        "Spring(stiffness: {K}), MaxwellFluidShell(relaxation_time: {tau}, thickness: {t}), \
         SerialDashpot()"
    )));
    let c = tau * t * 1e6 / 3f64.sqrt();
    let rate = decay_rate(&held(&mut set, &model));
    println!(
        "MaxwellFluidShell: decay rate {rate:.6} 1/s, k/c = {}",
        K / c
    );
    assert!((rate - K / c).abs() < 0.01 * K / c, "{rate}");
}

#[test]
fn below_the_slip_threshold_the_rest_length_holds() {
    // Stretched to L/L₀ = 1.1 < 1.2: no relaxation; a given rest length is kept.
    let (model, mut set) = contact_set(&chain(&format!(
        "Spring(stiffness: {K}, rest_length: 0.02), SerialDashpot(damping: 1.0, slip_threshold: 1.2)"
    )));
    let f = follow(&model, &mut set, &[0.022; 20]);
    assert!(f.iter().all(|f| (f + K * 0.002).abs() < 1e-12), "{f:?}");
    // Above the threshold (default 0) the given rest length relaxes from the first step.
    let (model, mut set) = contact_set(&chain(&format!(
        "Spring(stiffness: {K}, rest_length: 0.02), SerialDashpot(damping: 1.0)"
    )));
    let f = follow(&model, &mut set, &[0.022; 20]);
    let ratio = f[1] / f[0];
    assert!((ratio - (-K * DT).exp()).abs() < 1e-12, "{ratio}");
}

/// The committed memories of `store` through a RON round trip (as a checkpoint stores them).
fn round_trip(store: &MemoryStore) -> Vec<(PairKey, PairMemory)> {
    let text = ron::to_string(&store.sorted()).unwrap();
    ron::from_str(&text).unwrap()
}

#[test]
fn relaxed_rest_length_resumes_bit_for_bit() {
    let text = chain(&format!(
        "Spring(stiffness: {K}), SerialDashpot(damping: 2.0)"
    ));
    let (model, mut set) = contact_set(&text);
    let path: Vec<f64> = (0..100).map(|i| 0.02 + 2e-5 * i as f64).collect();
    follow(&model, &mut set, &path);
    let saved = round_trip(set.memories());
    let (_, mut resumed) = contact_set(&text);
    let mut state = resumed.save_state();
    state.memories = saved;
    resumed.restore_state(&state).unwrap();
    let (_, mut amnesic) = contact_set(&text);
    let on: Vec<f64> = (0..50).map(|i| 0.022 - 1e-5 * i as f64).collect();
    let a = follow(&model, &mut set, &on);
    let b = follow(&model, &mut resumed, &on);
    let c = follow(&model, &mut amnesic, &on);
    assert_eq!(
        a.iter().map(|f| f.to_bits()).collect::<Vec<_>>(),
        b.iter().map(|f| f.to_bits()).collect::<Vec<_>>()
    );
    assert_ne!(a, c, "the memory made no difference");
}

#[test]
fn constant_force_creeps_at_f_over_c() {
    let dir = tempfile::tempdir().unwrap();
    let (f, c) = (1e-3, 1.0); // N, N·s/m: τ = c/k = 10 ms, creep f/c = 1 mm/s
    let chain_file = dir.path().join("maxwell.ron");
    std::fs::write(
        &chain_file,
        chain(&format!(
            "Spring(stiffness: {K}, rest_length: 0.02), SerialDashpot(damping: {c})"
        )),
    )
    .unwrap();
    let src = format!(
        r#"Scene(
        time: (dt: 1e-4, duration: 1.0, integrator: Overdamped),
        solver: (abs_tol: 1e-20, rel_tol: 1e-12),
        materials: {{ "m": (youngs_modulus: 1e6, poisson_ratio: 0.5, density: 1000) }},
        spheres: [(name: "s", material: "m", radius: 0.01, center: (0, 0, 0.02))],
        planes: [(name: "p", origin: (0, 0, 0), normal: (0, 0, 1))],
        forces: [StokesDrag(viscosity: 1e-3)],
        contacts: [(chain: "{}", first: AllSpheres, second: AllPlanes, keep_distance: 0.05)],
    )"#,
        chain_file.display()
    );
    let file = dir.path().join("creep.ron");
    let spec = parse_scene(&src, &file).unwrap();
    let mut sim = build_scene(&spec, &src, &file).unwrap().into_simulator();
    let o = sim.model.bodies.spheres[0].offset;
    let mut user = vec![0.0; sim.model.q.len()];
    user[o + 2] = f;
    sim.set_user_forces(user).unwrap();
    let mut z = Vec::new();
    for _ in 0..400 {
        sim.step().unwrap();
        z.push(sim.model.q[o + 2]);
    }
    // After the elastic jump f/k = 10 µm, a steady creep: the rate over the last 300 steps.
    assert!((z[0] - 0.02 - f / K).abs() < 0.05 * f / K, "{}", z[0]);
    let rate = (z[399] - z[99]) / (300.0 * 1e-4);
    println!("creep rate {rate:.6e} m/s, f/c = {:e}", f / c);
    assert!((rate - f / c).abs() < 0.01 * f / c, "{rate}");
}
