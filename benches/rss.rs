//! RSS fluid benchmarks (seed 001 App. A) on the flagella scenes, M = 2 (136 nodes, A is
//! 408×408) and M = 10 (680 nodes, 2040×2040), with every flagellum turning rigidly at
//! ω = 15 rad/s about its axis:
//!
//! * `assemble`: the dense matrix A alone;
//! * `cold`: A, its LU factorisation and the solve (the first step of a run);
//! * `step`: what one time step costs in a run — the configuration turns by ω Δt, A is
//!   rebuilt and `A f = U` is solved by GMRES on the factor kept from earlier steps
//!   (refactorising when that is cheaper per step); it prints the cost of one factorisation
//!   and of one iteration, the ratio behind `refactor::factor_cost`;
//! * `assemble_far4`, `step_far4`, `assemble_far8`, `step_far8`: the same with the far field at
//!   κ = 4 and 8 (edges at least κ edge lengths from a node by Simpson's rule;
//!   `RegularizedStokeslets::with_far_field`).
//!
//! Run: `cargo bench --bench rss`

use catena::external::RegularizedStokeslets;
use catena::math::{Vec3, rotate_about_axis};
use catena::model::Model;
use catena::scene::{build_scene, load_scene};
use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use std::path::PathBuf;
use std::time::Duration;

const OMEGA: f64 = 15.0;
const DT: f64 = 1e-3;

/// The shipped scene with M flagella, node velocities of a rigid rotation about each anchor.
fn flagella(m: usize) -> (Model, Vec<Vec3>) {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join(format!("examples/scenes/flagella_m{m}.ron"));
    let (spec, src) = load_scene(&path).expect("scene");
    let mut model = build_scene(&spec, &src, &path).expect("build").model;
    let anchors: Vec<Vec3> = model
        .bodies
        .rods
        .iter()
        .map(|r| r.node(&model.q, 0))
        .collect();
    set_rotation(&mut model, &anchors);
    (model, anchors)
}

fn set_rotation(model: &mut Model, anchors: &[Vec3]) {
    for (rod, c) in model.bodies.rods.iter().zip(anchors) {
        for i in 0..rod.n_nodes {
            let x = rod.node(&model.q, i);
            let v = Vec3::z().cross(&(x - c)) * OMEGA;
            let k = rod.node_dof(i);
            model.v[k..k + 3].copy_from_slice(v.as_slice());
        }
    }
}

/// Turns every flagellum by `angle` about its axis.
fn turn(model: &mut Model, anchors: &[Vec3], angle: f64) {
    for (rod, c) in model.bodies.rods.iter().zip(anchors) {
        for i in 0..rod.n_nodes {
            let x = c + rotate_about_axis(&(rod.node(&model.q, i) - c), &Vec3::z(), angle);
            let k = rod.node_dof(i);
            model.q[k..k + 3].copy_from_slice(x.as_slice());
        }
    }
}

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("rss");
    g.sample_size(10).measurement_time(Duration::from_secs(10));
    for m in [2, 10] {
        for (tag, kappa) in [("", None), ("_far4", Some(4.0)), ("_far8", Some(8.0))] {
            let (mut model, anchors) = flagella(m);
            let fluid = || {
                let rss = RegularizedStokeslets::new(0.1, None).unwrap();
                match kappa {
                    Some(k) => rss.with_far_field(k).unwrap(),
                    None => rss,
                }
            };
            let rss = fluid();
            let mut buf = Vec::new();
            g.bench_with_input(BenchmarkId::new(format!("assemble{tag}"), m), &m, |b, _| {
                b.iter(|| black_box(rss.assemble(&model, &model.q, &mut buf).unwrap()))
            });
            if kappa.is_none() {
                g.bench_with_input(BenchmarkId::new("cold", m), &m, |b, _| {
                    b.iter(|| {
                        let mut rss = fluid();
                        black_box(rss.compute(&model, &model.q, &model.v).unwrap()[0])
                    })
                });
            }
            let mut rss = fluid();
            rss.compute(&model, &model.q, &model.v).unwrap();
            g.bench_with_input(BenchmarkId::new(format!("step{tag}"), m), &m, |b, _| {
                b.iter(|| {
                    turn(&mut model, &anchors, OMEGA * DT);
                    set_rotation(&mut model, &anchors);
                    black_box(rss.compute(&model, &model.q, &model.v).unwrap()[0])
                })
            });
            let s = rss.stats();

            println!(
                "M = {m}{tag}: {} solves, {} factorisations, {:.2} GMRES iterations per solve, last ‖U − Af‖/‖U‖ = {:.1e}; \
                 per solve: assemble {:.2} ms, factorise {:.2} ms, refine {:.2} ms; \
                 one factorisation {:.2} ms, one iteration {:.3} ms",
                s.solves,
                s.factorisations,
                s.refinements as f64 / s.solves as f64,
                s.last_relative_residual,
                1e3 * s.assemble_seconds / s.solves as f64,
                1e3 * s.factorise_seconds / s.solves as f64,
                1e3 * s.refine_seconds / s.solves as f64,
                1e3 * s.factorise_seconds / s.factorisations.max(1) as f64,
                1e3 * s.refine_seconds / s.refinements.max(1) as f64,
            );
        }
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
