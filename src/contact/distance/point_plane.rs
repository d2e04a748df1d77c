//! Signed point–plane distance (rigid walls and floors).
//!
//! For the plane through `o` with unit normal `n`: `Δ = (p − o)·n`, `∇Δ = n`, `∇²Δ = 0`.

use super::point_point::{ContactType, Distance};
use crate::math::Vec3;

/// Signed distance `Δ = (p − o)·n` of the point `p` to the plane through `origin` with unit normal
/// `unit_normal`, with derivatives with respect to `p` (3 coordinates): `∇Δ = n`, `∇²Δ = 0`.
///
/// `Δ > 0` on the side `n` points to. `closest = [p, p − Δ n]` (the projection of `p` onto the
/// plane), `params = [0, 0]`, `kind = PointPlane`. `unit_normal` must have unit length (checked in
/// debug builds to 1e-6); it is not renormalised. Unlike the other kernels the gradient is defined
/// (and returned) at `Δ = 0`. `hessian` is accepted for uniformity; the Hessian is always zero.
pub fn point_plane(p: &Vec3, origin: &Vec3, unit_normal: &Vec3, hessian: bool) -> Distance<3> {
    let _ = hessian;
    debug_assert!(
        (unit_normal.norm_squared() - 1.0).abs() < 1e-6,
        "point_plane: normal {unit_normal:?} is not a unit vector"
    );
    let dist = (p - origin).dot(unit_normal);
    let mut out = Distance::zero();
    out.distance = dist;
    out.closest = [*p, p - unit_normal * dist];
    out.kind = ContactType::PointPlane;
    out.grad = *unit_normal;
    out
}

#[cfg(test)]
mod tests {
    use nalgebra::SVector;

    use super::super::test_support::{fd_check, v3};
    use super::*;
    use crate::verify::Rng;

    #[test]
    fn point_plane_fd_and_values() {
        let mut rng = Rng::new(41);
        let mut worst = (0.0f64, 0.0f64);
        for _ in 0..100 {
            let o = rng.vector(1.0);
            let n = rng.direction();
            let f = move |x: &SVector<f64, 3>, h: bool| point_plane(&v3(x, 0), &o, &n, h);
            let p = rng.vector(2.0);
            let d = f(&p, true);
            assert!((d.distance - (p - o).dot(&n)).abs() < 1e-15);
            assert!((d.closest[1] - o).dot(&n).abs() < 1e-14);
            assert_eq!(d.grad, n);
            let e = fd_check(&f, &p, 1e-6);
            worst = (worst.0.max(e.0), worst.1.max(e.1));
        }
        println!(
            "point_plane FD worst rel err: grad {:.2e}, hess {:.2e}",
            worst.0, worst.1
        );
        assert!(worst.0 < 1e-6 && worst.1 < 1e-6, "{worst:?}");
        // Signed: below the plane is negative.
        let d = point_plane(&Vec3::new(0.0, 0.0, -0.5), &Vec3::zeros(), &Vec3::z(), true);
        assert_eq!(d.distance, -0.5);
        assert_eq!(d.closest[1], Vec3::zeros());
    }
}
