//! Granular scenes from data and their outputs (issue 20, items 5 and 6): sphere sets read
//! from CSV and `.vtp` files or generated (lattice, random packing), with located errors and
//! the memory estimate; the granular columns of `steps.csv`, the motion arrays of frames, the
//! force chains and the contact list.

use catena::io::{read_steps_csv, read_vtp};
use catena::run::{RunOptions, run};
use catena::scene::{MemoryEstimate, build_scene, parse_scene};
use std::f64::consts::PI;
use std::path::{Path, PathBuf};

fn chain(name: &str) -> String {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("chains")
        .join(name);
    format!("{:?}", p.to_str().expect("utf-8"))
}

/// A scene `body` (spheres, sets, planes, contacts, output) in `dir`, with material "m".
fn scene(dir: &Path, time: &str, body: &str) -> (PathBuf, String) {
    let src = format!(
        r#"Scene(
        time: {time},
        materials: {{ "m": (youngs_modulus: 1e7, poisson_ratio: 0.3, density: 2500) }},
        {body}
    )"#
    );
    let file = dir.join("scene.ron");
    std::fs::write(&file, &src).expect("write scene");
    (file, src)
}

fn build(file: &Path, src: &str) -> Result<catena::scene::BuiltScene, catena::scene::SceneError> {
    let spec = parse_scene(src, file)?;
    build_scene(&spec, src, file)
}

#[test]
fn sets_from_csv_lattice_and_random_packing() {
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::write(
        dir.path().join("pack.csv"),
        "# two spheres\nx,y,z,r,vx,vy,vz,wx,wy,wz\n0.1,0.2,0.3,0.01,1,0,0,0,0,5\n0.2,0.2,0.3,0.02,0,0,0,0,0,0\n",
    )
    .expect("csv");
    let (file, src) = scene(
        dir.path(),
        "(dt: 1e-4, duration: 1e-3)",
        r#"spheres: [(name: "solo", material: "m", radius: 0.01, center: (0.5, 0.5, 0.5))],
        sphere_sets: [
            (name: "c", material: "m", from: File("pack.csv"), velocity: (0, 0, -1)),
            (name: "l", material: "m", from: Lattice(origin: (0, 0, 1), spacing: 0.03,
             counts: (3, 2, 2), radius: 0.01, stagger: true, jitter: (0.001, 0.001, 0.001), seed: 9)),
            (name: "r", material: "m", from: Random(min: (0.4, 0.4, 0.4), max: (0.6, 0.6, 0.6),
             radius: 0.01, radius_max: 0.02, count: 40, seed: 2)),
        ],"#,
    );
    let built = build(&file, &src).expect("build");
    let m = &built.model;
    assert_eq!(m.bodies.spheres.len(), 1 + 2 + 12 + 40);
    let c1 = &m.bodies.spheres[2];
    assert_eq!(c1.name, "c1");
    assert_eq!(c1.radius, 0.02);
    let c0 = &m.bodies.spheres[1];
    assert_eq!(c0.center(&m.v).x, 1.0);
    assert_eq!(c0.center(&m.v).z, -1.0, "the set's velocity is added");
    assert_eq!(c0.omega(&m.v).z, 5.0);
    assert_eq!(m.bodies.spheres[3].name, "l0");
    assert_eq!(m.bodies.spheres[54].name, "r39");
    // The random packing avoids the sphere "solo" at its centre, and itself.
    for (i, a) in m.bodies.spheres[15..].iter().enumerate() {
        for b in m.bodies.spheres[15 + i + 1..]
            .iter()
            .chain([&m.bodies.spheres[0]])
        {
            let d = (a.center(&m.q) - b.center(&m.q)).norm();
            assert!(d >= a.radius + b.radius, "{} overlaps {}", a.name, b.name);
        }
    }
    // Built twice, the same spheres (seeded generators).
    let again = build(&file, &src).expect("build again");
    assert_eq!(again.model.q, m.q);
    // The memory estimate counts the spheres of the sets without making them.
    let spec = parse_scene(&src, &file).expect("parse");
    let est = MemoryEstimate::of(&spec, &file);
    assert_eq!(est.dofs, 6.0 * 55.0); // centre and rotation of each sphere
}

#[test]
fn file_and_set_errors_are_located() {
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::write(
        dir.path().join("bad.csv"),
        "x,y,z,r\n0,0,0,0.01\n0,0,0.1,big\n",
    )
    .expect("csv");
    let (file, src) = scene(
        dir.path(),
        "(dt: 1e-4, duration: 1e-3)",
        r#"sphere_sets: [(name: "c", material: "m", from: File("bad.csv"))],"#,
    );
    let e = build(&file, &src).expect_err("bad row");
    assert_eq!(e.file, dir.path().join("bad.csv"));
    assert_eq!(e.position, Some((3, 9)), "{e}");
    assert!(e.message.contains("column `r`") && e.help.is_some(), "{e}");

    let (file, src) = scene(
        dir.path(),
        "(dt: 1e-4, duration: 1e-3)",
        r#"sphere_sets: [
            (name: "dense", material: "m", from: Random(min: (0, 0, 0), max: (0.1, 0.1, 0.1),
             radius: 0.01, volume_fraction: 0.7)),
        ],"#,
    );
    let e = build(&file, &src).expect_err("jammed");
    assert_eq!(e.file, file);
    assert_eq!(e.position, Some((5, 20)), "{e}");
    assert!(e.message.contains("placed only"), "{e}");

    let (file, src) = scene(
        dir.path(),
        "(dt: 1e-4, duration: 1e-3)",
        r#"spheres: [(name: "l1", material: "m", radius: 0.01, center: (5, 5, 5))],
        sphere_sets: [(name: "l", material: "m", from: Lattice(origin: (0, 0, 0), spacing: 0.03,
             counts: (2, 1, 1), radius: 0.01))],"#,
    );
    let e = build(&file, &src).expect_err("name taken");
    assert!(e.message.contains("\"l1\", a name already taken"), "{e}");
    assert!(e.position.is_some());

    let (file, src) = scene(
        dir.path(),
        "(dt: 1e-4, duration: 1e-3)",
        r#"sphere_sets: [(name: "c", material: "m", from: File("pack.txt"))],"#,
    );
    let e = build(&file, &src).expect_err("extension");
    assert!(e.message.contains("neither .csv nor .vtp"), "{e}");
}

/// Runs `file` for its duration into `dir/out`; returns the output directory.
fn run_scene(file: &Path, dir: &Path) -> PathBuf {
    let src = std::fs::read_to_string(file).expect("read");
    let built = build(file, &src).expect("build");
    let out = dir.join("out");
    run(
        built,
        &RunOptions {
            out: Some(out.clone()),
            ..RunOptions::default()
        },
    )
    .expect("run");
    out
}

#[test]
fn a_spinning_sphere_has_half_i_omega_squared_and_its_frame_says_so() {
    let dir = tempfile::tempdir().expect("tempdir");
    let (file, _) = scene(
        dir.path(),
        "(dt: 1e-3, duration: 5e-3)",
        r#"output: (frame_every: 5),
        spheres: [(name: "s", material: "m", radius: 0.01, center: (0, 0, 1),
                   velocity: (0.5, 0, 0), angular_velocity: (0, 0, 30))],"#,
    );
    let out = run_scene(&file, dir.path());
    let rows = read_steps_csv(&out.join("steps.csv")).expect("steps");
    let m = 2500.0 * 4.0 / 3.0 * PI * 1e-6;
    let (ke_t, ke_r) = (0.5 * m * 0.25, 0.5 * 0.4 * m * 1e-4 * 900.0);
    for r in &rows {
        let g = r.granular.expect("granular columns");
        assert!((g.ke_translational - ke_t).abs() < 1e-12 * ke_t);
        assert!(
            (g.ke_rotational - ke_r).abs() < 1e-12 * ke_r,
            "{} vs {ke_r}",
            g.ke_rotational
        );
        assert_eq!(
            (g.coordination, g.max_overlap, g.packing_fraction),
            (0.0, 0.0, None)
        );
    }
    let frame = read_vtp(&out.join("frames/frame_000001.vtp")).expect("frame");
    let s = frame.spheres[0];
    assert!((s.velocity - catena::math::Vec3::new(0.5, 0.0, 0.0)).norm() < 1e-12);
    assert!((s.angular_velocity - catena::math::Vec3::new(0.0, 0.0, 30.0)).norm() < 1e-12);
    let xml = std::fs::read_to_string(out.join("frames/frame_000001.vtp")).expect("xml");
    // After 5 ms at 30 rad/s about z: the quaternion (cos 0.075, 0, 0, sin 0.075).
    let body = xml
        .split(r#"Name="orientation""#)
        .nth(1)
        .expect("orientation");
    let q: Vec<f64> = body[body.find('>').expect(">") + 1..body.find("</").expect("<")]
        .split_whitespace()
        .map(|x| x.parse().expect("number"))
        .collect();
    assert!((q[0] - 0.075f64.cos()).abs() < 1e-12 && (q[3] - 0.075f64.sin()).abs() < 1e-12);
    // No contacts: no force chains.
    assert!(!out.join("frames/contacts_000001.vtp").exists());
}

#[test]
fn coordination_overlap_packing_fraction_force_chains_and_contact_list() {
    // Three spheres in a row, each pair overlapping, all three on the floor: 2 sphere–sphere
    // and 3 sphere–floor contacts, Z = (2·2 + 3)/3.
    let dir = tempfile::tempdir().expect("tempdir");
    let r: f64 = 0.01;
    let (file, _) = scene(
        dir.path(),
        "(dt: 1e-5, duration: 2e-5)",
        &format!(
            r#"output: (frame_every: 1, contact_list: true,
                    packing_region: Box(min: (-1, -1, -1), max: (1, 1, 1))),
        spheres: [
            (name: "a", material: "m", radius: {r}, center: (0, 0, 0.0099)),
            (name: "b", material: "m", radius: {r}, center: (0.0199, 0, 0.0099)),
            (name: "c", material: "m", radius: {r}, center: (0.0398, 0, 0.0099)),
        ],
        planes: [(name: "floor", origin: (0, 0, 0), normal: (0, 0, 1))],
        contacts: [
            (chain: {}, first: AllSpheres, second: AllSpheres, keep_distance: 0.001),
            (chain: {}, first: AllSpheres, second: AllPlanes, keep_distance: 0.001),
        ],"#,
            chain("hertz_coulomb.ron"),
            chain("hertz_coulomb_plane.ron")
        ),
    );
    let out = run_scene(&file, dir.path());
    let rows = read_steps_csv(&out.join("steps.csv")).expect("steps");
    let header = std::fs::read_to_string(out.join("steps.csv")).expect("csv");
    assert!(header.lines().next().expect("header").ends_with(
        "integrator_dissipated,ke_translational,ke_rotational,coordination,max_overlap,\
         packing_fraction"
    ));
    // The spheres' kinetic energies add up to the energy columns' (the only bodies).
    for r in &rows {
        let (g, e) = (r.granular.expect("granular"), r.energy.expect("energy"));
        let spheres = g.ke_translational + g.ke_rotational;
        assert!(
            (e.kinetic - spheres).abs() <= 1e-12 * spheres.max(1e-300),
            "{} vs {spheres}",
            e.kinetic
        );
    }
    let g = rows[0].granular.expect("granular");
    assert!(
        (g.coordination - 7.0 / 3.0).abs() < 1e-15,
        "Z = {}",
        g.coordination
    );
    assert!(
        g.max_overlap > 9e-5 && g.max_overlap < 1.2e-4,
        "{}",
        g.max_overlap
    );
    let phi = 3.0 * 4.0 / 3.0 * PI * r.powi(3) / 8.0;
    let got = g.packing_fraction.expect("region");
    assert!((got - phi).abs() < 1e-15, "{got} vs {phi}");

    let chains = std::fs::read_to_string(out.join("frames/contacts_000001.vtp")).expect("chains");
    assert!(chains.contains(r#"NumberOfLines="5""#), "{chains}");
    let list = std::fs::read_to_string(out.join("frames/contacts_000001.csv")).expect("list");
    let rows: Vec<&str> = list.lines().skip(1).collect();
    assert_eq!(rows.len(), 5);
    for row in &rows {
        let f: Vec<&str> = row.split(',').collect();
        let (overlap, normal): (f64, f64) = (f[4].parse().expect("o"), f[5].parse().expect("n"));
        assert!(overlap > 0.0 && normal > 0.0, "{row}");
    }
    assert!(list.contains(r#""sphere ""a""","sphere ""b""""#), "{list}");
    assert!(
        list.contains(r#""sphere ""c""","plane ""floor""""#),
        "{list}"
    );
}

#[test]
fn a_frame_is_read_back_as_a_sphere_set() {
    let dir = tempfile::tempdir().expect("tempdir");
    let (file, _) = scene(
        dir.path(),
        "(dt: 1e-3, duration: 2e-3)",
        r#"output: (frame_every: 1),
        spheres: [(name: "s", material: "m", radius: 0.01, center: (0, 0, 1),
                   velocity: (0.5, 0, 0), angular_velocity: (0, 2, 0))],"#,
    );
    let out = run_scene(&file, dir.path());
    let frame = out.join("frames/frame_000002.vtp");
    let sub = dir.path().join("again");
    std::fs::create_dir(&sub).expect("dir");
    let (file, src) = scene(
        &sub,
        "(dt: 1e-3, duration: 2e-3)",
        &format!(
            r#"sphere_sets: [(name: "p", material: "m", from: File({:?}))],"#,
            frame
        ),
    );
    let built = build(&file, &src).expect("build");
    let m = &built.model;
    let s = &m.bodies.spheres[0];
    assert!((s.center(&m.q) - catena::math::Vec3::new(0.001, 0.0, 1.0)).norm() < 1e-12);
    assert!((s.center(&m.v).x - 0.5).abs() < 1e-12);
    assert!((s.omega(&m.v).y - 2.0).abs() < 1e-12);
}
