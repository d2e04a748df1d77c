//! The knot a user brought from another DER code (issue 19): 301 nodes, 3.3 mm edges,
//! r = 1.6 mm, IMC with δ = 0.5 mm, ends pulled. Its edge pairs (i, i+2) are 3.3 mm apart along
//! the rod, inside the band 2r + δ = 3.7 mm: the default self-contact rule leaves them out, a
//! narrower rule keeps them (and warns). And the physically scaled Newton tolerance.

use catena::contact::NO_DOF;
use catena::scene::{BuiltScene, build_scene, parse_scene};
use catena::system::Convergence;
use std::path::Path;

fn scene(dt: f64, exclude: &str) -> String {
    let root = env!("CARGO_MANIFEST_DIR");
    format!(
        r#"Scene(
    name: "knot",
    time: (dt: {dt}, duration: 10),
    materials: {{ "soft": (youngs_modulus: 1.8e5, poisson_ratio: 0.5, density: 1000) }},
    rods: [ (name: "knot", material: "soft", radius: 1.6e-3,
             geometry: PolylineFile("{root}/examples/scenes/knot_pull_nodes.txt")) ],
    boundary_conditions: [
        Translate(rod: "knot", nodes: [0, 1], edges: [0], velocity: (0, 0.0044684, 0.0022434)),
        Translate(rod: "knot", nodes: [299, 300], edges: [299], velocity: (0, -0.0044684, -0.0022434)),
    ],
    forces: [ViscousDrag(viscosity: 0.02)],
    contacts: [ (chain: "{root}/chains/imc_knot.ron", first: AllRods, second: AllRods,
                 keep_distance: 1.6e-3 {exclude}) ],
)"#
    )
}

fn build(dt: f64, exclude: &str) -> BuiltScene {
    build_text(&scene(dt, exclude))
}

fn build_text(text: &str) -> BuiltScene {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("knot.ron");
    let spec = parse_scene(text, &path).expect("scene");
    build_scene(&spec, text, &path).expect("built")
}

/// Node-index distance of the closest nodes of every candidate pair at `q` (a single rod: node
/// `i` holds DOFs `4i … 4i + 2`).
fn candidate_separations(built: &mut BuiltScene, q: &[f64]) -> Vec<usize> {
    let contacts = built.contacts.as_mut().expect("contacts");
    contacts.detect(&built.model, q);
    let node = |d: u32| (d != NO_DOF).then_some(d as usize / 4);
    contacts
        .layouts(&built.model)
        .iter()
        .map(|l| {
            let a: Vec<usize> = [l[0], l[3]].into_iter().filter_map(node).collect();
            let b: Vec<usize> = [l[6], l[9]].into_iter().filter_map(node).collect();
            a.iter()
                .flat_map(|&i| b.iter().map(move |&j| i.abs_diff(j)))
                .min()
                .unwrap_or(usize::MAX)
        })
        .collect()
}

#[test]
fn a_narrow_rule_keeps_the_neighbours_in_the_band_and_warns() {
    let mut built = build(0.01, ", exclude_within: Edges(1)");
    assert_eq!(built.warnings.len(), 1, "{:?}", built.warnings);
    let w = &built.warnings[0];
    assert!(w.contains("298 pair(s)") && w.contains("help:"), "{w}");
    let q = built.model.q.clone();
    let seps = candidate_separations(&mut built, &q);
    // The 298 pairs (i, i+2), less the two at the ends whose end edge is held (its nodes have
    // no free DOF in the layout).
    assert_eq!(seps.iter().filter(|&&s| s == 1).count(), 296, "{seps:?}");
}

#[test]
fn the_default_rule_drops_them_and_the_pulled_knot_converges_at_large_steps() {
    for (dt, steps) in [(0.1, 80), (0.01, 60)] {
        let built = build(dt, "");
        assert!(built.warnings.is_empty(), "{:?}", built.warnings);
        let mut sim = built.into_simulator();
        let first = sim.step().expect("first step");
        assert_eq!(first.contacts.active, 0, "Δt = {dt}: spurious contacts");
        let mut active = 0;
        for _ in 1..steps {
            let rep = sim.step().unwrap_or_else(|e| panic!("Δt = {dt}: {e}"));
            active = active.max(rep.contacts.active);
        }
        if dt == 0.1 {
            // 8 s of pulling at 4.5 mm/s per end brings the strands together: real contacts, all
            // between strands far apart along the rod.
            assert!(active > 0, "no contact formed");
            let mut again = build(dt, "");
            let seps = candidate_separations(&mut again, &sim.model.q);
            assert!(!seps.is_empty());
            // Edges (i, i+3) may be candidates in the knot's bends (closest nodes 2 apart, 6.6 mm
            // along the rod); (i, i+2), nodes 1 apart, never.
            assert!(seps.iter().all(|&s| s >= 2), "{seps:?}");
        }
    }
}

#[test]
fn the_force_tolerance_holds_relative_to_the_largest_force() {
    let only_force = scene(0.1, "").replace(
        "time: (",
        "solver: (abs_tol: 0, rel_tol: 0, step_tol: 0, force_tol: 1e-6),\n    time: (",
    );
    let mut sim = build_text(&only_force).into_simulator();
    let mut by_force = 0;
    for _ in 0..40 {
        let rep = sim.step().expect("step");
        assert_eq!(rep.newton.converged_by, Some(Convergence::Force));
        let last = *rep.newton.residuals.last().expect("residuals");
        assert!(
            last <= 1e-6 * rep.newton.force_scale,
            "{last} vs {}",
            rep.newton.force_scale
        );
        assert!(rep.newton.force_scale > 0.0);
        by_force += rep.newton.iterations;
    }
    // The default absolute tolerance (1e-10 N) asks for more on this soft rod.
    let mut sim = build(0.1, "").into_simulator();
    let mut by_default = 0;
    for _ in 0..40 {
        by_default += sim.step().expect("step").newton.iterations;
    }
    assert!(by_force < by_default, "{by_force} vs {by_default}");
}

/// The shipped settle-then-pull scene: the ends stay put while the knot settles for 2 s, then
/// move apart along the line through them.
#[test]
fn the_shipped_knot_settles_then_is_pulled() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/scenes/knot_pull.ron");
    let (spec, source) = catena::scene::load_scene(&path).expect("scene");
    let built = build_scene(&spec, &source, &path).expect("built");
    assert!(built.warnings.is_empty(), "{:?}", built.warnings);
    let mut sim = built.into_simulator();
    let end = |sim: &catena::system::Simulator| {
        let r = &sim.model.bodies.rods[0];
        let k = r.node_dof(0);
        [sim.model.q[k], sim.model.q[k + 1], sim.model.q[k + 2]]
    };
    let start = end(&sim);
    while sim.model.time < 2.0 - 1e-9 {
        sim.step().expect("settling step");
    }
    assert_eq!(end(&sim), start, "the end moved while settling");
    while sim.model.time < 3.0 - 1e-9 {
        sim.step().expect("pulling step");
    }
    let moved = end(&sim);
    // From 2 s with a 0.5 s smoothstep ramp at 5 mm/s: 5 mm/s × (1 s − 0.25 s) = 3.75 mm.
    let d = ((moved[0] - start[0]).powi(2)
        + (moved[1] - start[1]).powi(2)
        + (moved[2] - start[2]).powi(2))
    .sqrt();
    assert!((d - 3.75e-3).abs() < 1e-6, "moved {d} m");
    assert!(moved[1] > start[1] && moved[2] > start[2]);
}
