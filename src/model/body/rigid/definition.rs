//! [`RigidBody`]: a rigid body with a triangle-mesh surface — its mass properties, its pose
//! (centre of mass and orientation) and its motion.
//!
//! DOFs: the centre of mass `c` (3, m) and a world-frame rotation vector `θ` (3, rad) whose
//! velocity is the angular velocity `ω` (rad/s); the orientation is `R = exp(θ − θₙ) Rₙ` within
//! a step and is committed with each accepted step. The translation rows carry the mass on the
//! diagonal like any node; the rotation rows carry the angular-momentum equation of
//! [`super::momentum`] (the full inertia tensor, the gyroscopic term), written by the body
//! itself ([`crate::model::Body::inertia_rows`]).

use super::momentum::RotationState;
use super::motion::RigidMotion;
use super::rotation::exp_map;
use crate::math::{Mat3, Vec3};
use crate::model::{Material, TriMesh};
use nalgebra::UnitQuaternion;

/// A rigid body.
#[derive(Debug, Clone)]
pub struct RigidBody {
    /// Name given in the scene.
    pub name: String,
    /// The surface in the body frame: vertices relative to the centre of mass, in the initial
    /// orientation (m).
    pub surface: TriMesh,
    /// The surface's unique edges (vertex pairs, lower index first), in order of first use.
    pub edges: Vec<[u32; 2]>,
    /// The triangles around each vertex, ascending.
    pub vertex_triangles: Vec<Vec<u32>>,
    /// Whether the surface is closed (a solid; otherwise a wall, which cannot move freely).
    pub closed: bool,
    /// Mass (kg).
    pub mass: f64,
    /// Inertia tensor about the centre of mass in the body frame (kg·m²).
    pub inertia: Mat3,
    /// Material as contact laws see it (E, ν) and its density (buoyancy).
    pub material: Material,
    /// Contact radius of the surface (m): its triangles are swept by it (0: sharp).
    pub skin: f64,
    /// How it moves.
    pub motion: RigidMotion,
    /// Centre of mass at `t = 0` (m), the origin of a prescribed path.
    pub initial_center: Vec3,
    /// First of the three DOFs of the centre of mass.
    pub offset: usize,
    /// First of the three rotation DOFs `θ`.
    pub rotation: usize,
    /// Global node number of the centre of mass.
    pub node: usize,
    /// Committed orientation `Rₙ` and the step's rotational state.
    pub state: RotationState,
    /// The rotation DOFs' values when `Rₙ` was committed (rad).
    pub theta_committed: Vec3,
}

impl RigidBody {
    /// The world position of every surface vertex at configuration `q` (m).
    pub fn surface_points(&self, q: &[f64]) -> Vec<Vec3> {
        let (c, r) = self.pose(q);
        self.surface.nodes.iter().map(|p| c + r * p).collect()
    }

    /// The step rotation `φ = θ − θₙ` at `q` (rad).
    pub fn step_rotation(&self, q: &[f64]) -> Vec3 {
        let k = self.rotation;
        Vec3::new(q[k], q[k + 1], q[k + 2]) - self.theta_committed
    }

    /// Centre of mass and orientation at `q` (`R = exp(θ − θₙ) Rₙ`).
    pub fn pose(&self, q: &[f64]) -> (Vec3, UnitQuaternion<f64>) {
        (
            self.center(q),
            exp_map(&self.step_rotation(q)) * self.state.orientation,
        )
    }

    /// Centre of mass at `q` (m).
    pub fn center(&self, q: &[f64]) -> Vec3 {
        Vec3::new(q[self.offset], q[self.offset + 1], q[self.offset + 2])
    }

    /// Angular velocity in the velocity vector `v` (rad/s).
    pub fn omega(&self, v: &[f64]) -> Vec3 {
        let k = self.rotation;
        Vec3::new(v[k], v[k + 1], v[k + 2])
    }

    /// The triangles that contain every vertex of `feature` (one vertex, or an edge's two).
    pub fn triangles_around(&self, feature: &[u32]) -> Vec<u32> {
        let Some((&first, rest)) = feature.split_first() else {
            return Vec::new();
        };
        self.vertex_triangles[first as usize]
            .iter()
            .copied()
            .filter(|&t| {
                rest.iter()
                    .all(|v| self.vertex_triangles[*v as usize].contains(&t))
            })
            .collect()
    }

    /// Whether the body moves freely (its DOFs are solved for).
    pub fn is_free(&self) -> bool {
        self.motion == RigidMotion::Free
    }
}
