//! Boundary conditions: fixed DOFs and prescribed motions of nodes and edge twists, optionally
//! staged in time.
//!
//! A prescribed rotation at angular velocity `ω` about an axis `â` through `c` moves node
//! positions as `x(t) = c + R(â, ω s(t))(x(t₀) − c)` and turns the material frame of the
//! prescribed edges rigidly with them: the twist angle `θ` is set so that the material
//! director `m₁ = cos θ d₁ + sin θ d₂` equals `R m₁(t₀)` projected on the plane normal to the
//! current tangent (this is how the flagella are driven, seed 001 §4.1 and Fig. 2a). A
//! prescribed translation at velocity `V` moves nodes as `x(t) = x(t₀) + V s(t)`.
//!
//! `t₀` is when the condition took hold of its DOFs (0, or `active_from`) and `s(t)` the time
//! the motion has run since: `s = t − t₀` for a constant motion, `s = A(t) − A(t₀)` for a motion
//! scheduled by a [`Window`] (speed `V a(t)`, with `A` the envelope's exact integral), so the
//! prescribed positions and the velocities the integrator takes from them agree at every `t`
//! (hold before `start`, ramp up, move, ramp down, hold after `end`).
//!
//! A condition holds its DOFs from `active_from` (where it takes the nodes as they are then)
//! until `active_until` (after which they are free): see [`BoundaryCondition::in_force`].

use super::{Rod, RodFrames, Window};
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

/// Where a condition took hold of its DOFs: the time `t₀` and the nodes, material directors
/// and twist angles then. Part of a run's state once a condition engages after the start
/// (`active_from > 0`), so checkpoints keep it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct BoundaryReference {
    /// `t₀` (s).
    pub time: f64,
    /// Node positions at `t₀` (m), in the condition's node order.
    pub nodes: Vec<Vec3>,
    /// Material directors `m₁` of the edges at `t₀`.
    pub m1: Vec<Vec3>,
    /// Twist angles of the edges at `t₀` (rad).
    pub theta: Vec<f64>,
}

/// The state of a staged condition a checkpoint keeps: whether it has engaged, and where.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct BoundaryState {
    /// Index of the condition in the model.
    pub index: usize,
    /// Whether it has taken hold of its DOFs.
    pub engaged: bool,
    /// Where it took hold.
    pub reference: BoundaryReference,
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
    /// When the motion runs: its speed is scaled by the window's envelope (`None`: constant,
    /// from `t₀` on).
    pub schedule: Option<Window>,
    /// The condition takes hold of its DOFs at the first step starting at or after this time
    /// (s), where they are then; they are free before.
    pub active_from: f64,
    /// The condition lets its DOFs go at the first step ending after this time (s;
    /// `f64::INFINITY`: never).
    pub active_until: f64,
    reference: BoundaryReference,
    engaged: bool,
}

/// Step times within this fraction of the step of a switching time count as reaching it, so
/// that a time accumulated by repeated additions of Δt (1.9999999999999 for 2) switches at the
/// step the user means.
const SWITCH_TOLERANCE: f64 = 1e-6;

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
        let reference = capture(rod, frames, q, &nodes, &edges, t0);
        Self {
            rod: rod_index,
            nodes,
            edges,
            motion,
            schedule: None,
            active_from: 0.0,
            active_until: f64::INFINITY,
            reference,
            engaged: true,
        }
    }

    /// Runs the motion within `window` (builder form).
    pub fn with_schedule(mut self, window: Window) -> Self {
        self.schedule = Some(window);
        self
    }

    /// Holds the DOFs only from `from` to `until` (s; builder form). With `from > 0` the
    /// condition waits, DOFs free, and takes the nodes where they are when it engages.
    pub fn with_active(mut self, from: f64, until: f64) -> Self {
        self.active_from = from;
        self.active_until = until;
        self.engaged = from <= 0.0;
        self
    }

    /// Whether the condition ever changes which DOFs are held (`active_from > 0` or a finite
    /// `active_until`).
    pub fn is_staged(&self) -> bool {
        self.active_from > 0.0 || self.active_until.is_finite()
    }

    /// Whether the condition has taken hold of its DOFs.
    pub fn is_engaged(&self) -> bool {
        self.engaged
    }

    /// Whether the step from `t_n` to `t_new` starts at or after `active_from` (the condition
    /// engages then, if it has not yet).
    pub fn is_due(&self, t_n: f64, t_new: f64) -> bool {
        t_n >= self.active_from - SWITCH_TOLERANCE * (t_new - t_n)
    }

    /// Whether the condition holds its DOFs in the step from `t_n` to `t_new`: it has engaged
    /// and the step does not end after `active_until`.
    pub fn in_force(&self, t_n: f64, t_new: f64) -> bool {
        self.engaged && t_new <= self.active_until + SWITCH_TOLERANCE * (t_new - t_n)
    }

    /// Takes hold of the DOFs at time `t` in configuration `q` (frames `frames`).
    pub fn engage(&mut self, rod: &Rod, frames: &RodFrames, q: &[f64], t: f64) {
        self.reference = capture(rod, frames, q, &self.nodes, &self.edges, t);
        self.engaged = true;
    }

    /// Forgets an engagement (a failed step is undone).
    pub(super) fn disengage(&mut self) {
        self.engaged = false;
    }

    /// The state a checkpoint keeps (see [`BoundaryState`]).
    pub fn state(&self, index: usize) -> BoundaryState {
        BoundaryState {
            index,
            engaged: self.engaged,
            reference: self.reference.clone(),
        }
    }

    /// Restores what [`BoundaryCondition::state`] saved, or says why it does not fit.
    pub fn restore(&mut self, s: &BoundaryState) -> Result<(), String> {
        let r = &s.reference;
        if r.nodes.len() != self.nodes.len()
            || r.m1.len() != self.edges.len()
            || r.theta.len() != self.edges.len()
        {
            return Err(format!(
                "boundary condition {}: the checkpoint holds {} nodes and {} edges, the scene {} \
                 and {}",
                s.index,
                r.nodes.len(),
                r.theta.len(),
                self.nodes.len(),
                self.edges.len()
            ));
        }
        self.reference = r.clone();
        self.engaged = s.engaged;
        Ok(())
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

    /// How long the motion has run at time `t` since `t₀` (s): `t − t₀`, or `A(t) − A(t₀)`
    /// with a schedule.
    fn elapsed(&self, t: f64) -> f64 {
        let t0 = self.reference.time;
        match &self.schedule {
            None => t - t0,
            Some(w) => w.integral(t) - w.integral(t0),
        }
    }

    /// Writes the prescribed node positions at time `t` into `q`.
    pub fn apply_nodes(&self, rod: &Rod, t: f64, q: &mut [f64]) {
        let s = self.elapsed(t);
        for (&i, x0) in self.nodes.iter().zip(&self.reference.nodes) {
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
        let s = self.elapsed(t);
        for (k, &e) in self.edges.iter().enumerate() {
            let dof = rod.twist_dof(e);
            match self.motion {
                Prescribed::Fixed | Prescribed::Translation { .. } => {
                    q[dof] = self.reference.theta[k];
                }
                Prescribed::Rotation { axis, omega, .. } => {
                    let tng = frames.tangent[e];
                    let m1 = rotate_about_axis(&self.reference.m1[k], &axis, omega * s);
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

/// The nodes, directors and twist angles of `nodes` and `edges` in `q` at time `t`.
fn capture(
    rod: &Rod,
    frames: &RodFrames,
    q: &[f64],
    nodes: &[usize],
    edges: &[usize],
    t: f64,
) -> BoundaryReference {
    let theta: Vec<f64> = edges.iter().map(|&e| q[rod.twist_dof(e)]).collect();
    BoundaryReference {
        time: t,
        nodes: nodes.iter().map(|&i| rod.node(q, i)).collect(),
        m1: edges
            .iter()
            .zip(&theta)
            .map(|(&e, &th)| th.cos() * frames.d1[e] + th.sin() * frames.d2[e])
            .collect(),
        theta,
    }
}
