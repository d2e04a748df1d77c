//! Every granular and adhesive law's force Jacobians (∂f/∂x, ∂f/∂v) against central finite
//! differences through `check_pair`, alone and under each tangential law, on every geometry
//! they are meant for: sphere–sphere, sphere–plane, capsule–capsule (point–point, point–edge,
//! edge–edge), capsule–sphere and rod node–plane. States are random, with random velocities (so
//! damping and friction are exercised in stick and slip) and random committed histories (so the
//! Cundall–Strack spring is rotated into the current tangent plane).

use catena::contact::{
    Builtin, Chain, ChainElement, Env, Established, PairMemory, PrimId, RestLength,
    SpringElongation,
};
use catena::math::Vec3;
use catena::model::Model;
use catena::scene::{build_scene, parse_scene};
use catena::verify::{Rng, check_pair};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Two 3-node rods (radius 5 mm), two spheres (10 and 12 mm), a ground plane; E = 1 MPa.
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

fn set(q: &mut [f64], dof: usize, x: Vec3) {
    q[dof..dof + 3].copy_from_slice(x.as_slice());
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum Pair {
    SphereSphere,
    SpherePlane,
    CapsuleCapsule,
    CapsuleSphere,
    NodePlane,
}

impl Pair {
    fn head(self) -> &'static str {
        match self {
            Pair::SphereSphere => "Sphere_1_Data, Sphere_2_Data, Sphere_Sphere",
            Pair::SpherePlane => "Sphere_1_Data, Plane_2_Data, Sphere_Plane",
            Pair::CapsuleCapsule => {
                "Deformable_Capsule_1_Data, Deformable_Capsule_2_Data, Capsule_Capsule"
            }
            Pair::CapsuleSphere => "Deformable_Capsule_1_Data, Sphere_2_Data, Capsule_Sphere",
            Pair::NodePlane => "Point_1_Data, Plane_2_Data, Point_Plane",
        }
    }
    fn prims(self) -> (PrimId, PrimId) {
        let edge = |rod| PrimId::rod_edge(rod, 0);
        match self {
            Pair::SphereSphere => (PrimId::sphere(0), PrimId::sphere(1)),
            Pair::SpherePlane => (PrimId::sphere(0), PrimId::plane(0)),
            Pair::CapsuleCapsule => (edge(0), edge(1)),
            Pair::CapsuleSphere => (edge(0), PrimId::sphere(0)),
            Pair::NodePlane => (PrimId::rod_node(0, 1), PrimId::plane(0)),
        }
    }
}

/// A random state in which the pair's contact distance is `r₁ + r₂ − overlap·(1 ± ½)`.
fn state(m: &Model, rng: &mut Rng, pair: Pair, overlap: f64, speed: f64) -> (Vec<f64>, Vec<f64>) {
    let mut q = m.q.clone();
    let mut v = vec![0.0; q.len()];
    let (ra, rb) = (&m.bodies.rods[0], &m.bodies.rods[1]);
    let (s, t) = (&m.bodies.spheres[0], &m.bodies.spheres[1]);
    let d = overlap * (1.0 + 0.5 * rng.signed());
    match pair {
        Pair::SphereSphere => {
            let x = rng.vector(0.01);
            let n = rng.vector(1.0).normalize();
            set(&mut q, s.offset, x);
            set(&mut q, t.offset, x + n * (0.022 - d));
        }
        Pair::SpherePlane => set(
            &mut q,
            s.offset,
            Vec3::new(rng.signed(), rng.signed(), 0.01 - d),
        ),
        Pair::CapsuleCapsule => {
            set(&mut q, ra.node_dof(0), Vec3::zeros());
            set(&mut q, ra.node_dof(1), Vec3::new(0.03, 0.0, 0.0));
            // Rod b's edge 0 around a random point near rod a's edge 0, at distance ≈ 2h − d.
            let c = Vec3::new(0.015 + 0.03 * rng.signed(), 0.0, 0.0);
            let dir = Vec3::new(rng.signed(), rng.signed(), 0.3 * rng.signed()).normalize();
            let side = Vec3::new(0.0, rng.signed(), 1.0).normalize();
            let off = side - dir * dir.dot(&side);
            let mid = c + off.normalize() * (0.01 - d);
            let h = 0.015 * (1.0 + 0.5 * rng.signed());
            set(&mut q, rb.node_dof(0), mid - dir * h);
            set(&mut q, rb.node_dof(1), mid + dir * h);
        }
        Pair::CapsuleSphere => {
            set(&mut q, ra.node_dof(0), Vec3::zeros());
            set(&mut q, ra.node_dof(1), Vec3::new(0.03, 0.0, 0.0));
            let c = Vec3::new(0.015 + 0.025 * rng.signed(), 0.0, 0.0);
            let n = Vec3::new(0.3 * rng.signed(), rng.signed(), rng.signed()).normalize();
            set(&mut q, s.offset, c + n * (0.015 - d));
        }
        Pair::NodePlane => set(&mut q, ra.node_dof(1), Vec3::new(0.03, 0.0, 0.005 - d)),
    }
    for k in [
        ra.node_dof(0),
        ra.node_dof(1),
        rb.node_dof(0),
        rb.node_dof(1),
        s.offset,
        t.offset,
    ] {
        set(&mut v, k, rng.vector(speed));
    }
    (q, v)
}

/// Checks `laws` on `pair` over random states; returns the number checked per contact type.
#[allow(clippy::too_many_arguments)]
fn check_law(
    m: &Model,
    pair: Pair,
    laws: &str,
    overlap: f64,
    speeds: &[f64],
    history: impl Fn(&Chain, &mut Rng) -> PairMemory,
    tries: usize,
    tol: f64,
) -> (usize, BTreeSet<String>) {
    let src = format!(
        "Chain(name: \"t\", elements: [{}, {laws}, AssembleForces, AssembleContactMatrix])",
        pair.head()
    );
    let chain = Chain::<Builtin>::parse(&src, Path::new("inline.ron"))
        .unwrap_or_else(|e| panic!("{laws}: {e}"));
    let (a, b) = pair.prims();
    let mut rng = Rng::new(0x5eed ^ laws.len() as u64);
    let (mut checked, mut kinds) = (0, BTreeSet::new());
    for i in 0..tries {
        let speed = speeds[i % speeds.len()];
        let (q, v) = state(m, &mut rng, pair, overlap, speed);
        let h = history(&chain, &mut rng);
        let env = Env {
            model: m,
            q: &q,
            v: &v,
        };
        let ctx = chain.evaluate(&env, a, b, h, 1e-3, false);
        if ctx.reject {
            continue;
        }
        // A second, smaller step resolves the strongly curved slip force when F_n is tiny
        // (central differences converge as O(h²) there).
        let errors = |step: f64| {
            check_pair(&chain, m, &q, &v, a, b, h, 1e-3, step).map(|c| (c.dfdx_error, c.dfdv_error))
        };
        if let Some(mut e) = errors(1e-9) {
            if (e.0 >= tol || e.1 >= tol)
                && let Some(e2) = errors(1e-10)
            {
                e = (e.0.min(e2.0), e.1.min(e2.1));
            }
            assert!(
                e.0 < tol && e.1 < tol,
                "{laws} on {pair:?} ({:?}, speed {speed}): ∂f/∂x error {:e}, ∂f/∂v error {:e}",
                ctx.contact_type,
                e.0,
                e.1
            );
            checked += 1;
            kinds.insert(format!("{:?}", ctx.contact_type));
            let sliding = position(&chain, "T_CundallStrack")
                .is_some_and(|k| chain.memory_of::<SpringElongation>(&ctx.memory, k).sliding);
            if sliding {
                kinds.insert("slip".into());
            } else {
                kinds.insert("stick".into());
            }
        }
    }
    (checked, kinds)
}

const PAIRS: [Pair; 5] = [
    Pair::SphereSphere,
    Pair::SpherePlane,
    Pair::CapsuleCapsule,
    Pair::CapsuleSphere,
    Pair::NodePlane,
];

fn no_history(_: &Chain, _: &mut Rng) -> PairMemory {
    PairMemory::default()
}

/// Chain position of the element named `name`, if the chain has one.
fn position(chain: &Chain, name: &str) -> Option<usize> {
    chain.elements().iter().position(|e| e.doc().name == name)
}

#[test]
fn normal_laws_match_finite_differences_on_every_geometry() {
    let m = model();
    let laws = [
        "N_Hertz()",
        "N_Hertz(effective_modulus: 2e6, effective_radius: 3e-3)",
        "N_DampedHertz(damping_time: 1e-3)",
        "N_DMT(surface_energy: 0.05)",
        "N_JKR(surface_energy: 0.05)",
        "N_MaugisDugdale(surface_energy: 0.05, range: 2e-6)",
        "Spring(k_stretch: 300.0, k_compress: 900.0, rest_length: 0.0195)",
        "Spring_Damper(stiffness: 500.0, damping: 0.3, rest_length: 0.0195)",
        "LinearDamper(damping: 0.4)",
        "N_Hertz(), LinearDamperOverlap(damping: 0.4, damping_onset: 1e-4)",
    ];
    for law in laws {
        for pair in PAIRS {
            let (n, kinds) = check_law(&m, pair, law, 1e-4, &[0.05], no_history, 120, 1e-6);
            assert!(n > 60, "{law} on {pair:?}: only {n} checked");
            if pair == Pair::CapsuleCapsule {
                assert!(
                    kinds.contains("PointEdge") && kinds.contains("EdgeEdge"),
                    "{law}: {kinds:?}"
                );
            }
        }
    }
}

#[test]
fn adhesion_in_tension_and_springs_from_history_match_finite_differences() {
    let m = model();
    // Established JKR and Maugis–Dugdale contacts at negative overlap, between 0 and δ_c
    // (JKR: ≈ −3.9 µm·(R̂/R)^{1/3}; MD at λ ≈ 1.5–2.5 here: −4.6 to −7.3 µm).
    for law in [
        "N_JKR(surface_energy: 0.05)",
        "N_MaugisDugdale(surface_energy: 0.05, range: 2e-6)",
    ] {
        let name = &law[..law.find('(').unwrap()];
        let established = |chain: &Chain, _: &mut Rng| {
            let k = position(chain, name).unwrap();
            chain.memory_with(k, &Established(true))
        };
        for pair in [Pair::SphereSphere, Pair::SpherePlane, Pair::CapsuleCapsule] {
            let (n, _) = check_law(&m, pair, law, -1.5e-6, &[0.05], established, 120, 1e-5);
            assert!(n > 60, "{name} in tension on {pair:?}: only {n} checked");
        }
    }
    // Rest length from history (set at an earlier step).
    let rest = |chain: &Chain, rng: &mut Rng| {
        let k = position(chain, "Spring_Damper").unwrap();
        let rest = RestLength {
            value: 0.02 + 0.002 * rng.signed(),
            established: true,
            broken: false,
        };
        chain.memory_with(k, &rest)
    };
    for pair in [Pair::SphereSphere, Pair::CapsuleCapsule] {
        let (n, _) = check_law(
            &m,
            pair,
            "Spring_Damper(k_stretch: 300.0, k_compress: 900.0, damping: 0.2)",
            1e-4,
            &[0.05],
            rest,
            120,
            1e-6,
        );
        assert!(
            n > 60,
            "Spring_Damper from history on {pair:?}: only {n} checked"
        );
    }
}

#[test]
fn tangential_laws_match_finite_differences_in_stick_and_slip_on_every_geometry() {
    let m = model();
    let normals = [
        "N_Hertz()",
        "N_DampedHertz(damping_time: 1e-3)",
        "N_Hertz(), LinearDamperOverlap(damping: 0.4, damping_onset: 1e-4)",
        "N_LinearForce(stiffness: 1e4, damping: 0.05, damping_onset: 5e-5)",
    ];
    // Coulomb: F_n ≈ 0.1 N at δ ≈ 0.1 mm, μF_n/c_t ≈ 0.03 m/s separates stick from slip.
    for normal in normals {
        for pair in PAIRS {
            let law = format!("{normal}, T_CoulombFriction(mu: 0.3, c_t: 1.0)");
            let (n, _) = check_law(&m, pair, &law, 1e-4, &[1e-3, 1.0], no_history, 120, 1e-6);
            assert!(n > 60, "{law} on {pair:?}: only {n} checked");
        }
    }
    // Cundall–Strack: committed springs of ~1 µm stick, of ~1 mm slip (k_t = 1000 N/m against
    // μF_n ≈ 0.05 N); tilted out of the current tangent plane; half of them sliding already.
    let spring = |chain: &Chain, rng: &mut Rng| {
        let size = if rng.signed() > 0.0 { 1e-6 } else { 1e-3 };
        let spring = SpringElongation {
            zeta: rng.vector(size),
            sliding: rng.signed() > 0.0,
        };
        chain.memory_with(position(chain, "T_CundallStrack").unwrap(), &spring)
    };
    for normal in normals
        .iter()
        .chain(["N_IMC(delta: 2e-3, stiffness: Fixed(10.0))"].iter())
    {
        let pairs: &[Pair] = if normal.starts_with("N_IMC") {
            &[Pair::CapsuleCapsule]
        } else {
            &PAIRS
        };
        for &pair in pairs {
            let law =
                format!("{normal}, T_CundallStrack(mu_s: 0.5, mu_d: 0.3, k_t: 1000.0, c_t: 0.05)");
            let (n, kinds) = check_law(&m, pair, &law, 1e-4, &[1e-3, 0.3], spring, 160, 1e-6);
            assert!(n > 80, "{law} on {pair:?}: only {n} checked");
            assert!(
                kinds.contains("stick") && kinds.contains("slip"),
                "{law} on {pair:?}: {kinds:?}"
            );
            if pair == Pair::CapsuleCapsule {
                assert!(
                    kinds.contains("PointEdge") && kinds.contains("EdgeEdge"),
                    "{law}: {kinds:?}"
                );
            }
        }
    }
}

#[test]
fn shipped_granular_chains_match_finite_differences() {
    let m = model();
    for (file, pair) in [
        ("hertz_coulomb.ron", Pair::SphereSphere),
        ("hertz_coulomb_plane.ron", Pair::SpherePlane),
        ("hertz_cundall_strack.ron", Pair::SphereSphere),
        ("hertz_cundall_strack_plane.ron", Pair::SpherePlane),
        ("damped_hertz_cundall_strack.ron", Pair::SphereSphere),
        ("jkr.ron", Pair::SphereSphere),
        ("maugis_dugdale.ron", Pair::SphereSphere),
    ] {
        let chain = Chain::<Builtin>::load(&root().join("chains").join(file)).unwrap();
        let (a, b) = pair.prims();
        let mut rng = Rng::new(42);
        let mut checked = 0;
        for i in 0..60 {
            let (q, v) = state(
                &m,
                &mut rng,
                pair,
                1e-4,
                if i % 2 == 0 { 1e-3 } else { 0.5 },
            );
            // A committed spring for the chains with Cundall–Strack (the others keep none).
            let zeta = rng.vector(1e-5);
            let h = match position(&chain, "T_CundallStrack") {
                Some(k) => chain.memory_with(
                    k,
                    &SpringElongation {
                        zeta,
                        sliding: false,
                    },
                ),
                None => PairMemory::default(),
            };
            if let Some(c) = check_pair(&chain, &m, &q, &v, a, b, h, 1e-3, 1e-9) {
                assert!(
                    c.dfdx_error < 1e-6 && c.dfdv_error < 1e-6,
                    "{file}: ∂f/∂x error {:e}, ∂f/∂v error {:e}",
                    c.dfdx_error,
                    c.dfdv_error
                );
                checked += 1;
            }
        }
        assert!(checked > 40, "{file}: only {checked} checked");
    }
}
