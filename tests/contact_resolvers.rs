//! Resolvers not covered by the shipped chains, checked through in-code chains with a damped
//! linear law (damping onset larger than the overlaps, so the ramp branch is exercised), and
//! detection completeness against brute force on random rod tangles.

use catena::contact::{
    BodyGroup, Builtin, Chain, ContactBinding, ContactModel, ContactSet, PairMemory, PrimId,
    distance,
};
use catena::model::Model;
use catena::scene::{build_scene, parse_scene};
use catena::verify::{Rng, check_pair};
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn chain(elements: &str) -> Chain {
    let src = format!(
        "Chain(name: \"t\", elements: [{elements}, N_LinearForce(stiffness: 1e4, damping: 0.3, damping_onset: 0.02), \
         AssembleForces, AssembleContactMatrix])"
    );
    Chain::<Builtin>::parse(&src, Path::new("inline.ron")).unwrap()
}

fn scene_model(src: &str) -> Model {
    let file = root().join("tests/virtual.ron");
    let spec = parse_scene(src, &file).unwrap();
    build_scene(&spec, src, &file).unwrap().model
}

fn model() -> Model {
    scene_model(
        r#"Scene(
        time: (dt: 1e-3, duration: 1.0),
        materials: { "m": (youngs_modulus: 1e6, poisson_ratio: 0.5, density: 1000) },
        rods: [
            (name: "a", material: "m", radius: 5e-3, geometry: Nodes([(0, 0, 0), (0.03, 0, 0), (0.06, 0.005, 0)])),
            (name: "b", material: "m", radius: 4e-3, geometry: Nodes([(0, 0, 0.05), (0.03, 0, 0.05), (0.06, 0, 0.055)])),
        ],
        spheres: [(name: "s", material: "m", radius: 0.01, center: (0, 0, 0.2))],
        planes: [(name: "ground", origin: (0, 0, 0), normal: (0, 0, 1))],
    )"#,
    )
}

fn put(q: &mut [f64], dof: usize, x: [f64; 3]) {
    q[dof..dof + 3].copy_from_slice(&x);
}

#[test]
fn remaining_resolvers_have_exact_jacobians() {
    let m = model();
    let (ra, rb, s) = (&m.bodies.rods[0], &m.bodies.rods[1], &m.bodies.spheres[0]);
    let cases: [(&str, PrimId, PrimId); 4] = [
        (
            "Deformable_Capsule_1_Data, Sphere_2_Data, Capsule_Sphere",
            PrimId::rod_edge(0, 0),
            PrimId::sphere(0),
        ),
        (
            "Sphere_1_Data, Point_2_Data, Sphere_Point",
            PrimId::sphere(0),
            PrimId::rod_node(1, 1),
        ),
        (
            "Point_1_Data, Point_2_Data, Point_Point",
            PrimId::rod_node(0, 1),
            PrimId::rod_node(1, 1),
        ),
        (
            "Deformable_Capsule_1_Data, Plane_2_Data, Capsule_Plane",
            PrimId::rod_edge(0, 0),
            PrimId::plane(0),
        ),
    ];
    let mut rng = Rng::new(3);
    for (elements, a, b) in cases {
        let ch = chain(elements);
        let mut checked = 0;
        for _ in 0..400 {
            let mut q = m.q.clone();
            let mut v = vec![0.0; q.len()];
            let tilt = 0.004 * rng.signed();
            put(&mut q, ra.node_dof(0), [0.0, 0.0, 0.002 + tilt]);
            put(&mut q, ra.node_dof(1), [0.03, 0.0, 0.002 - tilt]);
            put(
                &mut q,
                s.offset,
                [
                    0.03 * (0.5 + 0.7 * rng.signed()),
                    0.01 * rng.signed(),
                    0.013 + 0.003 * rng.signed(),
                ],
            );
            put(
                &mut q,
                rb.node_dof(1),
                [
                    0.03 + 0.005 * rng.signed(),
                    0.004 * rng.signed(),
                    0.004 + 0.004 * rng.signed(),
                ],
            );
            for k in [ra.node_dof(0), ra.node_dof(1), s.offset, rb.node_dof(1)] {
                put(
                    &mut v,
                    k,
                    [
                        0.05 * rng.signed(),
                        0.05 * rng.signed(),
                        0.05 * rng.signed(),
                    ],
                );
            }
            if let Some(c) = check_pair(&ch, &m, &q, &v, a, b, PairMemory::default(), 1e-3, 1e-8) {
                assert!(
                    c.dfdx_error < 1e-6 && c.dfdv_error < 1e-6,
                    "{elements}: ∂f/∂x error {:e}, ∂f/∂v error {:e}",
                    c.dfdx_error,
                    c.dfdv_error
                );
                checked += 1;
            }
        }
        assert!(
            checked > 40,
            "{elements}: only {checked} overlapping configurations"
        );
    }
}

#[test]
fn detection_misses_no_pair_within_the_keep_distance() {
    // 16 random-walk rods of 25 nodes in a 6 cm box: a tangle.
    let mut rng = Rng::new(99);
    let mut rods = String::new();
    for r in 0..16 {
        let mut p = [
            0.03 * rng.signed(),
            0.03 * rng.signed(),
            0.03 * rng.signed(),
        ];
        let mut nodes = Vec::new();
        let mut dir = [rng.signed(), rng.signed(), rng.signed()];
        for _ in 0..25 {
            nodes.push(format!("({}, {}, {})", p[0], p[1], p[2]));
            for d in dir.iter_mut() {
                *d += 0.6 * rng.signed();
            }
            let n = (dir[0] * dir[0] + dir[1] * dir[1] + dir[2] * dir[2]).sqrt();
            for k in 0..3 {
                dir[k] /= n;
                p[k] += 0.004 * dir[k];
            }
        }
        rods.push_str(&format!(
            "(name: \"r{r}\", material: \"m\", radius: 1e-3, geometry: Nodes([{}])),",
            nodes.join(",")
        ));
    }
    let src = format!(
        "Scene(time: (dt: 1e-3, duration: 1.0), materials: {{ \"m\": (youngs_modulus: 1e6, poisson_ratio: 0.5, density: 1000) }}, rods: [{rods}])"
    );
    let m = scene_model(&src);
    let keep = 2e-3;
    let ch = Chain::<Builtin>::load(&root().join("chains/linear_rod_rod.ron")).unwrap();
    let all: Vec<usize> = (0..m.bodies.rods.len()).collect();
    let mut set = ContactSet::new(vec![ContactBinding {
        chain: ch,
        first: BodyGroup::Rods(all.clone()),
        second: BodyGroup::Rods(all),
        keep_distance: keep,
        excluded: Vec::new(),
        self_exclusion: Default::default(),
        redetect: Default::default(),
    }])
    .unwrap();
    set.detect(&m, &m.q);
    let found: std::collections::BTreeSet<(PrimId, PrimId)> = set
        .candidates()
        .iter()
        .map(|k| (k.first, k.second))
        .collect();
    // Brute force over every edge pair that is not excluded along the rod.
    let mut inside = 0;
    for (ra, a) in m.bodies.rods.iter().enumerate() {
        for (rb, b) in m.bodies.rods.iter().enumerate().skip(ra) {
            for i in 0..a.n_edges() {
                for j in 0..b.n_edges() {
                    if ra == rb && j <= i + 1 {
                        continue;
                    }
                    let (x0, x1, y0, y1) = (
                        a.node(&m.q, i),
                        a.node(&m.q, i + 1),
                        b.node(&m.q, j),
                        b.node(&m.q, j + 1),
                    );
                    let d = distance::segment_segment(&x0, &x1, &y0, &y1, false).distance;
                    if d - 2e-3 > keep {
                        continue;
                    }
                    let pa = PrimId::rod_edge(ra as u32, i as u32);
                    let pb = PrimId::rod_edge(rb as u32, j as u32);
                    // Same-rod pairs closer than 2r along the rod at rest are excluded by design.
                    let along: f64 = if ra == rb {
                        a.rest_lengths[i + 1..j].iter().sum()
                    } else {
                        f64::INFINITY
                    };
                    if along <= 2e-3 {
                        continue;
                    }
                    inside += 1;
                    assert!(
                        found.contains(&(pa, pb)) || found.contains(&(pb, pa)),
                        "pair {pa:?}–{pb:?} at gap {} m missed",
                        d - 2e-3
                    );
                }
            }
        }
    }
    assert!(
        inside > 50,
        "tangle too loose: {inside} pairs within the keep distance"
    );
}
