//! A cell's surface touches a point once, over all of its candidate triangles.
//!
//! The resolver's cell surface rule ([`crate::contact::resolve`]'s `cell_defers`) is local: a
//! triangle whose closest point to a node is on an edge or a vertex leaves the contact to a
//! closer neighbour around that feature, and a triangle whose foot is interior keeps it. Where
//! the cell's surface is concave (the crease where two adhering cells' interface meets their
//! free caps) or the node is inside the cell, two triangles apart from each other can both
//! have an interior foot: the node would be counted once per such triangle, and a pressure or
//! adhesion law (`N_LinearPressure`, `N_AdhesivePressure`) would act on its area twice.
//!
//! So, after every pair is evaluated, among the active pairs of one binding, one side-1
//! point primitive (not a triangle: two-triangle pairs tile their contact) and one cell only
//! the closest (smallest gap; the lowest-indexed of equally close
//! ones) keeps its contribution. The node's energy is then its law at the distance to the
//! cell's surface, `min_t d(x, t)` over the candidate triangles: continuous, as the node slides
//! from one triangle's reach to another's.

use super::LocalContact;
use super::PairKey;
use crate::contact::core::{PrimId, Vec12};
use crate::model::Model;

/// The cell side 2 of a pair is a triangle of, if any.
fn cell_of(model: &Model, prim: PrimId) -> Option<u32> {
    match prim {
        PrimId::ShellFace(f)
            if model
                .bodies
                .shells
                .get(f.shell as usize)
                .is_some_and(|s| s.cell.is_some()) =>
        {
            Some(f.shell)
        }
        _ => None,
    }
}

/// Keeps, per binding, side-1 primitive and cell, only the closest active pair of `out`
/// (evaluated `candidates`, in their sorted order: a node's triangles of one cell are
/// consecutive); the others become inactive and contribute nothing.
pub(super) fn keep_closest_per_cell(
    model: &Model,
    candidates: &[PairKey],
    out: &mut [LocalContact],
) {
    let n = candidates.len().min(out.len());
    let mut k = 0;
    while k < n {
        let key = candidates[k];
        // A triangle against a cell's triangles (RoundedTriangle_RoundedTriangle) integrates
        // over each one's share of the contact: every pair counts.
        let point = !matches!(key.first, PrimId::ShellFace(_));
        let Some(cell) = cell_of(model, key.second).filter(|_| point) else {
            k += 1;
            continue;
        };
        let mut end = k + 1;
        while end < n
            && candidates[end].binding == key.binding
            && candidates[end].first == key.first
            && cell_of(model, candidates[end].second) == Some(cell)
        {
            end += 1;
        }
        if end - k > 1 {
            let best = (k..end)
                .filter(|&j| out[j].active)
                .min_by(|&a, &b| out[a].gap.total_cmp(&out[b].gap));
            for (j, lc) in out.iter_mut().enumerate().take(end).skip(k) {
                if lc.active && Some(j) != best {
                    silence(lc);
                }
            }
        }
        k = end;
    }
}

/// Makes an evaluated pair contribute nothing (its gap and memory stay).
fn silence(lc: &mut LocalContact) {
    lc.active = false;
    lc.force = Vec12::zeros();
    lc.block = None;
    lc.energy = 0.0;
    lc.nonconservative = None;
    lc.rigid_loads = None;
    lc.virial = None;
    lc.spring_tension = None;
    lc.contact_area = None;
    lc.ring = None;
}
