//! Stepping a knot pull: the Δt ramp of the first steps and the guarded step of a light rod,
//! which undoes and halves any sub-step that moves a node too far for contact detection to
//! follow (strands would otherwise cross one another and untie the knot).

use super::knot_pull::H;
use super::support::step;
use crate::system::{Simulator, StepReport};

/// The first steps of a pull ramp Δt up geometrically, by this factor per step, from about
/// Δt/800: the release of the initial shape is resolved in small steps whatever the density.
pub(super) const RAMP_FACTOR: f64 = 1.25;
/// Steps of the Δt ramp.
pub(super) const RAMP_STEPS: i32 = 31;
/// On a light rod (below `GUARD_DENSITY`), a sub-step that moves a node farther than this
/// fraction of h is undone and tried again with half the Δt: no two strands can close more
/// than h within a step, which contact detection looks ahead (keep distance h), so none
/// crosses another. A heavy rod's inertia bounds its motion per step.
const MOVE_LIMIT: f64 = 0.5;
/// Density below which steps are guarded (kg/m³).
pub(super) const GUARD_DENSITY: f64 = 100.0;

/// Advances `sim` by `dt` in sub-steps that move no node farther than `MOVE_LIMIT` h: a
/// sub-step that does is undone (model, predictor and integrator restored) and tried with half
/// its Δt, down to Δt/4096; sub-steps grow back to Δt while motion stays small. Within each
/// sub-step [`step`] retries failed Newton solves with a halved Δt.
pub(super) fn guarded_step(sim: &mut Simulator, tag: &str, dt: f64) -> Result<StepReport, String> {
    let t_end = sim.model.time + dt;
    let limit = MOVE_LIMIT * H;
    let mut h = dt;
    let mut last = None;
    while t_end - sim.model.time > 1e-9 * dt {
        h = h.min(t_end - sim.model.time);
        let saved = (
            sim.model.clone(),
            sim.predictor_state().clone(),
            sim.integrator_state(),
        );
        sim.dt = h;
        let r = step(sim, tag)?;
        let moved = sim
            .model
            .rods
            .iter()
            .flat_map(|rod| {
                let (q0, q1) = (&saved.0.q, &sim.model.q);
                (0..rod.n_nodes).map(move |i| (rod.node(q1, i) - rod.node(q0, i)).norm())
            })
            .fold(0.0, f64::max);
        if moved > limit && h > dt / 4096.0 {
            sim.model = saved.0;
            sim.restore_predictor_state(saved.1);
            sim.restore_integrator_state(&saved.2)?;
            h *= 0.5;
            continue;
        }
        if moved < 0.25 * limit {
            h = (2.0 * h).min(dt);
        }
        last = Some(r);
    }
    sim.dt = dt;
    last.ok_or_else(|| format!("{tag}: empty step at t = {} s", sim.model.time))
}
