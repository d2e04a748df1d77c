//! Cost of one Newton iteration of the implicit Euler system, and of one full time step.
//!
//! Two models of 1,000 nodes in total, both rubber helices (E = 3 MPa, ν = 0.5,
//! ρ = 1000 kg/m³, r = 1 mm; helix radius 1 cm, pitch 5 cm, edges ≈ 0.8 mm) clamped at their
//! top end and hanging under gravity in a viscous medium (η = 0.1 Pa·s), Δt = 1 ms:
//!
//! * `helix_1x1000`: one rod of 1,000 nodes (10 turns);
//! * `helix_10x100`: ten rods of 100 nodes (one turn each), side by side.
//!
//! Benchmarks per model:
//!
//! * `assemble`: residual + Jacobian (frames rebased at the iterate, as Newton does);
//! * `factor_solve`: gather of the free right-hand side, numeric sparse LU factorisation
//!   (symbolic analysis already cached) and triangular solves;
//! * `iteration`: both, i.e. one Newton iteration without line search;
//! * `step`: one full `Simulator::step` (Newton with line search to convergence), always from
//!   the same moving state, taken a few steps after release.
//!
//! The Newton-iteration benchmarks use a randomly perturbed configuration and velocity so that
//! the Jacobian is generic (no symmetry-induced zeros). Run with `cargo bench --bench newton`.

use catena::model::{Model, RodFrames};
use catena::scene::{BuiltScene, build_scene, parse_scene};
use catena::system::{Assembler, Evaluation, ImplicitEuler, SparseLu, StepTargets, TimeIntegrator};
use catena::verify::Rng;
use criterion::{BatchSize, Criterion, SamplingMode, criterion_group, criterion_main};
use std::hint::black_box;
use std::path::Path;
use std::time::Duration;

const DT: f64 = 1e-3;
const HELIX_RADIUS: f64 = 0.01;
const PITCH: f64 = 0.05;

/// A scene of `n_rods` hanging helices of `nodes` nodes each, `turns` turns each.
fn scene_source(n_rods: usize, nodes: usize, turns: f64) -> String {
    let axial = turns * PITCH;
    let mut rods = String::new();
    let mut bcs = String::new();
    for k in 0..n_rods {
        let x = 3.0 * HELIX_RADIUS * k as f64;
        rods.push_str(&format!(
            "(name: \"h{k}\", material: \"rubber\", radius: 1e-3,
              geometry: Helix(radius: {HELIX_RADIUS}, pitch: {PITCH}, axial_length: {axial},
                              nodes: {nodes}, origin: ({x}, 0, 0), axis: (0, 0, -1))),\n"
        ));
        bcs.push_str(&format!("Clamp(rod: \"h{k}\", end: Start),\n"));
    }
    format!(
        "Scene(
            name: \"bench\",
            time: (dt: {DT}, duration: 1.0),
            materials: {{ \"rubber\": (youngs_modulus: 3e6, poisson_ratio: 0.5, density: 1000) }},
            rods: [{rods}],
            boundary_conditions: [{bcs}],
            forces: [Gravity(g: (0, 0, -9.81)), ViscousDrag(viscosity: 0.1)],
        )"
    )
}

fn build(n_rods: usize, nodes: usize, turns: f64) -> BuiltScene {
    let src = scene_source(n_rods, nodes, turns);
    let file = Path::new("bench.ron");
    let spec = parse_scene(&src, file).unwrap_or_else(|e| panic!("bench scene: {e}"));
    build_scene(&spec, &src, file).unwrap_or_else(|e| panic!("bench scene: {e}"))
}

/// Everything one Newton iteration needs, at a perturbed iterate.
struct Iterate {
    model: Model,
    asm: Assembler,
    source: Vec<RodFrames>,
    q: Vec<f64>,
    integrator: ImplicitEuler,
    eval: Evaluation,
    lu: SparseLu,
    rhs: Vec<f64>,
}

impl Iterate {
    fn new(scene: BuiltScene) -> Self {
        let BuiltScene {
            model, externals, ..
        } = scene;
        let mut rnd = Rng::new(0x5eed);
        let l_min = model
            .bodies
            .rods
            .iter()
            .flat_map(|r| r.rest_lengths.iter().copied())
            .fold(f64::INFINITY, f64::min);
        // q_prev: the rest state; v: a random velocity; q: q_prev perturbed by 5 % of an edge
        // in position and 0.05 rad in twist.
        let q_prev = model.q.clone();
        let mut is_twist = vec![false; q_prev.len()];
        for r in &model.bodies.rods {
            for e in 0..r.n_edges() {
                is_twist[r.twist_dof(e)] = true;
            }
        }
        let mut q = q_prev.clone();
        let mut v = vec![0.0; q.len()];
        for k in model.dofs.free_dofs() {
            let scale = if is_twist[k] { 0.05 } else { 0.05 * l_min };
            q[k] += scale * rnd.signed();
            v[k] = 0.1 * scale / DT * rnd.signed();
        }
        let mut integrator = ImplicitEuler::default();
        integrator.begin_step(&q_prev, &v, DT);
        let asm = Assembler::new(&model, externals);
        let mut it = Self {
            source: model.frames.clone(),
            model,
            asm,
            q,
            integrator,
            eval: Evaluation::default(),
            lu: SparseLu::default(),
            rhs: Vec::new(),
        };
        // Rebase once, as Newton does at every iterate: derivatives at q are then exact.
        let step = StepTargets {
            integrator: &it.integrator,
            t: DT,
        };
        it.asm.rebase(&it.model, &mut it.source, &it.q, &step);
        it.assemble();
        // Twice, so the symbolic analysis is cached and every buffer is warm.
        it.factor_solve();
        it.factor_solve();
        assert_eq!(it.lu.symbolic_count, 1);
        assert!(it.rhs.iter().all(|x| x.is_finite()), "singular Jacobian");
        it
    }

    fn assemble(&mut self) {
        let step = StepTargets {
            integrator: &self.integrator,
            t: DT,
        };
        self.asm.evaluate(
            &self.model,
            &self.source,
            &self.q,
            &step,
            true,
            &mut self.eval,
        );
    }

    fn factor_solve(&mut self) {
        self.rhs.clear();
        self.rhs
            .extend(self.model.dofs.free_dofs().map(|k| self.eval.residual[k]));
        self.lu
            .solve(self.asm.pattern(), &self.eval.jacobian, &mut self.rhs, DT)
            .expect("sparse LU");
    }
}

fn bench_model(c: &mut Criterion, label: &str, n_rods: usize, nodes: usize, turns: f64) {
    let mut it = Iterate::new(build(n_rods, nodes, turns));
    let n_free = it.model.dofs.n_free();
    let nnz = it.asm.pattern().nnz();

    let mut g = c.benchmark_group(label);
    g.sample_size(20)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3));
    g.bench_function("assemble", |b| {
        b.iter(|| {
            it.assemble();
            black_box(&it.eval.residual);
        })
    });
    g.bench_function("factor_solve", |b| {
        b.iter(|| {
            it.factor_solve();
            black_box(&it.rhs);
        })
    });
    g.bench_function("iteration", |b| {
        b.iter(|| {
            it.assemble();
            it.factor_solve();
            black_box(&it.rhs);
        })
    });

    // One full time step, always from the same state: a few steps after release, so the rods
    // are moving. The previous model is returned so that criterion drops it untimed.
    let mut sim = build(n_rods, nodes, turns).into_simulator();
    for _ in 0..5 {
        sim.step().expect("warm-up step");
    }
    let state = sim.model.clone();
    let report = sim.step().expect("step");
    eprintln!(
        "{label}: {n_free} free DOFs, {nnz} Jacobian non-zeros; one step: {} Newton iterations, \
         {} line-search evaluations",
        report.newton.iterations, report.newton.line_search_evaluations
    );
    // A step takes tens of ms: flat sampling keeps 20 samples within the measurement time.
    g.sampling_mode(SamplingMode::Flat);
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

fn newton(c: &mut Criterion) {
    bench_model(c, "helix_1x1000", 1, 1000, 10.0);
    bench_model(c, "helix_10x100", 10, 100, 1.0);
}

criterion_group!(benches, newton);
criterion_main!(benches);
