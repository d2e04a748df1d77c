//! `Assemble_SpringTension` and `Assemble_SpringTension1D` (mpacts, seed 003) against the
//! tension of the spring network they sum:
//!
//! * a hexagonal patch of springs `k` stretched uniformly by `ε`: at its centre node (six
//!   triangles) `T = −Σ f/(6 tan(π/6) d) = √3 k ε/(1 + ε)`, the isotropic tension
//!   `Y₂ ε/(1 − ν)` of the triangular lattice (`Y₂ = 2k/√3`, `ν = 1/3`) to first order;
//! * a string of springs stretched by `ε`: `T = k ε L` at its inner nodes, half at its ends.

use catena::contact::{
    Builtin, Chain, Env, LocalContact, PairKey, PairMemory, PrimId, RodNode, ShellNode,
    spring_tensions,
};
use catena::model::Model;
use catena::scene::{build_scene, parse_scene};
use std::path::{Path, PathBuf};

const K: f64 = 10.0; // N/m
const EPS: f64 = 0.01;

fn model() -> Model {
    let src = r#"Scene(
        time: (dt: 1e-3, duration: 1.0),
        materials: { "m": (youngs_modulus: 1e6, poisson_ratio: 0.3, density: 1000) },
        rods: [(name: "string", material: "m", radius: 1e-5,
                geometry: Straight(start: (0, 0, 0.01), end: (0.004, 0, 0.01), nodes: 5))],
        shells: [(name: "hex", material: "m", thickness: 1e-5,
                  mesh: Hexagon(side: 1e-3, rings: 1))],
    )"#;
    let file = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/virtual.ron");
    let spec = parse_scene(src, &file).unwrap();
    build_scene(&spec, src, &file).unwrap().model
}

/// The pair `(a, b)` evaluated by `chain` at `q`, as the contact set records it.
fn contact(chain: &Chain, m: &Model, q: &[f64], a: PrimId, b: PrimId) -> LocalContact {
    let v = vec![0.0; q.len()];
    let env = Env { model: m, q, v: &v };
    let ctx = chain.evaluate(&env, a, b, PairMemory::default(), 1e-3, false);
    LocalContact {
        key: PairKey {
            binding: 0,
            first: a,
            second: b,
        },
        dofs: [u32::MAX; 12],
        rows: [false; 12],
        force: ctx.force,
        block: None,
        energy: ctx.energy,
        nonconservative: None,
        gap: ctx.gap,
        active: !ctx.reject,
        memory: ctx.memory,
        rigid_loads: None,
        virial: None,
        spring_tension: ctx.spring_tension.map(Box::new),
        contact_area: None,
        ring: None,
    }
}

fn chain(rest: f64, assembler: &str) -> Chain {
    let text = format!(
        "Chain(name: \"t\", elements: [Point_1_Data, Point_2_Data, Point_Point, \
         Spring(stiffness: {K}, rest_length: {rest}), AssembleForces, {assembler}])"
    );
    Chain::<Builtin>::parse(&text, Path::new("t.ron")).unwrap()
}

/// `q` with every node of `m` scaled by `1 + ε` about the origin in x and y.
fn stretched(m: &Model) -> Vec<f64> {
    let mut q = m.q.clone();
    let sh = &m.bodies.shells[0];
    for i in 0..sh.n_nodes() {
        let k = sh.node_dof(i);
        q[k] *= 1.0 + EPS;
        q[k + 1] *= 1.0 + EPS;
    }
    let rod = &m.bodies.rods[0];
    for i in 0..5 {
        q[rod.node_dof(i)] *= 1.0 + EPS;
    }
    q
}

#[test]
fn centre_of_a_stretched_hexagon_carries_the_lattice_tension() {
    let m = model();
    let q = stretched(&m);
    let c = chain(1e-3, "Assemble_SpringTension");
    let sh = &m.bodies.shells[0];
    let node = |n: u32| PrimId::ShellNode(ShellNode { shell: 0, node: n });
    let contacts: Vec<LocalContact> = (sh.topology.edges.iter())
        .map(|e| contact(&c, &m, &q, node(e.nodes[0]), node(e.nodes[1])))
        .collect();
    assert!(contacts.iter().all(|c| c.spring_tension.is_some()));
    let t = spring_tensions(&m, &contacts);
    let centre = (0..sh.n_nodes())
        .find(|&i| sh.topology.node_triangles[i].len() == 6)
        .expect("the hexagon's centre");
    let expected = 3f64.sqrt() * K * EPS / (1.0 + EPS);
    println!(
        "centre tension {:.6e} N/m, √3 k ε/(1 + ε) = {expected:.6e}",
        t.shells[0][centre]
    );
    assert!((t.shells[0][centre] - expected).abs() < 1e-12 * expected);
    // The lattice's continuum tension √3 k ε, to first order in ε.
    assert!((t.shells[0][centre] - 3f64.sqrt() * K * EPS).abs() < 1.01 * EPS * expected);
    // Rod nodes have no triangles: the mesh form gives them nothing.
    assert!(t.rods[0].iter().all(|&x| x == 0.0));
}

#[test]
fn a_stretched_string_carries_k_eps_l() {
    let m = model();
    let q = stretched(&m);
    let c = chain(1e-3, "Assemble_SpringTension1D");
    let node = |n: u32| PrimId::RodNode(RodNode { rod: 0, node: n });
    let contacts: Vec<LocalContact> = (0..4)
        .map(|i| contact(&c, &m, &q, node(i), node(i + 1)))
        .collect();
    let t = spring_tensions(&m, &contacts);
    let inner = K * EPS * 1e-3;
    for (i, &x) in t.rods[0].iter().enumerate() {
        let expected = if i == 0 || i == 4 { 0.5 * inner } else { inner };
        assert!(
            (x - expected).abs() < 1e-9 * inner,
            "node {i}: {x} vs {expected}"
        );
    }
    assert!(t.shells[0].iter().all(|&x| x == 0.0));
}

/// A run's frames carry the mesh form as point data `spring_tension`: a hexagon whose springs'
/// rest length is 1 % short of its edges, one step of 1 ns (the nodes barely move): its centre
/// carries `√3 k ε/(1 + ε)` with `ε = 1/0.99 − 1`.
#[test]
fn frames_carry_the_spring_tension_of_the_shell_nodes() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("springs.ron"),
        format!(
            "Chain(name: \"springs\", elements: [Point_1_Data, Point_2_Data, Point_Point, \
             Spring(stiffness: {K}, rest_length: 0.99e-3), AssembleForces, \
             AssembleContactMatrix, Assemble_SpringTension])"
        ),
    )
    .unwrap();
    let src = r#"Scene(
        time: (dt: 1e-9, duration: 1e-9),
        materials: { "m": (youngs_modulus: 1e6, poisson_ratio: 0.3, density: 1000) },
        shells: [(name: "hex", material: "m", thickness: 1e-5,
                  mesh: Hexagon(side: 1e-3, rings: 1))],
        contacts: [(chain: "springs.ron", first: AllShells, second: AllShells,
                    keep_distance: 1.2e-3)],
    )"#;
    let file = dir.path().join("hex.ron");
    std::fs::write(&file, src).unwrap();
    let spec = parse_scene(src, &file).unwrap();
    let scene = build_scene(&spec, src, &file).unwrap();
    let out = dir.path().join("out");
    let opts = catena::run::RunOptions {
        out: Some(out.clone()),
        progress: false,
        ..Default::default()
    };
    catena::run::run(scene, &opts).unwrap_or_else(|e| panic!("{e}"));
    let last = (std::fs::read_dir(out.join("frames")).unwrap())
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "vtp"))
        .max()
        .expect("a frame");
    let xml = std::fs::read_to_string(last).unwrap();
    let at = xml.find("Name=\"spring_tension\"").expect("the array");
    let body = &xml[at + xml[at..].find('>').unwrap() + 1..];
    let values: Vec<f64> = body[..body.find("</DataArray>").unwrap()]
        .split_whitespace()
        .map(|v| v.parse().unwrap())
        .collect();
    assert_eq!(values.len(), 7, "one per node of the hexagon: {values:?}");
    let eps = 1.0 / 0.99 - 1.0;
    let expected = 3f64.sqrt() * K * eps / (1.0 + eps);
    let centre = values.iter().cloned().fold(f64::MIN, f64::max);
    assert!(
        (centre - expected).abs() < 1e-5 * expected,
        "centre {centre} vs {expected}"
    );
}
