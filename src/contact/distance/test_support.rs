//! Test helpers of the distance kernels: the finite-difference check of a kernel (on the
//! [`crate::verify`] kit) and a per-regime table of its worst errors.

use nalgebra::{SMatrix, SVector};

use super::{ContactType, Distance};
use crate::math::Vec3;
use crate::verify::{gradient, jacobian, max_relative_error};

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
    }
}
