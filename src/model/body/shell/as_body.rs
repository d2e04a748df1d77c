//! [`Shell`] as a [`Body`]: its mesh nodes (and mid-edge `ξ` DOFs in messages), its hinge
//! actuation, its Maxwell membrane's relaxation after each step and its triangles in frames.

use super::Shell;
use crate::model::DofMap;
use crate::model::body::traits::axis;
use crate::model::body::{Body, BodyKind, Shape};
use crate::time::Coefficients;

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
    /// Its shortest rest edge (the current rest edge of a Maxwell membrane).
    fn rest_length_scale(&self) -> Option<f64> {
        self.rest_lengths.iter().copied().reduce(f64::min)
    }
    fn is_actuated(&self) -> bool {
        !self.actuation.is_empty()
    }
    fn actuate(&mut self, t: f64) {
        Shell::actuate(self, t);
    }
    /// The Maxwell relaxation of the membrane's rest state (nothing for an elastic membrane).
    fn commit_step(
        &mut self,
        _dofs: &DofMap,
        _q: &[f64],
        q_new: &[f64],
        _v: &mut [f64],
        c: &Coefficients,
    ) {
        self.relax_membrane(q_new, c.dt);
    }
    /// The relaxed rest lengths or metrics of a Maxwell membrane (empty otherwise).
    fn extra_state(&self) -> Vec<f64> {
        self.maxwell_state()
    }
    fn restore_extra_state(&mut self, state: &[f64]) -> Result<(), String> {
        self.restore_maxwell_state(state)
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
