//! The CCD cap of a Newton step for barrier chains (IPC): the largest fraction `t ∈ [0, 1]`
//! of a step `q → q + t·dir` that
//!
//! 1. keeps every candidate pair's gap positive, by CCD on the chain resolver's own distance
//!    kernel ([`crate::contact::CcdKernel`]: additive CCD, or the exact bound against a plane);
//!    and
//! 2. keeps every point of the bound bodies within `R = (keep − reach)/2` of where it was at
//!    the start of the time step, so that pairs that were not candidates (gap > keep at `qₙ`)
//!    cannot come within the chain's reach (`d̂`) during the step: each side closes at most
//!    `R`, and `keep − 2R = reach`. Detection runs once per step; this bound is what makes a
//!    once-per-step candidate set complete for a barrier method.

use super::PairKey;
use crate::contact::ccd::{additive_ccd, plane_ccd};
use crate::contact::core::NO_DOF;
use crate::contact::element::CcdKernel;
use crate::contact::primitive::{BodyGroup, MAX_POINTS, PrimId};
use crate::math::Vec3;
use crate::model::Model;

/// Displacement of the points of `p` along `dir` (zero for constrained coordinates).
fn displacements(model: &Model, p: &PrimId, dir: &[f64]) -> [Vec3; MAX_POINTS] {
    let mut dofs = [NO_DOF; 3 * MAX_POINTS];
    let n = p.layout(model, &mut dofs);
    let mut out = [Vec3::zeros(); MAX_POINTS];
    for k in 0..n {
        for c in 0..3 {
            let d = dofs[3 * k + c];
            if d != NO_DOF {
                out[k][c] = dir[d as usize];
            }
        }
    }
    out
}

/// Largest safe `t ∈ [0, 1]` for one candidate pair of a chain with CCD kernel `kernel`.
pub(super) fn pair_step(
    model: &Model,
    q: &[f64],
    dir: &[f64],
    key: &PairKey,
    kernel: CcdKernel,
) -> f64 {
    let a = key.first.points(model, q);
    let ra = key.first.radius(model);
    let pa = displacements(model, &key.first, dir);
    match kernel {
        CcdKernel::Plane => {
            let Some((origin, normal)) = key.second.plane_geometry(model) else {
                return 1.0;
            };
            plane_ccd(a.as_slice(), &pa[..a.n], ra, &origin, &normal, 1.0)
        }
        CcdKernel::Distance(distance) => {
            let b = key.second.points(model, q);
            let rb = key.second.radius(model);
            let pb = displacements(model, &key.second, dir);
            additive_ccd(
                distance,
                a.as_slice(),
                &pa[..a.n],
                b.as_slice(),
                &pb[..b.n],
                ra + rb,
                1.0,
            )
        }
    }
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
pub(super) fn travel_step(
    model: &Model,
    group: &BodyGroup,
    q: &[f64],
    start: &[f64],
    dir: &[f64],
    r: f64,
) -> f64 {
    group
        .point_dofs(model)
        .into_iter()
        .map(|d| {
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
        })
        .fold(1.0, f64::min)
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
