//! Point–point distance (seed 001 Eq. 11) and the result types shared by all distance kernels.
//!
//! With `d = p − q`, `Δ = ‖d‖` and `n = d/Δ`:
//!
//! * `∇Δ = [n, −n]`,
//! * `∇²Δ = [[K, −K], [−K, K]]` with `K = (I − n nᵀ)/Δ`.
//!
//! `Δ = 0` (coincident points) has no gradient: the kernels then return `∇Δ = 0`, `∇²Δ = 0`
//! (see [`Distance`]).

use nalgebra::{SMatrix, SVector};
use serde::{Deserialize, Serialize};

use crate::math::Vec3;

/// Which features realise the minimum distance (seed 001 §3.2: the PP, PE and EE categories,
/// plus the point–plane case of rigid walls and the point–face and intersecting cases of
/// triangles).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum ContactType {
    /// Point–point: both closest points are nodes (both β constraints active), Eq. 11.
    PointPoint,
    /// Point–edge: one closest point is a node, the other is interior to an edge (one β
    /// constraint active), Eq. 12.
    PointEdge,
    /// Edge–edge: both closest points are interior to their edges (no β constraint active), Eq. 13.
    EdgeEdge,
    /// Point–plane: signed distance of a point to a plane.
    PointPlane,
    /// Point–face: one closest point is a node, the other is interior to a triangle (no
    /// barycentric constraint active); `Δ` is the distance to the triangle's plane
    /// ([`point_triangle`](super::point_triangle)).
    PointFace,
    /// The primitives intersect (a segment crossing a triangle's interior,
    /// [`segment_triangle`](super::segment_triangle)): `Δ = 0` with no gradient. Contact laws
    /// act at positive gaps, before this is reached.
    Intersecting,
}

/// Distance `Δ` between two primitives with `∇Δ` and `∇²Δ` with respect to the `N` stacked
/// coordinates of their points (seed 001 Eqs. 10–13): `N = 3 ×` the number of points, e.g. 12
/// for point–triangle (4 points) and 15 for segment–triangle (5 points).
///
/// Where `Δ` is exactly zero (touching centrelines), or below `1e-30 ×` the largest coordinate
/// magnitude of the points (far below the rounding resolution of the inputs), the distance has
/// no gradient: `grad` and `hess` are then returned as zero and `distance` as computed.
#[derive(Debug, Clone, Copy)]
pub struct Distance<const N: usize> {
    /// `Δ ≥ 0` (signed for [`point_plane`](super::point_plane)).
    pub distance: f64,
    /// `∇Δ` with respect to the stacked point coordinates.
    pub grad: SVector<f64, N>,
    /// `∇²Δ` (exactly symmetric); zero when the Hessian was not requested.
    pub hess: SMatrix<f64, N, N>,
    /// Closest point on primitive 1 and on primitive 2.
    pub closest: [Vec3; 2],
    /// Parametric coordinates `β₁, β₂ ∈ [0, 1]` of the closest points on segments (0 for points
    /// and triangles).
    pub params: [f64; 2],
    /// Barycentric coordinates `(λ_a, λ_b, λ_c)` (`λ ≥ 0`, `Σλ = 1`) of the closest point on a
    /// triangle `abc` given as primitive 2, `closest[1] = λ_a a + λ_b b + λ_c c`
    /// ([`point_triangle`](super::point_triangle), [`segment_triangle`](super::segment_triangle));
    /// `[0, 0, 0]` for the other kernels.
    pub bary: [f64; 3],
    /// Features realising the minimum.
    pub kind: ContactType,
}

/// Relative threshold of the "touching" test (see [`Distance`]).
const TOUCH_REL: f64 = 1e-30;

/// Largest coordinate magnitude of `points` (scale of the touching test).
#[inline]
pub(super) fn coord_scale(points: &[&Vec3]) -> f64 {
    points.iter().fold(0.0, |m, p| m.max(p.amax()))
}

/// Whether `dist` counts as exact contact (no gradient) for points of coordinate scale `scale`.
#[inline]
pub(super) fn is_touching(dist: f64, scale: f64) -> bool {
    dist <= TOUCH_REL * scale
}

impl<const N: usize> Distance<N> {
    /// A PP result at the origin with zero gradient and Hessian, to be filled by the `*_into`
    /// kernels.
    #[inline]
    pub(crate) fn zero() -> Self {
        Self {
            distance: 0.0,
            grad: SVector::zeros(),
            hess: SMatrix::zeros(),
            closest: [Vec3::zeros(); 2],
            params: [0.0; 2],
            bary: [0.0; 3],
            kind: ContactType::PointPoint,
        }
    }

    /// Makes this result what [`Self::zero`] gives, in place, except that the Hessian is
    /// zeroed only when `hessian` (a result reused from pair to pair without Hessians keeps a
    /// stale one, which nothing reads: kernels write it only when asked for it).
    #[inline]
    pub(super) fn clear(&mut self, hessian: bool) {
        self.distance = 0.0;
        self.grad.fill(0.0);
        if hessian {
            self.hess.fill(0.0);
        }
        self.closest = [Vec3::zeros(); 2];
        self.params = [0.0; 2];
        self.bary = [0.0; 3];
        self.kind = ContactType::PointPoint;
    }

    /// Writes `value(3i + a)` into entry `3 slots[i] + a` of `grad` (local 3-block `i` goes to
    /// 3-block `slots[i]`).
    #[inline]
    pub(super) fn scatter_grad(&mut self, slots: &[usize], value: impl Fn(usize) -> f64) {
        for (i, &si) in slots.iter().enumerate() {
            for a in 0..3 {
                self.grad[3 * si + a] = value(3 * i + a);
            }
        }
    }

    /// Writes `value(p, q)` into `hess` at the scattered positions of the local indices `(p, q)`
    /// (as in [`Self::scatter_grad`]). `value` must be symmetric *in floating point*
    /// (`value(p, q) == value(q, p)` bit for bit), which makes `hess` exactly symmetric.
    #[inline]
    pub(super) fn scatter_hess(&mut self, slots: &[usize], value: impl Fn(usize, usize) -> f64) {
        for (j, &sj) in slots.iter().enumerate() {
            for b in 0..3 {
                let col = 3 * sj + b;
                for (i, &si) in slots.iter().enumerate() {
                    for a in 0..3 {
                        self.hess[(3 * si + a, col)] = value(3 * i + a, 3 * j + b);
                    }
                }
            }
        }
    }
}

/// Entry `(a, b)` of the projector `I − n nᵀ` (symmetric in floating point).
#[inline]
pub(super) fn projector(n: &Vec3, a: usize, b: usize) -> f64 {
    f64::from(u8::from(a == b)) - n[a] * n[b]
}

/// Point–point distance written into `out` (assumed to have zero gradient and Hessian): `p` is
/// local block 0 and `q` local block 1, scattered to the 3-blocks `slots`. Sets `distance`,
/// `closest = [p, q]`, `params = [0, 0]` and `kind = PointPoint`.
#[inline]
pub(super) fn point_point_into<const N: usize>(
    p: &Vec3,
    q: &Vec3,
    slots: [usize; 2],
    hessian: bool,
    out: &mut Distance<N>,
) {
    let d = p - q;
    let dist = d.norm();
    out.distance = dist;
    out.closest = [*p, *q];
    out.params = [0.0, 0.0];
    out.kind = ContactType::PointPoint;
    if is_touching(dist, coord_scale(&[p, q])) {
        return;
    }
    let inv_d = 1.0 / dist;
    let n = d * inv_d;
    const C: [f64; 2] = [1.0, -1.0];
    out.scatter_grad(&slots, |k| C[k / 3] * n[k % 3]);
    if hessian {
        out.scatter_hess(&slots, |k, l| {
            (C[k / 3] * C[l / 3]) * (projector(&n, k % 3, l % 3) * inv_d)
        });
    }
}

/// Point–point distance `Δ = ‖p − q‖` (seed 001 Eq. 11) with derivatives with respect to
/// `[p, q]` (6 coordinates).
///
/// With `n = (p − q)/Δ`: `∇Δ = [n, −n]`, `∇²Δ = [[K, −K], [−K, K]]`, `K = (I − n nᵀ)/Δ`.
/// `closest = [p, q]`, `params = [0, 0]`, `kind = PointPoint`. Coincident points give zero
/// derivatives (see [`Distance`]). The Hessian is skipped when `hessian` is false.
pub fn point_point(p: &Vec3, q: &Vec3, hessian: bool) -> Distance<6> {
    let mut out = Distance::zero();
    point_point_into(p, q, [0, 1], hessian, &mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::super::test_support::{fd_check, v3};
    use super::*;
    use crate::verify::Rng;

    fn pp(x: &SVector<f64, 6>, h: bool) -> Distance<6> {
        point_point(&v3(x, 0), &v3(x, 1), h)
    }

    #[test]
    fn point_point_fd_random() {
        let mut rng = Rng::new(11);
        let mut worst = (0.0f64, 0.0f64);
        for _ in 0..200 {
            let p = rng.vector(1.0);
            let q = rng.vector(1.0);
            if (p - q).norm() < 0.05 {
                continue;
            }
            let x = SVector::<f64, 6>::from_iterator(p.iter().chain(q.iter()).copied());
            let r = fd_check(&pp, &x, 1e-6);
            worst = (worst.0.max(r.0), worst.1.max(r.1));
        }
        println!(
            "point_point FD worst rel err: grad {:.2e}, hess {:.2e}",
            worst.0, worst.1
        );
        assert!(worst.0 < 1e-6 && worst.1 < 1e-6, "{worst:?}");
    }

    #[test]
    fn point_point_value_and_touching() {
        let p = Vec3::new(1.0, 2.0, 3.0);
        let q = Vec3::new(1.0, 2.0 + 3.0, 3.0 + 4.0);
        let d = point_point(&p, &q, true);
        assert_eq!(d.distance, 5.0);
        assert_eq!(d.kind, ContactType::PointPoint);
        assert_eq!(d.closest, [p, q]);
        let t = point_point(&p, &p, true);
        assert_eq!(t.distance, 0.0);
        assert_eq!(t.grad, SVector::<f64, 6>::zeros());
        assert_eq!(t.hess, SMatrix::<f64, 6, 6>::zeros());
        let o = Vec3::zeros();
        assert_eq!(point_point(&o, &o, true).grad, SVector::<f64, 6>::zeros());
    }
}
