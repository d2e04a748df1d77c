//! Progress bars of the long validation cases (one per simulation, e.g. per knot), drawn on
//! standard error while a case runs; hidden when standard error is not a terminal or when
//! disabled (tests).

use indicatif::{MultiProgress, ProgressBar, ProgressDrawTarget, ProgressStyle};

/// Where the bars of a validation run go.
#[derive(Debug, Clone)]
pub struct Progress {
    multi: Option<MultiProgress>,
}

impl Progress {
    /// Bars drawn on standard error (indicatif hides them when it is not a terminal).
    pub fn stderr() -> Self {
        Self {
            multi: Some(MultiProgress::with_draw_target(ProgressDrawTarget::stderr())),
        }
    }

    /// No bars.
    pub fn hidden() -> Self {
        Self { multi: None }
    }

    /// A bar of `len` steps labelled `label`.
    pub fn bar(&self, label: &str, len: u64) -> ProgressBar {
        let Some(multi) = &self.multi else {
            return ProgressBar::hidden();
        };
        let b = multi.add(ProgressBar::new(len));
        b.set_style(
            ProgressStyle::with_template(
                "{prefix:>14} [{elapsed_precise}] {bar:30} {pos}/{len} steps  eta {eta}  {msg}",
            )
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
        );
        b.set_prefix(label.to_string());
        b
    }
}
