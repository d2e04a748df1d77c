//! A cell's surface touches a point once: the rule that makes node–triangle pressure laws
//! (`N_LinearPressure`, `N_AdhesivePressure`) integrate a pressure over the cell's surface
//! instead of over every triangle that reaches a node.
//!
//! A node near a cell's mesh is within reach of several of its triangles: the one its foot
//! falls into and, at the same or a larger distance, the neighbours sharing the foot's edge or
//! vertex. A law per pair would count the node once per triangle. So, as for rigid surfaces
//! ([`crate::contact::primitive`]'s rigid feature rule), a cell triangle whose closest point to
//! the node is on an edge or a vertex keeps the contact only if no other triangle around that
//! feature is closer, and among equally close ones (a convex edge or corner) only the
//! lowest-indexed one does; a triangle whose foot is interior keeps it. Where the surface is
//! concave, or the node inside the cell, two triangles apart can both have an interior foot;
//! after the evaluation the contact set keeps only the closest of a node's pairs with one cell
//! (`contact::set::cell_once`). Each node then meets each cell at its closest point, once.
//! Plain shells keep their contacts per triangle (their chains — IMC, IPC — are defined per
//! primitive pair).

use crate::contact::ctx::ContactCtx;
use crate::contact::distance::point_triangle_distance;
use crate::contact::primitive::PrimId;
use crate::model::Model;

/// Whether the point–triangle pair in `ctx` (side 2 a cell's triangle) leaves its contact to
/// another triangle of the cell at `q`.
pub(crate) fn cell_defers(model: &Model, ctx: &ContactCtx, q: &[f64]) -> bool {
    let PrimId::ShellFace(f) = ctx.prim[1] else {
        return false;
    };
    // (Resolver unit tests bind triangles of a model that need not hold them.)
    let Some(sh) = model.bodies.shells.get(f.shell as usize) else {
        return false;
    };
    if sh.cell.is_none() {
        return false;
    }
    let tri = sh.mesh.triangles[f.face as usize];
    let feature: Vec<u32> = (0..3)
        .filter(|&k| ctx.bary[k] > 0.0)
        .map(|k| tri[k])
        .collect();
    if feature.len() == 3 {
        return false;
    }
    let Some((&first, rest)) = feature.split_first() else {
        return false;
    };
    let x = ctx.x[0];
    let tol = 1e-9 * ctx.distance.abs() + 1e-15 * (1.0 + x.norm());
    let around = &sh.topology.node_triangles;
    for &s in &around[first as usize] {
        if s == f.face || !rest.iter().all(|v| around[*v as usize].contains(&s)) {
            continue;
        }
        let t = sh.mesh.triangles[s as usize].map(|n| sh.node(q, n as usize));
        let d = point_triangle_distance(&[x], &t);
        if d < ctx.distance - tol || (s < f.face && d <= ctx.distance + tol) {
            return true;
        }
    }
    false
}
