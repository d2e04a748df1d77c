//! Contact benchmarks: chain throughput (Capsule_Capsule + N_LinearForce + assemblers, full
//! 12×12 Jacobians) on 1 thread and on all threads, the same for IMC and IPC with friction,
//! broad-phase detection time for 10⁴ and 10⁵ rod edges, and the 2,500-pair mat of issue 18
//! (`mat_2500`): a 50 × 50 woven grid whose 2,500 crossings all sit at a 5 µm gap inside the
//! IMC and IPC bands, evaluated on one thread the way Newton does it (into the reused records
//! of the last evaluation), once with forces and 12×12 Jacobians and once with energy and
//! gradient only (a line-search trial), on the fused capsule path and on the generic one.
//!
//! `mat_4` and `mat_4_apart` are the same mat with 4 pairs, in contact and beyond reach: the
//! per-evaluation cost a scene with few contacts pays.
//!
//! Run: `cargo bench --bench contacts` (or `cargo bench --bench contacts -- mat_2500`)

use catena::contact::{BodyGroup, Builtin, Chain, ContactBinding, ContactModel, ContactSet};
use catena::model::Model;
use catena::scene::{build_scene, parse_scene};
use catena::system::Coefficients;
use catena::verify::Rng;
use criterion::{BatchSize, Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;
use std::path::PathBuf;
use std::time::Duration;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn model_from(rods: &str) -> Model {
    let src = format!(
        "Scene(time: (dt: 1e-3, duration: 1.0), materials: {{ \"m\": (youngs_modulus: 1e6, poisson_ratio: 0.5, density: 1000) }}, rods: [{rods}])"
    );
    let file = root().join("benches/virtual.ron");
    let spec = parse_scene(&src, &file).unwrap();
    build_scene(&spec, &src, &file).unwrap().model
}

/// A woven grid: `n` rods along x over `n` rods along y, every crossing overlapping by 0.2 mm.
fn grid(n: usize) -> Model {
    grid_at(n, 0.0018)
}

/// The woven grid with the y rods' axes at height `z` (crossings have gap `z − 2 mm`).
/// Every crossing falls on a node of both rods (four edge–edge pairs per crossing).
fn grid_at(n: usize, z: f64) -> Model {
    woven(n, z, 0.005)
}

/// `n` rods along x over `n` rods along y (edges of 5 mm, radius 1 mm), the y rods' axes at
/// height `z`, rod `k` of each direction at `0.01 k + offset` (m): with `offset = 0.0025` every
/// crossing falls mid-edge on both rods, one edge–edge pair per crossing.
fn woven(n: usize, z: f64, offset: f64) -> Model {
    let mut rods = String::new();
    let (len, r) = (0.01 * n as f64, 1e-3);
    for k in 0..n {
        let c = 0.01 * k as f64 + offset;
        rods.push_str(&format!(
            "(name: \"x{k}\", material: \"m\", radius: {r}, geometry: Straight(start: (0, {c}, 0), end: ({len}, {c}, 0), nodes: {})),",
            2 * n + 1
        ));
        rods.push_str(&format!(
            "(name: \"y{k}\", material: \"m\", radius: {r}, geometry: Straight(start: ({c}, 0, {z}), end: ({c}, {len}, {z}), nodes: {})),",
            2 * n + 1
        ));
    }
    model_from(&rods)
}

/// Random-walk rods with `edges` edges in total, in a box sized for a dense tangle.
fn tangle(edges: usize) -> Model {
    let per = 100;
    let n_rods = edges / per;
    let side = 0.002 * (edges as f64).cbrt();
    let mut rng = Rng::new(42);
    let mut rnd = || rng.signed();
    let mut rods = String::new();
    for r in 0..n_rods {
        let mut p = [side * rnd(), side * rnd(), side * rnd()];
        let mut d = [rnd(), rnd(), rnd()];
        let mut nodes = Vec::with_capacity(per + 1);
        for _ in 0..=per {
            nodes.push(format!("({:.6},{:.6},{:.6})", p[0], p[1], p[2]));
            let n = (d[0] * d[0] + d[1] * d[1] + d[2] * d[2]).sqrt();
            for k in 0..3 {
                p[k] += 0.002 * d[k] / n;
                d[k] = d[k] / n + 0.5 * rnd();
            }
        }
        rods.push_str(&format!(
            "(name: \"r{r}\", material: \"m\", radius: 2e-4, geometry: Nodes([{}])),",
            nodes.join(",")
        ));
    }
    model_from(&rods)
}

fn rod_set(model: &Model, keep: f64) -> ContactSet {
    let chain = Chain::<Builtin>::load(&root().join("chains/linear_rod_rod.ron")).unwrap();
    set_with(model, keep, chain)
}

fn set_with(model: &Model, keep: f64, chain: Chain) -> ContactSet {
    let all: Vec<usize> = (0..model.bodies.rods.len()).collect();
    ContactSet::new(vec![ContactBinding {
        chain,
        first: BodyGroup::Rods(all.clone()),
        second: BodyGroup::Rods(all),
        keep_distance: keep,
        excluded: Vec::new(),
        self_exclusion: Default::default(),
        redetect: Default::default(),
    }])
    .unwrap()
}

fn chain_throughput(c: &mut Criterion) {
    let model = grid(100);
    let mut set = rod_set(&model, 1e-4);
    set.detect(&model, &model.q);
    let v = vec![0.0; model.q.len()];
    let active = set
        .evaluate(
            &model,
            &model.q,
            &v,
            &Coefficients::implicit_euler(1e-3),
            true,
        )
        .iter()
        .filter(|l| l.active)
        .count();
    let n = set.candidates().len() as u64;
    eprintln!("chain throughput: {n} candidate pairs, {active} overlapping");
    bench_threads(c, "chain_capsule_linear_12x12", &set, &model, &v);
}

/// Benchmarks one full evaluation of `set` (forces and 12×12 Jacobians) on 1 thread and on
/// all threads, reported in contacts per second.
fn bench_threads(c: &mut Criterion, name: &str, set: &ContactSet, model: &Model, v: &[f64]) {
    let mut g = c.benchmark_group(name);
    g.sample_size(20).measurement_time(Duration::from_secs(4));
    g.throughput(Throughput::Elements(set.candidates().len() as u64));
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
                        model,
                        &model.q,
                        v,
                        &Coefficients::implicit_euler(1e-3),
                        true,
                    ))
                })
            })
        });
    }
    g.finish();
}

fn detection(c: &mut Criterion) {
    let mut g = c.benchmark_group("detection");
    g.sample_size(10).measurement_time(Duration::from_secs(5));
    for edges in [10_000usize, 100_000] {
        let model = tangle(edges);
        let mut set = rod_set(&model, 2e-4);
        g.throughput(Throughput::Elements(edges as u64));
        // Every sample detects into a set without candidates (a fresh copy, made untimed).
        g.bench_function(format!("{edges}_edges"), |b| {
            b.iter_batched_ref(
                || set.clone(),
                |s| black_box(s.detect(&model, &model.q)),
                BatchSize::SmallInput,
            )
        });
        set.detect(&model, &model.q);
        eprintln!(
            "detection: {edges} edges → {} candidates",
            set.candidates().len()
        );
    }
    g.finish();
}

/// IMC and IPC with friction, forces plus 12×12 Jacobians, per contact: the grid's crossings sit
/// at a 5 µm gap, inside both δ = d̂ = 10 µm bands, the y rods sliding at 1 cm/s (IPC friction's
/// lagged normal forces come from one committed evaluation).
fn law_throughput(c: &mut Criterion) {
    let model = grid_at(100, 0.002 + 5e-6);
    let mut v = vec![0.0; model.q.len()];
    for rod in model.bodies.rods.iter().skip(1).step_by(2) {
        for i in 0..rod.n_nodes {
            v[rod.node_dof(i)] = 0.01;
        }
    }
    let chains = [
        (
            "imc_friction",
            "N_IMC(delta: 1e-5, stiffness: Fixed(1e-2)), T_IMC(mu: 0.3, slip_tolerance: 1e-4)",
        ),
        (
            "ipc_friction",
            "N_IPC(dhat: 1e-5, stiffness: Fixed(1e3)), T_IPC(mu: 0.3, eps_v: 1e-4)",
        ),
    ];
    for (name, laws) in chains {
        let src = format!(
            "Chain(name: \"{name}\", elements: [Deformable_Capsule_1_Data, Deformable_Capsule_2_Data, \
             Capsule_Capsule, {laws}, AssembleForces, AssembleContactMatrix])"
        );
        let chain = Chain::<Builtin>::parse(&src, &root().join("benches/virtual.ron")).unwrap();
        let mut set = set_with(&model, 1e-4, chain);
        set.detect(&model, &model.q);
        let first = set.evaluate(
            &model,
            &model.q,
            &v,
            &Coefficients::implicit_euler(1e-3),
            true,
        );
        set.commit(&first);
        let active = first.iter().filter(|l| l.active).count();
        let n = set.candidates().len() as u64;
        eprintln!("{name}: {n} candidate pairs, {active} in contact");
        bench_threads(c, &format!("chain_{name}_12x12"), &set, &model, &v);
    }
}

/// The 2,500-pair mat: IMC and IPC with friction on a 50 × 50 grid crossing mid-edge at a 5 µm
/// gap (one edge–edge pair per crossing, every pair inside both bands), one thread,
/// evaluated into the records of the previous evaluation (as Newton's iterates and line-search
/// trials are), with Jacobians (`jacobian`) and with energy and gradient only (`energy_gradient`);
/// both chains take the fused capsule path, and the `_generic` labels force the element-by-element
/// chain loop on the same set (same bits) for a same-window comparison.
fn mat_2500(c: &mut Criterion) {
    mat(c, "mat_2500", 50, 5e-6);
}

/// The same mat with 2 × 2 rods (4 pairs), in contact (`mat_4`) and 50 µm apart (`mat_4_apart`:
/// candidates beyond the laws' reach, as most of a sparse scene's are): the per-evaluation
/// cost that a scene with a few contacts (the flagella) pays on every Newton iterate.
fn mat_4(c: &mut Criterion) {
    mat(c, "mat_4", 2, 5e-6);
    mat(c, "mat_4_apart", 2, 5e-5);
}

/// The woven mat of `n` × `n` rods crossing at `gap` (m), benchmark group `group`; see
/// [`mat_2500`].
fn mat(c: &mut Criterion, group: &str, n: usize, gap: f64) {
    let model = woven(n, 0.002 + gap, 0.0025);
    let mut v = vec![0.0; model.q.len()];
    for rod in model.bodies.rods.iter().skip(1).step_by(2) {
        for i in 0..rod.n_nodes {
            v[rod.node_dof(i)] = 0.01;
        }
    }
    let step = Coefficients::implicit_euler(1e-3);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .unwrap();
    let mut g = c.benchmark_group(group);
    g.sample_size(30).measurement_time(Duration::from_secs(4));
    for (name, laws) in [
        (
            "imc",
            "N_IMC(delta: 1e-5, stiffness: Fixed(1e-2)), T_IMC(mu: 0.3, slip_tolerance: 1e-4)",
        ),
        (
            "ipc",
            "N_IPC(dhat: 1e-5, stiffness: Fixed(1e3)), T_IPC(mu: 0.3, eps_v: 1e-4)",
        ),
    ] {
        let src = format!(
            "Chain(name: \"{name}\", elements: [Deformable_Capsule_1_Data, Deformable_Capsule_2_Data, \
             Capsule_Capsule, {laws}, AssembleForces, AssembleContactMatrix])"
        );
        let chain = Chain::<Builtin>::parse(&src, &root().join("benches/virtual.ron")).unwrap();
        let mut set = set_with(&model, 1e-4, chain);
        set.detect(&model, &model.q);
        let first = set.evaluate(&model, &model.q, &v, &step, true);
        set.commit(&first);
        let active = first.iter().filter(|l| l.active).count();
        eprintln!(
            "{group}/{name}: {} candidate pairs, {active} in contact",
            set.candidates().len()
        );
        g.throughput(Throughput::Elements(set.candidates().len() as u64));
        let mut out = first;
        for (path, fused) in [("", true), ("_generic", false)] {
            set.set_fused(fused);
            for (label, jacobian) in [("jacobian", true), ("energy_gradient", false)] {
                g.bench_function(format!("{name}_{label}{path}"), |b| {
                    if n * n > 100 {
                        b.iter(|| {
                            pool.install(|| {
                                set.evaluate_into(&model, &model.q, &v, &step, jacobian, &mut out);
                                black_box(out.len())
                            })
                        })
                    } else {
                        // A few pairs: time the evaluations inside the pool, without the
                        // hand-over to its thread (microseconds, more than the work).
                        b.iter_custom(|iters| {
                            pool.install(|| {
                                let t = std::time::Instant::now();
                                for _ in 0..iters {
                                    set.evaluate_into(
                                        &model, &model.q, &v, &step, jacobian, &mut out,
                                    );
                                    black_box(out.len());
                                }
                                t.elapsed()
                            })
                        })
                    }
                });
            }
        }
    }
    g.finish();
}

criterion_group!(
    benches,
    chain_throughput,
    law_throughput,
    detection,
    mat_2500,
    mat_4
);
criterion_main!(benches);
