//! Boundary conditions: clamps, fixed nodes and edges, prescribed rotations and translations
//! (with their motion and active windows), resolved against the rods' names and node/edge
//! counts and added to the model. A prescribed
//! motion that moves a node farther than the whole scene in one step (or turns it more than
//! half a turn) is a typo, refused with the speed that would make sense.

use super::bodies::{Bodies, rod_item};
use super::ctx::Ctx;
use super::window::{self, Fields};
use crate::diag::SceneError;
use crate::math::Vec3;
use crate::model::{BoundaryCondition, Model, Prescribed, Window};
use crate::scene::{BoundarySpec, End, SceneSpec};
use std::f64::consts::PI;

/// Checks the scene's boundary conditions and adds them to `model` (before it is finalized).
pub(super) fn add_boundary_conditions(
    spec: &SceneSpec,
    cx: &Ctx,
    bodies: &Bodies,
    model: &mut Model,
) -> Result<(), SceneError> {
    let mut bcs = Vec::new();
    let domain = domain_size(model);
    let dt = spec.time.dt.0;
    for (i, b) in spec.boundary_conditions.iter().enumerate() {
        let kind = match b {
            BoundarySpec::Clamp { .. } => "Clamp",
            BoundarySpec::Fix { .. } => "Fix",
            BoundarySpec::Rotate { .. } => "Rotate",
            BoundarySpec::Translate { .. } => "Translate",
        };
        // This condition is the `nth` of its kind in the file.
        let nth = spec.boundary_conditions[..i]
            .iter()
            .filter(|o| std::mem::discriminant(*o) == std::mem::discriminant(b))
            .count();
        let (rod_name, nodes, edges, motion) = match b {
            BoundarySpec::Clamp { rod, end, .. } => {
                let (n, e) = match end {
                    End::Start => (vec![0, 1], vec![0]),
                    End::End => (vec![-2, -1], vec![-1]),
                };
                (rod, n, e, Prescribed::Fixed)
            }
            BoundarySpec::Fix {
                rod, nodes, edges, ..
            } => (rod, nodes.clone(), edges.clone(), Prescribed::Fixed),
            BoundarySpec::Rotate {
                rod,
                nodes,
                edges,
                axis,
                center,
                omega,
                ..
            } => {
                let a = axis.vec();
                if a.norm() < 1e-12 {
                    return Err(cx
                        .err_in(
                            kind,
                            nth,
                            "axis",
                            format!("rod \"{rod}\": the rotation axis is the zero vector"),
                        )
                        .with_help("give the direction of the axis, e.g. `axis: (0, 0, 1)`"));
                }
                (
                    rod,
                    nodes.clone(),
                    edges.clone(),
                    Prescribed::Rotation {
                        axis: a.normalize(),
                        center: center.vec(),
                        omega: *omega,
                    },
                )
            }
            BoundarySpec::Translate {
                rod,
                nodes,
                edges,
                velocity,
                ..
            } => (
                rod,
                nodes.clone(),
                edges.clone(),
                Prescribed::Translation {
                    velocity: velocity.vec(),
                },
            ),
        };
        let (schedule, (from, until)) = stages(cx, b, kind, nth)?;
        let r = bodies.find_rod(cx, rod_name)?;
        let rod = &model.bodies.rods[r];
        let all = model.rod_nodes(r, &model.q);
        let positions: Vec<Vec3> = nodes
            .iter()
            .filter_map(|&n| Some(all[rod_item(cx, n, rod.n_nodes, "node", rod_name).ok()?]))
            .collect();
        check_speed(cx, kind, nth, &motion, &positions, dt, domain, rod_name)?;
        let nodes = nodes
            .iter()
            .map(|&i| rod_item(cx, i, rod.n_nodes, "node", rod_name))
            .collect::<Result<Vec<_>, _>>()?;
        let edges = edges
            .iter()
            .map(|&i| rod_item(cx, i, rod.n_edges(), "edge", rod_name))
            .collect::<Result<Vec<_>, _>>()?;
        let mut bc = BoundaryCondition::new(
            r,
            rod,
            &model.frames[r],
            &model.q,
            nodes,
            edges,
            motion,
            0.0,
        );
        if let Some(w) = schedule {
            bc = bc.with_schedule(w);
        }
        if from > 0.0 || until.is_finite() {
            bc = bc.with_active(from, until);
        }
        bcs.push(bc);
    }
    for bc in bcs {
        model.add_bc(bc);
    }
    Ok(())
}

/// The motion window (`start`, `end`, `ramp` of a rotation or translation) and the active
/// window (`active_from`, `active_until`) of condition `b`, the `nth` of its `kind`.
fn stages(
    cx: &Ctx,
    b: &BoundarySpec,
    kind: &str,
    nth: usize,
) -> Result<(Option<Window>, (f64, f64)), SceneError> {
    let (rod, motion, from, until) = match b {
        BoundarySpec::Clamp {
            rod,
            active_from,
            active_until,
            ..
        }
        | BoundarySpec::Fix {
            rod,
            active_from,
            active_until,
            ..
        } => (rod, None, active_from, active_until),
        BoundarySpec::Rotate {
            rod,
            start,
            end,
            ramp,
            active_from,
            active_until,
            ..
        } => (
            rod,
            Some(("rotation", start, end, ramp)),
            active_from,
            active_until,
        ),
        BoundarySpec::Translate {
            rod,
            start,
            end,
            ramp,
            active_from,
            active_until,
            ..
        } => (
            rod,
            Some(("translation", start, end, ramp)),
            active_from,
            active_until,
        ),
    };
    let schedule = match motion {
        Some((what, start, end, ramp)) => {
            let fields = Fields {
                anchor: kind,
                nth,
                names: ["start", "end", "ramp"],
                what: format!("rod \"{rod}\": the {what}"),
            };
            window::schedule(cx, &fields, *start, *end, *ramp)?
        }
        None => None,
    };
    let what = format!("rod \"{rod}\": the {kind}");
    let active = window::active(cx, kind, nth, &what, *from, *until)?;
    Ok((schedule, active))
}

/// The size of the scene: the diagonal of the box around every body (m).
fn domain_size(model: &Model) -> f64 {
    let d = model
        .bodies
        .bounds(&model.q)
        .map_or(0.0, |(lo, hi)| (hi - lo).norm());
    if d.is_finite() { d } else { 0.0 }
}

/// Refuses a prescribed motion that moves one of `positions` farther than the scene's size
/// `domain` in one step `dt`, or turns more than half a turn per step.
#[allow(clippy::too_many_arguments)]
fn check_speed(
    cx: &Ctx,
    kind: &str,
    nth: usize,
    motion: &Prescribed,
    positions: &[Vec3],
    dt: f64,
    domain: f64,
    rod: &str,
) -> Result<(), SceneError> {
    match motion {
        Prescribed::Rotation {
            axis,
            center,
            omega,
        } => {
            let reach = positions
                .iter()
                .map(|p| {
                    let d = p - center;
                    (d - axis * axis.dot(&d)).norm()
                })
                .fold(0.0, f64::max);
            let turn = omega.abs() * dt;
            if turn > PI || turn * reach > domain {
                let max = if reach > 0.0 {
                    (domain / reach).min(PI) / dt
                } else {
                    PI / dt
                };
                return Err(cx
                    .err_in(
                        kind,
                        nth,
                        "omega",
                        format!(
                            "rod \"{rod}\": omega = {omega} rad/s turns {turn:.3e} rad per step of \
                             {dt} s, moving nodes {:.3e} m in one step, in a scene {domain:.3e} m \
                             across",
                            turn * reach
                        ),
                    )
                    .with_help(format!(
                        "omega is in rad/s: at this dt it must stay below {max:.3e} rad/s (check \
                         the value, or lower dt)"
                    )));
            }
        }
        Prescribed::Translation { velocity } => {
            let step = velocity.norm() * dt;
            if !positions.is_empty() && step > domain {
                return Err(cx
                    .err_in(
                        kind,
                        nth,
                        "velocity",
                        format!(
                            "rod \"{rod}\": velocity {:.3e} m/s moves nodes {step:.3e} m per step \
                             of {dt} s, farther than the scene is across ({domain:.3e} m)",
                            velocity.norm()
                        ),
                    )
                    .with_help(format!(
                        "velocity is in m/s: at this dt it must stay below {:.3e} m/s",
                        domain / dt
                    )));
            }
        }
        Prescribed::Fixed => {}
    }
    Ok(())
}
