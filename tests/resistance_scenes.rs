//! The mesh-weighted and masked resistance laws in overdamped scenes read from RON: a node (or a
//! sphere) pushed by a constant force `F` against one held in place, with nothing else resisting
//! it, moves at `v = Γ⁻¹F` — `F_n/γ_n` along the line between the pair, `F_t/γ_t` across it —
//! with the `γ`'s the law picks: `w₁₂ γ` for mesh nodes of valences 4 and 5, the `(m₁, m₂)`
//! entries for masked spheres. And the scenes the two laws refuse, with the errors that say why.

use catena::contact::{Builtin, ChainElement, ElementSet};
use catena::math::Vec3;
use catena::scene::{build_scene, parse_scene};
use catena::system::Simulator;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Builds scene `src` whose chain `chain.ron` (in `dir`) is `chain`.
fn build(dir: &Path, chain: &str, src: &str) -> Result<Simulator, String> {
    std::fs::write(dir.join("chain.ron"), chain).unwrap();
    let file = dir.join("scene.ron");
    let spec = parse_scene(src, &file).map_err(|e| e.to_string())?;
    build_scene(&spec, src, &file)
        .map(|b| b.into_simulator())
        .map_err(|e| e.to_string())
}

/// The error of a scene that must be refused (`what` says why it must).
fn refused(built: Result<Simulator, String>, what: &str) -> String {
    match built {
        Ok(_) => panic!("the scene builds, but {what}"),
        Err(e) => e,
    }
}

/// `Γ⁻¹F` for `Γ = γ_n nnᵀ + γ_t (I − nnᵀ)`: `F_n/γ_n` along `n`, `F_t/γ_t` across.
fn velocity(n: Vec3, f: Vec3, gn: f64, gt: f64) -> Vec3 {
    let fn_ = n * n.dot(&f);
    fn_ / gn + (f - fn_) / gt
}

/// Checks, after each of five steps, that the point at `dof` moves at `Γ⁻¹F` (to 10⁻⁹) with the
/// normal `n` from the other point (at `other_dof`) to it at the step's end, where implicit
/// Euler evaluates the forces (the scenes set `step_tol: 0`, so that Newton stops on the
/// residual, not on the first step, whose `n` is the step start's: the pair turns by ~10⁻⁶ rad
/// per step).
fn check_velocities(sim: &mut Simulator, dof: usize, other_dof: usize, f: Vec3, gn: f64, gt: f64) {
    let at = |v: &[f64], k: usize| Vec3::new(v[k], v[k + 1], v[k + 2]);
    for step in 0..5 {
        let s = sim.step().unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(s.contacts.active, 1, "step {step}");
        let n = (at(&sim.model.q, dof) - at(&sim.model.q, other_dof)).normalize();
        let expected = velocity(n, f, gn, gt);
        let v = at(&sim.model.v, dof);
        assert!(
            (v - expected).norm() < 1e-9 * expected.norm(),
            "step {step}: v = {v:?}, Γ⁻¹F = {expected:?}"
        );
        // Nearly along the axes: F_x/γ_n along x, F_y/γ_t along y.
        assert!(
            (v.x - f.x / gn).abs() < 1e-4 * expected.norm(),
            "step {step}: {v:?}"
        );
        assert!(
            (v.y - f.y / gt).abs() < 1e-4 * expected.norm(),
            "step {step}: {v:?}"
        );
    }
}

/// Half the size (m) of the meshes, the node radius (half the thickness, m) and the nodes'
/// initial distance (m): 0.5 mm of overlap.
const S: f64 = 0.01;
const RHO: f64 = 1e-3;
const D: f64 = 1.5e-3;

/// An octahedron with its tip (node 0, 4 triangles) at `(S, 0, 0)`, and a pentagonal bipyramid
/// along x whose apex (node 0, 5 triangles) faces it `D` away; every node held but that apex.
/// `extra` goes into the bipyramid's entry.
fn meshes(extra: &str) -> String {
    let octa = format!(
        "nodes: [[{S}, 0, 0], [-{S}, 0, 0], [0, {S}, 0], [0, -{S}, 0], [0, 0, {S}], [0, 0, -{S}]],
         triangles: [[0, 2, 4], [2, 1, 4], [1, 3, 4], [3, 0, 4], [2, 0, 5], [1, 2, 5], [3, 1, 5], [0, 3, 5]]"
    );
    let x0 = 2.0 * S + D;
    let mut nodes = vec![format!("[{}, 0, 0]", x0 - S), format!("[{}, 0, 0]", x0 + S)];
    let mut tris = Vec::new();
    for k in 0..5 {
        let a = 2.0 * std::f64::consts::PI * f64::from(k) / 5.0;
        nodes.push(format!("[{x0}, {}, {}]", S * a.sin(), S * a.cos()));
        let (e, f) = (2 + k, 2 + (k + 1) % 5);
        tris.push(format!("[{e}, {f}, 0], [{f}, {e}, 1]"));
    }
    format!(
        "(name: \"octa\", material: \"soft\", thickness: {t}, mesh: Inline({octa}),
          clamp: [Box(min: (-1, -1, -1), max: (1, 1, 1))]),
         (name: \"bipyramid\", material: \"soft\", thickness: {t},
          mesh: Inline(nodes: [{}], triangles: [{}]),
          clamp: [Box(min: ({}, -1, -1), max: (1, 1, 1))]{extra}),",
        nodes.join(", "),
        tris.join(", "),
        x0 - 0.5 * S,
        t = 2.0 * RHO,
    )
}

/// The free apex, pushed into the tip and sideways, moves at `F_n/(w₁₂γ_n)` and `F_t/(w₁₂γ_t)`
/// with `w₁₂ = (w(4) + w(5))/2 = (1/√2 + (√5 − 1)/2)/2`: γ_n acts along the line between the
/// nodes. (The shells' elasticity, E = 1 µPa, adds a stiffness 10⁻¹³ of the resistance per
/// step.)
#[test]
fn a_pushed_mesh_node_moves_at_f_over_its_weighted_resistance() {
    let dir = tempfile::tempdir().unwrap();
    let (gn, gt) = (2.0, 0.5);
    let chain = format!(
        "Chain(name: \"mesh\", elements: [Point_1_Data, Point_2_Data, Point_Point,
            N_T_MeshWeightedResistance(gamma_normal: {gn}, gamma_tangential: {gt}),
            ComputeContactMatrixElementOverdamped(), AssembleForces, AssembleContactMatrix])"
    );
    let f = (-2e-6, 1e-6, 3e-7);
    let src = format!(
        "Scene(
            time: (dt: 1e-3, duration: 1.0, integrator: Overdamped),
            solver: (abs_tol: 1e-18, rel_tol: 1e-13, step_tol: 0),
            materials: {{ \"soft\": (youngs_modulus: 1e-6, poisson_ratio: 0.3, density: 1000) }},
            shells: [{}],
            forces: [PointForce(body: \"bipyramid\", node: 0, force: ({}, {}, {}))],
            contacts: [(chain: \"chain.ron\", first: Shells([\"octa\"]), second: Shells([\"bipyramid\"]),
                        keep_distance: 2e-3)],
        )",
        meshes(""),
        f.0,
        f.1,
        f.2
    );
    let mut sim = build(dir.path(), &chain, &src).unwrap_or_else(|e| panic!("{e}"));
    // w(N) = sin(π/N)/sin(2π/N): 1/√2 for the tip, (√5 − 1)/2 for the apex.
    let w12 = 0.5 * (0.5f64.sqrt() + (5f64.sqrt() - 1.0) / 2.0);
    let (apex, tip) = (
        sim.model.bodies.shells[1].node_dof(0),
        sim.model.bodies.shells[0].node_dof(0),
    );
    let f = Vec3::new(f.0, f.1, f.2);
    check_velocities(&mut sim, apex, tip, f, w12 * gn, w12 * gt);
}

/// Spheres of masks 1 (the held wall) and 0 (the pushed ball, not rotating): the ball moves at
/// `F_n/γ_n[0][1]`, `F_t/γ_t[0][1]`, not at any other entry's rate.
#[test]
fn a_pushed_masked_sphere_moves_at_f_over_the_entry_of_its_pair_of_masks() {
    let dir = tempfile::tempdir().unwrap();
    let chain = "Chain(name: \"masked\", elements: [Sphere_1_Data, Sphere_2_Data, Sphere_Sphere,
        N_T_MaskedConstantResistance(gamma_normal: [[1.0, 2.0], [2.0, 3.0]],
                                     gamma_tangential: [[0.1, 0.5], [0.5, 0.9]]),
        ComputeContactMatrixElementOverdamped(), AssembleForces, AssembleContactMatrix])";
    let f = (-2e-6, 1e-6, 0.0);
    let src = format!(
        "Scene(
            time: (dt: 1e-3, duration: 1.0, integrator: Overdamped),
            solver: (abs_tol: 1e-18, rel_tol: 1e-13, step_tol: 0),
            materials: {{ \"grain\": (youngs_modulus: 1e7, poisson_ratio: 0.3, density: 2500) }},
            spheres: [
                (name: \"wall\", material: \"grain\", radius: 1e-3, center: (0, 0, 0), fixed: true,
                 mask: 1),
                (name: \"ball\", material: \"grain\", radius: 1e-3, center: (1.9e-3, 0, 0),
                 rotation: false),
            ],
            forces: [PointForce(body: \"ball\", force: ({}, {}, {}))],
            contacts: [(chain: \"chain.ron\", first: AllSpheres, second: AllSpheres,
                        keep_distance: 1e-3)],
        )",
        f.0, f.1, f.2
    );
    let mut sim = build(dir.path(), chain, &src).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(sim.model.masks.of(catena::model::BodyKind::Sphere, 0), 1);
    let (ball, wall) = (
        sim.model.bodies.spheres[1].offset,
        sim.model.bodies.spheres[0].offset,
    );
    // γ_n[0][1] = 2, γ_t[0][1] = 0.5.
    check_velocities(&mut sim, ball, wall, Vec3::new(f.0, f.1, f.2), 2.0, 0.5);
}

/// A mask beyond the matrices is refused where it is declared: a sphere set's, naming the set
/// and the mask, with the fix.
#[test]
fn a_mask_beyond_the_matrices_is_refused_naming_the_set() {
    let dir = tempfile::tempdir().unwrap();
    let chain = std::fs::read_to_string(root().join("chains/masked_resistance.ron")).unwrap();
    let src = "Scene(
        time: (dt: 1e-3, duration: 1.0, integrator: Overdamped),
        materials: { \"grain\": (youngs_modulus: 1e7, poisson_ratio: 0.3, density: 2500) },
        spheres: [(name: \"big\", material: \"grain\", radius: 2e-3, center: (0, 0, 0.02), mask: 1)],
        sphere_sets: [
            (name: \"grains\", material: \"grain\", mask: 2,
             from: Lattice(origin: (0, 0, 0), spacing: 3e-3, counts: (2, 1, 1), radius: 1e-3)),
        ],
        forces: [StokesDrag(viscosity: 1.0)],
        contacts: [(chain: \"chain.ron\", first: AllSpheres, second: AllSpheres, keep_distance: 1e-3)],
    )";
    let err = refused(
        build(dir.path(), &chain, src),
        "mask 2 is beyond the 2 × 2 matrices",
    );
    assert!(
        err.contains("element 5 `N_T_MaskedConstantResistance`")
            && err.contains(
                "sphere \"grains0\" (of the sphere set \"grains\") has mask 2, but gamma_normal \
                 and gamma_tangential are 2 × 2 (masks 0 to 1)"
            )
            && err.contains("a row and a column for mask 2 (3 × 3)"),
        "{err}"
    );
    // The error points at the set's declaration (line 6 of the scene).
    assert!(err.contains("scene.ron:6:"), "{err}");
    // Masks 0 and 1 pass.
    let ok = src.replace("mask: 2", "mask: 0");
    build(dir.path(), &chain, &ok).unwrap_or_else(|e| panic!("{e}"));
}

/// The mesh-weighted law needs mesh nodes: its chain binds points only, and a scene binds it
/// between closed meshes only (a rod is not a mesh; a plate's corner has one or two triangles).
#[test]
fn the_mesh_weighted_law_is_refused_off_closed_meshes() {
    let dir = tempfile::tempdir().unwrap();
    let chain = std::fs::read_to_string(root().join("chains/mesh_resistance.ron")).unwrap();
    let scene = |bodies: &str, first: &str| {
        format!(
            "Scene(
                time: (dt: 1e-3, duration: 1.0, integrator: Overdamped),
                materials: {{ \"soft\": (youngs_modulus: 1e3, poisson_ratio: 0.3, density: 1000) }},
                {bodies}
                contacts: [(chain: \"chain.ron\", first: {first}, second: Shells([\"bipyramid\"]),
                            keep_distance: 2e-3)],
            )"
        )
    };
    let closed = scene(&format!("shells: [{}],", meshes("")), "Shells([\"octa\"])");
    build(dir.path(), &chain, &closed).unwrap_or_else(|e| panic!("{e}"));
    let rods = scene(
        &format!(
            "rods: [(name: \"hair\", material: \"soft\", radius: 1e-3,
                     geometry: Straight(start: (0, 0, 0.1), end: (0.05, 0, 0.1), nodes: 6))],
             shells: [{}],",
            meshes("")
        ),
        "AllRods",
    );
    let err = refused(build(dir.path(), &chain, &rods), "a rod is not a mesh");
    assert!(
        err.contains("element 5 `N_T_MeshWeightedResistance`: rod \"hair\" is not a mesh")
            && err.contains("N_T_ConstantResistance"),
        "{err}"
    );
    let plate = scene(
        &format!(
            "shells: [{}
                (name: \"plate\", material: \"soft\", thickness: 2e-3, translate: (0, 0, 0.1),
                 mesh: Plate(lx: 0.02, ly: 0.02, nx: 2, ny: 2))],",
            meshes("")
        ),
        "Shells([\"plate\"])",
    );
    let err = refused(
        build(dir.path(), &chain, &plate),
        "the plate has nodes of fewer than 3 triangles",
    );
    assert!(
        err.contains("shell \"plate\" node 0 has")
            && err.contains("needs N ≥ 3 at every node")
            && err.contains("closed meshes (cells)"),
        "{err}"
    );
    // The chain itself refuses sides that are not points.
    let spheres = chain
        .replace("Point_1_Data", "Sphere_1_Data")
        .replace("Point_2_Data", "Sphere_2_Data")
        .replace("Point_Point", "Sphere_Sphere");
    let path = dir.path().join("spheres.ron");
    std::fs::write(&path, spheres).unwrap();
    let err = catena::contact::Chain::<Builtin>::load(&path)
        .unwrap_err()
        .to_string();
    assert!(
        err.contains(
            "`N_T_MeshWeightedResistance`: acts on point (rod or shell node) against point"
        ),
        "{err}"
    );
}

/// `catena elements` lists both, with their formula and source.
#[test]
fn both_laws_are_documented() {
    for name in ["N_T_MeshWeightedResistance", "N_T_MaskedConstantResistance"] {
        let e = Builtin::catalogue()
            .into_iter()
            .find(|e| e.doc().name == name)
            .unwrap_or_else(|| panic!("{name} is not registered"));
        let d = e.doc();
        assert!(d.summary.contains("nnᵀ"), "{name}: {}", d.summary);
        assert!(
            d.details
                .contains(&format!("Source: mpacts {name} (seed 003)")),
            "{name}: {}",
            d.details
        );
        assert!(e.validate().is_ok(), "{name}");
    }
}
