//! Goldstein–Price line search on the merit function `φ(α) = ½‖r(q − αΔq)‖²`
//! (seed 001 App. B.4, Alg. 1).
//!
//! With the Newton direction, `φ'(0) = −‖r‖² = s < 0`. A step `α ∈ (0, 1]` is accepted when
//! `m₂ α s ≤ φ(α) − φ(0) ≤ m₁ α s` (`m₁ = 0.1`, `m₂ = 0.9`): enough decrease, and not so
//! much that a longer step would do better. Otherwise the bracket `[α_l, α_u]` (initially
//! `[0, 1]`) is bisected: too much decrease moves `α_l` up, too little moves `α_u` down.
//! At `α = 1` the "too much decrease" case is accepted, since Newton's step is never lengthened.
//! When the bracket collapses or the iteration limit is hit, the best `α` seen is returned.
//!
//! Each trial `α` is one evaluation without Jacobian (Newton's `evaluate(…, false, …)`): the
//! residual and the incremental potential only. No Hessian work is done for it: the elastic
//! stencils skip theirs, the external forces' derivatives are not combined, and every contact
//! pair is evaluated with `want_jacobian = false` (resolvers skip `∇²Δ`, laws skip `∂f/∂x`,
//! `∂f/∂v`, no system block is formed and the reused pair record is not even cleared of them).

/// What the line search found.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LineSearchOutcome {
    /// Accepted step length.
    pub alpha: f64,
    /// Merit `φ(α)` at the accepted step.
    pub phi: f64,
    /// Number of merit evaluations done (each one residual assembly).
    pub evaluations: u32,
    /// Whether the Goldstein conditions held at the returned step.
    pub satisfied: bool,
}

/// Goldstein–Price bisection. `phi0 = φ(0)`, `slope = φ'(0) < 0`, `phi(α)` evaluates the merit.
/// Returns an error only when `phi` does.
pub fn goldstein_price<E>(
    phi0: f64,
    slope: f64,
    max_iterations: u32,
    mut phi: impl FnMut(f64) -> Result<f64, E>,
) -> Result<LineSearchOutcome, E> {
    const M1: f64 = 0.1;
    const M2: f64 = 0.9;
    let (mut lo, mut hi) = (0.0_f64, 1.0_f64);
    let mut alpha = 1.0;
    let mut best = LineSearchOutcome {
        alpha: 1.0,
        phi: f64::INFINITY,
        evaluations: 0,
        satisfied: false,
    };
    for it in 0..max_iterations.max(1) {
        let p = phi(alpha)?;
        best.evaluations = it + 1;
        let change = p - phi0;
        let p_ok = p.is_finite();
        if p_ok && p < best.phi {
            best.alpha = alpha;
            best.phi = p;
        }
        let sufficient = p_ok && change <= M1 * alpha * slope;
        let not_short = change >= M2 * alpha * slope || alpha >= 1.0;
        if sufficient && not_short {
            best.alpha = alpha;
            best.phi = p;
            best.satisfied = true;
            return Ok(best);
        }
        if sufficient {
            lo = alpha;
        } else {
            hi = alpha;
        }
        if hi - lo < 1e-6 {
            break;
        }
        alpha = 0.5 * (lo + hi);
    }
    Ok(best)
}

/// Ratio `φ(1)/φ(0)` above which a full Newton step counts as creeping (`‖r‖` reduced by less
/// than about 4.5×) and [`expand`] probes longer steps.
pub const CREEP_RATIO: f64 = 0.05;

/// Step expansion after an accepted full step that only crept: tries `α = 2, 4, …, α_max` while
/// each doubling lowers the merit by at least half again (`φ(2α) ≤ ½ φ(α)`), and returns the
/// best step seen (`full` when no longer one is better). `phi(α)` evaluates the merit.
///
/// Why: Newton on an exponential penalty tail (IMC's squared softplus, seed 001 Eq. 9) started
/// on the stiff side moves each gap by about `δ/30` per iteration and lowers `‖r‖` by only
/// `e`; every doubling of α there lowers `‖r‖` by another `e^α`. On a near-quadratic merit the
/// full step already gives `φ(1) ≪ φ(0)`, [`CREEP_RATIO`] is not reached and nothing is spent.
/// Every accepted step still decreases the merit, so the iteration stays a descent method.
pub fn expand<E>(
    full: LineSearchOutcome,
    alpha_max: f64,
    mut phi: impl FnMut(f64) -> Result<f64, E>,
) -> Result<LineSearchOutcome, E> {
    let mut best = full;
    let mut alpha = 2.0 * full.alpha;
    while alpha <= alpha_max {
        let p = phi(alpha)?;
        best.evaluations += 1;
        if !(p.is_finite() && p <= 0.5 * best.phi) {
            break;
        }
        best.alpha = alpha;
        best.phi = p;
        alpha *= 2.0;
    }
    Ok(best)
}

/// Armijo backtracking on an energy merit: accepts the first `α = 2⁻ᵏ` with
/// `Π(α) ≤ Π(0) + c α s` (`c = 10⁻⁴`, `s = Π'(0) < 0`). Returns the best `α` seen otherwise.
/// `pi(α)` returns `None` where the merit is undefined (e.g. non-finite).
pub fn armijo<E>(
    pi0: f64,
    slope: f64,
    max_iterations: u32,
    mut pi: impl FnMut(f64) -> Result<Option<f64>, E>,
) -> Result<LineSearchOutcome, E> {
    const C: f64 = 1e-4;
    let mut alpha = 1.0;
    let mut best = LineSearchOutcome {
        alpha: 1.0,
        phi: f64::INFINITY,
        evaluations: 0,
        satisfied: false,
    };
    for it in 0..max_iterations.max(1) {
        let p = pi(alpha)?;
        best.evaluations = it + 1;
        if let Some(p) = p.filter(|p| p.is_finite()) {
            if p < best.phi {
                best.alpha = alpha;
                best.phi = p;
            }
            if p <= pi0 + C * alpha * slope {
                best.alpha = alpha;
                best.phi = p;
                best.satisfied = true;
                return Ok(best);
            }
        }
        alpha *= 0.5;
    }
    Ok(best)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn expansion_follows_an_exponential_tail() {
        // r(α) = e^{−α}: each unit of α lowers ‖r‖ by e, as Newton creeping on a softplus tail.
        let phi = |a: f64| 0.5 * (-2.0 * a).exp();
        let full = LineSearchOutcome {
            alpha: 1.0,
            phi: phi(1.0),
            evaluations: 1,
            satisfied: true,
        };
        assert!(full.phi > CREEP_RATIO * phi(0.0));
        let out = expand::<()>(full, 16.0, |a| Ok(phi(a))).unwrap();
        assert_eq!(out.alpha, 16.0);
        assert_eq!(out.evaluations, 5);
        assert_eq!(out.phi, phi(16.0));
    }

    #[test]
    fn expansion_stops_past_the_minimum() {
        // φ(α) = ½ (3 − α)²: minimum at α = 3; α = 2 halves φ(1) and α = 4 does not.
        let phi = |a: f64| 0.5 * (3.0 - a) * (3.0 - a);
        let full = LineSearchOutcome {
            alpha: 1.0,
            phi: phi(1.0),
            evaluations: 1,
            satisfied: true,
        };
        let out = expand::<()>(full, 16.0, |a| Ok(phi(a))).unwrap();
        assert_eq!(out.alpha, 2.0);
        assert_eq!(out.evaluations, 3);
    }

    #[test]
    fn full_step_accepted_on_quadratic() {
        // φ(α) = ½ (1 − α)² → φ(0) = ½, slope −1, Newton step exact.
        let out =
            goldstein_price::<()>(0.5, -1.0, 10, |a| Ok(0.5 * (1.0 - a) * (1.0 - a))).unwrap();
        assert_eq!(out.alpha, 1.0);
        assert!(out.satisfied);
        assert_eq!(out.evaluations, 1);
    }

    #[test]
    fn overshooting_step_is_shortened() {
        // Merit grows quickly beyond α = 0.3: φ(α) = ½ − α + 5 α³.
        let f = |a: f64| 0.5 - a + 5.0 * a * a * a;
        let out = goldstein_price::<()>(0.5, -1.0, 20, |a| Ok(f(a))).unwrap();
        assert!(out.alpha < 1.0 && out.alpha > 0.0);
        assert!(out.phi < 0.5);
        let change = out.phi - 0.5;
        assert!(change <= -0.1 * out.alpha);
    }

    #[test]
    fn armijo_backtracks_to_sufficient_decrease() {
        // Π(α) = (α − 0.3)² − 0.09 has Π(0) = 0, slope −0.6, minimum at 0.3.
        let out = armijo::<()>(0.0, -0.6, 20, |a| Ok(Some((a - 0.3) * (a - 0.3) - 0.09))).unwrap();
        assert!(out.satisfied);
        assert_eq!(out.alpha, 0.5);
        assert_eq!(out.evaluations, 2);
    }

    #[test]
    fn non_finite_merit_is_rejected() {
        let out = goldstein_price::<()>(1.0, -2.0, 20, |a| {
            Ok(if a > 0.2 { f64::NAN } else { 1.0 - a })
        })
        .unwrap();
        assert!(out.alpha <= 0.2);
        assert!(out.phi.is_finite());
    }
}
