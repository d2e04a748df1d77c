//! Newton's starting point for a step (`InitialGuess`: `qₙ`, the inertial predictor or the
//! extrapolated one) and the memory the extrapolated predictor keeps between steps.

use crate::model::{Model, RodFrames};
use crate::system::InitialGuess;
use crate::system::assembly::assembler::Assembler;
use crate::system::integrator::TimeIntegrator;
use serde::{Deserialize, Serialize};

/// The memory of the extrapolated predictor (`InitialGuess::Extrapolated`): the velocity before
/// the last accepted step and the step sizes that produced it and `model.v`. Part of a run's
/// state: a checkpoint must keep it for a resumed run to start Newton where the uninterrupted
/// one does.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PredictorState {
    /// `vₙ₋₁` (empty before the first step).
    pub v_prev: Vec<f64>,
    /// Δt of the step that produced `model.v` (NaN for initial velocities).
    pub dt_v: f64,
    /// Δt of the step that produced `v_prev` (NaN when there is none).
    pub dt_v_prev: f64,
}

impl Default for PredictorState {
    fn default() -> Self {
        Self {
            v_prev: Vec::new(),
            dt_v: f64::NAN,
            dt_v_prev: f64::NAN,
        }
    }
}

/// Newton's starting point for the step to `t_new` (prescribed DOFs set at `t_new`), after
/// the integrator planned the step.
#[allow(clippy::too_many_arguments)]
pub(in crate::system) fn start(
    m: &Model,
    assembler: &mut Assembler,
    integrator: &dyn TimeIntegrator,
    predictor: &PredictorState,
    frames: &mut Vec<RodFrames>,
    dt: f64,
    guess: InitialGuess,
    t_new: f64,
) -> Vec<f64> {
    // Predicted displacement from qₙ (None: start at qₙ).
    let p = predictor;
    let extrapolate = p.dt_v == dt && p.dt_v_prev == dt;
    let dir: Option<Vec<f64>> = match guess {
        InitialGuess::Previous => None,
        InitialGuess::Extrapolated if extrapolate => Some(
            m.v.iter()
                .zip(&p.v_prev)
                .map(|(v, vp)| dt * (2.0 * v - vp))
                .collect(),
        ),
        InitialGuess::Inertial | InitialGuess::Extrapolated => {
            Some(m.v.iter().map(|v| dt * v).collect())
        }
    };
    let mut q = match dir {
        None => m.q.clone(),
        Some(dir) => {
            // A barrier method needs a feasible start: the predictor, cut back by CCD (of the
            // evaluation point, which starts at z(qₙ) = qₙ).
            let t = if assembler.needs_ccd() {
                assembler.max_step_of_unknown(m, integrator, &m.q, &dir)
            } else {
                1.0
            };
            m.q.iter().zip(&dir).map(|(x, d)| x + t * d).collect()
        }
    };
    // The conditions in force this step (staged ones may wait or have let go).
    let held = |i: &usize| m.bc_holds(*i);
    for (_, bc) in m.bcs.iter().enumerate().filter(|(i, _)| held(i)) {
        bc.apply_nodes(&m.bodies.rods[bc.rod], t_new, &mut q);
    }
    for b in m.bodies.iter() {
        b.apply_prescribed(t_new, &mut q);
    }
    if m.bcs.iter().any(|b| !b.edges.is_empty()) {
        m.transport_frames(&q, frames);
        for (_, bc) in m.bcs.iter().enumerate().filter(|(i, _)| held(i)) {
            bc.apply_twists(&m.bodies.rods[bc.rod], t_new, &frames[bc.rod], &mut q);
        }
    }
    q
}
