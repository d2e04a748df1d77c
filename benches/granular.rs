//! Granular contact benchmarks.
//!
//! * `chain_hertz_cundall_strack`: contacts per second of the shipped chain
//!   `hertz_cundall_strack.ron` (Sphere_Sphere + N_Hertz + T_CundallStrack + AssembleForces +
//!   AssembleContactMatrix, full 12×12 Jacobians), over the ≈ 3,000 overlapping pairs of 1,000
//!   spheres on a compressed cubic lattice with random velocities, on 1 thread and on all.
//! * `chain_granular_rotating`: the same lattice of rotating spheres (`rotation: true`) under
//!   the DEM boxes' chain `granular_onset.ron` (N_HertzRestitution + T_CundallStrack with
//!   Mindlin's stiffness + Feedback): every pair has 12 local coordinates (two centres, two
//!   spins), the case the contact frame's column widths are made for (README, "Contact kernels
//!   entry by entry").
//! * `box_settling_1000`: one implicit Euler step (detection, Newton with line search to
//!   convergence, history commit) of `examples/scenes/box_settling_1000.ron`, always from the
//!   same state 0.1 s after release, while the bed settles (≈ 1,400 contacts); contact
//!   histories carry over between samples.
//!
//! Run: `cargo bench --bench granular`

use catena::contact::{BodyGroup, Builtin, Chain, ContactBinding, ContactModel, ContactSet};
use catena::model::Model;
use catena::scene::{build_scene, load_scene, parse_scene};
use catena::verify::Rng;
use criterion::{BatchSize, Criterion, SamplingMode, Throughput, criterion_group, criterion_main};
use std::hint::black_box;
use std::path::PathBuf;
use std::time::Duration;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// 10 × 10 × 10 spheres of radius 5 mm on a cubic lattice of spacing 9.9 mm (overlap 0.1 mm),
/// rotating ones when `rotation`.
fn lattice(rotation: bool) -> Model {
    let mut spheres = String::new();
    for k in 0..1000 {
        let (i, j, l) = (k % 10, (k / 10) % 10, k / 100);
        let s = 0.0099;
        spheres.push_str(&format!(
            "(name: \"p{k}\", material: \"m\", radius: 0.005, center: ({}, {}, {}), \
             rotation: {rotation}),",
            s * i as f64,
            s * j as f64,
            s * l as f64
        ));
    }
    let src = format!(
        "Scene(time: (dt: 2e-4, duration: 1.0), materials: {{ \"m\": (youngs_modulus: 1e7, \
         poisson_ratio: 0.3, density: 2500) }}, rods: [], spheres: [{spheres}])"
    );
    let file = root().join("benches/virtual.ron");
    let spec = parse_scene(&src, &file).unwrap();
    build_scene(&spec, &src, &file).unwrap().model
}

fn chain_throughput(c: &mut Criterion) {
    chain_bench(
        c,
        "chain_hertz_cundall_strack",
        "hertz_cundall_strack.ron",
        false,
    );
    chain_bench(c, "chain_granular_rotating", "granular_onset.ron", true);
}

/// Contacts per second of the chain `file` over the lattice ([`lattice`]), benchmark `group`.
fn chain_bench(c: &mut Criterion, group: &str, file: &str, rotation: bool) {
    let model = lattice(rotation);
    let chain = Chain::<Builtin>::load(&root().join("chains").join(file)).unwrap();
    let mut set = ContactSet::new(vec![ContactBinding {
        chain,
        first: BodyGroup::Spheres((0..1000).collect()),
        second: BodyGroup::Spheres((0..1000).collect()),
        keep_distance: 1e-4,
        excluded: Vec::new(),
        self_exclusion: Default::default(),
        redetect: Default::default(),
    }])
    .unwrap();
    set.detect(&model, &model.q);
    let mut rng = Rng::new(7);
    let v: Vec<f64> = (0..model.q.len()).map(|_| 0.01 * rng.signed()).collect();
    let active = set
        .evaluate(
            &model,
            &model.q,
            &v,
            &catena::system::Coefficients::implicit_euler(2e-4),
            true,
        )
        .iter()
        .filter(|l| l.active)
        .count();
    let n = set.candidates().len() as u64;
    eprintln!("{group}: {n} candidate pairs, {active} in contact");
    let mut g = c.benchmark_group(group);
    g.sample_size(20).measurement_time(Duration::from_secs(4));
    g.throughput(Throughput::Elements(n));
    for threads in [
        1,
        std::thread::available_parallelism().map_or(2, |n| n.get()),
    ] {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        g.bench_function(format!("{threads}_threads"), |b| {
            b.iter(|| {
                pool.install(|| {
                    black_box(set.evaluate(
                        &model,
                        &model.q,
                        &v,
                        &catena::system::Coefficients::implicit_euler(2e-4),
                        true,
                    ))
                })
            })
        });
    }
    g.finish();
}

fn box_step(c: &mut Criterion) {
    let path = root().join("examples/scenes/box_settling_1000.ron");
    let (spec, src) = load_scene(&path).unwrap();
    let mut sim = build_scene(&spec, &src, &path).unwrap().into_simulator();
    for _ in 0..500 {
        sim.step().expect("warm-up step");
    }
    let state = sim.model.clone();
    let report = sim.step().expect("step");
    eprintln!(
        "box_settling_1000 at t = {:.3} s: {} candidates, {} in contact; one step: {} Newton \
         iterations, {} line-search evaluations",
        report.t,
        report.contacts.candidates,
        report.contacts.active,
        report.newton.iterations,
        report.newton.line_search_evaluations
    );
    let mut g = c.benchmark_group("box_settling_1000");
    g.sample_size(10)
        .sampling_mode(SamplingMode::Flat)
        .measurement_time(Duration::from_secs(10));
    g.bench_function("step", |b| {
        b.iter_batched(
            || state.clone(),
            |m| {
                let old = std::mem::replace(&mut sim.model, m);
                black_box(sim.step().expect("step"));
                old
            },
            BatchSize::SmallInput,
        )
    });
    g.finish();
}

criterion_group!(benches, chain_throughput, box_step);
criterion_main!(benches);
