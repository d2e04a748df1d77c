//! [`Shape`]: what an output frame draws of a body — a polyline with a radius (rods), a sphere
//! with its rotation, or a triangle mesh (shells, rigid surfaces) — at one state.

use crate::math::Vec3;

/// A body as drawn in one frame (positions in m, velocities in m/s).
#[derive(Debug, Clone, PartialEq)]
pub enum Shape<'a> {
    /// A tube: node positions in order, node velocities, cross-section radius.
    Polyline {
        /// Node positions.
        points: Vec<Vec3>,
        /// Node velocities.
        velocities: Vec<Vec3>,
        /// Cross-section radius (m).
        radius: f64,
    },
    /// A sphere.
    Sphere {
        /// Centre.
        center: Vec3,
        /// Radius (m).
        radius: f64,
        /// Velocity of the centre.
        velocity: Vec3,
        /// Angular velocity ω (rad/s, world frame).
        angular_velocity: Vec3,
        /// Orientation as a unit quaternion `(w, x, y, z)` (rotation from the initial pose).
        orientation: [f64; 4],
    },
    /// A triangle mesh.
    Mesh {
        /// Vertex positions.
        points: Vec<Vec3>,
        /// Vertex velocities.
        velocities: Vec<Vec3>,
        /// Triangles (0-based vertex indices).
        triangles: &'a [[u32; 3]],
        /// Thickness (m), drawn as twice the points' radius.
        thickness: f64,
    },
}
