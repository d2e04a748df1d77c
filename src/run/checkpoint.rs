//! Checkpoints: everything a run needs to continue exactly where it stood after a completed
//! step, written atomically (temporary file, then rename) to `DIR/checkpoint.ron`.
//!
//! A checkpoint holds the scene text it was built from (so a resumed run rebuilds the same
//! scene even if the file changed) and what every file the scene names held (chains, node
//! files, meshes, signal tables, sphere files: the text, or the size and hash of a binary or
//! long file; a resume refuses files that changed since, with a diff for text), the model state (DOFs, velocities, reference frames, time),
//! the contact state (committed pair histories, adaptive stiffness of the chain elements), the
//! Newton predictor's memory, the linear solver's (which entries the kept analysis of the
//! AMD-ordered LU holds), the time integrator's memory (BDF2's `qₙ₋₁`, `vₙ₋₁` and Δt), the
//! external forces' step-to-step state (RSS warm start and factor), the energy account, the
//! staged boundary conditions' engagements (`active_from`: where they took hold of their
//! nodes), the
//! adaptive time-step state, the step counters and the output cursor (rows of `steps.csv`,
//! frames written and their times). The scene has no random number generator, so there is no
//! RNG state to keep.
//!
//! Floating-point values are written by RON as shortest round-trip decimals (`NaN`, `inf`
//! included), so reading a checkpoint back gives the same bits and a resumed run continues
//! the uninterrupted trajectory bit for bit.

use super::InputFile;
use crate::contact::ContactState;
use crate::external::ExternalState;
use crate::io::{OutputError, write_atomic};
use crate::model::{BoundaryState, RodFrames};
use crate::system::{AdaptiveState, AmdLuState, EnergyState, IntegratorState, PredictorState};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// File name of the checkpoint inside the output directory.
pub const CHECKPOINT_FILE: &str = "checkpoint.ron";

/// Format version written in every checkpoint (3: per-pair memory slots and typed element
/// states; 4: the input files' texts; 5: every input file the scene names, binary ones by
/// size and hash; 6: the AMD-ordered LU's analysed entries). Formats 3 (without inputs to check) and 4 (chain, polyline and sphere
/// files only) are still read.
pub const CHECKPOINT_FORMAT: u32 = 6;

/// The state of a run after a completed step.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Checkpoint {
    /// [`CHECKPOINT_FORMAT`] of the writer.
    pub format: u32,
    /// The scene file (absolute; relative paths inside it resolve against it).
    pub scene_file: PathBuf,
    /// The scene text the run was built from.
    pub scene_source: String,
    /// Every file the scene names, with what it held when the run started.
    #[serde(default)]
    pub inputs: Vec<InputFile>,
    /// `--until` of the run, if given (s).
    pub until: Option<f64>,
    /// `--checkpoint-every` of the run, kept by `catena resume`.
    pub checkpoint_every: Option<u64>,
    /// Completed steps (= rows of `steps.csv`).
    pub step: u64,
    /// Steps of the whole run.
    pub n_steps: u64,
    /// Step at which the last frame was written.
    pub last_frame_step: u64,
    /// Simulated time of every frame written so far (s).
    pub frame_times: Vec<f64>,
    /// Accepted sub-steps so far.
    pub substeps: u64,
    /// Adaptive time-step state.
    pub adaptive: AdaptiveState,
    /// Calm steps counted towards the scene's `until_rest` (absent before it existed, or when
    /// zero).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub rest_calm: u32,
    /// Simulated time (s).
    pub time: f64,
    /// Generalised coordinates.
    pub q: Vec<f64>,
    /// Generalised velocities.
    pub v: Vec<f64>,
    /// Reference frames of every rod.
    pub frames: Vec<RodFrames>,
    /// Orientation of every body that rotates as a whole (spheres, in body order), as unit
    /// quaternions `(w, x, y, z)` (absent in checkpoints of catena before rotating spheres,
    /// whose spheres did not rotate).
    #[serde(default)]
    pub orientations: Vec<[f64; 4]>,
    /// The extra state of every body that has one (a rigid body's angular velocity, momentum
    /// and committed rotation), in body order (absent before rigid bodies).
    #[serde(default)]
    pub body_states: Vec<Vec<f64>>,
    /// Contact state, when the scene has contacts.
    pub contacts: Option<ContactState>,
    /// Memory of the extrapolated Newton predictor (`vₙ₋₁` and the step sizes).
    pub predictor: PredictorState,
    /// Memory of the linear solver: the entries the AMD-ordered LU's kept analysis holds
    /// (absent for the other solvers, and in checkpoints of catena before format 6, whose
    /// resumed AMD LU runs analyse afresh and differ at round-off).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub linear_solver: Option<AmdLuState>,
    /// Memory of the time integrator (empty for one-step schemes; absent in checkpoints of
    /// catena before the integrators, which were implicit Euler).
    #[serde(default)]
    pub integrator: IntegratorState,
    /// Step-to-step state of each external force, in scene order (the RSS warm start and the
    /// configuration of its reused factor).
    pub externals: Vec<Option<ExternalState>>,
    /// Boundary conditions that engage after the start (`active_from`): whether they have, and
    /// the nodes they took hold of (absent when the scene has none).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub boundary: Vec<BoundaryState>,
    /// The energy account (energies after the checkpointed step and at the start of the run;
    /// absent before the first step and in checkpoints of catena before the energy columns,
    /// whose resumed runs compute the start state's energies afresh and count work and
    /// dissipation from the resume).
    #[serde(default)]
    pub energy: Option<EnergyState>,
    /// Wall time spent before this checkpoint (s), for the summary.
    pub wall_time_s: f64,
}

impl Checkpoint {
    /// Writes `dir/checkpoint.ron` atomically.
    pub fn write(&self, dir: &Path) -> Result<(), OutputError> {
        let path = dir.join(CHECKPOINT_FILE);
        let text = ron::ser::to_string(self).map_err(|e| {
            OutputError::invalid_data(&path, format!("cannot serialise the checkpoint: {e}"))
        })?;
        write_atomic(&path, text.as_bytes())
    }

    /// Reads `dir/checkpoint.ron`.
    pub fn read(dir: &Path) -> Result<Self, OutputError> {
        let path = dir.join(CHECKPOINT_FILE);
        let text = std::fs::read_to_string(&path).map_err(|e| OutputError::read(&path, e))?;
        let c: Checkpoint = ron::from_str(&text)
            .map_err(|e| OutputError::invalid_data(&path, format!("not a checkpoint: {e}")))?;
        if !(3..=CHECKPOINT_FORMAT).contains(&c.format) {
            return Err(OutputError::invalid_data(
                &path,
                format!(
                    "checkpoint format {} (this catena reads {CHECKPOINT_FORMAT})",
                    c.format
                ),
            ));
        }
        Ok(c)
    }
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::contact::{ElementState, PairKey, PairMemory, PlanePrim, PrimId, RodEdge};
    use crate::math::Vec3;

    #[test]
    fn round_trips_bit_for_bit() {
        let odd = [
            0.1,
            -0.0,
            1.0 / 3.0,
            f64::MIN_POSITIVE / 3.0,
            f64::MAX,
            f64::INFINITY,
            f64::NEG_INFINITY,
            -2.5e-300,
            1e16 + 2.0,
        ];
        let key = PairKey {
            binding: 0,
            first: PrimId::RodEdge(RodEdge { rod: 0, edge: 3 }),
            second: PrimId::Plane(PlanePrim { index: 0 }),
        };
        let mut h = PairMemory::default();
        h.words[..5].copy_from_slice(&[1.0 / 7.0, -0.0, 3e-310, 2.0 / 3.0, f64::INFINITY]);
        h.written = 0b101;
        let c = Checkpoint {
            format: CHECKPOINT_FORMAT,
            scene_file: PathBuf::from("/x/scene.ron"),
            scene_source: "Scene(\n  name: \"a \\\"quoted\\\" name\",\n)".into(),
            inputs: vec![
                InputFile::of(
                    PathBuf::from("/x/chain.ron"),
                    b"Chain(\n  name: \"c\",\n)\n".to_vec(),
                    "chain file",
                ),
                InputFile::of(PathBuf::from("/x/m.stl"), vec![0, 255, 7], "mesh file"),
            ],
            until: Some(0.3),
            checkpoint_every: Some(7),
            step: 12,
            n_steps: 100,
            last_frame_step: 10,
            frame_times: vec![0.0, 0.1],
            substeps: 15,
            adaptive: AdaptiveState {
                dt: 1e-3 / 3.0,
                successes: 2,
                easy: 1,
            },
            rest_calm: 4,
            time: 0.12000000000000001,
            q: odd.to_vec(),
            v: odd.iter().map(|x| -x).collect(),
            orientations: vec![[0.5f64.sqrt(), 0.0, 0.5f64.sqrt(), 0.0]],
            body_states: vec![vec![1.0, 2.0, 3.0]],
            frames: vec![RodFrames {
                tangent: vec![Vec3::new(0.6, 0.8, 0.0)],
                d1: vec![Vec3::new(-0.8, 0.6, 1e-17)],
                d2: vec![Vec3::z()],
                ref_twist: vec![0.0, 1.0 / 9.0],
            }],
            contacts: Some(ContactState {
                memories: vec![(key, h)],
                elements: vec![vec![
                    None,
                    Some(ElementState {
                        element: "N_IPC".into(),
                        state: "(kappa: Some(1.0), kappa_max: inf)".into(),
                    }),
                ]],
                ..ContactState::default()
            }),
            predictor: PredictorState {
                v_prev: odd.iter().rev().copied().collect(),
                dt_v: 1e-3,
                dt_v_prev: 1e-3 / 3.0,
            },
            linear_solver: Some(AmdLuState {
                n: 4,
                nnz: 10,
                structure: u64::MAX - 3,
                kept: vec![(0, 3), (5, 5)],
            }),
            integrator: IntegratorState {
                kind: crate::system::IntegratorKind::Bdf2,
                q_prev: odd.to_vec(),
                v_prev: odd.iter().map(|x| 2.0 * x).collect(),
                dt: 1e-3 / 3.0,
            },
            externals: vec![
                None,
                Some(ExternalState {
                    force: "RSS fluid".into(),
                    vectors: vec![("f".into(), odd.to_vec()), ("f_before".into(), vec![])],
                }),
            ],
            boundary: vec![crate::model::BoundaryState {
                index: 2,
                engaged: true,
                reference: crate::model::BoundaryReference {
                    time: 0.30000000000000004,
                    nodes: vec![Vec3::new(1.0 / 3.0, -0.0, 2e-300)],
                    m1: vec![Vec3::new(0.6, 0.8, 1e-17)],
                    theta: vec![-1.0 / 7.0],
                },
            }],
            energy: Some(EnergyState {
                last: crate::system::Energies::from_values(std::array::from_fn(|k| {
                    odd[k % 4] * (k as f64 + 1.0) / 3.0
                })),
                initial: crate::system::Energies {
                    kinetic: 1.0 / 3.0,
                    ..Default::default()
                },
            }),
            wall_time_s: 1.5,
        };
        let dir = tempfile::tempdir().expect("tempdir");
        c.write(dir.path()).expect("write");
        let back = Checkpoint::read(dir.path()).expect("read");
        let bits = |v: &[f64]| v.iter().map(|x| x.to_bits()).collect::<Vec<_>>();
        assert_eq!(bits(&back.q), bits(&c.q));
        assert_eq!(bits(&back.v), bits(&c.v));
        let energy_bits = |c: &Checkpoint| {
            c.energy
                .map(|e| (bits(&e.last.values()), bits(&e.initial.values())))
        };
        assert_eq!(energy_bits(&back), energy_bits(&c));
        assert_eq!(back, c);
        assert!(!crate::io::tmp_path(&dir.path().join(CHECKPOINT_FILE)).exists());
    }
}
