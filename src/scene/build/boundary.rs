//! Boundary conditions: clamps, fixed nodes and edges, prescribed rotations and translations,
//! resolved against the rods' names and node/edge counts and added to the model.

use super::bodies::{Bodies, rod_item};
use super::ctx::Ctx;
use crate::diag::SceneError;
use crate::model::{BoundaryCondition, Model, Prescribed};
use crate::scene::{BoundarySpec, End, SceneSpec};

/// Checks the scene's boundary conditions and adds them to `model` (before it is finalized).
pub(super) fn add_boundary_conditions(
    spec: &SceneSpec,
    cx: &Ctx,
    bodies: &Bodies,
    model: &mut Model,
) -> Result<(), SceneError> {
    let mut bcs = Vec::new();
    for b in &spec.boundary_conditions {
        let (rod_name, nodes, edges, motion) = match b {
            BoundarySpec::Clamp { rod, end } => {
                let (n, e) = match end {
                    End::Start => (vec![0, 1], vec![0]),
                    End::End => (vec![-2, -1], vec![-1]),
                };
                (rod, n, e, Prescribed::Fixed)
            }
            BoundarySpec::Fix { rod, nodes, edges } => {
                (rod, nodes.clone(), edges.clone(), Prescribed::Fixed)
            }
            BoundarySpec::Rotate {
                rod,
                nodes,
                edges,
                axis,
                center,
                omega,
            } => {
                let a = axis.vec();
                if a.norm() < 1e-12 {
                    return Err(cx.err("axis", "rotation axis is the zero vector".into()));
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
            } => (
                rod,
                nodes.clone(),
                edges.clone(),
                Prescribed::Translation {
                    velocity: velocity.vec(),
                },
            ),
        };
        let r = bodies.find_rod(cx, rod_name)?;
        let rod = &model.rods[r];
        let nodes = nodes
            .iter()
            .map(|&i| rod_item(cx, i, rod.n_nodes, "node", rod_name))
            .collect::<Result<Vec<_>, _>>()?;
        let edges = edges
            .iter()
            .map(|&i| rod_item(cx, i, rod.n_edges(), "edge", rod_name))
            .collect::<Result<Vec<_>, _>>()?;
        bcs.push(BoundaryCondition::new(
            r,
            rod,
            &model.frames[r],
            &model.q,
            nodes,
            edges,
            motion,
            0.0,
        ));
    }
    for bc in bcs {
        model.add_bc(bc);
    }
    Ok(())
}
