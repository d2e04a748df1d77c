//! Stepping a knot pull: the Δt ramp of the first steps and the guarded step of a light rod,
//! which undoes and halves any sub-step that moves a node too far across the rod for contact
//! to follow (strands would otherwise cross one another and untie the knot).

use super::knot_pull::H;
use super::support::step;
use crate::math::Vec3;
use crate::system::{Simulator, StepReport};

/// The first steps of a pull ramp Δt up geometrically, by this factor per step, from about
/// Δt/800: the release of the initial shape is resolved in small steps whatever the density.
pub(super) const RAMP_FACTOR: f64 = 1.25;
/// Steps of the Δt ramp.
pub(super) const RAMP_STEPS: i32 = 31;
/// On a light rod (below `GUARD_DENSITY`), a sub-step that moves a node farther than this
/// fraction of h across the rod (normal to its tangent there) is undone and tried again with
/// half the Δt: no two strands can close more than h within a step, which contact detection
/// looks ahead (keep distance h), so none crosses another. Motion along the rod is not
/// limited: a pulled knot's rod slides along itself through the braid (the curve keeps its
/// place, its material moves), which brings no strand nearer another — the chord of a node
/// sliding by s along a curve of curvature κ leaves the tangent by only κs²/2, and that is
/// counted. A heavy rod's inertia bounds its motion per step.
const MOVE_LIMIT: f64 = 0.5;
/// Density below which steps are guarded (kg/m³).
pub(super) const GUARD_DENSITY: f64 = 100.0;

/// Largest motion of a node across its rod between the positions `before` and `after` of a
/// rod's nodes (m): each displacement less its component along the unit tangent at `before`
/// (the direction between the node's neighbours).
fn transverse(before: &[Vec3], after: &[Vec3]) -> f64 {
    let n = before.len();
    (0..n)
        .map(|i| {
            let d = after[i] - before[i];
            let t = before[(i + 1).min(n - 1)] - before[i.saturating_sub(1)];
            let t = if t.norm() > 0.0 { t.normalize() } else { t };
            (d - t * d.dot(&t)).norm()
        })
        .fold(0.0, f64::max)
}

/// [`transverse`] over every rod of `sim`, from the configuration `q0` to the current one.
fn transverse_motion(sim: &Simulator, q0: &[f64]) -> f64 {
    let q1 = &sim.model.q;
    sim.model
        .bodies
        .rods
        .iter()
        .map(|rod| {
            let nodes = |q: &[f64]| (0..rod.n_nodes).map(|i| rod.node(q, i)).collect::<Vec<_>>();
            transverse(&nodes(q0), &nodes(q1))
        })
        .fold(0.0, f64::max)
}

/// Advances `sim` by `dt` in sub-steps that move no node farther than `MOVE_LIMIT` h across
/// the rod ([`transverse_motion`]): a
/// sub-step that does is undone (model, predictor and integrator restored) and tried with half
/// its Δt, down to Δt/4096; sub-steps grow back to Δt while motion stays small. Within each
/// sub-step [`step`] retries failed Newton solves with a halved Δt.
pub(super) fn guarded_step(sim: &mut Simulator, tag: &str, dt: f64) -> Result<StepReport, String> {
    let t_end = sim.model.time + dt;
    let limit = MOVE_LIMIT * H;
    let mut h = dt;
    let mut last = None;
    let mut iterations = 0;
    while t_end - sim.model.time > 1e-9 * dt {
        h = h.min(t_end - sim.model.time);
        let saved = (
            sim.model.clone(),
            sim.predictor_state().clone(),
            sim.integrator_state(),
        );
        sim.dt = h;
        let r = step(sim, tag)?;
        iterations += r.newton.iterations;
        let moved = transverse_motion(sim, &saved.0.q);
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
    let mut last = last.ok_or_else(|| format!("{tag}: empty step at t = {} s", sim.model.time))?;
    // Every sub-step's iterations, those undone included.
    last.newton.iterations = iterations;
    Ok(last)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A rod sliding along itself moves across itself only by the chord's sagitta `κs²/2`; a
    /// sideways shift counts whole.
    #[test]
    fn sliding_along_the_rod_is_not_transverse_motion() {
        let radius = 0.05;
        let arc = |s0: f64| -> Vec<Vec3> {
            (0..40)
                .map(|i| {
                    let a = (s0 + 3e-3 * f64::from(i)) / radius;
                    Vec3::new(radius * a.cos(), radius * a.sin(), 0.0)
                })
                .collect()
        };
        let s = 2e-3;
        let slid = transverse(&arc(0.0), &arc(s));
        // An interior node (central tangent) moves across by the sagitta `s²/(2R)`; the last
        // node's one-sided tangent lags half an edge, which adds `s·edge/(2R)`.
        let sagitta = s * s / (2.0 * radius);
        let end = s * (s + 3e-3) / (2.0 * radius);
        assert!((slid / end - 1.0).abs() < 0.01, "{slid} vs {end}");
        assert!(slid < 0.1 * s && sagitta < slid);
        let line: Vec<Vec3> = (0..10).map(|i| Vec3::new(f64::from(i), 0.0, 0.0)).collect();
        let along: Vec<Vec3> = line.iter().map(|p| p + Vec3::new(0.7, 0.0, 0.0)).collect();
        assert!(transverse(&line, &along) < 1e-15);
        let across: Vec<Vec3> = line.iter().map(|p| p + Vec3::new(0.3, 0.4, 0.0)).collect();
        assert!((transverse(&line, &across) - 0.4).abs() < 1e-15);
    }
}
