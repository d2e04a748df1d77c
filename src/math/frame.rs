//! Frame operations of Discrete Elastic Rods (Bergou et al. 2008, §4; seed 001 §2).
//!
//! * parallel transport `P_{t1→t2}(u)`: the rotation about `t1 × t2` that maps `t1` onto `t2`,
//!   applied to `u` (the "space-parallel" and "time-parallel" transports of DER are both this map);
//! * signed angle between two vectors about an axis;
//! * Rodrigues rotation about an axis.

use super::{Mat3, Vec3};

/// Parallel-transports `u` from the unit tangent `t1` to the unit tangent `t2`.
///
/// The transport is the rotation about `t1 × t2` by the angle between `t1` and `t2`, written
/// without normalising the axis (so it stays accurate to round-off for tiny rotations, as in
/// Newton iterations and finite differences): with `b = t1 × t2`, `c = t1·t2`,
/// `P(u) = c u + b × u + (b·u) b/(1 + c)`. For `t2 = −t1` the transport is undefined; callers
/// never request it for rod tangents of consecutive time steps or consecutive edges (that
/// would be a fold-back of the rod), and `u` is returned unchanged.
pub fn parallel_transport(u: &Vec3, t1: &Vec3, t2: &Vec3) -> Vec3 {
    let b = t1.cross(t2);
    let c = t1.dot(t2);
    if 1.0 + c < 1e-14 {
        return *u;
    }
    u * c + b.cross(u) + b * (b.dot(u) / (1.0 + c))
}

/// Signed angle (radians, in (−π, π]) from `u` to `v`, measured about the axis `n`.
pub fn signed_angle(u: &Vec3, v: &Vec3, n: &Vec3) -> f64 {
    let w = u.cross(v);
    let angle = w.norm().atan2(u.dot(v));
    if n.dot(&w) < 0.0 { -angle } else { angle }
}

/// Rotates `v` about the unit `axis` by `angle` radians (Rodrigues' formula).
pub fn rotate_about_axis(v: &Vec3, axis: &Vec3, angle: f64) -> Vec3 {
    let (s, c) = angle.sin_cos();
    v * c + axis.cross(v) * s + axis * (axis.dot(v) * (1.0 - c))
}

/// A unit vector orthogonal to the unit vector `t` (deterministic choice).
pub fn unit_normal_to(t: &Vec3) -> Vec3 {
    // Cross with the coordinate axis least aligned with t.
    let a = if t.x.abs() <= t.y.abs() && t.x.abs() <= t.z.abs() {
        Vec3::x()
    } else if t.y.abs() <= t.z.abs() {
        Vec3::y()
    } else {
        Vec3::z()
    };
    t.cross(&a).normalize()
}

/// The matrix `[a]×` with `[a]× v = a × v`.
pub fn cross_matrix(a: &Vec3) -> Mat3 {
    Mat3::new(0.0, -a.z, a.y, a.z, 0.0, -a.x, -a.y, a.x, 0.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn transport_maps_tangent_and_preserves_angles() {
        let t1 = Vec3::new(1.0, 0.2, -0.3).normalize();
        let t2 = Vec3::new(-0.1, 1.0, 0.4).normalize();
        let d = unit_normal_to(&t1);
        let pd = parallel_transport(&d, &t1, &t2);
        assert!((parallel_transport(&t1, &t1, &t2) - t2).norm() < 1e-14);
        assert!(pd.dot(&t2).abs() < 1e-14);
        assert!((pd.norm() - 1.0).abs() < 1e-14);
    }

    #[test]
    fn transport_is_accurate_for_tiny_rotations() {
        let t1 = Vec3::new(0.3, -0.2, 0.9).normalize();
        let t2 = (t1 + Vec3::new(1e-7, 2e-7, -1e-7)).normalize();
        let d = unit_normal_to(&t1);
        let pd = parallel_transport(&d, &t1, &t2);
        assert!(pd.dot(&t2).abs() < 1e-16);
        assert!((pd.norm() - 1.0).abs() < 1e-15);
    }

    #[test]
    fn signed_angle_and_rotation_agree() {
        let axis = Vec3::new(0.3, -0.4, 0.5).normalize();
        let u = unit_normal_to(&axis);
        for &a in &[-3.0, -1.0, 0.0, 0.5, 2.9] {
            let v = rotate_about_axis(&u, &axis, a);
            assert!((signed_angle(&u, &v, &axis) - a).abs() < 1e-12);
        }
    }

    #[test]
    fn cross_matrix_is_cross_product() {
        let a = Vec3::new(1.0, 2.0, 3.0);
        let v = Vec3::new(-0.5, 0.1, 4.0);
        assert!((cross_matrix(&a) * v - a.cross(&v)).norm() < 1e-14);
    }
}
