//! Random contact configurations of one pair type, spanning the resolver's cases.
//!
//! The configurations live in a small fixed model ([`probe_model`]): two 3-node rods of radius
//! 5 mm (edges of 30 mm ± 30 %), two spheres of radii 10 mm and 12 mm, a ground plane `z = 0`,
//! two one-triangle shells of thickness 4 mm, and a free rigid box of 40 × 30 × 25 mm with a
//! skin of 1 mm ([`RIGID_SKIN`]; its six DOFs come after every other body's); E = 1 MPa,
//! ν = 0.5, ρ = 1000 kg/m³; every point free. A side of kind capsule is edge 0 of rod 1
//! (side 1) or rod 2 (side 2), a point is node 1 of those rods, a sphere is sphere 1 or 2, a
//! plane is the ground, a triangle is shell 1's (side 1) or shell 2's (side 2). The rigid box
//! takes a side's place only in the configurations of
//! [`rigid_configuration`](super::rigid_configuration).
//!
//! Each configuration places the pair at a prescribed gap `Δ − r₁ − r₂`:
//! - **overlap**: gap = −δ with δ log-uniform in [10⁻⁷, 3·10⁻⁴] m;
//! - **separation**: gap log-uniform in [10⁻⁸, max(1.5·reach, 10⁻⁵)] m, where `reach` is the
//!   largest [`ChainElement::reach`](crate::contact::ChainElement::reach) of the chain (IMC's δ,
//!   IPC's d̂), so laws that act at a distance are exercised across their whole band;
//!
//! three in five configurations overlap, unless overlaps are excluded (chains whose method
//! keeps every gap positive, IPC with its CCD-capped line search: a barrier is not evaluated
//! at negative gaps);
//!
//! for a point or sphere against a triangle, targets face, edge and vertex in turn (an
//! equilateral triangle of side 30 mm ± 30 %, feet at barycentric coordinates ≥ 0.15 or on an
//! edge at β ∈ [0.2, 0.8], approach directions at 17°–73° from the seams), either side of the
//! face; a triangle against the plane has one lowest node;
//!
//! and, for capsules, targets one closest-feature case in turn (seed 001 Eqs. 11–13):
//! point–point (two end nodes), point–edge (an end node against the interior of the other edge,
//! either way round) and edge–edge (two interior points, non-parallel edges). Targets keep a
//! margin from the seams between cases (|cos| ≤ 0.9 between edges, β ∈ [0.2, 0.8], end
//! directions at ≥ 17° from the seam), so central differences do not straddle a seam.
//!
//! Velocities: side 2 moves relative to side 1 at a speed `s` log-uniform in [10⁻⁶, 1] m/s in a
//! random direction (so the tangential slip speed spans the regularisation speeds of friction
//! laws — stick well below, slip well above — and the normal speed exercises damping), plus a
//! random spin of ±10 % per point; a side that rotates (a sphere, a rigid body) turns at an
//! angular velocity whose surface speed is up to twice `s`.

use crate::contact::distance::ContactType;
use crate::contact::{BodyId, PlanePrim, PrimId, PrimKind, RodEdge, RodNode, SpherePrim};
use crate::math::Vec3;
use crate::model::Model;
use crate::scene::{build_scene, parse_scene};
use std::path::Path;

pub(super) use super::rng::Rng;
use super::triangle_targets::{equilateral, near_triangle};

/// Rod contact radius of the probe model (m).
pub const ROD_RADIUS: f64 = 5e-3;
/// Sphere radii of the probe model (m).
pub const SPHERE_RADII: [f64; 2] = [0.01, 0.012];
/// Contact radius (half the thickness) of the probe model's shells (m).
pub const SHELL_RADIUS: f64 = 2e-3;
/// Contact radius (skin) of the probe model's rigid box (m): larger than the deepest overlap
/// of a configuration (0.3 mm), so a rigid vertex against the plane keeps a positive distance.
pub const RIGID_SKIN: f64 = 1e-3;

/// The model the configurations are placed in (see the module docs).
pub fn probe_model() -> Model {
    let src = r#"Scene(
        time: (dt: 1e-3, duration: 1.0),
        materials: { "m": (youngs_modulus: 1e6, poisson_ratio: 0.5, density: 1000) },
        rods: [
            (name: "a", material: "m", radius: 5e-3, geometry: Nodes([(0, 0, 0), (0.03, 0, 0), (0.06, 0, 0)])),
            (name: "b", material: "m", radius: 5e-3, geometry: Nodes([(0, 0, 0.05), (0.03, 0, 0.05), (0.06, 0, 0.05)])),
        ],
        spheres: [
            (name: "s", material: "m", radius: 0.01, center: (0, 0, 0.2)),
            (name: "t", material: "m", radius: 0.012, center: (0, 0, 0.25)),
        ],
        planes: [(name: "ground", origin: (0, 0, 0), normal: (0, 0, 1))],
        shells: [
            (name: "c", material: "m", thickness: 4e-3,
             mesh: Inline(nodes: [[0, 0, 0.3], [0.03, 0, 0.3], [0, 0.03, 0.3]], triangles: [[0, 1, 2]])),
            (name: "d", material: "m", thickness: 4e-3,
             mesh: Inline(nodes: [[0, 0, 0.4], [0.03, 0, 0.4], [0, 0.03, 0.4]], triangles: [[0, 1, 2]])),
        ],
        rigid_bodies: [
            (name: "box", material: "m", mesh: Box(size: (0.04, 0.03, 0.025)), translate: (0, 0, 0.6),
             skin: 1e-3),
        ],
    )"#;
    let file = Path::new("<jacobian check model>");
    let spec = parse_scene(src, file).expect("the probe scene parses");
    build_scene(&spec, src, file)
        .expect("the probe scene builds")
        .model
}

/// Whether a configuration overlaps or is separated.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Regime {
    /// gap < 0.
    Overlap,
    /// gap > 0.
    Separation,
}

/// One random configuration of a pair.
#[derive(Debug, Clone)]
pub struct Configuration {
    /// Positions (model state).
    pub q: Vec<f64>,
    /// Velocities (model state).
    pub v: Vec<f64>,
    /// Side-1 primitive.
    pub first: PrimId,
    /// Side-2 primitive.
    pub second: PrimId,
    /// Overlap or separation.
    pub regime: Regime,
    /// The closest-feature case aimed at (capsules and triangles), `None` for other pairs.
    pub target: Option<ContactType>,
    /// Relative speed of the sides (m/s).
    pub speed: f64,
    /// Whether a side is a primitive of the probe model's rigid box (see
    /// [`rigid_configuration`](super::rigid_configuration)).
    pub rigid: bool,
}

/// Pair types the generator can place (every resolver of catena).
pub fn supported(kinds: (PrimKind, PrimKind)) -> bool {
    use PrimKind::*;
    matches!(
        kinds,
        (Capsule, Capsule)
            | (Capsule, Sphere)
            | (Sphere, Sphere)
            | (Sphere, Point)
            | (Point, Point)
            | (Capsule | Sphere | Point | Triangle, Plane)
            | (Point | Sphere, Triangle)
    )
}

/// A side's shape in a configuration.
pub(super) enum Shape {
    /// A segment with its two end points.
    Edge(Vec3, Vec3),
    /// A centre (sphere or rod node).
    Ball(Vec3),
    /// A triangle's three nodes.
    Tri([Vec3; 3]),
    /// The ground plane.
    Plane,
}

/// The contact radius of a side of the probe model (m).
pub(super) fn radius(prim: PrimId) -> f64 {
    match prim {
        PrimId::RodEdge(_) | PrimId::RodNode(_) => ROD_RADIUS,
        PrimId::Sphere(s) => SPHERE_RADII[s.index as usize],
        PrimId::Plane(_) => 0.0,
        PrimId::ShellNode(_) | PrimId::ShellEdge(_) | PrimId::ShellFace(_) => SHELL_RADIUS,
        PrimId::RigidFace(_) | PrimId::RigidEdge(_) | PrimId::RigidVertex(_) => RIGID_SKIN,
    }
}

/// The length that turns a side's angular velocity into a surface speed (m): a sphere's radius,
/// the rigid box's circumradius.
fn lever(model: &Model, prim: PrimId) -> f64 {
    match prim.body() {
        BodyId::Rigid(b) => model.bodies.rigid[b as usize]
            .surface
            .nodes
            .iter()
            .fold(0.0, |m, p| p.norm().max(m)),
        _ => radius(prim),
    }
}

/// The probe model's primitive of `kind` on side `side` (0 or 1), see the module docs;
/// `other_is_sphere` when side 1 is a sphere too.
pub(super) fn primitive(kind: PrimKind, side: u32, other_is_sphere: bool) -> PrimId {
    match kind {
        PrimKind::Capsule => PrimId::RodEdge(RodEdge { rod: side, edge: 0 }),
        PrimKind::Point => PrimId::RodNode(RodNode { rod: side, node: 1 }),
        // A lone sphere on side 2 is sphere 1 so that both sides never share a body.
        PrimKind::Sphere => PrimId::Sphere(SpherePrim {
            index: if side == 1 && other_is_sphere { 1 } else { 0 },
        }),
        PrimKind::Plane => PrimId::Plane(PlanePrim { index: 0 }),
        PrimKind::Triangle => PrimId::shell_face(side, 0),
    }
}

/// Index `i`'s target case for a point against a triangle.
pub(super) fn triangle_target(i: usize) -> ContactType {
    [
        ContactType::PointFace,
        ContactType::PointEdge,
        ContactType::PointPoint,
    ][i % 3]
}

/// Index `i`'s target case for a capsule pair (cycled so that each case gets a quarter).
pub(super) fn capsule_target(i: usize) -> ContactType {
    [
        ContactType::PointPoint,
        ContactType::PointEdge,
        ContactType::EdgeEdge,
        ContactType::PointEdge,
    ][i % 4]
}

/// Places two shapes whose centre lines are `dist` apart, in the case `target`.
fn place(
    rng: &mut Rng,
    kinds: (PrimKind, PrimKind),
    dist: f64,
    target: Option<ContactType>,
    swap_point_edge: bool,
) -> (Shape, Shape) {
    let a0 = Vec3::new(
        rng.uniform(-0.01, 0.01),
        rng.uniform(-0.01, 0.01),
        rng.uniform(0.02, 0.04),
    );
    let da = rng.direction();
    let la = 0.03 * rng.uniform(0.7, 1.3);
    let a1 = a0 + da * la;
    let lb = 0.03 * rng.uniform(0.7, 1.3);
    // A direction d with d·n ≥ 0.3 (pointing away from the contact along n).
    let away = |rng: &mut Rng, n: &Vec3| loop {
        let d = rng.direction();
        let d = if d.dot(n) < 0.0 { -d } else { d };
        if d.dot(n) >= 0.3 {
            return d;
        }
    };
    match kinds {
        (PrimKind::Capsule, PrimKind::Capsule) => match target.unwrap_or(ContactType::EdgeEdge) {
            ContactType::EdgeEdge => {
                let db = loop {
                    let d = rng.direction();
                    if d.dot(&da).abs() <= 0.9 {
                        break d;
                    }
                };
                let n = da.cross(&db).normalize();
                let pa = a0 + da * (la * rng.uniform(0.2, 0.8));
                let b0 = pa + n * dist - db * (lb * rng.uniform(0.2, 0.8));
                (Shape::Edge(a0, a1), Shape::Edge(b0, b0 + db * lb))
            }
            ContactType::PointEdge => {
                // An end node of one edge against the interior of the other.
                let n = rng.perpendicular(&da);
                let pa = a0 + da * (la * rng.uniform(0.2, 0.8));
                let b0 = pa + n * dist;
                let b1 = b0 + away(rng, &n) * lb;
                if swap_point_edge {
                    (Shape::Edge(b1, b0), Shape::Edge(a0, a1))
                } else {
                    (Shape::Edge(a0, a1), Shape::Edge(b0, b1))
                }
            }
            _ => {
                let n = away(rng, &da);
                let b0 = a1 + n * dist;
                (
                    Shape::Edge(a0, a1),
                    Shape::Edge(b0, b0 + away(rng, &n) * lb),
                )
            }
        },
        (PrimKind::Capsule, _) if kinds.1 != PrimKind::Plane => {
            let c = if target == Some(ContactType::PointPoint) {
                a1 + away(rng, &da) * dist
            } else {
                a0 + da * (la * rng.uniform(0.2, 0.8)) + rng.perpendicular(&da) * dist
            };
            (Shape::Edge(a0, a1), Shape::Ball(c))
        }
        (PrimKind::Capsule, PrimKind::Plane) => {
            // The lower end at height Δ, the edge rising away from the plane.
            let p0 = Vec3::new(a0.x, a0.y, dist);
            let p1 = p0 + away(rng, &Vec3::z()) * la;
            (Shape::Edge(p0, p1), Shape::Plane)
        }
        (PrimKind::Triangle, PrimKind::Plane) => {
            // The lowest node at height Δ, the other two higher.
            let p0 = Vec3::new(a0.x, a0.y, dist);
            let p1 = p0 + away(rng, &Vec3::z()) * la;
            let p2 = p0 + away(rng, &Vec3::z()) * lb;
            (Shape::Tri([p0, p1, p2]), Shape::Plane)
        }
        (_, PrimKind::Triangle) => {
            let (t, n) = equilateral(rng, a0, la);
            let c = near_triangle(rng, &t, &n, dist, target.unwrap_or(ContactType::PointFace));
            (Shape::Ball(c), Shape::Tri(t))
        }
        (_, PrimKind::Plane) => (Shape::Ball(Vec3::new(a0.x, a0.y, dist)), Shape::Plane),
        _ => (Shape::Ball(a0), Shape::Ball(a0 + rng.direction() * dist)),
    }
}

/// Writes a shape into the state of its primitive (rod, sphere or shell; a plane has none).
pub(super) fn write(model: &Model, q: &mut [f64], prim: PrimId, shape: &Shape) {
    let mut set = |dof: usize, x: Vec3| q[dof..dof + 3].copy_from_slice(x.as_slice());
    match (prim, shape) {
        (PrimId::RodEdge(RodEdge { rod, .. }), Shape::Edge(p0, p1)) => {
            let r = &model.bodies.rods[rod as usize];
            set(r.node_dof(0), *p0);
            set(r.node_dof(1), *p1);
            set(r.node_dof(2), p1 * 2.0 - p0);
        }
        (PrimId::RodNode(RodNode { rod, .. }), Shape::Ball(c)) => {
            let r = &model.bodies.rods[rod as usize];
            let d = Vec3::new(0.03, 0.0, 0.0);
            set(r.node_dof(0), c - d);
            set(r.node_dof(1), *c);
            set(r.node_dof(2), c + d);
        }
        (PrimId::Sphere(SpherePrim { index }), Shape::Ball(c)) => {
            set(model.bodies.spheres[index as usize].offset, *c)
        }
        (PrimId::ShellFace(f), Shape::Tri(t)) => {
            let s = &model.bodies.shells[f.shell as usize];
            for (k, &node) in s.mesh.triangles[f.face as usize].iter().enumerate() {
                set(s.node_dof(node as usize), t[k]);
            }
        }
        _ => {}
    }
}

/// The first global DOF of every point of a primitive (rod edges: both nodes).
pub fn points(model: &Model, prim: PrimId) -> Vec<usize> {
    prim.point_dofs(model).as_slice().to_vec()
}

/// The regime of configuration number `i` (three in five overlap, if `overlaps`) and its gap
/// (m), see the module docs.
pub(super) fn regime_and_gap(rng: &mut Rng, reach: f64, overlaps: bool, i: usize) -> (Regime, f64) {
    let regime = if overlaps && i % 5 < 3 {
        Regime::Overlap
    } else {
        Regime::Separation
    };
    let gap = match regime {
        Regime::Overlap => -rng.log_uniform(1e-7, 3e-4),
        Regime::Separation => rng.log_uniform(1e-8, (1.5 * reach).max(1e-5)),
    };
    (regime, gap)
}

/// Configuration number `i` of a pair of `kinds` (see the module docs); `reach` is the largest
/// distance at which an element of the chain acts (m); `overlaps` whether overlapping
/// configurations are generated.
pub fn configuration(
    model: &Model,
    rng: &mut Rng,
    kinds: (PrimKind, PrimKind),
    reach: f64,
    overlaps: bool,
    i: usize,
) -> Configuration {
    let (regime, gap) = regime_and_gap(rng, reach, overlaps, i);
    let target = match kinds {
        (PrimKind::Capsule, PrimKind::Capsule) => Some(capsule_target(i / 5)),
        (PrimKind::Capsule, PrimKind::Sphere) => Some(if (i / 5).is_multiple_of(2) {
            ContactType::PointEdge
        } else {
            ContactType::PointPoint
        }),
        (PrimKind::Point | PrimKind::Sphere, PrimKind::Triangle) => Some(triangle_target(i / 5)),
        _ => None,
    };
    let both_spheres = kinds.0 == PrimKind::Sphere;
    let first = primitive(kinds.0, 0, false);
    let second = primitive(kinds.1, 1, both_spheres);
    let dist = radius(first) + radius(second) + gap;
    let swap = i / 5 % 8 >= 4;
    let (s1, s2) = place(rng, kinds, dist, target, swap);
    let mut q = model.q.clone();
    write(model, &mut q, first, &s1);
    write(model, &mut q, second, &s2);

    let second_moves = kinds.1 != PrimKind::Plane;
    let (v, speed) = velocities(model, rng, [first, second], second_moves);
    Configuration {
        q,
        v,
        first,
        second,
        regime,
        target,
        speed,
        rigid: false,
    }
}

/// Random velocities of the pair `prims` (see the module docs): side 2 moves against side 1,
/// or side 1 against side 2 when `second_moves` is false (a static plane); returns them with
/// the relative speed `s` (m/s).
pub(super) fn velocities(
    model: &Model,
    rng: &mut Rng,
    prims: [PrimId; 2],
    second_moves: bool,
) -> (Vec<f64>, f64) {
    let speed = rng.log_uniform(1e-6, 1.0);
    let relative = rng.direction() * speed;
    let mut v = vec![0.0; model.q.len()];
    for (side, prim) in prims.into_iter().enumerate() {
        for p in points(model, prim) {
            let spin = rng.direction() * (0.1 * speed * rng.unit());
            let moving = if second_moves { 1 } else { 0 };
            let w = if side == moving {
                relative + spin
            } else {
                spin
            };
            v[p..p + 3].copy_from_slice(w.as_slice());
        }
    }
    // Rotating sides spin at up to a surface speed comparable to the relative speed.
    for prim in prims {
        if let Some(k) = prim.spin_dof(model) {
            let omega = rng.direction() * (2.0 * speed * rng.unit() / lever(model, prim));
            v[k..k + 3].copy_from_slice(omega.as_slice());
        }
    }
    (v, speed)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::contact::{Builtin, Chain, Env, PairMemory};

    #[test]
    fn capsule_targets_are_met_at_the_prescribed_gap() {
        let m = probe_model();
        let chain = Chain::<Builtin>::parse(
            "Chain(name: \"g\", elements: [Deformable_Capsule_1_Data, Deformable_Capsule_2_Data, \
             Capsule_Capsule, N_LinearForce(stiffness: 1.0), AssembleForces])",
            Path::new("g.ron"),
        )
        .unwrap();
        let mut rng = Rng::new(3);
        let kinds = (PrimKind::Capsule, PrimKind::Capsule);
        for i in 0..200 {
            let c = configuration(&m, &mut rng, kinds, 0.0, true, i);
            let env = Env {
                model: &m,
                q: &c.q,
                v: &c.v,
            };
            // Evaluate up to the resolver only (the law rejects separated pairs).
            let mut ctx = crate::contact::ContactCtx::new(
                c.first,
                c.second,
                PairMemory::default(),
                1e-3,
                false,
            );
            for e in &chain.elements()[..3] {
                crate::contact::ChainElement::evaluate(e, &env, &mut ctx);
            }
            assert!(!ctx.reject);
            assert_eq!(Some(ctx.contact_type), c.target, "configuration {i}");
            assert_eq!(
                ctx.gap < 0.0,
                c.regime == Regime::Overlap,
                "configuration {i}"
            );
        }
    }
}
