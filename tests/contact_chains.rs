//! Every shipped chain's force Jacobians (∂f/∂x, ∂f/∂v) match central finite differences on
//! random overlapping configurations (with random velocities, so damping terms are exercised),
//! across the point–point / point–edge / edge–edge regimes of `Capsule_Capsule`.

use catena::contact::{Builtin, Chain, PairMemory, PrimId};
use catena::model::Model;
use catena::scene::{build_scene, parse_scene};
use catena::verify::{Rng, check_pair};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn chain(name: &str) -> Chain {
    Chain::<Builtin>::load(&root().join("chains").join(name)).unwrap()
}

/// A model with two 3-node rods, two spheres and a ground plane.
fn model() -> Model {
    let src = r#"Scene(
        time: (dt: 1e-3, duration: 1.0),
        materials: { "m": (youngs_modulus: 1e6, poisson_ratio: 0.5, density: 1000) },
        rods: [
            (name: "a", material: "m", radius: 5e-3, geometry: Nodes([(0, 0, 0), (0.03, 0, 0), (0.06, 0.005, 0)])),
            (name: "b", material: "m", radius: 5e-3, geometry: Nodes([(0, 0, 0.05), (0.03, 0, 0.05), (0.06, 0, 0.055)])),
        ],
        spheres: [
            (name: "s", material: "m", radius: 0.01, center: (0, 0, 0.2)),
            (name: "t", material: "m", radius: 0.012, center: (0, 0, 0.25)),
        ],
        planes: [(name: "ground", origin: (0, 0, 0), normal: (0, 0, 1))],
    )"#;
    let file = root().join("tests/virtual.ron");
    let spec = parse_scene(src, &file).unwrap();
    build_scene(&spec, src, &file).unwrap().model
}

fn set(q: &mut [f64], dof: usize, x: impl Into<[f64; 3]>) {
    q[dof..dof + 3].copy_from_slice(&x.into());
}

fn check(
    chain: &Chain,
    m: &Model,
    q: &[f64],
    v: &[f64],
    a: PrimId,
    b: PrimId,
) -> Option<(f64, f64)> {
    let c = check_pair(chain, m, q, v, a, b, PairMemory::default(), 1e-3, 1e-8)?;
    Some((c.dfdx_error, c.dfdv_error))
}

#[test]
fn rod_rod_chain_jacobians_match_finite_differences() {
    let ch = chain("linear_rod_rod.ron");
    let m = model();
    let mut rng = Rng::new(7);
    let mut regimes = BTreeSet::new();
    let mut checked = 0;
    let (ra, rb) = (&m.bodies.rods[0], &m.bodies.rods[1]);
    for _ in 0..3000 {
        let mut q = m.q.clone();
        let mut v = vec![0.0; q.len()];
        // Edge 0 of rod a fixed-ish; edge 0 of rod b placed around it, overlapping.
        set(&mut q, ra.node_dof(0), [0.0, 0.0, 0.0]);
        set(&mut q, ra.node_dof(1), [0.03, 0.0, 0.0]);
        let c = [
            0.015 + 0.03 * rng.signed(),
            0.006 * rng.signed(),
            0.008 * rng.signed(),
        ];
        let d = rng.vector(1.0);
        let n = (d[0] * d[0] + d[1] * d[1] + d[2] * d[2]).sqrt();
        let h = 0.015 * (1.0 + 0.5 * rng.signed());
        set(
            &mut q,
            rb.node_dof(0),
            [
                c[0] - h * d[0] / n,
                c[1] - h * d[1] / n,
                c[2] - h * d[2] / n,
            ],
        );
        set(
            &mut q,
            rb.node_dof(1),
            [
                c[0] + h * d[0] / n,
                c[1] + h * d[1] / n,
                c[2] + h * d[2] / n,
            ],
        );
        for k in [
            ra.node_dof(0),
            ra.node_dof(1),
            rb.node_dof(0),
            rb.node_dof(1),
        ] {
            set(&mut v, k, rng.vector(0.05));
        }
        let (a, b) = (PrimId::rod_edge(0, 0), PrimId::rod_edge(1, 0));
        let env = catena::contact::Env {
            model: &m,
            q: &q,
            v: &v,
        };
        let ctx = ch.evaluate(&env, a, b, PairMemory::default(), 1e-3, false);
        if ctx.reject {
            continue;
        }
        if let Some((ex, ev)) = check(&ch, &m, &q, &v, a, b) {
            assert!(
                ex < 1e-6 && ev < 1e-6,
                "{:?}: ∂f/∂x error {ex:e}, ∂f/∂v error {ev:e}",
                ctx.contact_type
            );
            regimes.insert(format!("{:?}", ctx.contact_type));
            checked += 1;
        }
    }
    assert!(checked > 100, "only {checked} overlapping configurations");
    for r in ["PointPoint", "PointEdge", "EdgeEdge"] {
        assert!(regimes.contains(r), "regime {r} not covered: {regimes:?}");
    }
}

#[test]
fn sphere_and_plane_chain_jacobians_match_finite_differences() {
    let m = model();
    let (s, t) = (&m.bodies.spheres[0], &m.bodies.spheres[1]);
    let mut rng = Rng::new(11);
    for (name, a, b) in [
        (
            "linear_sphere_sphere.ron",
            PrimId::sphere(0),
            PrimId::sphere(1),
        ),
        (
            "linear_sphere_plane.ron",
            PrimId::sphere(0),
            PrimId::plane(0),
        ),
        (
            "linear_rod_ground.ron",
            PrimId::rod_node(0, 1),
            PrimId::plane(0),
        ),
    ] {
        let ch = chain(name);
        let mut checked = 0;
        for _ in 0..500 {
            let mut q = m.q.clone();
            let mut v = vec![0.0; q.len()];
            set(&mut q, s.offset, [0.0, 0.0, 0.008 + 0.004 * rng.signed()]);
            let dir = rng.vector(1.0);
            let n = (dir[0] * dir[0] + dir[1] * dir[1] + dir[2] * dir[2]).sqrt();
            let dist = 0.021 + 0.002 * rng.signed();
            set(
                &mut q,
                t.offset,
                [
                    dist * dir[0] / n,
                    dist * dir[1] / n,
                    0.008 + dist * dir[2] / n,
                ],
            );
            let nd = m.bodies.rods[0].node_dof(1);
            set(&mut q, nd, [0.03, 0.0, 0.004 + 0.002 * rng.signed()]);
            for k in [s.offset, t.offset, nd] {
                set(&mut v, k, rng.vector(0.05));
            }
            if let Some((ex, ev)) = check(&ch, &m, &q, &v, a, b) {
                assert!(
                    ex < 1e-6 && ev < 1e-6,
                    "{name}: ∂f/∂x error {ex:e}, ∂f/∂v error {ev:e}"
                );
                checked += 1;
            }
        }
        assert!(
            checked > 50,
            "{name}: only {checked} configurations checked"
        );
    }
}

#[test]
fn shipped_chains_all_load() {
    let dir = root().join("chains");
    let mut n = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let p = entry.unwrap().path();
        if p.extension().is_some_and(|e| e == "ron") {
            Chain::<Builtin>::load(Path::new(&p)).unwrap_or_else(|e| panic!("{e}"));
            n += 1;
        }
    }
    assert!(n >= 4);
}

#[test]
fn imc_chain_jacobians_match_finite_differences_in_both_branches() {
    // Fixed stiffness and a wide tolerance so random configurations hit the softplus band
    // (2h − δ, 2h + δ) and the quadratic branch below it.
    let src = "Chain(name: \"imc\", elements: [Deformable_Capsule_1_Data, Deformable_Capsule_2_Data, Capsule_Capsule, \
               N_IMC(delta: 2e-3, stiffness: Fixed(10.0)), AssembleForces, AssembleContactMatrix])";
    let ch = Chain::<Builtin>::parse(src, Path::new("inline.ron")).unwrap();
    let m = model();
    let (ra, rb) = (&m.bodies.rods[0], &m.bodies.rods[1]);
    let mut rng = Rng::new(5);
    let (mut band, mut deep) = (0, 0);
    for _ in 0..2000 {
        let mut q = m.q.clone();
        let v = vec![0.0; q.len()];
        set(&mut q, ra.node_dof(0), [0.0, 0.0, 0.0]);
        set(&mut q, ra.node_dof(1), [0.03, 0.0, 0.0]);
        let z = 0.0095 + 0.004 * rng.signed();
        set(
            &mut q,
            rb.node_dof(0),
            [
                0.015 + 0.01 * rng.signed(),
                -0.015,
                z + 0.001 * rng.signed(),
            ],
        );
        set(
            &mut q,
            rb.node_dof(1),
            [0.015 + 0.01 * rng.signed(), 0.015, z + 0.001 * rng.signed()],
        );
        let (a, b) = (PrimId::rod_edge(0, 0), PrimId::rod_edge(1, 0));
        let env = catena::contact::Env {
            model: &m,
            q: &q,
            v: &v,
        };
        let ctx = ch.evaluate(&env, a, b, PairMemory::default(), 1e-3, false);
        if ctx.reject {
            continue;
        }
        // h = 5 mm: band is |Δ − 2h| < δ.
        let in_band = (ctx.distance - 0.01).abs() < 2e-3;
        if let Some((ex, _)) = check(&ch, &m, &q, &v, a, b) {
            assert!(
                ex < 1e-6,
                "N_IMC ∂f/∂x error {ex:e} at Δ = {}",
                ctx.distance
            );
            if in_band { band += 1 } else { deep += 1 }
        }
    }
    assert!(
        band > 50 && deep > 20,
        "coverage: {band} in the band, {deep} below it"
    );
}

#[test]
fn imc_friction_jacobians_match_finite_differences_in_stick_and_slip() {
    // N_IMC (fixed k, wide band) + T_IMC; random sliding velocities spanning the stick regime
    // (‖v_T‖ ≪ ν) and the slip regime (‖v_T‖ ≫ ν); also with a damped linear normal law, so the
    // normal force depends on velocity.
    for normal in [
        "N_IMC(delta: 2e-3, stiffness: Fixed(10.0))",
        "N_LinearForce(stiffness: 1e4, damping: 0.2, damping_onset: 1e-2)",
    ] {
        let src = format!(
            "Chain(name: \"f\", elements: [Deformable_Capsule_1_Data, Deformable_Capsule_2_Data, Capsule_Capsule, \
             {normal}, T_IMC(mu: 0.4, slip_tolerance: 1e-2), AssembleForces, AssembleContactMatrix])"
        );
        let ch = Chain::<Builtin>::parse(&src, Path::new("inline.ron")).unwrap();
        let m = model();
        let (ra, rb) = (&m.bodies.rods[0], &m.bodies.rods[1]);
        let mut rng = Rng::new(17);
        let mut regimes = BTreeSet::new();
        let (mut stick, mut slip) = (0, 0);
        for i in 0..3000 {
            let mut q = m.q.clone();
            let mut v = vec![0.0; q.len()];
            set(&mut q, ra.node_dof(0), [0.0, 0.0, 0.0]);
            set(&mut q, ra.node_dof(1), [0.03, 0.0, 0.0]);
            let c = [
                0.015 + 0.03 * rng.signed(),
                0.006 * rng.signed(),
                0.0095 + 0.002 * rng.signed(),
            ];
            let d = [rng.signed(), rng.signed(), 0.2 * rng.signed()];
            let n = (d[0] * d[0] + d[1] * d[1] + d[2] * d[2]).sqrt();
            let h = 0.015 * (1.0 + 0.5 * rng.signed());
            set(
                &mut q,
                rb.node_dof(0),
                [
                    c[0] - h * d[0] / n,
                    c[1] - h * d[1] / n,
                    c[2] - h * d[2] / n,
                ],
            );
            set(
                &mut q,
                rb.node_dof(1),
                [
                    c[0] + h * d[0] / n,
                    c[1] + h * d[1] / n,
                    c[2] + h * d[2] / n,
                ],
            );
            let speed = if i % 2 == 0 { 2e-3 } else { 0.5 };
            for k in [
                ra.node_dof(0),
                ra.node_dof(1),
                rb.node_dof(0),
                rb.node_dof(1),
            ] {
                set(&mut v, k, rng.vector(speed));
            }
            let (a, b) = (PrimId::rod_edge(0, 0), PrimId::rod_edge(1, 0));
            let env = catena::contact::Env {
                model: &m,
                q: &q,
                v: &v,
            };
            let ctx = ch.evaluate(&env, a, b, PairMemory::default(), 1e-3, false);
            if ctx.reject {
                continue;
            }
            // Stick is stiff in velocity (γ varies over 1/K₂ ≈ 0.7 mm/s): a small step.
            let c = check_pair(&ch, &m, &q, &v, a, b, PairMemory::default(), 1e-3, 1e-9);
            if let Some((ex, ev)) = c.map(|c| (c.dfdx_error, c.dfdv_error)) {
                assert!(
                    ex < 1e-5 && ev < 1e-5,
                    "{normal} {:?} (speed {speed}): ∂f/∂x error {ex:e}, ∂f/∂v error {ev:e}",
                    ctx.contact_type
                );
                regimes.insert(format!("{:?}", ctx.contact_type));
                if speed < 0.01 { stick += 1 } else { slip += 1 }
            }
        }
        assert!(
            stick > 30 && slip > 30,
            "{normal}: {stick} stick, {slip} slip configurations"
        );
        for r in ["PointEdge", "EdgeEdge"] {
            assert!(
                regimes.contains(r),
                "{normal}: regime {r} not covered: {regimes:?}"
            );
        }
    }
}

#[test]
fn imc_friction_on_a_pair_sums_to_zero_and_opposes_sliding() {
    let with = "Chain(name: \"f\", elements: [Deformable_Capsule_1_Data, Deformable_Capsule_2_Data, Capsule_Capsule, \
                N_IMC(delta: 2e-3, stiffness: Fixed(10.0)), T_IMC(mu: 0.3, slip_tolerance: 1e-3), AssembleForces])";
    let without = "Chain(name: \"n\", elements: [Deformable_Capsule_1_Data, Deformable_Capsule_2_Data, Capsule_Capsule, \
                   N_IMC(delta: 2e-3, stiffness: Fixed(10.0)), AssembleForces])";
    let (cw, cn) = (
        Chain::<Builtin>::parse(with, Path::new("w.ron")).unwrap(),
        Chain::<Builtin>::parse(without, Path::new("n.ron")).unwrap(),
    );
    let m = model();
    let (ra, rb) = (&m.bodies.rods[0], &m.bodies.rods[1]);
    let mut q = m.q.clone();
    let mut v = vec![0.0; q.len()];
    // Rod b crosses rod a from above (along y), pressed in, sliding along +x at 0.1 m/s.
    set(&mut q, ra.node_dof(0), [0.0, 0.0, 0.0]);
    set(&mut q, ra.node_dof(1), [0.03, 0.0, 0.0]);
    set(&mut q, rb.node_dof(0), [0.015, -0.015, 0.0099]);
    set(&mut q, rb.node_dof(1), [0.015, 0.015, 0.0099]);
    set(&mut v, rb.node_dof(0), [0.1, 0.0, 0.0]);
    set(&mut v, rb.node_dof(1), [0.1, 0.0, 0.0]);
    let (a, b) = (PrimId::rod_edge(0, 0), PrimId::rod_edge(1, 0));
    let env = catena::contact::Env {
        model: &m,
        q: &q,
        v: &v,
    };
    let fw = cw
        .evaluate(&env, a, b, PairMemory::default(), 1e-3, false)
        .force;
    let fn_ = cn
        .evaluate(&env, a, b, PairMemory::default(), 1e-3, false)
        .force;
    let fr = fw - fn_;
    let total: [f64; 3] = std::array::from_fn(|c| (0..4).map(|k| fr[3 * k + c]).sum());
    let on_b: [f64; 3] = std::array::from_fn(|c| fr[6 + c] + fr[9 + c]);
    let normal: f64 = (0..2)
        .map(|k| (fn_[3 * k].powi(2) + fn_[3 * k + 1].powi(2) + fn_[3 * k + 2].powi(2)).sqrt())
        .sum();
    assert!(
        total.iter().all(|x| x.abs() < 1e-12 * normal),
        "friction does not sum to zero: {total:?}"
    );
    // Sliding in +x with ‖v_T‖ ≫ ν: full Coulomb friction μ F_n against the motion of b.
    assert!(
        on_b[0] < 0.0 && (on_b[0].abs() - 0.3 * normal).abs() < 1e-6 * normal,
        "{on_b:?} vs μF_n = {}",
        0.3 * normal
    );
}
