//! `linear_solver: Symmetric` (sparse LBLᵀ, `SparseLblt`) on whole simulations: on a
//! conservative overdamped system (two cells pressed together between plates, volume
//! conservation through the Woodbury solve) it takes every Newton step without handing one to
//! the LU and reaches the LU's result to the solver's tolerance; on a system whose Jacobian is
//! not symmetric (rods with IMC friction) it hands every solve to the LU, so the run is the
//! LU's run, bit for bit.

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

fn run_to(sim: &mut Simulator, t: f64) {
    while sim.model.time < t - 1e-12 {
        sim.step().unwrap_or_else(|e| panic!("{e}"));
    }
}

/// Two cells side by side between two plates 8 µm apart: node-on-triangle pressure between
/// the cells, node-on-plane pressure on the plates, cortical tension, volume conservation.
fn cells_scene(dir: &Path) -> (String, PathBuf) {
    std::fs::write(
        dir.join("plane.ron"),
        "Chain(name: \"plane\", elements: [Point_1_Data, Plane_2_Data, Point_Plane, \
         N_LinearPressure(stiffness: 1e11), AssembleForces, AssembleContactMatrix])",
    )
    .unwrap();
    std::fs::copy(
        root().join("chains/cell_pressure.ron"),
        dir.join("cell_pressure.ron"),
    )
    .unwrap();
    let cell = |name: &str, x: f64| {
        format!(
            "(name: \"{name}\", material: \"cortex\", thickness: 1e-7, bending: Hinge, \
             mesh: Icosphere(radius: 5e-6, level: 2), translate: ({x}, 0, 0), \
             cell: (tension: 1e-3, bulk_modulus: 1e5))"
        )
    };
    let src = format!(
        "Scene(
    name: \"pair\",
    time: (dt: 0.05, duration: 1.0, integrator: Overdamped),
    solver: (abs_tol: 1e-18, rel_tol: 0, force_tol: 1e-9),
    materials: {{ \"cortex\": (youngs_modulus: 1, poisson_ratio: 0.3333, density: 1000) }},
    shells: [{a}, {b}],
    planes: [
        (name: \"floor\", origin: (0, 0, -4e-6), normal: (0, 0, 1), material: \"cortex\"),
        (name: \"ceiling\", origin: (0, 0, 4e-6), normal: (0, 0, -1), material: \"cortex\"),
    ],
    forces: [SurfaceDrag(friction: 4e7)],
    contacts: [
        (chain: \"plane.ron\", first: AllShells, second: AllPlanes, keep_distance: 5e-7),
        (chain: \"cell_pressure.ron\", first: AllShells, second: AllShells, keep_distance: 5e-7),
    ],
)",
        a = cell("left", -4.6e-6),
        b = cell("right", 4.6e-6)
    );
    (src, dir.join("pair.ron"))
}

#[test]
fn a_conservative_cell_system_is_solved_symmetrically_to_the_lu_result() {
    let dir = tempfile::tempdir().unwrap();
    let (src, file) = cells_scene(dir.path());
    let mut lu = simulator(&src, &file, LinearSolverKind::Direct);
    let mut sym = simulator(&src, &file, LinearSolverKind::Symmetric);
    run_to(&mut lu, 0.5);
    run_to(&mut sym, 0.5);
    assert_eq!(sym.linear_solver().symmetric_fallbacks, 0);
    let active = sym.last_contacts().iter().filter(|c| c.active).count();
    assert!(active > 0, "the cells touch each other and the plates");
    let scale = lu.model.q.iter().fold(0.0_f64, |m, v| m.max(v.abs()));
    let diff =
        (lu.model.q.iter().zip(&sym.model.q)).fold(0.0_f64, |m, (a, b)| m.max((a - b).abs()));
    assert!(
        diff < 1e-9 * scale,
        "positions differ by {diff:e} (scale {scale:e})"
    );
}

#[test]
fn an_unsymmetric_jacobian_falls_back_to_the_lu() {
    let file = root().join("examples/scenes/rods_crossing.ron");
    let src = std::fs::read_to_string(&file)
        .unwrap()
        .replace("chains/linear_rod_rod.ron", "chains/imc_friction.ron");
    assert!(
        src.contains("imc_friction"),
        "the scene binds chains/linear_rod_rod.ron"
    );
    let mut lu = simulator(&src, &file, LinearSolverKind::Direct);
    let mut sym = simulator(&src, &file, LinearSolverKind::Symmetric);
    run_to(&mut lu, 0.2);
    run_to(&mut sym, 0.2);
    assert!(sym.linear_solver().symmetric_fallbacks > 0);
    let diff =
        (lu.model.q.iter().zip(&sym.model.q)).fold(0.0_f64, |m, (a, b)| m.max((a - b).abs()));
    assert!(
        diff < 1e-8,
        "positions differ by {diff:e} m on rods 0.2 m long"
    );
}
