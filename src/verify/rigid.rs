//! Random configurations with the probe model's rigid box on one side
//! ([`rigid_configuration`]), for the pair types a rigid body takes part in
//! ([`rigid_supported`]): a sphere or a rod node against one of its triangles, a rod edge
//! against one of its edges (the box on side 2), one of its vertices or triangles against the
//! plane (the box on side 1).
//!
//! The box takes a random pose: its rotation DOFs `θ` are a rotation vector of 0.1–2.5 rad
//! about a random axis, and since the probe model committed its orientation at `θ = 0`, the
//! step rotation is `φ = θ` — a finite rotation, whose left Jacobian `J_l(φ)` turns the
//! chain's `∂f/∂ψ` into `∂f/∂θ`. The other side is placed at the prescribed gap (see
//! [`configuration`](super::configuration())) from a feature that is the closest one of the
//! whole surface, so that the surface does not leave the contact to a neighbouring triangle:
//! - a sphere or a rod node against a rigid triangle targets, in turn, the interior of a random
//!   triangle (barycentric coordinates ≥ 0.15, along its outward normal), a convex edge of the
//!   box (the foot at β ∈ [0.2, 0.8], the approach direction between the two faces' normals at
//!   20–80 % of the angle between them) held by the lower-indexed of its two triangles, and a
//!   corner (the approach direction a combination of the corner's face normals with weights in
//!   [0.3, 1]) held by the lowest-indexed triangle at it — equally close triangles leave the
//!   contact to the lowest index;
//! - a rod edge against a rigid edge targets, in turn, point–point (a rod end against a corner,
//!   the rod leaving at ≥ 17° from the seam), point–edge (a rod end against the interior of a
//!   convex edge, then a corner against the interior of the rod edge) and edge–edge (interior
//!   points, |cos| ≤ 0.9 between the edges);
//! - a rigid vertex against the plane is the box's lowest vertex, at height Δ;
//! - a rigid triangle against the plane is a random triangle at the box's lowest vertex, at
//!   height Δ, the box turned so that its next vertex is at least 1 mm higher.
//!
//! A face's diagonal (between two coplanar triangles) is never targeted: beyond it a face's
//! interior is closer. Velocities are those of [`configuration`](super::configuration()): the
//! box's centre moves (against the other side, or against the plane), and it turns at an
//! angular velocity whose speed at its corners is up to twice the relative speed.

use super::configuration::{
    Configuration, RIGID_SKIN, Rng, Shape, capsule_target, primitive, radius, regime_and_gap,
    triangle_target, velocities, write,
};
use crate::contact::distance::ContactType;
use crate::contact::{PrimId, PrimKind, RigidEdge, RigidFace, RigidVertex};
use crate::math::Vec3;
use crate::model::{Model, RigidBody};

/// One configuration in this many is placed on the rigid box (see [`rigid_index`]).
pub const RIGID_EVERY: usize = 4;

/// The index `j` among rigid configurations of sample `i` when it is one: the last of every
/// [`RIGID_EVERY`] samples.
pub fn rigid_index(i: usize) -> Option<usize> {
    (i % RIGID_EVERY == RIGID_EVERY - 1).then_some(i / RIGID_EVERY)
}

/// Pair types [`rigid_configuration`] places a rigid body in (see the module docs).
pub fn rigid_supported(kinds: (PrimKind, PrimKind)) -> bool {
    use PrimKind::*;
    matches!(
        kinds,
        (Sphere | Point, Triangle) | (Capsule, Capsule) | (Point | Triangle, Plane)
    )
}

/// Rigid configuration number `j` of a pair of `kinds` (see the module docs), `None` for a
/// pair type a rigid body does not take part in; `reach` and `overlaps` as for
/// [`configuration`](super::configuration()), whose regimes and gaps it cycles through the
/// same way.
///
/// ```
/// use catena::contact::PrimKind;
/// use catena::verify::{Regime, Rng, probe_model, rigid_configuration};
/// let model = probe_model();
/// let kinds = (PrimKind::Sphere, PrimKind::Triangle);
/// let c = rigid_configuration(&model, &mut Rng::new(1), kinds, 0.0, true, 0).unwrap();
/// assert!(c.rigid && c.regime == Regime::Overlap);
/// // The box's rotation DOFs hold a finite rotation.
/// let b = &model.bodies.rigid[0];
/// assert!(b.step_rotation(&c.q).norm() >= 0.1);
/// ```
pub fn rigid_configuration(
    model: &Model,
    rng: &mut Rng,
    kinds: (PrimKind, PrimKind),
    reach: f64,
    overlaps: bool,
    j: usize,
) -> Option<Configuration> {
    if !rigid_supported(kinds) {
        return None;
    }
    let (regime, gap) = regime_and_gap(rng, reach, overlaps, j);
    let body = &model.bodies.rigid[0];
    let mut q = model.q.clone();
    let centre = Vec3::new(
        rng.uniform(-0.01, 0.01),
        rng.uniform(-0.01, 0.01),
        rng.uniform(0.1, 0.12),
    );
    // Along the plane, the box is turned so that its lowest vertex is alone (a face's lowest
    // node is then unique by a margin).
    let margin = if kinds.1 == PrimKind::Plane {
        1e-3
    } else {
        0.0
    };
    let pts = pose(rng, body, &mut q, centre, margin);
    let case = j / 3;
    let (first, second, target) = match kinds {
        (PrimKind::Capsule, PrimKind::Capsule) => {
            let target = capsule_target(case);
            let rod = primitive(PrimKind::Capsule, 0, false);
            let dist = radius(rod) + RIGID_SKIN + gap;
            let (edge, shape) = near_edge(rng, body, &pts, dist, target, case % 4 == 3);
            write(model, &mut q, rod, &shape);
            (rod, PrimId::RigidEdge(edge), Some(target))
        }
        (_, PrimKind::Triangle) => {
            let target = triangle_target(case);
            let other = primitive(kinds.0, 0, false);
            let dist = radius(other) + RIGID_SKIN + gap;
            let (face, x) = near_surface(rng, body, &pts, dist, target);
            write(model, &mut q, other, &Shape::Ball(x));
            (other, PrimId::RigidFace(face), Some(target))
        }
        (_, PrimKind::Plane) => {
            let low = lowest(&pts);
            let dist = RIGID_SKIN + gap;
            // Lift the centre so that the lowest vertex is at height Δ.
            q[body.offset + 2] += dist - pts[low].z;
            let first = if kinds.0 == PrimKind::Point {
                PrimId::RigidVertex(RigidVertex {
                    body: 0,
                    vertex: low as u32,
                })
            } else {
                let around = &body.vertex_triangles[low];
                let face = around[(rng.unit() * around.len() as f64) as usize % around.len()];
                PrimId::RigidFace(RigidFace { body: 0, face })
            };
            (first, primitive(PrimKind::Plane, 1, false), None)
        }
        _ => return None,
    };
    let second_moves = kinds.1 != PrimKind::Plane;
    let (v, speed) = velocities(model, rng, [first, second], second_moves);
    Some(Configuration {
        q,
        v,
        first,
        second,
        regime,
        target,
        speed,
        rigid: true,
    })
}

/// Writes a random pose of `body` into `q` (centre `centre`, rotation DOFs a rotation vector of
/// 0.1–2.5 rad about a random axis, drawn again until the lowest vertex is `margin` below every
/// other) and returns its surface points.
fn pose(rng: &mut Rng, body: &RigidBody, q: &mut [f64], centre: Vec3, margin: f64) -> Vec<Vec3> {
    q[body.offset..body.offset + 3].copy_from_slice(centre.as_slice());
    loop {
        let theta = rng.direction() * rng.uniform(0.1, 2.5);
        q[body.rotation..body.rotation + 3].copy_from_slice(theta.as_slice());
        let pts = body.surface_points(q);
        let low = lowest(&pts);
        let next = pts
            .iter()
            .enumerate()
            .filter(|&(k, _)| k != low)
            .fold(f64::INFINITY, |m, (_, p)| m.min(p.z));
        if next - pts[low].z >= margin {
            return pts;
        }
    }
}

/// The index of the lowest of `pts` (smallest z).
fn lowest(pts: &[Vec3]) -> usize {
    (0..pts.len())
        .min_by(|&a, &b| pts[a].z.total_cmp(&pts[b].z))
        .expect("a surface has vertices")
}

/// The outward unit normal of triangle `t` of `body` at the surface points `pts`.
fn face_normal(body: &RigidBody, pts: &[Vec3], t: u32) -> Vec3 {
    let [a, b, c] = body.surface.triangles[t as usize].map(|i| pts[i as usize]);
    (b - a).cross(&(c - a)).normalize()
}

/// A random index below `n`.
fn pick(rng: &mut Rng, n: usize) -> usize {
    (rng.unit() * n as f64) as usize % n
}

/// A random convex edge of the surface (its two triangles not coplanar): its index in
/// `body.edges`, and its two triangles, ascending.
fn convex_edge(rng: &mut Rng, body: &RigidBody, pts: &[Vec3]) -> (usize, [u32; 2]) {
    let edges: Vec<(usize, [u32; 2])> = body
        .edges
        .iter()
        .enumerate()
        .filter_map(|(k, e)| match body.triangles_around(e)[..] {
            [s, t] if face_normal(body, pts, s).dot(&face_normal(body, pts, t)) < 0.9 => {
                Some((k, [s, t]))
            }
            _ => None,
        })
        .collect();
    edges[pick(rng, edges.len())]
}

/// A direction between the unit normals `n1` and `n2`, at 20–80 % of the angle between them
/// (inside the region where an edge between the two faces is the closest feature).
fn wedge(rng: &mut Rng, n1: &Vec3, n2: &Vec3) -> Vec3 {
    let angle = n1.dot(n2).clamp(-1.0, 1.0).acos();
    let t = rng.uniform(0.2, 0.8);
    (n1 * ((1.0 - t) * angle).sin() + n2 * (t * angle).sin()).normalize()
}

/// A direction in the normal cone of vertex `v` (where it is the closest feature): a
/// combination of the distinct normals of its triangles with weights in [0.3, 1].
fn corner(rng: &mut Rng, body: &RigidBody, pts: &[Vec3], v: u32) -> Vec3 {
    let mut normals: Vec<Vec3> = Vec::new();
    for &t in &body.vertex_triangles[v as usize] {
        let n = face_normal(body, pts, t);
        if normals.iter().all(|m| m.dot(&n) < 1.0 - 1e-9) {
            normals.push(n);
        }
    }
    normals
        .iter()
        .map(|n| n * rng.uniform(0.3, 1.0))
        .sum::<Vec3>()
        .normalize()
}

/// A point at distance `dist` from the surface whose closest feature is of case `target` (a
/// triangle's interior, a convex edge, a corner), and the triangle that holds the contact.
fn near_surface(
    rng: &mut Rng,
    body: &RigidBody,
    pts: &[Vec3],
    dist: f64,
    target: ContactType,
) -> (RigidFace, Vec3) {
    let (face, x) = match target {
        ContactType::PointFace => {
            let face = pick(rng, body.surface.triangles.len()) as u32;
            let [a, b, c] = body.surface.triangles[face as usize].map(|i| pts[i as usize]);
            let l1 = rng.uniform(0.15, 0.7);
            let l2 = rng.uniform(0.15, 0.85 - l1);
            let foot = a + (b - a) * l1 + (c - a) * l2;
            (face, foot + face_normal(body, pts, face) * dist)
        }
        ContactType::PointEdge => {
            let (k, [s, t]) = convex_edge(rng, body, pts);
            let [a, b] = body.edges[k].map(|i| pts[i as usize]);
            let foot = a + (b - a) * rng.uniform(0.2, 0.8);
            let n = wedge(rng, &face_normal(body, pts, s), &face_normal(body, pts, t));
            (s, foot + n * dist)
        }
        _ => {
            let v = pick(rng, pts.len()) as u32;
            let n = corner(rng, body, pts, v);
            (
                body.vertex_triangles[v as usize][0],
                pts[v as usize] + n * dist,
            )
        }
    };
    (RigidFace { body: 0, face }, x)
}

/// A rod edge (a segment of 30 mm ± 30 %) at distance `dist` from a rigid edge, in the case
/// `target` (see the module docs; `corner_first`: at point–edge, a corner of the box against
/// the rod's interior rather than a rod end against the edge's), and that edge.
fn near_edge(
    rng: &mut Rng,
    body: &RigidBody,
    pts: &[Vec3],
    dist: f64,
    target: ContactType,
    corner_first: bool,
) -> (RigidEdge, Shape) {
    let (k, [s, t]) = convex_edge(rng, body, pts);
    let edge = RigidEdge {
        body: 0,
        edge: k as u32,
    };
    let [a, b] = body.edges[k];
    let len = 0.03 * rng.uniform(0.7, 1.3);
    // A direction d with d·n ≥ 0.3 (leaving the contact along n).
    let away = |rng: &mut Rng, n: &Vec3| loop {
        let d = rng.direction();
        let d = if d.dot(n) < 0.0 { -d } else { d };
        if d.dot(n) >= 0.3 {
            return d;
        }
    };
    // The rod edge through `x`, perpendicular to `n`, with `x` at β ∈ [0.2, 0.8].
    let across = |rng: &mut Rng, x: Vec3, n: &Vec3, avoid: &Vec3| {
        let d = loop {
            let d = rng.perpendicular(n);
            if d.dot(avoid).abs() <= 0.9 {
                break d;
            }
        };
        let p0 = x - d * (len * rng.uniform(0.2, 0.8));
        Shape::Edge(p0, p0 + d * len)
    };
    let shape = match target {
        ContactType::PointEdge | ContactType::EdgeEdge if !corner_first => {
            let (pa, pb) = (pts[a as usize], pts[b as usize]);
            let foot = pa + (pb - pa) * rng.uniform(0.2, 0.8);
            let n = wedge(rng, &face_normal(body, pts, s), &face_normal(body, pts, t));
            let x = foot + n * dist;
            if target == ContactType::EdgeEdge {
                across(rng, x, &n, &(pb - pa).normalize())
            } else {
                Shape::Edge(x, x + away(rng, &n) * len)
            }
        }
        _ => {
            // A corner of the box: an end of the edge.
            let v = if rng.unit() < 0.5 { a } else { b };
            let n = corner(rng, body, pts, v);
            let x = pts[v as usize] + n * dist;
            if target == ContactType::PointPoint {
                Shape::Edge(x, x + away(rng, &n) * len)
            } else {
                across(rng, x, &n, &Vec3::zeros())
            }
        }
    };
    (edge, shape)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::contact::{Builtin, Chain, ChainElement, ContactCtx, Env, PairMemory};
    use crate::verify::Regime;
    use crate::verify::probe_model;
    use std::path::Path;

    /// Runs the chain's data elements and resolver on configuration `c`.
    fn resolve(chain: &Chain<Builtin>, m: &Model, c: &Configuration) -> ContactCtx {
        let env = Env {
            model: m,
            q: &c.q,
            v: &c.v,
        };
        let mut ctx = ContactCtx::new(c.first, c.second, PairMemory::default(), 1e-3, false);
        for e in &chain.elements()[..3] {
            e.evaluate(&env, &mut ctx);
        }
        ctx
    }

    #[test]
    fn rigid_targets_are_met_at_the_prescribed_gap_and_kept_by_the_surface() {
        let m = probe_model();
        for head in [
            "Sphere_1_Data, DeformableTriangle_2_Data, Sphere_Triangle",
            "Point_1_Data, DeformableTriangle_2_Data, Point_Triangle",
            "Deformable_Capsule_1_Data, Deformable_Capsule_2_Data, Capsule_Capsule",
            "Point_1_Data, Plane_2_Data, Point_Plane",
            "DeformableTriangle_1_Data, Plane_2_Data, Triangle_Plane",
        ] {
            let chain = Chain::<Builtin>::parse(
                &format!(
                    "Chain(name: \"g\", elements: [{head}, N_LinearForce(stiffness: 1.0), \
                     AssembleForces])"
                ),
                Path::new("g.ron"),
            )
            .unwrap();
            let mut rng = Rng::new(5);
            let mut seen = std::collections::BTreeSet::new();
            for j in 0..120 {
                let c = rigid_configuration(&m, &mut rng, chain.kinds(), 1e-5, true, j).unwrap();
                assert!(c.rigid);
                let ctx = resolve(&chain, &m, &c);
                assert!(
                    !ctx.reject,
                    "{head}: configuration {j} is left to a neighbour"
                );
                assert!(ctx.has_rigid() && ctx.rigid.iter().flatten().count() == 1);
                if let Some(t) = c.target {
                    assert_eq!(ctx.contact_type, t, "{head}: configuration {j}");
                    seen.insert(format!("{t:?}"));
                }
                assert_eq!(ctx.gap < 0.0, c.regime == Regime::Overlap, "{head}: {j}");
                // The rotation DOFs hold a finite step rotation.
                let phi = m.bodies.rigid[0].step_rotation(&c.q).norm();
                assert!((0.1..=2.5).contains(&phi), "{phi}");
            }
            let expected = match chain.kinds() {
                (PrimKind::Capsule, _) => 3,
                (_, PrimKind::Triangle) => 3,
                _ => 0,
            };
            assert_eq!(seen.len(), expected, "{head}: {seen:?}");
        }
    }

    #[test]
    fn one_sample_in_four_is_rigid_where_a_rigid_body_fits() {
        let rigid: Vec<usize> = (0..12).filter_map(rigid_index).collect();
        assert_eq!(rigid, [0, 1, 2]);
        assert_eq!(rigid_index(7), Some(1));
        assert!(rigid_supported((PrimKind::Capsule, PrimKind::Capsule)));
        assert!(!rigid_supported((PrimKind::Sphere, PrimKind::Sphere)));
        assert!(!rigid_supported((PrimKind::Sphere, PrimKind::Plane)));
        let m = probe_model();
        let kinds = (PrimKind::Sphere, PrimKind::Sphere);
        assert!(rigid_configuration(&m, &mut Rng::new(1), kinds, 0.0, true, 0).is_none());
    }

    #[test]
    fn the_rigid_box_comes_after_every_other_dof() {
        let m = probe_model();
        let b = &m.bodies.rigid[0];
        assert_eq!(m.bodies.rigid.len(), 1);
        let (lo, hi) = (b.offset.min(b.rotation), b.offset.max(b.rotation) + 3);
        assert_eq!(hi, m.q.len());
        assert_eq!(hi - lo, 6);
        for s in &m.bodies.spheres {
            assert!(s.offset < lo && s.spin.is_none_or(|k| k < lo));
        }
        for r in &m.bodies.rods {
            assert!((0..r.n_nodes).all(|i| r.node_dof(i) < lo));
        }
        for s in &m.bodies.shells {
            assert!((0..s.mesh.nodes.len()).all(|i| s.node_dof(i) < lo));
        }
        assert_eq!(b.skin, super::RIGID_SKIN);
    }
}
