//! Shell benchmarks on a 10,000-triangle plate (100 × 50 cells, alternating diagonals, clamped
//! along one short side, under gravity): one evaluation of the global residual and Jacobian
//! (stretching of 15,150 edges plus hinge or mid-edge bending) and one implicit Euler step,
//! for each bending model.
//!
//! Run: `cargo bench --bench shells`

use catena::scene::{build_scene, parse_scene};
use catena::system::{Assembler, Evaluation, IntegratorKind, Simulator, StepTargets};
use catena::verify::Rng;
use criterion::{Criterion, criterion_group, criterion_main};
use std::path::PathBuf;
use std::time::Duration;

fn plate_scene(bending: &str) -> (catena::scene::BuiltScene, String) {
    let src = format!(
        r#"Scene(
        time: (dt: 1e-3, duration: 1.0),
        materials: {{ "m": (youngs_modulus: 1e8, poisson_ratio: 0.3, density: 1000) }},
        shells: [(name: "p", material: "m", thickness: 1e-3, bending: {bending},
                  mesh: Plate(lx: 0.2, ly: 0.1, nx: 100, ny: 50, diagonals: Alternating),
                  clamp: [Box(min: (-1, -1, -1), max: (1e-4, 1, 1))])],
        forces: [Gravity(g: (0, 0, -9.81))],
    )"#
    );
    let file = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("benches/virtual.ron");
    let spec = parse_scene(&src, &file).unwrap();
    (build_scene(&spec, &src, &file).unwrap(), src)
}

fn assembly(c: &mut Criterion) {
    let mut g = c.benchmark_group("shell_assembly_10k_triangles");
    g.sample_size(20).measurement_time(Duration::from_secs(8));
    for bending in ["Hinge", "MidEdge"] {
        let (built, _) = plate_scene(bending);
        let mut model = built.model;
        assert_eq!(model.bodies.shells[0].mesh.triangles.len(), 10_000);
        let mut rng = Rng::new(3);
        let q_prev = model.q.clone();
        for k in model.dofs.free_dofs().collect::<Vec<_>>() {
            model.q[k] += 1e-4 * rng.signed();
        }
        let mut integrator = catena::system::build_integrator(IntegratorKind::ImplicitEuler);
        integrator.begin_step(&q_prev, &model.v, built.dt);
        let mut asm = Assembler::new(&model, built.externals);
        let step = StepTargets {
            integrator: &*integrator,
            t: built.dt,
        };
        let mut ev = Evaluation::default();
        let q = model.q.clone();
        let mut source = model.frames.clone();
        asm.rebase(&model, &mut source, &q, &step);
        g.bench_function(bending, |b| {
            b.iter(|| asm.evaluate(&model, &source, &q, &step, true, &mut ev))
        });
    }
    g.finish();
}

fn step(c: &mut Criterion) {
    let mut g = c.benchmark_group("shell_step_10k_triangles");
    g.sample_size(10).measurement_time(Duration::from_secs(20));
    for bending in ["Hinge", "MidEdge"] {
        let (built, _) = plate_scene(bending);
        let mut sim: Simulator = built.into_simulator();
        g.bench_function(bending, |b| b.iter(|| sim.step().unwrap()));
    }
    g.finish();
}

criterion_group!(benches, assembly, step);
criterion_main!(benches);
