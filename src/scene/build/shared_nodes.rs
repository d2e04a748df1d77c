//! Junctions and point masses: `shared_nodes` groups of rod and shell nodes that become one
//! node (the rod nodes take the coordinates of the group's shell node, or of its first rod
//! node), and `point_masses` added at nodes. A rod node is moved onto the node it joins; the
//! two must already coincide within 0.1 % of the rod's shortest edge.

use super::bodies::{Bodies, rod_item};
use super::ctx::Ctx;
use crate::diag::{SceneError, closest};
use crate::math::Vec3;
use crate::model::Model;
use crate::scene::{NodeRef, SceneSpec};

/// A resolved node: its first global DOF, and the rod node it is (to redirect).
#[derive(Debug, Clone, Copy)]
struct Node {
    dof: usize,
    rod: Option<(usize, usize)>,
}

/// Resolves `n`, a node listed under the scene field `field` (`shared_nodes` or `point_masses`:
/// errors about the shell point at its name there).
fn resolve(
    n: &NodeRef,
    field: &str,
    cx: &Ctx,
    bodies: &Bodies,
    model: &Model,
) -> Result<Node, SceneError> {
    match n {
        NodeRef::Rod(name, i) => {
            let r = bodies.find_rod(cx, name)?;
            let k = rod_item(cx, *i, model.bodies.rods[r].n_nodes, "node", name)?;
            Ok(Node {
                dof: model.bodies.rods[r].node_dof(k),
                rod: Some((r, k)),
            })
        }
        NodeRef::Shell(name, i) => {
            let s = find_shell(cx, bodies, name)?;
            let shell = &model.bodies.shells[s];
            if *i >= shell.n_nodes() {
                return Err(cx
                    .err_in(
                        field,
                        0,
                        &format!("\"{name}\""),
                        format!(
                            "node {i} is out of range for shell \"{name}\" ({} nodes)",
                            shell.n_nodes()
                        ),
                    )
                    .with_help("use ShellNear(name, (x, y, z)) to pick a node by position"));
            }
            Ok(Node {
                dof: shell.node_dof(*i),
                rod: None,
            })
        }
        NodeRef::ShellNear(name, p) => {
            let s = find_shell(cx, bodies, name)?;
            let shell = &model.bodies.shells[s];
            let p = p.vec();
            let (k, _) = shell
                .nodes(&model.q)
                .iter()
                .enumerate()
                .map(|(k, x)| (k, (x - p).norm()))
                .fold((0, f64::INFINITY), |b, c| if c.1 < b.1 { c } else { b });
            Ok(Node {
                dof: shell.node_dof(k),
                rod: None,
            })
        }
    }
}

fn find_shell(cx: &Ctx, bodies: &Bodies, name: &str) -> Result<usize, SceneError> {
    bodies.shells.get(name).copied().ok_or_else(|| {
        let e = cx.err(
            &format!("\"{name}\""),
            format!("no shell is named \"{name}\""),
        );
        match closest(name, bodies.shells.keys().copied()) {
            Some(s) => e.with_help(format!("did you mean \"{s}\"?")),
            None => e.with_help("shared_nodes and point_masses name rods and shells of this scene"),
        }
    })
}

fn at(q: &[f64], dof: usize) -> Vec3 {
    Vec3::new(q[dof], q[dof + 1], q[dof + 2])
}

/// Joins the `shared_nodes` groups and adds the `point_masses` of `spec` (before
/// `Model::finalize`).
pub(super) fn add_junctions(
    spec: &SceneSpec,
    cx: &Ctx,
    bodies: &Bodies,
    model: &mut Model,
) -> Result<(), SceneError> {
    for group in &spec.shared_nodes {
        let nodes = group
            .iter()
            .map(|n| resolve(n, "shared_nodes", cx, bodies, model))
            .collect::<Result<Vec<_>, _>>()?;
        let shells: Vec<&Node> = nodes.iter().filter(|n| n.rod.is_none()).collect();
        let needle = "shared_nodes";
        if nodes.len() < 2 || shells.len() > 1 {
            return Err(cx
                .err(
                    needle,
                    format!(
                        "a shared_nodes group lists {} node(s), {} of them shell nodes",
                        nodes.len(),
                        shells.len()
                    ),
                )
                .with_help(
                    "list at least two nodes, all rod nodes but at most one shell node \
                     (shell nodes cannot be merged with each other)",
                ));
        }
        let target = shells.first().map_or(nodes[0].dof, |s| s.dof);
        let x = at(&model.q, target);
        for n in &nodes {
            let Some((r, k)) = n.rod else { continue };
            if n.dof == target {
                continue;
            }
            let rod = &model.bodies.rods[r];
            let gap = (at(&model.q, n.dof) - x).norm();
            let tol = 1e-3
                * rod
                    .rest_lengths
                    .iter()
                    .copied()
                    .fold(f64::INFINITY, f64::min);
            if gap > tol {
                // At the rod's name in `shared_nodes`, not where the rod is defined.
                return Err(cx
                    .err_in(
                        "shared_nodes",
                        0,
                        &format!("\"{}\"", rod.name),
                        format!(
                            "rod \"{}\" node {k} is {gap:.3e} m from the node it shares (more \
                             than 0.1 % of its shortest edge, {tol:.3e} m)",
                            rod.name
                        ),
                    )
                    .with_help("place the rod's node on the node it joins"));
            }
            model.share_rod_node(r, k, target);
        }
    }
    for pm in &spec.point_masses {
        let n = resolve(&pm.node, "point_masses", cx, bodies, model)?;
        model.add_point_mass(n.dof, pm.mass.0);
    }
    Ok(())
}
