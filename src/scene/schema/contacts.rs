//! Contacts: a chain bound to two groups of bodies.

use super::super::values::Positive;
use crate::contact::{Redetect, SelfExclusion};
use serde::{Deserialize, Serialize};

/// A group of bodies for one side of a contact binding.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum GroupSpec {
    /// Every rod.
    AllRods,
    /// Every sphere.
    AllSpheres,
    /// Every plane.
    AllPlanes,
    /// The named rods.
    Rods(Vec<String>),
    /// The named spheres.
    Spheres(Vec<String>),
    /// The named planes.
    Planes(Vec<String>),
    /// Every shell (its nodes, edges or triangles, as the chain binds the side).
    AllShells,
    /// The named shells.
    Shells(Vec<String>),
    /// Every rigid body (its surface's vertices, edges or triangles, as the chain binds the
    /// side).
    AllRigid,
    /// The named rigid bodies.
    Rigid(Vec<String>),
}

/// A chain applied between two groups of bodies.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ContactSpec {
    /// Chain file, relative to the scene file.
    pub chain: String,
    /// Side-1 bodies.
    pub first: GroupSpec,
    /// Side-2 bodies.
    pub second: GroupSpec,
    /// Pairs closer than this (gap, m) at the start of a step are candidates; default: the
    /// largest radius among the bound bodies.
    #[serde(default)]
    pub keep_distance: Option<Positive>,
    /// Body pairs (by name) that never interact through this binding.
    #[serde(default)]
    pub exclude: Vec<(String, String)>,
    /// Which pairs of primitives of one rod are too close along it to be a contact:
    /// `Reach` (default: rest arc-length gap at most `2r` plus the chain's reach, pairs that
    /// sit in the force band whenever the rod is straight), `Edges(n)` (centres fewer than
    /// `n` edges apart, the `|i − j| < n` rule of other DER codes) or `ArcLength(L)` (gap at
    /// most `L` m). Pairs sharing a node, or within the rod's thickness, are always excluded.
    #[serde(default)]
    pub exclude_within: SelfExclusion,
    /// When candidates are detected: `EveryStep` (default) or `OnMotion` (again only once the
    /// bodies moved by half the margin `keep_distance − reach` since the last detection, a
    /// Verlet list: the broad phase is skipped at most steps of a slow or settled bed; not for
    /// barrier chains such as IPC), or `MeshEdges` (not by distance: the pairs are the two
    /// nodes of every edge of the bound shells, for chains between mesh neighbours such as
    /// `N_T_ShellViscosity`; both sides the same shells, a point chain, no keep distance).
    #[serde(default)]
    pub detect: Redetect,
}
