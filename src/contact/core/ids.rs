//! The names of primitives and bodies: [`PrimId`] (one primitive of any kind — a rod edge, a
//! sphere, a shell triangle, …, by index) and [`BodyId`]. What each kind *is* to contact is its
//! [`Primitive`](crate::contact::Primitive) implementation, in `contact/primitive/`.

use crate::model::{BodyKind, Model};
use serde::{Deserialize, Serialize};

/// One primitive of the model. The order (kind, then indices) is the order of candidate pairs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum PrimId {
    /// A rod edge.
    RodEdge(RodEdge),
    /// A rod node.
    RodNode(RodNode),
    /// A rigid sphere.
    Sphere(SpherePrim),
    /// A static plane.
    Plane(PlanePrim),
    /// A shell node.
    ShellNode(ShellNode),
    /// A shell edge.
    ShellEdge(ShellEdge),
    /// A shell triangle.
    ShellFace(ShellFace),
    /// A triangle of a rigid body's surface.
    RigidFace(RigidFace),
    /// An edge of a rigid body's surface.
    RigidEdge(RigidEdge),
    /// A vertex of a rigid body's surface.
    RigidVertex(RigidVertex),
}

/// One body of the model (the unit of `exclude` lists and of self-contact rules).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum BodyId {
    /// Rod by index.
    Rod(u32),
    /// Sphere by index.
    Sphere(u32),
    /// Plane by index.
    Plane(u32),
    /// Shell by index.
    Shell(u32),
    /// Rigid body by index.
    Rigid(u32),
}

impl BodyId {
    /// Its kind and its index in the model's list of that kind.
    pub fn kind_index(self) -> (BodyKind, usize) {
        match self {
            BodyId::Rod(i) => (BodyKind::Rod, i as usize),
            BodyId::Sphere(i) => (BodyKind::Sphere, i as usize),
            BodyId::Plane(i) => (BodyKind::Plane, i as usize),
            BodyId::Shell(i) => (BodyKind::Shell, i as usize),
            BodyId::Rigid(i) => (BodyKind::Rigid, i as usize),
        }
    }

    /// Its contact mask in `model` ([`crate::model::BodyMasks`]).
    #[inline]
    pub fn mask(self, model: &Model) -> u32 {
        let (kind, i) = self.kind_index();
        model.masks.of(kind, i)
    }

    /// How messages name it: its kind and scene name (`sphere "a"`).
    pub fn label(self, model: &Model) -> String {
        let (kind, i) = self.kind_index();
        match model.bodies.get(kind, i) {
            Some(b) => format!("{} \"{}\"", kind.word(), b.name()),
            None => format!("{} {i}", kind.word()),
        }
    }
}

/// Edge `edge` of rod `rod`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct RodEdge {
    /// Rod index.
    pub rod: u32,
    /// Edge index.
    pub edge: u32,
}

impl From<RodEdge> for PrimId {
    fn from(p: RodEdge) -> Self {
        PrimId::RodEdge(p)
    }
}

/// Node `node` of rod `rod`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct RodNode {
    /// Rod index.
    pub rod: u32,
    /// Node index.
    pub node: u32,
}

impl From<RodNode> for PrimId {
    fn from(p: RodNode) -> Self {
        PrimId::RodNode(p)
    }
}

/// Sphere `index` of the model.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct SpherePrim {
    /// Sphere index.
    pub index: u32,
}

impl From<SpherePrim> for PrimId {
    fn from(p: SpherePrim) -> Self {
        PrimId::Sphere(p)
    }
}

/// Plane `index` of the model.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct PlanePrim {
    /// Plane index.
    pub index: u32,
}

impl From<PlanePrim> for PrimId {
    fn from(p: PlanePrim) -> Self {
        PrimId::Plane(p)
    }
}

/// Node `node` of shell `shell`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct ShellNode {
    /// Shell index.
    pub shell: u32,
    /// Node index in the shell's mesh.
    pub node: u32,
}

impl From<ShellNode> for PrimId {
    fn from(p: ShellNode) -> Self {
        PrimId::ShellNode(p)
    }
}

/// Edge `edge` (in the order of the shell's topology) of shell `shell`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct ShellEdge {
    /// Shell index.
    pub shell: u32,
    /// Edge index.
    pub edge: u32,
}

impl From<ShellEdge> for PrimId {
    fn from(p: ShellEdge) -> Self {
        PrimId::ShellEdge(p)
    }
}

/// Triangle `face` of shell `shell`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct ShellFace {
    /// Shell index.
    pub shell: u32,
    /// Triangle index in the shell's mesh.
    pub face: u32,
}

impl From<ShellFace> for PrimId {
    fn from(p: ShellFace) -> Self {
        PrimId::ShellFace(p)
    }
}

/// Triangle `face` of rigid body `body`'s surface.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct RigidFace {
    /// Rigid body index.
    pub body: u32,
    /// Triangle index in its surface mesh.
    pub face: u32,
}

impl From<RigidFace> for PrimId {
    fn from(p: RigidFace) -> Self {
        PrimId::RigidFace(p)
    }
}

/// Edge `edge` (in the order of [`crate::model::RigidBody::edges`]) of rigid body `body`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct RigidEdge {
    /// Rigid body index.
    pub body: u32,
    /// Edge index.
    pub edge: u32,
}

impl From<RigidEdge> for PrimId {
    fn from(p: RigidEdge) -> Self {
        PrimId::RigidEdge(p)
    }
}

/// Vertex `vertex` of rigid body `body`'s surface.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct RigidVertex {
    /// Rigid body index.
    pub body: u32,
    /// Vertex index in its surface mesh.
    pub vertex: u32,
}

impl From<RigidVertex> for PrimId {
    fn from(p: RigidVertex) -> Self {
        PrimId::RigidVertex(p)
    }
}
