//! The CCD cap of a Newton step for barrier chains (IPC): the largest fraction `t ∈ [0, 1]`
//! of a step `q → q + t·dir` that
//!
//! 1. keeps every candidate pair's gap positive, by additive CCD ([`super::ccd`]); and
//! 2. keeps every point of the bound bodies within `R = (keep − reach)/2` of where it was at
//!    the start of the time step, so that pairs that were not candidates (gap > keep at `qₙ`)
//!    cannot come within the chain's reach (`d̂`) during the step: each side closes at most
//!    `R`, and `keep − 2R = reach`. Detection runs once per step; this bound is what makes a
//!    once-per-step candidate set complete for a barrier method.

use super::binding::{BodyGroup, prim_dofs, shape};
use super::ccd::{additive_ccd, plane_ccd};
use super::ctx::NO_DOF;
use super::history::{PairKey, Primitive};
use crate::math::Vec3;
use crate::model::Model;

/// Displacement of the points of `p` along `dir` (zero for constrained coordinates).
fn displacements(model: &Model, p: &Primitive, dir: &[f64]) -> [Vec3; 2] {
    let mut dofs = Vec::with_capacity(6);
    prim_dofs(model, p, &mut dofs);
    let mut out = [Vec3::zeros(); 2];
    for (k, chunk) in dofs.chunks(3).enumerate() {
        for c in 0..3 {
            if chunk[c] != NO_DOF {
                out[k][c] = dir[chunk[c] as usize];
            }
        }
    }
    out
}

/// Largest safe `t ∈ [0, 1]` for one candidate pair.
pub(crate) fn pair_step(model: &Model, q: &[f64], dir: &[f64], key: &PairKey) -> f64 {
    let (xa, na, ra) = shape(model, q, &key.first);
    let pa = displacements(model, &key.first, dir);
    if let Primitive::Plane { index } = key.second {
        let pl = &model.planes[index as usize];
        return plane_ccd(&xa[..na], &pa[..na], ra, &pl.origin, &pl.normal, 1.0);
    }
    let (xb, nb, rb) = shape(model, q, &key.second);
    let pb = displacements(model, &key.second, dir);
    additive_ccd(&xa[..na], &pa[..na], &xb[..nb], &pb[..nb], ra + rb, 1.0)
}

/// Largest `t ∈ [0, 1]` with `‖a + t b‖ ≤ r`, given `‖a‖ ≤ r` (0 when already outside).
fn travel(a: &Vec3, b: &Vec3, r: f64) -> f64 {
    if (a + b).norm() <= r {
        return 1.0;
    }
    let (aa, ab, bb) = (a.dot(a), a.dot(b), b.dot(b));
    let disc = ab * ab - bb * (aa - r * r);
    if disc < 0.0 || aa > r * r {
        return 0.0;
    }
    ((-ab + disc.sqrt()) / bb).clamp(0.0, 1.0)
}

/// Largest `t ∈ [0, 1]` keeping every point of `group` within `r` of its position in `start`.
pub(crate) fn travel_step(
    model: &Model,
    group: &BodyGroup,
    q: &[f64],
    start: &[f64],
    dir: &[f64],
    r: f64,
) -> f64 {
    let point = |d: usize| -> f64 {
        let a = Vec3::new(
            q[d] - start[d],
            q[d + 1] - start[d + 1],
            q[d + 2] - start[d + 2],
        );
        let b = Vec3::new(dir[d], dir[d + 1], dir[d + 2]);
        if b == Vec3::zeros() {
            1.0
        } else {
            travel(&a, &b, r)
        }
    };
    match group {
        BodyGroup::Rods(rods) => rods
            .iter()
            .flat_map(|&i| {
                let rod = &model.rods[i];
                (0..rod.n_nodes).map(move |n| rod.node_dof(n))
            })
            .map(point)
            .fold(1.0, f64::min),
        BodyGroup::Spheres(s) => s
            .iter()
            .map(|&i| point(model.spheres[i].offset))
            .fold(1.0, f64::min),
        BodyGroup::Planes(_) => 1.0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn travel_stops_on_the_sphere_of_radius_r() {
        let a = Vec3::new(0.5, 0.0, 0.0);
        let b = Vec3::new(2.0, 0.0, 0.0);
        let t = travel(&a, &b, 1.0);
        assert!((t - 0.25).abs() < 1e-15);
        assert_eq!(travel(&a, &Vec3::new(0.1, 0.0, 0.0), 1.0), 1.0);
        let t = travel(&Vec3::zeros(), &Vec3::new(0.0, 3.0, 4.0), 1.0);
        assert!((t - 0.2).abs() < 1e-15);
    }
}
