//! `PatchForce`: a total force shared equally among the nodes of a shell (or cell) within a
//! radius of a point — the pull of a bead bound to a membrane (optical tweezers) — built as one
//! staged [`PointForce`] per node of the patch.

use super::bodies::Bodies;
use super::ctx::Ctx;
use super::window::{Fields, schedule};
use crate::diag::{SceneError, closest};
use crate::external::PointForce;
use crate::io::fmt_f64;
use crate::model::Model;
use crate::scene::{NonNegative, Positive, V3};

/// A `PatchForce` entry of the scene, the `nth` of them.
pub(super) struct PatchSpec<'a> {
    /// The shell's name.
    pub body: &'a str,
    /// Centre of the patch (m).
    pub center: V3,
    /// Radius of the patch (m).
    pub radius: Positive,
    /// Total force (N).
    pub force: V3,
    /// The window's start (s).
    pub start: Option<NonNegative>,
    /// The window's end (s).
    pub end: Option<Positive>,
    /// The window's ramp (s).
    pub ramp: Option<NonNegative>,
    /// Which `PatchForce` of the file (0-based), to locate errors.
    pub nth: usize,
}

/// The point forces of the patch: `force / n` on each of the `n` nodes of the shell within
/// `radius` of `center`, or an error naming the shells, or the distance of the nearest node.
pub(super) fn patch_forces(
    cx: &Ctx,
    bodies: &Bodies,
    model: &Model,
    p: &PatchSpec,
) -> Result<Vec<PointForce>, SceneError> {
    let name = p.body;
    let Some(&s) = bodies.shells.get(name) else {
        let e = cx.err_in(
            "PatchForce",
            p.nth,
            &format!("\"{name}\""),
            format!("no shell or cell is named \"{name}\" (a patch force acts on a shell)"),
        );
        return Err(match closest(name, bodies.shells.keys().copied()) {
            Some(c) => e.with_help(format!("did you mean \"{c}\"?")),
            None => e.with_help(
                "PatchForce acts on the nodes of a shell; use PointForce on a rod or sphere",
            ),
        });
    };
    let shell = &model.bodies.shells[s];
    let center = p.center.vec();
    let distance = |i: usize| (shell.mesh.nodes[i] - center).norm();
    let nodes: Vec<usize> = (0..shell.n_nodes())
        .filter(|&i| distance(i) <= p.radius.0)
        .collect();
    if nodes.is_empty() {
        let nearest = (0..shell.n_nodes())
            .map(distance)
            .fold(f64::INFINITY, f64::min);
        return Err(cx
            .err_in(
                "PatchForce",
                p.nth,
                "radius:",
                format!(
                    "the patch force on \"{name}\" holds no node: none is within {} m of the \
                     centre, the nearest is {nearest:.3e} m away",
                    fmt_f64(p.radius.0),
                ),
            )
            .with_help("move `center` onto the surface or give a `radius` that reaches a node"));
    }
    let fields = Fields {
        anchor: "PatchForce",
        nth: p.nth,
        names: ["start", "end", "ramp"],
        what: format!("the patch force on \"{name}\""),
    };
    let window = schedule(cx, &fields, p.start, p.end, p.ramp)?;
    let share = p.force.vec() / nodes.len() as f64;
    Ok(nodes
        .into_iter()
        .map(|i| PointForce {
            dof: shell.node_dof(i),
            force: share,
            window,
        })
        .collect())
}
