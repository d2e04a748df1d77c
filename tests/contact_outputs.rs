//! `Assemble_VirialStress` against statics: a column of three spheres of weight `w` and radius
//! `r` resting on a floor, at rest in a viscous medium (overdamped steps). The contact below sphere `k`
//! (from the bottom, 0-based) carries `(3 − k) w`, so the branch-vector sum `V σ_zz` is
//! `−r w (2(3 − k) − 1)`: `−5 r w`, `−3 r w`, `−r w`, `−9 r w = −n² r w` in all
//! (Christoffersen et al. 1981); every other component is zero. The steps.csv columns carry the
//! spheres' mean `−3 r w / V`. And a cell pressed between two planes: its virial stress
//! `−F h / V`, its contact area per plane, on which the plane carries the inner pressure, and
//! its per-triangle contact traction, which integrates to the planes' forces.

use catena::contact::{cell_contacts, cell_tractions, virial_stresses};
use catena::io::read_steps_csv;
use catena::run::{RunOptions, run};
use catena::scene::{build_scene, parse_scene};
use std::f64::consts::PI;
use std::path::Path;

const R: f64 = 1e-3;
const RHO: f64 = 2500.0;
const G: f64 = 9.81;

fn chain(name: &str, second: &str, resolver: &str) -> String {
    chain_with(name, second, resolver, "Assemble_VirialStress")
}

fn chain_with(name: &str, second: &str, resolver: &str, virial: &str) -> String {
    format!(
        "Chain(name: \"{name}\", elements: [Sphere_1_Data, {second}, {resolver}, \
         N_Hertz(), AssembleForces, AssembleContactMatrix, {virial}])"
    )
}

fn scene() -> String {
    let spheres: String = (0..3)
        .map(|k| {
            let z = R + 2.0 * R * k as f64;
            format!("(name: \"s{k}\", material: \"glass\", radius: {R}, center: (0, 0, {z})),\n")
        })
        .collect();
    format!(
        "Scene(
    name: \"column\",
    time: (dt: 0.25, duration: 2.0, integrator: Overdamped),
    solver: (force_tol: 1e-12),
    materials: {{ \"glass\": (youngs_modulus: 6.3e10, poisson_ratio: 0.23, density: {RHO}) }},
    spheres: [{spheres}],
    planes: [(name: \"floor\", origin: (0, 0, 0), normal: (0, 0, 1), material: \"glass\")],
    forces: [Gravity(g: (0, 0, -{G})), StokesDrag(viscosity: 1e3)],
    contacts: [
        (chain: \"pair.ron\", first: AllSpheres, second: AllSpheres, keep_distance: 1e-4),
        (chain: \"floor.ron\", first: AllSpheres, second: AllPlanes, keep_distance: 1e-4),
    ],
)"
    )
}

fn write_files(dir: &Path) -> std::path::PathBuf {
    std::fs::write(
        dir.join("pair.ron"),
        chain("pair", "Sphere_2_Data", "Sphere_Sphere"),
    )
    .unwrap();
    std::fs::write(
        dir.join("floor.ron"),
        chain("floor", "Plane_2_Data", "Sphere_Plane"),
    )
    .unwrap();
    let file = dir.join("column.ron");
    std::fs::write(&file, scene()).unwrap();
    file
}

fn build(file: &Path) -> catena::scene::BuiltScene {
    let src = std::fs::read_to_string(file).unwrap();
    let spec = parse_scene(&src, file).unwrap_or_else(|e| panic!("{e}"));
    build_scene(&spec, &src, file).unwrap_or_else(|e| panic!("{e}"))
}

/// Runs the scene `file` with output into `dir/out`, which it returns.
fn run_into(file: &Path, dir: &Path) -> std::path::PathBuf {
    let out = dir.join("out");
    let opts = RunOptions {
        out: Some(out.clone()),
        progress: false,
        ..RunOptions::default()
    };
    run(build(file), &opts).unwrap_or_else(|e| panic!("{e}"));
    out
}

/// The text of the last file of `out/frames` whose name `pick` accepts.
fn last_frame_file(out: &Path, pick: impl Fn(&str) -> bool) -> String {
    let frames = std::fs::read_dir(out.join("frames")).unwrap();
    let last = (frames.map(|e| e.unwrap().file_name().into_string().unwrap()))
        .filter(|n| pick(n))
        .max()
        .expect("a file of each frame");
    std::fs::read_to_string(out.join("frames").join(last)).unwrap()
}

/// The column of `file` stepped to rest (2 s): the simulator, each sphere's volume, its weight
/// and the virial stresses of the last step.
fn settled_column(
    file: &Path,
) -> (
    catena::system::Simulator,
    f64,
    f64,
    catena::contact::VirialStresses,
) {
    let mut sim = build(file).into_simulator();
    while sim.model.time < 2.0 - 1e-12 {
        sim.step().unwrap_or_else(|e| panic!("{e}"));
    }
    let volume = 4.0 / 3.0 * PI * R.powi(3);
    let s = virial_stresses(&sim.model, &sim.model.q, sim.last_contacts());
    (sim, volume, RHO * volume * G, s)
}

#[test]
fn a_column_of_spheres_carries_its_weight_in_its_virial_stress() {
    let dir = tempfile::tempdir().unwrap();
    let file = write_files(dir.path());
    let (sim, volume, w, s) = settled_column(&file);
    for (k, sigma) in s.spheres.iter().enumerate() {
        let expected = -R * w * (2.0 * (3 - k) as f64 - 1.0) / volume;
        assert!(
            (sigma[(2, 2)] - expected).abs() < 1e-6 * expected.abs(),
            "sphere {k}: σ_zz = {}, expected {expected}",
            sigma[(2, 2)]
        );
        for (i, j) in [(0, 0), (1, 1), (0, 1), (0, 2), (1, 2)] {
            assert!(
                sigma[(i, j)].abs() < 1e-9 * expected.abs(),
                "sphere {k}: σ[{i}{j}] = {}",
                sigma[(i, j)]
            );
        }
        assert_eq!(sigma, &sigma.transpose(), "symmetric");
    }
    let mean = s.spheres_mean(&sim.model)[(2, 2)];
    assert!(
        (mean + 3.0 * R * w / volume).abs() < 1e-6 * mean.abs(),
        "{mean}"
    );
}

/// `Assemble_VirialStress_2` gives each pair's share to side 2 only: sphere pairs are listed
/// lower index first, so sphere `k ≥ 1` keeps the contact below it, `V σ_zz = −r (3 − k) w`,
/// and the bottom sphere, side 1 of its contacts with the floor and with sphere 1, nothing.
#[test]
fn assemble_virial_stress_2_gives_side_two_its_share_only() {
    let dir = tempfile::tempdir().unwrap();
    let file = write_files(dir.path());
    for (name, second, resolver) in [
        ("pair", "Sphere_2_Data", "Sphere_Sphere"),
        ("floor", "Plane_2_Data", "Sphere_Plane"),
    ] {
        let text = chain_with(name, second, resolver, "Assemble_VirialStress_2");
        std::fs::write(dir.path().join(format!("{name}.ron")), text).unwrap();
    }
    let (_, volume, w, s) = settled_column(&file);
    assert_eq!(s.spheres[0], catena::math::Mat3::zeros(), "bottom sphere");
    for k in 1..3 {
        let expected = -R * w * (3 - k) as f64 / volume;
        let zz = s.spheres[k][(2, 2)];
        assert!(
            (zz - expected).abs() < 1e-6 * expected.abs(),
            "sphere {k}: σ_zz = {zz}, expected {expected}"
        );
    }
}

#[test]
fn steps_csv_has_the_spheres_mean_stress() {
    let dir = tempfile::tempdir().unwrap();
    let file = write_files(dir.path());
    let out = run_into(&file, dir.path());
    let text = std::fs::read_to_string(out.join("steps.csv")).unwrap();
    let header = text.lines().next().unwrap();
    assert!(
        header
            .ends_with(",spheres_sxx,spheres_syy,spheres_szz,spheres_sxy,spheres_syz,spheres_sxz"),
        "{header}"
    );
    let rows = read_steps_csv(&out.join("steps.csv")).unwrap_or_else(|e| panic!("{e}"));
    let last = rows.last().unwrap();
    let volume = 4.0 / 3.0 * PI * R.powi(3);
    let w = RHO * volume * G;
    let szz = last.stresses[0][2];
    // Each frame has the spheres' stresses as point data.
    let xml = last_frame_file(&out, |n| n.ends_with(".vtp") && !n.starts_with("contacts"));
    assert!(
        xml.contains(r#"Name="virial_stress" NumberOfComponents="9""#),
        "{xml}"
    );
    assert!(
        (szz + 3.0 * R * w / volume).abs() < 1e-6 * szz.abs(),
        "{szz}"
    );
}

/// A cell (cortical tension, volume held) pressed between two planes `h` apart: the planes'
/// forces are vertical and equal, `F`, at contact points on the planes, so its virial stress is
/// `σ_zz = −F h / V` (to the contact layer's depth, ~nm against `h` = 8 µm) and `σ_xx`, `σ_yy`,
/// `σ_xy` vanish; steps.csv has it as `cell_sxx…`.
#[test]
fn a_cell_between_two_planes_has_the_virial_stress_of_their_force() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("plane.ron"),
        "Chain(name: \"plane\", elements: [Point_1_Data, Plane_2_Data, Point_Plane, \
         N_LinearPressure(stiffness: 1e11), AssembleForces, AssembleContactMatrix, \
         Assemble_VirialStress])",
    )
    .unwrap();
    let h = 8e-6;
    let src = format!(
        "Scene(
    name: \"squeezed\",
    time: (dt: 0.05, duration: 1.0, integrator: Overdamped),
    solver: (abs_tol: 1e-18, rel_tol: 0, force_tol: 1e-9),
    materials: {{ \"cortex\": (youngs_modulus: 1, poisson_ratio: 0.3333, density: 1000) }},
    shells: [(name: \"cell\", material: \"cortex\", thickness: 1e-7, bending: Hinge,
              mesh: Icosphere(radius: 5e-6, level: 2),
              cell: (tension: 1e-3, bulk_modulus: 1e5))],
    planes: [
        (name: \"floor\", origin: (0, 0, {lo}), normal: (0, 0, 1), material: \"cortex\"),
        (name: \"ceiling\", origin: (0, 0, {hi}), normal: (0, 0, -1), material: \"cortex\"),
    ],
    forces: [SurfaceDrag(friction: 4e7)],
    contacts: [(chain: \"plane.ron\", first: AllShells, second: AllPlanes, keep_distance: 5e-7)],
)",
        lo = -h / 2.0,
        hi = h / 2.0
    );
    let file = dir.path().join("squeezed.ron");
    std::fs::write(&file, &src).unwrap();
    let out = run_into(&file, dir.path());
    let mut sim = build(&file).into_simulator();
    while sim.model.time < 1.0 - 1e-12 {
        sim.step().unwrap_or_else(|e| panic!("{e}"));
    }
    let contacts = sim.last_contacts();
    // The ceiling's push on the cell: side 1 (the node) receives −F₁₂.
    let ceiling_plane = catena::contact::BodyId::Plane(1);
    let ceiling_plane_prim =
        catena::contact::PrimId::Plane(catena::contact::PlanePrim { index: 1 });
    let ceiling: f64 = (contacts.iter())
        .filter(|c| c.active && c.key.second == ceiling_plane_prim)
        .map(|c| -c.virial.as_ref().expect("recorded").force.z)
        .sum();
    assert!(ceiling < 0.0, "the ceiling pushes down: {ceiling}");
    let volume = sim.model.bodies.shells[0]
        .cell_measures(&sim.model.q)
        .unwrap()
        .volume;
    let s = virial_stresses(&sim.model, &sim.model.q, contacts);
    let sigma = s.shells[0];
    let expected = ceiling * h / volume;
    assert!(
        (sigma[(2, 2)] - expected).abs() < 1e-3 * expected.abs(),
        "σ_zz = {}, −F h / V = {expected}",
        sigma[(2, 2)]
    );
    for (i, j) in [(0, 0), (1, 1), (0, 1)] {
        assert!(
            sigma[(i, j)].abs() < 1e-12 * expected.abs(),
            "σ[{i}{j}] = {}",
            sigma[(i, j)]
        );
    }
    let rows = read_steps_csv(&out.join("steps.csv")).unwrap_or_else(|e| panic!("{e}"));
    let header = std::fs::read_to_string(out.join("steps.csv")).unwrap();
    assert!(
        header
            .lines()
            .next()
            .unwrap()
            .ends_with(",cell_sxx,cell_syy,cell_szz,cell_sxy,cell_syz,cell_sxz")
    );
    assert_eq!(
        rows.last().unwrap().stresses,
        vec![[
            sigma[(0, 0)],
            sigma[(1, 1)],
            sigma[(2, 2)],
            sigma[(0, 1)],
            sigma[(1, 2)],
            sigma[(0, 2)]
        ]]
    );

    // The contact area per plane: the area shares Σ Ā/3 of the cell's nodes that overlap it.
    let pairs = cell_contacts(&sim.model, contacts);
    assert_eq!(pairs.len(), 2, "{pairs:?}");
    let top = &pairs[1];
    assert_eq!(top.first, catena::contact::BodyId::Shell(0));
    assert_eq!(top.second, ceiling_plane);
    assert!(
        (top.force.z - ceiling).abs() < 1e-12 * ceiling.abs(),
        "{top:?} vs {ceiling}"
    );
    let shares: f64 = (contacts.iter())
        .filter(|c| c.active && c.gap < 0.0 && c.key.second == ceiling_plane_prim)
        .map(|c| catena::contact::node_area(&sim.model, c.key.first).unwrap())
        .sum();
    assert!(shares > 0.0);
    assert!(
        (top.area - shares).abs() < 1e-12 * shares,
        "{} vs {shares}",
        top.area
    );

    // The traction on each triangle integrates (over rest areas) to the planes' forces, and on
    // the triangle whose three nodes press on the ceiling it is −k δ̄ ẑ: N_LinearPressure's
    // pressure k δ at each node, averaged.
    let cell = &sim.model.bodies.shells[0];
    let tractions = cell_tractions(&sim.model, contacts);
    assert_eq!(tractions.len(), 1);
    let (shell, t) = &tractions[0];
    assert_eq!((*shell, t.len()), (0, cell.mesh.triangles.len()));
    let total: catena::math::Vec3 = (t.iter().zip(&cell.rest_areas)).map(|(t, a)| t * *a).sum();
    let planes = pairs[0].force + pairs[1].force;
    assert!(
        (total - planes).norm() < 1e-9 * top.force.norm(),
        "Σ Ā t = {total:?}, planes {planes:?}"
    );
    let node_gap = |node: u32| {
        (contacts.iter())
            .filter(|c| c.active && c.key.second == ceiling_plane_prim)
            .find(|c| {
                c.key.first
                    == catena::contact::PrimId::ShellNode(catena::contact::ShellNode {
                        shell: 0,
                        node,
                    })
            })
            .map(|c| c.gap)
    };
    let pressed = (0..t.len())
        .filter_map(|k| {
            let gaps: Vec<f64> = (cell.mesh.triangles[k].iter())
                .map(|&i| node_gap(i))
                .collect::<Option<_>>()?;
            gaps.iter().all(|g| *g < 0.0).then_some((k, gaps))
        })
        .collect::<Vec<_>>();
    assert!(
        !pressed.is_empty(),
        "some triangle lies flat on the ceiling"
    );
    for (k, gaps) in &pressed {
        let expected = 1e11 * gaps.iter().sum::<f64>() / 3.0;
        assert!(
            (t[*k].z - expected).abs() < 1e-9 * expected.abs()
                && t[*k].x.abs() < 1e-9 * expected.abs()
                && t[*k].y.abs() < 1e-9 * expected.abs(),
            "triangle {k}: {:?}, −k δ̄ = {expected}",
            t[*k]
        );
    }
    let frame = last_frame_file(&out, |n| n.ends_with(".vtp"));
    assert!(frame.contains("Name=\"traction\" NumberOfComponents=\"3\""));

    let text = last_frame_file(&out, |n| n.starts_with("cell_contacts_"));
    assert!(
        text.starts_with(
            "first,second,contact_area,fx,fy,fz\n\"shell \"\"cell\"\"\",\"plane \"\"floor\"\"\","
        ),
        "{text}"
    );
}
