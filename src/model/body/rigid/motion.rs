//! How a rigid body moves: free (6 DOFs under its forces), fixed, or along a prescribed path —
//! a translation at a velocity and a rotation at a rate about an axis through a point, each
//! with an optional staged window (`start`, `end`, `ramp`: [`Window`]) — LIGGGHTS'
//! `move/mesh` for walls, pistons and drums.

use crate::math::{Vec3, rotate_about_axis};
use crate::model::Window;

/// A prescribed rigid motion from the pose at `t = 0`: the centre of mass at
/// `c(t) = p + V s_T(t) + Rot(a, Ω s_R(t))(c₀ − p)` and the rotation `exp(Ω s_R(t) a) R₀`, with
/// `s(t) = t` without a window and `s(t) = A(t)` (the window's envelope integral) with one.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct PrescribedMotion {
    /// Translation: velocity `V` (m/s) and its window.
    pub translate: Option<(Vec3, Option<Window>)>,
    /// Rotation: unit axis `a`, a point `p` on it at `t = 0` (m), rate `Ω` (rad/s) and window.
    pub rotate: Option<(Vec3, Vec3, f64, Option<Window>)>,
}

/// A rigid body's motion.
#[derive(Debug, Clone, PartialEq)]
pub enum RigidMotion {
    /// Six free DOFs, driven by its forces and torques.
    Free,
    /// Held at its initial pose.
    Fixed,
    /// Along a prescribed path.
    Prescribed(PrescribedMotion),
}

fn elapsed(t: f64, window: &Option<Window>) -> f64 {
    window.as_ref().map_or(t, |w| w.integral(t))
}

impl PrescribedMotion {
    /// The centre of mass (m) and the rotation vector `θ` (rad, from the initial pose) at time
    /// `t` (s), for the initial centre `c0`.
    pub fn pose(&self, c0: &Vec3, t: f64) -> (Vec3, Vec3) {
        let mut c = *c0;
        let mut theta = Vec3::zeros();
        if let Some((axis, point, rate, w)) = &self.rotate {
            let angle = rate * elapsed(t, w);
            c = point + rotate_about_axis(&(c0 - point), axis, angle);
            theta = axis * angle;
        }
        if let Some((velocity, w)) = &self.translate {
            c += velocity * elapsed(t, w);
        }
        (c, theta)
    }
}
