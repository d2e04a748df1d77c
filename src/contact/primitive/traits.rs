//! The [`Primitive`] trait: everything contact needs to know about one kind of primitive.

use super::{BodyGroup, BodyId, MeshNodes, PointDofs, Points, PrimId, PrimKind, Span};
use crate::contact::core::{ContactMaterial, ElementDoc, Env, NO_DOF};
use crate::contact::ctx::ContactCtx;
use crate::math::Vec3;
use crate::model::Model;

/// One kind of contact primitive (a rod edge, a rod node, a sphere, a plane, …).
///
/// A kind is a small `Copy` value naming one primitive of the model (e.g. rod 2, edge 7). The
/// trait maps it, once, onto what every part of contact needs:
/// * **points** and their **global DOFs** (at most four points, twelve coordinates) — read by
///   data elements to fill a [`ContactCtx`], by detection for bounding boxes, by the sparsity
///   layout and by continuous collision detection;
/// * its **radius**, **material** and **body** (for exclusions);
/// * its position along its body ([`Primitive::span`]), for self-contact exclusion;
/// * the documentation of its data elements.
///
/// Adding a body type to contact comes down to: one file implementing this trait, a variant in
/// [`PrimId`], a distance kernel, a resolver element and a data alias
/// (`Data<MyPrimitive, SIDE>`).
pub trait Primitive: Copy + std::fmt::Debug + Into<PrimId> + Send + Sync + 'static {
    /// The kind chains bind it as.
    const KIND: PrimKind;

    /// This kind's primitive named by `id`, if `id` is of this kind.
    fn from_id(id: PrimId) -> Option<Self>;
    /// Appends the primitives of this kind on the bodies of `group`, in a fixed order.
    fn of_group(model: &Model, group: &BodyGroup, out: &mut Vec<PrimId>);
    /// First global DOF of each point.
    fn point_dofs(&self, model: &Model) -> PointDofs;
    /// First of the three rotational DOFs of a body that rotates about its point (a rotating
    /// sphere), whose velocity is the angular velocity `ω` (rad/s); `None` by default.
    fn spin_dof(&self, _model: &Model) -> Option<usize> {
        None
    }
    /// Contact radius (m): the primitive is the set of points within it of its points' hull.
    fn radius(&self, model: &Model) -> f64;
    /// Material and mass seen by contact laws.
    fn material(&self, model: &Model) -> ContactMaterial;
    /// The body it belongs to.
    fn body(&self) -> BodyId;
    /// A readable name, e.g. `rod "a" edge 3`.
    fn label(&self, model: &Model) -> String;
    /// Documentation of the data element that binds side `side` (0 or 1) to this kind, or
    /// `None` when no such element exists (a plane is only ever side 2).
    fn data_doc(side: usize) -> Option<&'static ElementDoc>;
    /// Where it lies along a deformable body (for self-contact exclusion); `None` for rigid
    /// bodies.
    fn span(&self, _model: &Model) -> Option<Span> {
        None
    }
    /// Its nodes on a shell's mesh (for self-contact exclusion); `None` off meshes.
    fn mesh_nodes(&self, _model: &Model) -> Option<MeshNodes> {
        None
    }
    /// Its valence when it is a node of a deformable mesh: the number of triangles attached to
    /// it (6 inside a regular triangulation), from the mesh topology built with the model;
    /// `None` for anything else (rod nodes, spheres, edges, faces, rigid surfaces).
    fn mesh_valence(&self, _model: &Model) -> Option<usize> {
        None
    }
    /// Origin and unit normal (pointing to the free side) when the primitive is a static plane.
    fn plane_geometry(&self, _model: &Model) -> Option<(Vec3, Vec3)> {
        None
    }

    /// Point positions at configuration `q` (m).
    fn points(&self, model: &Model, q: &[f64]) -> Points {
        let d = self.point_dofs(model);
        let mut p = Points {
            x: [Vec3::zeros(); super::MAX_POINTS],
            n: d.n,
        };
        for k in 0..d.n {
            p.x[k] = vec_at(q, d.dofs[k]);
        }
        p
    }

    /// Global index of each of its coordinates for the sparsity layout: three per point,
    /// [`NO_DOF`] where a coordinate is constrained. Writes `3·n` entries; returns `n`.
    fn layout(&self, model: &Model, out: &mut [u32]) -> usize {
        let d = self.point_dofs(model);
        for (k, &dof) in d.as_slice().iter().enumerate() {
            for c in 0..3 {
                out[3 * k + c] = if model.dofs.is_constrained(dof + c) {
                    NO_DOF
                } else {
                    (dof + c) as u32
                };
            }
        }
        d.n
    }

    /// Binds side `side` of `ctx` to this primitive at the iterate `env`: its points follow
    /// those already bound (side 1's), with positions, velocities, and their first DOF — or
    /// [`NO_DOF`] when the point's DOFs are constrained: it then keeps its prescribed velocity
    /// but receives no force. Points beyond the record's four slots go to its
    /// [`WidePair`](crate::contact::WidePair). Also binds the radius, the material and, for planes, the plane.
    fn bind(&self, env: &Env, ctx: &mut ContactCtx, side: usize) {
        let model = env.model;
        let d = self.point_dofs(model);
        let k0 = ctx.first_point(side);
        // Points beyond the four slots (a second triangle after a first) overflow into the
        // record's wide part (see `WidePair`).
        let room = ctx.x.len() - k0;
        ctx.points[side] = d.n.min(room);
        for (j, &dof) in d.as_slice().iter().enumerate() {
            let (x, v) = (vec_at(env.q, dof), vec_at(env.v, dof));
            let global = if model.dofs.is_constrained(dof) {
                NO_DOF
            } else {
                dof as u32
            };
            if j < room {
                let k = k0 + j;
                (ctx.x[k], ctx.v[k], ctx.dof[k]) = (x, v, global);
            } else {
                let kept = ctx.wide_part().push(x, v, global);
                debug_assert!(kept, "a pair holds at most six points");
            }
        }
        if let Some(p) = self.plane_geometry(model) {
            ctx.plane = Some(p);
        }
        ctx.radius[side] = self.radius(model);
        ctx.material[side] = self.material(model);
        ctx.kinds[side] = Some(Self::KIND);
        if side == 1 {
            super::spin::bind_spins(ctx, env);
        }
    }
}

/// The 3-vector at `dof` of a global vector.
pub(crate) fn vec_at(v: &[f64], dof: usize) -> Vec3 {
    Vec3::new(v[dof], v[dof + 1], v[dof + 2])
}
