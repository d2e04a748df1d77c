//! [`PrimKind`]: the kind of primitive a side of a chain binds, checked when a chain is loaded.

use std::fmt;

/// The kind of primitive a side of a pair is bound to (one per [`crate::contact::Primitive`] type).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum PrimKind {
    /// A rod edge or a shell edge seen as a deformable capsule (two nodes, radius).
    Capsule,
    /// A rigid sphere.
    Sphere,
    /// A point: a rod node with the rod's radius, or a shell node with half its thickness.
    Point,
    /// A static plane.
    Plane,
    /// A shell triangle (three nodes, half the shell's thickness).
    Triangle,
}

impl fmt::Display for PrimKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::Capsule => "capsule (rod or shell edge)",
            Self::Sphere => "sphere",
            Self::Point => "point (rod or shell node)",
            Self::Plane => "plane",
            Self::Triangle => "triangle (shell face)",
        })
    }
}
