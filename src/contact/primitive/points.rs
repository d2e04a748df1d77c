//! Fixed-size lists of a primitive's points and of their global DOFs (at most four points, as
//! a pair's local layout has twelve coordinates: see [`crate::contact::ContactCtx`]).

use crate::math::Vec3;

/// Most points one primitive may have (a tetrahedron's corners; a triangle has three).
pub const MAX_POINTS: usize = 4;

/// A primitive's points at a configuration (m).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Points {
    /// Positions; entries past `n` are zero.
    pub x: [Vec3; MAX_POINTS],
    /// Number of points.
    pub n: usize,
}

impl Points {
    /// The points in use.
    pub fn as_slice(&self) -> &[Vec3] {
        &self.x[..self.n]
    }
}

/// The first global DOF of each of a primitive's points (its three coordinates follow).
/// Constrained DOFs are listed too: a constrained point is static or prescribed, and each user
/// decides what that means for it (see [`super::Primitive`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PointDofs {
    /// First DOF of each point; entries past `n` are 0.
    pub dofs: [usize; MAX_POINTS],
    /// Number of points.
    pub n: usize,
}

impl PointDofs {
    /// No points (a static plane).
    pub const NONE: PointDofs = PointDofs {
        dofs: [0; MAX_POINTS],
        n: 0,
    };

    /// The given points.
    pub fn of(dofs: &[usize]) -> Self {
        let mut out = Self::NONE;
        out.dofs[..dofs.len()].copy_from_slice(dofs);
        out.n = dofs.len();
        out
    }

    /// The DOFs in use.
    pub fn as_slice(&self) -> &[usize] {
        &self.dofs[..self.n]
    }
}
