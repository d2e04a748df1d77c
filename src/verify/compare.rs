//! Comparing a probe with central finite differences: the ladder of steps and the outcome of one
//! configuration for one row.

use super::configuration::Configuration;
use super::finite_difference::{
    Direction, Probe, differences, mask_columns, mask_entries, relative_error_above,
};
use super::prefix::Floors;
use super::rotation::ThetaRule;
use crate::contact::{Mat12, Vec12};

/// Position steps of the ladder (m), in the order tried.
pub(super) const X_STEPS: [f64; 6] = [1e-8, 1e-9, 1e-7, 1e-10, 1e-6, 1e-11];
/// Velocity steps of the ladder (m/s), in the order tried.
pub(super) const V_STEPS: [f64; 6] = [1e-6, 1e-7, 1e-5, 1e-8, 1e-4, 1e-9];

/// A probe behind a reference (see [`Probe`]).
type DynProbe<'a> = dyn FnMut(&[f64], &[f64]) -> Option<Probe> + 'a;

/// How a probe's vector is compared with the differences of its scalar: `sign` times the vector,
/// its rigid sides' torque-form rows turned into rows over the rotation DOFs by `rule` (see
/// [`super::rotation`]), against the differences along `direction`.
#[derive(Debug, Clone, Copy)]
pub(super) struct Gradient {
    /// Positions, or the implicit-Euler path.
    pub(super) direction: Direction,
    /// `1` for `vector = ∇s` (a distance), `−1` for `vector = −∇s` (a force and its energy).
    pub(super) sign: f64,
    /// The pair's `ψ → θ` rule at the configuration.
    pub(super) rule: ThetaRule,
}

/// What one configuration gave for one row.
pub(super) enum Outcome {
    /// The row's element did not act (rejected or added nothing).
    Idle,
    /// A perturbation crossed a rejection boundary.
    Boundary,
    /// Errors: ∂/∂x, ∂/∂v, gradient (if compared).
    Errors(f64, f64, Option<f64>),
}

/// Compares one probe with finite differences at the configuration.
#[allow(clippy::too_many_arguments)]
pub(super) fn compare(
    probe: &mut impl FnMut(&[f64], &[f64]) -> Option<Probe>,
    cfg: &Configuration,
    dofs: &[u32; 4],
    n: usize,
    gradient: Option<Gradient>,
    floors: Floors,
    tol: f64,
    dt: f64,
) -> Outcome {
    let Some(base) = probe(&cfg.q, &cfg.v) else {
        return Outcome::Idle;
    };
    let ladder = |probe: &mut DynProbe,
                  steps: &[f64],
                  direction: Direction,
                  error: &dyn Fn(&Mat12, &Vec12, f64) -> f64|
     -> Option<f64> {
        // Steps whose perturbations cross a rejection boundary are skipped; `None` if all do.
        let mut best: Option<f64> = None;
        for &h in steps {
            let mut p = |q: &[f64], v: &[f64]| probe(q, v);
            let Some((dg, ds)) = differences(&mut p, &cfg.q, &cfg.v, dofs, n, direction, h, dt)
            else {
                continue;
            };
            let e = error(&dg, &ds, h);
            let e = best.map_or(e, |b| b.min(e));
            best = Some(e);
            if e <= 0.1 * tol {
                break;
            }
        }
        best
    };
    let ax = mask_columns(&base.d_dx, dofs, n);
    let av = mask_columns(&base.d_dv, dofs, n);
    let Some(ex) = ladder(probe, &X_STEPS, Direction::Position, &|dg, _, h| {
        beyond_roundoff(&ax, dg, floors.dx, floors.force, h)
    }) else {
        return Outcome::Boundary;
    };
    let Some(ev) = ladder(probe, &V_STEPS, Direction::Velocity, &|dg, _, h| {
        beyond_roundoff(&av, dg, floors.dv, floors.force, h)
    }) else {
        return Outcome::Boundary;
    };
    let eg = match gradient {
        None => None,
        Some(_) if !base.scalar.is_finite() => Some(f64::INFINITY),
        Some(Gradient {
            direction,
            sign,
            rule,
        }) => {
            let g = mask_entries(&rule.rows(&base.vector), dofs, n);
            // Along the path a position step h moves velocities by h/Δt: keep both in range.
            let steps = match direction {
                Direction::Path => std::array::from_fn(|i| X_STEPS[i].min(dt * V_STEPS[i])),
                _ => X_STEPS,
            };
            match ladder(probe, &steps, direction, &|_, ds, _| {
                relative_error_above(&g, &(ds * sign), floors.gradient)
            }) {
                Some(e) => Some(e),
                None => return Outcome::Boundary,
            }
        }
    };
    Outcome::Errors(ex, ev, eg)
}

/// The relative error `‖a − b‖ / max(‖a‖, ‖b‖, floor)` of a Jacobian `a` against the central
/// differences `b` taken with step `h`, less the round-off those differences carry: the force is
/// accumulated in floating point to a magnitude `force` (N), each entry exact to `ε|fᵢ|/2`, so
/// each difference column is off by up to `ε‖f‖/(2h)`, the 12 columns by `√12 ε‖f‖/(2h) < 2ε‖f‖/h`.
/// A large force that does not depend on the perturbed variable (a lagged friction force in
/// the position differences) leaves only that round-off, which is not a Jacobian error.
fn beyond_roundoff(a: &Mat12, b: &Mat12, floor: f64, force: f64, h: f64) -> f64 {
    let roundoff = 2.0 * f64::EPSILON * force / h;
    let den = a.norm().max(b.norm()).max(floor);
    if den > 0.0 {
        ((a - b).norm() - roundoff).max(0.0) / den
    } else {
        0.0
    }
}
