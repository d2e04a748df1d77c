//! The fused capsule path gives the generic path's bits: forces, energies, gaps, the
//! non-conservative parts, Jacobian blocks and per-pair memory, over rod pairs placed
//! point–point, point–edge, edge–edge and (nearly) parallel, overlapping, inside the laws'
//! bands and beyond their reach, sticking and slipping, and over rods across a shell's edges,
//! for every chain that takes the path — over several steps (adaptive stiffnesses, committed
//! and lagged memory), with and without Jacobians, and interleaved with pairs of a generic
//! chain in the same worker.

use super::{ContactBinding, ContactModel, ContactSet, LocalContact};
use crate::contact::Chain;
use crate::contact::distance::{ContactType, segment_segment};
use crate::contact::primitive::BodyGroup;
use crate::math::Vec3;
use crate::model::{CrossSection, Material, Model, Rod};
use crate::time::Coefficients;
use crate::verify::Rng;
use std::path::Path;

const RADIUS: f64 = 1e-3;
/// The laws' reach in these tests (IMC's δ, IPC's d̂).
const REACH: f64 = 1e-5;

/// Segment `[a0, a1]` against `[b0, b1]` with centre-line distance `dist`, in one of five
/// arrangements: edge–edge, point–edge, point–point, parallel, nearly parallel (inside the
/// segment kernel's blend band).
fn segments(rng: &mut Rng, arrangement: usize, dist: f64) -> [Vec3; 4] {
    let len = || 0.005;
    let b0 = rng.vector(1e-3);
    let n = rng.direction();
    let cone = |rng: &mut Rng, n: &Vec3| {
        let t = rng.perpendicular(n);
        let phi = rng.uniform(-1.0, 1.0);
        n * phi.cos() + t * phi.sin()
    };
    match arrangement {
        0 => {
            // Interior closest points.
            let du = rng.perpendicular(&n);
            let dv = loop {
                let d = rng.perpendicular(&n);
                if du.cross(&d).norm() > 0.3 {
                    break d;
                }
            };
            let (alpha, gamma) = (rng.uniform(0.1, 0.9), rng.uniform(0.1, 0.9));
            let qa = b0 + n * dist;
            let a0 = qa - du * (alpha * len());
            let b0 = b0 - dv * (gamma * len());
            [a0, a0 + du * len(), b0, b0 + dv * len()]
        }
        1 => {
            // a0 over the interior of b.
            let v = rng.perpendicular(&n) * len();
            let a0 = b0 + v * rng.uniform(0.1, 0.9) + n * dist;
            [a0, a0 + cone(rng, &n) * len(), b0, b0 + v]
        }
        2 => {
            // a0 over b0.
            let a0 = b0 + n * dist;
            [
                a0,
                a0 + cone(rng, &n) * len(),
                b0,
                b0 + cone(rng, &(-n)) * len(),
            ]
        }
        _ => {
            // Side by side, overlapping by half a length; tilted by 1e-5 rad (sin²θ = 1e-10,
            // the blend band of the segment kernel) in the last arrangement.
            let d = rng.perpendicular(&n);
            let tilt = if arrangement == 3 { 0.0 } else { 1e-5 };
            let e = (d + n.cross(&d) * tilt).normalize();
            let a0 = b0 + n * dist + d * (0.5 * len());
            [a0, a0 + e * len(), b0, b0 + d * len()]
        }
    }
}

/// Pairs of one-edge rods, far apart from each other (10 cm), each pair at a gap among
/// overlapping, inside the bands, at their edge and beyond reach; velocities from creeping
/// (below the slip tolerances) to sliding. Returns the model and its velocities.
fn model(rng: &mut Rng) -> (Model, Vec<f64>) {
    let gaps = [-2e-4, -3e-6, 1e-7, 2.5e-6, 7e-6, 0.999 * REACH, 3e-5, 5e-4];
    let mut m = Model::default();
    let mut speeds = Vec::new();
    for k in 0..5 {
        for (g, &gap) in gaps.iter().enumerate() {
            let offset = Vec3::new(0.1 * k as f64, 0.1 * g as f64, 0.0);
            let s = segments(rng, k, 2.0 * RADIUS + gap);
            for (side, pts) in [[s[0], s[1]], [s[2], s[3]]].iter().enumerate() {
                let nodes = [pts[0] + offset, pts[1] + offset];
                let (rod, frames, q) = Rod::new(
                    &format!("r{k}_{g}_{side}"),
                    &nodes,
                    CrossSection::Circle(RADIUS),
                    Material::from_poisson(1e6, 0.5, 1000.0),
                    None,
                )
                .unwrap();
                m.add_rod(rod, frames, q);
            }
            speeds.push([1e-6, 3e-5, 1e-4, 1e-3, 3e-2][(k + g) % 5]);
        }
    }
    m.finalize();
    let mut v = vec![0.0; m.q.len()];
    for (i, rod) in m.bodies.rods.iter().enumerate() {
        let speed = speeds[i / 2];
        for node in 0..rod.n_nodes {
            let w = rng.vector(speed);
            let dof = rod.node_dof(node);
            v[dof..dof + 3].copy_from_slice(w.as_slice());
        }
    }
    (m, v)
}

fn chain(src: &str) -> Chain {
    if let Some(file) = src.strip_suffix(".ron") {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("chains");
        return Chain::load(&path.join(format!("{file}.ron"))).unwrap();
    }
    let elements = format!(
        "Deformable_Capsule_1_Data, Deformable_Capsule_2_Data, Capsule_Capsule, {src}, \
         AssembleForces, AssembleContactMatrix"
    );
    Chain::parse(
        &format!("Chain(name: \"t\", elements: [{elements}])"),
        Path::new("t.ron"),
    )
    .unwrap()
}

fn binding(chain: Chain, rods: usize) -> ContactBinding {
    ContactBinding {
        chain,
        first: BodyGroup::Rods((0..rods).collect()),
        second: BodyGroup::Rods((0..rods).collect()),
        keep_distance: 2e-3,
        excluded: Vec::new(),
        self_exclusion: Default::default(),
        redetect: Default::default(),
    }
}

/// Every field of two evaluations, bit for bit.
fn assert_same_bits(fused: &[LocalContact], generic: &[LocalContact], what: &str) {
    let bits = |x: &[f64]| x.iter().map(|v| v.to_bits()).collect::<Vec<_>>();
    assert_eq!(fused.len(), generic.len(), "{what}");
    for (f, g) in fused.iter().zip(generic) {
        let at = format!("{what}: pair {:?}", f.key);
        assert_eq!(f.key, g.key, "{at}");
        assert_eq!(
            (f.dofs, f.rows, f.active),
            (g.dofs, g.rows, g.active),
            "{at}"
        );
        assert_eq!(bits(f.force.as_slice()), bits(g.force.as_slice()), "{at}");
        assert_eq!(f.energy.to_bits(), g.energy.to_bits(), "{at}");
        assert_eq!(f.gap.to_bits(), g.gap.to_bits(), "{at}");
        assert_eq!(
            f.block.as_ref().map(|b| bits(b.as_slice())),
            g.block.as_ref().map(|b| bits(b.as_slice())),
            "{at}"
        );
        let nc = |l: &LocalContact| {
            l.nonconservative.as_ref().map(|n| {
                let mut v = bits(n.friction.as_slice());
                v.extend(bits(n.damping.as_slice()));
                v.push(n.energy.to_bits());
                v
            })
        };
        assert_eq!(nc(f), nc(g), "{at}");
        assert_eq!(bits(&f.memory.words), bits(&g.memory.words), "{at}");
        assert_eq!(f.memory.written, g.memory.written, "{at}");
        assert!(f.rigid_loads.is_none() && g.rigid_loads.is_none(), "{at}");
    }
}

/// What the fused binding's pairs of an evaluation cover: (contact kind, overlapping) of the
/// active ones, and how many were beyond reach.
fn coverage(m: &Model, q: &[f64], out: &[LocalContact]) -> (Vec<(ContactType, bool)>, usize) {
    let mut kinds = Vec::new();
    let mut beyond = 0;
    for lc in out.iter().filter(|l| l.key.binding == 0) {
        if !lc.active {
            beyond += usize::from(lc.gap > REACH);
            continue;
        }
        let (a, b) = (lc.key.first.points(m, q), lc.key.second.points(m, q));
        let d = segment_segment(&a.x[0], &a.x[1], &b.x[0], &b.x[1], false);
        if !kinds.contains(&(d.kind, lc.gap < 0.0)) {
            kinds.push((d.kind, lc.gap < 0.0));
        }
    }
    (kinds, beyond)
}

/// Runs `bindings` over four steps of four evaluations each (with and without Jacobians,
/// into reused and fresh records) at a perturbed, sliding configuration of `m`, once on the
/// fused path and once on the generic one, asserting the same bits every time; `check` sees
/// each step's last evaluation. Between steps: adaptive stiffnesses from random step forces,
/// a commit, or a lagging update.
fn same_bits_over_steps(
    m: &Model,
    v0: &[f64],
    rng: &mut Rng,
    bindings: Vec<ContactBinding>,
    what: &str,
    mut check: impl FnMut(usize, &[LocalContact]),
) {
    let mut fused = ContactSet::new(bindings).unwrap();
    assert_eq!(fused.fused_bindings(), 1, "{what}");
    fused.detect(m, &m.q);
    let mut generic = fused.clone();
    generic.set_fused(false);
    let (mut q, mut v) = (m.q.clone(), v0.to_vec());
    let (mut out_f, mut out_g) = (Vec::new(), Vec::new());
    for round in 0..4 {
        let step = Coefficients::implicit_euler(1e-3 * (1.0 + round as f64));
        let forces: Vec<f64> = (0..q.len()).map(|_| rng.signed()).collect();
        fused.begin_step(m, &q, &v, &forces);
        generic.begin_step(m, &q, &v, &forces);
        for want in [true, false, true, false] {
            let at = format!("{what}, round {round}, jacobian {want}");
            fused.evaluate_into(m, &q, &v, &step, want, &mut out_f);
            generic.evaluate_into(m, &q, &v, &step, want, &mut out_g);
            assert_same_bits(&out_f, &out_g, &at);
            assert_same_bits(&fused.evaluate(m, &q, &v, &step, want), &out_g, &at);
        }
        check(round, &out_f);
        if round == 1 {
            fused.relag(&out_f);
            generic.relag(&out_g);
        } else {
            fused.commit(&out_f);
            generic.commit(&out_g);
        }
        for x in q.iter_mut() {
            *x += 1e-7 * rng.signed();
        }
        for x in v.iter_mut() {
            *x *= 1.0 + 0.5 * rng.signed();
        }
    }
}

const IMC: &str = "N_IMC(delta: 1e-5, stiffness: Fixed(1e-2))";
const IPC: &str = "N_IPC(dhat: 1e-5, stiffness: Fixed(1e3))";

/// Every chain that takes the fused path: the shipped ones and the laws' combinations.
fn fused_chains() -> Vec<String> {
    vec![
        "imc.ron".to_string(),
        "imc_friction.ron".to_string(),
        "ipc.ron".to_string(),
        IMC.to_string(),
        IPC.to_string(),
        format!("{IMC}, T_IMC(mu: 0.3, slip_tolerance: 1e-4)"),
        format!("{IPC}, T_IPC(mu: 0.3, eps_v: 1e-4)"),
        format!("{IPC}, T_IPC(mu: 0.3, eps_v: 1e-4, lag_updates: 1)"),
        format!("{IMC}, T_IPC(mu: 0.5, eps_v: 1e-3)"),
    ]
}

/// Over a few steps of every chain that takes the fused path, on rod pairs of every kind,
/// apart and overlapping, sticking and slipping: the same bits as the generic path.
#[test]
fn the_fused_path_gives_the_generic_bits() {
    let mut rng = Rng::new(37);
    let (m, v0) = model(&mut rng);
    let rods = m.bodies.rods.len();
    let mut slipping = [0usize; 2];
    for (c, src) in fused_chains().iter().enumerate() {
        // A generic chain on the same rods interleaves its pairs with the fused ones.
        let linear = chain("N_LinearForce(stiffness: 1e3)");
        let bindings = vec![binding(chain(src), rods), binding(linear, rods)];
        let what = format!("chain {c} `{src}`");
        same_bits_over_steps(&m, &v0, &mut rng, bindings, &what, |round, out| {
            let (kinds, beyond) = coverage(&m, &m.q, out);
            assert!(kinds.len() >= 5 && beyond > 0, "{src}: {kinds:?}, {beyond}");
            let ours = || out.iter().filter(|l| l.active && l.key.binding == 0);
            assert!(ours().any(|l| l.force.norm() > 0.0), "{src}: no force");
            // Every inline chain with a friction law has μ > 0; T_IPC acts from the second
            // step on (its λ is lagged).
            if round > 0 && (src.contains("T_") || src == "imc_friction.ron") {
                assert!(
                    ours().any(|l| l.nonconservative.is_some()),
                    "{src}: no friction"
                );
            }
            for lc in ours() {
                if let Some(nc) = &lc.nonconservative {
                    let fr = nc.friction.fixed_rows::<3>(0).norm();
                    let fnormal = (lc.force - nc.friction).fixed_rows::<3>(0).norm();
                    if fnormal > 0.0 && src.contains("T_IMC(mu: 0.3") {
                        slipping[usize::from(fr > 0.9 * 0.3 * fnormal)] += 1;
                    }
                }
            }
        });
    }
    assert!(
        slipping[0] > 3 && slipping[1] > 3,
        "sticking, slipping: {slipping:?}"
    );
}

/// Rod edges against a shell's edges (a capsule the data elements bind through the mesh):
/// the same bits as the generic path, for every fused chain.
#[test]
fn shell_edges_give_the_generic_bits_too() {
    use crate::model::mesh::{DiagonalPattern, plate};
    use crate::model::{MeshTopology, Shell, ShellBending};
    let mut rng = Rng::new(38);
    let mut m = Model::default();
    // Rods across a 4 × 1 plate of thickness 2 mm (contact radius 1 mm), at gaps from an
    // overlap to beyond reach: over a cell, right above an edge (parallel to it) and near a
    // node, turned in the plate's plane (but the first of each) so as to cross the plate's
    // edges at various points. Only rod–shell pairs are candidates.
    let gaps = [-2e-4, -3e-6, 2.5e-6, 7e-6, 3e-5];
    for (i, &gap) in gaps.iter().enumerate() {
        for (j, x) in [0.005, 0.01, 0.02 + 1e-4].into_iter().enumerate() {
            let tilt = 1e-3 * (i * j) as f64;
            let z = 2.0 * RADIUS + gap;
            let nodes = [Vec3::new(x, -0.005, z), Vec3::new(x + tilt, 0.015, z)];
            let material = Material::from_poisson(1e6, 0.5, 1000.0);
            let section = CrossSection::Circle(RADIUS);
            let (rod, frames, q) =
                Rod::new(&format!("r{i}_{j}"), &nodes, section, material, None).unwrap();
            m.add_rod(rod, frames, q);
        }
    }
    let mesh = plate(0.04, 0.01, 4, 1, DiagonalPattern::OneWay).unwrap();
    let topology = MeshTopology::new(&mesh).unwrap();
    let material = Material::from_poisson(1e6, 0.3, 1000.0);
    let shell = Shell::new(
        "s",
        mesh,
        topology,
        material,
        2.0 * RADIUS,
        ShellBending::Hinge,
    );
    m.add_shell(shell, Vec3::zeros());
    m.finalize();
    let v0: Vec<f64> = (0..m.q.len()).map(|_| 1e-3 * rng.signed()).collect();
    let rods = m.bodies.rods.len();
    for (c, src) in fused_chains().iter().enumerate() {
        let bindings = vec![ContactBinding {
            second: BodyGroup::Shells(vec![0]),
            ..binding(chain(src), rods)
        }];
        let what = format!("shell, chain {c} `{src}`");
        same_bits_over_steps(&m, &v0, &mut rng, bindings, &what, |_, out| {
            let shell_edge = |l: &&LocalContact| {
                l.active && matches!(l.key.second, crate::contact::PrimId::ShellEdge(_))
            };
            let n = out.iter().filter(shell_edge).count();
            assert!(n >= 5, "{what}");
        });
    }
}

/// With the fused path off, or a chain that does not qualify, nothing takes it.
#[test]
fn other_chains_keep_the_generic_path() {
    let (m, _) = model(&mut Rng::new(1));
    let rods = m.bodies.rods.len();
    let set = ContactSet::new(vec![binding(
        chain("N_IMC(delta: 1e-5, stiffness: Fixed(1.0)), T_CoulombFriction(mu: 0.3, c_t: 10.0)"),
        rods,
    )])
    .unwrap();
    assert_eq!(set.fused_bindings(), 0);
    assert!(set.fused());
}
