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
    // Kind and occurrence of each condition, to locate it.
    let mut at: Vec<(&'static str, usize)> = Vec::new();
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
        at.push((kind, nth));
    }
    check_conflicts(cx, &bcs, &at, model)?;
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

/// Refuses two conditions that hold a node or an edge of one rod at the same time when one of
/// them moves it (a `Clamp` or `Fix` and a `Translate` or `Rotate`, or two motions): which
/// one the DOF follows would be an accident of their order, and the motion would be silently
/// lost. Conditions whose active windows (`active_from`, `active_until`) do not overlap — a
/// clamp let go when the pull takes hold — and two conditions that both hold still are fine.
fn check_conflicts(
    cx: &Ctx,
    bcs: &[BoundaryCondition],
    at: &[(&str, usize)],
    model: &Model,
) -> Result<(), SceneError> {
    let moves = |c: &BoundaryCondition| !matches!(c.motion, Prescribed::Fixed);
    for (j, y) in bcs.iter().enumerate() {
        for (i, x) in bcs[..j].iter().enumerate() {
            let overlap = x.active_from < y.active_until && y.active_from < x.active_until;
            if x.rod != y.rod || !(moves(x) || moves(y)) || !overlap {
                continue;
            }
            let shared = match (
                x.nodes.iter().find(|n| y.nodes.contains(n)),
                x.edges.iter().find(|e| y.edges.contains(e)),
            ) {
                (Some(n), _) => format!("node {n}"),
                (None, Some(e)) => format!("edge {e}"),
                (None, None) => continue,
            };
            let ((kx, _), (ky, ny)) = (at[i], at[j]);
            let rod = &model.bodies.rods[x.rod].name;
            let from = x.active_from.max(y.active_from);
            return Err(cx
                .err_in(
                    ky,
                    ny,
                    "rod:",
                    format!(
                        "rod \"{rod}\": the {ky} (boundary condition {}) and the {kx} (boundary \
                         condition {}) both hold {shared} from t = {from} s, and {} it: which of \
                         them the node follows is undefined",
                        j + 1,
                        i + 1,
                        if moves(x) && moves(y) {
                            "both move"
                        } else {
                            "one of them moves"
                        }
                    ),
                )
                .with_help(
                    "give each node and edge to one condition, or stage them so that they do \
                     not overlap in time (e.g. `Clamp(…, active_until: 2.0)` and \
                     `Translate(…, active_from: 2.0)`); a Translate or Rotate holds its nodes \
                     still before its `start` by itself",
                ));
        }
    }
    Ok(())
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

#[cfg(test)]
mod tests {
    use crate::scene::{build_scene, parse_scene};
    use std::path::Path;

    fn build(conditions: &str) -> Result<(), String> {
        let text = format!(
            r#"Scene(
    time: (dt: 1e-3, duration: 0.1),
    materials: {{ "m": (youngs_modulus: 1e6, poisson_ratio: 0.5, density: 1000) }},
    rods: [(name: "r", material: "m", radius: 1e-3,
            geometry: Straight(start: (0, 0, 0), end: (0.05, 0, 0), nodes: 6))],
    boundary_conditions: [{conditions}],
)"#
        );
        let file = Path::new("bc.ron");
        let spec = parse_scene(&text, file).map_err(|e| e.to_string())?;
        build_scene(&spec, &text, file)
            .map(|_| ())
            .map_err(|e| e.to_string())
    }

    #[test]
    fn a_node_held_and_moved_at_once_is_refused_unless_staged_apart() {
        let e = build(
            r#"Clamp(rod: "r", end: End),
               Rotate(rod: "r", nodes: [4], axis: (0, 0, 1), center: (0, 0, 0), omega: 1)"#,
        )
        .expect_err("clamp and rotation of node 4");
        assert!(
            e.contains("both hold node 4") && e.contains("one of them moves"),
            "{e}"
        );
        let e = build(
            r#"Translate(rod: "r", nodes: [0], edges: [0], velocity: (0.01, 0, 0)),
               Rotate(rod: "r", nodes: [1], edges: [0], axis: (0, 0, 1), center: (0, 0, 0), omega: 1)"#,
        )
        .expect_err("two motions of edge 0");
        assert!(
            e.contains("both hold edge 0") && e.contains("both move"),
            "{e}"
        );
        // Handed over in time, held still twice, or on other nodes: fine.
        build(
            r#"Clamp(rod: "r", end: Start, active_until: 0.05),
               Translate(rod: "r", nodes: [0, 1], edges: [0], velocity: (0.01, 0, 0), active_from: 0.05)"#,
        )
        .expect("staged apart");
        build(r#"Clamp(rod: "r", end: Start), Fix(rod: "r", nodes: [0])"#).expect("both still");
        build(
            r#"Clamp(rod: "r", end: Start),
               Translate(rod: "r", nodes: [-1], velocity: (0.01, 0, 0))"#,
        )
        .expect("other nodes");
    }
}
