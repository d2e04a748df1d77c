//! Per-triangle contact traction on each cell (issue 35, "frames with per-triangle traction"):
//! the contact force a cell's membrane receives, per unit of its area, triangle by triangle.
//!
//! Every active pair adds its force on each of its points to the node it belongs to, so a
//! node `i` of a cell ends the step with its total contact force `Fᵢ` (N) from every chain —
//! node on triangle, node on plane, edge on edge alike. The node's force is spread over its
//! triangles in proportion to their area shares (`Āₜ/3` of the node's `A_c = Σ Āₜ/3`, the area
//! the pressure laws act on, [`node_area`](crate::contact::node_area)), and each triangle's
//! traction is what it receives over its rest area `Āₜ`:
//!
//! `tₜ = (1/Āₜ) Σ_{i ∈ t} (Āₜ/3) Fᵢ / A_c,i = (1/3) Σ_{i ∈ t} Fᵢ / A_c,i`  (Pa),
//!
//! the mean over its three nodes of the nodal traction `Fᵢ/A_c,i`. By construction
//! `Σₜ Āₜ tₜ = Σᵢ Fᵢ`: the tractions integrate to the cell's total contact force. The normal
//! component `tₜ·n̂ₜ` (outward normal) is minus the contact pressure. Rest areas are used
//! throughout, as the pressure laws use them.

use super::LocalContact;
use crate::math::Vec3;
use crate::model::Model;

/// The traction on every triangle of every cell of `model` (shells with a `cell`), in shell
/// order: `(shell index, tractions in triangle order)` (Pa), from `contacts` (a step's last
/// evaluation).
pub fn cell_tractions(model: &Model, contacts: &[LocalContact]) -> Vec<(usize, Vec<Vec3>)> {
    let shells = &model.bodies.shells;
    let cells: Vec<usize> = (0..shells.len())
        .filter(|&s| shells[s].cell.is_some())
        .collect();
    if cells.is_empty() {
        return Vec::new();
    }
    // The contact force on each node of each cell, found from a point's first DOF.
    let mut forces: Vec<Vec<Vec3>> = cells
        .iter()
        .map(|&s| vec![Vec3::zeros(); shells[s].n_nodes()])
        .collect();
    let node_of = |dof: usize| {
        cells.iter().enumerate().find_map(|(k, &s)| {
            let sh = &shells[s];
            let rel = dof.checked_sub(sh.offset)?;
            (rel < 3 * sh.n_nodes() && rel % 3 == 0).then_some((k, rel / 3))
        })
    };
    for lc in contacts.iter().filter(|c| c.active) {
        let mut slot = 0;
        for prim in [lc.key.first, lc.key.second] {
            let points = prim.point_dofs(model);
            for &dof in &points.dofs[..points.n] {
                if let Some((k, node)) = node_of(dof) {
                    forces[k][node] += lc.point_force(slot, dof);
                }
                slot += 1;
            }
        }
    }
    cells
        .iter()
        .zip(&forces)
        .map(|(&s, f)| {
            let sh = &shells[s];
            let share: Vec<f64> = (sh.topology.node_triangles.iter())
                .map(|ts| ts.iter().map(|&t| sh.rest_areas[t as usize] / 3.0).sum())
                .collect();
            let nodal = |i: u32| {
                let a = share[i as usize];
                if a > 0.0 {
                    f[i as usize] / a
                } else {
                    Vec3::zeros()
                }
            };
            let t = (sh.mesh.triangles.iter())
                .map(|tri| tri.iter().map(|&i| nodal(i)).sum::<Vec3>() / 3.0)
                .collect();
            (s, t)
        })
        .collect()
}
