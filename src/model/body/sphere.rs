//! Rigid spheres: three translational DOFs (the centre) and, when the sphere rotates, three
//! rotational DOFs `θ` (rad) whose velocity is the angular velocity `ω` (rad/s, world frame).
//!
//! Mass `m = ρ 4/3 π r³` (kg) lumped on the centre; moment of inertia `I = 2/5 m r²` (kg·m²)
//! on each rotational DOF. A sphere's inertia tensor is isotropic, so Euler's equations reduce
//! to `I ω̇ = τ` (the gyroscopic term `ω × Iω` vanishes) and `θ`, the time integral of `ω` in the
//! world frame, is an ordinary DOF of the implicit system: the integrator treats it like a
//! coordinate of mass `I`. No force depends on `θ` itself; the orientation is the product of
//! the step rotations `exp(Δθ)` (a quaternion, [`Sphere::orientation`]), updated with each
//! accepted step.
//!
//! A sphere can be driven along a prescribed path ([`SpherePath`]: an indenter pressed into a
//! plate, a ball pushed through a bed): its centre's DOFs (and its rotation's, as a fixed
//! sphere's) are held and set at every step to `c(t) = c₀ + V s(t)`; the contact force on it is
//! then the reaction of its drive ([`crate::contact::sphere_loads`]).

use super::rigid::PrescribedMotion;
use super::traits::axis;
use super::{Body, BodyKind, Shape};
use crate::math::Vec3;
use crate::model::{DofMap, Material};
use crate::time::Coefficients;
use nalgebra::UnitQuaternion;

/// A rigid sphere.
#[derive(Debug, Clone)]
pub struct Sphere {
    /// Name given in the scene.
    pub name: String,
    /// Index of its first DOF in the global vector.
    pub offset: usize,
    /// Global node number (spheres follow the rod nodes in the node numbering).
    pub node: usize,
    /// Radius (m).
    pub radius: f64,
    /// Material (E, G, ρ).
    pub material: Material,
    /// First of its three rotational DOFs `θ` (rad), or `None` when it does not rotate. Set by
    /// [`Model::spin_sphere`](crate::model::Model::spin_sphere).
    pub spin: Option<usize>,
    /// Orientation: the rotation from the initial orientation, committed with each accepted
    /// step, `Rₙ₊₁ = exp(θₙ₊₁ − θₙ) Rₙ` (the identity for a sphere that does not rotate).
    pub orientation: UnitQuaternion<f64>,
    /// The prescribed path of its centre, when it is driven (set by
    /// [`Model::prescribe_sphere`](crate::model::Model::prescribe_sphere)).
    pub path: Option<SpherePath>,
}

/// A prescribed path of a sphere's centre: `c(t) = c₀ + V s(t)` (m) for a translation at `V`
/// (m/s), `s(t) = t`, or `s(t) = A(t)` (the envelope integral of its [`Window`](crate::model::Window))
/// when it is staged — [`PrescribedMotion::pose`] from the centre `c₀` at `t = 0`. Under
/// `integrator: Static` the time is the load parameter: the centre is where the load factor puts
/// it at the end of each load step.
#[derive(Debug, Clone, PartialEq)]
pub struct SpherePath {
    /// Centre at `t = 0` (m).
    pub start: Vec3,
    /// The motion from there.
    pub motion: PrescribedMotion,
}

impl SpherePath {
    /// The centre (m) at time `t` (s).
    pub fn center(&self, t: f64) -> Vec3 {
        self.motion.pose(&self.start, t).0
    }
}

impl Sphere {
    /// A sphere named `name` of radius `radius` (m) and material `material`, not yet placed in a
    /// model (its offsets are set by [`Model::add_sphere`](crate::model::Model::add_sphere)).
    pub fn new(name: impl Into<String>, radius: f64, material: Material) -> Self {
        Self {
            name: name.into(),
            offset: 0,
            node: 0,
            radius,
            material,
            spin: None,
            orientation: UnitQuaternion::identity(),
            path: None,
        }
    }
    /// Mass (kg).
    pub fn mass(&self) -> f64 {
        self.material.density * 4.0 / 3.0 * std::f64::consts::PI * self.radius.powi(3)
    }
    /// Moment of inertia about any axis through the centre, `I = 2/5 m r²` (kg·m²).
    pub fn inertia(&self) -> f64 {
        0.4 * self.mass() * self.radius * self.radius
    }
    /// Centre in configuration `q`.
    pub fn center(&self, q: &[f64]) -> Vec3 {
        Vec3::new(q[self.offset], q[self.offset + 1], q[self.offset + 2])
    }
    /// Angular velocity ω (rad/s) in the velocity vector `v` (zero when it does not rotate).
    pub fn omega(&self, v: &[f64]) -> Vec3 {
        self.spin
            .map_or_else(Vec3::zeros, |s| Vec3::new(v[s], v[s + 1], v[s + 2]))
    }
}

/// The rotation `exp(Δθ)` of rotation vector `dtheta` (rad) applied, in the world frame, to
/// the orientation `r`: `exp(Δθ) r`.
pub fn rotate(r: &UnitQuaternion<f64>, dtheta: &Vec3) -> UnitQuaternion<f64> {
    UnitQuaternion::from_scaled_axis(*dtheta) * r
}

impl Body for Sphere {
    fn kind(&self) -> BodyKind {
        BodyKind::Sphere
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
        self.mass()
    }
    fn density(&self) -> f64 {
        self.material.density
    }
    fn rotation_dof(&self) -> Option<usize> {
        self.spin
    }
    fn node_radius(&self) -> f64 {
        self.radius
    }
    fn is_rigid(&self) -> bool {
        true
    }
    /// A driven sphere holds its centre and, when it rotates, its rotation (which keeps its
    /// initial angular velocity, as a fixed sphere's).
    fn held_dofs(&self, out: &mut Vec<usize>) {
        if self.path.is_some() {
            out.extend(self.offset..self.offset + 3);
            out.extend(self.spin.into_iter().flat_map(|k| k..k + 3));
        }
    }
    fn apply_prescribed(&self, t: f64, q: &mut [f64]) {
        if let Some(p) = &self.path {
            q[self.offset..self.offset + 3].copy_from_slice(p.center(t).as_slice());
        }
    }
    fn orientation(&self) -> Option<UnitQuaternion<f64>> {
        Some(self.orientation)
    }
    fn set_orientation(&mut self, r: UnitQuaternion<f64>) {
        self.orientation = r;
    }
    /// `R ← exp(Δθ) R` with `Δθ = θ(q_new) − θ(q)`, or `Δθ = Δt ω` when the rotation is
    /// prescribed (its DOFs constrained), `ω` read from the new velocities `v`.
    fn commit_step(
        &mut self,
        dofs: &DofMap,
        q: &[f64],
        q_new: &[f64],
        v: &mut [f64],
        c: &Coefficients,
    ) {
        let dt = c.dt;
        let Some(k) = self.spin else { return };
        let d = if dofs.is_constrained(k) {
            self.omega(v) * dt
        } else {
            Vec3::new(
                q_new[k] - q[k],
                q_new[k + 1] - q[k + 1],
                q_new[k + 2] - q[k + 2],
            )
        };
        self.orientation = rotate(&self.orientation, &d);
    }
    fn dof_name(&self, k: usize) -> Option<String> {
        if (self.offset..self.offset + 3).contains(&k) {
            return Some(format!(
                "sphere \"{}\" ({})",
                self.name,
                axis(k - self.offset)
            ));
        }
        let r = self.spin.filter(|r| (*r..*r + 3).contains(&k))?;
        Some(format!(
            "sphere \"{}\" (rotation {})",
            self.name,
            axis(k - r)
        ))
    }
    fn shape(&self, q: &[f64], v: &[f64]) -> Option<Shape<'_>> {
        let o = &self.orientation;
        Some(Shape::Sphere {
            center: self.center(q),
            radius: self.radius,
            velocity: self.center(v),
            angular_velocity: self.omega(v),
            orientation: [o.w, o.i, o.j, o.k],
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inertia_is_two_fifths_m_r_squared() {
        let m = Material::from_poisson(1e6, 0.5, 2500.0);
        let s = Sphere::new("s", 0.01, m);
        let mass = 2500.0 * 4.0 / 3.0 * std::f64::consts::PI * 1e-6;
        assert!((s.mass() - mass).abs() < 1e-15);
        assert!((s.inertia() - 0.4 * mass * 1e-4).abs() < 1e-18);
    }

    #[test]
    fn step_rotations_compose_in_the_world_frame() {
        // A quarter turn about z then a quarter turn about x maps e_x to e_z.
        let q = rotate(
            &UnitQuaternion::identity(),
            &Vec3::new(0.0, 0.0, 0.5 * std::f64::consts::PI),
        );
        let q = rotate(&q, &Vec3::new(0.5 * std::f64::consts::PI, 0.0, 0.0));
        let e = q * Vec3::x();
        assert!((e - Vec3::z()).norm() < 1e-12, "{e}");
    }
}
