//! The unbalanced-force ratio of a packing, the equilibrium measure of explicit DEM codes:
//!
//! ```text
//! R = ⟨‖F_i‖⟩_spheres / ⟨‖F_c‖⟩_contacts
//! ```
//!
//! `F_i` is the net force on sphere `i` (N) over its free translational coordinates from
//! everything but the resistance of a medium: its contacts, gravity and the other loads of
//! role `Work` or `Potential` (a `StokesDrag`, `ViscousDrag`, … of role `Drag` is left out).
//! `‖F_c‖` (N) is the magnitude of the force each active contact with a sphere transmits, walls
//! and bodies included. `R` is dimensionless: 0 in static equilibrium, and of order one while
//! grains fly.
//!
//! In the overdamped mode `F_i = γ v_i` (the drag balances it), so `R` is the mean speed of the
//! grains in units of the speed `⟨‖F_c‖⟩/γ` at which a typical contact force would drive one
//! through the medium; in the inertial modes `F_i = m_i a_i`. The same test thus says "at rest"
//! in both modes, independently of the medium's viscosity and of the load's magnitude — which
//! a speed threshold does not.

use crate::contact::LocalContact;
use crate::model::{Body, Model};

use super::contact_lines::sphere_contact_forces;

/// The unbalanced-force ratio `R` (see the module) of `model` with the contacts of its last
/// evaluation `contacts` and the non-contact, non-drag forces `loads` (N per DOF: elastic and
/// external), leaving out the spheres `k` with `skip_spheres[k]` (missing entries count as
/// `false`). `None` when no sphere is counted or no contact with a sphere is active (a ratio
/// of nothing).
pub fn unbalanced_force_ratio(
    model: &Model,
    contacts: &[LocalContact],
    loads: &[f64],
    skip_spheres: &[bool],
) -> Option<f64> {
    let transmitted = sphere_contact_forces(model, contacts);
    if transmitted.is_empty() {
        return None;
    }
    let mean_contact = transmitted.iter().sum::<f64>() / transmitted.len() as f64;
    let mut net = loads.to_vec();
    for c in contacts.iter().filter(|c| c.active) {
        for a in (0..12).filter(|&a| c.rows[a]) {
            net[c.dofs[a] as usize] += c.force[a];
        }
    }
    let (mut sum, mut count) = (0.0, 0usize);
    for (k, sphere) in model.bodies.spheres.iter().enumerate() {
        if skip_spheres.get(k).is_some_and(|&s| s) {
            continue;
        }
        let d = sphere.node_dof(0);
        let free: Vec<usize> = (d..d + 3)
            .filter(|&j| !model.dofs.is_constrained(j))
            .collect();
        if free.is_empty() {
            continue;
        }
        sum += free.iter().map(|&j| net[j] * net[j]).sum::<f64>().sqrt();
        count += 1;
    }
    (count > 0 && mean_contact > 0.0).then(|| sum / count as f64 / mean_contact)
}
