//! Boundary conditions: fixed DOFs and prescribed motions of nodes and edge twists.
//!
//! A prescribed rotation at angular velocity `ω` about an axis `â` through `c` moves node
//! positions as `x(t) = c + R(â, ω(t − t₀))(x(t₀) − c)` and turns the material frame of the
//! prescribed edges rigidly with them: the twist angle `θ` is set so that the material
//! director `m₁ = cos θ d₁ + sin θ d₂` equals `R m₁(t₀)` projected on the plane normal to the
//! current tangent (this is how the flagella are driven, seed 001 §4.1 and Fig. 2a).

use super::{Rod, RodFrames};
use crate::math::{Vec3, rotate_about_axis, signed_angle};
use serde::{Deserialize, Serialize};

/// The motion imposed on the DOFs of a boundary condition.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub enum Prescribed {
    /// Held at their initial values.
    Fixed,
    /// Rigid rotation at `omega` (rad/s) about the unit `axis` through `center` (m).
    Rotation {
        /// Unit rotation axis.
        axis: Vec3,
        /// A point on the axis (m).
        center: Vec3,
        /// Angular velocity (rad/s), positive counter-clockwise about `axis`.
        omega: f64,
    },
    /// Rigid translation at constant `velocity` (m/s).
    Translation {
        /// Velocity (m/s).
        velocity: Vec3,
    },
}

/// A boundary condition on some nodes and edges of one rod.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct BoundaryCondition {
    /// Index of the rod in the model.
    pub rod: usize,
    /// Constrained nodes (all three coordinates).
    pub nodes: Vec<usize>,
    /// Constrained edges (their twist angle).
    pub edges: Vec<usize>,
    /// The imposed motion.
    pub motion: Prescribed,
    start_time: f64,
    initial_nodes: Vec<Vec3>,
    initial_m1: Vec<Vec3>,
    initial_theta: Vec<f64>,
}

impl BoundaryCondition {
    /// A condition starting at time `t0` from the configuration `q` (with reference frames `frames`).
    #[allow(clippy::too_many_arguments)] // each argument is a distinct, named part of the condition
    pub fn new(
        rod_index: usize,
        rod: &Rod,
        frames: &RodFrames,
        q: &[f64],
        nodes: Vec<usize>,
        edges: Vec<usize>,
        motion: Prescribed,
        t0: f64,
    ) -> Self {
        let initial_nodes = nodes.iter().map(|&i| rod.node(q, i)).collect();
        let initial_theta: Vec<f64> = edges.iter().map(|&e| q[rod.twist_dof(e)]).collect();
        let initial_m1 = edges
            .iter()
            .zip(&initial_theta)
            .map(|(&e, &th)| th.cos() * frames.d1[e] + th.sin() * frames.d2[e])
            .collect();
        Self {
            rod: rod_index,
            nodes,
            edges,
            motion,
            start_time: t0,
            initial_nodes,
            initial_m1,
            initial_theta,
        }
    }

    /// Global indices of every DOF this condition constrains.
    pub fn dofs(&self, rod: &Rod) -> Vec<usize> {
        let mut d: Vec<usize> = self
            .nodes
            .iter()
            .flat_map(|&i| (0..3).map(move |c| rod.node_dof(i) + c))
            .collect();
        d.extend(self.edges.iter().map(|&e| rod.twist_dof(e)));
        d
    }

    /// Writes the prescribed node positions at time `t` into `q`.
    pub fn apply_nodes(&self, rod: &Rod, t: f64, q: &mut [f64]) {
        let s = t - self.start_time;
        for (&i, x0) in self.nodes.iter().zip(&self.initial_nodes) {
            let x = match self.motion {
                Prescribed::Fixed => *x0,
                Prescribed::Rotation {
                    axis,
                    center,
                    omega,
                } => center + rotate_about_axis(&(x0 - center), &axis, omega * s),
                Prescribed::Translation { velocity } => x0 + velocity * s,
            };
            let k = rod.node_dof(i);
            q[k..k + 3].copy_from_slice(x.as_slice());
        }
    }

    /// Writes the prescribed twist angles at time `t` into `q`, given the reference frames
    /// of the current configuration (already transported to the prescribed node positions).
    /// Angles are unwrapped against the value already in `q`, so `θ` grows continuously.
    pub fn apply_twists(&self, rod: &Rod, t: f64, frames: &RodFrames, q: &mut [f64]) {
        let s = t - self.start_time;
        for (k, &e) in self.edges.iter().enumerate() {
            let dof = rod.twist_dof(e);
            match self.motion {
                Prescribed::Fixed | Prescribed::Translation { .. } => {
                    q[dof] = self.initial_theta[k];
                }
                Prescribed::Rotation { axis, omega, .. } => {
                    let tng = frames.tangent[e];
                    let m1 = rotate_about_axis(&self.initial_m1[k], &axis, omega * s);
                    let m1 = m1 - tng * tng.dot(&m1);
                    let target = signed_angle(&frames.d1[e], &m1, &tng);
                    let prev = q[dof];
                    let mut delta = (target - prev) % std::f64::consts::TAU;
                    if delta > std::f64::consts::PI {
                        delta -= std::f64::consts::TAU;
                    } else if delta < -std::f64::consts::PI {
                        delta += std::f64::consts::TAU;
                    }
                    q[dof] = prev + delta;
                }
            }
        }
    }
}
