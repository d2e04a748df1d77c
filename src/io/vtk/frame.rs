//! What one frame draws: rods, spheres and shells, with their motion.

use crate::math::Vec3;

/// A rod drawn as a polyline through its nodes, with a uniform cross-section radius.
#[derive(Debug, Clone, Copy)]
pub struct PolylineBody<'a> {
    /// Display name (written into an XML comment).
    pub name: &'a str,
    /// Node positions \[m\], in order along the rod. A rod with no points is skipped.
    pub points: &'a [Vec3],
    /// Cross-section radius \[m\].
    pub radius: f64,
    /// Node velocities \[m/s\], one per point (empty: written as zero).
    pub velocities: &'a [Vec3],
}

/// A rigid sphere (or particle) drawn as a vertex carrying its radius.
#[derive(Debug, Clone, Copy)]
pub struct SphereBody {
    /// Centre position \[m\].
    pub center: Vec3,
    /// Radius \[m\].
    pub radius: f64,
    /// Velocity of the centre \[m/s\].
    pub velocity: Vec3,
    /// Angular velocity ω \[rad/s\], world frame.
    pub angular_velocity: Vec3,
    /// Orientation as a unit quaternion `(w, x, y, z)` (rotation from the initial pose).
    pub orientation: [f64; 4],
    /// Virial stress \[Pa\], row-major 3 × 3, when a chain has `Assemble_VirialStress`.
    pub virial_stress: Option<[f64; 9]>,
    /// Contact area \[m²\], when a chain has `Assemble_ContactArea_1` or `_2`.
    pub contact_area: Option<f64>,
}

impl SphereBody {
    /// A sphere at rest in its initial orientation.
    pub fn at_rest(center: Vec3, radius: f64) -> Self {
        Self {
            center,
            radius,
            velocity: Vec3::zeros(),
            angular_velocity: Vec3::zeros(),
            orientation: [1.0, 0.0, 0.0, 0.0],
            virial_stress: None,
            contact_area: None,
        }
    }
}

/// A triangle-mesh body (a shell): its node positions and triangles (0-based node indices).
#[derive(Debug, Clone, Copy)]
pub struct MeshBody<'a> {
    /// Name (written in the file's header comment).
    pub name: &'a str,
    /// Node positions \[m\].
    pub points: &'a [Vec3],
    /// Triangles.
    pub triangles: &'a [[u32; 3]],
    /// Thickness \[m\], written as twice the points' radius.
    pub thickness: f64,
    /// Node velocities \[m/s\], one per point (empty: written as zero).
    pub velocities: &'a [Vec3],
    /// Contact traction on each triangle \[Pa\] (a cell's, see
    /// [`crate::contact::cell_tractions`]); written as cell data `traction` when some shell of
    /// the frame has it.
    pub traction: Option<&'a [Vec3]>,
    /// Spring tension at each node (N/m: `Assemble_SpringTension`, see
    /// [`crate::contact::spring_tensions`]); written as point data `spring_tension` when some
    /// shell of the frame has it.
    pub tension: Option<&'a [f64]>,
}

/// Everything drawn in one output frame.
#[derive(Debug, Clone, Copy)]
pub struct Frame<'a> {
    /// Simulated time of the frame \[s\].
    pub time: f64,
    /// Rods, in body-index order.
    pub rods: &'a [PolylineBody<'a>],
    /// Spheres; their body indices follow the rods'.
    pub spheres: &'a [SphereBody],
    /// Shells (polygons); their points and body indices follow the spheres'.
    pub shells: &'a [MeshBody<'a>],
}
