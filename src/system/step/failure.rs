//! A scene step that failed even at the smallest allowed Δt: its attempts and the message a run
//! prints about it — the step's number and interval `t_n → t_n + Δt`, each attempt with its
//! sub-step, Newton's iterations and final residual against the tolerance — and what to do.
//!
//! ```text
//! step 21 (t = 0.2 s → 0.21 s) failed after 2 attempts, Δt halved down to the floor min_dt = 2.5e-3 s:
//!   attempt 1 of 2 (t = 0.2 s → 0.205 s, Δt = 5e-3 s): Newton did not converge in 1 iteration …
//!   attempt 2 of 2 (t = 0.2025 s → 0.205 s, Δt = 2.5e-3 s): Newton did not converge in 1 iteration …
//! ```
//!
//! Every time is printed once, with as many digits as tell the ends of its interval apart.

use crate::system::SolveError;
use crate::system::error::sci;
use std::fmt;

/// Attempts listed in full; of more, the first two and the last three are shown.
const SHOWN: usize = 6;

/// One failed attempt.
#[derive(Debug, Clone)]
pub struct Attempt {
    /// Time at the start of the attempt (s).
    pub t: f64,
    /// Sub-step tried (s).
    pub dt: f64,
    /// Why it failed.
    pub error: SolveError,
    /// Where a non-finite value first appears, when it can be told (a contact pair, a rod node).
    pub culprit: Option<String>,
}

impl Attempt {
    /// The attempt's sub-step: "the whole step" when it spans `step` (start, end), else its
    /// own interval.
    fn interval(&self, step: (f64, f64)) -> String {
        let end = self.t + self.dt;
        if self.t == step.0 && (end - step.1).abs() <= 1e-9 * self.dt {
            format!("Δt = {} s, the whole step", sci(self.dt))
        } else {
            format!("{}, Δt = {} s", span(self.t, end), sci(self.dt))
        }
    }

    /// Why it failed, with the first non-finite value when known.
    fn reason(&self) -> String {
        match &self.culprit {
            Some(c) => format!("{} (first non-finite value: {c})", self.error),
            None => self.error.to_string(),
        }
    }
}

impl fmt::Display for Attempt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} (Δt = {} s): {}",
            span(self.t, self.t + self.dt),
            sci(self.dt),
            self.reason()
        )
    }
}

/// A step that failed even with the smallest allowed sub-step.
#[derive(Debug, Clone)]
pub struct StepFailure {
    /// Start of the scene step, `t_n` (s).
    pub t_start: f64,
    /// End of the scene step, `t_n + Δt` (s).
    pub t_end: f64,
    /// Every failed attempt of this step, in order (the last is at the floor).
    pub attempts: Vec<Attempt>,
    /// The floor (s).
    pub min_dt: f64,
    /// Under `integrator: Static`, the load step that failed (its ramped load factors).
    pub static_load: Option<FailedLoadStep>,
    /// The integrator drops the masses (`Overdamped`, `Static`): a singular system then
    /// usually means a DOF that nothing resists, which the help says.
    pub massless: bool,
}

/// A static load step that failed: the ramped load factor `λ` at its start (the last
/// equilibrium reached, written with every earlier load step) and at its end.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct FailedLoadStep {
    /// The largest ramped load factor at the step's start, if a load is ramped.
    pub reached: Option<f64>,
    /// The same at the step's end, which the step did not reach.
    pub target: Option<f64>,
}

impl FailedLoadStep {
    /// The closing line of a failed load step's message.
    fn describe(&self, t_start: f64) -> String {
        let factors = match (self.reached, self.target) {
            (Some(a), Some(b)) => format!(
                " (load factor λ = {}; this load step aimed at λ = {})",
                time(a, 4),
                time(b, 4)
            ),
            _ => String::new(),
        };
        format!(
            "\n  integrator: Static: the last equilibrium reached is the one at t = {} s{factors}, \
             written with every load step before it",
            time(t_start, 6)
        )
    }
}

impl StepFailure {
    /// The error of the last attempt.
    pub fn last_error(&self) -> &SolveError {
        &self
            .attempts
            .last()
            .expect("a failure has at least one attempt")
            .error
    }

    /// What to do about it (from the last attempt's error).
    pub fn help(&self) -> String {
        let help = self.last_error().help();
        match self.last_error() {
            SolveError::NonFinite { .. } | SolveError::Factorisation { .. } if self.massless => {
                format!(
                    "{help}; without masses (integrator: Overdamped or Static) every free DOF \
                     must be resisted: a drag (`StokesDrag` on spheres, `ViscousDrag` on rod \
                     nodes), a resistance law, an elastic or contact stiffness, or a boundary \
                     condition — a body held by none of them moves without bound"
                )
            }
            _ => help,
        }
    }

    /// The message about the failure of step number `step` (1-based), or of "the step" when
    /// the number is not known: the step's interval, then each attempt (more than six: the
    /// first two and the last three).
    pub fn message(&self, step: Option<u64>) -> String {
        let interval = span(self.t_start, self.t_end);
        let what = if self.static_load.is_some() {
            "load step"
        } else {
            "step"
        };
        let head = match step {
            Some(k) => format!("{what} {k} ({interval})"),
            None => format!("the {what} {interval}"),
        };
        let tail = self
            .static_load
            .map_or(String::new(), |l| l.describe(self.t_start));
        let step = (self.t_start, self.t_end);
        let n = self.attempts.len();
        let Some(last) = self.attempts.last() else {
            return format!("{head} failed");
        };
        let floor = if last.dt == self.min_dt {
            format!("the floor min_dt = {} s", sci(self.min_dt))
        } else {
            format!(
                "{} s (half of it would be below min_dt = {} s)",
                sci(last.dt),
                sci(self.min_dt)
            )
        };
        if n == 1 {
            return format!(
                "{head} failed on its only attempt ({}; Δt is {floor}): {}{tail}",
                last.interval(step),
                last.reason()
            );
        }
        let mut s = format!("{head} failed after {n} attempts, Δt halved down to {floor}:");
        let line = |k: usize| {
            let a = &self.attempts[k];
            format!(
                "\n  attempt {} of {n} ({}): {}",
                k + 1,
                a.interval(step),
                a.reason()
            )
        };
        if n <= SHOWN {
            (0..n).for_each(|k| s.push_str(&line(k)));
        } else {
            (0..2).for_each(|k| s.push_str(&line(k)));
            s.push_str(&format!(
                "\n  … attempts 3 to {} (Δt = {} s down to {} s) left out",
                n - 3,
                sci(self.attempts[2].dt),
                sci(self.attempts[n - 4].dt)
            ));
            (n - 3..n).for_each(|k| s.push_str(&line(k)));
        }
        s.push_str(&tail);
        s
    }
}

impl fmt::Display for StepFailure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message(None))
    }
}

/// `t = t₀ s → t₁ s`, each with the significant digits that tell them apart (at least 4,
/// trailing zeros dropped).
fn span(t0: f64, t1: f64) -> String {
    let scale = t0.abs().max(t1.abs());
    let gap = (t1 - t0).abs();
    let digits = if gap > 0.0 && scale > 0.0 {
        ((scale / gap).log10().ceil() as i32 + 3).clamp(4, 16)
    } else {
        4
    };
    format!("t = {} s → {} s", time(t0, digits), time(t1, digits))
}

/// `t` rounded to `digits` significant digits: plain decimals from 1 ms to 10⁶ s, else
/// scientific notation.
fn time(t: f64, digits: i32) -> String {
    if t == 0.0 || !t.is_finite() {
        return t.to_string();
    }
    let rounded: f64 = format!("{:.*e}", (digits - 1) as usize, t)
        .parse()
        .unwrap_or(t);
    if (1e-3..1e6).contains(&rounded.abs()) {
        format!("{rounded}")
    } else {
        format!("{rounded:e}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn not_converged(residuals: Vec<f64>) -> SolveError {
        SolveError::NotConverged {
            iterations: 1,
            max_iterations: 1,
            time: 0.0,
            residuals,
            tolerance: 1e-10,
            last_step: Some(2e-3),
            step_limit: 1e-10,
        }
    }

    fn attempt(t: f64, dt: f64) -> Attempt {
        Attempt {
            t,
            dt,
            error: not_converged(vec![0.5, 0.25]),
            culprit: None,
        }
    }

    #[test]
    fn a_static_load_step_says_the_load_factor_it_reached() {
        let f = StepFailure {
            t_start: 0.4,
            t_end: 0.6,
            attempts: vec![attempt(0.4, 0.2)],
            min_dt: 0.2,
            static_load: Some(FailedLoadStep {
                reached: Some(0.4),
                target: Some(0.6),
            }),
            massless: true,
        };
        let m = f.message(Some(3));
        assert!(
            m.starts_with("load step 3 (t = 0.4 s → 0.6 s) failed"),
            "{m}"
        );
        assert!(
            m.ends_with(
                "integrator: Static: the last equilibrium reached is the one at t = 0.4 s \
                 (load factor λ = 0.4; this load step aimed at λ = 0.6), written with every \
                 load step before it"
            ),
            "{m}"
        );
    }

    #[test]
    fn times_are_short_and_tell_the_ends_apart() {
        assert_eq!(span(0.0, 0.01), "t = 0 s → 0.01 s");
        assert_eq!(
            span(0.20000000000000004, 0.21000000000000002),
            "t = 0.2 s → 0.21 s"
        );
        assert_eq!(span(12.34567, 12.34568), "t = 12.34567 s → 12.34568 s");
        assert_eq!(span(0.0, 9.765625e-6), "t = 0 s → 9.766e-6 s");
    }

    #[test]
    fn the_message_names_step_interval_attempts_iterations_and_residual() {
        let f = StepFailure {
            t_start: 0.2,
            t_end: 0.21,
            attempts: vec![
                attempt(0.2, 0.01),
                attempt(0.2, 0.005),
                attempt(0.2025, 0.0025),
            ],
            min_dt: 0.0025,
            static_load: None,
            massless: false,
        };
        let m = f.message(Some(21));
        let lines: Vec<&str> = m.lines().collect();
        assert_eq!(
            lines[0],
            "step 21 (t = 0.2 s → 0.21 s) failed after 3 attempts, Δt halved down to the floor \
             min_dt = 2.5e-3 s:"
        );
        assert!(
            lines[1].starts_with(
                "  attempt 1 of 3 (Δt = 1e-2 s, the whole step): Newton did not converge in 1 \
                 iteration (max_iterations = 1): ‖r‖ = 2.5e-1 > tolerance 1e-10, last step \
                 ‖Δq‖∞ = 2e-3 > step_tol × shortest edge = 1e-10 (‖r‖ history: 5e-1, 2.5e-1)"
            ),
            "{m}"
        );
        assert!(lines[2].starts_with("  attempt 2 of 3 (t = 0.2 s → 0.205 s, Δt = 5e-3 s): "));
        assert!(lines[3].starts_with("  attempt 3 of 3 (t = 0.2025 s → 0.205 s, Δt = 2.5e-3 s): "));
        assert_eq!(m.matches("0.21 s").count(), 1, "{m}");
        assert!(f.help().contains("max_iterations"));
    }

    #[test]
    fn one_attempt_is_one_line_and_many_are_shortened() {
        let one = StepFailure {
            t_start: 0.0,
            t_end: 0.005,
            attempts: vec![attempt(0.0, 0.005)],
            min_dt: 0.005,
            static_load: None,
            massless: false,
        };
        assert!(
            one.message(Some(1)).starts_with(
                "step 1 (t = 0 s → 0.005 s) failed on its only attempt (Δt = 5e-3 s, the whole \
                 step; Δt is the floor min_dt = 5e-3 s): Newton did not converge"
            ),
            "{}",
            one.message(Some(1))
        );
        let attempts: Vec<Attempt> = (0..11).map(|k| attempt(0.0, 0.01 / 2f64.powi(k))).collect();
        let many = StepFailure {
            t_start: 0.0,
            t_end: 0.01,
            attempts,
            min_dt: 0.01 / 1024.0,
            static_load: None,
            massless: false,
        };
        let m = many.to_string();
        assert!(
            m.starts_with("the step t = 0 s → 0.01 s failed after 11 attempts"),
            "{m}"
        );
        assert_eq!(m.lines().count(), 1 + 2 + 1 + 3, "{m}");
        assert!(
            m.contains("\n  … attempts 3 to 8 (Δt = 2.5e-3 s down to 7.813e-5 s) left out\n"),
            "{m}"
        );
        assert!(
            m.contains("\n  attempt 11 of 11 (t = 0 s → 9.766e-6 s, Δt = 9.766e-6 s): "),
            "{m}"
        );
    }
}
