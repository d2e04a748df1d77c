//! Contact history through a restart: the Cundall–Strack spring (with its sliding flag) and the
//! JKR established flag survive a serde round trip of the committed per-pair memories, so a
//! contact set resumed from them continues bit for bit like the one that never stopped — and
//! differs from one that lost them. And a `Spring` without a given rest length takes it from its
//! first step and, once ruptured, stays broken.

use catena::contact::{
    BodyGroup, Builtin, Chain, ContactBinding, ContactModel, ContactSet, MemoryStore, PairKey,
    PairMemory,
};
use catena::model::Model;
use catena::scene::{build_scene, parse_scene};
use std::path::Path;

const R: f64 = 0.01; // m
const DT: f64 = 1e-3; // s

/// One sphere (E = 1 MPa, ν = 0.5) against the plane z = 0 with normal `nz` = ±1, bound by the
/// chain file `chain` (relative to the crate) or inline chain text.
fn contact_set(chain: &str, nz: f64) -> (Model, ContactSet) {
    contact_set_within(chain, nz, 0.002)
}

/// Like [`contact_set`], with candidates up to a gap of `keep` (m).
fn contact_set_within(chain: &str, nz: f64, keep: f64) -> (Model, ContactSet) {
    let src = format!(
        r#"Scene(
        time: (dt: {DT:e}, duration: 1.0),
        materials: {{ "m": (youngs_modulus: 1e6, poisson_ratio: 0.5, density: 1000) }},
        rods: [],
        spheres: [(name: "s", material: "m", radius: {R}, center: (0, 0, {z}))],
        planes: [(name: "p", origin: (0, 0, 0), normal: (0, 0, {nz}))],
    )"#,
        z = 0.02 * nz
    );
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let file = root.join("tests/virtual.ron");
    let spec = parse_scene(&src, &file).unwrap();
    let model = build_scene(&spec, &src, &file).unwrap().model;
    let chain = if chain.starts_with("Chain") {
        Chain::<Builtin>::parse(chain, Path::new("inline.ron")).unwrap()
    } else {
        Chain::<Builtin>::load(&root.join(chain)).unwrap()
    };
    let set = ContactSet::new(vec![ContactBinding {
        chain,
        first: BodyGroup::Spheres(vec![0]),
        second: BodyGroup::Planes(vec![0]),
        keep_distance: keep,
        excluded: Vec::new(),
        self_exclusion: Default::default(),
        redetect: Default::default(),
    }])
    .unwrap();
    (model, set)
}

/// One step to the sphere centre `x` from `x_prev` (velocity by implicit Euler): detect,
/// evaluate, commit; returns the generalised contact force on the sphere (N).
fn step(model: &Model, set: &mut ContactSet, x: [f64; 3], x_prev: [f64; 3]) -> [f64; 3] {
    let o = model.bodies.spheres[0].offset;
    let mut q = model.q.clone();
    let mut v = vec![0.0; q.len()];
    for c in 0..3 {
        q[o + c] = x[c];
        v[o + c] = (x[c] - x_prev[c]) / DT;
    }
    set.detect(model, &q);
    let out = set.evaluate(
        model,
        &q,
        &v,
        &catena::system::Coefficients::implicit_euler(DT),
        false,
    );
    set.commit(&out);
    out.iter()
        .find(|c| c.active)
        .map(|c| [c.force[0], c.force[1], c.force[2]])
        .unwrap_or([0.0; 3])
}

/// The committed memories of `store` through a RON round trip (as a checkpoint stores them).
fn round_trip(store: &MemoryStore) -> Vec<(PairKey, PairMemory)> {
    let text = ron::to_string(&store.sorted()).unwrap();
    ron::from_str(&text).unwrap()
}

/// Replaces the committed memories of `set` with `memories`.
fn resume(set: &mut ContactSet, memories: Vec<(PairKey, PairMemory)>) {
    let mut state = set.save_state();
    state.memories = memories;
    set.restore_state(&state).unwrap();
}

/// Runs `path` (sphere centres) on `set`, returning the forces.
fn follow(model: &Model, set: &mut ContactSet, path: &[[f64; 3]], from: [f64; 3]) -> Vec<[f64; 3]> {
    let mut prev = from;
    path.iter()
        .map(|&x| {
            let f = step(model, set, x, prev);
            prev = x;
            f
        })
        .collect()
}

#[test]
fn cundall_strack_spring_survives_a_restart() {
    let chain = "chains/hertz_cundall_strack_plane.ron";
    let (model, mut set) = contact_set(chain, 1.0);
    // Pressed in by 20 µm, the sphere is dragged along x by 1 µm per step: first sticking on
    // the spring, then sliding; then along y.
    let z = R - 2e-5;
    let first: Vec<[f64; 3]> = (1..=40).map(|i| [1e-6 * i as f64, 0.0, z]).collect();
    let second: Vec<[f64; 3]> = (1..=60).map(|i| [4e-5, 2e-6 * i as f64, z]).collect();
    let early = follow(&model, &mut set, &first, [0.0, 0.0, z]);
    assert_eq!(set.memories().len(), 1);
    let saved = round_trip(set.memories());
    let (_, mut resumed) = contact_set(chain, 1.0);
    resume(&mut resumed, saved);
    let (_, mut amnesic) = contact_set(chain, 1.0);
    let from = *first.last().unwrap();
    let a = follow(&model, &mut set, &second, from);
    let b = follow(&model, &mut resumed, &second, from);
    let c = follow(&model, &mut amnesic, &second, from);
    assert_eq!(a, b, "the resumed run differs");
    assert_ne!(a, c, "the history made no difference");
    // The spring first carried the drag in stick (|f_t| < μ_s F_n), then slid (|f_t| = μ_d F_n).
    let t = |f: &[f64; 3]| f[0].hypot(f[1]) / f[2];
    assert!(t(&early[0]) > 0.0 && t(&early[0]) < 0.39, "{:?}", early[0]);
    assert!(a.iter().all(|f| (t(f) - 0.4).abs() < 1e-9));
}

#[test]
fn jkr_established_contact_survives_a_restart() {
    let chain = "Chain(name: \"jkr\", elements: [Sphere_1_Data, Plane_2_Data, Sphere_Plane, \
                 N_JKR(surface_energy: 0.05), AssembleForces])";
    let (model, mut set) = contact_set(chain, -1.0);
    let at = |delta: f64| [0.0, 0.0, -(R - delta)];
    // Press in by 4 µm, then retract into tension (δ = −2 µm, above δ_c ≈ −3.9 µm).
    let load: Vec<[f64; 3]> = (0..=60)
        .map(|i| at(-2e-6 + 1e-7 * i as f64))
        .chain((0..=60).map(|i| at(4e-6 - 1e-7 * i as f64)))
        .collect();
    follow(&model, &mut set, &load, at(-2e-6));
    assert_eq!(set.memories().len(), 1, "the contact should be established");
    let saved = round_trip(set.memories());
    let (_, mut resumed) = contact_set(chain, -1.0);
    resume(&mut resumed, saved);
    let (_, mut amnesic) = contact_set(chain, -1.0);
    let pull: Vec<[f64; 3]> = (1..=30).map(|i| at(-2e-6 - 1e-7 * i as f64)).collect();
    let from = *load.last().unwrap();
    let a = follow(&model, &mut set, &pull, from);
    let b = follow(&model, &mut resumed, &pull, from);
    let c = follow(&model, &mut amnesic, &pull, from);
    assert_eq!(a, b, "the resumed run differs");
    // Still adhering in tension with the history; without it, no contact at negative overlap.
    assert!(a[0][2] > 0.0, "{:?}", a[0]);
    assert!(c.iter().all(|f| *f == [0.0; 3]));
    // And the neck breaks past δ_c within the pull.
    assert_eq!(*a.last().unwrap(), [0.0; 3]);
}

#[test]
fn spring_takes_its_rest_length_at_first_contact_and_stays_broken() {
    let chain = "Chain(name: \"s\", elements: [Sphere_1_Data, Plane_2_Data, Sphere_Plane, \
                 Spring(stiffness: 100.0, rupture_length: 0.015), AssembleForces])";
    // Springs act apart: the keep distance must cover the stretch (a pair that leaves the
    // candidate set loses its history).
    let (model, mut set) = contact_set_within(chain, 1.0, 0.01);
    let at = |d: f64| [0.0, 0.0, d];
    // First step at d = 12 mm: the rest length is set there, no force.
    let f = follow(&model, &mut set, &[at(0.012), at(0.012)], at(0.012));
    assert_eq!(f, vec![[0.0; 3]; 2]);
    // Compressed by 1 mm: F = k (d₀ − d) = 0.1 N pushing the sphere up; stretched by 2 mm: 0.2 N down.
    let f = follow(&model, &mut set, &[at(0.011), at(0.014)], at(0.012));
    assert!(
        (f[0][2] - 0.1).abs() < 1e-12 && (f[1][2] + 0.2).abs() < 1e-12,
        "{f:?}"
    );
    // Past the rupture length it breaks, and it stays broken when brought back.
    let f = follow(
        &model,
        &mut set,
        &[at(0.016), at(0.013), at(0.011)],
        at(0.014),
    );
    assert_eq!(f, vec![[0.0; 3]; 3]);
    assert_eq!(set.memories().len(), 1, "the broken flag must be kept");
}
