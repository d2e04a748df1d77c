//! The contact area and force between each cell and each body it touches, from a step's
//! active pairs whose first or second primitive is a node of a cell.
//!
//! A node touching another body carries the area share `A_c = Σ Ā/3` (a third of the rest area
//! of each of its triangles; the area the pressure laws act on, see
//! [`crate::contact::node_area`]). The nodes of cell `a` in contact with body `b` tile the
//! contact patch seen from `a`, and those of `b` (when it is a cell bound the other way too)
//! tile it seen from `b`: the contact area of the pair is the mean over the directions that
//! have contacts, `A_ab = mean(Σ_{a→b} A_c, Σ_{b→a} A_c)` (m²). The force is the total contact
//! force on the first body of the pair from the second (N), over every pair between them.

use super::LocalContact;
use crate::contact::{BodyId, PrimId, node_area};
use crate::math::Vec3;
use crate::model::Model;
use std::collections::BTreeMap;

/// One touching pair of bodies, a cell first (of two cells, the first in body order).
#[derive(Debug, Clone, PartialEq)]
pub struct CellContact {
    /// The first body.
    pub first: BodyId,
    /// The second body.
    pub second: BodyId,
    /// Contact area (m²).
    pub area: f64,
    /// Total contact force on `first` from `second` (N).
    pub force: Vec3,
}

/// The cell contacts of `contacts` (a step's last evaluation) in `model`, ordered by their
/// bodies.
pub fn cell_contacts(model: &Model, contacts: &[LocalContact]) -> Vec<CellContact> {
    let is_cell = |b: BodyId| match b {
        BodyId::Shell(s) => model.bodies.shells[s as usize].cell.is_some(),
        _ => false,
    };
    // (first, second) → (area from first's nodes, area from second's nodes, force on first).
    let mut pairs: BTreeMap<(BodyId, BodyId), (f64, f64, Vec3)> = BTreeMap::new();
    for lc in contacts.iter().filter(|c| c.active && c.gap < 0.0) {
        let prims = [lc.key.first, lc.key.second];
        let bodies = prims.map(|p| p.body());
        if bodies[0] == bodies[1] || !(is_cell(bodies[0]) || is_cell(bodies[1])) {
            continue;
        }
        let dofs = prims.map(|p| p.point_dofs(model));
        let n1 = dofs[0].n;
        let on = [
            (0..n1)
                .map(|k| lc.point_force(k, dofs[0].dofs[k]))
                .sum::<Vec3>(),
            (0..dofs[1].n)
                .map(|k| lc.point_force(n1 + k, dofs[1].dofs[k]))
                .sum::<Vec3>(),
        ];
        // Side 1's force, or minus side 2's when side 1 has no points.
        let f1 = if n1 > 0 { on[0] } else { -on[1] };
        // The cell first; of two cells, the first in body order.
        let swap = if is_cell(bodies[0]) && is_cell(bodies[1]) {
            bodies[1] < bodies[0]
        } else {
            !is_cell(bodies[0])
        };
        let key = if swap {
            (bodies[1], bodies[0])
        } else {
            (bodies[0], bodies[1])
        };
        let e = pairs.entry(key).or_insert((0.0, 0.0, Vec3::zeros()));
        e.2 += if swap { -f1 } else { f1 };
        // Two triangles (`RoundedTriangle_RoundedTriangle`) tile the contact plane once: the
        // pair's contact area (recorded by `Assemble_ContactArea_*`) counts for both sides.
        let faces = prims.iter().all(|p| matches!(p, PrimId::ShellFace(_)));
        for (side, prim) in prims.iter().enumerate() {
            let a = match prim {
                PrimId::ShellNode(_) => node_area(model, *prim).unwrap_or(0.0),
                PrimId::ShellFace(_) if faces => lc.contact_area.as_ref().map_or(0.0, |r| r.area),
                _ => 0.0,
            };
            if !is_cell(bodies[side]) || a == 0.0 {
                continue;
            }
            if (side == 0) != swap {
                e.0 += a;
            } else {
                e.1 += a;
            }
        }
    }
    pairs
        .into_iter()
        .map(|((first, second), (a1, a2, force))| {
            let sides = [a1, a2].into_iter().filter(|a| *a > 0.0);
            let n = sides.clone().count().max(1) as f64;
            CellContact {
                first,
                second,
                area: sides.sum::<f64>() / n,
                force,
            }
        })
        .collect()
}
