//! The contact area of each body from the pairs recorded by `Assemble_ContactArea_1`/`_2`
//! (see [`crate::contact::AssembleContactArea1`]): `A_b = Σ_c A_c` (m²) over the recorded
//! pairs `c` of body `b` on the sides the chain names.

use super::LocalContact;
use crate::contact::BodyId;
use crate::model::Model;

/// The contact areas of a step (m²), indexed as the model's bodies.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ContactAreas {
    /// Per rod.
    pub rods: Vec<f64>,
    /// Per sphere.
    pub spheres: Vec<f64>,
    /// Per shell (cell).
    pub shells: Vec<f64>,
    /// Per rigid body.
    pub rigid: Vec<f64>,
}

/// The contact areas of the bodies of `model` from the recorded pairs among `contacts` (the
/// last evaluation of a step); planes have none.
pub fn contact_areas(model: &Model, contacts: &[LocalContact]) -> ContactAreas {
    let b = &model.bodies;
    let mut out = ContactAreas {
        rods: vec![0.0; b.rods.len()],
        spheres: vec![0.0; b.spheres.len()],
        shells: vec![0.0; b.shells.len()],
        rigid: vec![0.0; b.rigid.len()],
    };
    for lc in contacts.iter().filter(|c| c.active) {
        let Some(r) = lc.contact_area.as_deref() else {
            continue;
        };
        for (side, prim) in [lc.key.first, lc.key.second].into_iter().enumerate() {
            if !r.sides[side] {
                continue;
            }
            let slot = match prim.body() {
                BodyId::Rod(i) => &mut out.rods[i as usize],
                BodyId::Sphere(i) => &mut out.spheres[i as usize],
                BodyId::Shell(i) => &mut out.shells[i as usize],
                BodyId::Rigid(i) => &mut out.rigid[i as usize],
                BodyId::Plane(_) => continue,
            };
            *slot += r.area;
        }
    }
    out
}
