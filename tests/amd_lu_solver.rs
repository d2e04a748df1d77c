//! `linear_solver: AmdLu` (the unpivoted LU in AMD order, `AmdLu`) on a whole simulation: an
//! overdamped bed of rotating glass grains with Cundall–Strack friction (a structurally
//! symmetric, numerically unsymmetric Newton matrix, which the LBLᵀ refuses) is solved without
//! handing a step to the pivoting LU, and reaches the LU's result to the Newton tolerance.

use catena::scene::{build_scene, parse_scene};
use catena::system::{LinearSolverKind, Simulator};
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn simulator(src: &str, file: &Path, kind: LinearSolverKind) -> Simulator {
    let spec = parse_scene(src, file).unwrap_or_else(|e| panic!("{e}"));
    let mut sim = build_scene(&spec, src, file)
        .unwrap_or_else(|e| panic!("{e}"))
        .into_simulator();
    sim.settings.linear_solver = kind;
    sim
}

/// Asserts that `a` and `b` hold the same positions to 1e-9 of the largest coordinate (the
/// Newton tolerance, far above the solvers' round-off).
fn assert_same_positions(a: &Simulator, b: &Simulator) {
    let scale = a.model.q.iter().fold(0.0_f64, |m, v| m.max(v.abs()));
    let diff = (a.model.q.iter().zip(&b.model.q)).fold(0.0_f64, |m, (x, y)| m.max((x - y).abs()));
    assert!(
        diff < 1e-9 * scale,
        "positions differ by {diff:e} (scale {scale:e})"
    );
}

/// The bottom `count` grains of `compress_1000`'s settled bed, in the scene's box, under
/// gravity and Stokes drag, overdamped, with the scene's frictional chains (grains and walls).
fn bed_scene(dir: &Path, count: usize) -> (String, PathBuf) {
    let bed =
        std::fs::read_to_string(root().join("examples/scenes/compress_1000_bed.csv")).unwrap();
    let mut lines: Vec<&str> = bed.lines().filter(|l| !l.starts_with('#')).collect();
    lines.truncate(count + 1);
    std::fs::write(dir.join("bed.csv"), lines.join("\n") + "\n").unwrap();
    let chains = root().join("chains");
    let src = format!(
        "Scene(
    name: \"bed\",
    time: (dt: 1e-3, duration: 0.01, integrator: Overdamped),
    solver: (force_tol: 1e-9),
    materials: {{ \"glass\": (youngs_modulus: 6.3e10, poisson_ratio: 0.23, density: 2500) }},
    sphere_sets: [(name: \"g\", material: \"glass\", from: File(\"bed.csv\"))],
    planes: [
        (name: \"floor\", origin: (0, 0, 0), normal: (0, 0, 1), material: \"glass\"),
        (name: \"west\", origin: (0, 0, 0), normal: (1, 0, 0), material: \"glass\"),
        (name: \"east\", origin: (0.02, 0, 0), normal: (-1, 0, 0), material: \"glass\"),
        (name: \"south\", origin: (0, 0, 0), normal: (0, 1, 0), material: \"glass\"),
        (name: \"north\", origin: (0, 0.02, 0), normal: (0, -1, 0), material: \"glass\"),
    ],
    forces: [Gravity(g: (0, 0, -9.81)), StokesDrag(viscosity: 1000.0)],
    contacts: [
        (chain: \"{c}/granular_onset.ron\", first: AllSpheres, second: AllSpheres, keep_distance: 0.0002, detect: OnMotion),
        (chain: \"{c}/granular_plane_onset.ron\", first: AllSpheres, second: AllPlanes, keep_distance: 0.0002, detect: OnMotion),
    ],
)",
        c = chains.display()
    );
    (src, dir.join("bed.ron"))
}

#[test]
fn an_overdamped_frictional_bed_is_solved_by_the_amd_lu_to_the_lu_result() {
    let dir = tempfile::tempdir().unwrap();
    let (src, file) = bed_scene(dir.path(), 150);
    let mut lu = simulator(&src, &file, LinearSolverKind::Direct);
    let mut amd = simulator(&src, &file, LinearSolverKind::AmdLu);
    let mut sym = simulator(&src, &file, LinearSolverKind::Symmetric);
    for _ in 0..5 {
        lu.step().unwrap_or_else(|e| panic!("{e}"));
        amd.step().unwrap_or_else(|e| panic!("{e}"));
    }
    sym.step().unwrap_or_else(|e| panic!("{e}"));
    // Friction makes the Newton matrix unsymmetric: the LBLᵀ hands it back.
    assert!(sym.linear_solver().symmetric_fallbacks > 0);
    assert_eq!(amd.linear_solver().amd_lu_fallbacks, 0);
    let active = amd.last_contacts().iter().filter(|c| c.active).count();
    assert!(active > 100, "the grains touch ({active} active contacts)");
    assert_same_positions(&lu, &amd);
}

/// `compress_1000` (6,001 DOFs) under `AmdLu` for its first ten steps (the piston arrives at
/// 6 ms): no solve falls back to the LU. A measurement, not a check of the physics:
/// `cargo test --release --test amd_lu_solver -- --ignored --nocapture`.
#[test]
#[ignore = "a measurement on the 1,000-grain bed (about 15 s)"]
fn compress_1000_under_the_amd_lu() {
    let file = root().join("examples/scenes/compress_1000.ron");
    let src = std::fs::read_to_string(&file).unwrap();
    let mut sim = simulator(&src, &file, LinearSolverKind::AmdLu);
    for _ in 0..10 {
        sim.step().unwrap_or_else(|e| panic!("{e}"));
    }
    let fallbacks = sim.linear_solver().amd_lu_fallbacks;
    println!("AmdLu fallbacks to the LU over 10 steps: {fallbacks}");
    assert_eq!(fallbacks, 0);
}

/// `Auto` on an overdamped bed of rigid grains hands the solves whose envelope is too wide to
/// the unpivoted LU (not to the pivoting one), and reaches `AmdLu`'s result.
#[test]
fn auto_solves_an_overdamped_bed_of_grains_with_the_amd_lu() {
    let dir = tempfile::tempdir().unwrap();
    let (src, file) = bed_scene(dir.path(), 150);
    let mut auto = simulator(&src, &file, LinearSolverKind::Auto);
    let mut amd = simulator(&src, &file, LinearSolverKind::AmdLu);
    for _ in 0..3 {
        auto.step().unwrap_or_else(|e| panic!("{e}"));
        amd.step().unwrap_or_else(|e| panic!("{e}"));
    }
    let solver = auto.linear_solver();
    assert!(solver.amd_lu_solves > 0, "no solve took the AmdLu");
    assert_eq!(solver.amd_lu_fallbacks, 0);
    assert_same_positions(&auto, &amd);
}
