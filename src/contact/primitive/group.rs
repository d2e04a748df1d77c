//! [`BodyGroup`]: the bodies one side of a contact binding draws its primitives from, resolved
//! from a scene's `AllRods`, `Rods([...])`, `AllSpheres`, … to indices.

use super::BodyId;
use crate::model::Model;

/// A group of bodies of one type, by index.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BodyGroup {
    /// Rods (their edges for capsule data, their nodes for point data).
    Rods(Vec<usize>),
    /// Spheres.
    Spheres(Vec<usize>),
    /// Planes.
    Planes(Vec<usize>),
    /// Shells (their nodes for point data, edges for capsule data, triangles for triangle
    /// data).
    Shells(Vec<usize>),
    /// Rigid bodies (their surface's vertices for point data, edges for capsule data,
    /// triangles for triangle data).
    Rigid(Vec<usize>),
}

impl BodyGroup {
    /// Its bodies, in order.
    pub fn bodies(&self) -> Vec<BodyId> {
        let ids = |v: &[usize], f: fn(u32) -> BodyId| v.iter().map(|&i| f(i as u32)).collect();
        match self {
            BodyGroup::Rods(v) => ids(v, BodyId::Rod),
            BodyGroup::Spheres(v) => ids(v, BodyId::Sphere),
            BodyGroup::Planes(v) => ids(v, BodyId::Plane),
            BodyGroup::Shells(v) => ids(v, BodyId::Shell),
            BodyGroup::Rigid(v) => ids(v, BodyId::Rigid),
        }
    }

    /// First global DOF of every point of the group's bodies (rod and shell nodes, sphere centres;
    /// planes have none), body by body.
    pub fn point_dofs(&self, model: &Model) -> Vec<usize> {
        match self {
            BodyGroup::Rods(rods) => rods
                .iter()
                .flat_map(|&i| {
                    let rod = &model.bodies.rods[i];
                    (0..rod.n_nodes).map(move |n| rod.node_dof(n))
                })
                .collect(),
            BodyGroup::Spheres(s) => s.iter().map(|&i| model.bodies.spheres[i].offset).collect(),
            BodyGroup::Planes(_) => Vec::new(),
            BodyGroup::Rigid(v) => v.iter().map(|&i| model.bodies.rigid[i].offset).collect(),
            BodyGroup::Shells(v) => v
                .iter()
                .flat_map(|&i| {
                    let shell = &model.bodies.shells[i];
                    (0..shell.n_nodes()).map(move |n| shell.node_dof(n))
                })
                .collect(),
        }
    }
}
