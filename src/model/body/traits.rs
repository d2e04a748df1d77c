//! The [`Body`] trait: what every kind of body (rod, shell, sphere, plane, rigid body) tells
//! the rest of catena, implemented once per kind in the kind's own file or folder.
//!
//! The kind-specific parts — the elastic stencils of rods, the contact primitives of a shell's
//! mesh, a rod's boundary conditions — read the typed lists of [`super::Bodies`]; everything
//! that treats bodies alike (gravity, the node numbering of external forces, the block
//! preconditioner, frames, checkpoints, the orientation update, the names of DOFs in messages)
//! goes through this trait, so that it never loops over kinds by hand.

use super::shape::Shape;
use crate::math::{Mat3, Vec3};
use crate::model::DofMap;
use crate::time::Coefficients;
use nalgebra::UnitQuaternion;

/// Which kind a body is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum BodyKind {
    /// A Discrete Elastic Rod.
    Rod,
    /// A triangle-mesh shell.
    Shell,
    /// A rigid sphere.
    Sphere,
    /// A static plane.
    Plane,
    /// A rigid body with a triangle-mesh surface.
    Rigid,
}

impl BodyKind {
    /// The word used in messages (`rod "a"`).
    pub fn word(self) -> &'static str {
        match self {
            Self::Rod => "rod",
            Self::Shell => "shell",
            Self::Sphere => "sphere",
            Self::Plane => "plane",
            Self::Rigid => "rigid body",
        }
    }

    /// The plural of [`BodyKind::word`] (`rigid bodies`).
    pub fn plural(self) -> &'static str {
        match self {
            Self::Rod => "rods",
            Self::Shell => "shells",
            Self::Sphere => "spheres",
            Self::Plane => "planes",
            Self::Rigid => "rigid bodies",
        }
    }
}

/// One body of a model.
///
/// A body owns a set of global DOFs (its *nodes*: three consecutive coordinates each, and
/// possibly further DOFs — a rod's twists, a shell's mid-edge rotations, a rotating body's
/// rotation vector). The model's node numbering lists every body's nodes in body order; the
/// lumped mass of a node is what gravity weighs.
pub trait Body: std::fmt::Debug + Send + Sync {
    /// Its kind.
    fn kind(&self) -> BodyKind;
    /// Its name in the scene.
    fn name(&self) -> &str;
    /// Number of nodes it adds to the model's node numbering.
    fn n_nodes(&self) -> usize;
    /// First global DOF of node `i` (its three coordinates are consecutive).
    fn node_dof(&self, i: usize) -> usize;
    /// Lumped mass of node `i` (kg).
    fn node_mass(&self, i: usize) -> f64;
    /// Density of its material (kg/m³), for buoyancy.
    fn density(&self) -> f64;
    /// First of the three rotational DOFs `θ` of a body that rotates as a whole (a rotating
    /// sphere, a rigid body), whose velocity is the angular velocity `ω` (rad/s).
    fn rotation_dof(&self) -> Option<usize> {
        None
    }
    /// Whether the body is rigid (no internal energy: spheres, planes, rigid bodies).
    fn is_rigid(&self) -> bool;
    /// Its shortest rest length (m): the scale of Newton's step tolerance. A rod's or shell's
    /// (or cell's) shortest rest edge; `None` for a body that is not discretised (a plane, a
    /// sphere, a rigid body). Scenes without a discretised body use 1 m, or 1000 times the
    /// smallest sphere radius where that is shorter (micrometre particles): at 1e-8 of a
    /// sphere's radius the step test could not be met where a contact law is not smooth at
    /// onset (the exact `δ^{1/4}` damping of `N_HertzRestitution`, whose root at an impact
    /// under implicit Euler lies within 1e-13 m of first touch), and granular steps rely on it
    /// there.
    fn rest_length_scale(&self) -> Option<f64> {
        None
    }
    /// Whether its internal forces use reference frames carried from iterate to iterate (a
    /// rod's), so that an iterate's evaluation depends on how it was reached.
    fn has_reference_frames(&self) -> bool {
        false
    }
    /// Whether its natural shape changes with time (curvature ramps, hinge actuation).
    fn is_actuated(&self) -> bool {
        false
    }
    /// Sets its natural shape for time `t` (s).
    fn actuate(&mut self, _t: f64) {}
    /// Its orientation (rotation from the initial pose), for bodies that rotate as a whole.
    fn orientation(&self) -> Option<UnitQuaternion<f64>> {
        None
    }
    /// Sets the orientation (checkpoints); a no-op for bodies without one.
    fn set_orientation(&mut self, _r: UnitQuaternion<f64>) {}
    /// Ends an accepted step from `q` to `q_new` planned with coefficients `c` (its Δt and
    /// scheme), with the new velocities `v` (the integrator's, which a body that integrates
    /// its own rotation may correct): the orientation update of rotating bodies.
    fn commit_step(
        &mut self,
        _dofs: &DofMap,
        _q: &[f64],
        _q_new: &[f64],
        _v: &mut [f64],
        _c: &Coefficients,
    ) {
    }
    /// DOFs the body holds by itself (a fixed or prescribed rigid body's six), constrained when
    /// the model is finalized.
    fn held_dofs(&self, _out: &mut Vec<usize>) {}
    /// The first of three DOFs whose inertial rows the body writes itself
    /// ([`Body::inertia_rows`]) instead of a diagonal mass (a rigid body's rotation).
    fn own_inertia_dof(&self) -> Option<usize> {
        None
    }
    /// The inertial rows of [`Body::own_inertia_dof`] for the step planned with coefficients
    /// `c` from `q_start`, at the unknown `q` with DOF velocities `v` (see
    /// [`crate::model::body::rigid::momentum`]): the residual part (N·m) and its derivative
    /// over those DOFs.
    fn inertia_rows(
        &self,
        _c: &Coefficients,
        _q_start: &[f64],
        _q: &[f64],
        _v: &[f64],
    ) -> Option<(Vec3, Mat3)> {
        None
    }
    /// Kinetic energy not in the diagonal mass `½ Σ mₖ vₖ²` (J): a rigid body's `½ ω·I_w ω`.
    fn extra_kinetic_energy(&self, _v: &[f64]) -> f64 {
        0.0
    }
    /// Writes the DOFs of a prescribed motion at time `t` (s) into `q` (nothing for bodies
    /// without one).
    fn apply_prescribed(&self, _t: f64, _q: &mut [f64]) {}
    /// Step-to-step state beyond the DOFs and the orientation (checkpoints): a rigid body's
    /// angular momentum of the step before (BDF2).
    fn extra_state(&self) -> Vec<f64> {
        Vec::new()
    }
    /// Restores what [`Body::extra_state`] saved.
    fn restore_extra_state(&mut self, _state: &[f64]) -> Result<(), String> {
        Ok(())
    }
    /// A readable name of global DOF `k`, if it is one of this body's (`rod "a" node 3 (y)`).
    fn dof_name(&self, k: usize) -> Option<String>;
    /// What an output frame draws of it at `(q, v)`; `None` for bodies not drawn.
    fn shape(&self, q: &[f64], v: &[f64]) -> Option<Shape<'_>>;

    /// Radius of the matter around each node (m): a rod's cross-section, a sphere's radius, half
    /// a shell's thickness; what [`Body::bounds`] adds around the nodes.
    fn node_radius(&self) -> f64 {
        0.0
    }
    /// The axis-aligned box `(lo, hi)` around the body at `q` (m): its nodes grown by
    /// [`Body::node_radius`]; `None` without nodes.
    fn bounds(&self, q: &[f64]) -> Option<(Vec3, Vec3)> {
        let r = Vec3::repeat(self.node_radius());
        (0..self.n_nodes())
            .map(|i| self.node_position(q, i))
            .map(|p| (p - r, p + r))
            .reduce(|(a, b), (c, d)| (a.inf(&c), b.sup(&d)))
    }
    /// Position of node `i` in configuration `q` (m).
    fn node_position(&self, q: &[f64], i: usize) -> Vec3 {
        let d = self.node_dof(i);
        Vec3::new(q[d], q[d + 1], q[d + 2])
    }
    /// The first DOF of every three-DOF block of the body (nodes, then the rotation), for
    /// block preconditioners.
    fn dof_triples(&self, out: &mut Vec<usize>) {
        out.extend((0..self.n_nodes()).map(|i| self.node_dof(i)));
        out.extend(self.rotation_dof());
    }
}

/// `"x"`, `"y"` or `"z"` for coordinate `c`.
pub(crate) fn axis(c: usize) -> &'static str {
    ["x", "y", "z"][c]
}
