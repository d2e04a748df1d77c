//! IMC and IPC on the same rod scenes, switched by naming a chain file (issue 4):
//! finite-difference Jacobians of `N_IPC`/`T_IPC` over PP/PE/EE and stick/slip, the barrier's
//! positive gap at every Newton iterate of a fast impact, weight balance at rest, and Coulomb
//! friction on a rod dragged along the ground.

use catena::contact::distance::ContactType;
use catena::contact::{Builtin, Chain, Env, Lagged, PairMemory, PrimId};
use catena::scene::{build_scene, parse_scene};
use catena::system::Simulator;
use catena::validate::ipc_guarantee;
use catena::verify::{Rng, check_pair};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn chain(src: &str) -> Chain {
    Chain::<Builtin>::parse(src, Path::new("test_chain.ron")).unwrap()
}

#[test]
fn ipc_barrier_and_lagged_friction_jacobians_match_finite_differences() {
    // d̂ = 1 mm against 5 mm rods so random placements land inside the barrier band; fixed κ.
    let ch = chain(
        "Chain(name: \"ipc_fd\", elements: [Deformable_Capsule_1_Data, Deformable_Capsule_2_Data, \
         Capsule_Capsule, N_IPC(dhat: 1e-3, stiffness: Fixed(50.0)), T_IPC(mu: 0.4, eps_v: 0.02), \
         AssembleForces, AssembleContactMatrix])",
    );
    let src = r#"Scene(
        time: (dt: 1e-3, duration: 1.0),
        materials: { "m": (youngs_modulus: 1e6, poisson_ratio: 0.5, density: 1000) },
        rods: [
            (name: "a", material: "m", radius: 5e-3, geometry: Nodes([(0, 0, 0), (0.03, 0, 0), (0.06, 0, 0)])),
            (name: "b", material: "m", radius: 5e-3, geometry: Nodes([(0, 0, 0.05), (0.03, 0, 0.05), (0.06, 0, 0.05)])),
        ],
    )"#;
    let file = root().join("tests/virtual.ron");
    let m = build_scene(&parse_scene(src, &file).unwrap(), src, &file)
        .unwrap()
        .model;
    let (ra, rb) = (&m.bodies.rods[0], &m.bodies.rods[1]);
    let mut rng = Rng::new(11);
    let mut regimes = BTreeSet::new();
    let (mut checked, mut worst_x, mut worst_v) = (0, 0.0_f64, 0.0_f64);
    for _ in 0..4000 {
        let mut q = m.q.clone();
        let mut v = vec![0.0; q.len()];
        let a0 = [0.0, 0.0, 0.0];
        let a1 = [0.03, 0.0, 0.0];
        // Edge b: a random direction, centred near edge a at a distance 2h + (0, d̂).
        let d = [rng.signed(), rng.signed(), rng.signed()];
        let n = (d[0] * d[0] + d[1] * d[1] + d[2] * d[2]).sqrt();
        let half = 0.015 * (1.0 + 0.5 * rng.signed());
        let along = 0.015 + 0.035 * rng.signed();
        let off = 0.01 + 1e-3 * (0.5 + 0.5 * rng.signed());
        let phi = std::f64::consts::PI * rng.signed();
        let c = [along, off * phi.cos(), off * phi.sin()];
        let b0 = [0, 1, 2].map(|k| c[k] - half * d[k] / n);
        let b1 = [0, 1, 2].map(|k| c[k] + half * d[k] / n);
        for (node, x) in [
            (ra.node_dof(0), a0),
            (ra.node_dof(1), a1),
            (rb.node_dof(0), b0),
            (rb.node_dof(1), b1),
        ] {
            q[node..node + 3].copy_from_slice(&x);
            // Speeds around ε_v = 0.02 m/s: both the stick (smooth) and slip branches.
            for k in 0..3 {
                v[node + k] = 0.03 * rng.signed();
            }
        }
        let (pa, pb) = (PrimId::rod_edge(0, 0), PrimId::rod_edge(1, 0));
        // The lagging point: the same pair at a slightly different configuration.
        let mut q_lag = q.clone();
        for x in &mut q_lag {
            *x += 2e-5 * rng.signed();
        }
        let env = Env {
            model: &m,
            q: &q_lag,
            v: &v,
        };
        let lag = ch.evaluate(&env, pa, pb, PairMemory::default(), 1e-3, false);
        // T_IPC is element 4 of the chain.
        if lag.reject || ch.memory_of::<Lagged>(&lag.memory, 4).normal_force <= 0.0 {
            continue;
        }
        let env = Env {
            model: &m,
            q: &q,
            v: &v,
        };
        let base = ch.evaluate(&env, pa, pb, lag.memory, 1e-3, false);
        if base.reject || base.gap < 5e-5 {
            continue;
        }
        let Some(c) = check_pair(&ch, &m, &q, &v, pa, pb, lag.memory, 1e-3, 1e-9) else {
            continue;
        };
        regimes.insert(format!("{:?}", base.contact_type));
        worst_x = worst_x.max(c.dfdx_error);
        worst_v = worst_v.max(c.dfdv_error);
        checked += 1;
    }
    eprintln!(
        "{checked} pairs, regimes {regimes:?}, worst ∂f/∂x error {worst_x:e}, ∂f/∂v error {worst_v:e}"
    );
    assert!(checked > 200, "only {checked} pairs in the band");
    for r in [
        ContactType::EdgeEdge,
        ContactType::PointEdge,
        ContactType::PointPoint,
    ] {
        assert!(
            regimes.contains(&format!("{r:?}")),
            "regime {r:?} never met"
        );
    }
    assert!(worst_x < 1e-4, "∂f/∂x error {worst_x}");
    assert!(worst_v < 1e-4, "∂f/∂v error {worst_v}");
}

/// The crossing-rods impact of `catena::validate::ipc_guarantee` (shared with `catena validate
/// ipc_guarantee`): rod–rod and ground chains of one method, Δt = 0.2 ms, δ = d̂ = 0.1 mm; the
/// upper rod lands on the lower at ≈ 0.8 m/s, four times d̂ per step.
#[test]
fn fast_crossing_rods_ipc_never_closes_a_gap_and_imc_barely_penetrates() {
    let h = ipc_guarantee::H;
    let dir = tempfile::tempdir().unwrap();
    let mut reports = Vec::new();
    for method in ["imc", "ipc"] {
        let r = ipc_guarantee::impact(dir.path(), method).unwrap_or_else(|e| panic!("{e}"));
        eprintln!(
            "{method}: min gap over all iterates {:e} m, max penetration {:e} m, final centre separation − 2h {:e} m",
            r.min_gap, r.max_penetration, r.final_separation
        );
        // The upper rod landed on the lower one (bouncing on it, not through it).
        let sep = r.final_separation;
        assert!(
            sep > -1e-4 && sep < 2e-3,
            "{method}: centre separation {sep}"
        );
        reports.push((r.min_gap, r.max_penetration));
    }
    let (imc, ipc) = (reports[0], reports[1]);
    assert!(ipc.0 > 0.0, "IPC let a gap close: {}", ipc.0);
    assert_eq!(ipc.1, 0.0);
    assert!(imc.1 < 0.01 * h, "IMC penetration {} ≥ 1 % of h", imc.1);
}

/// A 5 cm rod (h = 1 mm) lying just above the ground under gravity, damped by drag.
fn resting_rod(chain: &str) -> Simulator {
    let src = format!(
        r#"Scene(
        time: (dt: 1e-3, duration: 1.0),
        materials: {{ "m": (youngs_modulus: 1e6, poisson_ratio: 0.5, density: 1000) }},
        rods: [(name: "r", material: "m", radius: 1e-3,
                geometry: Straight(start: (0, 0, 1.005e-3), end: (0.05, 0, 1.005e-3), nodes: 11))],
        planes: [(name: "ground", origin: (0, 0, 0), normal: (0, 0, 1))],
        forces: [Gravity(g: (0, 0, -9.81)), ViscousDrag(viscosity: 0.5)],
        contacts: [(chain: "../chains/{chain}", first: AllRods, second: AllPlanes, keep_distance: 1e-3)],
    )"#
    );
    let file = root().join("tests/virtual.ron");
    let spec = parse_scene(&src, &file).unwrap();
    build_scene(&spec, &src, &file).unwrap().into_simulator()
}

/// Σ of the assembled contact forces on free DOFs, by component.
fn contact_force(sim: &Simulator) -> [f64; 3] {
    let mut f = [0.0; 3];
    for c in sim.last_contacts().iter().filter(|c| c.active) {
        for a in 0..12 {
            if c.rows[a] {
                f[a % 3] += c.force[a];
            }
        }
    }
    f
}

#[test]
fn rod_resting_on_the_ground_balances_its_weight_with_imc_and_ipc() {
    for chain in ["imc_ground.ron", "ipc_ground.ron"] {
        let mut sim = resting_rod(chain);
        for _ in 0..400 {
            sim.step().unwrap_or_else(|e| panic!("{chain}: {e}"));
        }
        let m = &sim.model;
        let weight: f64 = (0..m.bodies.rods[0].n_nodes)
            .map(|i| m.mass[m.bodies.rods[0].node_dof(i)] * 9.81)
            .sum();
        let f = contact_force(&sim);
        let vmax = m.v.iter().fold(0.0_f64, |a, b| a.max(b.abs()));
        let rel = (f[2] - weight).abs() / weight;
        eprintln!(
            "{chain}: contact force {:.9e} N vs weight {weight:.9e} N (rel {rel:e}), max |v| {vmax:e}",
            f[2]
        );
        assert!(rel < 1e-6, "{chain}: weight balance {rel}");
    }
}

#[test]
fn rod_dragged_along_the_ground_feels_coulomb_friction() {
    // One end node is translated at 2 cm/s along x, well above both slip tolerances (IMC ν =
    // 1e-4 m/s, IPC ε_v = 1e-4 m/s): steady sliding, friction = μ N on every free node.
    let mu = 0.3;
    for chain in ["imc_ground.ron", "ipc_ground.ron"] {
        let src = format!(
            r#"Scene(
            time: (dt: 1e-3, duration: 1.0),
            materials: {{ "m": (youngs_modulus: 1e6, poisson_ratio: 0.5, density: 1000) }},
            rods: [(name: "r", material: "m", radius: 1e-3,
                    geometry: Straight(start: (0, 0, 1.005e-3), end: (0.05, 0, 1.005e-3), nodes: 11))],
            planes: [(name: "ground", origin: (0, 0, 0), normal: (0, 0, 1))],
            boundary_conditions: [Translate(rod: "r", nodes: [10], velocity: (0.02, 0, 0))],
            forces: [Gravity(g: (0, 0, -9.81))],
            contacts: [(chain: "../chains/{chain}", first: AllRods, second: AllPlanes, keep_distance: 1e-3)],
        )"#
        );
        let file = root().join("tests/virtual.ron");
        let spec = parse_scene(&src, &file).unwrap();
        let mut sim = build_scene(&spec, &src, &file).unwrap().into_simulator();
        for _ in 0..300 {
            sim.step().unwrap_or_else(|e| panic!("{chain}: {e}"));
        }
        let f = contact_force(&sim);
        let traction = (f[0] * f[0] + f[1] * f[1]).sqrt();
        let rel = (traction - mu * f[2]).abs() / (mu * f[2]);
        eprintln!(
            "{chain}: friction {traction:.6e} N, μN = {:.6e} N (rel {rel:e})",
            mu * f[2]
        );
        assert!(f[0] < 0.0, "{chain}: friction must oppose the motion");
        assert!(rel < 0.01, "{chain}: traction off μN by {rel}");
    }
}
