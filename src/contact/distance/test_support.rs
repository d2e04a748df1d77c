//! Test helpers of the distance kernels: the finite-difference check of a kernel (on the
//! [`crate::verify`] kit) and a per-regime table of its worst errors.

use nalgebra::{SMatrix, SVector};

use super::{ContactType, Distance};
use crate::math::Vec3;
use crate::verify::{Rng, gradient, jacobian, max_relative_error};

/// 3-block `i` of `x` as a vector.
pub(super) fn v3<const N: usize>(x: &SVector<f64, N>, i: usize) -> Vec3 {
    Vec3::new(x[3 * i], x[3 * i + 1], x[3 * i + 2])
}

/// Stacks points into one coordinate vector.
pub(super) fn stack<const N: usize>(pts: &[Vec3]) -> SVector<f64, N> {
    assert_eq!(3 * pts.len(), N);
    SVector::from_iterator(pts.iter().flat_map(|p| p.iter().copied()))
}

/// Central finite-difference check of `∇Δ` (against `Δ`) and `∇²Δ` (against `∇Δ`) of the kernel
/// `f` at `x` with step `step`; returns the relative errors `(grad, hess)`.
///
/// Also asserts that every perturbed evaluation stays in the regime (`kind`) of `x`, that the
/// Hessian is exactly symmetric and that `hessian = false` gives the same value and gradient and
/// a zero Hessian.
/// Whether every ±`step` perturbation of each coordinate of `x` keeps `signature(x)` (a
/// kernel's active set: its contact type and which parameters sit on their bounds), so that
/// central differences at `x` do not straddle a seam.
pub(super) fn active_set_stable<const N: usize, S: PartialEq>(
    x: &SVector<f64, N>,
    step: f64,
    signature: impl Fn(&SVector<f64, N>) -> S,
) -> bool {
    let s0 = signature(x);
    (0..N).all(|k| {
        [step, -step].iter().all(|&h| {
            let mut y = *x;
            y[k] += h;
            signature(&y) == s0
        })
    })
}

pub(super) fn fd_check<const N: usize>(
    f: &dyn Fn(&SVector<f64, N>, bool) -> Distance<N>,
    x: &SVector<f64, N>,
    step: f64,
) -> (f64, f64) {
    let base = f(x, true);
    assert_eq!(
        base.hess,
        base.hess.transpose(),
        "Hessian not exactly symmetric"
    );
    let light = f(x, false);
    assert_eq!(light.distance, base.distance);
    assert_eq!(light.grad, base.grad);
    assert_eq!(light.hess, SMatrix::<f64, N, N>::zeros());
    assert_eq!(light.kind, base.kind);
    let same_regime = |y: &SVector<f64, N>| {
        let d = f(y, true);
        assert_eq!(
            d.kind, base.kind,
            "regime changed under a ±step perturbation: {y:?}"
        );
        d
    };
    let gfd = gradient(|y| same_regime(y).distance, x, step);
    let hfd = jacobian(|y| same_regime(y).grad, x, step);
    (
        max_relative_error(gfd.as_slice(), base.grad.as_slice()),
        max_relative_error(hfd.as_slice(), base.hess.as_slice()),
    )
}

/// Worst FD errors per regime, for reporting.
#[derive(Default)]
pub(super) struct Worst {
    rows: Vec<(String, f64, f64, usize)>,
}

impl Worst {
    pub(super) fn add(&mut self, label: &str, e: (f64, f64)) {
        if let Some(r) = self.rows.iter_mut().find(|r| r.0 == label) {
            r.1 = r.1.max(e.0);
            r.2 = r.2.max(e.1);
            r.3 += 1;
        } else {
            self.rows.push((label.to_string(), e.0, e.1, 1));
        }
    }

    /// Prints the table and asserts every error is below `tol`.
    pub(super) fn report(&self, title: &str, tol: f64) {
        for (label, g, h, n) in &self.rows {
            println!("{title} FD worst rel err [{label}] ({n} cases): grad {g:.2e}, hess {h:.2e}");
        }
        for (label, g, h, _) in &self.rows {
            assert!(
                *g < tol && *h < tol,
                "{title} [{label}]: grad {g:.3e}, hess {h:.3e}"
            );
        }
    }
}

/// Label of a contact type.
pub(super) fn kind_label(k: ContactType) -> &'static str {
    match k {
        ContactType::PointPoint => "PP",
        ContactType::PointEdge => "PE",
        ContactType::EdgeEdge => "EE",
        ContactType::PointPlane => "PPlane",
        ContactType::PointFace => "PF",
        ContactType::Intersecting => "X",
    }
}

/// Unit normal of the triangle `abc` (direction of `(b − a) × (c − a)`).
pub(super) fn unit_normal(t: &[Vec3; 3]) -> Vec3 {
    (t[1] - t[0]).cross(&(t[2] - t[0])).normalize()
}

/// Random well-shaped triangle: points in `[−1, 1]³`, longest edge `L ≥ 0.5`, smallest height
/// `‖N‖/L ≥ 0.3 L`.
pub(super) fn triangle(rng: &mut Rng) -> [Vec3; 3] {
    loop {
        let t = [rng.vector(1.0), rng.vector(1.0), rng.vector(1.0)];
        let l2 = (0..3)
            .map(|i| (t[(i + 1) % 3] - t[i]).norm_squared())
            .fold(0.0, f64::max);
        let n = (t[1] - t[0]).cross(&(t[2] - t[0])).norm();
        if l2 >= 0.25 && n >= 0.3 * l2 {
            return t;
        }
    }
}

/// In-plane outward unit normal of the edge `t[i] t[i+1]` (away from the third vertex).
pub(super) fn edge_outward(t: &[Vec3; 3], i: usize) -> Vec3 {
    let (x, y, z) = (t[i], t[(i + 1) % 3], t[(i + 2) % 3]);
    let m = (y - x).cross(&unit_normal(t)).normalize();
    if m.dot(&(z - x)) > 0.0 { -m } else { m }
}

/// Where the projection of a test point onto a triangle's plane lies.
#[derive(Debug, Clone, Copy)]
pub(super) enum Region {
    /// At the barycentric coordinates `λ` (inside the face if all are positive).
    Face([f64; 3]),
    /// At in-plane distance `out` (outward; negative is inside) from the point at parameter
    /// `beta` on edge `i` (from vertex `i` to vertex `i + 1`).
    Edge { i: usize, beta: f64, out: f64 },
    /// At in-plane distance `r` from vertex `i`, in the direction `t m₁ + (1 − t) m₂` between
    /// the outward normals of its two edges (`t ∈ (0, 1)`: inside its Voronoi region).
    Vertex { i: usize, r: f64, t: f64 },
}

/// Point whose projection on the plane of `tri` lies at `region`, at signed height `h` along
/// the unit normal.
pub(super) fn point_at(tri: &[Vec3; 3], region: Region, h: f64) -> Vec3 {
    let n = unit_normal(tri);
    let q = match region {
        Region::Face(l) => tri[0] * l[0] + tri[1] * l[1] + tri[2] * l[2],
        Region::Edge { i, beta, out } => {
            let (x, y) = (tri[i], tri[(i + 1) % 3]);
            x + (y - x) * beta + edge_outward(tri, i) * out
        }
        Region::Vertex { i, r, t } => {
            let m1 = edge_outward(tri, i);
            let m2 = edge_outward(tri, (i + 2) % 3);
            tri[i] + (m1 * t + m2 * (1.0 - t)).normalize() * r
        }
    };
    q + n * h
}

/// Random interior barycentric coordinates, each at least `min`.
pub(super) fn interior_bary(rng: &mut Rng, min: f64) -> [f64; 3] {
    loop {
        let (u, v) = (rng.unit(), rng.unit());
        let l = [u.min(v), u.max(v) - u.min(v), 1.0 - u.max(v)];
        if l.iter().all(|&x| x >= min) {
            return l;
        }
    }
}

/// Ericson's `ClosestPtPointTriangle` (Real-Time Collision Detection §5.1.5): the closest point
/// of the triangle `abc` to `p` and its barycentric coordinates, by nested Voronoi-region tests
/// (an independent reference for the kernels).
pub(super) fn ericson_closest(p: &Vec3, a: &Vec3, b: &Vec3, c: &Vec3) -> (Vec3, [f64; 3]) {
    let (ab, ac, ap) = (b - a, c - a, p - a);
    let (d1, d2) = (ab.dot(&ap), ac.dot(&ap));
    if d1 <= 0.0 && d2 <= 0.0 {
        return (*a, [1.0, 0.0, 0.0]);
    }
    let bp = p - b;
    let (d3, d4) = (ab.dot(&bp), ac.dot(&bp));
    if d3 >= 0.0 && d4 <= d3 {
        return (*b, [0.0, 1.0, 0.0]);
    }
    let vc = d1 * d4 - d3 * d2;
    if vc <= 0.0 && d1 >= 0.0 && d3 <= 0.0 {
        let v = d1 / (d1 - d3);
        return (a + ab * v, [1.0 - v, v, 0.0]);
    }
    let cp = p - c;
    let (d5, d6) = (ab.dot(&cp), ac.dot(&cp));
    if d6 >= 0.0 && d5 <= d6 {
        return (*c, [0.0, 0.0, 1.0]);
    }
    let vb = d5 * d2 - d1 * d6;
    if vb <= 0.0 && d2 >= 0.0 && d6 <= 0.0 {
        let w = d2 / (d2 - d6);
        return (a + ac * w, [1.0 - w, 0.0, w]);
    }
    let va = d3 * d6 - d5 * d4;
    if va <= 0.0 && d4 - d3 >= 0.0 && d5 - d6 >= 0.0 {
        let w = (d4 - d3) / ((d4 - d3) + (d5 - d6));
        return (b + (c - b) * w, [0.0, 1.0 - w, w]);
    }
    let denom = 1.0 / (va + vb + vc);
    let (v, w) = (vb * denom, vc * denom);
    (a + ab * v + ac * w, [1.0 - v - w, v, w])
}

/// Permutes the 3-blocks of a gradient and Hessian: block `i` of the result is block `perm[i]`
/// of the input.
pub(super) fn permute_blocks<const N: usize>(
    d: &Distance<N>,
    perm: &[usize],
) -> (SVector<f64, N>, SMatrix<f64, N, N>) {
    let mut g = SVector::<f64, N>::zeros();
    let mut h = SMatrix::<f64, N, N>::zeros();
    for (i, &pi) in perm.iter().enumerate() {
        g.fixed_rows_mut::<3>(3 * i)
            .copy_from(&d.grad.fixed_rows::<3>(3 * pi));
        for (j, &pj) in perm.iter().enumerate() {
            h.fixed_view_mut::<3, 3>(3 * i, 3 * j)
                .copy_from(&d.hess.fixed_view::<3, 3>(3 * pi, 3 * pj));
        }
    }
    (g, h)
}

/// Brute-force minimum of Eq. 10 over nested grids of `(β₁, β₂)` (the problem is convex).
pub(super) fn brute(c: &[Vec3; 4]) -> f64 {
    let (u, v) = (c[1] - c[0], c[3] - c[2]);
    let f = |s: f64, t: f64| (c[0] + u * s - c[2] - v * t).norm();
    let n = 200;
    let (mut s0, mut t0, mut width) = (0.0, 0.0, 1.0);
    let mut best = (f64::INFINITY, 0.0, 0.0);
    for _level in 0..4 {
        let h = width / n as f64;
        for i in 0..=n {
            let s = (s0 + h * i as f64).clamp(0.0, 1.0);
            for j in 0..=n {
                let t = (t0 + h * j as f64).clamp(0.0, 1.0);
                let val = f(s, t);
                if val < best.0 {
                    best = (val, s, t);
                }
            }
        }
        width = 4.0 * h;
        s0 = best.1 - 2.0 * h;
        t0 = best.2 - 2.0 * h;
    }
    best.0
}
