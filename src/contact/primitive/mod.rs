//! Primitives: the geometric pieces of bodies that contact pairs are made of — rod edges, rod
//! nodes, spheres, planes, and shell nodes, edges and triangles — each described once, by the [`Primitive`] trait, in its own
//! file. Data elements, detection, the sparsity layout, self-contact exclusion and CCD all read
//! primitives through that trait and the [`PrimId`] that names one.

mod adjacency;
mod group;
mod id;
mod plane;
mod points;
mod rigid;
mod rod_edge;
mod rod_node;
mod self_exclusion;
mod shell_edge;
mod shell_face;
mod shell_node;
mod sphere;
mod spin;
mod traits;

pub use crate::contact::core::{
    BodyId, PlanePrim, PrimId, PrimKind, RigidEdge, RigidFace, RigidVertex, RodEdge, RodNode,
    ShellEdge, ShellFace, ShellNode, SpherePrim,
};
pub use adjacency::{MeshNodes, Span, too_close};
pub use group::BodyGroup;
pub use points::{MAX_POINTS, PointDofs, Points};
pub(crate) use rigid::{defers as rigid_defers, face_feature as rigid_face_feature};
pub use self_exclusion::{SelfExclusion, arc_gap};
pub use spin::{bind_spins, spin_layout, spin_slots};
pub use traits::Primitive;
pub(crate) use traits::vec_at;
