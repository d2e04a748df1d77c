//! Central finite differences of a local quantity over the free coordinates of a pair.
//!
//! A *probe* evaluates, at a state `(q, v)`, a scalar `s` (an energy, a distance), a 12-vector
//! `g` (a force, a gradient) and the analytic derivatives `∂g/∂x`, `∂g/∂v` that an element
//! claims. [`differences`] perturbs every free coordinate of the pair's points in the model
//! state and returns the central differences
//!
//! `∂g/∂xⱼ ≈ (g(x + heⱼ) − g(x − heⱼ)) / (2h)` (truncation error O(h²)),
//!
//! the same for velocities, and the derivative of `s` along the implicit-Euler path
//! `q + hⱼ, v + hⱼ/Δt` (the gradient an incremental-potential line search sees). The step
//! actually taken is `(x + h) − x` in floating point, so the quotient is not biased by the
//! representation of `x + h`.

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
/// points beyond `n_points` and static points.
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
    a: &nalgebra::SMatrix<f64, R, C>,
    b: &nalgebra::SMatrix<f64, R, C>,
) -> f64 {
    relative_error_above(a, b, 0.0)
}

/// `‖a − b‖ / max(‖a‖, ‖b‖, floor)`: a relative error that stops growing once both are
/// smaller than `floor` (the scale below which differences are round-off).
pub fn relative_error_above<const R: usize, const C: usize>(
    a: &nalgebra::SMatrix<f64, R, C>,
    b: &nalgebra::SMatrix<f64, R, C>,
    floor: f64,
) -> f64 {
    let den = a.norm().max(b.norm()).max(floor);
    if den > 0.0 { (a - b).norm() / den } else { 0.0 }
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
}
