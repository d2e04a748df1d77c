//! `T_IMC` and `T_IPC` on node–triangle pairs (a rod node against a shell face, the
//! `Point_Triangle` resolver of chains/imc_shell.ron and chains/ipc_shell.ron): the slip
//! velocity is the node's velocity relative to the contact point on the triangle (the
//! barycentric interpolation of its three nodes' velocities), and the friction force is
//! distributed onto the triangle's nodes by the same weights.
//!
//! * finite-difference `∂f/∂x`, `∂f/∂v` of both laws on a moving, deforming triangle, with the
//!   node's foot in the face interior, on each edge and at each vertex, above and below;
//! * IPC's force is minus the gradient of its incremental potential (barrier + lagged friction
//!   potential, `v = (x − xₙ)/Δt`), triangle nodes included;
//! * a node carried along by the triangle feels no friction; a node at rest on a moving
//!   triangle is dragged along the motion with `μF_n`, and its triangle nodes take `−λₖμF_n`.

use catena::contact::distance::ContactType;
use catena::contact::{Builtin, Chain, ContactCtx, Env, Lagged, PairMemory, PrimId};
use catena::math::Vec3;
use catena::model::Model;
use catena::verify::{Rng, check_pair, probe_model};
use std::path::Path;

/// Rod radius + half the shell thickness of the probe model (m): gap = Δ − `REACH`.
const REACH: f64 = 7e-3;
/// Both laws with fixed stiffness and a band of 1 mm (so random placements act), μ = 0.4 and a
/// slip threshold of 20 mm/s (so random speeds stick and slip).
const IMC: &str = "N_IMC(delta: 1e-3, stiffness: Fixed(1e3)), T_IMC(mu: 0.4, slip_tolerance: 0.02)";
const IPC: &str = "N_IPC(dhat: 1e-3, stiffness: Fixed(50.0)), T_IPC(mu: 0.4, eps_v: 0.02)";
/// Position of `T_IPC` in the chain.
const T_IPC_AT: usize = 4;
const DT: f64 = 1e-3;
const NODE: PrimId = PrimId::rod_node(0, 1);
const FACE: PrimId = PrimId::shell_face(0, 0);

fn chain(laws: &str) -> Chain {
    let src = format!(
        "Chain(name: \"t\", elements: [Point_1_Data, DeformableTriangle_2_Data, Point_Triangle, \
         {laws}, AssembleForces, AssembleContactMatrix])"
    );
    Chain::<Builtin>::parse(&src, Path::new("triangle_friction.ron")).unwrap()
}

/// Where the node's closest point on the triangle lies.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Region {
    Face,
    Edge(usize),
    Vertex(usize),
}

const REGIONS: [Region; 7] = [
    Region::Face,
    Region::Edge(0),
    Region::Edge(1),
    Region::Edge(2),
    Region::Vertex(0),
    Region::Vertex(1),
    Region::Vertex(2),
];

/// A node placed at distance `dist` from the triangle `tri`, its foot in `region` (on side
/// `side` = ±1 of the face), with the foot's barycentric coordinates and its contact type.
fn place(
    rng: &mut Rng,
    tri: [Vec3; 3],
    region: Region,
    dist: f64,
    side: f64,
) -> (Vec3, [f64; 3], ContactType) {
    let n = (tri[1] - tri[0]).cross(&(tri[2] - tri[0])).normalize();
    let centroid = (tri[0] + tri[1] + tri[2]) / 3.0;
    let (lambda, kind) = match region {
        Region::Face => {
            let l = [
                rng.uniform(0.1, 1.0),
                rng.uniform(0.1, 1.0),
                rng.uniform(0.1, 1.0),
            ];
            let s = l[0] + l[1] + l[2];
            (l.map(|x| x / s), ContactType::PointFace)
        }
        Region::Edge(i) => {
            let t = rng.uniform(0.2, 0.8);
            let mut l = [0.0; 3];
            l[i] = 1.0 - t;
            l[(i + 1) % 3] = t;
            (l, ContactType::PointEdge)
        }
        Region::Vertex(i) => {
            let mut l = [0.0; 3];
            l[i] = 1.0;
            (l, ContactType::PointPoint)
        }
    };
    let foot = tri[0] * lambda[0] + tri[1] * lambda[1] + tri[2] * lambda[2];
    // In-plane offset out of the triangle: across the edge, or away from the centroid.
    let out = match region {
        Region::Face => Vec3::zeros(),
        Region::Edge(i) => {
            let e = tri[(i + 1) % 3] - tri[i];
            let o = e.cross(&n).normalize();
            if o.dot(&(foot - centroid)) > 0.0 {
                o
            } else {
                -o
            }
        }
        Region::Vertex(i) => {
            let o = tri[i] - centroid;
            (o - n * o.dot(&n)).normalize()
        }
    };
    let r = if region == Region::Face {
        0.0
    } else {
        dist * rng.uniform(0.3, 0.7)
    };
    let p = foot + out * r + n * (side * (dist * dist - r * r).sqrt());
    (p, lambda, kind)
}

/// A random triangle near the probe model's shell, not far from right-angled.
fn random_triangle(rng: &mut Rng) -> [Vec3; 3] {
    let j = |rng: &mut Rng| Vec3::new(rng.signed(), rng.signed(), rng.signed()) * 2e-3;
    [
        Vec3::new(0.0, 0.0, 0.3) + j(rng),
        Vec3::new(0.03, 0.002, 0.301) + j(rng),
        Vec3::new(0.008, 0.027, 0.298) + j(rng),
    ]
}

/// The model state with the node at `p` moving at `vp`, the triangle at `tri` moving at `vt`.
fn state(m: &Model, p: Vec3, vp: Vec3, tri: [Vec3; 3], vt: [Vec3; 3]) -> (Vec<f64>, Vec<f64>) {
    let mut q = m.q.clone();
    let mut v = vec![0.0; q.len()];
    let shell = &m.bodies.shells[0];
    let dofs = [
        m.bodies.rods[0].node_dof(1),
        shell.node_dof(0),
        shell.node_dof(1),
        shell.node_dof(2),
    ];
    for (k, d) in dofs.into_iter().enumerate() {
        let (x, u) = if k == 0 {
            (p, vp)
        } else {
            (tri[k - 1], vt[k - 1])
        };
        q[d..d + 3].copy_from_slice(x.as_slice());
        v[d..d + 3].copy_from_slice(u.as_slice());
    }
    (q, v)
}

fn eval(ch: &Chain, m: &Model, q: &[f64], v: &[f64], memory: PairMemory, jac: bool) -> ContactCtx {
    let env = Env { model: m, q, v };
    ch.evaluate(&env, NODE, FACE, memory, DT, jac)
}

/// The lagging point of `T_IPC` at `q_lag` (`None` when the pair carries no normal force there).
fn lagged(ch: &Chain, m: &Model, q_lag: &[f64], v: &[f64]) -> Option<PairMemory> {
    let lag = eval(ch, m, q_lag, v, PairMemory::default(), false);
    let lam = ch.memory_of::<Lagged>(&lag.memory, T_IPC_AT).normal_force;
    (!lag.reject && lam > 0.0).then_some(lag.memory)
}

fn vec3(f: &[f64], k: usize) -> Vec3 {
    Vec3::new(f[3 * k], f[3 * k + 1], f[3 * k + 2])
}

#[test]
fn friction_jacobians_on_a_moving_triangle_match_finite_differences_in_every_region() {
    let m = probe_model();
    for (name, laws) in [("T_IMC", IMC), ("T_IPC", IPC)] {
        let ch = chain(laws);
        let ipc = name == "T_IPC";
        let mut rng = Rng::new(29);
        for region in REGIONS {
            let (mut checked, mut worst_x, mut worst_v, mut worst_e) =
                (0, 0.0_f64, 0.0_f64, 0.0_f64);
            for sample in 0..40 {
                let tri = random_triangle(&mut rng);
                let gap = if ipc {
                    rng.uniform(1e-4, 9e-4)
                } else {
                    rng.uniform(-3e-4, 8e-4)
                };
                let side = if sample % 2 == 0 { 1.0 } else { -1.0 };
                let (p, _, kind) = place(&mut rng, tri, region, REACH + gap, side);
                // The triangle translates, rotates and stretches; the node moves on its own.
                let drift = Vec3::new(rng.signed(), rng.signed(), rng.signed()) * 0.03;
                let vt =
                    [0, 1, 2].map(|_| drift + Vec3::new(rng.signed(), rng.signed(), 0.3) * 0.01);
                let vp = Vec3::new(rng.signed(), rng.signed(), rng.signed()) * 0.03;
                let (q, v) = state(&m, p, vp, tri, vt);
                let memory = if ipc {
                    // Lagged at a nearby configuration: a frame and weights not the current ones.
                    let q_lag: Vec<f64> = q.iter().map(|x| x + 2e-5 * rng.signed()).collect();
                    match lagged(&ch, &m, &q_lag, &v) {
                        Some(mem) => mem,
                        None => continue,
                    }
                } else {
                    PairMemory::default()
                };
                let base = eval(&ch, &m, &q, &v, memory, true);
                assert_eq!(base.contact_type, kind, "{name} {region:?}");
                if base.reject || base.force.norm() == 0.0 {
                    continue;
                }
                let c = check_pair(&ch, &m, &q, &v, NODE, FACE, memory, DT, 1e-9)
                    .unwrap_or_else(|| panic!("{name} {region:?}: crossed a rejection"));
                worst_x = worst_x.max(c.dfdx_error);
                worst_v = worst_v.max(c.dfdv_error);
                if ipc {
                    worst_e = worst_e.max(potential_error(&ch, &m, &q, &v, memory, &base));
                }
                checked += 1;
            }
            eprintln!(
                "{name} {region:?}: {checked} pairs, ∂f/∂x error {worst_x:.1e}, ∂f/∂v error \
                 {worst_v:.1e}, f + ∇E error {worst_e:.1e}"
            );
            assert!(checked >= 10, "{name} {region:?}: only {checked} pairs");
            assert!(worst_x < 1e-4, "{name} {region:?}: ∂f/∂x error {worst_x}");
            assert!(worst_v < 1e-4, "{name} {region:?}: ∂f/∂v error {worst_v}");
            assert!(worst_e < 1e-5, "{name} {region:?}: f + ∇E error {worst_e}");
        }
    }
}

/// `‖f + ∇E‖/‖f‖` for IPC's incremental potential `E(x) = κb(d(x)) + D(x)`, moving every free
/// coordinate of the pair in position by `h` and in velocity by `h/Δt` (`v = (x − xₙ)/Δt`).
fn potential_error(
    ch: &Chain,
    m: &Model,
    q: &[f64],
    v: &[f64],
    memory: PairMemory,
    base: &ContactCtx,
) -> f64 {
    let h = 1e-9;
    let mut err = 0.0_f64;
    for k in 0..base.n_points() {
        for c in 0..3 {
            let d = base.dof[k] as usize + c;
            let energy = |s: f64| {
                let (mut q, mut v) = (q.to_vec(), v.to_vec());
                q[d] += s * h;
                v[d] += s * h / DT;
                eval(ch, m, &q, &v, memory, false).energy
            };
            let grad = (energy(1.0) - energy(-1.0)) / (2.0 * h);
            err = err.max((base.force[3 * k + c] + grad).abs());
        }
    }
    err / base.force.norm()
}

/// Friction forces (total less the normal law's) and the normal force on the node, for the node
/// at `p` moving at `vp` and the triangle moving at `vt`.
fn friction(laws: &str, p: Vec3, vp: Vec3, tri: [Vec3; 3], vt: Vec3) -> ([Vec3; 4], f64, Vec3) {
    let m = probe_model();
    let (q, v) = state(&m, p, vp, tri, [vt; 3]);
    let frictionless = laws.replace("mu: 0.4", "mu: 0.0");
    let (ch, ch0) = (chain(laws), chain(&frictionless));
    // IPC lags at the configuration itself (a converged lagging update).
    let memory = if laws.contains("T_IPC") {
        lagged(&ch, &m, &q, &v).expect("in contact")
    } else {
        PairMemory::default()
    };
    let with = eval(&ch, &m, &q, &v, memory, false);
    let without = eval(&ch0, &m, &q, &v, PairMemory::default(), false);
    let f = [0, 1, 2, 3].map(|k| vec3((with.force - without.force).as_slice(), k));
    let normal_force = vec3(without.force.as_slice(), 0).norm();
    (f, normal_force, with.normal)
}

#[test]
fn a_node_carried_by_a_moving_triangle_feels_no_friction_and_one_at_rest_is_dragged() {
    let tri = [
        Vec3::new(0.0, 0.0, 0.3),
        Vec3::new(0.03, 0.0, 0.3),
        Vec3::new(0.0, 0.03, 0.3),
    ];
    let mu = 0.4;
    for (name, laws, gap) in [("T_IMC", IMC, 5e-4), ("T_IPC", IPC, 3e-4)] {
        for region in REGIONS {
            let mut rng = Rng::new(5);
            let (p, lambda, _) = place(&mut rng, tri, region, REACH + gap, 1.0);
            // Both slip (|V| = 54 mm/s against a threshold of 20 mm/s, in any tangent plane).
            let motion = Vec3::new(0.05, 0.02, 0.0);
            // Carried along: no relative velocity at the contact point, no friction.
            let (f, fn_, _) = friction(laws, p, motion, tri, motion);
            assert!(fn_ > 0.0, "{name} {region:?}: no normal force");
            for fk in f {
                assert!(fk.norm() < 1e-9 * fn_, "{name} {region:?}: friction {fk}");
            }
            // At rest on the moving triangle: dragged along the tangential part of the motion.
            let (f, fn_, n) = friction(laws, p, Vec3::zeros(), tri, motion);
            let t = (motion - n * n.dot(&motion)).normalize();
            let expected = t * (mu * fn_);
            assert!(
                (f[0] - expected).norm() < 1e-6 * expected.norm(),
                "{name} {region:?}: friction on the node {} against {expected}",
                f[0]
            );
            // The triangle's nodes take the reaction by their barycentric weights.
            for k in 0..3 {
                let want = -expected * lambda[k];
                assert!(
                    (f[k + 1] - want).norm() < 1e-6 * expected.norm(),
                    "{name} {region:?}: node {k}: {} against {want}",
                    f[k + 1]
                );
            }
            let sum: Vec3 = f.iter().sum();
            assert!(sum.norm() < 1e-12 * expected.norm());
        }
    }
}
