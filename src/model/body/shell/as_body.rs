//! [`Shell`] as a [`Body`]: its mesh nodes (and mid-edge `ξ` DOFs in messages), its hinge
//! actuation and its triangles in frames.

use super::Shell;
use crate::model::body::traits::axis;
use crate::model::body::{Body, BodyKind, Shape};

impl Body for Shell {
    fn kind(&self) -> BodyKind {
        BodyKind::Shell
    }
    fn name(&self) -> &str {
        &self.name
    }
    fn n_nodes(&self) -> usize {
        Shell::n_nodes(self)
    }
    fn node_dof(&self, i: usize) -> usize {
        Shell::node_dof(self, i)
    }
    fn node_mass(&self, i: usize) -> f64 {
        Shell::node_mass(self, i)
    }
    fn density(&self) -> f64 {
        self.material.density
    }
    fn node_radius(&self) -> f64 {
        0.5 * self.thickness
    }
    fn is_rigid(&self) -> bool {
        false
    }
    fn is_actuated(&self) -> bool {
        !self.actuation.is_empty()
    }
    fn actuate(&mut self, t: f64) {
        Shell::actuate(self, t);
    }
    fn dof_name(&self, k: usize) -> Option<String> {
        let nodes = self.offset..self.offset + 3 * Shell::n_nodes(self);
        if nodes.contains(&k) {
            let local = k - self.offset;
            return Some(format!(
                "shell \"{}\" node {} ({})",
                self.name,
                local / 3,
                axis(local % 3)
            ));
        }
        let x = self.xi_offset?;
        (x..x + self.topology.n_edges())
            .contains(&k)
            .then(|| format!("shell \"{}\" edge {} (mid-edge ξ)", self.name, k - x))
    }
    fn shape(&self, q: &[f64], v: &[f64]) -> Option<Shape<'_>> {
        Some(Shape::Mesh {
            points: self.nodes(q),
            velocities: self.nodes(v),
            triangles: &self.mesh.triangles,
            thickness: self.thickness,
        })
    }
}
