//! Test helpers of the distance kernels: a deterministic LCG and central finite-difference checks.

use nalgebra::{SMatrix, SVector};

use super::{ContactType, Distance};
use crate::math::Vec3;

/// Tiny deterministic linear congruential generator (Knuth's MMIX constants).
pub(super) struct Lcg(u64);

impl Lcg {
    pub(super) fn new(seed: u64) -> Self {
        let mut g = Lcg(seed ^ 0x9E37_79B9_7F4A_7C15);
        g.next_u64();
        g
    }

    pub(super) fn next_u64(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        self.0
    }

    /// Uniform in `[0, 1)`.
    pub(super) fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }

    /// Uniform in `[lo, hi)`.
    pub(super) fn range(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * self.unit()
    }

    /// Vector with components uniform in `[lo, hi)`.
    pub(super) fn vec3(&mut self, lo: f64, hi: f64) -> Vec3 {
        Vec3::new(self.range(lo, hi), self.range(lo, hi), self.range(lo, hi))
    }

    /// Uniformly random unit vector.
    pub(super) fn dir(&mut self) -> Vec3 {
        loop {
            let v = self.vec3(-1.0, 1.0);
            let n = v.norm();
            if n > 0.1 && n <= 1.0 {
                return v / n;
            }
        }
    }

    /// Random unit vector orthogonal to the unit vector `n`.
    pub(super) fn dir_perp(&mut self, n: &Vec3) -> Vec3 {
        loop {
            let v = self.dir();
            let w = v - n * n.dot(&v);
            if w.norm() > 0.3 {
                return w.normalize();
            }
        }
    }
}

/// 3-block `i` of `x` as a vector.
pub(super) fn v3<const N: usize>(x: &SVector<f64, N>, i: usize) -> Vec3 {
    Vec3::new(x[3 * i], x[3 * i + 1], x[3 * i + 2])
}

/// Stacks points into one coordinate vector.
pub(super) fn stack<const N: usize>(pts: &[Vec3]) -> SVector<f64, N> {
    assert_eq!(3 * pts.len(), N);
    SVector::from_iterator(pts.iter().flat_map(|p| p.iter().copied()))
}

/// `max |a − b| / max(|a|, |b|)` over all entries.
pub(super) fn rel_err(a: &[f64], b: &[f64]) -> f64 {
    let num = a
        .iter()
        .zip(b)
        .map(|(x, y)| (x - y).abs())
        .fold(0.0, f64::max);
    let den = a
        .iter()
        .chain(b)
        .map(|y| y.abs())
        .fold(0.0, f64::max)
        .max(f64::MIN_POSITIVE);
    num / den
}

/// Central finite-difference check of `∇Δ` (against `Δ`) and `∇²Δ` (against `∇Δ`) of the kernel
/// `f` at `x` with step `step`; returns the relative errors `(grad, hess)`.
///
/// Also asserts that every perturbed evaluation stays in the regime (`kind`) of `x`, that the
/// Hessian is exactly symmetric and that `hessian = false` gives the same value and gradient and
/// a zero Hessian.
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
    let mut gfd = SVector::<f64, N>::zeros();
    let mut hfd = SMatrix::<f64, N, N>::zeros();
    for k in 0..N {
        let mut xp = *x;
        let mut xm = *x;
        xp[k] += step;
        xm[k] -= step;
        let dp = f(&xp, true);
        let dm = f(&xm, true);
        assert_eq!(
            dp.kind, base.kind,
            "regime changed under +step on coord {k}"
        );
        assert_eq!(
            dm.kind, base.kind,
            "regime changed under −step on coord {k}"
        );
        gfd[k] = (dp.distance - dm.distance) / (2.0 * step);
        hfd.set_column(k, &((dp.grad - dm.grad) / (2.0 * step)));
    }
    (
        rel_err(gfd.as_slice(), base.grad.as_slice()),
        rel_err(hfd.as_slice(), base.hess.as_slice()),
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
    }
}
