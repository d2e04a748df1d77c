//! What a Jacobian check reports: per element, the worst errors and where they were met
//! ([`Report`], printed as a table by its `Display`), and the [`Options`] it ran with.

use crate::contact::PrimKind;
use crate::contact::distance::ContactType;
use std::collections::BTreeMap;
use std::path::PathBuf;

/// The most configurations a check may be asked for (`catena check --samples`,
/// `catena.check_jacobian(samples=…)`): each takes a few milliseconds per element, so a million
/// is already an hour; more is a typo.
pub const MAX_SAMPLES: usize = 1_000_000;

/// Options of a Jacobian check.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Options {
    /// Number of random configurations.
    pub samples: usize,
    /// Seed of the generator (the same seed gives the same configurations).
    pub seed: u64,
    /// Largest relative error that passes.
    pub tolerance: f64,
    /// Time step Δt (s) the chain is evaluated with.
    pub dt: f64,
}

impl Default for Options {
    /// 200 configurations, seed 1, tolerance 10⁻⁵, Δt = 1 ms.
    fn default() -> Self {
        Self {
            samples: 200,
            seed: 1,
            tolerance: 1e-5,
            dt: 1e-3,
        }
    }
}

/// Why a chain cannot be checked.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum VerifyError {
    /// No configuration generator places this pair type.
    #[error("cannot generate configurations of {0} against {1}")]
    UnsupportedPair(PrimKind, PrimKind),
    /// The options make no sense.
    #[error("{0}")]
    BadOptions(String),
    /// A stop was requested (see [`super::jacobians_until`]) after `done` configurations.
    #[error("interrupted by {} after {done} configurations", crate::run::signal_name(*signal))]
    Interrupted {
        /// The signal that asked.
        signal: i32,
        /// Configurations checked.
        done: usize,
    },
}

/// What a row of the report checks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Checked {
    /// A resolver: `∇²Δ` against differences of `∇Δ`, `∇Δ` against differences of `Δ`.
    Geometry,
    /// One element's own force contribution and its Jacobians.
    Element,
    /// The force of the whole chain.
    Total,
}

/// Where an error was measured.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Location {
    /// Configuration number (0-based; the same `seed` and number reproduce it).
    pub sample: usize,
    /// Closest-feature case the resolver found.
    pub contact_type: ContactType,
    /// Gap `Δ − r₁ − r₂` (m).
    pub gap: f64,
    /// Relative tangential speed at the contact point (m/s).
    pub tangential_speed: f64,
    /// Which per-pair memory the configuration started from.
    pub history: HistoryKind,
    /// Whether a side was a rigid body's primitive.
    pub rigid: bool,
}

/// The per-pair memory a configuration starts from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HistoryKind {
    /// No memory (a new contact).
    Fresh,
    /// The memory committed after 1–3 previous steps along the velocity.
    Previous,
    /// The memory of 1–3 previous steps along a path displaced tangentially (10⁻⁷…10⁻³ m).
    Perturbed,
}

/// The largest error of one kind over the configurations, and where it was met.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Worst {
    /// Relative error.
    pub error: f64,
    /// Where (`None` until something was measured).
    pub at: Option<Location>,
}

impl Worst {
    pub(super) fn update(&mut self, error: f64, at: Location) {
        // A NaN (a non-finite force or derivative) is the worst error of all.
        let error = if error.is_nan() { f64::INFINITY } else { error };
        if self.at.is_none() || error > self.error {
            *self = Worst {
                error,
                at: Some(at),
            };
        }
    }
}

/// The result for one element (or for the chain total).
#[derive(Debug, Clone, PartialEq)]
pub struct Row {
    /// 1-based position in the chain (`None` for the chain total).
    pub position: Option<usize>,
    /// Element name (`chain total` for the total).
    pub name: String,
    /// What is checked.
    pub checked: Checked,
    /// Configurations in which the element acted (non-zero contribution) and was compared.
    pub acted: usize,
    /// Configurations skipped because a perturbation crossed a rejection boundary.
    pub at_boundary: usize,
    /// Configurations in which the energy (or distance) gradient was compared.
    pub gradient_checked: usize,
    /// Worst `∂f/∂x` (resolvers: `∇²Δ`) error.
    pub dfdx: Worst,
    /// Worst `∂f/∂v` error.
    pub dfdv: Worst,
    /// Worst `f = −∇E` (resolvers: `∇Δ`) error.
    pub gradient: Worst,
    /// Configurations acted on, by case (`PP`, `PE`, `EE`, `PF`, `plane`, `overlap`,
    /// `separation`, and `rigid` for those with a rigid body on a side).
    pub cases: BTreeMap<&'static str, usize>,
    /// The largest of the three errors over the configurations with a rigid body on a side,
    /// and where it was met (`None` when the row acted in none).
    pub rigid: Worst,
    /// Smallest and largest tangential speed acted at (m/s).
    pub speeds: (f64, f64),
}

impl Row {
    pub(super) fn new(position: Option<usize>, name: &str, checked: Checked) -> Self {
        Self {
            position,
            name: name.to_string(),
            checked,
            acted: 0,
            at_boundary: 0,
            gradient_checked: 0,
            dfdx: Worst::default(),
            dfdv: Worst::default(),
            gradient: Worst::default(),
            cases: BTreeMap::new(),
            rigid: Worst::default(),
            speeds: (f64::INFINITY, 0.0),
        }
    }

    /// The largest of the row's three errors.
    pub fn worst(&self) -> Worst {
        [self.dfdx, self.dfdv, self.gradient]
            .into_iter()
            .fold(
                Worst::default(),
                |a, b| if b.error > a.error { b } else { a },
            )
    }

    /// Whether every error is within `tolerance` (a row that never acted passes, vacuously,
    /// unless it is the chain total: a chain that never produced a force verified nothing).
    pub fn passed(&self, tolerance: f64) -> bool {
        self.worst().error <= tolerance && (self.checked != Checked::Total || self.acted > 0)
    }
}

/// The result of [`jacobians`](super::jacobians).
#[derive(Debug, Clone, PartialEq)]
pub struct Report {
    /// Chain name.
    pub chain: String,
    /// Chain file (empty for chains built in code).
    pub file: PathBuf,
    /// Pair type.
    pub kinds: (PrimKind, PrimKind),
    /// The options used.
    pub options: Options,
    /// One row per checked element (resolvers and elements that add force), then the total.
    pub rows: Vec<Row>,
}

impl Report {
    /// Whether every row passed.
    pub fn passed(&self) -> bool {
        self.rows.iter().all(|r| r.passed(self.options.tolerance))
    }
    /// The rows that failed.
    pub fn failures(&self) -> impl Iterator<Item = &Row> {
        self.rows
            .iter()
            .filter(|r| !r.passed(self.options.tolerance))
    }
    /// The row of the element called `name` (the first, if it appears twice).
    pub fn row(&self, name: &str) -> Option<&Row> {
        self.rows.iter().find(|r| r.name == name)
    }
}
