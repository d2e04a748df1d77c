//! Central finite differences and relative errors: the finite-difference half of the
//! verification kit.
//!
//! **Generic helpers** for tests of any smooth quantity: [`derivative`] of a scalar function of
//! one variable, [`gradient`] of a scalar function of a fixed-size vector, [`jacobian`] of a
//! vector function of a fixed-size vector, [`jacobian_columns`] for functions of a
//! variable-size state (a model's DOFs) along chosen coordinates; and the errors they are
//! compared with: [`relative_error`] (Frobenius), [`max_relative_error`] and
//! [`max_error_relative_to`] (entry-wise maximum). All differences are central,
//!
//! `∂f/∂xⱼ ≈ (f(x + heⱼ) − f(x − heⱼ)) / ((xⱼ + h) − (xⱼ − h))` (truncation error O(h²)),
//!
//! divided by the step actually taken in floating point, so the quotient is not biased by the
//! representation of `xⱼ ± h`.
//!
//! **Pair probes**: a *probe* evaluates, at a state `(q, v)`, a scalar `s` (an energy, a
//! distance), a 12-vector `g` (a force, a gradient) and the analytic derivatives `∂g/∂x`,
//! `∂g/∂v` that an element claims. [`differences`] perturbs every free coordinate of the pair's
//! points in the model state and returns the central differences of `g` in positions, the same
//! for velocities, and the derivative of `s` along the implicit-Euler path `q + hⱼ, v + hⱼ/Δt`
//! (the gradient an incremental-potential line search sees).

use nalgebra::{DMatrix, SMatrix, SVector};

use crate::contact::{Mat12, NO_DOF, Vec12};

/// What a probe reports at one state.
#[derive(Debug, Clone, Copy)]
pub struct Probe {
    /// A scalar whose gradient is checked against `vector` (energy: `vector = −∇s`;
    /// distance: `vector = ∇s`).
    pub scalar: f64,
    /// The checked vector (force, ∇Δ).
    pub vector: Vec12,
    /// Its claimed derivative with respect to positions.
    pub d_dx: Mat12,
    /// Its claimed derivative with respect to velocities.
    pub d_dv: Mat12,
}

/// Which perturbation a difference column is taken in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Direction {
    /// Positions only.
    Position,
    /// Velocities only.
    Velocity,
    /// Positions by `h` and velocities by `h/Δt` together (implicit Euler, `v = (q − qₙ)/Δt`).
    Path,
}

/// Central differences of a probe's vector (12×12, one column per local coordinate) and of its
/// scalar (12) in one [`Direction`]; `None` when some perturbed state is rejected (the quantity
/// is not differentiable there).
#[allow(clippy::too_many_arguments)]
pub fn differences(
    probe: &mut impl FnMut(&[f64], &[f64]) -> Option<Probe>,
    q: &[f64],
    v: &[f64],
    dofs: &[u32; 4],
    n_points: usize,
    direction: Direction,
    step: f64,
    dt: f64,
) -> Option<(Mat12, Vec12)> {
    let (mut qp, mut vp) = (q.to_vec(), v.to_vec());
    let (mut dg, mut ds) = (Mat12::zeros(), Vec12::zeros());
    for (k, &dof) in dofs.iter().enumerate().take(n_points) {
        if dof == NO_DOF {
            continue;
        }
        for c in 0..3 {
            let a = 3 * k + c;
            let g = dof as usize + c;
            let mut at = |sign: f64| -> Option<(Probe, f64)> {
                let (x0, v0) = (q[g], v[g]);
                let (h, hv) = match direction {
                    Direction::Position => ((x0 + sign * step) - x0, 0.0),
                    Direction::Velocity => (0.0, (v0 + sign * step) - v0),
                    Direction::Path => {
                        let h = (x0 + sign * step) - x0;
                        (h, (v0 + h / dt) - v0)
                    }
                };
                qp[g] = x0 + h;
                vp[g] = v0 + hv;
                let p = probe(&qp, &vp);
                qp[g] = x0;
                vp[g] = v0;
                let moved = if direction == Direction::Velocity {
                    hv
                } else {
                    h
                };
                p.map(|p| (p, moved))
            };
            let (plus, hp) = at(1.0)?;
            let (minus, hm) = at(-1.0)?;
            let width = hp - hm;
            dg.set_column(a, &((plus.vector - minus.vector) / width));
            ds[a] = (plus.scalar - minus.scalar) / width;
        }
    }
    Some((dg, ds))
}

/// Zeroes the columns (and, for vectors, the entries) of coordinates that were not perturbed:
/// slots beyond `n_points` (points and rotations) and static slots.
pub fn mask_columns(m: &Mat12, dofs: &[u32; 4], n_points: usize) -> Mat12 {
    let mut out = *m;
    for (k, &dof) in dofs.iter().enumerate() {
        if k >= n_points || dof == NO_DOF {
            for c in 0..3 {
                out.set_column(3 * k + c, &Vec12::zeros());
            }
        }
    }
    out
}

/// [`mask_columns`] for a vector over the local coordinates.
pub fn mask_entries(g: &Vec12, dofs: &[u32; 4], n_points: usize) -> Vec12 {
    let mut out = *g;
    for (k, &dof) in dofs.iter().enumerate() {
        if k >= n_points || dof == NO_DOF {
            out.fixed_rows_mut::<3>(3 * k).fill(0.0);
        }
    }
    out
}

/// Symmetric relative error `‖a − b‖ / max(‖a‖, ‖b‖)` (Frobenius), 0 when both vanish.
pub fn relative_error<const R: usize, const C: usize>(
    a: &SMatrix<f64, R, C>,
    b: &SMatrix<f64, R, C>,
) -> f64 {
    relative_error_above(a, b, 0.0)
}

/// `‖a − b‖ / max(‖a‖, ‖b‖, floor)`: a relative error that stops growing once both are
/// smaller than `floor` (the scale below which differences are round-off).
pub fn relative_error_above<const R: usize, const C: usize>(
    a: &SMatrix<f64, R, C>,
    b: &SMatrix<f64, R, C>,
    floor: f64,
) -> f64 {
    let den = a.norm().max(b.norm()).max(floor);
    if den > 0.0 { (a - b).norm() / den } else { 0.0 }
}

/// Central difference of a scalar function of one variable at `x` with step `step`.
///
/// ```
/// use catena::verify::derivative;
///
/// let d = derivative(f64::sin, 0.3, 1e-5);
/// assert!((d - 0.3f64.cos()).abs() < 1e-9);
/// ```
pub fn derivative(mut f: impl FnMut(f64) -> f64, x: f64, step: f64) -> f64 {
    let (xp, xm) = (x + step, x - step);
    (f(xp) - f(xm)) / (xp - xm)
}

/// Central differences of a scalar function of a fixed-size vector: its gradient at `x`,
/// perturbing each coordinate by `±step` in turn.
///
/// ```
/// use catena::verify::{gradient, max_relative_error};
/// use nalgebra::Vector3;
///
/// // f(x) = ½|x|² + x₀x₁: ∇f = x + (x₁, x₀, 0).
/// let f = |x: &Vector3<f64>| 0.5 * x.norm_squared() + x[0] * x[1];
/// let x = Vector3::new(0.3, -1.2, 2.0);
/// let exact = x + Vector3::new(x[1], x[0], 0.0);
/// let fd = gradient(f, &x, 1e-6);
/// assert!(max_relative_error(fd.as_slice(), exact.as_slice()) < 1e-8);
/// ```
pub fn gradient<const N: usize>(
    mut f: impl FnMut(&SVector<f64, N>) -> f64,
    x: &SVector<f64, N>,
    step: f64,
) -> SVector<f64, N> {
    let mut y = *x;
    SVector::from_fn(|k, _| {
        let x0 = x[k];
        y[k] = x0 + step;
        let (hp, fp) = (y[k], f(&y));
        y[k] = x0 - step;
        let (hm, fm) = (y[k], f(&y));
        y[k] = x0;
        (fp - fm) / (hp - hm)
    })
}

/// Central differences of a vector function of a fixed-size vector: its Jacobian `∂f/∂x`
/// (`M × N`, column `j` the derivative along `xⱼ`) at `x`.
///
/// ```
/// use catena::verify::{jacobian, relative_error};
/// use nalgebra::{Matrix2x3, Vector2, Vector3};
///
/// // f(x) = (x₀x₁, sin x₂): ∂f/∂x = [[x₁, x₀, 0], [0, 0, cos x₂]].
/// let f = |x: &Vector3<f64>| Vector2::new(x[0] * x[1], x[2].sin());
/// let x = Vector3::new(0.5, 2.0, -0.4_f64);
/// let exact = Matrix2x3::new(x[1], x[0], 0.0, 0.0, 0.0, x[2].cos());
/// assert!(relative_error(&jacobian(f, &x, 1e-6), &exact) < 1e-9);
/// ```
pub fn jacobian<const M: usize, const N: usize>(
    mut f: impl FnMut(&SVector<f64, N>) -> SVector<f64, M>,
    x: &SVector<f64, N>,
    step: f64,
) -> SMatrix<f64, M, N> {
    let mut y = *x;
    let mut out = SMatrix::<f64, M, N>::zeros();
    for k in 0..N {
        let x0 = x[k];
        y[k] = x0 + step;
        let (hp, fp) = (y[k], f(&y));
        y[k] = x0 - step;
        let (hm, fm) = (y[k], f(&y));
        y[k] = x0;
        out.set_column(k, &((fp - fm) / (hp - hm)));
    }
    out
}

/// Central differences of a function of a variable-size state `x` (e.g. a model's DOFs) along
/// the coordinates `coords` only (e.g. the free DOFs): the matrix whose column `c` is
/// `∂f/∂x[coords[c]]` (rows: the entries of `f`, which must have the same length at every
/// state).
///
/// ```
/// use catena::verify::jacobian_columns;
///
/// // f(x) = (x₀², x₀x₂), differentiated along x₀ and x₂ (x₁ held fixed).
/// let f = |x: &[f64]| vec![x[0] * x[0], x[0] * x[2]];
/// let j = jacobian_columns(f, &[1.0, 5.0, 3.0], &[0, 2], 1e-6);
/// assert_eq!(j.shape(), (2, 2));
/// assert!((j[(0, 0)] - 2.0).abs() < 1e-8 && (j[(1, 1)] - 1.0).abs() < 1e-8);
/// assert!((j[(1, 0)] - 3.0).abs() < 1e-8 && j[(0, 1)].abs() < 1e-8);
/// ```
pub fn jacobian_columns(
    mut f: impl FnMut(&[f64]) -> Vec<f64>,
    x: &[f64],
    coords: &[usize],
    step: f64,
) -> DMatrix<f64> {
    let mut y = x.to_vec();
    let mut columns = Vec::with_capacity(coords.len());
    for &k in coords {
        let x0 = x[k];
        y[k] = x0 + step;
        let (hp, fp) = (y[k], f(&y));
        y[k] = x0 - step;
        let (hm, fm) = (y[k], f(&y));
        y[k] = x0;
        assert_eq!(fp.len(), fm.len(), "f changed length along coordinate {k}");
        let width = hp - hm;
        columns.push(nalgebra::DVector::from_iterator(
            fp.len(),
            fp.iter().zip(&fm).map(|(p, m)| (p - m) / width),
        ));
    }
    let rows = columns.first().map_or(0, |c| c.len());
    DMatrix::from_fn(rows, columns.len(), |r, c| columns[c][r])
}

/// Entry-wise relative error `max|aᵢ − bᵢ| / max(maxᵢ|aᵢ|, maxᵢ|bᵢ|)` (symmetric in `a`, `b`), 0
/// when both vanish.
///
/// ```
/// use catena::verify::max_relative_error;
///
/// assert_eq!(max_relative_error(&[1.0, -4.0], &[1.0, -3.0]), 0.25);
/// assert_eq!(max_relative_error(&[0.0], &[0.0]), 0.0);
/// ```
pub fn max_relative_error(a: &[f64], b: &[f64]) -> f64 {
    assert_eq!(a.len(), b.len(), "compared slices differ in length");
    let den = a.iter().chain(b).fold(0.0_f64, |m, x| m.max(x.abs()));
    if den > 0.0 {
        max_abs_difference(a, b) / den
    } else {
        0.0
    }
}

/// Entry-wise error relative to a reference, `max|aᵢ − refᵢ| / maxᵢ|refᵢ|`: 0 when both vanish,
/// infinite when only the reference does.
///
/// ```
/// use catena::verify::max_error_relative_to;
///
/// assert_eq!(max_error_relative_to(&[1.0, -5.0], &[1.0, -4.0]), 0.25);
/// assert_eq!(max_error_relative_to(&[1e-9], &[0.0]), f64::INFINITY);
/// ```
pub fn max_error_relative_to(a: &[f64], reference: &[f64]) -> f64 {
    assert_eq!(a.len(), reference.len(), "compared slices differ in length");
    let num = max_abs_difference(a, reference);
    let den = reference.iter().fold(0.0_f64, |m, x| m.max(x.abs()));
    if num == 0.0 { 0.0 } else { num / den }
}

/// `maxᵢ |aᵢ − bᵢ|`, NaN if any difference is NaN (so that a NaN never passes a tolerance).
fn max_abs_difference(a: &[f64], b: &[f64]) -> f64 {
    a.iter().zip(b).fold(0.0_f64, |m, (x, y)| {
        let d = (x - y).abs();
        if d.is_nan() || m.is_nan() {
            f64::NAN
        } else {
            m.max(d)
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn differences_of_a_quadratic_are_exact_up_to_round_off() {
        // g(x, v) = A x + B v and s = ½ xᵀA x: ∂g/∂x = A, ∂g/∂v = B, ∂s/∂x = A x.
        let mut a = Mat12::zeros();
        let mut b = Mat12::zeros();
        for i in 0..6 {
            for j in 0..6 {
                a[(i, j)] = 1.0 + (i * 7 + j * 3) as f64 % 5.0;
                b[(i, j)] = 0.5 * ((i + 2 * j) % 3) as f64;
            }
        }
        let a = a + a.transpose();
        let q: Vec<f64> = (0..6).map(|i| 0.1 * i as f64).collect();
        let v: Vec<f64> = (0..6).map(|i| -0.2 * i as f64).collect();
        let local = |q: &[f64], v: &[f64]| {
            let (mut x, mut w) = (Vec12::zeros(), Vec12::zeros());
            x.rows_mut(0, 6).copy_from_slice(q);
            w.rows_mut(0, 6).copy_from_slice(v);
            (x, w)
        };
        let mut probe = |q: &[f64], v: &[f64]| {
            let (x, w) = local(q, v);
            Some(Probe {
                scalar: 0.5 * x.dot(&(a * x)),
                vector: a * x + b * w,
                d_dx: a,
                d_dv: b,
            })
        };
        let dofs = [0, 3, NO_DOF, NO_DOF];
        let (dx, sx) = differences(
            &mut probe,
            &q,
            &v,
            &dofs,
            2,
            Direction::Position,
            1e-4,
            1e-3,
        )
        .unwrap();
        let (dv, _) = differences(
            &mut probe,
            &q,
            &v,
            &dofs,
            2,
            Direction::Velocity,
            1e-4,
            1e-3,
        )
        .unwrap();
        let (x, _) = local(&q, &v);
        assert!(relative_error(&mask_columns(&a, &dofs, 2), &dx) < 1e-9);
        assert!(relative_error(&mask_columns(&b, &dofs, 2), &dv) < 1e-9);
        assert!(relative_error(&mask_entries(&(a * x), &dofs, 2), &sx) < 1e-9);
        // A static second point: its columns are neither perturbed nor compared.
        let dofs = [0, NO_DOF, NO_DOF, NO_DOF];
        let (dx, _) = differences(
            &mut probe,
            &q,
            &v,
            &dofs,
            2,
            Direction::Position,
            1e-4,
            1e-3,
        )
        .unwrap();
        assert_eq!(dx.column(3).norm(), 0.0);
        assert!(relative_error(&mask_columns(&a, &dofs, 2), &dx) < 1e-9);
    }

    #[test]
    fn max_errors_never_hide_a_nan() {
        assert!(max_relative_error(&[1.0, f64::NAN], &[1.0, 2.0]).is_nan());
        assert!(max_error_relative_to(&[f64::NAN], &[1.0]).is_nan());
        assert!(max_error_relative_to(&[1.0], &[f64::NAN]).is_nan());
    }
}
