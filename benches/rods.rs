//! Small rod scenes (issue 18): the fixed cost of one implicit step.
//!
//! * `rods_crossing_51/step`: one full step (detection, Newton with line search to convergence,
//!   commit) of `examples/scenes/rods_crossing_51.ron` — two 51-node rods crossing on the
//!   ground, linear penalty contact, Δt = 1e-4 s — always from the same state at t = 0.12 s,
//!   where both rods are in contact (about 50 active pairs), on one thread.
//!
//! After the samples it prints the stage breakdown of the timed steps (the same stage timers
//! as `catena run … --profile`). The whole-run figure is
//! `catena run examples/scenes/rods_crossing_51.ron --threads 1 --profile`.
//!
//! Run: `cargo bench --bench rods`

use catena::scene::{build_scene, load_scene};
use catena::system::StageTimes;
use criterion::{BatchSize, Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use std::path::PathBuf;
use std::time::Duration;

fn rods_crossing(c: &mut Criterion) {
    let path =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("examples/scenes/rods_crossing_51.ron");
    let (spec, src) = load_scene(&path).expect("scene");
    let mut sim = build_scene(&spec, &src, &path)
        .expect("build")
        .into_simulator();
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .unwrap();
    pool.install(|| {
        let mut t = 0.0;
        while t < 0.12 - 1e-9 {
            t = sim.step().expect("warm-up step").t;
        }
    });
    let state = sim.model.clone();
    let report = pool.install(|| sim.step().expect("step"));
    eprintln!(
        "rods_crossing_51 at t = {:.4} s: {} candidates, {} in contact; one step: {} Newton \
         iterations, {} line-search evaluations",
        report.t,
        report.contacts.candidates,
        report.contacts.active,
        report.newton.iterations,
        report.newton.line_search_evaluations
    );
    let before = sim.stage_totals;
    let mut steps = 0u64;
    let mut g = c.benchmark_group("rods_crossing_51");
    g.sample_size(50).measurement_time(Duration::from_secs(5));
    g.bench_function("step", |b| {
        b.iter_batched(
            || state.clone(),
            |m| {
                let old = std::mem::replace(&mut sim.model, m);
                black_box(pool.install(|| sim.step().expect("step")));
                steps += 1;
                old
            },
            BatchSize::SmallInput,
        )
    });
    g.finish();
    let spent = sim.stage_totals.since(&before);
    let n = steps.max(1) as f64;
    eprintln!("stage breakdown over {steps} timed steps (ms per step):");
    for (name, ms) in StageTimes::NAMES.iter().zip(spent.values()) {
        eprintln!("  {name:<12} {:>9.4}", ms / n);
    }
}

criterion_group!(benches, rods_crossing);
criterion_main!(benches);
