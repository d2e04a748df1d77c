//! Hinge actuation of shells (seed 004 §7, the manta ray): the natural angle of the actuated
//! hinges follows its signal (sine or table), the stiff body follows the natural angle, and the
//! shipped manta swims forward along +x symmetrically about its centre line.

use catena::scene::{build_scene, load_scene, parse_scene};
use catena::system::Simulator;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn build(src: &str, file: &Path) -> Simulator {
    let spec = parse_scene(src, file).unwrap_or_else(|e| panic!("{e}"));
    build_scene(&spec, src, file)
        .unwrap_or_else(|e| panic!("{e}"))
        .into_simulator()
}

/// A stiff strip of 2 × 1 cells folding about its middle hinge line.
fn fold(signal: &str, dir: &Path) -> Simulator {
    let src = format!(
        r#"Scene(
        time: (dt: 1e-3, duration: 1.0),
        materials: {{ "m": (youngs_modulus: 1e9, poisson_ratio: 0.3, density: 1000) }},
        shells: [(name: "s", material: "m", thickness: 2e-3, bending: Hinge,
                  mesh: Plate(lx: 0.02, ly: 0.01, nx: 2, ny: 1, diagonals: OneWay),
                  actuate: [(hinges: Box(min: (0.0099, -1, -1), max: (0.0101, 1, 1)),
                             signal: {signal})])],
    )"#
    );
    let file = dir.join("fold.ron");
    std::fs::write(&file, &src).unwrap();
    build(&src, &file)
}

#[test]
fn a_table_signal_sets_the_natural_angle_and_the_stiff_strip_follows() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("fold.txt"),
        "# t phi\n0 0\n0.05 0.5\n1 0.5\n",
    )
    .unwrap();
    let mut sim = fold("Table(\"fold.txt\")", dir.path());
    assert_eq!(sim.model.bodies.shells[0].actuation[0].hinges.len(), 1);
    for _ in 0..25 {
        sim.step().unwrap_or_else(|e| panic!("{e}"));
    }
    let s = &sim.model.bodies.shells[0];
    let h = s.actuation[0].hinges[0];
    assert!(
        (s.natural_angles[h] - 0.25).abs() < 1e-12,
        "{}",
        s.natural_angles[h]
    );
    for _ in 0..275 {
        sim.step().unwrap_or_else(|e| panic!("{e}"));
    }
    let s = &sim.model.bodies.shells[0];
    assert_eq!(s.natural_angles[h], 0.5);
    let x = s.nodes(&sim.model.q);
    let phi = s.topology.hinges[h].dihedral_angle(&x);
    assert!(
        (phi - 0.5).abs() < 1e-3,
        "folded to {phi} rad, natural 0.5 rad"
    );
}

#[test]
fn a_bad_table_is_located_in_its_file() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("fold.txt"), "0 0\n0.1 abc\n").unwrap();
    let src = "Scene(time: (dt: 1e-3, duration: 1.0), \
        materials: { \"m\": (youngs_modulus: 1e9, poisson_ratio: 0.3, density: 1000) }, \
        shells: [(name: \"s\", material: \"m\", thickness: 2e-3, bending: Hinge, \
                  mesh: Plate(lx: 0.02, ly: 0.01, nx: 2, ny: 1, diagonals: OneWay), \
                  actuate: [(hinges: Box(min: (0.0099, -1, -1), max: (0.0101, 1, 1)), \
                             signal: Table(\"fold.txt\"))])])";
    let file = dir.path().join("fold.ron");
    let spec = parse_scene(src, &file).unwrap();
    let e = build_scene(&spec, src, &file).expect_err("a bad table is refused");
    assert!(e.file.ends_with("fold.txt"), "{e}");
    assert_eq!(e.position, Some((2, 5)), "{e}");
    // Mid-edge shells have no hinge angles to actuate.
    let mid = src.replace("bending: Hinge", "bending: MidEdge");
    let spec = parse_scene(&mid, &file).unwrap();
    let e = build_scene(&spec, &mid, &file).expect_err("refused");
    assert!(e.message.contains("Hinge") || e.help.as_deref().unwrap_or("").contains("Hinge"));
}

#[test]
fn the_shipped_manta_swims_forward_symmetrically() {
    let path = root().join("examples/scenes/manta_ray.ron");
    let (spec, src) = load_scene(&path).unwrap_or_else(|e| panic!("{e}"));
    let mut sim = build_scene(&spec, &src, &path).unwrap().into_simulator();
    let centre = |sim: &Simulator| {
        let x = sim.model.bodies.shells[0].nodes(&sim.model.q);
        let n = x.len() as f64;
        x.iter().fold(catena::math::Vec3::zeros(), |a, p| a + p) / n
    };
    let c0 = centre(&sim);
    for _ in 0..500 {
        // As `catena run`: a step whose Newton solve fails is retried with Δt halved.
        catena::validate::support::step(&mut sim, "manta").unwrap_or_else(|e| panic!("{e}"));
    }
    let c = centre(&sim);
    eprintln!("manta centre moved by {:?}", c - c0);
    assert!(c.x - c0.x > 0.05, "swam {} m along x", c.x - c0.x);
    assert!(
        (c.y - c0.y).abs() < 1e-9,
        "drifted sideways by {} m",
        c.y - c0.y
    );
}
