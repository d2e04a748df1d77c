//! [`Rod`] as a [`Body`]: its nodes (shared nodes included, at the DOFs they share), its twist
//! DOFs in messages, its reference frames, its curvature actuation and its tube in frames.

use super::Rod;
use crate::model::body::traits::axis;
use crate::model::body::{Body, BodyKind, Shape};

impl Body for Rod {
    fn kind(&self) -> BodyKind {
        BodyKind::Rod
    }
    fn name(&self) -> &str {
        &self.name
    }
    fn n_nodes(&self) -> usize {
        self.n_nodes
    }
    fn node_dof(&self, i: usize) -> usize {
        Rod::node_dof(self, i)
    }
    fn node_mass(&self, i: usize) -> f64 {
        Rod::node_mass(self, i)
    }
    fn density(&self) -> f64 {
        self.material.density
    }
    fn node_radius(&self) -> f64 {
        self.section.contact_radius()
    }
    fn is_rigid(&self) -> bool {
        false
    }
    fn rest_length_scale(&self) -> Option<f64> {
        self.rest_lengths.iter().copied().reduce(f64::min)
    }
    fn has_reference_frames(&self) -> bool {
        true
    }
    fn is_actuated(&self) -> bool {
        self.curvature_ramp.is_some()
    }
    fn actuate(&mut self, t: f64) {
        Rod::actuate(self, t);
    }
    fn dof_name(&self, k: usize) -> Option<String> {
        let end = self.offset + 4 * self.n_nodes - 1;
        if !(self.offset..end).contains(&k) {
            return None;
        }
        let local = k - self.offset;
        let (i, c) = (local / 4, local % 4);
        Some(if c == 3 {
            format!("rod \"{}\" edge {i} (twist)", self.name)
        } else {
            format!("rod \"{}\" node {i} ({})", self.name, axis(c))
        })
    }
    fn shape(&self, q: &[f64], v: &[f64]) -> Option<Shape<'_>> {
        Some(Shape::Polyline {
            points: (0..self.n_nodes).map(|i| self.node(q, i)).collect(),
            velocities: (0..self.n_nodes).map(|i| self.node(v, i)).collect(),
            radius: self.section.contact_radius(),
        })
    }
}
