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
    /// Load stop of the translation (N): once the contact force against the motion,
    /// `−F·V̂`, reaches it at the end of a step, the translation stops — its window ends one
    /// `ramp` later, decelerating over the ramp — and the body holds where it stopped
    /// (a load-controlled piston: compress until the stress is reached, then hold).
    pub stop_load: Option<f64>,
    /// Tolerance of the load stop, relative to `stop_load`: a step that ends with the load
    /// above `stop_load (1 + tol)` while the translation still runs has passed the stop by too
    /// much, and the adaptive step retries it at half Δt (event location by bisection of the
    /// step, down to `time.min_dt`), so the piston stops within the tolerance of its load
    /// however fast it approaches; `None`: the first step past the load stops it, whatever its
    /// overshoot.
    pub stop_tolerance: Option<f64>,
    /// Rotation: unit axis `a`, a point `p` on it at `t = 0` (m), rate `Ω` (rad/s) and window.
    pub rotate: Option<(Vec3, Vec3, f64, Option<Window>)>,
}

/// A load-controlled translation along one coordinate axis (a servo-controlled piston): the
/// centre's DOF along `axis` is free, its other DOFs and its rotation are held; the body is
/// pushed by `force` (N, along the axis, staged by `window`) and resisted by a dashpot
/// `−resistance · v` (N·s/m) besides its contacts (and its weight under gravity). It
/// approaches at most at `|force|/resistance` and comes to rest where its contacts carry the
/// force: the load is reached at equilibrium, not at a step.
#[derive(Debug, Clone, PartialEq)]
pub struct LoadedMotion {
    /// The free axis of the centre: 0, 1 or 2 (x, y, z).
    pub axis: usize,
    /// The pushing force (N), along the axis.
    pub force: Vec3,
    /// Resistance of the dashpot (N·s/m).
    pub resistance: f64,
    /// When the force acts (`None`: always, at full strength).
    pub window: Option<Window>,
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
    /// Pushed by a load along one axis, free along it only.
    Loaded(LoadedMotion),
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

impl PrescribedMotion {
    /// Applies the load stop ([`PrescribedMotion::stop_load`]) at the end of the step at time
    /// `t` (s) with contact force `force` (N) on the body; returns whether the translation
    /// stopped now.
    pub fn stop_on_load(&mut self, t: f64, force: &Vec3) -> bool {
        let Some(limit) = self.stop_load else {
            return false;
        };
        let Some((v, Some(w))) = &mut self.translate else {
            return false;
        };
        let speed = v.norm();
        if speed == 0.0 || t <= w.start || w.end <= t + w.ramp || -force.dot(v) / speed < limit {
            return false;
        }
        w.end = (t + w.ramp).max(w.start + 2.0 * w.ramp);
        true
    }

    /// Whether the translation still runs at the end of a step ending at `t` (s) with contact
    /// force `force` (N) on the body, and the load against it has passed `stop_load` by more
    /// than the tolerance ([`PrescribedMotion::stop_tolerance`]): returns the load (N).
    pub fn overshoot(&self, t: f64, force: &Vec3) -> Option<f64> {
        let (limit, tol) = (self.stop_load?, self.stop_tolerance?);
        let (v, Some(w)) = self.translate.as_ref()? else {
            return None;
        };
        let speed = v.norm();
        if speed == 0.0 || t <= w.start || w.end <= t + w.ramp {
            return None;
        }
        let load = -force.dot(v) / speed;
        (load > limit * (1.0 + tol)).then_some(load)
    }

    /// The end of the translation's window when a load stop may move it (checkpoints): `None`
    /// without a load stop.
    pub fn stop_state(&self) -> Option<f64> {
        self.stop_load?;
        self.translate.as_ref()?.1.as_ref().map(|w| w.end)
    }

    /// Restores what [`PrescribedMotion::stop_state`] saved.
    pub fn set_stop_state(&mut self, end: f64) {
        if let Some((_, Some(w))) = &mut self.translate {
            w.end = end;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A piston moving down at 1 cm/s stops once the force against it reaches the load: its
    /// window ends one ramp later and the pose is continuous; a smaller force or a stop
    /// already set changes nothing.
    #[test]
    fn load_stop_ends_the_translation_one_ramp_later() {
        let mut m = PrescribedMotion {
            translate: Some((
                Vec3::new(0.0, 0.0, -0.01),
                Some(Window::new(0.0, f64::INFINITY, 0.02).unwrap()),
            )),
            rotate: None,
            stop_load: Some(4.0),
            stop_tolerance: None,
        };
        let c0 = Vec3::zeros();
        assert!(!m.stop_on_load(0.5, &Vec3::new(0.0, 0.0, 3.9)));
        let before = m.pose(&c0, 0.5).0;
        assert!(m.stop_on_load(0.5, &Vec3::new(0.0, 0.0, 4.1)));
        assert_eq!(m.pose(&c0, 0.5).0, before);
        let held = m.pose(&c0, 0.52).0;
        assert_eq!(m.pose(&c0, 1.0).0, held);
        // Decelerating over the ramp: half of 0.02 s at full speed.
        assert!((held.z - before.z + 0.01 * 0.01).abs() < 1e-15);
        assert!(!m.stop_on_load(0.6, &Vec3::new(0.0, 0.0, 10.0)));
        assert_eq!(m.stop_state(), Some(0.52));
    }

    /// With a tolerance, a load past `stop_load (1 + tol)` while the piston still runs is an
    /// overshoot; within the tolerance, without one, or once stopped, it is not.
    #[test]
    fn overshoot_is_a_load_past_the_tolerance_while_running() {
        let mut m = PrescribedMotion {
            translate: Some((
                Vec3::new(0.0, 0.0, -0.01),
                Some(Window::new(0.0, f64::INFINITY, 0.0).unwrap()),
            )),
            rotate: None,
            stop_load: Some(4.0),
            stop_tolerance: Some(0.01),
        };
        assert_eq!(m.overshoot(0.5, &Vec3::new(0.0, 0.0, 4.03)), None);
        assert_eq!(m.overshoot(0.5, &Vec3::new(0.0, 0.0, 4.5)), Some(4.5));
        assert_eq!(m.overshoot(0.5, &Vec3::new(0.0, 0.0, -4.5)), None);
        assert!(m.stop_on_load(0.5, &Vec3::new(0.0, 0.0, 4.03)));
        assert_eq!(m.overshoot(0.6, &Vec3::new(0.0, 0.0, 9.0)), None);
        m.stop_tolerance = None;
        m.set_stop_state(f64::INFINITY);
        assert_eq!(m.overshoot(0.6, &Vec3::new(0.0, 0.0, 9.0)), None);
    }
}
