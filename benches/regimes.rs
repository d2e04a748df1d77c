//! The overdamped and static regimes against inertial dynamics on the same problems:
//!
//! * `static_cantilever`: `examples/scenes/cantilever.ron` (52 nodes, E = 20 GPa) brought to
//!   equilibrium under its weight by `integrator: Static` with gravity ramped over 5 load
//!   steps, against the 50 implicit Euler steps of Δt = 5 ms the dynamic scene takes to settle
//!   (`catena validate static`: both tips agree to 1e-6);
//! * `overdamped_bed`: one overdamped step (Γ v = F, Stokes drag η = 1 Pa·s on centres and
//!   spins) of 216 spheres (r = 1 mm, linear contact springs of chains/linear_sphere_*.ron)
//!   settling in a box. (The same bed under implicit Euler at Δt = 1 ms without drag does not
//!   converge in 50 Newton iterations: see issue 36's log on Newton in contact-rich beds.)
//!   `step`: under `Auto` (the envelope LU, and the LU without row pivoting in AMD order,
//!   `AmdLu`, when the envelope is too wide); `step_amd_lu`: with `linear_solver: AmdLu`;
//!   `step_lu`: with `linear_solver: Direct` (the pivoting sparse LU).
//!
//! Run: `cargo bench --bench regimes`

use catena::scene::{build_scene, parse_scene};
use catena::system::{LinearSolverKind, Simulator};
use criterion::{Criterion, criterion_group, criterion_main};
use std::path::{Path, PathBuf};
use std::time::Duration;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn simulator(src: &str, file: &Path) -> Simulator {
    let spec = parse_scene(src, file).unwrap();
    build_scene(&spec, src, file).unwrap().into_simulator()
}

fn cantilever(c: &mut Criterion) {
    let file = root().join("examples/scenes/cantilever.ron");
    let dynamic = std::fs::read_to_string(&file).unwrap();
    let stat = dynamic
        .replace(
            "time: (dt: 0.005, duration: 0.25)",
            "time: (dt: 0.2, duration: 1.0, integrator: Static)",
        )
        .replace(
            "Gravity(g: (0, 0, -9.81))",
            "Gravity(g: (0, 0, -9.81), ramp: 1.0)",
        );
    assert_ne!(stat, dynamic, "cantilever.ron changed: update the bench");
    let mut g = c.benchmark_group("static_cantilever");
    g.sample_size(20).measurement_time(Duration::from_secs(6));
    g.bench_function("static_5_load_steps", |b| {
        b.iter(|| {
            let mut sim = simulator(&stat, &file);
            for _ in 0..5 {
                sim.step().unwrap();
            }
            sim
        })
    });
    g.bench_function("implicit_euler_50_steps", |b| {
        b.iter(|| {
            let mut sim = simulator(&dynamic, &file);
            for _ in 0..50 {
                sim.step().unwrap();
            }
            sim
        })
    });
    g.finish();
}

fn bed(integrator: &str, drag: &str) -> String {
    let chain = |n: &str| root().join("chains").join(n).display().to_string();
    format!(
        r#"Scene(
    time: (dt: 1e-3, duration: 1.0, integrator: {integrator}),
    solver: (force_tol: 1e-6),
    materials: {{ "soft": (youngs_modulus: 1e7, poisson_ratio: 0.3, density: 2500) }},
    sphere_sets: [(name: "s", material: "soft", from: Lattice(
        origin: (0.0015, 0.0015, 0.0015), spacing: 0.0025, counts: (6, 6, 6),
        radius: 0.001, jitter: (0.0002, 0.0002, 0.0002), seed: 4))],
    planes: [
        (name: "floor", origin: (0, 0, 0), normal: (0, 0, 1), material: "soft"),
        (name: "west", origin: (0, 0, 0), normal: (1, 0, 0), material: "soft"),
        (name: "east", origin: (0.0155, 0, 0), normal: (-1, 0, 0), material: "soft"),
        (name: "south", origin: (0, 0, 0), normal: (0, 1, 0), material: "soft"),
        (name: "north", origin: (0, 0.0155, 0), normal: (0, -1, 0), material: "soft"),
    ],
    forces: [Gravity(g: (0, 0, -9.81)){drag}],
    contacts: [
        (chain: "{}", first: AllSpheres, second: AllSpheres, keep_distance: 2e-4, detect: OnMotion),
        (chain: "{}", first: AllSpheres, second: AllPlanes, keep_distance: 2e-4, detect: OnMotion),
    ],
)"#,
        chain("linear_sphere_sphere.ron"),
        chain("linear_sphere_plane.ron"),
    )
}

fn overdamped_bed(c: &mut Criterion) {
    let file = root().join("benches/virtual.ron");
    let mut g = c.benchmark_group("overdamped_bed_216_spheres");
    g.sample_size(20).measurement_time(Duration::from_secs(8));
    let src = bed("Overdamped", ", StokesDrag(viscosity: 1.0)");
    let mut sim = simulator(&src, &file);
    // Into contact first: the bed falls onto the floor and the layers meet.
    for _ in 0..20 {
        sim.step().unwrap();
    }
    let mut amd = simulator(&src, &file);
    amd.settings.linear_solver = LinearSolverKind::AmdLu;
    for _ in 0..20 {
        amd.step().unwrap();
    }
    let mut lu = simulator(&src, &file);
    lu.settings.linear_solver = LinearSolverKind::Direct;
    for _ in 0..20 {
        lu.step().unwrap();
    }
    g.bench_function("step", |b| b.iter(|| sim.step().unwrap()));
    g.bench_function("step_amd_lu", |b| b.iter(|| amd.step().unwrap()));
    g.bench_function("step_lu", |b| b.iter(|| lu.step().unwrap()));
    g.finish();
}

criterion_group!(benches, cantilever, overdamped_bed);
criterion_main!(benches);
