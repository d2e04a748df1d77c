//! `summary.json`: run totals and the AIPTS/ATPTS averages of the IMC paper.

use std::path::Path;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::{OutputError, StepRecord, write_atomic};

/// Totals of a run, written to `summary.json`.
///
/// JSON cannot hold `inf`/`NaN`: every non-finite `f64` field is written as `null`
/// and a `null` (or missing field) reads back as `NaN`.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct Summary {
    /// Scene name (or path) the run was made from.
    pub scene: String,
    /// Number of accepted time steps.
    pub steps: u64,
    /// Simulated time reached \[s\] (the `t` of the last step).
    #[serde(with = "finite_or_null")]
    pub sim_time: f64,
    /// Newton iterations summed over all steps.
    pub total_newton_iterations: u64,
    /// Line-search backtracking steps summed over all steps.
    pub total_line_search_steps: u64,
    /// Steps with at least one active contact.
    pub steps_with_contact: u64,
    /// AIPTS: average Newton iterations per time step, over the steps with contact
    /// (over all steps if none had contact). See [`Summary::from_steps`].
    #[serde(with = "finite_or_null")]
    pub aipts: f64,
    /// ATPTS: average wall time per time step \[ms\], over the same steps as `aipts`.
    #[serde(with = "finite_or_null")]
    pub atpts_ms: f64,
    /// Total wall time \[s\].
    #[serde(with = "finite_or_null")]
    pub wall_time_s: f64,
    /// Smallest gap over the accepted steps of the run \[m\]; `+inf` (written `null`) if there
    /// was never a contact pair.
    #[serde(with = "finite_or_null")]
    pub min_gap: f64,
    /// Smallest gap over every configuration Newton evaluated, trial iterates included \[m\]
    /// (see [`StepRecord::min_gap_iterates`]); `null` without contact pairs.
    #[serde(with = "finite_or_null")]
    pub min_gap_iterates: f64,
    /// Largest penetration seen over the run \[m\] (0 if none).
    #[serde(with = "finite_or_null")]
    pub max_penetration: f64,
    /// Wall-clock time of each stage of the step, summed over the steps \[ms\] (see
    /// [`crate::system::StageTimes`]).
    pub stages_ms: crate::system::StageTimes,
    /// The energies after the last step: at its state, and the work and dissipation over the run
    /// \[J\] (see [`crate::system::Energies`]); `null` without steps.
    pub energy: Option<crate::system::Energies>,
    /// The energies of the state the run started from \[J\] (cumulative columns zero), so that
    /// `energy` minus it is the balance of the whole run; `null` without steps.
    pub energy_initial: Option<crate::system::Energies>,
    /// Krylov (BiCGStab) iterations of the Newton solves run by this process (a resumed run
    /// counts from the resume); 0 with a direct solver.
    pub krylov_iterations: u64,
    /// The RSS fluid's dense solves (GMRES iterations, factorisations, seconds) run by this
    /// process; `null` without an RSS fluid.
    pub rss: Option<crate::external::RssStats>,
    /// Number of VTK frames written.
    pub frames: u64,
    /// Whether the run reached its end time (false while it runs, and for interrupted or
    /// failed runs).
    pub completed: bool,
    /// Why it is not completed: `"running"` (written when the run starts; still there after
    /// the process is gone, the run was killed), `"interrupted"` (SIGINT or SIGTERM: a checkpoint
    /// was written), `"stopped"` (a run's observer, e.g. a Python callback, stopped it: a
    /// checkpoint was written) or `"failed"` (a step failed); `null` when completed.
    pub reason: Option<String>,
    /// Why the run stopped early, or any other note.
    pub message: Option<String>,
}

impl Summary {
    /// Aggregates the per-step records of a run.
    ///
    /// With `C` = the steps with `active_contacts ≥ 1`:
    /// - AIPTS = (Σ_{s∈C} newton_iterations_s) / |C|
    /// - ATPTS = (Σ_{s∈C} wall_ms_s) / |C|  \[ms\]
    ///
    /// the AIPTS/ATPTS metrics of the IMC paper (Tong, Choi, Joo, Jawed, "A Fully Implicit
    /// Method for Robust Frictional Contact Handling in Elastic Rods", arXiv:2205.10309;
    /// Table 1 as cited in DESIGN.md). **If no step had contact, `C` is taken to be
    /// all steps**, so the averages stay meaningful for contact-free scenes; with no
    /// steps at all both are 0.
    ///
    /// Also: `sim_time` = `t` of the last record; `wall_time_s` = Σ wall_ms / 1000
    /// (time inside steps only; the caller may overwrite it with the measured total);
    /// `min_gap` (and `min_gap_iterates`) = the smallest non-NaN value of that column (`+inf`
    /// if none);
    /// `max_penetration` = the largest non-NaN `max_penetration`, at least 0.
    /// `energy` = the `energy` of the last record.
    /// `energy_initial`, `frames`, `completed`, `reason` and `message` are left at their defaults
    /// (None, 0, false, None) for the caller to set.
    pub fn from_steps(scene: &str, steps: &[StepRecord]) -> Summary {
        let mut totals = StepTotals::default();
        for r in steps {
            totals.add(r);
        }
        totals.summary(scene)
    }
}

/// The running totals behind [`Summary::from_steps`], one step at a time: a run keeps these
/// (and its last row) rather than every row, so its memory does not grow with its length.
/// Sums run in step order from +0, as [`Summary::from_steps`]'s over a slice (the same bits:
/// every summed quantity is ≥ 0).
#[derive(Debug, Clone, Default)]
pub struct StepTotals {
    steps: u64,
    sim_time: f64,
    iterations: u64,
    line_search: u64,
    contact_steps: u64,
    /// Σ iterations and Σ wall ms over the steps with a contact, then over every step.
    contact_sums: [f64; 2],
    all_sums: [f64; 2],
    min_gap: f64,
    min_gap_iterates: f64,
    max_penetration: f64,
    stages: crate::system::StageTimes,
    last: Option<StepRecord>,
}

impl StepTotals {
    /// Adds one accepted step.
    pub fn add(&mut self, r: &StepRecord) {
        if self.steps == 0 {
            self.min_gap = f64::INFINITY;
            self.min_gap_iterates = f64::INFINITY;
        }
        self.steps += 1;
        self.sim_time = r.t;
        self.iterations += u64::from(r.newton_iterations);
        self.line_search += u64::from(r.line_search_steps);
        let x = [f64::from(r.newton_iterations), r.wall_ms];
        if r.active_contacts > 0 {
            self.contact_steps += 1;
            self.contact_sums[0] += x[0];
            self.contact_sums[1] += x[1];
        }
        self.all_sums[0] += x[0];
        self.all_sums[1] += x[1];
        // f64::min / f64::max ignore a NaN operand.
        self.min_gap = self.min_gap.min(r.min_gap);
        self.min_gap_iterates = self.min_gap_iterates.min(r.min_gap_iterates);
        self.max_penetration = self.max_penetration.max(r.max_penetration);
        self.stages.add(&r.stages);
        self.last = Some(r.clone());
    }

    /// The last step added.
    pub fn last(&self) -> Option<&StepRecord> {
        self.last.as_ref()
    }

    /// The summary of the steps added so far (see [`Summary::from_steps`]).
    pub fn summary(&self, scene: &str) -> Summary {
        // Averages over the steps with a contact, or over all steps when none had one.
        let (n, sums) = if self.contact_steps > 0 {
            (self.contact_steps, self.contact_sums)
        } else {
            (self.steps, self.all_sums)
        };
        let mean = |k: usize| if n == 0 { 0.0 } else { sums[k] / n as f64 };
        Summary {
            scene: scene.to_owned(),
            steps: self.steps,
            sim_time: self.sim_time,
            total_newton_iterations: self.iterations,
            total_line_search_steps: self.line_search,
            steps_with_contact: self.contact_steps,
            aipts: mean(0),
            atpts_ms: mean(1),
            wall_time_s: self.all_sums[1] / 1000.0,
            min_gap: if self.steps == 0 {
                f64::INFINITY
            } else {
                self.min_gap
            },
            min_gap_iterates: if self.steps == 0 {
                f64::INFINITY
            } else {
                self.min_gap_iterates
            },
            max_penetration: self.max_penetration,
            stages_ms: self.stages,
            energy: self.last.as_ref().and_then(|r| r.energy),
            energy_initial: None,
            krylov_iterations: 0,
            rss: None,
            frames: 0,
            completed: false,
            reason: None,
            message: None,
        }
    }
}

/// Writes `s` as pretty-printed JSON to `path`, atomically (see [`write_atomic`]).
pub fn write_summary(path: &Path, s: &Summary) -> Result<(), OutputError> {
    let mut bytes = serde_json::to_vec_pretty(s).map_err(|e| OutputError::json(path, e))?;
    bytes.push(b'\n');
    write_atomic(path, &bytes)
}

/// Reads a `summary.json` written by [`write_summary`].
pub fn read_summary(path: &Path) -> Result<Summary, OutputError> {
    let bytes = std::fs::read(path).map_err(|e| OutputError::read(path, e))?;
    serde_json::from_slice(&bytes).map_err(|e| OutputError::json(path, e))
}

/// Serde adapter for `f64` fields: non-finite values as `null`, `null` back as `NaN`.
///
/// Use with `#[serde(with = "catena::io::finite_or_null")]`.
pub mod finite_or_null {
    use super::*;

    /// Serialises a finite `x` as a number, anything else as `null`.
    pub fn serialize<S: Serializer>(x: &f64, s: S) -> Result<S::Ok, S::Error> {
        if x.is_finite() {
            s.serialize_f64(*x)
        } else {
            s.serialize_none()
        }
    }

    /// Deserialises a number, or `null` as `NaN`.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<f64, D::Error> {
        Ok(Option::<f64>::deserialize(d)?.unwrap_or(f64::NAN))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn step(step: u64, iters: u32, contacts: u64, wall_ms: f64, gap: f64) -> StepRecord {
        StepRecord {
            step,
            t: (step + 1) as f64 * 0.01,
            dt: 0.01,
            newton_iterations: iters,
            line_search_steps: iters / 2,
            candidates: contacts * 2,
            active_contacts: contacts,
            min_gap: gap,
            max_penetration: if gap < 0.0 { -gap } else { 0.0 },
            residual: 1e-10,
            wall_ms,
            substeps: 1,
            retries: 0,
            min_gap_iterates: gap,
            stages: Default::default(),
            energy: Some(crate::system::Energies {
                kinetic: step as f64,
                integrator_dissipated: 0.5 * step as f64,
                ..Default::default()
            }),
            granular: None,
            rigid_loads: Vec::new(),
            cells: Vec::new(),
            supports: Vec::new(),
            stresses: Vec::new(),
        }
    }

    #[test]
    fn aipts_atpts_average_over_contact_steps() {
        let steps = vec![
            step(0, 2, 0, 1.0, f64::NAN),
            step(1, 4, 3, 10.0, 1e-3),
            step(2, 6, 1, 20.0, -2e-4),
            step(3, 3, 0, 2.0, f64::INFINITY),
            step(4, 5, 2, 30.0, 5e-4),
        ];
        let s = Summary::from_steps("twist", &steps);
        assert_eq!(s.scene, "twist");
        assert_eq!(s.steps, 5);
        assert_eq!(s.steps_with_contact, 3);
        assert_eq!(s.total_newton_iterations, 20);
        assert_eq!(s.total_line_search_steps, 1 + 2 + 3 + 1 + 2);
        assert_eq!(s.aipts, 5.0); // (4 + 6 + 5) / 3
        assert_eq!(s.atpts_ms, 20.0); // (10 + 20 + 30) / 3
        assert!((s.wall_time_s - 0.063).abs() < 1e-15);
        assert!((s.sim_time - 0.05).abs() < 1e-15);
        assert_eq!(s.min_gap, -2e-4);
        assert_eq!(s.max_penetration, 2e-4);
        assert_eq!(s.energy.map(|e| e.kinetic), Some(4.0));
        assert_eq!((s.frames, s.completed, s.message.clone()), (0, false, None));
    }

    #[test]
    fn without_contact_averages_over_all_steps() {
        let steps = vec![
            step(0, 2, 0, 1.0, f64::NAN),
            step(1, 4, 0, 3.0, f64::INFINITY),
        ];
        let s = Summary::from_steps("free", &steps);
        assert_eq!(s.steps_with_contact, 0);
        assert_eq!(s.aipts, 3.0);
        assert_eq!(s.atpts_ms, 2.0);
        assert_eq!(s.min_gap, f64::INFINITY);
        assert_eq!(s.max_penetration, 0.0);

        let empty = Summary::from_steps("none", &[]);
        assert_eq!((empty.steps, empty.aipts, empty.atpts_ms), (0, 0.0, 0.0));
    }

    #[test]
    fn json_writes_null_for_non_finite_and_reads_back() {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("summary.json");
        let mut s = Summary::from_steps("free", &[step(0, 2, 0, 1.0, f64::NAN)]);
        s.completed = true;
        s.message = Some("ok \"quoted\"".into());
        write_summary(&path, &s).expect("write");
        let text = std::fs::read_to_string(&path).expect("read");
        assert!(text.contains("\"min_gap\": null"), "{text}");
        assert!(text.contains("\"aipts\": 2.0"), "{text}");
        assert!(text.contains("\"integrator_dissipated\": 0.0"), "{text}");
        assert!(!dir.path().join("summary.json.tmp").exists());
        let back = read_summary(&path).expect("read back");
        assert!(back.min_gap.is_nan());
        assert_eq!(back.aipts, 2.0);
        assert_eq!(back.steps, 1);
        assert_eq!(back.energy, s.energy);
        assert!(back.completed);
        assert_eq!(back.message.as_deref(), Some("ok \"quoted\""));
    }
}
