//! [`PrimId`]: names one primitive of the model, of any kind, and forwards to its
//! [`Primitive`] implementation (the one `match` over kinds); [`BodyId`] names a body.

use super::{BodyGroup, PlanePrim, PointDofs, Points, PrimKind, Primitive, RodEdge, RodNode};
use super::{BodyId, PrimId};
use super::{MeshNodes, ShellEdge, ShellFace, ShellNode, Span, SpherePrim};
use super::{RigidEdge, RigidFace, RigidVertex};
use crate::contact::core::{ContactMaterial, Env};
use crate::contact::ctx::ContactCtx;
use crate::math::Vec3;
use crate::model::Model;

/// Calls `$body` with `$p` bound to the primitive behind `$id`, whatever its kind.
macro_rules! with_primitive {
    ($id:expr, $p:ident => $body:expr) => {
        match $id {
            PrimId::RodEdge($p) => $body,
            PrimId::RodNode($p) => $body,
            PrimId::Sphere($p) => $body,
            PrimId::Plane($p) => $body,
            PrimId::ShellNode($p) => $body,
            PrimId::ShellEdge($p) => $body,
            PrimId::ShellFace($p) => $body,
            PrimId::RigidFace($p) => $body,
            PrimId::RigidEdge($p) => $body,
            PrimId::RigidVertex($p) => $body,
        }
    };
}

impl PrimId {
    /// Edge `edge` of rod `rod`.
    pub const fn rod_edge(rod: u32, edge: u32) -> Self {
        PrimId::RodEdge(RodEdge { rod, edge })
    }
    /// Node `node` of rod `rod`.
    pub const fn rod_node(rod: u32, node: u32) -> Self {
        PrimId::RodNode(RodNode { rod, node })
    }
    /// Sphere `index`.
    pub const fn sphere(index: u32) -> Self {
        PrimId::Sphere(SpherePrim { index })
    }
    /// Plane `index`.
    pub const fn plane(index: u32) -> Self {
        PrimId::Plane(PlanePrim { index })
    }
    /// Node `node` of shell `shell`.
    pub const fn shell_node(shell: u32, node: u32) -> Self {
        PrimId::ShellNode(ShellNode { shell, node })
    }
    /// Edge `edge` of shell `shell`.
    pub const fn shell_edge(shell: u32, edge: u32) -> Self {
        PrimId::ShellEdge(ShellEdge { shell, edge })
    }
    /// Triangle `face` of shell `shell`.
    pub const fn shell_face(shell: u32, face: u32) -> Self {
        PrimId::ShellFace(ShellFace { shell, face })
    }
    /// Its kind.
    pub fn kind(&self) -> PrimKind {
        fn kind_of<P: Primitive>(_: &P) -> PrimKind {
            P::KIND
        }
        with_primitive!(self, p => kind_of(p))
    }
    /// See [`Primitive::point_dofs`].
    pub fn point_dofs(&self, model: &Model) -> PointDofs {
        with_primitive!(self, p => p.point_dofs(model))
    }
    /// See [`Primitive::points`].
    pub fn points(&self, model: &Model, q: &[f64]) -> Points {
        with_primitive!(self, p => p.points(model, q))
    }
    /// See [`Primitive::layout`].
    pub fn layout(&self, model: &Model, out: &mut [u32]) -> usize {
        with_primitive!(self, p => p.layout(model, out))
    }
    /// See [`Primitive::spin_dof`].
    pub fn spin_dof(&self, model: &Model) -> Option<usize> {
        with_primitive!(self, p => p.spin_dof(model))
    }
    /// See [`Primitive::radius`].
    pub fn radius(&self, model: &Model) -> f64 {
        with_primitive!(self, p => p.radius(model))
    }
    /// See [`Primitive::material`].
    pub fn material(&self, model: &Model) -> ContactMaterial {
        with_primitive!(self, p => p.material(model))
    }
    /// See [`Primitive::body`].
    pub fn body(&self) -> BodyId {
        with_primitive!(self, p => p.body())
    }
    /// See [`Primitive::label`].
    pub fn label(&self, model: &Model) -> String {
        with_primitive!(self, p => p.label(model))
    }
    /// See [`Primitive::span`].
    pub fn span(&self, model: &Model) -> Option<Span> {
        with_primitive!(self, p => p.span(model))
    }
    /// See [`Primitive::mesh_nodes`].
    pub fn mesh_nodes(&self, model: &Model) -> Option<MeshNodes> {
        with_primitive!(self, p => p.mesh_nodes(model))
    }
    /// See [`Primitive::mesh_valence`].
    pub fn mesh_valence(&self, model: &Model) -> Option<usize> {
        with_primitive!(self, p => p.mesh_valence(model))
    }
    /// See [`Primitive::plane_geometry`].
    pub fn plane_geometry(&self, model: &Model) -> Option<(Vec3, Vec3)> {
        with_primitive!(self, p => p.plane_geometry(model))
    }
    /// See [`Primitive::bind`].
    pub fn bind(&self, env: &Env, ctx: &mut ContactCtx, side: usize) {
        with_primitive!(self, p => p.bind(env, ctx, side))
    }
}

impl PrimKind {
    /// The primitives of this kind on the bodies of `group`, in a fixed order.
    pub fn of_group(self, model: &Model, group: &BodyGroup) -> Vec<PrimId> {
        let mut out = Vec::new();
        match self {
            PrimKind::Capsule => {
                RodEdge::of_group(model, group, &mut out);
                ShellEdge::of_group(model, group, &mut out);
                RigidEdge::of_group(model, group, &mut out);
            }
            PrimKind::Point => {
                RodNode::of_group(model, group, &mut out);
                ShellNode::of_group(model, group, &mut out);
                RigidVertex::of_group(model, group, &mut out);
            }
            PrimKind::Sphere => SpherePrim::of_group(model, group, &mut out),
            PrimKind::Plane => PlanePrim::of_group(model, group, &mut out),
            PrimKind::Triangle => {
                ShellFace::of_group(model, group, &mut out);
                RigidFace::of_group(model, group, &mut out);
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Candidate pairs are sorted by primitive: kind first, then indices (the order the
    /// assembly adds contact blocks in, so it is part of the bitwise contract).
    #[test]
    fn order_is_kind_then_indices() {
        let e = |rod, edge| PrimId::RodEdge(RodEdge { rod, edge });
        let n = |rod, node| PrimId::RodNode(RodNode { rod, node });
        let s = |index| PrimId::Sphere(SpherePrim { index });
        let p = |index| PrimId::Plane(PlanePrim { index });
        let mut v = vec![p(0), s(1), n(0, 3), e(1, 0), e(0, 5), s(0), e(0, 2)];
        v.sort();
        assert_eq!(
            v,
            vec![e(0, 2), e(0, 5), e(1, 0), n(0, 3), s(0), s(1), p(0)]
        );
    }
}
