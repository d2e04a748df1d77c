//! The virial stress of each sphere and cell from the pairs recorded by `Assemble_VirialStress`
//! (see [`crate::contact::AssembleVirialStress`]): `σ = (1/V) Σ_c sym(b_c ⊗ f_c)` (Pa, tension
//! positive) over the body's recorded contacts `c`, with `f_c` the contact force on the body
//! and `b_c` the branch vector from its centre to the contact — `r n̂` towards the other side
//! for a sphere of radius `r` and volume `4πr³/3` (mpacts' `−3/(4πr²) F₁₂ ⊗ n̂₁₂`), from the
//! centroid to the contact point for a cell of enclosed volume `V`.
//!
//! For a sphere in equilibrium under contacts alone, `V σ` is the sum over its contacts of
//! `r n̂ ⊗ f`; over a whole packing, `Σ_i V_i σ_i` equals `Σ_c ℓ_c ⊗ f_c` with the branch
//! vectors `ℓ_c` joining the two centres of each contact (Christoffersen, Mehrabadi &
//! Nemat-Nasser 1981), the bulk stress times the packing's volume.

use super::LocalContact;
use crate::contact::BodyId;
use crate::math::{Mat3, Vec3};
use crate::model::Model;

/// The virial stresses of a step (Pa, symmetric), indexed as the model's bodies.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct VirialStresses {
    /// Per sphere.
    pub spheres: Vec<Mat3>,
    /// Per shell: a cell's stress (zero for shells that are not cells, or without records).
    pub shells: Vec<Mat3>,
}

impl VirialStresses {
    /// The spheres' volume-weighted mean `Σ Vᵢσᵢ / Σ Vᵢ` (Pa); zero without spheres. Times the
    /// packing fraction of a region that holds them it is the region's mean stress.
    pub fn spheres_mean(&self, model: &Model) -> Mat3 {
        let volume = |i: usize| model.bodies.spheres[i].radius.powi(3);
        let (mut sum, mut total) = (Mat3::zeros(), 0.0);
        for (i, s) in self.spheres.iter().enumerate() {
            sum += s * volume(i);
            total += volume(i);
        }
        if total > 0.0 { sum / total } else { sum }
    }
}

/// The stresses of the spheres and cells of `model` at `q` from the recorded pairs among
/// `contacts` (the last evaluation of a step).
pub fn virial_stresses(model: &Model, q: &[f64], contacts: &[LocalContact]) -> VirialStresses {
    let bodies = &model.bodies;
    let mut w_sphere = vec![Mat3::zeros(); bodies.spheres.len()];
    let mut w_shell = vec![Mat3::zeros(); bodies.shells.len()];
    let centroids: Vec<Option<Vec3>> = (bodies.shells.iter())
        .map(|s| s.cell.as_ref().map(|_| s.centroid(q)))
        .collect();
    for lc in contacts.iter().filter(|c| c.active) {
        let Some(r) = lc.virial.as_deref() else {
            continue;
        };
        for (side, prim) in [lc.key.first, lc.key.second].into_iter().enumerate() {
            if side == 0 && !r.first_side {
                continue;
            }
            // Side 1 receives −F₁₂ and its branch points along n̂; side 2 the opposite.
            let (f, towards) = if side == 0 {
                (-r.force, r.normal)
            } else {
                (r.force, -r.normal)
            };
            match prim.body() {
                BodyId::Sphere(i) => {
                    let i = i as usize;
                    w_sphere[i] += towards * bodies.spheres[i].radius * f.transpose();
                }
                BodyId::Shell(s) => {
                    if let Some(c) = centroids[s as usize] {
                        w_shell[s as usize] += (r.point - c) * f.transpose();
                    }
                }
                _ => {}
            }
        }
    }
    let sym = |w: &Mat3| (w + w.transpose()) * 0.5;
    VirialStresses {
        spheres: (w_sphere.iter().zip(&bodies.spheres))
            .map(|(w, s)| sym(w) / (4.0 / 3.0 * std::f64::consts::PI * s.radius.powi(3)))
            .collect(),
        shells: (w_shell.iter().zip(&bodies.shells))
            .map(|(w, s)| match s.cell_measures(q) {
                Some(m) if m.volume > 0.0 => sym(w) / m.volume,
                _ => Mat3::zeros(),
            })
            .collect(),
    }
}
