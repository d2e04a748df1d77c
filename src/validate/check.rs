//! One validated quantity: a simulated value against its reference, the error and the
//! criterion that decides pass or fail.

use serde::Serialize;

/// How a simulated value is judged against its reference.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub enum Criterion {
    /// `|sim − ref| / |ref| ≤ tol` (the error column is the signed relative error).
    Relative(f64),
    /// `|sim − ref| ≤ tol`, in the quantity's unit (the error column is `sim − ref`).
    Absolute(f64),
    /// `sim > ref` strictly (a guarantee, e.g. a positive gap); error is `sim − ref`.
    Above,
    /// `sim ≤ ref` (a bound, e.g. a penetration under a tolerance); error is `sim − ref`.
    AtMost,
    /// Reported beside the others, not judged (e.g. beam theory outside its range); the error
    /// is relative, or the difference when the reference is 0.
    Report,
}

/// One row of the validation table.
#[derive(Debug, Clone, Serialize)]
pub struct Check {
    /// Case name.
    pub case: String,
    /// What is compared, with its condition (e.g. `tip deflection, E = 2 GPa`).
    pub quantity: String,
    /// Unit of `simulated` and `reference`.
    pub unit: String,
    /// Simulated value.
    pub simulated: f64,
    /// Theory or bound.
    pub reference: f64,
    /// Error as the criterion measures it (relative, or difference in `unit`).
    pub error: f64,
    /// The criterion.
    pub criterion: Criterion,
    /// Pass (`None` for a reported-only row).
    pub pass: Option<bool>,
}

impl Check {
    /// A row judged by `criterion`; the case name is filled in by the runner.
    pub fn new(
        quantity: impl Into<String>,
        unit: &str,
        simulated: f64,
        reference: f64,
        criterion: Criterion,
    ) -> Self {
        let relative = (simulated - reference) / reference.abs();
        let (error, pass) = match criterion {
            Criterion::Relative(tol) => (relative, Some(relative.abs() <= tol)),
            Criterion::Absolute(tol) => (
                simulated - reference,
                Some((simulated - reference).abs() <= tol),
            ),
            Criterion::Above => (simulated - reference, Some(simulated > reference)),
            Criterion::AtMost => (simulated - reference, Some(simulated <= reference)),
            Criterion::Report if reference == 0.0 => (simulated, None),
            Criterion::Report => (relative, None),
        };
        Self {
            case: String::new(),
            quantity: quantity.into(),
            unit: unit.to_string(),
            simulated,
            reference,
            error,
            criterion,
            // A NaN anywhere fails a judged row.
            pass: pass.map(|p| p && simulated.is_finite()),
        }
    }

    /// The error as text: a percentage for relative criteria, a difference otherwise.
    pub fn error_text(&self) -> String {
        match self.criterion {
            Criterion::Relative(_) => format!("{:+.3} %", 100.0 * self.error),
            Criterion::Report if self.reference != 0.0 => format!("{:+.3} %", 100.0 * self.error),
            _ => format!("{:+.3e}", self.error),
        }
    }

    /// The tolerance as text.
    pub fn tolerance_text(&self) -> String {
        match self.criterion {
            // Rounded to 9 significant digits, so 0.07 reads "7 %" and not "7.000000000000001 %".
            Criterion::Relative(t) => format!("± {} %", (100.0 * t * 1e9).round() / 1e9),
            Criterion::Absolute(t) => format!("± {t:.1e} {}", self.unit),
            Criterion::Above => "> reference".into(),
            Criterion::AtMost => "≤ reference".into(),
            Criterion::Report => "reported".into(),
        }
    }

    /// `pass`, `FAIL` or `—`.
    pub fn verdict(&self) -> &'static str {
        match self.pass {
            Some(true) => "pass",
            Some(false) => "FAIL",
            None => "—",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn criteria_judge_as_documented() {
        let c = Check::new("x", "m", 1.01, 1.0, Criterion::Relative(0.02));
        assert_eq!(c.pass, Some(true));
        assert!((c.error - 0.01).abs() < 1e-12);
        assert_eq!(
            Check::new("x", "m", 1.03, 1.0, Criterion::Relative(0.02)).pass,
            Some(false)
        );
        assert_eq!(
            Check::new("gap", "m", 1e-9, 0.0, Criterion::Above).pass,
            Some(true)
        );
        assert_eq!(
            Check::new("gap", "m", 0.0, 0.0, Criterion::Above).pass,
            Some(false)
        );
        assert_eq!(
            Check::new("pen", "m", 2e-5, 1e-5, Criterion::AtMost).pass,
            Some(false)
        );
        assert_eq!(
            Check::new("v", "m/s", 0.5e-4, 0.0, Criterion::Absolute(1e-4)).pass,
            Some(true)
        );
        assert_eq!(Check::new("x", "m", 2.0, 1.0, Criterion::Report).pass, None);
        assert_eq!(
            Check::new("x", "m", f64::NAN, 1.0, Criterion::AtMost).pass,
            Some(false)
        );
    }
}
