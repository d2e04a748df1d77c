//! The tests a Newton solve stops by (see [`crate::system::SolverSettings`]) and the thresholds
//! it decides with: convergence of an iterate, acceptance of the next one, whether a trial is
//! worth its Jacobian.

use super::Convergence;
use crate::model::{BodyKind, Model};
use crate::system::{KrylovTolerance, SolverSettings};

/// Relative Newton step below which a residual that no line search can reduce is taken to be at
/// its round-off floor: relative to the rods' shortest rest edge, or to 1 m in scenes without
/// rods. The step test `step_tol` uses the shells' and cells' rest edges too; the floor does
/// not, because it also accepts states that a non-smooth contact law stalls Newton at: on the
/// cell doublet (`N_AdhesivePressure` switching on at nodes that cross its range), the residual
/// stalls at 1e-11 N with steps of 1e-11 m, above 1e-6 of a 1.4 µm edge, and the run would
/// fail after halving Δt eleven times. In scenes without rods it is therefore looser than
/// round-off: a stalled state is accepted within a micrometre.
///
/// Stiff stretching makes that floor high: with `EA/|ē|` much larger than the loads, the
/// stretching force `EA(|e|/|ē| − 1)` loses `ε_mach·|x|/|ē|` of relative precision (e.g.
/// ‖r‖ ≈ 1e-9 N for the 20 GPa cantilever, against nodal loads of 7e-5 N).
pub(super) const FLOOR_STEP: f64 = 1e-6;

/// Whether the line search's full-step trial should be evaluated with the Jacobian, so that
/// when it is accepted but not converged it serves as the next iterate without a second
/// evaluation. Worth it when another iteration is expected: the quadratic model
/// `‖r_{k+1}‖ ≈ ‖r_k‖³/‖r_{k−1}‖²` predicts a residual above the acceptance threshold `tau`.
/// At the first iteration, whose predecessor is unknown, the last solve's first reduction
/// `last_ratio` predicts `‖r₁‖ ≈ last_ratio ‖r₀‖` (steps of a run resemble their neighbours);
/// without one, whether the last solve needed more than one iteration decides. A wrong guess
/// costs one Jacobian evaluation, or one more residual evaluation.
pub(super) fn worth_speculating(
    residuals: &[f64],
    last_iterations: u32,
    last_ratio: f64,
    tau: f64,
) -> bool {
    match residuals {
        [] => false,
        [r0] if last_ratio.is_finite() => r0 * last_ratio > tau,
        [_] => last_iterations > 1,
        [.., prev, now] => now * now * now > tau * prev * prev,
    }
}

/// The residual norm τ below which the iterate after a Newton step is accepted: the largest
/// threshold of [`converged`]'s tests, with the force scale of the current iterate standing in
/// for the next one's.
pub(super) fn acceptance(settings: &SolverSettings, r0: f64, force_scale: f64) -> f64 {
    settings
        .abs_tol
        .max(settings.rel_tol * r0)
        .max(settings.force_tol * force_scale)
}

/// The absolute residual (N) at which the Krylov solve of an iterate may stop: under
/// `krylov_tolerance: Newton` a tenth of the acceptance threshold `tau`, else 0 (see
/// [`KrylovTolerance`]).
pub(super) fn krylov_floor(settings: &SolverSettings, tau: f64) -> f64 {
    match settings.krylov_tolerance {
        KrylovTolerance::Newton => 0.1 * tau,
        KrylovTolerance::Fixed => 0.0,
    }
}

/// The residual tests of a Newton iterate with `‖r‖ = norm`: `Absolute`, then `Relative` to
/// `‖r₀‖ = r0` (NaN at the starting point, where it cannot hold), then `Force` with the
/// iterate's force scale `F_ref` (see [`SolverSettings`]).
pub(super) fn converged(
    settings: &SolverSettings,
    norm: f64,
    r0: f64,
    force_scale: f64,
) -> Option<Convergence> {
    if norm <= settings.abs_tol {
        Some(Convergence::Absolute)
    } else if norm <= settings.rel_tol * r0 {
        Some(Convergence::Relative)
    } else if norm <= settings.force_tol * force_scale {
        Some(Convergence::Force)
    } else {
        None
    }
}

/// The length scales (m) of the round-off floor test ([`FLOOR_STEP`]: the rods' shortest rest
/// edge, or 1 m) and of the step test (`step_tol`: the shortest rest length of the rods,
/// shells and cells, or [`undiscretised_scale`] in a scene without them).
pub(super) fn length_scales(model: &Model) -> (f64, f64) {
    let shortest = |rods_only: bool| {
        model
            .bodies
            .iter()
            .filter(|b| !rods_only || b.kind() == BodyKind::Rod)
            .filter_map(|b| b.rest_length_scale())
            .fold(f64::INFINITY, f64::min)
    };
    let (floor, step) = (shortest(true), shortest(false));
    (
        if floor.is_finite() { floor } else { 1.0 },
        if step.is_finite() {
            step
        } else {
            undiscretised_scale(model)
        },
    )
}

/// The step test's length scale (m) in a scene without a discretised body: 1 m, or
/// [`SPHERE_SCALE`] times the smallest sphere radius where that is shorter. 1 m is what
/// granular steps need at the millimetre scale (see
/// [`rest_length_scale`](crate::model::Body::rest_length_scale)); for micrometre particles
/// (cells as spheres) it would accept a step of 10 nm at `step_tol` = 1e-8, a few per mille of
/// a radius, so there the scale follows the particles: `step_tol` × 1000 r is 1e-5 of a radius,
/// what 1 m is for millimetre grains.
fn undiscretised_scale(model: &Model) -> f64 {
    let r_min = model
        .bodies
        .spheres
        .iter()
        .map(|s| s.radius)
        .fold(f64::INFINITY, f64::min);
    (SPHERE_SCALE * r_min).min(1.0)
}

/// The step test's length scale in radii of the smallest sphere, in a scene of spheres (see
/// [`undiscretised_scale`]).
const SPHERE_SCALE: f64 = 1e3;

#[cfg(test)]
mod tests {
    use super::worth_speculating;

    #[test]
    fn a_trial_gets_its_jacobian_when_another_iteration_is_expected() {
        let tau = 1e-9;
        // No residual yet: nothing to predict from.
        assert!(!worth_speculating(&[], 3, 0.1, tau));
        // First iteration: the last solve's first reduction predicts ‖r₁‖.
        assert!(worth_speculating(&[1e-2], 1, 1e-3, tau));
        assert!(!worth_speculating(&[1e-2], 5, 1e-8, tau));
        // … and without one, the last solve's iteration count decides.
        assert!(worth_speculating(&[1e-2], 2, f64::NAN, tau));
        assert!(!worth_speculating(&[1e-2], 1, f64::NAN, tau));
        // Later: the quadratic model ‖r₂‖ ≈ ‖r₁‖³/‖r₀‖².
        assert!(worth_speculating(&[1e-2, 1e-4], 1, f64::NAN, tau)); // predicts 1e-8
        assert!(!worth_speculating(&[1e-2, 1e-6], 9, 0.5, tau)); // predicts 1e-14
    }
}
