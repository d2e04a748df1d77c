//! Point–segment distance: point–edge (seed 001 Eq. 12) or point–point (Eq. 11).
//!
//! With `e = b − a`, `r = p − a`, `L² = e·e`, the parameter of the foot of `p` on the line `ab` is
//! `β = r·e / L²`. Clamped to `[0, 1]`:
//!
//! * `β ≤ 0` → PP with `a`; `β ≥ 1` → PP with `b` (Eq. 11, derivatives scattered to `[p, a]`
//!   resp. `[p, b]`);
//! * otherwise PE: `d = r − β e`, `Δ = ‖d‖ = ‖r × e‖/‖e‖` (Eq. 12), `n = d/Δ`.
//!
//! PE derivatives (envelope theorem: `β` is stationary for `‖r − β e‖`). With the coefficient
//! vector `c = [1, β − 1, −β]` (so that `d = Σ cᵢ xᵢ` at fixed `β`) and `P = I − n nᵀ`:
//!
//! * `∇Δ = [n, (β − 1) n, −β n]`;
//! * `∇β = [e, (β − 1) e − d, d − β e] / L²`;
//! * `∇²Δ = (Σᵢⱼ cᵢ cⱼ P)/Δ − (L²/Δ) ∇β ∇βᵀ`, i.e. the Hessian at fixed `β` minus the
//!   Schur-complement correction for the minimisation over `β` (`∂²Δ/∂β² = L²/Δ`).
//!
//! `Δ` is C¹ across the PE/PP seams `β ∈ {0, 1}` (the gradient is continuous there, the
//! Hessian jumps).

use super::point_point::{
    ContactType, Distance, coord_scale, is_touching, point_point_into, projector,
};
use crate::math::Vec3;

/// A segment shorter than `DEGENERATE_REL ×` the configuration scale is treated as a point.
pub(super) const DEGENERATE_REL: f64 = 1e-14;

/// Point–segment distance written into `out` (assumed to have zero gradient and Hessian):
/// `p`, `a`, `b` are the local blocks 0, 1, 2, scattered to the 3-blocks `slots`. Sets
/// `distance`, `closest = [p, a + β(b − a)]`, `params = [0, β]` and `kind`.
#[inline]
pub(super) fn point_segment_into<const N: usize>(
    p: &Vec3,
    a: &Vec3,
    b: &Vec3,
    slots: [usize; 3],
    hessian: bool,
    out: &mut Distance<N>,
) {
    let e = b - a;
    let r = p - a;
    let l2 = e.norm_squared();
    let scale2 = l2.max(r.norm_squared());
    if l2 <= DEGENERATE_REL * DEGENERATE_REL * scale2 {
        point_point_into(p, a, [slots[0], slots[1]], hessian, out);
        return;
    }
    let beta = r.dot(&e) / l2;
    if beta <= 0.0 {
        point_point_into(p, a, [slots[0], slots[1]], hessian, out);
        return;
    }
    if beta >= 1.0 {
        point_point_into(p, b, [slots[0], slots[2]], hessian, out);
        out.params = [0.0, 1.0];
        return;
    }
    let d = r - e * beta;
    let dist = d.norm();
    out.distance = dist;
    out.closest = [*p, a + e * beta];
    out.params = [0.0, beta];
    out.kind = ContactType::PointEdge;
    if is_touching(dist, coord_scale(&[p, a, b])) {
        return;
    }
    let inv_d = 1.0 / dist;
    let n = d * inv_d;
    let c = [1.0, beta - 1.0, -beta];
    out.scatter_grad(&slots, |k| c[k / 3] * n[k % 3]);
    if hessian {
        // ∇β = [e, (β − 1)e − d, d − βe] / L².
        let inv_l2 = 1.0 / l2;
        let gb = [
            e * inv_l2,
            (e * (beta - 1.0) - d) * inv_l2,
            (d - e * beta) * inv_l2,
        ];
        let coef = l2 * inv_d;
        out.scatter_hess(&slots, |k, l| {
            (c[k / 3] * c[l / 3]) * (projector(&n, k % 3, l % 3) * inv_d)
                - coef * (gb[k / 3][k % 3] * gb[l / 3][l % 3])
        });
    }
}

/// Distance from the point `p` to the segment `ab` with derivatives with respect to
/// `[p, a, b]` (9 coordinates), seed 001 Eqs. 11–12.
///
/// `β = clamp((p − a)·(b − a)/‖b − a‖², 0, 1)`; `β ∈ (0, 1)` gives PE,
/// `Δ = ‖(p − a) × (b − a)‖/‖b − a‖`, `∇Δ = [n, (β − 1)n, −βn]` with `n` the unit vector from the
/// foot to `p`, and `∇²Δ = (Σ cᵢcⱼ (I − nnᵀ))/Δ − (L²/Δ)∇β∇βᵀ` (module docs); `β ∈ {0, 1}`
/// gives PP with `a` or `b` ([`point_point`](super::point_point)) scattered into the 9
/// coordinates.
///
/// `closest = [p, a + β(b − a)]`, `params = [0, β]`. A segment with
/// `‖b − a‖ ≤ 1e-14 · max(‖b − a‖, ‖p − a‖)` is treated as the point `a` (PP, `β = 0`).
/// Touching (`Δ = 0`) gives zero derivatives (see [`Distance`]). The Hessian is skipped when
/// `hessian` is false.
pub fn point_segment(p: &Vec3, a: &Vec3, b: &Vec3, hessian: bool) -> Distance<9> {
    let mut out = Distance::zero();
    point_segment_into(p, a, b, [0, 1, 2], hessian, &mut out);
    out
}

#[cfg(test)]
mod tests {
    use nalgebra::SVector;

    use super::super::test_support::{Worst, fd_check, kind_label, stack, v3};
    use super::*;
    use crate::verify::Rng;

    fn ps(x: &SVector<f64, 9>, h: bool) -> Distance<9> {
        point_segment(&v3(x, 0), &v3(x, 1), &v3(x, 2), h)
    }

    /// Point whose foot on `ab` has parameter `beta` (possibly outside [0, 1]) at distance `h`
    /// from the line.
    fn point_at(rng: &mut Rng, a: &Vec3, b: &Vec3, beta: f64, h: f64) -> Vec3 {
        let t = (b - a).normalize();
        a + (b - a) * beta + rng.perpendicular(&t) * h
    }

    #[test]
    fn point_segment_fd_random_and_per_regime() {
        let mut rng = Rng::new(21);
        let mut worst = Worst::default();
        // Random configurations (regime as it falls).
        let mut n = 0;
        while n < 300 {
            let p = rng.vector(1.0);
            let a = rng.vector(1.0);
            let b = rng.vector(1.0);
            let x = stack::<9>(&[p, a, b]);
            let d = ps(&x, false);
            // Keep away from Δ ≈ 0 and from the seams so that ±step stays in one regime.
            let beta = (p - a).dot(&(b - a)) / (b - a).norm_squared();
            if d.distance < 0.05 || (b - a).norm() < 0.1 || beta.abs() < 1e-3 {
                continue;
            }
            if (beta - 1.0).abs() < 1e-3 {
                continue;
            }
            worst.add(
                &format!("random {}", kind_label(d.kind)),
                fd_check(&ps, &x, 1e-6),
            );
            n += 1;
        }
        // Each regime explicitly, including 1e-3 inside/outside the seams β = 0 and β = 1.
        for _ in 0..50 {
            let a = rng.vector(1.0);
            let b = a + rng.direction() * rng.uniform(0.3, 2.0);
            let h = rng.uniform(0.05, 1.0);
            for (label, beta, kind) in [
                (
                    "PE interior",
                    rng.uniform(0.05, 0.95),
                    ContactType::PointEdge,
                ),
                (
                    "PP with a",
                    rng.uniform(-1.0, -0.05),
                    ContactType::PointPoint,
                ),
                ("PP with b", rng.uniform(1.05, 2.0), ContactType::PointPoint),
                ("PE 1e-3 inside β=0", 1e-3, ContactType::PointEdge),
                ("PP 1e-3 outside β=0", -1e-3, ContactType::PointPoint),
                ("PE 1e-3 inside β=1", 1.0 - 1e-3, ContactType::PointEdge),
                ("PP 1e-3 outside β=1", 1.0 + 1e-3, ContactType::PointPoint),
            ] {
                let p = point_at(&mut rng, &a, &b, beta, h);
                let x = stack::<9>(&[p, a, b]);
                assert_eq!(ps(&x, false).kind, kind, "{label}");
                worst.add(label, fd_check(&ps, &x, 1e-6));
            }
        }
        worst.report("point_segment", 1e-6);
    }

    #[test]
    fn point_segment_values() {
        let a = Vec3::new(0.0, 0.0, 0.0);
        let b = Vec3::new(2.0, 0.0, 0.0);
        let d = point_segment(&Vec3::new(0.5, 3.0, 4.0), &a, &b, true);
        assert_eq!(d.kind, ContactType::PointEdge);
        assert!((d.distance - 5.0).abs() < 1e-15);
        assert!((d.params[1] - 0.25).abs() < 1e-15);
        assert!((d.closest[1] - Vec3::new(0.5, 0.0, 0.0)).norm() < 1e-15);
        // Eq. 12 form: ‖(p − a) × (b − a)‖ / ‖b − a‖.
        let p = Vec3::new(0.7, -0.3, 1.1);
        let eq12 = (p - a).cross(&(b - a)).norm() / (b - a).norm();
        assert!((point_segment(&p, &a, &b, false).distance - eq12).abs() < 1e-15);
        // PP beyond the ends.
        let d = point_segment(&Vec3::new(3.0, 0.0, 1.0), &a, &b, true);
        assert_eq!(d.kind, ContactType::PointPoint);
        assert_eq!(d.params, [0.0, 1.0]);
        assert!((d.distance - 2f64.sqrt()).abs() < 1e-15);
        assert_eq!(d.grad.fixed_rows::<3>(3), SVector::<f64, 3>::zeros());
        // Touching the interior: no gradient.
        let t = point_segment(&Vec3::new(1.0, 0.0, 0.0), &a, &b, true);
        assert_eq!(t.distance, 0.0);
        assert_eq!(t.grad, SVector::<f64, 9>::zeros());
    }

    #[test]
    fn point_segment_c1_across_seam() {
        // Foot parameter β = 1 ± ε: Δ and ∇Δ continuous, ∇²Δ jumps.
        let mut rng = Rng::new(23);
        let a = Vec3::new(0.1, -0.2, 0.3);
        let b = Vec3::new(1.2, 0.4, -0.1);
        let dir = rng.perpendicular(&(b - a).normalize());
        let at = |beta: f64| ps(&stack::<9>(&[a + (b - a) * beta + dir * 0.4, a, b]), true);
        for eps in [1e-4, 1e-6, 1e-8] {
            let (lo, hi) = (at(1.0 - eps), at(1.0 + eps));
            assert_eq!(lo.kind, ContactType::PointEdge);
            assert_eq!(hi.kind, ContactType::PointPoint);
            assert!((hi.distance - lo.distance).abs() < 10.0 * eps);
            assert!((hi.grad - lo.grad).amax() < 10.0 * eps);
            assert!((hi.hess - lo.hess).amax() > 0.1);
        }
    }

    #[test]
    fn degenerate_segment_is_a_point() {
        let p = Vec3::new(0.3, 0.4, 1.0);
        let a = Vec3::new(1.0, 1.0, 1.0);
        for b in [a, a + Vec3::new(1e-16, 0.0, 0.0)] {
            let d = point_segment(&p, &a, &b, true);
            assert_eq!(d.kind, ContactType::PointPoint);
            assert_eq!(d.params, [0.0, 0.0]);
            assert!((d.distance - (p - a).norm()).abs() < 1e-15);
            assert_eq!(d.grad.fixed_rows::<3>(6), SVector::<f64, 3>::zeros());
        }
    }
}
