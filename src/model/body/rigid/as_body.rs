//! [`RigidBody`] as a [`Body`]: its centre of mass as its one node (mass, gravity), its
//! rotation DOFs with their own inertial rows, its orientation update, its prescribed motion
//! and its surface in frames.

use super::RigidBody;
use super::momentum::{inertial_rows, world_inertia};
use super::motion::RigidMotion;
use super::rotation::exp_map;
use crate::math::{Mat3, Vec3};
use crate::model::DofMap;
use crate::model::body::traits::axis;
use crate::model::body::{Body, BodyKind, Shape};
use crate::time::{Coefficients, IntegratorKind};
use nalgebra::UnitQuaternion;

impl Body for RigidBody {
    fn kind(&self) -> BodyKind {
        BodyKind::Rigid
    }
    fn name(&self) -> &str {
        &self.name
    }
    fn n_nodes(&self) -> usize {
        1
    }
    fn node_dof(&self, _i: usize) -> usize {
        self.offset
    }
    fn node_mass(&self, _i: usize) -> f64 {
        self.mass
    }
    fn density(&self) -> f64 {
        self.material.density
    }
    fn rotation_dof(&self) -> Option<usize> {
        Some(self.rotation)
    }
    fn is_rigid(&self) -> bool {
        true
    }
    fn held_dofs(&self, out: &mut Vec<usize>) {
        match &self.motion {
            RigidMotion::Free => {}
            RigidMotion::Loaded(l) => {
                out.extend((0..3).filter(|&i| i != l.axis).map(|i| self.offset + i));
                out.extend(self.rotation..self.rotation + 3);
            }
            RigidMotion::Fixed | RigidMotion::Prescribed(_) => {
                out.extend(self.offset..self.offset + 3);
                out.extend(self.rotation..self.rotation + 3);
            }
        }
    }
    fn bounds(&self, q: &[f64]) -> Option<(Vec3, Vec3)> {
        let r = Vec3::repeat(self.skin);
        self.surface_points(q)
            .into_iter()
            .map(|p| (p - r, p + r))
            .reduce(|(a, b), (c, d)| (a.inf(&c), b.sup(&d)))
    }
    fn orientation(&self) -> Option<UnitQuaternion<f64>> {
        Some(self.state.orientation)
    }
    fn set_orientation(&mut self, r: UnitQuaternion<f64>) {
        self.state.orientation = r;
    }
    /// `Rₙ₊₁ = exp(φ) Rₙ`; the momentum of the step is kept for BDF2, and the midpoint rule's
    /// angular velocity is Simo & Wong's `2φ/Δt − exp(φ) ωₙ` (see [`super::momentum`]).
    fn commit_step(
        &mut self,
        dofs: &DofMap,
        q: &[f64],
        q_new: &[f64],
        v: &mut [f64],
        c: &Coefficients,
    ) {
        let k = self.rotation;
        let phi = self.step_rotation(q_new);
        let _ = q;
        let turn = exp_map(&phi);
        if c.scheme == IntegratorKind::ImplicitMidpoint && !dofs.is_constrained(k) {
            let w = phi * (2.0 / c.dt) - turn * self.state.omega;
            v[k..k + 3].copy_from_slice(w.as_slice());
        }
        self.state.previous_momentum =
            world_inertia(&self.state.orientation, &self.inertia) * self.state.omega;
        self.state.orientation = turn * self.state.orientation;
        self.state.omega = self.omega(v);
        self.theta_committed = Vec3::new(q_new[k], q_new[k + 1], q_new[k + 2]);
    }
    fn own_inertia_dof(&self) -> Option<usize> {
        self.is_free().then_some(self.rotation)
    }
    fn inertia_rows(
        &self,
        c: &Coefficients,
        _q_start: &[f64],
        q: &[f64],
        v: &[f64],
    ) -> Option<(Vec3, Mat3)> {
        let (rows, jac, _) = inertial_rows(
            c,
            &self.state,
            &self.inertia,
            &self.step_rotation(q),
            &self.omega(v),
        );
        Some((rows, jac))
    }
    fn extra_kinetic_energy(&self, v: &[f64]) -> f64 {
        let w = self.omega(v);
        0.5 * w.dot(&(world_inertia(&self.state.orientation, &self.inertia) * w))
    }
    fn apply_prescribed(&self, t: f64, q: &mut [f64]) {
        if let RigidMotion::Prescribed(m) = &self.motion {
            let (c, theta) = m.pose(&self.initial_center, t);
            q[self.offset..self.offset + 3].copy_from_slice(c.as_slice());
            q[self.rotation..self.rotation + 3].copy_from_slice(theta.as_slice());
        }
    }
    /// The angular momentum of the step before, the angular velocity and the committed
    /// rotation (9 numbers), and the end of a load-stopped translation's window when the
    /// motion has a load stop (a 10th).
    fn extra_state(&self) -> Vec<f64> {
        let s = &self.state;
        let mut out: Vec<f64> = [s.previous_momentum, s.omega, self.theta_committed]
            .iter()
            .flat_map(|v| v.iter().copied())
            .collect();
        if let RigidMotion::Prescribed(m) = &self.motion {
            out.extend(m.stop_state());
        }
        out
    }
    fn restore_extra_state(&mut self, state: &[f64]) -> Result<(), String> {
        let stop = match &self.motion {
            RigidMotion::Prescribed(m) => m.stop_state().is_some(),
            _ => false,
        };
        let needed = if stop { 10 } else { 9 };
        if state.len() != needed {
            return Err(format!(
                "the checkpoint holds {} numbers for rigid body \"{}\", which needs {needed}",
                state.len(),
                self.name
            ));
        }
        if let (RigidMotion::Prescribed(m), Some(&end)) = (&mut self.motion, state.get(9)) {
            m.set_stop_state(end);
        }
        let v = |k: usize| Vec3::new(state[k], state[k + 1], state[k + 2]);
        self.state.previous_momentum = v(0);
        self.state.omega = v(3);
        self.theta_committed = v(6);
        Ok(())
    }
    fn dof_name(&self, k: usize) -> Option<String> {
        if (self.offset..self.offset + 3).contains(&k) {
            return Some(format!(
                "rigid body \"{}\" centre ({})",
                self.name,
                axis(k - self.offset)
            ));
        }
        (self.rotation..self.rotation + 3).contains(&k).then(|| {
            format!(
                "rigid body \"{}\" (rotation {})",
                self.name,
                axis(k - self.rotation)
            )
        })
    }
    fn shape(&self, q: &[f64], v: &[f64]) -> Option<Shape<'_>> {
        let (c, r) = self.pose(q);
        let (vc, w) = (self.center(v), self.omega(v));
        let points: Vec<Vec3> = self.surface.nodes.iter().map(|p| c + r * p).collect();
        let velocities = points.iter().map(|x| vc + w.cross(&(x - c))).collect();
        Some(Shape::Mesh {
            points,
            velocities,
            triangles: &self.surface.triangles,
            thickness: 2.0 * self.skin,
        })
    }
}
