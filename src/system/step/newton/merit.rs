//! The two merits of Newton's line search: the incremental potential `Π` (Armijo), for steps
//! whose forces all have one, and `½‖r‖²` (Goldstein–Price, lengthened when a full step only
//! creeps), for the others.

use crate::model::Model;
use crate::system::step::line_search::{CREEP_RATIO, armijo, expand, goldstein_price};
use crate::system::{LineSearchOutcome, SolveError, SolverSettings};

/// Armijo backtracking on the incremental potential `Π` along `−Δq` (`rhs`), from `eval`'s
/// `Π(0)` with slope `Π'(0) = −rᵀΔq`; returns the outcome and `Π(0)`.
pub(super) fn search_energy(
    model: &Model,
    settings: &SolverSettings,
    eval: &crate::system::Evaluation,
    rhs: &[f64],
    eval_at: &mut dyn FnMut(f64) -> (Option<f64>, f64),
) -> Result<(LineSearchOutcome, f64), SolveError> {
    let pi0 = eval.incremental_potential.unwrap_or(0.0);
    // Π'(0) along −Δq is −rᵀΔq.
    let slope = -model
        .dofs
        .free_dofs()
        .enumerate()
        .map(|(k, g)| eval.residual[g] * rhs[k])
        .sum::<f64>();
    armijo(pi0, slope, settings.line_search_max_iterations, |a| {
        Ok::<_, SolveError>(eval_at(a).0)
    })
    .map(|out| (out, pi0))
}

/// Goldstein–Price on `½‖r‖²` along the (CCD-capped by `alpha_max`) Newton step, from the
/// iterate's `‖r‖ = norm`; a creeping full step (exponential penalty tail) is lengthened, never
/// past a CCD bound. Returns the outcome and `½‖r‖²` at the iterate.
pub(super) fn search_residual(
    settings: &SolverSettings,
    norm: f64,
    alpha_max: f64,
    ccd: bool,
    eval_at: &mut dyn FnMut(f64) -> (Option<f64>, f64),
) -> Result<(LineSearchOutcome, f64), SolveError> {
    let phi0 = 0.5 * norm * norm;
    let slope = -norm * norm * alpha_max;
    let mut merit = |a: f64| {
        let n = eval_at(a).1;
        Ok::<f64, SolveError>(0.5 * n * n)
    };
    goldstein_price(phi0, slope, settings.line_search_max_iterations, &mut merit)
        .and_then(|out| {
            let longest = settings.line_search_expansion;
            if !ccd
                && longest > 1.0
                && out.satisfied
                && out.alpha == 1.0
                && out.phi > CREEP_RATIO * phi0
            {
                expand(out, longest, &mut merit)
            } else {
                Ok(out)
            }
        })
        .map(|out| (out, phi0))
}
