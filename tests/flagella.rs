//! The shipped flagella scenes (seed 001 §4.1) are what the generator writes, build into the
//! paper's model, and turn when run.

use catena::external::RegularizedStokeslets;
use catena::math::Vec3;
use catena::scene::{FlagellaSetup, build_scene, load_scene};
use std::path::PathBuf;

fn shipped(m: usize) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(format!("examples/scenes/flagella_m{m}.ron"))
}

#[test]
fn shipped_scenes_are_the_generator_output() {
    for m in [2, 3, 5, 10] {
        let text = std::fs::read_to_string(shipped(m)).expect("shipped scene");
        let generated = FlagellaSetup::paper(m).to_ron().expect("generate");
        assert!(
            text == generated,
            "examples/scenes/flagella_m{m}.ron differs from `catena flagella --m {m}`; regenerate it"
        );
    }
}

#[test]
fn shipped_scenes_build_into_the_paper_setup() {
    for m in [2, 3, 5, 10] {
        let path = shipped(m);
        let (spec, src) = load_scene(&path).expect("load");
        let s = build_scene(&spec, &src, &path).expect("build");
        assert_eq!(s.model.bodies.rods.len(), m);
        assert_eq!(s.model.n_nodes(), 68 * m);
        assert_eq!(s.dt, 1e-3);
        assert_eq!(s.duration, 250.0);
        assert!(s.contacts.is_some());
        assert_eq!(s.externals.len(), 1);
        assert_eq!(s.externals[0].name(), "RSS fluid");
        // Per rod: nodes 0, 1 (6 DOFs) and the twist of edge 0 are prescribed.
        let n_dofs = s.model.n_dofs();
        assert_eq!(s.model.dofs.n_free(), n_dofs - 7 * m);
        for rod in &s.model.bodies.rods {
            assert_eq!(rod.section.contact_radius(), 1e-3);
            assert_eq!(rod.material.youngs_modulus, 3e6);
            assert_eq!(rod.material.density, 1000.0);
            assert_eq!(rod.material.shear_modulus, 1e6);
        }
    }
}

#[test]
fn the_motor_turns_the_helix() {
    let path = shipped(2);
    let (spec, src) = load_scene(&path).expect("load");
    let mut sim = build_scene(&spec, &src, &path)
        .expect("build")
        .into_simulator();
    let rod = sim.model.bodies.rods[0].clone();
    let c = rod.node(&sim.model.q, 0);
    let angle = |q: &[f64], i: usize| {
        let r = rod.node(q, i) - c;
        r.y.atan2(r.x)
    };
    let (a0, q0) = (angle(&sim.model.q, 2), sim.model.q.clone());
    for _ in 0..100 {
        let step = sim.step().expect("step");
        assert!(step.newton.iterations <= 6);
    }
    // The hook node follows the motor (ω > 0: counter-clockwise seen from +z), lagging it.
    let turned = angle(&sim.model.q, 2) - a0;
    println!("hook turned by {turned:.3} rad in 0.1 s (motor: 1.5 rad)");
    assert!(turned > 0.3 && turned < 1.5, "{turned}");
    // The anchors and the axis nodes have not moved.
    for r in &sim.model.bodies.rods {
        for i in 0..2 {
            assert!((r.node(&sim.model.q, i) - r.node(&q0, i)).norm() < 1e-15);
        }
    }
    // The fluid resists: the hydrodynamic force on the turning hook opposes its motion.
    let mut rss = RegularizedStokeslets::new(0.1, None).unwrap();
    let f = rss
        .compute(&sim.model, &sim.model.q, &sim.model.v)
        .unwrap()
        .to_vec();
    let v2: Vec3 = rod.node(&sim.model.v, 2);
    assert!(rod.node(&f, 2).dot(&v2) < 0.0);
}
