//! Primitives: the geometric pieces of bodies that contact pairs are made of — rod edges, rod
//! nodes, spheres, planes, and shell nodes, edges and triangles — each described once, by the [`Primitive`] trait, in its own
//! file. Data elements, detection, the sparsity layout, self-contact exclusion and CCD all read
//! primitives through that trait and the [`PrimId`] that names one.

mod adjacency;
mod group;
mod id;
mod kind;
mod plane;
mod points;
mod rod_edge;
mod rod_node;
mod self_exclusion;
mod shell_edge;
mod shell_face;
mod shell_node;
mod sphere;
mod spin;
mod traits;

pub use adjacency::{MeshNodes, Span, too_close};
pub use group::BodyGroup;
pub use id::{BodyId, PrimId};
pub use kind::PrimKind;
pub use plane::PlanePrim;
pub use points::{MAX_POINTS, PointDofs, Points};
pub use rod_edge::RodEdge;
pub use rod_node::RodNode;
pub use self_exclusion::{SelfExclusion, arc_gap};
pub use shell_edge::ShellEdge;
pub use shell_face::ShellFace;
pub use shell_node::ShellNode;
pub use sphere::SpherePrim;
pub use spin::{spin_layout, spin_slots};
pub use traits::Primitive;
