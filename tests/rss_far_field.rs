//! The RSS far field (`Rss(far_field: Some(κ))`, `RegularizedStokeslets::with_far_field`):
//! edges at least `κ` edge lengths from a node take Simpson's rule. Checked against the exact
//! kernel on two helices side by side: blocks within the stated bound `(1 + 1/κ)/(30 κ³)`,
//! near blocks unchanged to the bit, the solved force within a small multiple of the bound, and
//! bad input refused with a message. (Its force for any thread count: `tests/rss.rs`.)

use catena::external::RegularizedStokeslets;
use catena::math::Vec3;
use catena::model::{CrossSection, Material, Model, Rod};
use catena::scene::{Handedness, build_scene, helix_nodes, parse_scene};
use faer::Mat;
use std::path::Path;

const ETA: f64 = 0.1;

fn two_helices() -> Model {
    let mut m = Model::default();
    for (k, offset) in [Vec3::zeros(), Vec3::new(0.03, 0.0, 0.0)]
        .into_iter()
        .enumerate()
    {
        let nodes = helix_nodes(
            0.01,
            0.05,
            0.2,
            66,
            offset,
            -Vec3::z(),
            Handedness::Right,
            0.0,
        );
        let (rod, frames, q) = Rod::new(
            &format!("rod{k}"),
            &nodes,
            CrossSection::Circle(1e-3),
            Material::from_poisson(3e6, 0.5, 1000.0),
            None,
        )
        .expect("rod");
        m.add_rod(rod, frames, q);
    }
    m.finalize();
    for rod in &m.bodies.rods {
        for i in 0..rod.n_nodes {
            let g = (rod.first_node + i) as f64;
            let k = rod.node_dof(i);
            let v = [g.cos(), 0.3, (2.0 * g).sin()];
            m.v[k..k + 3].copy_from_slice(&v.map(|x| 0.01 * x));
        }
    }
    m
}

fn bound(kappa: f64) -> f64 {
    (1.0 + 1.0 / kappa) / (30.0 * kappa.powi(3))
}

fn matrix(m: &Model, kappa: Option<f64>) -> Mat<f64> {
    let rss = RegularizedStokeslets::new(ETA, None).unwrap();
    let rss = match kappa {
        Some(k) => rss.with_far_field(k).unwrap(),
        None => rss,
    };
    rss.matrix(m, &m.q).unwrap()
}

/// Whether the edge from `x0` to `x1` is at least `(κ + ½)|e|` from `x` at its midpoint, and
/// whether that call is within round-off of the threshold.
fn far(x: &Vec3, x0: &Vec3, x1: &Vec3, kappa: f64) -> (bool, bool) {
    let len = (x1 - x0).norm();
    let d = ((x0 + x1) * 0.5 - x).norm();
    let t = (kappa + 0.5) * len;
    (d >= t, (d - t).abs() < 1e-9 * t)
}

#[test]
fn far_blocks_are_within_the_bound_and_near_blocks_keep_their_bits() {
    let m = two_helices();
    let exact = matrix(&m, None);
    let nodes: Vec<(usize, Vec3)> = m
        .bodies
        .rods
        .iter()
        .enumerate()
        .flat_map(|(r, rod)| (0..rod.n_nodes).map(move |i| (r, i)))
        .map(|(r, i)| (r, m.bodies.rods[r].node(&m.q, i)))
        .collect();
    for kappa in [2.0, 4.0, 8.0] {
        let approx = matrix(&m, Some(kappa));
        let (mut far_blocks, mut worst) = (0, 0.0f64);
        for (j, (_, x)) in nodes.iter().enumerate() {
            for k in 0..nodes.len() {
                // Node k's column block sums the edges on either side of it in its rod.
                let rod = nodes[k].0;
                let edges: Vec<(bool, bool)> = [k.checked_sub(1), Some(k)]
                    .into_iter()
                    .flatten()
                    .filter(|&a| a + 1 < nodes.len() && nodes[a].0 == rod && nodes[a + 1].0 == rod)
                    .map(|a| far(x, &nodes[a].1, &nodes[a + 1].1, kappa))
                    .collect();
                if edges.iter().any(|e| e.1) {
                    continue;
                }
                let block =
                    |a: &Mat<f64>| Mat::<f64>::from_fn(3, 3, |c, d| a[(3 * j + c, 3 * k + d)]);
                let (e, a) = (block(&exact), block(&approx));
                if edges.iter().all(|e| !e.0) {
                    for c in 0..3 {
                        for d in 0..3 {
                            assert_eq!(
                                e[(c, d)].to_bits(),
                                a[(c, d)].to_bits(),
                                "κ = {kappa}: near block ({j}, {k}) changed"
                            );
                        }
                    }
                } else {
                    far_blocks += 1;
                    let rel = (&a - &e).norm_max() / e.norm_max();
                    worst = worst.max(rel);
                    assert!(
                        rel <= 2.0 * bound(kappa),
                        "κ = {kappa}: block ({j}, {k}) off by {rel:e}, bound {:e}",
                        bound(kappa)
                    );
                }
            }
        }
        let total = nodes.len() * nodes.len();
        println!(
            "κ = {kappa}: {far_blocks} of {total} blocks in the far field, worst relative error \
             {worst:.2e} (bound {:.2e})",
            bound(kappa)
        );
        assert!(far_blocks > total / 2, "{far_blocks} of {total}");
    }
}

#[test]
fn the_solved_force_stays_close_to_the_exact_one() {
    let m = two_helices();
    let force = |kappa: Option<f64>| {
        let rss = RegularizedStokeslets::new(ETA, None).unwrap();
        let mut rss = match kappa {
            Some(k) => rss.with_far_field(k).unwrap(),
            None => rss,
        };
        rss.compute(&m, &m.q, &m.v).unwrap().to_vec()
    };
    let exact = force(None);
    let norm = exact.iter().map(|x| x * x).sum::<f64>().sqrt();
    let mut errors = Vec::new();
    for kappa in [2.0, 4.0, 8.0, 16.0] {
        let approx = force(Some(kappa));
        let rel = exact
            .iter()
            .zip(&approx)
            .map(|(a, b)| (a - b).powi(2))
            .sum::<f64>()
            .sqrt()
            / norm;
        println!(
            "κ = {kappa}: ‖ΔF‖/‖F‖ = {rel:.2e} (block bound {:.2e})",
            bound(kappa)
        );
        assert!(rel <= bound(kappa), "κ = {kappa}: {rel:e}");
        errors.push(rel);
    }
    // It falls with κ, about as κ⁻³ once most blocks are far (measured: 2.0e-5, 9.4e-6,
    // 1.2e-6, 7.7e-8 at κ = 2, 4, 8, 16).
    for w in errors.windows(2) {
        assert!(w[1] < w[0], "the error falls with κ: {errors:?}");
    }
    assert!(errors[3] < errors[1] / 40.0, "{errors:?}");
}

#[test]
fn a_far_field_below_two_edge_lengths_is_refused() {
    let scene = |kappa: &str| {
        format!(
            r#"Scene(
        time: (dt: 1e-3, duration: 0.01),
        materials: {{ "m": (youngs_modulus: 3e6, poisson_ratio: 0.5, density: 2000) }},
        rods: [(name: "r", material: "m", radius: 1e-3,
                geometry: Straight(start: (0, 0, 0), end: (0.05, 0, 0), nodes: 11))],
        forces: [Rss(viscosity: 1.0, far_field: Some({kappa}))],
    )"#
        )
    };
    let file = Path::new("far.ron");
    let bad = scene("1.5");
    let spec = parse_scene(&bad, file).expect("parse");
    let Err(err) = build_scene(&spec, &bad, file) else {
        panic!("a far field of 1.5 edge lengths was accepted");
    };
    let msg = err.to_string();
    assert!(msg.contains("far_field") && msg.contains("≥ 2"), "{msg}");
    let good = scene("6.0");
    let spec = parse_scene(&good, file).expect("parse");
    let mut sim = build_scene(&spec, &good, file)
        .expect("build")
        .into_simulator();
    sim.step().expect("a step with the far field");
}
