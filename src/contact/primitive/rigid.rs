//! The primitives of a rigid body's surface: its triangles ([`RigidFace`], kind `Triangle`),
//! edges ([`RigidEdge`], kind `Capsule`) and vertices ([`RigidVertex`], kind `Point`), so that
//! the triangle, capsule and point data elements and resolvers reach rigid surfaces as they
//! reach shells: spheres and rod or shell nodes against its triangles, rod and shell edges
//! against its edges, another rigid body's vertices against its triangles.
//!
//! A rigid primitive binds one point slot — the body's centre of mass `c`, with its three DOFs
//! — and the body's rotation slot (`θ`, angular velocity `ω`), and keeps its surface points
//! `c + R rₖ` at the evaluation point in the pair's [`RigidSide`]; the resolver measures them
//! and reduces its derivatives to the body's coordinates
//! ([`reduce_rigid`](crate::contact::resolve)). A pair needs both sides' points and rotations
//! in its four slots: a rigid triangle fits against a sphere, a node or another body's vertex,
//! a rigid edge against an edge, but a rigid vertex against a shell triangle (1 + 3 points and
//! a rotation) does not, and such a pair is rejected.

use super::{
    BodyGroup, BodyId, MAX_POINTS, PointDofs, Points, PrimId, PrimKind, Primitive, bind_spins,
};
use crate::contact::core::{
    ContactMaterial, ElementDoc, Env, Mat3x12, NO_DOF, RigidEdge, RigidFace, RigidVertex,
};
use crate::contact::ctx::{ContactCtx, RigidSide};
use crate::math::Vec3;
use crate::model::body::rigid::rotation::left_jacobian;
use crate::model::{Model, RigidBody};

/// What the three rigid primitives share: their body and their surface vertices.
trait OnRigid {
    fn body_index(&self) -> usize;
    /// The surface vertices (indices into the body's mesh nodes).
    fn vertices(&self, body: &RigidBody) -> ([u32; 3], usize);
}

impl OnRigid for RigidFace {
    fn body_index(&self) -> usize {
        self.body as usize
    }
    fn vertices(&self, body: &RigidBody) -> ([u32; 3], usize) {
        (body.surface.triangles[self.face as usize], 3)
    }
}

impl OnRigid for RigidEdge {
    fn body_index(&self) -> usize {
        self.body as usize
    }
    fn vertices(&self, body: &RigidBody) -> ([u32; 3], usize) {
        let [a, b] = body.edges[self.edge as usize];
        ([a, b, 0], 2)
    }
}

impl OnRigid for RigidVertex {
    fn body_index(&self) -> usize {
        self.body as usize
    }
    fn vertices(&self, _body: &RigidBody) -> ([u32; 3], usize) {
        ([self.vertex, 0, 0], 1)
    }
}

/// The surface points of `p` at `q` (m).
fn surface<P: OnRigid>(p: &P, model: &Model, q: &[f64]) -> Points {
    let body = &model.bodies.rigid[p.body_index()];
    let (c, r) = body.pose(q);
    let (v, n) = p.vertices(body);
    let mut out = Points {
        x: [Vec3::zeros(); MAX_POINTS],
        n,
    };
    for (x, &i) in out.x.iter_mut().zip(&v[..n]) {
        *x = c + r * body.surface.nodes[i as usize];
    }
    out
}

/// Binds side `side` of `ctx` to `p` (see the module docs).
fn bind_rigid<P: OnRigid + Primitive>(p: &P, env: &Env, ctx: &mut ContactCtx, side: usize) {
    let model = env.model;
    let body = &model.bodies.rigid[p.body_index()];
    let k = ctx.first_point(side);
    ctx.points[side] = 1;
    let d = body.offset;
    ctx.x[k] = body.center(env.q);
    ctx.v[k] = body.center(env.v);
    // A load-controlled body holds two of its centre's coordinates: the centre is a point of
    // the pair while any coordinate is free (the held ones have no free index, so they take
    // no Jacobian entry, and their residual rows are the reactions).
    ctx.dof[k] = if (d..d + 3).all(|i| model.dofs.is_constrained(i)) {
        NO_DOF
    } else {
        d as u32
    };
    let pts = surface(p, model, env.q);
    let mut s = [Vec3::zeros(); 3];
    s[..pts.n].copy_from_slice(&pts.x[..pts.n]);
    ctx.rigid[side] = Some(Box::new(RigidSide {
        centre: ctx.x[k],
        surface: s,
        n: pts.n,
        jl: left_jacobian(&body.step_rotation(env.q)),
        lever_base: Vec3::zeros(),
        dlever_base: Mat3x12::zeros(),
    }));
    ctx.radius[side] = body.skin;
    ctx.material[side] = ContactMaterial::of(&body.material, body.mass);
    ctx.kinds[side] = Some(P::KIND);
    if side == 1 {
        bind_spins(ctx, env);
        // A rigid side must carry its rotation: a pair whose slots cannot hold it is rejected.
        if (0..2).any(|s| ctx.rigid[s].is_some() && ctx.spins[s].is_none()) {
            ctx.reject = true;
        }
    }
}

macro_rules! rigid_primitive {
    ($ty:ident, $variant:ident, $kind:expr, $what:literal, $count:expr, $make:expr) => {
        impl Primitive for $ty {
            const KIND: PrimKind = $kind;

            fn from_id(id: PrimId) -> Option<Self> {
                match id {
                    PrimId::$variant(p) => Some(p),
                    _ => None,
                }
            }
            fn of_group(model: &Model, group: &BodyGroup, out: &mut Vec<PrimId>) {
                if let BodyGroup::Rigid(bodies) = group {
                    for &b in bodies {
                        let n = $count(&model.bodies.rigid[b]);
                        out.extend((0..n).map(|i| PrimId::$variant($make(b as u32, i as u32))));
                    }
                }
            }
            fn point_dofs(&self, model: &Model) -> PointDofs {
                PointDofs::of(&[model.bodies.rigid[self.body_index()].offset])
            }
            fn spin_dof(&self, model: &Model) -> Option<usize> {
                Some(model.bodies.rigid[self.body_index()].rotation)
            }
            fn radius(&self, model: &Model) -> f64 {
                model.bodies.rigid[self.body_index()].skin
            }
            fn material(&self, model: &Model) -> ContactMaterial {
                let b = &model.bodies.rigid[self.body_index()];
                ContactMaterial::of(&b.material, b.mass)
            }
            fn body(&self) -> BodyId {
                BodyId::Rigid(self.body)
            }
            fn label(&self, model: &Model) -> String {
                let b = &model.bodies.rigid[self.body_index()];
                let (v, n) = self.vertices(b);
                format!("rigid body \"{}\" {} {:?}", b.name, $what, &v[..n])
            }
            /// Rigid primitives bind through the data elements of their kind.
            fn data_doc(_side: usize) -> Option<&'static ElementDoc> {
                None
            }
            fn points(&self, model: &Model, q: &[f64]) -> Points {
                surface(self, model, q)
            }
            fn bind(&self, env: &Env, ctx: &mut ContactCtx, side: usize) {
                bind_rigid(self, env, ctx, side);
            }
        }
    };
}

rigid_primitive!(
    RigidFace,
    RigidFace,
    PrimKind::Triangle,
    "triangle",
    |b: &RigidBody| b.surface.triangles.len(),
    |body, face| RigidFace { body, face }
);
rigid_primitive!(
    RigidEdge,
    RigidEdge,
    PrimKind::Capsule,
    "edge",
    |b: &RigidBody| b.edges.len(),
    |body, edge| RigidEdge { body, edge }
);
rigid_primitive!(
    RigidVertex,
    RigidVertex,
    PrimKind::Point,
    "vertex",
    |b: &RigidBody| b.surface.nodes.len(),
    |body, vertex| RigidVertex { body, vertex }
);

/// Whether the contact of the rigid primitive `prim` with the point `x` (the other side's
/// closest point, m) at `q` is left to another primitive of the body's surface, so that a
/// body's surface touches a point once, at the closest point of the whole surface — not once
/// per triangle that reaches it.
///
/// A triangle whose closest point to `x` is in its interior keeps its contact. One whose
/// closest point is on an edge or a vertex (`feature`, the surface vertices of that edge or
/// vertex), and a rigid edge or vertex primitive, keep theirs only if no other triangle around
/// the feature is closer to `x` (a coplanar neighbour whose interior `x` projects into, or the
/// two faces of a concave crease, each of which touches `x` itself), and, among triangles
/// equally close (a convex edge or corner that several of them reach), only the lowest-indexed
/// one does. A sphere then rests on a flat face split into triangles with one contact, rolls
/// over a convex edge with one, and sits in a concave crease with one per face.
pub(crate) fn defers(
    model: &Model,
    prim: PrimId,
    feature: &[u32],
    x: &Vec3,
    distance: f64,
    q: &[f64],
) -> bool {
    let (body, own) = match prim {
        PrimId::RigidFace(f) => (f.body, Some(f.face)),
        PrimId::RigidEdge(e) => (e.body, None),
        PrimId::RigidVertex(v) => (v.body, None),
        _ => return false,
    };
    let b = &model.bodies.rigid[body as usize];
    let (c, r) = b.pose(q);
    let tol = 1e-9 * distance.abs() + 1e-15;
    for s in b.triangles_around(feature) {
        if Some(s) == own {
            continue;
        }
        let t = b.surface.triangles[s as usize].map(|i| c + r * b.surface.nodes[i as usize]);
        let d = crate::contact::distance::point_triangle_distance(&[*x], &t);
        if d < distance - tol || (own.is_some_and(|o| s < o) && d <= distance + tol) {
            return true;
        }
    }
    false
}

/// The surface vertices of the feature of rigid face `f` closest to the other side, from its
/// barycentric coordinates `bary`: none for the interior (every λ > 0), an edge's two, or a
/// vertex.
pub(crate) fn face_feature(model: &Model, f: &RigidFace, bary: &[f64; 3]) -> Vec<u32> {
    let tri = model.bodies.rigid[f.body as usize].surface.triangles[f.face as usize];
    let on: Vec<u32> = (0..3).filter(|&k| bary[k] > 0.0).map(|k| tri[k]).collect();
    if on.len() == 3 { Vec::new() } else { on }
}
