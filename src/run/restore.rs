//! Putting the state of a [`Checkpoint`] into a simulator freshly built from the same scene.

use super::checkpoint::Checkpoint;
use crate::system::Simulator;

/// Restores `ck` into `sim` (built from the checkpoint's scene text); an error says what does
/// not fit.
pub(super) fn restore(sim: &mut Simulator, ck: &Checkpoint) -> Result<(), String> {
    let m = &mut sim.model;
    if ck.q.len() != m.q.len() || ck.v.len() != m.v.len() || ck.frames.len() != m.frames.len() {
        return Err(format!(
            "the checkpoint has {} DOFs and {} rods, the scene {} and {}",
            ck.q.len(),
            ck.frames.len(),
            m.q.len(),
            m.frames.len()
        ));
    }
    m.q.clone_from(&ck.q);
    m.v.clone_from(&ck.v);
    m.frames.clone_from(&ck.frames);
    if !ck.orientations.is_empty() {
        m.set_orientations(&ck.orientations)?;
    }
    m.set_extra_states(&ck.body_states)?;
    m.time = ck.time;
    m.actuate(ck.time);
    m.restore_bc_states(&ck.boundary)?;
    sim.steps = ck.substeps;
    if let Some(c) = &ck.contacts {
        sim.assembler_mut().restore_contact_state(c)?;
    }
    let p = &ck.predictor;
    if !(p.v_prev.is_empty() || p.v_prev.len() == ck.v.len()) {
        return Err(format!(
            "the predictor state has {} velocities, the scene {} DOFs",
            p.v_prev.len(),
            ck.v.len()
        ));
    }
    sim.restore_predictor_state(p.clone());
    sim.restore_linear_solver_state(ck.linear_solver.clone());
    sim.restore_integrator_state(&ck.integrator)?;
    if let Some(e) = &ck.energy {
        sim.restore_energy_state(e);
    }
    sim.restore_external_states(&ck.externals)
}
